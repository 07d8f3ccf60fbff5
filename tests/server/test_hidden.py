"""Hidden information never leaves the server for another seat or a spectator.

A person plays against a server-side bot; every response body the person and a spectator
receive is searched for the secrets of the other side at that moment: text of actions and
events the engine hides from them, state values their engine view hides (other seats'
sealed orders, barons, dealt cards), and the deck order. The secrets are worked out from the
full log (read straight from the database) with the engine's own viewer APIs.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from sqlalchemy import select

from transcon.core.game import Game
from transcon.core.registry import get_title
from transcon.core.title import PUBLIC
from transcon.server.db import actions, games, make_engine

from .conftest import Browser, Player
from .sse import read_events


def _leaves(data: Any) -> list[Any]:
    if isinstance(data, dict):
        return [leaf for value in data.values() for leaf in _leaves(value)]
    if isinstance(data, list):
        return [leaf for value in data for leaf in _leaves(value)]
    return [data]


def _hidden_values(full: Any, seen: Any) -> set[str]:
    """Strings of the full state that the viewer's view replaces or leaves out."""
    if full == seen:
        return set()
    if isinstance(full, dict) and isinstance(seen, dict):
        found: set[str] = set()
        for key, value in full.items():
            found |= _hidden_values(value, seen.get(key))
        return found
    if isinstance(full, list) and isinstance(seen, list) and len(full) == len(seen):
        found = set()
        for a, b in zip(full, seen, strict=True):
            found |= _hidden_values(a, b)
        if len(full) >= 3 and all(isinstance(x, str) for x in full):  # an order: a deck
            found.add(json.dumps(full[:3], separators=(",", ":"))[1:-1])
        return found
    return {leaf for leaf in _leaves(full) if isinstance(leaf, str) and len(leaf) >= 2}


def secrets(game: Game[Any], viewer: str) -> set[str]:
    """What ``viewer`` must not read now, as the engine's viewer APIs decide."""
    found = _hidden_values(game.view(None), game.view(viewer))
    for action in game.log:
        if game.format_for(action, viewer) != game.format(action):
            found.add(game.format(action))
    for event in game.events:
        seen = event.seen_by(viewer)
        if seen is None or seen.text != event.text:
            found.add(event.text)
    legit = [
        json.dumps(game.view(viewer), separators=(",", ":")),
        game.status_for(viewer),
        game.title.notation,  # the notation's examples are public text
    ]
    if viewer in game.players:  # the engine tells a player their own choices
        legit += [game.format(action) for action in game.legal_actions(viewer)]
    for index, action in enumerate(game.log):
        legit.append(game.format_for(action, viewer))
        legit += [event.text for event in game.events_for(index, viewer)]
    everything = "\n".join(legit)
    return {secret for secret in found if secret not in everything}


class Referee:
    """The full game, replayed from the database log, kept in step with the server."""

    def __init__(self, db: str, game_id: int) -> None:
        self.engine = make_engine(db)
        self.game_id = game_id
        with self.engine.begin() as conn:
            meta = conn.execute(select(games).where(games.c.id == game_id)).one()
        self.game: Game[Any] = Game.new(
            get_title(meta.title), json.loads(meta.players), json.loads(meta.options), meta.seed
        )

    def at(self, seq: int) -> Game[Any]:
        if seq > len(self.game.log):
            with self.engine.begin() as conn:
                rows = conn.execute(
                    select(actions.c.data)
                    .where(actions.c.game_id == self.game_id)
                    .where(actions.c.seq > len(self.game.log), actions.c.seq <= seq)
                    .order_by(actions.c.seq)
                ).all()
            for (data,) in rows:
                self.game.apply(self.game.title.action_from_json(json.loads(data)))
        assert len(self.game.log) == seq
        return self.game


def _check(body: Any, hidden: set[str], who: str) -> int:
    """Search one response body; returns how many secrets it was searched for."""
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    for secret in hidden:
        escaped = json.dumps(secret, ensure_ascii=False)[1:-1]
        assert escaped not in text, f"{who} received a secret: {secret!r}"
    return len(hidden)


def _play(server: Browser, db: str, title: str, options: dict[str, Any], moves: int) -> int:
    """Play ``moves`` random actions against a bot; returns how many secret searches ran."""
    ann = server("Ann")
    spectator: Player = server("Spectator", sign_up=False)
    game_id = ann.ok(
        "/api/games", {"title": title, "players": 2, "options": options, "bots": ["random"]}
    )["id"]
    referee = Referee(db, game_id)
    chooser = random.Random(17)
    checked = made = 0
    while made < moves:
        mine = ann.ok(f"/api/games/{game_id}")
        seen = spectator.ok(f"/api/games/{game_id}")
        for body, viewer, who in ((mine, ann.name, "the player"), (seen, PUBLIC, "a spectator")):
            checked += _check(body, secrets(referee.at(body["seq"]), viewer), who)
        if mine["status"] != "active":
            break
        if ann.name not in mine["to_move"]:
            continue
        legal = ann.ok(f"/api/games/{game_id}/legal?limit=5000")
        _check(legal, secrets(referee.at(legal["seq"]), ann.name), "the player")
        if legal["seq"] != mine["seq"] or not legal["actions"]:
            continue
        reply = ann.act(game_id, chooser.choice(legal["actions"]), after=legal["seq"])
        if reply.status_code == 409:
            continue  # the bot moved in between: look again
        assert reply.status_code == 200, reply.text
        _check(reply.json(), secrets(referee.at(reply.json()["seq"]), ann.name), "the player")
        made += 1
    final = ann.ok(f"/api/games/{game_id}")["seq"]
    url = server.url  # type: ignore[attr-defined]
    path = f"/api/games/{game_id}/stream"
    for viewer, cookies in ((ann.name, ann.client.cookies), (PUBLIC, None)):
        events = read_events(url, path, final, cookies=cookies)
        now = ann.get(f"/api/games/{game_id}", seen="false").json()["seq"]
        _check([data for _, data in events], secrets(referee.at(now), viewer), viewer)
    return checked


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
def test_railway_rivals_sealed_orders_stay_sealed(server: Browser, db: str) -> None:
    assert _play(server, db, "railway-rivals-usa", {}, moves=40) > 100


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
def test_railways_of_the_world_barons_and_deck_stay_secret(server: Browser, db: str) -> None:
    assert _play(server, db, "rotw-east-west", {}, moves=12) > 100
