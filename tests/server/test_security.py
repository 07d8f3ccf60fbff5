"""Accounts and security: sessions, CSRF, fixation, sign-in limits, seats, bad bodies."""

from __future__ import annotations

import httpx

from .conftest import PASSWORD, Browser, Player


def _game(player: Player, **extra: object) -> dict:
    return player.ok("/api/games", {"title": "demo", "players": 2, **extra})  # type: ignore[no-any-return]


def test_session_cookie_is_http_only_and_same_site(server: Browser) -> None:
    fresh = server("Cookie", sign_up=False)
    reply = fresh.post("/api/accounts/signup", {"name": fresh.name, "password": PASSWORD})
    cookie = reply.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert fresh.ok("/api/accounts/me")["user"]["name"] == fresh.name


def test_state_changes_need_the_csrf_token(server: Browser) -> None:
    ann = server("Ann")
    reply = ann.client.post("/api/games", json={"title": "demo", "players": 2})
    assert reply.status_code == 403 and reply.json()["error"]["code"] == "csrf"
    reply = ann.client.post(
        "/api/games", json={"title": "demo", "players": 2}, headers={"X-CSRF-Token": "forged"}
    )
    assert reply.status_code == 403
    assert ann.ok("/api/games?filter=mine") == []  # nothing was created
    # A cross-site form cannot send JSON: form bodies are refused before anything runs.
    reply = ann.client.post("/api/games", data={"title": "demo"})
    assert reply.status_code == 415


def test_sign_in_makes_a_new_session_never_a_planted_one(server: Browser) -> None:
    ann = server("Ann")
    planted = "attacker-chosen-token"
    victim = Player(server.url, ann.name)  # type: ignore[attr-defined]
    victim.client.cookies.set("transcon_session", planted, domain="127.0.0.1")
    reply = victim.post("/api/accounts/signin", {"name": ann.name, "password": PASSWORD})
    assert reply.status_code == 200
    assert victim.client.cookies.get("transcon_session", domain="127.0.0.1") != planted
    attacker = httpx.Client(base_url=server.url, cookies={"transcon_session": planted})  # type: ignore[attr-defined]
    assert attacker.get("/api/accounts/me").json()["user"] is None
    attacker.close()
    victim.close()


def test_failed_sign_ins_are_limited(server: Browser) -> None:
    ann = server("Ann")
    guess = Player(server.url, ann.name)  # type: ignore[attr-defined]
    codes = [
        guess.post(
            "/api/accounts/signin", {"name": ann.name, "password": "wrong-guess"}
        ).status_code
        for _ in range(4)
    ]
    assert codes == [401, 401, 401, 429]
    # Even the right password waits now.
    assert (
        guess.post("/api/accounts/signin", {"name": ann.name, "password": PASSWORD}).status_code
        == 429
    )
    guess.close()


def test_sign_up_checks_names_and_passwords(server: Browser) -> None:
    fresh = server("New", sign_up=False)
    short = fresh.post("/api/accounts/signup", {"name": fresh.name, "password": "short"})
    assert short.status_code == 400 and short.json()["error"]["code"] == "bad_password"
    bad = fresh.post("/api/accounts/signup", {"name": "Bot 1", "password": PASSWORD})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_name"
    ann = server("Ann")
    taken = fresh.post("/api/accounts/signup", {"name": ann.name, "password": PASSWORD})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken"


def test_full_and_invite_only_games_refuse_joiners(server: Browser) -> None:
    ann, bob, carol = server("Ann"), server("Bob"), server("Carol")
    full = _game(ann)
    bob.ok(f"/api/games/{full['id']}/join", {})
    reply = carol.post(f"/api/games/{full['id']}/join", {})
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "game_full"
    invited = _game(ann, invite_only=True)
    reply = carol.post(f"/api/games/{invited['id']}/join", {})
    assert reply.status_code == 403 and reply.json()["error"]["code"] == "invite_only"
    reply = carol.post(f"/api/games/{invited['id']}/join", {"invite": "guess"})
    assert reply.status_code == 403
    assert carol.get(f"/api/games/{invited['id']}").json()["invite_code"] is None
    code = ann.ok(f"/api/games/{invited['id']}")["invite_code"]
    assert carol.ok(f"/api/games/{invited['id']}/join", {"invite": code})["status"] == "active"


def test_bad_bodies_are_refused_with_one_line_errors(server: Browser) -> None:
    ann = server("Ann")
    game = _game(ann, bots=["random"])
    url = f"/api/games/{game['id']}/actions"
    headers = {"X-CSRF-Token": ann.csrf, "Content-Type": "application/json"}
    cases = {
        "malformed": (ann.client.post(url, content=b"{not json", headers=headers), 422),
        "wrong type": (ann.post(url, {"after": "x", "action": "roll"}), 422),
        "extra field": (ann.post(url, {"after": 0, "action": "roll", "x": 1}), 422),
        "both forms": (ann.post(url, {"after": 0, "action": "roll", "json": {}}), 400),
        "oversized": (ann.post(url, {"after": 0, "action": "x" * 100_000}), 413),
        "no game": (ann.post("/api/games/999999/actions", {"after": 0, "action": "roll"}), 404),
        "no route": (ann.get("/api/nothing"), 404),
        "bad title": (ann.post("/api/games", {"title": "chess", "players": 2}), 400),
        "bad option": (
            ann.post("/api/games", {"title": "demo", "players": 2, "options": {"rounds": -1}}),
            400,
        ),
        "bad bot": (ann.post("/api/games", {"title": "demo", "players": 2, "bots": ["x"]}), 400),
        "bad seats": (ann.post("/api/games", {"title": "demo", "players": 9}), 400),
    }
    for name, (reply, status) in cases.items():
        assert reply.status_code == status, (name, reply.text)
        body = reply.text
        assert "\n" not in body and reply.json()["error"]["code"], name
    assert ann.ok(f"/api/games/{game['id']}")["seq"] == 0


def test_a_deleted_user_is_anonymised_and_their_game_goes_on(server: Browser) -> None:
    ann, bob = server("Ann"), server("Bob")
    game = _game(ann, options={"rounds": 1})
    bob.ok(f"/api/games/{game['id']}/join", {})
    reply = ann.client.delete("/api/accounts/me", headers={"X-CSRF-Token": ann.csrf})
    assert reply.status_code == 200 and reply.json()["games_handed_to_bots"] == [game["id"]]
    assert ann.ok("/api/accounts/me")["user"] is None
    again = Player(server.url, ann.name)  # type: ignore[attr-defined]
    assert (
        again.post("/api/accounts/signin", {"name": ann.name, "password": PASSWORD}).status_code
        == 401
    )
    again.close()
    # Ann's seat is now played by a bot: it moves, then Bob can.
    import time

    deadline = time.monotonic() + 20
    while bob.ok(f"/api/games/{game['id']}")["to_move"] != [bob.name]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
