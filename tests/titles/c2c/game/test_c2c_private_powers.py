"""18C2C the game: the D privates' powers (seed 001, D variant 3b, 4a, 4b), one small position
per clause."""

from __future__ import annotations

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.eighteen.framework.rounds import TurnStage
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import (
    context,
    float_corp,
    give_train,
    invariant_problems,
    skip_auction,
    start_operating,
)
from transcon.eighteen.tiles import Color
from transcon.titles.c2c.game import TitleC2C, track
from transcon.titles.c2c.game.state import c2c_data

PLAYERS = ["A", "B", "C", "D"]
WATER = "H65"  # an eastern lake crossing: first tile $80
PLAINS_RIVER = "J43"  # a plains major river: first tile $40


def title_of(game: Game[GameState]) -> TitleC2C:
    title = game.title
    assert isinstance(title, TitleC2C)
    return title


def unchanged(game: Game[GameState], text: str, player: str, rule: str) -> None:
    """``text`` is refused under ``rule`` and the state stays exactly as it was."""
    before = game.state_to_json()
    with pytest.raises(IllegalAction) as err:
        game.act(text, player)
    assert rule in err.value.rule, err.value
    assert game.state_to_json() == before


def lay_text(game: Game[GameState], hex_label: str) -> str:
    """A yellow tile that fits on the empty ``hex_label``."""
    for tile, rotation in track.fitting_tiles(game.state, "full", hex_label):
        if not track.lay_problem(game.state, "full", hex_label, tile, rotation):
            return f"lay {hex_label} {tile} rot {rotation}"
    raise AssertionError(f"no tile fits {hex_label}")


def end_turn(game: Game[GameState], player: str) -> None:
    """The operating corporation runs nothing and ends its turn."""
    game.act("run 0", player)
    game.act("done", player)


def game_with(
    owners: dict[str, str],
    corps: dict[str, tuple[str, int]],
    phase: int = 1,
    options: dict[str, object] | None = None,
) -> Game[GameState]:
    """After the auction (privates to players or ``@CORP``), ``corps`` floated, in an
    operating round begun in ``phase`` (index: 0 is phase 2, 1 phase 3); reach unchecked."""
    game = Game.new(TitleC2C(), PLAYERS, {"check_reach": False, **(options or {})})
    skip_auction(game, {p: o for p, o in owners.items() if not o.startswith("@")})
    for sym, (president, par) in corps.items():
        float_corp(game, sym, president, par)
    game.state.phase = phase
    start_operating(game)
    for p, owner in owners.items():
        if owner.startswith("@"):
            game.state.privates[p].owner = owner
            game.state.privates[p].closed = False
    game.state.changed()
    return game


# -- Prospectors (D variant 4a) ----------------------------------------------------------------


def test_seed_4a_prospectors_designate_a_p_city_of_their_zone() -> None:
    game = game_with({"EPR": "@B&O"}, {"B&O": ("A", 100)})
    state = game.state
    unchanged(game, "prospect EPR K30", "A", "D variant 4a")  # a plains city
    unchanged(game, "prospect EPR M74", "A", "D variant 4a")  # Baltimore is a B city
    unchanged(game, "prospect GPP M62", "A", "D variant 4a")  # B&O does not own it
    game.act("prospect EPR M62", "A")  # Cincinnati, no connection needed
    assert c2c_data(state).p_cities == {"M62": "EPR"}
    assert not state.privates["EPR"].closed  # the P token does not close the private
    assert "P cities (D variant 4a): M62 (EPR)" in title_of(game).describe_status(state)
    unchanged(game, "prospect EPR N65", "A", "D variant 4a")  # once
    unchanged(game, lay_text(game, WATER) + " with EPR", "A", "D variant 4a")  # no discount
    # the city's brown upgrade is now the brown P tile (170), never the plain 63
    state.tiles["M62"] = ["14", 0]
    state.changed()
    assert track.hex_label(state, "full", "M62", Color.BROWN) == "P"
    assert {t for t, _ in track.fitting_tiles(state, "full", "M62")} == {"170"}


def test_seed_4a_designation_changes_the_upgrades_already_asked_for() -> None:
    """The tile fits are kept between questions (track.py's memo): a P city designated after
    its upgrades were asked for gets the P tiles from then on, for checks and bot lays."""
    game = game_with({"EPR": "@B&O"}, {"B&O": ("A", 100)})
    state = game.state
    state.tiles["M62"] = ["14", 0]  # Cincinnati in green
    state.changed()
    colours = ("yellow", "green", "brown")
    plain = {t for t, _ in track.fitting_tiles(state, "full", "M62")}
    lays_before = track.lay_actions(state, "full", "A", "M62", colours)
    assert "170" not in plain and {lay.tile for lay in lays_before} == plain
    assert all(track.lay_problem(state, "full", "M62", "170", r) for r in range(6))  # plain
    game.act("prospect EPR M62", "A")
    fits = track.fitting_tiles(state, "full", "M62")
    assert {t for t, _ in fits} == {"170"}
    assert {lay.tile for lay in track.lay_actions(state, "full", "A", "M62", colours)} == {"170"}
    assert not any(track.lay_problem(state, "full", "M62", t, r) for t, r in fits)
    assert all(track.lay_problem(state, "full", "M62", t, r) for t in plain for r in range(6))


def test_seed_4a_designation_lost_at_phase_5_but_a_p_city_stays() -> None:
    game = game_with({"EPR": "@B&O", "GPP": "@B&O"}, {"B&O": ("A", 100)})
    game.act("prospect GPP K30", "A")
    title, state = title_of(game), game.state
    title.first_of_type(state, "5", context(game))  # phase 5: the privates close
    state.changed()
    assert state.privates["EPR"].closed and state.privates["GPP"].closed
    assert c2c_data(state).p_cities == {"K30": "GPP"}  # permanent
    unchanged(game, "prospect EPR M62", "A", "D variant 4a")


def test_seed_4a_discount_140_off_one_turn_in_the_zone_then_closed() -> None:
    game = game_with({"EPR": "@B&O"}, {"B&O": ("A", 100)})
    state = game.state
    corp = state.corps["B&O"]
    unchanged(game, lay_text(game, PLAINS_RIVER) + " with EPR", "A", "D variant 4a")  # zone
    cash = corp.cash
    game.act(lay_text(game, WATER) + " with EPR", "A")  # $80: all of it off
    assert corp.cash == cash and state.privates["EPR"].closed
    assert c2c_data(state).turn_discount == {"eastern": 60}
    game.act(lay_text(game, "J69"), "A")  # an eastern river ($20): the turn's discount left
    assert corp.cash == cash and c2c_data(state).turn_discount == {"eastern": 40}
    unchanged(game, lay_text(game, "H63") + " with EPR", "A", "D variant 4a")  # closed
    game.act(lay_text(game, PLAINS_RIVER), "A")  # outside the zone: full price
    assert corp.cash == cash - 40
    assert not invariant_problems(game)


def test_seed_3b_4a_prospectors_bought_in_phase_two_discount_at_once() -> None:
    game = game_with({"EPR": "B"}, {"B&O": ("A", 100)}, phase=0)
    state = game.state
    assert c2c_data(state).or_phase == "2"
    state.operating.step = TurnStage.RUN
    state.changed()
    unchanged(game, "private EPR 50", "A", "D variant 3b")  # too late to use it at once
    state.operating.step = TurnStage.TRACK
    state.changed()
    game.act("private EPR 50", "A")  # half face value
    assert state.privates["EPR"].closed  # used at once: the discount is this turn's
    assert c2c_data(state).turn_discount == {"eastern": 140}
    cash = state.corps["B&O"].cash
    game.act(lay_text(game, WATER), "A")
    assert state.corps["B&O"].cash == cash
    unchanged(game, "prospect EPR M62", "A", "D variant 4a")  # discount only


def test_seed_4a_a_discount_lasts_one_turn() -> None:
    game = game_with({"EPR": "@B&O"}, {"B&O": ("A", 100), "PRR": ("A", 90)})
    give_train(game, "B&O", "2")
    game.act(lay_text(game, "J69") + " with EPR", "A")
    end_turn(game, "A")
    assert title_of(game).current_corp(game.state) == "PRR"
    assert c2c_data(game.state).turn_discount == {}


# -- US Army Corps of Engineers (D variant 4b) -------------------------------------------------


def marker_game(owner: str) -> Game[GameState]:
    game = game_with({"ACE": owner}, {"B&O": ("A", 100), "PRR": ("B", 90), "NYC": ("B", 82)})
    for sym in ("B&O", "PRR", "NYC"):
        give_train(game, sym, "2")
    return game


def test_seed_4b_buyer_takes_a_marker_and_builds_water_at_half_price() -> None:
    game = marker_game("C")
    state = game.state
    game.act("private ACE 90", "A")
    data = c2c_data(state)
    assert data.engineer_markers == {"B&O": 1} and data.engineer_unsold == 4
    assert "Engineer markers (D variant 4b): B&O 1; 4 unsold" in game.describe_status()
    cash = state.corps["B&O"].cash
    game.act(lay_text(game, WATER), "A")
    assert state.corps["B&O"].cash == cash - 40  # $80 halved
    end_turn(game, "A")
    # PRR buys one of the four from B&O (not from the bank: a corporation owns the private)
    unchanged(game, "marker bank", "B", "D variant 4b")
    cash_bo, cash_prr = state.corps["B&O"].cash, state.corps["PRR"].cash
    game.act("marker B&O", "B")
    assert state.corps["B&O"].cash == cash_bo + 50 and state.corps["PRR"].cash == cash_prr - 50
    assert data.engineer_markers == {"B&O": 1, "PRR": 1} and data.engineer_unsold == 3
    unchanged(game, "marker B&O", "B", "D variant 4b")  # no more than its need of one
    assert not invariant_problems(game)


def test_seed_4b_while_a_player_holds_it_markers_after_a_4_train_from_the_bank() -> None:
    game = marker_game("C")
    state = game.state
    unchanged(game, "marker bank", "A", "D variant 4b")  # no 4-train yet
    state.bought_types.append("4")
    state.changed()
    bank = state.bank
    game.act("marker bank", "A")
    assert state.bank == bank + 50  # the money goes to the bank, not the owning player
    assert c2c_data(state).engineer_markers == {"B&O": 1}


def test_seed_4b_resold_marker_not_usable_that_operating_round() -> None:
    game = marker_game("@PRR")
    state = game.state
    data = c2c_data(state)
    data.engineer_owner, data.engineer_markers, data.engineer_unsold = "PRR", {"PRR": 1}, 0
    end_turn(game, "A")  # B&O
    # PRR resells its own marker to NYC (same president), which cannot use it this round
    end_turn(game, "B")
    unchanged(game, "marker bank", "B", "D variant 4b")
    game.act("marker PRR", "B")
    assert data.engineer_markers == {"NYC": 1} and data.engineer_resold == ["NYC"]
    cash = state.corps["NYC"].cash
    game.act(lay_text(game, WATER), "B")
    assert state.corps["NYC"].cash == cash - 80  # not usable in the round it was resold
    start_operating(game)
    assert data.engineer_resold == []


def test_seed_4b_resale_needs_the_same_president() -> None:
    game = marker_game("@B&O")
    data = c2c_data(game.state)
    data.engineer_owner, data.engineer_markers, data.engineer_unsold = "PRR", {"PRR": 1}, 0
    unchanged(game, "marker PRR", "A", "D variant 4b")  # PRR's president is B, B&O's A


def test_seed_4b_closes_on_the_first_5_train_markers_stay() -> None:
    game = marker_game("C")
    game.act("private ACE 90", "A")
    title, state = title_of(game), game.state
    title.first_of_type(state, "5", context(game))
    state.changed()
    data = c2c_data(state)
    assert state.privates["ACE"].closed and data.engineer_closed
    assert data.engineer_markers == {"B&O": 1} and data.engineer_unsold == 4
    cash = state.corps["B&O"].cash
    game.act(lay_text(game, WATER), "A")
    assert state.corps["B&O"].cash == cash - 40  # the markers remain in play
    end_turn(game, "A")
    game.act("marker B&O", "B")  # the owning corporation keeps selling its unsold ones


def test_seed_3a_eliminated_army_corps_has_no_markers() -> None:
    game = marker_game("C")
    c2c_data(game.state).eliminated.append("ACE")
    game.state.bought_types.append("4")
    game.state.changed()
    unchanged(game, "marker bank", "A", "D variant 4b")
