"""18C2C the game: the base privates' powers our sources describe (each unknown term an
option: docs/rules/18c2c.md "The game"), and hex control of eliminated privates (D variant
3a)."""

from __future__ import annotations

from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.titles.c2c.game.base_powers import blocked_hexes
from transcon.titles.c2c.game.state import c2c_data

from .test_c2c_private_powers import game_with, lay_text, title_of, unchanged

MISSISSIPPI = "K52"  # Burlington's hex on the Mississippi: a major river, first tile $40
MOUNTAIN = "G24"  # West: a mountain, first tile $120
HILL = "G78"  # East: a hill, first tile $60


def paid_for(game: Game[GameState], corp: str, text: str, player: str = "A") -> int:
    cash = game.state.corps[corp].cash
    game.act(text, player)
    return cash - game.state.corps[corp].cash


def test_private_hexes_blocked_while_a_player_holds_it() -> None:
    game = game_with({"CEP": "B", "DGJ": "C"}, {"B&O": ("A", 100)})
    assert {"T15", "S16", "L27"} <= blocked_hexes(title_of(game), game.state)
    unchanged(game, lay_text(game, "T15"), "A", "hexes a private controls")
    unchanged(game, lay_text(game, "L27"), "A", "hexes a private controls")
    game.state.privates["CEP"].owner = "@B&O"  # bought by a corporation: the block ends
    game.state.changed()
    game.act(lay_text(game, "T15"), "A")


def test_seed_3a_eliminated_private_loses_its_hexes() -> None:
    game = game_with({"DGJ": "C"}, {"B&O": ("A", 100)})
    c2c_data(game.state).eliminated.append("DGJ")  # "such as control of certain hexes"
    game.state.changed()
    assert "L27" not in blocked_hexes(title_of(game), game.state)
    game.act(lay_text(game, "L27"), "A")


def test_private_hexes_block_option_off() -> None:
    game = game_with({"CEP": "B"}, {}, options={"private_hexes_block": False})
    assert not blocked_hexes(title_of(game), game.state)


def test_mississippi_river_bridge_discount() -> None:
    game = game_with({"MRB": "@B&O"}, {"B&O": ("A", 100)})
    assert paid_for(game, "B&O", lay_text(game, MISSISSIPPI)) == 0  # $40 - $40


def test_seed_4b_half_price_before_the_bridge_discount() -> None:
    game = game_with({"MRB": "@B&O"}, {"B&O": ("A", 100)}, options={"bridge_discount": 10})
    data = c2c_data(game.state)
    data.engineer_owner, data.engineer_markers, data.engineer_unsold = "B&O", {"B&O": 1}, 4
    game.state.changed()
    # $40 halved is $20, less the $10 bridge discount: $10 (the other order would be $15)
    assert paid_for(game, "B&O", lay_text(game, MISSISSIPPI)) == 10


def test_keystone_tunnel_once_on_a_hill_then_closed() -> None:
    game = game_with({"KT": "@B&O"}, {"B&O": ("A", 100)})
    unchanged(game, lay_text(game, "H65") + " with KT", "A", "Keystone Tunnel")  # water
    assert paid_for(game, "B&O", lay_text(game, HILL) + " with KT") == 0  # $60 - $60
    assert game.state.privates["KT"].closed
    unchanged(game, lay_text(game, "I76") + " with KT", "A", "Keystone Tunnel")


def test_colorado_engineers_mountains_at_half_price() -> None:
    game = game_with({"CE": "@B&O"}, {"B&O": ("A", 100)})
    assert paid_for(game, "B&O", lay_text(game, MOUNTAIN)) == 60
    assert paid_for(game, "B&O", lay_text(game, "H65")) == 80  # water: full price


def test_seed_3d_central_pacific_tokens_add_a_tile_point() -> None:
    game = game_with({"CEP": "@B&O"}, {"B&O": ("A", 100)})
    title, state = title_of(game), game.state
    assert title.turn_bonus(state, "B&O") == 0
    unchanged(game, "assign CEP H65", "A", "D variant 3d")  # Eastern zone
    game.act("assign CEP K30", "A")
    assert c2c_data(state).labor_tokens == {"K30": "B&O"}
    assert title.turn_bonus(state, "B&O") == 1  # option central_pacific_points
    unchanged(game, "assign CEP K40", "A", "D variant 3d")  # one per turn
    for hex_label in ("H65", "J69", "G78", "I76"):  # four yellow lays: 3 points + 1
        game.act(lay_text(game, hex_label), "A")


def test_seed_3d_central_pacific_only_for_its_owner() -> None:
    game = game_with({"CEP": "B"}, {"B&O": ("A", 100)})
    unchanged(game, "assign CEP K30", "A", "private")
