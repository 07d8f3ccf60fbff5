"""Framework rounds (auction, stock, operating) driven through the 1870 title."""

from __future__ import annotations

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import (
    float_corp,
    give_train,
    invariant_problems,
    skip_auction,
    start_operating,
    total_money,
)
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.testing import give_mp_a_route

PLAYERS = ["A", "B", "C", "D"]


def new(**options: object) -> Game[GameState]:
    """A 1870 game; runs are not checked against the route optimiser (empty boards)."""
    return Game.new(Title1870(), PLAYERS, {"check_routes": False, "check_reach": False, **options})


def turn(game: Game[GameState], player: str, text: str) -> None:
    """Act, then end the stock turn if the engine did not already end it."""
    game.act(text, player)
    state = game.state
    if state.round == "stock" and state.stock.acted and game.current_players() == [player]:
        game.act("pass", player)


def stock_game(**options: object) -> Game[GameState]:
    game = new(**options)
    skip_auction(game)
    return game


# -- auction -------------------------------------------------------------------------------


def test_auction_buy_cheapest_bid_later_and_resolve() -> None:
    game = new()
    game.act("bid MRBC 45", "A")  # a bid on a later private: at least face + 5
    game.act("bid MRBC 50", "B")
    game.act("bid SLSF 145", "C")
    game.act("bid GRSC 20", "D")  # buys the cheapest at face value
    state = game.state
    assert state.privates["GRSC"].owner == "D"
    # MRBC has two bids: the lower bidder (A) acts first
    assert game.current_players() == ["A"]
    game.act("pass", "A")
    assert state.privates["MRBC"].owner == "B" and state.player("B").cash == 525 - 50
    assert state.player("A").cash == 525


def test_auction_minimum_bid_and_cash() -> None:
    game = new()
    with pytest.raises(IllegalAction):
        game.act("bid MRBC 44", "A")
    with pytest.raises(IllegalAction):
        game.act("bid GRSC 25", "A")  # the cheapest is bought at its price
    with pytest.raises(IllegalAction):
        game.act("bid MKT 600", "A")


def test_presidency_private_asks_for_par_then_floats() -> None:
    game = new()
    game.act("bid SLSF 145", "A")
    for player in ("B", "C", "D"):
        game.act("pass", player)
    game.act("bid GRSC 20", "A")
    for player, private in (("B", "MRBC"), ("C", "SCC"), ("D", "GSC")):
        game.act(f"bid {private} {game.title.min_bid(game.state, private)}", player)  # type: ignore[attr-defined]
    assert game.current_players() == ["A"]  # A won SLSF: par now
    game.act("par SLSF 100", "A")
    slsf = game.state.corps["SLSF"]
    assert slsf.floated and slsf.cash == 1000 and slsf.president == "A"


def test_all_pass_in_auction_lowers_the_cheapest() -> None:
    game = new()
    for player in PLAYERS:
        game.act("pass", player)
    assert game.state.privates["GRSC"].discount == 5
    game.act("bid GRSC 15", "A")
    assert game.state.privates["GRSC"].owner == "A"


# -- stock round ---------------------------------------------------------------------------


def test_par_buy_float_and_full_capitalisation() -> None:
    game = stock_game()
    game.act("par MP 76", "A")
    assert game.state.player("A").cash == 525 - 152
    for player in ("B", "C", "D", "A"):
        turn(game, player, "buy MP")
    mp = game.state.corps["MP"]
    assert mp.floated and mp.cash == 760
    assert invariant_problems(game) == []


def test_turn_ends_by_itself_when_nothing_else_is_possible() -> None:
    game = stock_game()
    game.act("par MP 76", "A")
    assert game.current_players() == ["B"]  # no second purchase, no sales in round 1


def test_sixty_percent_limit() -> None:
    game = stock_game()
    float_corp(game, "MP", "B", 76, {"B": 2, "A": 6})
    game.title.pay(game.state, "bank", "A", 200)  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="60%"):
        game.act("buy MP", "A")


def test_no_sales_in_the_first_stock_round() -> None:
    game = stock_game()
    float_corp(game, "MP", "A", 76)
    with pytest.raises(IllegalAction, match="first stock round"):
        game.act("sell MP 1", "A")


def test_sale_drops_price_and_passes_presidency() -> None:
    game = stock_game()
    game.state.stock.number = 2
    float_corp(game, "MP", "A", 76, {"A": 3, "B": 3})
    game.act("sell MP 2", "A")  # A 10%, B 30% -> B is president
    assert game.state.corps["MP"].president == "B"
    game.act("pass", "A")  # end of turn: B may protect (can pay) -> declines
    assert game.current_players() == ["B"]
    game.act("pass", "B")
    assert game.title.price(game.state, "MP") == 68  # type: ignore[attr-defined]
    assert game.state.corps["MP"].pool == 2


def test_cannot_buy_back_after_selling_and_pool_limit() -> None:
    game = stock_game()
    game.state.stock.number = 2
    float_corp(game, "MP", "A", 76, {"A": 6})
    game.state.corps["MP"].holders["B"] = 4
    game.state.corps["MP"].ipo = 0
    game.act("sell MP 4", "A")
    with pytest.raises(IllegalAction, match="sold MP"):
        game.act("buy MP pool", "A")
    with pytest.raises(IllegalAction, match="50%"):
        game.title.check_sale(game.state, "A", "MP", 2)  # type: ignore[attr-defined]


def test_round_ends_when_all_pass_and_sold_out_rises() -> None:
    game = stock_game()
    float_corp(game, "MP", "A", 76, {"A": 6, "B": 4})
    for player in PLAYERS:
        game.act("pass", player)
    state = game.state
    assert state.round == "operating"
    assert game.title.price(state, "MP") == 82  # type: ignore[attr-defined]


def test_priority_goes_left_of_the_last_actor() -> None:
    game = stock_game()
    game.act("pass", "A")
    turn(game, "B", "par MP 76")
    for player in ("C", "D", "A", "B"):
        if game.current_players() == [player]:
            game.act("pass", player)
    assert game.state.priority == 2  # C, left of B


# -- operating round -----------------------------------------------------------------------


def operating_game() -> Game[GameState]:
    game = stock_game()
    float_corp(game, "MP", "A", 76)
    float_corp(game, "MKT", "B", 68)
    start_operating(game)
    return game


def test_operating_order_by_price() -> None:
    game = operating_game()
    assert game.state.operating.order == ["MP", "MKT"]
    assert game.current_players() == ["A"]


def test_no_train_withholds_nothing_and_moves_left() -> None:
    game = operating_game()
    game.act("train 2", "A")
    assert game.title.price(game.state, "MP") == 72  # type: ignore[attr-defined]
    game.act("done", "A")
    assert game.current_players()[0] == "B"


def test_run_payout_pays_holders_and_treasury_and_moves_right() -> None:
    game = operating_game()
    give_train(game, "MP", "2")
    cash = game.state.corps["MP"].cash
    game.act("run 60", "A")
    game.act("dividend payout", "A")
    state = game.state
    assert state.player("A").cash == 525 - 6 * 76 + 36
    assert state.corps["MP"].cash == cash + 24  # 40% still in the initial offering
    assert game.title.price(state, "MP") == 82  # type: ignore[attr-defined]


def test_half_and_withhold() -> None:
    game = operating_game()
    give_train(game, "MP", "2")
    cash = game.state.corps["MP"].cash
    game.act("run 110", "A")
    game.act("dividend half", "A")  # company keeps 50, 60 paid out: $6 a share
    assert game.state.corps["MP"].cash == cash + 50 + 24
    assert game.title.price(game.state, "MP") == 76  # type: ignore[attr-defined]


def test_must_run_before_buying_and_must_own_a_train() -> None:
    game = operating_game()
    give_mp_a_route(game)  # §7.5: with a route, a company without a train must buy one
    give_train(game, "MP", "2")
    with pytest.raises(IllegalAction, match="run"):
        game.act("train 2", "A")
    game.state.corps["MP"].trains.clear()
    game.state.train_owner.clear()
    with pytest.raises(IllegalAction, match="must buy a train"):
        game.act("done", "A")


def test_first_train_of_a_type_changes_phase_and_rusts() -> None:
    game = operating_game()
    state = game.state
    state.depot["2"] = 7
    old = give_train(game, "MKT", "2")
    state.depot["3"] = 6
    game.title.pay(state, "bank", "@MP", 1000)  # type: ignore[attr-defined]
    game.act("train 4", "A")
    assert game.title.phase(state).name == "3"  # type: ignore[attr-defined]
    assert old not in state.corps["MKT"].trains  # 2-trains rust on the first 4
    assert total_money(game) == 12000


def test_train_limit_and_discard() -> None:
    game = operating_game()
    state = game.state
    for _ in range(4):
        give_train(game, "MKT", "2")
    state.depot["2"] = 7
    give_train(game, "MP", "3")
    state.depot["3"] = 6
    state.bought_types += ["2", "3"]
    state.phase = 1
    game.act("run 0", "A")
    game.act("train 4", "A")  # phase 3: limit 3, MKT holds four 2s? they rust; MP fine
    assert not game.title.over_limit(state)  # type: ignore[attr-defined]


def test_emergency_purchase_president_contributes() -> None:
    game = operating_game()
    give_mp_a_route(game)  # §7.5: with a route, a company without a train must buy one
    state = game.state
    state.corps["MP"].cash = 50
    game.act("train 2", "A")
    assert state.corps["MP"].cash == 0
    assert state.player("A").cash == 525 - 6 * 76 - 30


def test_buy_train_from_another_company() -> None:
    game = operating_game()
    train = give_train(game, "MKT", "2")
    game.act(f"train {train} from MKT price 1", "A")
    assert train in game.state.corps["MP"].trains


def test_token_costs() -> None:
    game = operating_game()
    cash = game.state.corps["MP"].cash
    game.act("token B19", "A")
    assert game.state.corps["MP"].cash == cash - 40
    with pytest.raises(IllegalAction, match="one token"):
        game.act("token D5", "A")
