"""18C2C the Mississippi River Bridge's first-turn home-hex use (seed 001, D variant 4b, the
note in the Army Corps of Engineers clause: "this is only relevant if the Bridge is not used
on the first turn of operation for a corporation's home hex"; option ``bridge_home_lay``,
assumed as 1870 base rules 9.2) and Gulf Shipping's open/closed port (base summary: "open/
closed port"; option ``gulf_shipping_port``, assumed as 1870 base rules 9.4)."""

from __future__ import annotations

from transcon.core.game import Game
from transcon.eighteen.framework.ports import PortMove, port_move
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import give_train, invariant_problems
from transcon.titles.c2c.game.base_powers import placed_bonuses
from transcon.titles.c2c.game.state import c2c_data

from .test_c2c_base_powers import paid_for
from .test_c2c_bonus_tokens import NEW_ORLEANS, values_at
from .test_c2c_private_powers import end_turn, game_with, lay_text, title_of, unchanged

BURLINGTON = "K52"  # CB&Q's home, a Mississippi hex: first tile $40
ST_LOUIS = "M52"  # MP's home, on the Mississippi
RULE_HOME = "Mississippi River Bridge: first-turn home hex"


def with_engineer(game: Game[GameState]) -> None:
    """CB&Q holds an Engineer marker too (water at half price, D variant 4b)."""
    state = game.state
    data = c2c_data(state)
    data.engineer_owner, data.engineer_markers, data.engineer_unsold = "CB&Q", {"CB&Q": 1}, 4
    state.changed()


def test_seed_4b_note_bridge_lays_the_home_tile_free_on_the_first_turn() -> None:
    game = game_with({"MRB": "@CB&Q"}, {"CB&Q": ("A", 100)}, options={"bridge_discount": 10})
    with_engineer(game)  # half price, then the bridge discount, would cost $10
    title, state = title_of(game), game.state
    assert title.current_corp(state) == "CB&Q" and not state.corps["CB&Q"].operated
    bot_lays = title.hook_bot_lays(state, "CB&Q", "A")
    assert any(lay.private == "MRB" and lay.hex == BURLINGTON for lay in bot_lays)
    unchanged(game, lay_text(game, ST_LOUIS) + " with MRB", "A", RULE_HOME)  # not its home
    assert paid_for(game, "CB&Q", lay_text(game, BURLINGTON) + " with MRB") == 0
    assert state.privates["MRB"].used == ["home"] and not state.privates["MRB"].closed
    assert c2c_data(state).turn_lays == []  # free_extra: besides the turn's tile points
    game.act(lay_text(game, "J53"), "A")  # the turn's own lays stay
    assert not invariant_problems(game)


def test_bridge_home_lay_only_in_the_first_turn_and_once() -> None:
    game = game_with({"MRB": "@CB&Q"}, {"CB&Q": ("A", 100)})
    state = game.state
    state.corps["CB&Q"].operated = True  # not its first turn of operation
    state.changed()
    unchanged(game, lay_text(game, BURLINGTON) + " with MRB", "A", RULE_HOME)
    state.corps["CB&Q"].operated = False
    state.privates["MRB"].used.append("home")
    state.changed()
    unchanged(game, lay_text(game, BURLINGTON) + " with MRB", "A", RULE_HOME)


def test_bridge_home_lay_needs_the_bridge_and_a_home_on_the_mississippi() -> None:
    game = game_with({"MRB": "B"}, {"CB&Q": ("A", 100)})  # a player holds the Bridge
    unchanged(game, lay_text(game, BURLINGTON) + " with MRB", "A", RULE_HOME)
    game = game_with({"MRB": "@B&O"}, {"B&O": ("A", 100)})  # Baltimore is not on it
    unchanged(game, lay_text(game, BURLINGTON) + " with MRB", "A", RULE_HOME)


def test_bridge_home_lay_options() -> None:
    game = game_with({"MRB": "@CB&Q"}, {"CB&Q": ("A", 100)}, options={"bridge_home_lay": "free"})
    assert paid_for(game, "CB&Q", lay_text(game, BURLINGTON) + " with MRB") == 0
    assert c2c_data(game.state).turn_lays == [["eastern", "yellow"]]  # counted
    game = game_with({"MRB": "@CB&Q"}, {"CB&Q": ("A", 100)}, options={"bridge_home_lay": "none"})
    unchanged(game, lay_text(game, BURLINGTON) + " with MRB", "A", RULE_HOME)
    assert paid_for(game, "CB&Q", lay_text(game, BURLINGTON)) == 0  # $40 less the discount


def test_port_moves() -> None:
    assert port_move("", False, "W54") is PortMove.OPEN
    assert port_move("W54", False, "W54") is PortMove.CLOSE
    assert port_move("W54", False, "V57") == "the closed port replaces the open port on W54"
    assert port_move("W54", True, "W54") == "the port is closed already"


def test_gulf_shipping_open_port_then_closed_port_closes_the_private() -> None:
    game = game_with({"GSC": "@B&O"}, {"B&O": ("A", 100), "PRR": ("B", 90)})
    state = game.state
    for sym in ("B&O", "PRR"):
        give_train(game, sym, "2")
    printed = values_at(game, "PRR")[NEW_ORLEANS]
    game.act(f"assign GSC {NEW_ORLEANS}", "A")  # the open port: +20 owner, +10 others
    assert values_at(game, "B&O")[NEW_ORLEANS] == printed + 20
    assert values_at(game, "PRR")[NEW_ORLEANS] == printed + 10
    unchanged(game, "assign GSC V57", "A", "open and closed port")  # one port, on W54
    game.act(f"assign GSC {NEW_ORLEANS}", "A")  # turned closed: the owner's +20 only
    assert state.privates["GSC"].closed
    assert values_at(game, "B&O")[NEW_ORLEANS] == printed + 20
    assert values_at(game, "PRR")[NEW_ORLEANS] == printed
    assert len(placed_bonuses(state)) == 1
    end_turn(game, "A")
    assert not invariant_problems(game)


def test_gulf_shipping_two_tokens_option() -> None:
    options: dict[str, object] = {
        "gulf_shipping_port": "two_tokens",
        "private_bonus_tokens": "GSC:20/10,10",
    }
    game = game_with({"GSC": "@B&O"}, {"B&O": ("A", 100)}, options=options)
    game.act(f"assign GSC {NEW_ORLEANS}", "A")
    unchanged(game, f"assign GSC {NEW_ORLEANS}", "A", "bonus tokens")  # one per city
    game.act("assign GSC V57", "A")
    assert not game.state.privates["GSC"].closed
    assert {b.hex for b in placed_bonuses(game.state)} == {NEW_ORLEANS, "V57"}
