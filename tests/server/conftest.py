"""Server test fixtures: every API test runs on SQLite and on a private PostgreSQL.

The PostgreSQL cluster is started once per test process (initdb + pg_ctl in a temporary
folder, loopback only) and each test gets a fresh database on it.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from argon2 import PasswordHasher

from transcon.server.app import create_app
from transcon.server.devdb import TempPostgres, free_port, postgres_bindir

PASSWORD = "correct horse battery"
#: argon2 at its cheapest: the tests sign up many users on a busy machine.
CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)


@pytest.fixture(scope="session")
def postgres() -> Iterator[TempPostgres]:
    if postgres_bindir() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed; .ci/run installs it")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    cluster = TempPostgres()
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A fresh database per test module: a SQLite file, or a database on the private
    PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path_factory.mktemp("db") / "transcon.db")
    cluster: TempPostgres = request.getfixturevalue("postgres")
    return cluster.new_database()


class Player:
    """A browser: its own cookie jar, signed up on first use, sends the CSRF header."""

    def __init__(self, base_url: str, name: str) -> None:
        self.client = httpx.Client(base_url=base_url, timeout=30)
        self.name = name
        self.csrf = ""

    def sign_up(self) -> Player:
        reply = self.post("/api/accounts/signup", {"name": self.name, "password": PASSWORD})
        assert reply.status_code == 200, reply.text
        self.csrf = reply.json()["csrf"]
        return self

    def get(self, path: str, **params: Any) -> httpx.Response:
        return self.client.get(path, params=params or None)

    def post(self, path: str, body: Any, **headers: str) -> httpx.Response:
        return self.client.post(path, json=body, headers={"X-CSRF-Token": self.csrf, **headers})

    def ok(self, path: str, body: Any = None) -> Any:
        reply = self.get(path) if body is None else self.post(path, body)
        assert reply.status_code == 200, reply.text
        return reply.json()

    def act(self, game_id: int, action: str, after: int | None = None) -> httpx.Response:
        if after is None:
            after = self.ok(f"/api/games/{game_id}")["seq"]
        return self.post(f"/api/games/{game_id}/actions", {"after": after, "action": action})

    def close(self) -> None:
        self.client.close()


class ServerThread:
    """The app served by uvicorn in a thread on a free loopback port."""

    def __init__(self, db: str, **options: Any) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        options.setdefault("hasher", CHEAP_HASHER)
        app = create_app(db, base_url=self.url, **options)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


Browser = Callable[..., Player]


@pytest.fixture(scope="module")
def running(db: str) -> Iterator[ServerThread]:
    """One server per test module and database (tests make their own users and games)."""
    with ServerThread(db, sign_in_limit=3) as found:
        yield found


_names = itertools.count(1)


@pytest.fixture
def server(running: ServerThread) -> Iterator[Browser]:
    """Call it with a name to get a signed-up browser; names get a unique number added."""
    players: list[Player] = []

    def browser(name: str, sign_up: bool = True) -> Player:
        player = Player(running.url, f"{name}{next(_names)}")
        players.append(player)
        return player.sign_up() if sign_up else player

    browser.url = running.url  # type: ignore[attr-defined]
    try:
        yield browser
    finally:
        for player in players:
            player.close()
