"""Live updates (SSE with resume) and your-turn notifications (webhook and email)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any, ClassVar

import pytest
from aiosmtpd.controller import Controller

from transcon.server.devdb import free_port
from transcon.server.notify import SmtpSettings

from .conftest import Browser, Player, ServerThread
from .sse import read_events


def _game(ann: Player, bob: Player) -> int:
    game_id = ann.ok("/api/games", {"title": "demo", "players": 2})["id"]
    bob.ok(f"/api/games/{game_id}/join", {})
    return int(game_id)


def test_the_stream_sends_every_action_with_its_number_and_resumes(server: Browser) -> None:
    ann, bob = server("Ann"), server("Bob")
    game_id = _game(ann, bob)
    for seq, text in enumerate(["roll", "pass"]):
        assert ann.act(game_id, text, after=seq).status_code == 200
    path = f"/api/games/{game_id}/stream"
    events = read_events(server.url, path, 2, cookies=bob.client.cookies)  # type: ignore[attr-defined]
    assert [seq for seq, _ in events] == [1, 2]
    assert events[0][1]["text"] == "roll"
    # Reconnecting after event 1 gives exactly what followed, nothing twice, no gap.
    assert bob.act(game_id, "roll", after=2).status_code == 200
    resumed = read_events(server.url, path, 3, last_event_id=1)  # type: ignore[attr-defined]
    assert [seq for seq, _ in resumed] == [2, 3]


def test_a_live_stream_hears_new_actions(server: Browser) -> None:
    ann, bob = server("Ann"), server("Bob")
    game_id = _game(ann, bob)
    got: list[Any] = []
    reader = threading.Thread(
        target=lambda: got.extend(
            read_events(server.url, f"/api/games/{game_id}/stream", 1)  # type: ignore[attr-defined]
        )
    )
    reader.start()
    time.sleep(0.5)
    assert ann.act(game_id, "roll", after=0).status_code == 200
    reader.join(timeout=30)
    assert [seq for seq, _ in got] == [1]


class _Hook(BaseHTTPRequestHandler):
    received: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        length = int(self.headers["content-length"])
        _Hook.received.append(json.loads(self.rfile.read(length)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


class _Mailbox:
    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(envelope)
        return "250 OK"


def _wait_for(check: Any, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline
        time.sleep(0.05)


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
def test_your_turn_notices_go_by_what_each_seat_has_seen(db: str) -> None:
    hook = HTTPServer(("127.0.0.1", 0), _Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    mailbox = _Mailbox()
    smtp_port = free_port()
    mail = Controller(mailbox, hostname="127.0.0.1", port=smtp_port)
    mail.start()
    _Hook.received.clear()
    try:
        with ServerThread(db, smtp=SmtpSettings("127.0.0.1", smtp_port)) as running:
            ann, bob = (
                Player(running.url, "Annie").sign_up(),
                Player(running.url, "Bobby").sign_up(),
            )
            hook_url = f"http://127.0.0.1:{hook.server_port}/hook"
            bob.client.patch(
                "/api/accounts/me",
                json={"webhook_url": hook_url, "email": "bob@example.org"},
                headers={"X-CSRF-Token": bob.csrf},
            ).raise_for_status()
            game_id = _game(ann, bob)
            ann.act(game_id, "roll", after=0)
            ann.act(game_id, "pass", after=1)  # Bob's turn; he has not looked since joining
            _wait_for(lambda: _Hook.received and mailbox.messages)
            assert _Hook.received[0]["player"] == "Bobby" and _Hook.received[0]["seq"] == 2
            assert "Your turn" in _Hook.received[0]["content"]
            assert mailbox.messages[0].rcpt_tos == ["bob@example.org"]
            # Bob looks and plays; Ann's turn is not noticed (she has no receiver); Bob's next
            # turn is noticed again because he saw the game in between.
            bob.act(game_id, "roll", after=2)
            bob.act(game_id, "pass", after=3)
            ann.act(game_id, "roll", after=4)
            ann.act(game_id, "pass", after=5)
            _wait_for(lambda: len(_Hook.received) == 2)
            assert _Hook.received[1]["seq"] == 6
            # An open tab that does not count as seen (seen=false) does not suppress notices,
            # and no second notice comes while Bob has not looked.
            bob.get(f"/api/games/{game_id}", seen="false")
            time.sleep(0.5)
            assert len(_Hook.received) == 2
            ann.close()
            bob.close()
    finally:
        mail.stop()
        hook.shutdown()
        asyncio.set_event_loop(None)
