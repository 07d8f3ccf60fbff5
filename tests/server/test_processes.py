"""Two server processes on one PostgreSQL: an action posted to one reaches a stream of the
other (LISTEN/NOTIFY), and both refuse a stale action the other already superseded."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from .conftest import Player
from .processes import ServeProcess
from .sse import read_events


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
def test_an_action_on_one_process_reaches_a_stream_of_another(db: str) -> None:
    first, second = ServeProcess(db).start(), ServeProcess(db).start()
    try:
        ann = Player(first.url, "Ann").sign_up()
        bob = Player(second.url, "Bob").sign_up()  # same database, other process
        game_id = ann.ok("/api/games", {"title": "demo", "players": 2})["id"]
        bob.ok(f"/api/games/{game_id}/join", {})
        got: list[Any] = []
        path = f"/api/games/{game_id}/stream"
        reader = threading.Thread(
            target=lambda: got.extend(read_events(second.url, path, 2, cookies=bob.client.cookies))
        )
        reader.start()
        time.sleep(1.0)
        assert ann.act(game_id, "roll", after=0).status_code == 200  # on the first process
        assert ann.act(game_id, "pass", after=1).status_code == 200
        reader.join(timeout=60)
        assert [seq for seq, _ in got] == [1, 2]
        # The second process's cache follows the log: a stale action is refused there too.
        reply = bob.act(game_id, "roll", after=1)
        assert reply.status_code == 409 and reply.json()["error"]["code"] == "game_moved_on"
        assert bob.act(game_id, "roll", after=2).status_code == 200
        assert ann.ok(f"/api/games/{game_id}")["seq"] == 3
        ann.close()
        bob.close()
    finally:
        first.stop()
        second.stop()
