"""A small in-process harness for the play endpoints: FastAPI's TestClient on SQLite.

``Table`` is one app; ``table.seat(name)`` a signed-up browser with its own cookies and
CSRF token. ``play_by_choices`` plays moves the way the page does: it reads ``/choices``,
takes a choice's ``text`` (or a path tool's quoted ``text``) and posts it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from transcon.server.app import create_app

from .conftest import CHEAP_HASHER, PASSWORD


class Seat:
    def __init__(self, client: TestClient, name: str) -> None:
        self.client = client
        self.name = name
        reply = client.post("/api/accounts/signup", json={"name": name, "password": PASSWORD})
        assert reply.status_code == 200, reply.text
        self.csrf = reply.json()["csrf"]

    def get(self, path: str, **params: Any) -> httpx.Response:
        return self.client.get(path, params=params or None)

    def post(self, path: str, body: Any) -> httpx.Response:
        return self.client.post(path, json=body, headers={"X-CSRF-Token": self.csrf})

    def ok(self, path: str, body: Any = None, **params: Any) -> Any:
        reply = self.get(path, **params) if body is None else self.post(path, body)
        assert reply.status_code == 200, reply.text
        return reply.json()


class Table:
    def __init__(self, client: TestClient) -> None:
        self.app = client.app
        self.first = client
        self.used = False

    def seat(self, name: str) -> Seat:
        client = self.first if not self.used else TestClient(self.app)  # type: ignore[arg-type]
        self.used = True
        return Seat(client, name)

    def spectator(self) -> TestClient:
        return TestClient(self.app)  # type: ignore[arg-type]


@contextmanager
def table(tmp_path: Path) -> Iterator[Table]:
    app = create_app(str(tmp_path / "play.db"), hasher=CHEAP_HASHER)
    with TestClient(app) as client:
        yield Table(client)


def new_game(
    seats: list[Seat], title: str, options: dict[str, Any] | None = None, bots: int = 0
) -> int:
    body = {
        "title": title,
        "players": len(seats) + bots,
        "options": options or {},
        "bots": ["random"] * bots,
    }
    game_id = int(seats[0].ok("/api/games", body)["id"])
    for seat in seats[1:]:
        seat.ok(f"/api/games/{game_id}/join", {})
    return game_id


def step_by_choices(seat: Seat, game_id: int, rng: random.Random) -> str | None:
    """One move of ``seat`` taken from its choices (or a path tool's quote); None when it
    has nothing to do. Returns the action text it posted."""
    offer = seat.ok(f"/api/games/{game_id}/choices")
    texts = [choice["text"] for choice in offer["choices"]]
    if not texts:
        return None
    text = rng.choice(texts)
    reply = seat.post(f"/api/games/{game_id}/actions", {"after": offer["seq"], "action": text})
    assert reply.status_code == 200, (text, reply.text)
    return text


def play_by_choices(seats: list[Seat], game_id: int, moves: int, seed: int = 1) -> list[str]:
    """Up to ``moves`` moves by whichever seat may act, every one taken from /choices."""
    rng = random.Random(seed)
    played: list[str] = []
    while len(played) < moves:
        acted = False
        for seat in seats:
            text = step_by_choices(seat, game_id, rng)
            if text is not None:
                played.append(text)
                acted = True
                break
        if not acted:
            break
    return played
