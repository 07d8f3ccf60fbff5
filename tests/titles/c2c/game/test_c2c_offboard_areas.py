"""A red off-board area of two hexes (Mexico City Z39+Z41, Vancouver/Alaska A4+A6) is one
off-board: one overlay tile each (seed 001, shared/rules/seeds/001_f19be759743d05b8.txt, 1g
and 2a), so one stop (tests/titles/c2c/test_c2c_routes.py), one token place (2d: tokens in
red off-boards), drawn once, and a destination naming the area is reached at any of its
hexes (3j: the destination run)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import (
    float_corp,
    give_train,
    invariant_problems,
    skip_auction,
    start_operating,
)
from transcon.titles.c2c.charters import parse_charters
from transcon.titles.c2c.data import load_board, load_layer, offboard_area
from transcon.titles.c2c.draw import c2c_svg
from transcon.titles.c2c.game import TitleC2C, track
from transcon.titles.c2c.game.checks import token_problems
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.tokens import Charter

from .test_c2c_game_rules import PLAYERS, title_of, unchanged

# A charter of our own (option extra_charters) with its home next to the area's second hex:
# Corpus Christi (Y42) touches Z41 only; its destination names Mexico City as SSW's charter
# does (Z39+Z41, the token place first).
CHARTER = "TST:Test Railroad:Y42:Z39+Z41:plains"


def test_seed_2a_areas_are_one_off_board_with_one_token_place() -> None:
    board = load_board()
    assert offboard_area(board, "Z41") == offboard_area(board, "Z39") == ("Z39", "Z41")
    assert offboard_area(board, "A6") == ("A4", "A6")
    assert offboard_area(board, "M62") == ("M62",)
    layer = load_layer("d")
    slots = {
        label: sum(n.slots for n in layer.preprinted[board.hex(label)].tile.nodes)
        for label in ("Z39", "Z41", "A4", "A6", "AA68")
    }
    # seed 001 2d: every red off-board takes tokens; an area is one off-board
    assert slots == {"Z39": 1, "Z41": 0, "A4": 1, "A6": 0, "AA68": 1}


def test_seed_2a_an_area_is_drawn_once() -> None:
    root = ET.fromstring(c2c_svg("d"))
    boxes = [e for e in root.iter() if "offboard-values" in (e.get("class") or "").split()]
    assert len(boxes) == 15  # 17 red off-board hexes, two areas of two


def test_extra_charter_destination_names_the_whole_area() -> None:
    (tst,) = parse_charters("TST:Test Railroad:Y42:Z41:plains")
    assert tst.destination == ("Z39", "Z41")  # either hex names the area, token place first
    (tst,) = parse_charters(CHARTER)
    assert tst.destination == ("Z39", "Z41")


def mexico_game() -> Game[GameState]:
    """TST floated and operating, a yellow tile on Corpus Christi joining it to Z41, a 2-train
    a token to place and one reserved for the destination."""
    game = Game.new(TitleC2C(), PLAYERS, {"extra_charters": CHARTER})
    skip_auction(game)
    float_corp(game, "TST", "A", 100)
    start_operating(game)
    state = game.state
    side = load_board().hex("Y42").neighbors().index(load_board().hex("Z41"))
    tile, rotation = next(
        (t, r)
        for t, r in track.fitting_tiles(state, "full", "Y42")
        if side in track.map_of("full")[0].tiles[t].exits(r)
    )
    game.act(f"lay Y42 {tile} rot {rotation}", "A")
    give_train(game, "TST", "2")
    c2c_data(state).charters["TST"] = Charter(
        tokens=1, destination="reserved", costs=frozenset({40, 60})
    )
    state.changed()
    return game


def test_seed_2d_one_token_place_in_an_area() -> None:
    game = mexico_game()
    message = unchanged(game, "token Z41", "A", "token")
    assert "Mexico City (Z39+Z41) is one off-board: its token place is Z39" in message
    game.act("token Z39", "A")  # reached through Z41: the area is one off-board
    assert game.state.corps["TST"].tokens == ["Y42", "Z39"]
    assert not token_problems(game) and not invariant_problems(game)


def test_seed_3j_destination_run_reaching_the_areas_second_hex_counts() -> None:
    """Y42 reaches Mexico City only at Z41: the destination (Z39, as SSW's charter names it
    first) is reached. Both the engine's run and the run named by the player count."""
    game = mexico_game()
    title, state = title_of(game), game.state
    assert title.home_and_destination(state, "TST") == ("Y42", "Z39")
    revenue = title.destination_revenue(state, "TST")
    assert revenue is not None and revenue > 0
    route = "Y42-0,Z41-0"
    unchanged(game, f"destination {revenue + 10} {route}", "A", "D variant 3j")
    game.act(f"destination {revenue} {route}", "A")
    assert state.operating.revenue == revenue
    assert c2c_data(state).charters["TST"].destination == "placed"
    assert state.corps["TST"].tokens == ["Y42", "Z39"]  # the reserved token: the token place
    game.act("payout", "A")
    assert not token_problems(game) and not invariant_problems(game)
