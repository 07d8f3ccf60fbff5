"""A game rebuilt from its stored log, cached per process and kept in step with the log.

The log holds two kinds of rows: ``action`` (an action's JSON) and ``undo`` (take back the
last ``count`` actions still standing). Rows are never changed or deleted, so history is
never rewritten; replaying the rows in order gives the game.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any

from transcon.core.game import Game
from transcon.core.title import Action


@dataclass(frozen=True, slots=True)
class LogRow:
    seq: int
    kind: str  # "action" or "undo"
    player: str
    data: dict[str, Any]
    revealing: bool


@dataclass
class LiveGame:
    """One game in memory: the engine game and the log rows it was built from."""

    game: Game[Any]
    rows: list[LogRow] = field(default_factory=list)
    #: For each row, the position of its action in ``game.log`` (None: an undo, or undone).
    positions: list[int | None] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def seq(self) -> int:
        return self.rows[-1].seq if self.rows else 0

    def add(self, row: LogRow) -> None:
        """Apply one stored row (full validation: the log is re-checked, never trusted)."""
        if row.kind == "undo":
            count = int(row.data["count"])
            self.game.undo(count)
            self._forget_last(count)
            self.positions.append(None)
        else:
            self.game.apply(self.game.title.action_from_json(row.data))
            self.positions.append(len(self.game.log) - 1)
        self.rows.append(row)

    def record(self, row: LogRow, position: int | None) -> None:
        """Note a row whose effect was already applied to ``game``."""
        self.rows.append(row)
        self.positions.append(position)

    def forget_undone(self, count: int) -> None:
        self._forget_last(count)

    def _forget_last(self, count: int) -> None:
        for i in range(len(self.positions) - 1, -1, -1):
            if count == 0:
                break
            if self.positions[i] is not None:
                self.positions[i] = None
                count -= 1

    def action_of(self, index: int) -> Action | None:
        """The action of row ``index`` (0-based) if it still stands."""
        position = self.positions[index]
        return None if position is None else self.game.log[position]

    def standing_rows(self) -> list[int]:
        """Indexes of the rows whose actions still stand, in log order."""
        return [i for i, p in enumerate(self.positions) if p is not None]


def row_from_db(row: Any) -> LogRow:
    return LogRow(int(row.seq), row.kind, row.player, json.loads(row.data), bool(row.revealing))
