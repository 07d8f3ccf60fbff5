"""Playing through the API: the log, stale actions, seats, views, bots, undo, export/import."""

from __future__ import annotations

import time

from .conftest import Browser, Player


def _wait(player: Player, game_id: int, done: object, timeout: float = 20) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        game = player.ok(f"/api/games/{game_id}")
        if done(game):  # type: ignore[operator]
            return game
        assert time.monotonic() < deadline, game
        time.sleep(0.05)


def _two_player_game(server: Browser) -> tuple[Player, Player, int]:
    ann, bob = server("Ann"), server("Bob")
    game = ann.ok("/api/games", {"title": "demo", "players": 2, "options": {"rounds": 2}})
    bob.ok(f"/api/games/{game['id']}/join", {})
    return ann, bob, game["id"]


def test_a_game_is_played_through_its_log(server: Browser) -> None:
    ann, bob, game_id = _two_player_game(server)
    game = ann.ok(f"/api/games/{game_id}")
    assert game["status"] == "active" and game["seq"] == 0 and game["to_move"] == [ann.name]
    reply = ann.act(game_id, "roll", after=0)
    assert reply.status_code == 200, reply.text
    assert reply.json()["seq"] == 1
    game = bob.ok(f"/api/games/{game_id}")
    assert [entry["seq"] for entry in game["log"]] == [1]
    assert game["log"][0]["text"] == "roll" and game["log"][0]["events"]
    assert "seed" not in game and "seed" not in game["view"]


def test_a_stale_action_is_refused_with_the_new_state(server: Browser) -> None:
    ann, _bob, game_id = _two_player_game(server)
    assert ann.act(game_id, "roll", after=0).status_code == 200
    reply = ann.act(game_id, "pass", after=0)
    assert reply.status_code == 409
    error = reply.json()["error"]
    assert error["code"] == "game_moved_on" and "moved on" in error["message"]
    assert error["seq"] == 1 and error["status"]
    assert ann.ok(f"/api/games/{game_id}")["seq"] == 1  # nothing applied


def test_only_the_seat_may_act_for_itself(server: Browser) -> None:
    ann, bob, game_id = _two_player_game(server)
    # Bob may not roll for Ann: out of turn for his own seat, refused for hers.
    assert bob.act(game_id, "roll", after=0).json()["error"]["code"] == "illegal_action"
    reply = bob.post(
        f"/api/games/{game_id}/actions", {"after": 0, "json": {"type": "roll", "player": ann.name}}
    )
    assert reply.status_code == 403 and reply.json()["error"]["code"] == "not_your_seat"
    carol = server("Carol")
    assert carol.act(game_id, "roll", after=0).status_code == 403
    assert ann.ok(f"/api/games/{game_id}")["seq"] == 0


def test_an_illegal_action_names_the_rule_and_changes_nothing(server: Browser) -> None:
    ann, _bob, game_id = _two_player_game(server)
    reply = ann.act(game_id, "build B1 C1", after=0)
    assert reply.status_code == 422
    assert reply.json()["error"]["rule"] == "demo 2: roll first"
    reply = ann.act(game_id, "fly to the moon", after=0)
    assert reply.status_code == 400 and reply.json()["error"]["code"] == "bad_action"
    assert ann.ok(f"/api/games/{game_id}")["seq"] == 0


def test_bots_play_their_seats_server_side(server: Browser) -> None:
    ann = server("Ann")
    game = ann.ok(
        "/api/games",
        {"title": "demo", "players": 3, "options": {"rounds": 1}, "bots": ["random", "random"]},
    )
    game_id = game["id"]
    assert game["status"] == "active"
    assert ann.act(game_id, "roll", after=0).status_code == 200
    assert ann.act(game_id, "pass", after=1).status_code == 200
    game = _wait(ann, game_id, lambda g: g["status"] == "finished")
    players = {entry["player"] for entry in game["log"]}
    assert players == {ann.name, "Bot 1", "Bot 2"}
    assert game["result"] is not None


def test_the_game_list_filters(server: Browser) -> None:
    ann, bob, game_id = _two_player_game(server)
    open_game = ann.ok("/api/games", {"title": "demo", "players": 2})["id"]
    secret = ann.ok("/api/games", {"title": "demo", "players": 2, "invite_only": True})["id"]
    ids = lambda found: {g["id"] for g in found}  # noqa: E731
    open_ids = ids(bob.ok("/api/games?filter=open&limit=500"))
    assert open_game in open_ids and game_id not in open_ids and secret not in open_ids
    assert ids(ann.ok("/api/games?filter=mine")) == {game_id, open_game, secret}
    assert ids(ann.ok("/api/games?filter=my-turn")) == {game_id}
    assert ids(bob.ok("/api/games?filter=my-turn")) == set()
    assert secret not in ids(bob.ok("/api/games?filter=all&limit=500"))
    assert game_id not in ids(bob.ok("/api/games?filter=finished&limit=500"))


def test_undo_within_your_turn_is_logged(server: Browser) -> None:
    ann, bob, game_id = _two_player_game(server)
    ann.act(game_id, "roll", after=0)
    build = ann.ok(f"/api/games/{game_id}/legal")["actions"]
    assert ann.act(game_id, next(a for a in build if a.startswith("build")), after=1)
    # The roll drew a die: it cannot be taken back, the build can.
    reply = ann.post(f"/api/games/{game_id}/undo", {"after": 2, "count": 2})
    assert reply.json()["error"]["code"] == "undo_after_reveal"
    assert ann.ok(f"/api/games/{game_id}/undo", {"after": 2, "count": 1})["done"]
    game = bob.ok(f"/api/games/{game_id}")
    assert game["seq"] == 3 and game["log"][-1]["kind"] == "undo"
    assert game["log"][1]["text"] == "(taken back)"  # Bob never reads what Ann took back


def test_undo_across_another_players_action_needs_consent(server: Browser) -> None:
    ann, bob, game_id = _two_player_game(server)
    ann.act(game_id, "roll", after=0)
    ann.act(game_id, "pass", after=1)
    bob.act(game_id, "roll", after=2)
    bob.act(game_id, "pass", after=3)
    # Ann's pass is revealing-free, but Bob's roll drew a die: nothing past it.
    reply = ann.post(f"/api/games/{game_id}/undo", {"after": 4, "count": 1})
    assert reply.status_code == 200 and reply.json() == {
        "done": False,
        "waiting_for": [bob.name],
        "seq": 4,
    }
    assert bob.get(f"/api/games/{game_id}").json()["pending_undo"]["by"] == ann.name
    reply = ann.post(f"/api/games/{game_id}/undo/answer", {"after": 4, "agree": True})
    assert reply.json()["error"]["code"] == "not_asked"
    assert bob.ok(f"/api/games/{game_id}/undo/answer", {"after": 4, "agree": True})["done"]
    game = ann.ok(f"/api/games/{game_id}")
    assert game["seq"] == 5 and game["to_move"] == [bob.name]


def test_export_after_the_end_and_import(server: Browser) -> None:
    ann = server("Ann")
    game_id = ann.ok(
        "/api/games", {"title": "demo", "players": 2, "options": {"rounds": 1}, "bots": ["random"]}
    )["id"]
    reply = ann.get(f"/api/games/{game_id}/export")
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "not_finished"
    ann.act(game_id, "roll", after=0)
    ann.act(game_id, "pass", after=1)
    _wait(ann, game_id, lambda g: g["status"] == "finished")
    seq = ann.ok(f"/api/games/{game_id}")["seq"]
    record = ann.ok(f"/api/games/{game_id}/export")
    assert record["format"] == "transcon-game" and len(record["actions"]) == seq
    copy = ann.ok("/api/games/import", {"record": record, "bots": {"Bot 1": "random"}})
    assert copy["status"] == "finished" and copy["seq"] == seq
    record["checksum"] = "sha256:" + "0" * 64
    reply = ann.post("/api/games/import", {"record": record})
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "replay_differs"
    record["actions"][0]["type"] = "teleport"
    reply = ann.post("/api/games/import", {"record": record})
    assert reply.status_code == 400 and reply.json()["error"]["code"] == "bad_save_file"


def test_spectators_see_the_public_view(server: Browser) -> None:
    ann, _bob, game_id = _two_player_game(server)
    ann.act(game_id, "roll", after=0)
    visitor = server("Visitor", sign_up=False)
    game = visitor.ok(f"/api/games/{game_id}")
    assert game["viewer"] is None and game["log"][0]["text"] == "roll"
    assert visitor.get(f"/api/games/{game_id}/legal").status_code == 401
