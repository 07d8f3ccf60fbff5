"""Undo as a logged action, under the game's undo policy.

* ``off``: no undo.
* ``own-turn``: take back your own latest actions (all of the ones taken back yours).
* ``with-consent`` (default): as ``own-turn``, and across other players' actions once every
  other person whose action would be taken back agrees (bots agree at once).

Under every policy nothing is taken back past an action that drew randomness or showed
anyone hidden information. An undo is a row of the log (``kind = "undo"``): history is never
rewritten, and a replay of the rows gives the same game.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, update

from transcon.server.db import games
from transcon.server.errors import bad_request, conflict, forbidden
from transcon.server.replay import LiveGame, LogRow
from transcon.server.store import Actor, GameStore


def request_undo(
    store: GameStore, game_id: int, user_id: int, after: int, count: int
) -> dict[str, Any]:
    """Take back ``count`` actions now, or ask the others to agree; returns what happened."""
    with store.locked(game_id) as (conn, meta):
        live = store.live(conn, meta)
        player = _seated(store, conn, game_id, user_id)
        store.check_fresh(live, meta, after, player)
        if meta.undo_policy == "off":
            raise forbidden("undo_off", "this game is played without undo")
        standing = live.standing_rows()
        if not 1 <= count <= len(standing):
            raise bad_request("bad_undo", f"can take back 1-{len(standing)} actions, not {count}")
        undone = [live.rows[i] for i in standing[-count:]]
        if any(row.revealing for row in undone):
            raise conflict(
                "undo_after_reveal",
                "cannot take back an action that drew randomness or revealed hidden information",
            )
        humans = {row.name for row in store.seat_rows(conn, game_id) if not row.bot}
        others = sorted({row.player for row in undone} & humans - {player})
        if others and meta.undo_policy != "with-consent":
            raise forbidden("undo_needs_consent", "you may take back only your own actions")
        if not others:
            seq = _apply_undo(store, conn, meta, live, player, count, user_id)
        else:
            pending = {"by": player, "count": count, "at": meta.last_seq, "waiting_for": others}
            conn.execute(
                update(games).where(games.c.id == game_id).values(pending_undo=json.dumps(pending))
            )
            store.notify(conn, game_id, meta.last_seq)
            seq = None
    store.committed(game_id, seq if seq is not None else meta.last_seq)
    if seq is None:
        return {"done": False, "waiting_for": others, "seq": meta.last_seq}
    return {"done": True, "seq": seq}


def answer_undo(
    store: GameStore, game_id: int, user_id: int, after: int, agree: bool
) -> dict[str, Any]:
    """Agree to (or refuse) the pending undo request of another player."""
    with store.locked(game_id) as (conn, meta):
        live = store.live(conn, meta)
        player = _seated(store, conn, game_id, user_id)
        store.check_fresh(live, meta, after, player)
        pending = json.loads(meta.pending_undo) if meta.pending_undo else None
        if pending is None or pending["at"] != meta.last_seq:
            raise conflict("no_undo_request", "no undo request is waiting")
        if player not in pending["waiting_for"]:
            raise forbidden("not_asked", "this undo request does not wait for you")
        seq = None
        if not agree:
            conn.execute(update(games).where(games.c.id == game_id).values(pending_undo=None))
            store.notify(conn, game_id, meta.last_seq)
        else:
            pending["waiting_for"].remove(player)
            if pending["waiting_for"]:
                conn.execute(
                    update(games)
                    .where(games.c.id == game_id)
                    .values(pending_undo=json.dumps(pending))
                )
                store.notify(conn, game_id, meta.last_seq)
            else:
                seq = _apply_undo(store, conn, meta, live, pending["by"], pending["count"], None)
    store.committed(game_id, seq if seq is not None else meta.last_seq)
    return {"done": seq is not None, "seq": seq if seq is not None else meta.last_seq}


def _seated(store: GameStore, conn: Connection, game_id: int, user_id: int) -> str:
    player = store.seat_of(conn, game_id, Actor(user_id=user_id))
    if player is None:
        raise forbidden("not_seated", "you have no seat in this game")
    return player


def _apply_undo(
    store: GameStore,
    conn: Connection,
    meta: Any,
    live: LiveGame,
    player: str,
    count: int,
    user_id: int | None,
) -> int:
    live.game.undo(count)
    live.forget_undone(count)
    row = LogRow(meta.last_seq + 1, "undo", player, {"count": count}, False)
    live.record(row, None)
    store.write_row(conn, meta, live, row, Actor(user_id=user_id))
    return row.seq
