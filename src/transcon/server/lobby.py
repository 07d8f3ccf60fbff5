"""Creating, joining, listing and reading games; export and import of the save format."""

from __future__ import annotations

import json
import secrets
import time
from typing import Any, Literal

from sqlalchemy import Connection, insert, or_, select, update

from transcon import __version__
from transcon.core.bots import available_bots
from transcon.core.errors import InputError, SaveFileError
from transcon.core.game import Game, check_players
from transcon.core.options import resolve_options, stored_options
from transcon.core.savefile import game_record, parse_record, saved_state_matches
from transcon.core.title import PUBLIC, Title
from transcon.server.db import actions, games, seats, writing
from transcon.server.errors import bad_request, conflict, forbidden
from transcon.server.store import Actor, GameStore

UNDO_POLICIES = ("off", "own-turn", "with-consent")
GameFilter = Literal["all", "mine", "my-turn", "open", "finished"]
#: The most log entries one read returns (ask again with ``since`` for more).
MAX_ENTRIES = 200


def bot_name(index: int) -> str:
    """Bot seats are called "Bot 1", "Bot 2": a space, so no user name can clash."""
    return f"Bot {index}"


def _title(store: GameStore, name: str) -> Title[Any]:
    try:
        return store.titles(name)
    except InputError as err:
        raise bad_request("unknown_title", str(err)) from None


def create_game(
    store: GameStore,
    user_id: int,
    user_name: str,
    title_name: str,
    seat_count: int,
    options: dict[str, Any],
    bots: list[str],
    invite_only: bool,
    undo_policy: str,
) -> int:
    """A new game with the creator in seat 1 and bots in the last seats; starts when full."""
    title = _title(store, title_name)
    if not title.min_players <= seat_count <= title.max_players:
        raise bad_request(
            "bad_seats",
            f"{title.display_name} needs {title.min_players}-{title.max_players} players",
        )
    if len(bots) >= seat_count:
        raise bad_request("bad_seats", "at least one seat must be yours")
    known = available_bots(title)
    for bot in bots:
        if bot not in known:
            raise bad_request("unknown_bot", f"unknown bot {bot!r} (bots: {', '.join(known)})")
    if undo_policy not in UNDO_POLICIES:
        raise bad_request("bad_undo_policy", f"undo policy is one of {', '.join(UNDO_POLICIES)}")
    try:
        resolved = resolve_options(
            title.options, options, title=title.name, retired=title.retired_options
        )
    except InputError as err:
        raise bad_request("bad_options", str(err)) from None
    now = time.time()
    with writing(store.engine) as conn:
        game_id = int(
            conn.execute(
                insert(games).values(
                    title=title.name,
                    options=json.dumps(resolved),
                    seed=secrets.randbelow(2**62),
                    seat_count=seat_count,
                    status="open",
                    engine_version=__version__,
                    created_by=user_id,
                    invite_only=invite_only,
                    invite_code=secrets.token_urlsafe(12),
                    undo_policy=undo_policy,
                    last_seq=0,
                    created_at=now,
                    updated_at=now,
                )
            ).inserted_primary_key[0]  # type: ignore[index]
        )
        first_bot = seat_count - len(bots)
        for seat in range(seat_count):
            seat_bot = bots[seat - first_bot] if seat >= first_bot else None
            conn.execute(
                insert(seats).values(
                    game_id=game_id,
                    seat=seat,
                    name=bot_name(seat - first_bot + 1)
                    if seat_bot
                    else (user_name if seat == 0 else None),
                    user_id=user_id if seat == 0 else None,
                    bot=seat_bot,
                    seen_seq=0,
                    notified_seq=0,
                    notify_webhook=True,
                    notify_email=True,
                )
            )
        started = _start_if_full(store, conn, game_id)
    if started:
        store.committed(game_id, 0)
    return game_id


def join_game(
    store: GameStore, user_id: int, user_name: str, game_id: int, invite: str | None
) -> None:
    with store.locked(game_id) as (conn, meta):
        rows = store.seat_rows(conn, game_id)
        if any(row.user_id == user_id for row in rows):
            raise conflict("already_seated", "you already have a seat in this game")
        if meta.invite_only and not (invite and secrets.compare_digest(invite, meta.invite_code)):
            raise forbidden("invite_only", "this game is by invitation: use its join link")
        if meta.status != "open":
            raise conflict("game_full", "this game has no open seat")
        free = next((row for row in rows if row.user_id is None and not row.bot), None)
        if free is None:
            raise conflict("game_full", "this game has no open seat")
        if free.name is None and any(row.name == user_name for row in rows):
            raise conflict("name_taken", f"a seat in this game is already called {user_name}")
        conn.execute(
            update(seats)
            .where(seats.c.game_id == game_id, seats.c.seat == free.seat)
            .values(user_id=user_id, name=free.name or user_name)  # imported seats keep theirs
        )
        started = _start_if_full(store, conn, game_id)
    if started:
        store.committed(game_id, 0)


def _start_if_full(store: GameStore, conn: Connection, game_id: int) -> bool:
    rows = store.seat_rows(conn, game_id)
    if any(row.user_id is None and not row.bot for row in rows):
        return False
    meta = conn.execute(select(games).where(games.c.id == game_id)).one()
    if meta.players is not None:  # imported: the log and its derived columns are there
        over = not json.loads(meta.to_move)
        conn.execute(
            update(games)
            .where(games.c.id == game_id)
            .values(status="finished" if over else "active", updated_at=time.time())
        )
        store.notify(conn, game_id, meta.last_seq)
        return True
    title = store.titles(meta.title)
    players = check_players(title, [row.name for row in rows])
    game = Game.new(
        title, players, stored_options(title.options, json.loads(meta.options)), meta.seed
    )
    conn.execute(
        update(games)
        .where(games.c.id == game_id)
        .values(
            status="finished" if game.is_over() else "active",
            players=json.dumps(list(players)),
            digest=game.state_digest(),
            to_move=json.dumps(game.current_players()),
            updated_at=time.time(),
        )
    )
    store.notify(conn, game_id, 0)
    return True


def summary(meta: Any, rows: list[Any], user_id: int | None) -> dict[str, Any]:
    """What a game list shows; the invite code only to the people seated."""
    seated = user_id is not None and any(row.user_id == user_id for row in rows)
    to_move = json.loads(meta.to_move) if meta.to_move else []
    you = next((row.name for row in rows if user_id is not None and row.user_id == user_id), None)
    return {
        "id": meta.id,
        "title": meta.title,
        "status": meta.status,
        "seq": meta.last_seq,
        "options": json.loads(meta.options),
        "seats": [
            {
                "seat": row.seat + 1,
                "name": row.name,
                "bot": row.bot,
                "open": row.user_id is None and not row.bot,
            }
            for row in rows
        ],
        "you": you,
        "your_turn": you is not None and you in to_move and meta.status == "active",
        "to_move": to_move,
        "invite_only": meta.invite_only,
        "invite_code": meta.invite_code if seated else None,
        "undo_policy": meta.undo_policy,
        "engine_version": meta.engine_version,
        "problem": meta.problem,
        "updated_at": meta.updated_at,
    }


def list_games(
    store: GameStore, user_id: int | None, which: GameFilter, limit: int
) -> list[dict[str, Any]]:
    query = select(games).order_by(games.c.updated_at.desc()).limit(limit)
    if which in ("mine", "my-turn"):
        if user_id is None:
            return []
        mine = select(seats.c.game_id).where(seats.c.user_id == user_id)
        query = query.where(games.c.id.in_(mine))
        if which == "my-turn":
            query = query.where(games.c.status == "active")
    elif which == "open":
        query = query.where(games.c.status == "open", games.c.invite_only.is_(False))
    elif which == "finished":
        query = query.where(games.c.status == "finished")
    else:
        query = query.where(or_(games.c.invite_only.is_(False), games.c.status != "open"))
    with store.reader.begin() as conn:
        found = [
            summary(meta, store.seat_rows(conn, meta.id), user_id) for meta in conn.execute(query)
        ]
    if which == "my-turn":
        found = [game for game in found if game["your_turn"]]
    return found


def game_state(
    store: GameStore,
    game_id: int,
    user_id: int | None,
    since: int,
    *,
    seen: bool = True,
) -> dict[str, Any]:
    """A game as the caller may see it: their seat's view, or a spectator's.

    ``seen`` records that the seat has seen the game up to now (what notifications go by).
    """
    with store.locked(game_id, write=False) as (conn, meta):
        rows = store.seat_rows(conn, game_id)
        data = summary(meta, rows, user_id)
        if meta.status in ("open", "broken"):
            return data
        live = store.live(conn, meta)
        viewer = store.viewer_of(conn, game_id, user_id)
        game = live.game
        data["viewer"] = None if viewer == PUBLIC else viewer
        data["status_text"] = game.status_for(viewer)
        data["view"] = game.view(viewer)
        data["log"] = store.entries(live, viewer, max(since, meta.last_seq - MAX_ENTRIES))
        data["over"] = game.is_over()
        data["result"] = {p: str(s) for p, s in game.result().items()} if game.is_over() else None
        data["pending_undo"] = json.loads(meta.pending_undo) if meta.pending_undo else None
        unseen = any(row.name == viewer and row.seen_seq < meta.last_seq for row in rows)
    if seen and unseen:
        with writing(store.engine) as conn:
            store.mark_seen(conn, game_id, viewer, meta.last_seq)
    return data


def news(store: GameStore, game_id: int, user_id: int | None, since: int) -> dict[str, Any]:
    """What a live stream sends: the log rows after ``since`` as the caller may read them and
    whose move it is (a read of the log's snapshot; takes no database lock)."""
    with store.locked(game_id, write=False) as (conn, meta):
        data: dict[str, Any] = {
            "seq": meta.last_seq,
            "status": meta.status,
            "to_move": json.loads(meta.to_move) if meta.to_move else [],
            "pending_undo": json.loads(meta.pending_undo) if meta.pending_undo else None,
            "log": [],
        }
        if meta.status in ("active", "finished"):
            live = store.live(conn, meta)
            data["log"] = store.entries(live, store.viewer_of(conn, game_id, user_id), since)
        return data


def legal_actions(store: GameStore, game_id: int, user_id: int, limit: int) -> dict[str, Any]:
    with store.locked(game_id, write=False) as (conn, meta):
        live = store.live(conn, meta)
        player = store.seat_of(conn, game_id, Actor(user_id=user_id))
        if player is None:
            raise forbidden("not_seated", "you have no seat in this game")
        game = live.game
        found = game.legal_actions(player) if player in game.current_players() else []
        return {
            "seq": meta.last_seq,
            "player": player,
            "count": len(found),
            "actions": [game.format(action) for action in found[:limit]],
            "notation": game.title.notation,
        }


def export_game(store: GameStore, game_id: int) -> dict[str, Any]:
    """The save-file record of a finished game (before the end it would show secrets)."""
    with store.locked(game_id) as (conn, meta):
        if meta.status != "finished":
            raise conflict(
                "not_finished", "a game is exported once it is over (its log holds secrets)"
            )
        return game_record(store.live(conn, meta).game)


def import_game(
    store: GameStore, user_id: int, record: Any, bots: dict[str, str], invite_only: bool
) -> int:
    """A game from a save file: replayed and checked (engine version, checksum) first.

    The importer takes the first seat whose player is not given a bot; other seats open.
    """
    try:
        parsed = parse_record(record, "import")
    except SaveFileError as err:
        raise bad_request("bad_save_file", str(err)) from None
    title = _title(store, parsed.title)
    try:
        options = stored_options(title.options, parsed.options)
        game = Game.from_log(title, parsed.players, parsed.actions, options, parsed.seed)
    except InputError as err:
        raise bad_request("bad_save_file", f"import: {err}") from None
    if saved_state_matches(game, parsed) is False:
        raise conflict(
            "replay_differs",
            f"the save file was made by transcon {parsed.transcon}; this server "
            f"({__version__}) replays it to a different state",
        )
    unknown = set(bots) - set(game.players)
    if unknown:
        raise bad_request("bad_seats", f"bots for unknown players: {', '.join(sorted(unknown))}")
    known = available_bots(title)
    for bot in bots.values():
        if bot not in known:
            raise bad_request("unknown_bot", f"unknown bot {bot!r} (bots: {', '.join(known)})")
    humans = [p for p in game.players if p not in bots]
    if not humans:
        raise bad_request("bad_seats", "at least one seat must be yours")
    now = time.time()
    with writing(store.engine) as conn:
        game_id = int(
            conn.execute(
                insert(games).values(
                    title=title.name,
                    options=json.dumps(dict(game.options)),
                    seed=game.seed,
                    seat_count=len(game.players),
                    players=json.dumps(list(game.players)),
                    status="open" if len(humans) > 1 else "active",
                    engine_version=parsed.transcon,
                    created_by=user_id,
                    invite_only=invite_only,
                    invite_code=secrets.token_urlsafe(12),
                    undo_policy="with-consent",
                    last_seq=len(game.log),
                    digest=game.state_digest(),
                    to_move=json.dumps(game.current_players()),
                    created_at=now,
                    updated_at=now,
                )
            ).inserted_primary_key[0]  # type: ignore[index]
        )
        for seat, player in enumerate(game.players):
            mine = player == humans[0]
            conn.execute(
                insert(seats).values(
                    game_id=game_id,
                    seat=seat,
                    name=player,
                    user_id=user_id if mine else None,
                    bot=bots.get(player),
                    seen_seq=len(game.log) if mine else 0,
                    notified_seq=0,
                    notify_webhook=True,
                    notify_email=True,
                )
            )
        for seq, action in enumerate(game.log, start=1):
            conn.execute(
                insert(actions).values(
                    game_id=game_id,
                    seq=seq,
                    kind="action",
                    data=json.dumps(title.action_to_json(action), separators=(",", ":")),
                    player=action.player,
                    user_id=None,
                    revealing=True,  # imported history is never undone
                    created_at=now,
                )
            )
        if len(humans) == 1:
            _start_if_full(store, conn, game_id)
    store.committed(game_id, len(game.log))
    return game_id
