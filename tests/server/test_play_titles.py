"""Every title through the play endpoints: its board, panels, hover text and ten moves or
more played only by taking what /choices (or a path tool's quote) offers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from transcon.core.registry import get_title
from transcon.core.title import Title

from .playkit import new_game, play_by_choices, table

TITLES = ["railway-rivals-usa", "rotw-east-west", "1870", "demo"]
HOVER = ["railway-rivals-usa", "rotw-east-west", "1870"]


@pytest.mark.parametrize("name", TITLES)
def test_a_title_is_played_and_shown_through_the_endpoints(tmp_path: Path, name: str) -> None:
    with table(tmp_path) as found:
        ann, bob = found.seat("ann"), found.seat("bob")
        game_id = new_game([ann, bob], name)
        played = play_by_choices([ann, bob], game_id, 10)
        assert len(played) == 10, played
        svg = ann.get(f"/api/games/{game_id}/board.svg").text
        hexes = re.findall(r'class="hex" data-hex="([^"]+)"', svg)
        assert hexes and len(hexes) == len(set(hexes))
        if name in HOVER:
            lines = ann.ok(f"/api/games/{game_id}/hex/{hexes[len(hexes) // 2]}")["lines"]
            assert lines and all(isinstance(line, str) for line in lines)
            reply = ann.get(f"/api/games/{game_id}/hex/ZZ999")
            assert reply.status_code == 400 and reply.json()["error"]["code"] == "bad_input"
        panels = ann.ok(f"/api/games/{game_id}/panels")["panels"]
        assert panels and all(p["kind"] in ("table", "market", "text") for p in panels)
        timeline = ann.ok(f"/api/games/{game_id}/timeline")
        assert len(timeline["points"]) == 11
        assert ann.get(f"/api/games/{game_id}/board.svg", at=3).status_code == 200


def test_every_title_draws_its_own_board() -> None:
    for name in TITLES:
        assert type(get_title(name)).board_svg is not Title.board_svg, name
