"""Hidden information through the play endpoints: choices, panels, hover text, the board
and the timeline as one seat (or a spectator) reads them never hold another seat's secrets
(Railway Rivals: sealed build orders and entries; Railways of the World: barons, the deck).

Secrets are worked out from the full log with the engine's own viewer APIs
(``test_hidden.secrets``) and every body is searched for them, as in ``test_hidden``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from transcon.core.title import PUBLIC

from .playkit import Seat, new_game, step_by_choices, table
from .test_hidden import Referee, secrets

#: The printed map's own text in the SVG (hex ids and terrain tooltips): operations card ids
#: such as E35 (a secret deck order) spell like hex ids.
MAP_TEXT = re.compile(r'data-hex="[^"]*"|<title>[^<]*</title>')


def _bodies(reader: Any, game_id: int, hexes: list[str], board: bool) -> list[str]:
    paths = ["choices", "panels", "timeline", *(f"hex/{h}" for h in hexes)]
    out = []
    for path in paths + ["board.svg"] * board:
        reply = reader.get(f"/api/games/{game_id}/{path}")
        assert reply.status_code == 200, (path, reply.text)
        out.append(MAP_TEXT.sub("", reply.text) if path == "board.svg" else reply.text)
    return out


def _search(bodies: list[str], hidden: set[str], who: str) -> int:
    for body in bodies:
        for secret in hidden:
            escaped = json.dumps(secret, ensure_ascii=False)[1:-1]
            assert escaped not in body, f"{who} received a secret: {secret!r}"
    return len(hidden)


#: What the played moves must have kept secret from the other seat at least once.
SECRET_KINDS = {"railway-rivals-usa": {"build"}, "rotw-east-west": {"baron"}}


@pytest.mark.parametrize(("name", "moves"), [("railway-rivals-usa", 16), ("rotw-east-west", 10)])
def test_no_endpoint_shows_another_seat_its_secrets(tmp_path: Path, name: str, moves: int) -> None:
    with table(tmp_path) as found:
        ann, bob = found.seat("ann"), found.seat("bob")
        watcher = found.spectator()
        game_id = new_game([ann, bob], name)
        referee = Referee(str(tmp_path / "play.db"), game_id)
        rng = random.Random(3)
        seats: list[Seat] = [ann, bob]
        checked = made = 0
        kinds: set[str] = set()
        while made < moves:
            seq = ann.ok(f"/api/games/{game_id}")["seq"]
            game = referee.at(seq)
            hexes = sorted({h for a in game.log for h in getattr(a, "path", ())})[:3]
            for reader, viewer in ((bob.client, bob.name), (watcher, PUBLIC)):
                bodies = _bodies(reader, game_id, hexes, board=made % 4 == 0)
                hidden = secrets(game, viewer)
                kinds |= {secret.split()[0] for secret in hidden}
                checked += _search(bodies, hidden, viewer)
            acted = [seat for seat in seats if step_by_choices(seat, game_id, rng) is not None]
            if not acted:
                break
            made += 1
        assert made == moves and checked > 0
        assert kinds & SECRET_KINDS[name], kinds  # the game reached a secret worth hiding


def test_railway_rivals_build_points_show_only_your_own(tmp_path: Path) -> None:
    with table(tmp_path) as found:
        ann, bob = found.seat("ann"), found.seat("bob")
        game_id = new_game([ann, bob], "railway-rivals-usa")
        rng = random.Random(1)
        while ann.ok(f"/api/games/{game_id}")["view"].get("phase") != "build":
            assert step_by_choices(ann, game_id, rng) or step_by_choices(bob, game_id, rng)
        mine = {p["title"]: p for p in ann.ok(f"/api/games/{game_id}/panels")["panels"]}
        theirs = {p["title"]: p for p in bob.ok(f"/api/games/{game_id}/panels")["panels"]}
        assert "ann:" in mine["Build points"]["text"] and "bob:" not in mine["Build points"]["text"]
        assert "ann:" not in theirs["Build points"]["text"]
