"""Path tools (Railway Rivals and Railways of the World): building by clicking hexes, each
path quoted without acting (cost, or the rule it breaks), then posted as the quote's text."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from .playkit import Seat, new_game, step_by_choices, table


def _to_build(seats: list[Seat], game_id: int) -> tuple[Seat, dict]:
    """Play by choices until a seat is offered a path tool; that seat and its offer."""
    rng = random.Random(2)
    for _ in range(80):
        for seat in seats:
            offer = seat.ok(f"/api/games/{game_id}/choices")
            if offer["paths"]:
                return seat, offer
        assert any(step_by_choices(seat, game_id, rng) for seat in seats)
    raise AssertionError("no path tool offered")


@pytest.mark.parametrize("name", ["railway-rivals-usa", "rotw-east-west"])
def test_a_path_is_quoted_then_built(tmp_path: Path, name: str) -> None:
    with table(tmp_path) as found:
        ann, bob = found.seat("ann"), found.seat("bob")
        game_id = new_game([ann, bob], name)
        seat, offer = _to_build([ann, bob], game_id)
        tool = offer["paths"][0]
        assert tool["tool"] == "build" and tool["start"] and tool["help"]
        track = [c for c in offer["choices"] if c["group"] == "Track" and c["cost"] is not None]
        assert track, "one-link (or suggested) builds are offered as hex clicks too"
        hexes = [pick["hex"] for pick in track[0]["picks"]]
        quote = seat.ok(f"/api/games/{game_id}/quote", {"tool": "build", "hexes": hexes})
        assert quote["ok"] and quote["cost"] == track[0]["cost"] and quote["reason"] == ""
        assert quote["text"] == track[0]["text"]
        # a path that breaks a rule is quoted with the rule, not refused
        far = [hexes[0], tool["start"][-1] if tool["start"][-1] != hexes[0] else tool["start"][0]]
        bad = seat.ok(f"/api/games/{game_id}/quote", {"tool": "build", "hexes": far})
        assert not bad["ok"] and bad["reason"].startswith("illegal action") and not bad["text"]
        for body, code in (
            ({"tool": "build", "hexes": ["ZZ999", hexes[0]]}, 400),
            ({"tool": "teleport", "hexes": hexes}, 400),
            ({"tool": "build", "hexes": hexes, "extra": 1}, 422),
            ({"tool": "build", "hexes": ["x" * 13]}, 422),
        ):
            reply = seat.post(f"/api/games/{game_id}/quote", body)
            assert reply.status_code == code, (body, reply.text)
        seq = seat.ok(f"/api/games/{game_id}")["seq"]
        reply = seat.post(f"/api/games/{game_id}/actions", {"after": seq, "action": quote["text"]})
        assert reply.status_code == 200, reply.text
