"""Earlier positions of a game (the replay scrubber) and its timeline (values over time).

Both replay the stored log rows from the start with full validation, exactly as the store
rebuilds a game. A position after row N never changes (rows are only appended), so replayed
positions are kept in a small cache per app; a timeline is kept per last row and viewer.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from transcon.core.game import Game
from transcon.core.title import Setup, Title
from transcon.server.replay import LiveGame, LogRow

#: Replayed positions kept per app (an 1870 position is a few hundred kB).
MAX_POSITIONS = 8
#: Timelines kept per app.
MAX_TIMELINES = 32


@dataclass(frozen=True, slots=True)
class Origin:
    """What a game is replayed from: its title, setup and log rows (a copy)."""

    game_id: int
    title: Title[Any]
    setup: Setup
    rows: tuple[LogRow, ...]

    @classmethod
    def of(cls, game_id: int, live: LiveGame) -> Origin:
        game = live.game
        return cls(game_id, game.title, game.setup, tuple(live.rows))

    def fresh(self) -> LiveGame:
        return LiveGame(Game(self.title, self.setup))


class _Lru:
    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[Any, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: Any, value: Any) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


class History:
    """The cache of replayed positions and timelines of one app."""

    def __init__(self) -> None:
        self._positions = _Lru(MAX_POSITIONS)
        self._timelines = _Lru(MAX_TIMELINES)

    def position(self, origin: Origin, at: int) -> Game[Any]:
        """The game after its first ``at`` log rows (read it, never change it)."""
        key = (origin.game_id, at)
        found: Game[Any] | None = self._positions.get(key)
        if found is None:
            live = origin.fresh()
            for row in origin.rows[:at]:
                live.add(row)
            found = live.game
            self._positions.put(key, found)
        return found

    def timeline(self, origin: Origin, viewer: str) -> dict[str, Any]:
        """Each player's value after each log row (one replay pass), with round markers."""
        key = (origin.game_id, len(origin.rows), viewer)
        found: dict[str, Any] | None = self._timelines.get(key)
        if found is None:
            found = _timeline(origin, viewer)
            self._timelines.put(key, found)
        return found


def _timeline(origin: Origin, viewer: str) -> dict[str, Any]:
    live = origin.fresh()
    game = live.game
    points = [_point(game, 0, viewer, None)]
    last_round = points[0]["round"]
    for row in origin.rows:
        live.add(row)
        point = _point(game, row.seq, viewer, last_round)
        if point["round"] is not None:
            last_round = point["round"]
        points.append(point)
    return {"players": list(game.players), "points": points}


def _point(game: Game[Any], seq: int, viewer: str, last_round: str | None) -> dict[str, Any]:
    title, state = game.title, game.state
    now = title.round_label(state)
    values = title.timeline_values(state, viewer)
    return {
        "seq": seq,
        "round": now if now != last_round else None,
        "values": {player: _number(value) for player, value in values.items()},
    }


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(float(value), 3)
