"""Every title through the play endpoints: its board, panels, hover text and ten moves or
more played only by taking what /choices (or a path tool's quote) offers."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from transcon.core.game import Game
from transcon.core.registry import get_title
from transcon.core.savefile import game_record
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


def test_a_game_stored_before_an_option_existed_plays_its_saved_default(tmp_path: Path) -> None:
    """A Railway Rivals save from before ``gm_pick_ties`` existed (it does not name it) is
    imported with the option's saved default, every_split, so it replays as it was played;
    so is a game the server stored before the option (its row's options lack it) when the
    server builds it again from its log."""
    title = get_title("railway-rivals-usa")
    game = Game.new(title, ["ann", "bob"], {}, 3)
    game.apply(game.legal_actions("ann")[0])
    record = game_record(game)
    del record["options"]["gm_pick_ties"]
    db = tmp_path / "play.db"
    with table(tmp_path) as found:
        ann = found.seat("ann")
        imported = ann.ok("/api/games/import", {"record": record, "bots": {"bob": "random"}})
        assert imported["options"]["gm_pick_ties"] == "every_split"
        game_id = imported["id"]
    with sqlite3.connect(db) as conn:  # as a server from before the option stored it
        (stored,) = conn.execute("SELECT options FROM games WHERE id = ?", (game_id,)).fetchone()
        options = json.loads(stored)
        del options["gm_pick_ties"]
        conn.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps(options), game_id))
    with table(tmp_path) as found:
        assert found.spectator().get(f"/api/games/{game_id}").json()["seq"] >= 1
        store = found.app.state.services.store  # the game as the server rebuilt it from its log
        with store.locked(game_id) as (conn, meta):
            assert store.live(conn, meta).game.options["gm_pick_ties"] == "every_split"
