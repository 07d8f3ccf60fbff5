"""The play endpoints (docs/server.md "Acting by pointing") with the generic hooks (demo)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .playkit import Seat, Table, new_game, play_by_choices, table


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[tuple[Table, Seat, Seat, int]]:
    with table(tmp_path) as found:
        ann, bob = found.seat("ann"), found.seat("bob")
        yield found, ann, bob, new_game([ann, bob], "demo", {"rounds": 3})


def test_choices_are_the_legal_actions_of_the_player_to_move(demo: tuple) -> None:
    _table, ann, bob, game_id = demo
    offer = ann.ok(f"/api/games/{game_id}/choices")
    assert offer["seq"] == 0 and offer["player"] == "ann" and offer["prompt"]
    assert [c["text"] for c in offer["choices"]] == ["roll"]
    choice = offer["choices"][0]
    assert choice["picks"] == [{"label": "roll"}] and choice["group"] == "roll"
    assert set(choice) == {"picks", "text", "summary", "cost", "highlight", "group"}
    waiting = bob.ok(f"/api/games/{game_id}/choices")
    assert waiting["player"] == "bob" and waiting["choices"] == [] and waiting["paths"] == []


def test_ten_moves_are_played_by_taking_choices(demo: tuple) -> None:
    _table, ann, bob, game_id = demo
    played = play_by_choices([ann, bob], game_id, 12)
    assert len(played) == 12
    assert ann.ok(f"/api/games/{game_id}")["seq"] == 12


def test_the_board_is_svg_with_a_data_hex_on_every_hex(demo: tuple) -> None:
    _table, ann, _bob, game_id = demo
    reply = ann.get(f"/api/games/{game_id}/board.svg")
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("image/svg")
    svg = reply.text
    assert svg.startswith("<svg") and "viewBox=" in svg
    assert 'class="hex" data-hex="B1"' in svg
    assert ">B1</text>" not in svg
    assert ">B1</text>" in ann.get(f"/api/games/{game_id}/board.svg", labels=1).text


def test_colour_blind_mode_writes_letters_on_tokens_and_track(demo: tuple) -> None:
    _table, ann, bob, game_id = demo
    play_by_choices([ann, bob], game_id, 8)
    plain = ann.get(f"/api/games/{game_id}/board.svg").text
    marked = ann.get(f"/api/games/{game_id}/board.svg", cb=1).text
    assert ">A</text>" in marked and ">B</text>" in marked
    assert ">A</text>" not in plain


def test_panels_timeline_and_hover(demo: tuple) -> None:
    _table, ann, bob, game_id = demo
    play_by_choices([ann, bob], game_id, 6)
    panels = ann.ok(f"/api/games/{game_id}/panels")["panels"]
    assert panels and panels[0]["kind"] == "text" and "round" in panels[0]["text"]
    timeline = ann.ok(f"/api/games/{game_id}/timeline")
    assert timeline["players"] == ["ann", "bob"]
    assert [p["seq"] for p in timeline["points"]] == list(range(7))
    assert timeline["points"][0]["round"] == "1"
    assert all(set(p["values"]) == {"ann", "bob"} for p in timeline["points"])
    assert any(p["round"] == "2" for p in timeline["points"])  # a round marker
    reply = ann.get(f"/api/games/{game_id}/hex/B1")  # the demo has no hex descriptions
    assert reply.status_code == 404 and reply.json()["error"]["code"] == "not_available"


def test_an_earlier_position_is_read_with_at(demo: tuple) -> None:
    _table, ann, bob, game_id = demo
    play_by_choices([ann, bob], game_id, 6)
    now = ann.ok(f"/api/games/{game_id}/panels")["panels"][0]["text"]
    start = ann.ok(f"/api/games/{game_id}/panels", at=0)["panels"][0]["text"]
    assert "not rolled" in start and start != now
    assert ann.ok(f"/api/games/{game_id}/panels", at=6)["panels"][0]["text"] == now
    assert ann.get(f"/api/games/{game_id}/board.svg", at=2).status_code == 200


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("panels?at=99", 400, "bad_at"),
        ("panels?at=-1", 422, "bad_request"),
        ("panels?at=x", 422, "bad_request"),
        ("board.svg?cb=maybe", 422, "bad_request"),
    ],
)
def test_bad_reads_are_refused_in_one_line(demo: tuple, path: str, status: int, code: str) -> None:
    _table, ann, _bob, game_id = demo
    reply = ann.get(f"/api/games/{game_id}/{path}")
    assert reply.status_code == status, reply.text
    error = reply.json()["error"]
    assert error["code"] == code and "\n" not in error["message"]


def test_a_quote_without_path_tools_is_refused_and_changes_nothing(demo: tuple) -> None:
    _table, ann, _bob, game_id = demo
    reply = ann.post(f"/api/games/{game_id}/quote", {"tool": "build", "hexes": ["B1", "B2"]})
    assert reply.status_code == 400 and reply.json()["error"]["code"] == "bad_input"
    for body in ({"tool": "build"}, {"tool": "", "hexes": ["B1"]}, {"hexes": [1]}, [1]):
        reply = ann.post(f"/api/games/{game_id}/quote", body)
        assert reply.status_code == 422, (body, reply.text)
    assert ann.ok(f"/api/games/{game_id}")["seq"] == 0
    assert ann.ok(f"/api/games/{game_id}/choices")["choices"][0]["text"] == "roll"


def test_spectators_read_the_public_view_and_get_no_choices(demo: tuple) -> None:
    found, _ann, _bob, game_id = demo
    watcher = found.spectator()
    offer = watcher.get(f"/api/games/{game_id}/choices").json()
    assert offer["player"] is None and offer["choices"] == []
    assert watcher.get(f"/api/games/{game_id}/board.svg").status_code == 200
    assert watcher.get(f"/api/games/{game_id}/panels").status_code == 200
    assert (
        watcher.post(f"/api/games/{game_id}/quote", json={"tool": "x", "hexes": ["B1"]}).status_code
        == 401
    )
    assert watcher.get("/api/games/999/panels").status_code == 404
