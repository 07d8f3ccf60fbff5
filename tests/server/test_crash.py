"""kill -9 the server during a stream of actions, restart: every acknowledged action is there."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from transcon.server.db import actions, make_engine

from .conftest import Player
from .processes import ServeProcess


def _stream(
    players: dict[str, Player], game_id: int, acked: list[Any], stop: threading.Event
) -> None:
    chooser = random.Random(5)
    anyone = next(iter(players.values()))
    while not stop.is_set():
        try:
            game = anyone.ok(f"/api/games/{game_id}")
            mover = players[game["to_move"][0]]
            legal = mover.ok(f"/api/games/{game_id}/legal")
            text = chooser.choice(legal["actions"])
            reply = mover.act(game_id, text, after=legal["seq"])
        except (httpx.HTTPError, AssertionError, KeyError, IndexError):
            return  # the server is gone
        if reply.status_code == 200:
            acked.append((reply.json()["seq"], reply.json()["player"], text))


@pytest.mark.parametrize(
    "kill_after", [1.5, *(pytest.param(t, marks=pytest.mark.slow) for t in (0.3, 0.9, 2.2, 4.0))]
)
def test_a_killed_server_loses_no_acknowledged_action(db: str, kill_after: float) -> None:
    server = ServeProcess(db).start()
    try:
        players = {}
        for name in (f"Kim{kill_after}".replace(".", ""), f"Lee{kill_after}".replace(".", "")):
            player = Player(server.url, name).sign_up()
            players[player.name] = player
        first, second = players.values()
        game_id = first.ok(
            "/api/games", {"title": "demo", "players": 2, "options": {"rounds": 40}}
        )["id"]
        second.ok(f"/api/games/{game_id}/join", {})
        acked: list[Any] = []
        stop = threading.Event()
        writer = threading.Thread(target=_stream, args=(players, game_id, acked, stop))
        writer.start()
        time.sleep(kill_after)
        server.kill()  # mid-stream: a request is usually in flight
        stop.set()
        writer.join(timeout=30)
        assert acked, "nothing was acknowledged before the kill"
        server = ServeProcess(db).start()
        engine = make_engine(db)
        with engine.begin() as conn:
            rows = {
                row.seq: row
                for row in conn.execute(select(actions).where(actions.c.game_id == game_id))
            }
        engine.dispose()
        for seq, player, _text in acked:
            assert seq in rows and rows[seq].player == player
        # The restarted server replays the log and goes on from its end.
        reader = Player(server.url, first.name)
        game = reader.ok(f"/api/games/{game_id}")
        assert game["seq"] == len(rows) >= len(acked)
        assert json.loads(rows[1].data)["player"] == acked[0][1]
        reader.close()
        for player in players.values():
            player.close()
    finally:
        server.stop()
