"""Games on the database: the log is the truth, memory only a cache that follows it.

Every change to a game runs in one transaction that holds the game's lock (PostgreSQL: the
game's row, ``SELECT ... FOR UPDATE``; SQLite: ``BEGIN IMMEDIATE``, one writer at a time),
plus a per-process lock so threads of one process queue up before touching the database.
Inside it the cached game is brought up to the log (rows it has not seen are replayed with
full validation; a cache ahead of the log is thrown away), the request is checked against
the sequence number the client saw, the engine validates and applies, the row is inserted
and the transaction commits. Only then are listeners (live updates, bots, notifications)
told.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, text, update

from transcon import __version__
from transcon.core.errors import IllegalAction, InputError, TransconError
from transcon.core.game import Game
from transcon.core.options import stored_options
from transcon.core.registry import get_title
from transcon.core.savefile import digest_matches
from transcon.core.title import PUBLIC, Action, Title
from transcon.server.db import actions, games, is_postgres, seats, writing
from transcon.server.errors import ApiError, conflict, forbidden, not_found
from transcon.server.replay import LiveGame, LogRow, row_from_db

#: The PostgreSQL channel every process listens on: payload ``"<game id>:<seq>"``.
CHANNEL = "transcon_game"

Listener = Callable[[int, int], None]


class GameBroken(Exception):
    """Raised inside a game's transaction when its log does not replay as recorded."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Actor:
    """Who sends a request: a signed-in user, or the server's bot for a seat."""

    user_id: int | None = None
    bot_seat: str | None = None


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot to move: a private copy of the game to think on, and the position's number."""

    player: str
    bot: str
    game: Game[Any]
    seq: int
    seed: int


@dataclass(frozen=True, slots=True)
class Accepted:
    seq: int
    player: str
    text: str


class GameStore:
    """The games of one database, as seen by one server process."""

    def __init__(
        self,
        engine: Engine,
        titles: Callable[[str], Title[Any]] = get_title,
        reader: Engine | None = None,
    ) -> None:
        self.engine = engine
        #: For transactions that only read (SQLite: they need not queue behind writers).
        self.reader = reader or engine
        self.titles = titles
        self.postgres = is_postgres(engine)
        self.listeners: list[Listener] = []
        self._cache: dict[int, LiveGame] = {}
        self._locks: dict[int, threading.Lock] = {}
        self._locks_guard = threading.Lock()

    # -- locking and the cache -------------------------------------------------------------

    def _process_lock(self, game_id: int) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(game_id, threading.Lock())

    @contextmanager
    def locked(self, game_id: int, *, write: bool = True) -> Iterator[tuple[Connection, Any]]:
        """A transaction holding the game's lock; yields the connection and the game's row.

        If anything fails after the cached game changed, the cache is dropped (the next
        request rebuilds from the log), so memory never runs ahead of the database. With
        ``write=False`` only this process's lock is held (a read of the log's snapshot).
        """
        with self._process_lock(game_id):
            try:
                with writing(self.engine) if write else self.reader.begin() as conn:
                    query = select(games).where(games.c.id == game_id)
                    if self.postgres and write:
                        query = query.with_for_update()
                    meta = conn.execute(query).first()
                    if meta is None:
                        raise not_found(f"game {game_id}")
                    yield conn, meta
            except GameBroken as err:
                self._cache.pop(game_id, None)
                with writing(self.engine) as conn:  # recorded after the rollback above
                    conn.execute(
                        update(games)
                        .where(games.c.id == game_id)
                        .values(status="broken", problem=err.problem)
                    )
                raise conflict(
                    "game_broken", f"this game cannot be replayed: {err.problem}"
                ) from None
            except BaseException:
                self._cache.pop(game_id, None)
                raise

    def notify(self, conn: Connection, game_id: int, seq: int) -> None:
        """Tell other processes (PostgreSQL NOTIFY is delivered at commit, never before)."""
        if self.postgres:
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{game_id}:{seq}"})

    def committed(self, game_id: int, seq: int) -> None:
        for listener in self.listeners:
            listener(game_id, seq)

    def live(self, conn: Connection, meta: Any) -> LiveGame:
        """The cached game brought up to the log (caller holds the game's lock)."""
        if meta.status == "open":
            raise conflict("not_started", "the game has not started (seats are still open)")
        if meta.status == "broken":
            raise conflict("game_broken", f"this game cannot be replayed: {meta.problem}")
        cached = self._cache.get(meta.id)
        if cached is not None and cached.seq > meta.last_seq:
            cached = None  # memory ahead of the log: the log wins
        if cached is None:
            cached = self._rebuild(conn, meta)
        elif cached.seq < meta.last_seq:
            for row in conn.execute(
                select(actions)
                .where(actions.c.game_id == meta.id, actions.c.seq > cached.seq)
                .order_by(actions.c.seq)
            ):
                cached.add(row_from_db(row))
        self._cache[meta.id] = cached
        return cached

    def _rebuild(self, conn: Connection, meta: Any) -> LiveGame:
        title = self.titles(meta.title)
        options = stored_options(title.options, json.loads(meta.options))
        game = Game.new(title, json.loads(meta.players), options, meta.seed)
        live = LiveGame(game)
        rows = conn.execute(
            select(actions).where(actions.c.game_id == meta.id).order_by(actions.c.seq)
        )
        try:
            for row in rows:
                live.add(row_from_db(row))
        except TransconError as err:
            self._break(meta.id, f"replay failed at action {live.seq + 1}: {err}", meta)
        if meta.digest and not digest_matches(game, meta.digest):
            self._break(meta.id, "today's engine replays the log to a different state", meta)
        return live

    def _break(self, game_id: int, why: str, meta: Any) -> None:
        """A game whose log no longer replays as it did: never silently go on with it."""
        raise GameBroken(
            f"{why} (game created with transcon {meta.engine_version}, "
            f"this server runs {__version__})"
        )

    # -- seats -----------------------------------------------------------------------------

    def seat_rows(self, conn: Connection, game_id: int) -> list[Any]:
        return list(
            conn.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat))
        )

    def seat_of(self, conn: Connection, game_id: int, actor: Actor) -> str | None:
        """The player name the actor plays in this game (None: not seated)."""
        for row in self.seat_rows(conn, game_id):
            if actor.bot_seat is not None and row.bot and row.name == actor.bot_seat:
                return str(row.name)
            if actor.user_id is not None and row.user_id == actor.user_id and not row.bot:
                return str(row.name)
        return None

    # -- acting ----------------------------------------------------------------------------

    def submit(
        self,
        game_id: int,
        actor: Actor,
        after: int,
        notation: str | None = None,
        data: dict[str, Any] | None = None,
    ) -> Accepted:
        """Validate and log one action; ``after`` is the last sequence number the client saw."""
        with self.locked(game_id) as (conn, meta):
            live = self.live(conn, meta)
            player = self.seat_of(conn, game_id, actor)
            if player is None:
                raise forbidden("not_seated", "you have no seat in this game")
            self.check_fresh(live, meta, after, player)
            game = live.game
            action = self._parse(game, player, notation, data)
            rng_before = game.rng.get_state()
            try:
                events = game.apply(action)
            except IllegalAction as err:
                raise ApiError(422, "illegal_action", str(err), rule=err.rule) from None
            except InputError as err:
                raise ApiError(400, "bad_action", str(err)) from None
            revealing = game.rng.get_state() != rng_before or any(
                event.audience is not None for event in events
            )
            row = LogRow(
                meta.last_seq + 1, "action", player, game.title.action_to_json(action), revealing
            )
            live.record(row, len(game.log) - 1)
            self.write_row(conn, meta, live, row, actor)
            reply = Accepted(row.seq, player, game.format_for(action, player))
        self.committed(game_id, reply.seq)
        return reply

    def check_fresh(self, live: LiveGame, meta: Any, after: int, player: str) -> None:
        if after != meta.last_seq:
            raise conflict(
                "game_moved_on",
                f"the game moved on: you saw action {after}, the game is at {meta.last_seq}",
                seq=meta.last_seq,
                status=live.game.status_for(player),
            )

    def _parse(
        self, game: Game[Any], player: str, notation: str | None, data: dict[str, Any] | None
    ) -> Action:
        if (notation is None) == (data is None):
            raise ApiError(400, "bad_action", "send exactly one of 'action' (text) or 'json'")
        try:
            if notation is not None:
                return game.parse(notation, player)
            assert data is not None
            action = game.title.action_from_json(data)
        except IllegalAction as err:
            raise ApiError(422, "illegal_action", str(err), rule=err.rule) from None
        except InputError as err:
            raise ApiError(400, "bad_action", str(err)) from None
        if action.player != player:
            raise forbidden("not_your_seat", f"you play {player}, not {action.player}")
        return action

    def write_row(
        self, conn: Connection, meta: Any, live: LiveGame, row: LogRow, actor: Actor
    ) -> None:
        """Insert a log row and update the game's derived columns (same transaction)."""
        game = live.game
        now = time.time()
        conn.execute(
            insert(actions).values(
                game_id=meta.id,
                seq=row.seq,
                kind=row.kind,
                data=json.dumps(row.data, separators=(",", ":")),
                player=row.player,
                user_id=actor.user_id,
                revealing=row.revealing,
                created_at=now,
            )
        )
        conn.execute(
            update(games)
            .where(games.c.id == meta.id)
            .values(
                last_seq=row.seq,
                digest=game.state_digest(),
                status="finished" if game.is_over() else "active",
                to_move=json.dumps(game.current_players()),
                pending_undo=None,
                updated_at=now,
            )
        )
        if actor.user_id is not None:
            self.mark_seen(conn, meta.id, row.player, row.seq)
        self.notify(conn, meta.id, row.seq)

    def mark_seen(self, conn: Connection, game_id: int, player: str, seq: int) -> None:
        conn.execute(
            update(seats)
            .where(seats.c.game_id == game_id, seats.c.name == player, seats.c.seen_seq < seq)
            .values(seen_seq=seq)
        )

    def bot_turn(self, game_id: int) -> BotTurn | None:
        """A bot seat that may act now, if any."""
        with self.locked(game_id, write=False) as (conn, meta):
            if meta.status != "active":
                return None
            live = self.live(conn, meta)
            bots = {row.name: row.bot for row in self.seat_rows(conn, game_id) if row.bot}
            for player in live.game.current_players():
                if player in bots:
                    return BotTurn(
                        player, bots[player], live.game.clone(), meta.last_seq, meta.seed
                    )
        return None

    def games_with_bots_to_move(self) -> list[int]:
        """Running games with a bot seat (their bots may have been due at the last stop)."""
        with self.reader.begin() as conn:
            query = (
                select(games.c.id)
                .where(games.c.status == "active")
                .where(games.c.id.in_(select(seats.c.game_id).where(seats.c.bot.is_not(None))))
            )
            return [int(game_id) for (game_id,) in conn.execute(query)]

    # -- reading ---------------------------------------------------------------------------

    def viewer_of(self, conn: Connection, game_id: int, user_id: int | None) -> str:
        """The viewer a user reads the game as: their seat's player, else a spectator."""
        if user_id is None:
            return PUBLIC
        return self.seat_of(conn, game_id, Actor(user_id=user_id)) or PUBLIC

    def entries(self, live: LiveGame, viewer: str, since: int) -> list[dict[str, Any]]:
        """Log rows after ``since`` as ``viewer`` may read them (never another's secret)."""
        found = []
        for index in range(len(live.rows) - 1, -1, -1):
            row = live.rows[index]
            if row.seq <= since:
                break
            found.append(self._entry(live, index, row, viewer))
        found.reverse()
        return found

    def _entry(self, live: LiveGame, index: int, row: LogRow, viewer: str) -> dict[str, Any]:
        game = live.game
        entry: dict[str, Any] = {"seq": row.seq, "kind": row.kind, "player": row.player}
        if row.kind == "undo":
            count = row.data["count"]
            entry["text"] = f"{row.player} takes back {count} action{'s' * (count != 1)}"
            entry["events"] = []
            return entry
        position = live.positions[index]
        if position is None:
            # Taken back: its content may have been secret, so only its author reads it.
            if viewer == row.player:
                action = game.title.action_from_json(row.data)
                entry["text"] = f"{game.format(action)} (taken back)"
            else:
                entry["text"] = "(taken back)"
            entry["events"] = []
            return entry
        entry["text"] = game.format_for(game.log[position], viewer)
        entry["events"] = [event.text for event in game.events_for(position, viewer)]
        return entry
