"""Fifty clients race actions into one game: each accepted once, in order; stale refused."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

from sqlalchemy import select

from transcon.core.game import Game
from transcon.core.registry import get_title
from transcon.server.db import actions, games, make_engine

from .conftest import PASSWORD, Browser, Player

CLIENTS = 50
TRIES = 6


def _race(client: Player, game_id: int, seed: int, results: list[Any]) -> None:
    chooser = random.Random(seed)
    for _ in range(TRIES):
        game = client.ok(f"/api/games/{game_id}")
        if game["status"] != "active":
            return
        me = game["viewer"]
        if me not in game["to_move"]:
            continue
        legal = client.ok(f"/api/games/{game_id}/legal")
        if legal["seq"] != game["seq"] or not legal["actions"]:
            continue
        text = chooser.choice(legal["actions"])
        reply = client.act(game_id, text, after=legal["seq"])
        results.append((reply.status_code, reply.json(), me, text, legal["seq"]))


def test_fifty_clients_racing_into_one_game(server: Browser, db: str) -> None:
    ann, bob = server("Ann"), server("Bob")
    game_id = ann.ok("/api/games", {"title": "demo", "players": 2, "options": {"rounds": 30}})["id"]
    bob.ok(f"/api/games/{game_id}/join", {})
    clients = []
    for index in range(CLIENTS):  # every client its own session of one of the two players
        owner = (ann, bob)[index % 2]
        client = server(owner.name, sign_up=False)
        client.name = owner.name
        reply = client.post("/api/accounts/signin", {"name": owner.name, "password": PASSWORD})
        assert reply.status_code == 200, reply.text
        client.csrf = reply.json()["csrf"]
        clients.append(client)
    results: list[Any] = []
    threads = [
        threading.Thread(target=_race, args=(client, game_id, index, results))
        for index, client in enumerate(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    accepted = sorted(
        (body["seq"], me, text) for status, body, me, text, _ in results if status == 200
    )
    refused = [body["error"]["code"] for status, body, *_ in results if status != 200]
    assert set(refused) <= {"game_moved_on"}, refused
    assert len(refused) > 0, "no race happened"
    # Each accepted action applied exactly once, in order, at the position it was sent for.
    assert [seq for seq, *_ in accepted] == list(range(1, len(accepted) + 1))
    for status, body, *_rest, after in results:
        if status == 200:
            assert body["seq"] == after + 1
    engine = make_engine(db)
    with engine.begin() as conn:
        meta = conn.execute(select(games).where(games.c.id == game_id)).one()
        rows = conn.execute(
            select(actions).where(actions.c.game_id == game_id).order_by(actions.c.seq)
        ).all()
    engine.dispose()
    assert meta.last_seq == len(rows) == len(accepted)
    assert [(row.seq, row.player) for row in rows] == [(seq, me) for seq, me, _ in accepted]
    # The replay of the stored log is identical to what the server recorded.
    replay = Game.from_log(
        get_title(meta.title),
        json.loads(meta.players),
        [json.loads(row.data) for row in rows],
        json.loads(meta.options),
        meta.seed,
    )
    assert replay.state_digest() == meta.digest
    assert [replay.format(action) for action in replay.log] == [text for *_, text in accepted]
