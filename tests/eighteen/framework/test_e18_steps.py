"""The framework's shape: rounds of steps, action types per title, lay slots and game-end
conditions as data, typed title state (docs/writing-an-18xx-title.md)."""

from __future__ import annotations

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.eighteen.framework.actions import ACTION_TYPES
from transcon.eighteen.framework.rounds import RoundKind
from transcon.eighteen.framework.spec import EndTiming
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.operating import LaySlot, Track
from transcon.eighteen.framework.steps.stock import BuySellParShares
from transcon.eighteen.framework.testing import float_corp, skip_auction, start_operating
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.game.state import State1870
from transcon.titles.t1870.game.steps import BuySellParShares1870, PriceProtection

PLAYERS = ["A", "B", "C", "D"]
OPTIONS = {"check_routes": False, "check_reach": False}


def stock_game(title: Title1870 | None = None) -> Game[GameState]:
    game = Game.new(title or Title1870(), PLAYERS, OPTIONS)
    skip_auction(game)
    return game


def test_title_only_actions_are_declared_by_the_title() -> None:
    framework = {t.model_fields["type"].default for t in ACTION_TYPES}
    only_1870 = {"protect", "redeem", "reissue", "connect", "demand"}
    assert not framework & only_1870
    assert only_1870 <= {t.model_fields["type"].default for t in Title1870.action_types}


def test_1870_rounds_mix_framework_steps_with_its_own() -> None:
    rounds = Title1870().rounds
    stock = [type(s).__name__ for s in rounds[RoundKind.STOCK].steps]
    assert stock == ["PriceProtection", "BuySellParShares1870"]
    assert isinstance(rounds[RoundKind.STOCK].step_of(BuySellParShares), BuySellParShares1870)
    operating = [type(s).__name__ for s in rounds[RoundKind.OPERATING].steps]
    first = ["DiscardTrains", "PriceProtection", "ConnectionToken", "ConnectionRun", "Track"]
    assert operating[:5] == first
    assert operating[-1] == "DemandBestRun"


def test_a_blocking_step_refuses_what_it_does_not_take_and_lists_the_actors() -> None:
    """§6.4: while a sale waits for its president's protection, that step blocks the turn:
    only the president acts, only `protect` or `pass`."""
    game = stock_game()
    float_corp(game, "MP", "A", 76, {"A": 3, "B": 3})
    game.state.stock.number = 2
    game.state.stock.turn = 1
    game.act("sell MP 1", "B")
    game.act("pass", "B")
    assert game.current_players() == ["A"]
    round_ = game.title.rounds[RoundKind.STOCK]  # type: ignore[attr-defined]
    assert isinstance(round_.active_steps(game.state)[-1], PriceProtection)
    with pytest.raises(IllegalAction, match=r"1870 §6\.4 price protection"):
        game.act("buy SSW", "A")
    assert {a.type for a in game.legal_actions("A")} <= {"protect", "pass"}


class ThreeLays1870(Title1870):
    """1870 with a third lay slot costing $10 (a title's lay slots are data)."""

    TILE_LAYS = (*Title1870.TILE_LAYS, LaySlot(upgrade=False, after_upgrade=False, cost=10))


def test_lay_slots_are_data_with_their_own_costs() -> None:
    game = stock_game(ThreeLays1870())
    float_corp(game, "MP", "A", 76)
    start_operating(game)
    cash = game.state.corps["MP"].cash
    game.act("lay D11 8 rot 0", "A")
    game.act("lay D7 8 rot 0", "A")
    game.act("lay C10 8 rot 0", "A")  # the third slot: +$10
    assert game.state.corps["MP"].cash == cash - 10
    with pytest.raises(IllegalAction, match="no more tile lays"):
        game.act("lay D3 8 rot 0", "A")
    track = game.title.rounds[RoundKind.OPERATING].step_of(Track)  # type: ignore[attr-defined]
    assert track.next_slot(game.state, "MP") is None


def test_game_end_conditions_are_data_and_the_soonest_end_wins() -> None:
    title = Title1870()
    game = Game.new(title, PLAYERS, {"finish_on_400": True})
    state = game.state
    assert title.spec(state).game_end.stock_market == 400
    assert Title1870().spec(Game.new(title, PLAYERS).state).game_end.stock_market is None
    title.end_game_after(state, EndTiming.SET, "bank")
    title.end_game_after(state, EndTiming.NOW, "stock_market")
    title.end_game_after(state, EndTiming.SET, "bank")  # later than the pending end: ignored
    assert (state.end_after, state.end_reason) == ("now", "stock_market")


def test_title_state_is_typed_and_saved_without_defaults() -> None:
    assert Title1870().new_title_data().to_json() == {}
    game = stock_game()
    data = game.state.title_data
    assert isinstance(data, State1870)
    data.cattle = "B11"
    saved = game.title.state_to_json(game.state)["title_data"]
    assert saved["cattle"] == "B11" and "port" not in saved and "connection" not in saved
