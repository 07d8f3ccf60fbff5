"""1870 rules, one small position per rule (sections of ../shared/rules/1870-base.md)."""

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
)
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.testing import give_mp_a_route

PLAYERS = ["A", "B", "C", "D"]


def game_with(owners: dict[str, str] | None = None, **options: object) -> Game[GameState]:
    """A 1870 game after the auction (runs, track and token reach unchecked unless
    ``check_routes=True`` / ``check_reach=True``)."""
    game = Game.new(Title1870(), PLAYERS, {"check_routes": False, "check_reach": False, **options})
    skip_auction(game, owners)
    return game


def operating(owners: dict[str, str] | None = None, **options: object) -> Game[GameState]:
    game = game_with(owners, **options)
    float_corp(game, "MP", "A", 76)
    float_corp(game, "SSW", "B", 68)
    start_operating(game)
    return game


def price(game: Game[GameState], sym: str) -> int:
    return game.title.price(game.state, sym)  # type: ignore[attr-defined,no-any-return]


def test_2_1_starting_cash_bank_and_cert_limit() -> None:
    game = Game.new(Title1870(), PLAYERS)
    assert [p.cash for p in game.state.players] == [525] * 4
    assert game.state.bank == 12000 - 2100
    assert game.title.cert_limit(game.state) == 16  # type: ignore[attr-defined]
    game.state.corps["TP"].closed = True
    assert game.title.cert_limit(game.state) == 14  # type: ignore[attr-defined]


def test_2_2_slsf_floats_at_20_percent() -> None:
    game = game_with()
    game.act("par SLSF 100", "A")
    assert game.state.corps["SLSF"].floated
    assert game.state.corps["SLSF"].cash == 1000


def test_2_3_mkt_private_carries_a_share() -> None:
    game = game_with({"MKT": "A"})
    assert game.state.corps["MKT"].holders == {"A": 1}
    assert game.state.player("A").cash == 525 - 160


def test_2_5_phase_4_closes_privates_and_limits_trains() -> None:
    game = operating({"GRSC": "C"})
    state = game.state
    for name, count in (("2", 7), ("3", 6), ("4", 5)):
        state.depot[name] = count
    state.bought_types += ["2", "3", "4"]
    state.phase = 2
    game.title.pay(state, "bank", "@MP", 1000)  # type: ignore[attr-defined]
    game.act("train 5", "A")
    assert state.privates["GRSC"].closed
    assert game.title.train_limit(state) == 2  # type: ignore[attr-defined]


def test_5_3_sold_out_rise_counts_redeemed_shares() -> None:
    game = game_with()
    float_corp(game, "MP", "A", 76, {"A": 6, "B": 3})
    game.state.corps["MP"].ipo = 0
    game.state.corps["MP"].treasury = 1
    for player in PLAYERS:
        game.act("pass", player)
    assert price(game, "MP") == 82


def test_6_4_price_protection_keeps_the_price() -> None:
    game = game_with()
    game.state.stock.number = 2
    float_corp(game, "MP", "A", 76, {"A": 3, "B": 3})
    game.act("pass", "A")
    game.act("sell MP 1", "B")
    game.act("pass", "B")
    assert game.current_players() == ["A"]
    game.act("protect MP", "A")
    assert price(game, "MP") == 76
    assert game.state.corps["MP"].holders["A"] == 4
    assert game.current_players() == ["B"]  # play resumes left of the protector
    assert invariant_problems(game) == []


def test_6_4_mayfair_no_protection_after_selling_it() -> None:
    game = game_with(protect_if_sold=False)
    game.state.stock.number = 2
    float_corp(game, "MP", "A", 76, {"A": 4, "B": 3})
    game.state.stock.sold["A"] = ["MP"]
    game.act("pass", "A")
    game.act("sell MP 1", "B")
    game.act("pass", "B")
    assert game.current_players() == ["C"]
    assert price(game, "MP") == 72


def test_6_5_redemption_from_the_pool_or_a_player() -> None:
    game = game_with()
    float_corp(game, "MP", "A", 76, {"A": 4, "B": 3})
    mp = game.state.corps["MP"]
    mp.operated = True
    mp.ipo = 1
    mp.pool = 2
    state_1870(game.state).cash_at_sr_start["MP"] = mp.cash
    with pytest.raises(IllegalAction, match="market share"):
        game.act("redeem MP B", "A")
    game.act("redeem MP pool", "A")
    assert mp.treasury == 1 and mp.pool == 1
    assert game.current_players() == ["B"]  # a redemption is the president's whole turn


def test_6_6_reissue_at_three_quarters_capped() -> None:
    game = game_with()
    float_corp(game, "MP", "A", 76, {"A": 6, "B": 3})
    mp = game.state.corps["MP"]
    mp.ipo, mp.treasury, mp.operated = 0, 1, True
    game.title.move_to(game.state, "MP", (0, 16), None)  # type: ignore[attr-defined]
    game.act("reissue MP", "A")
    # 300 * 3/4 = 225, Dixon caps at 200
    assert "MP" in state_1870(game.state).reissued and mp.par == 200
    cash = mp.cash
    game.act("buy MP treasury", "B")
    assert mp.cash == cash + 200


def test_7_1_two_yellow_lays_or_one_upgrade_and_terrain() -> None:
    game = operating()
    cash = game.state.corps["MP"].cash
    game.act("lay E12 57 rot 2", "A")  # mountain: $60
    game.act("lay F13 8 rot 0", "A")  # mountain: $60
    assert game.state.corps["MP"].cash == cash - 120
    with pytest.raises(IllegalAction, match="no more tile lays"):
        game.act("lay D11 8 rot 0", "A")


def test_7_1_upgrade_is_the_only_lay_and_needs_the_phase() -> None:
    game = operating()
    game.state.tiles["B9"] = ["57", 0]
    game.state.tile_used["57"] = 1
    with pytest.raises(IllegalAction, match="green"):
        game.act("lay B9 14 rot 0", "A")
    game.state.phase = 1
    game.act("lay B9 14 rot 0", "A")
    with pytest.raises(IllegalAction, match="no more tile lays"):
        game.act("lay D11 8 rot 0", "A")


def test_2_7_tile_manifest() -> None:
    game = operating(tiles="dixon")
    game.state.tile_used["57"] = 5
    with pytest.raises(IllegalAction, match="no tile 57 left"):
        game.act("lay B9 57 rot 0", "A")


def test_9_2_bridge_company_bought_in_phase_1_lays_free() -> None:
    game = operating({"MRBC": "C"})
    game.act("private MRBC 40", "A")
    assert game.state.player("C").cash == 525 - 40 + 40 + 10
    cash = game.state.corps["MP"].cash
    game.act("lay C18 5 rot 3 with MRBC", "A")  # $40 river, $40 discount, extra lay
    game.act("lay C20 8 rot 1", "A")
    game.act("lay B21 9 rot 0", "A")
    assert game.state.corps["MP"].cash == cash


def test_9_7_only_mp_or_ssw_buy_privates_in_phase_1() -> None:
    game = operating({"SCC": "C"})
    with pytest.raises(IllegalAction):
        game.act("private SCC 50", "A")


def test_9_3_cattle_and_9_4_port_tokens() -> None:
    game = operating({"SCC": "C", "GSC": "D"})
    state = game.state
    state.phase = 1
    game.act("private SCC 100", "A")  # up to twice face value from phase 2
    with pytest.raises(IllegalAction):
        game.act("assign SCC H17", "A")  # Memphis is on the Mississippi
    game.act("assign SCC B11", "A")
    assert state_1870(state).cattle == "B11"
    game.act("private GSC 40", "A")
    game.act("assign GSC M20", "A")
    game.act("assign GSC M20", "A")  # the closed port closes the private
    assert state.privates["GSC"].closed and state_1870(state).port_closed


class Connected1870(Title1870):
    """1870 with every destination taken as reachable (to test the connection run alone)."""

    def hook_can_connect(self, state: GameState, sym: str) -> bool | None:
        return True


def connected_game(*trained: str) -> Game[GameState]:
    """MP ($76, A) and SSW ($68, B) start an operating round; the companies named hold a
    2-train when it starts (so the round's first destination check finds them)."""
    game = Game.new(Connected1870(), PLAYERS, {"check_routes": False})
    skip_auction(game)
    float_corp(game, "MP", "A", 76)
    float_corp(game, "SSW", "B", 68)
    for sym in trained:
        give_train(game, sym, "2")
    start_operating(game)
    return game


def test_8_1_no_connection_without_track() -> None:
    game = game_with()
    float_corp(game, "MP", "A", 76)
    float_corp(game, "SSW", "B", 68)
    give_train(game, "SSW", "2")
    start_operating(game)
    assert game.current_players() == ["A"]  # SSW's president is not offered a connection
    with pytest.raises(IllegalAction):
        game.act("connect SSW map", "B")


def test_8_2_the_round_starts_with_the_connections_found_before_it() -> None:
    """§8.1 "if caused during a stock round, it is the first action of the next OR"; §8.2
    "[T] checks at the start of each OR": SSW's run comes before MP operates, and a
    connection is made, not offered (nothing else may happen first)."""
    game = connected_game("SSW")
    assert game.current_players() == ["B"]
    with pytest.raises(IllegalAction, match="waiting for B"):
        game.act("lay E12 57 rot 0", "A")
    game.act("connect SSW map", "B")
    game.act("run 60", "B")
    game.act("dividend withhold", "B")
    assert game.title.current_corp(game.state) == "MP"  # type: ignore[attr-defined]
    assert game.current_players() == ["A"]


def test_8_connection_run_pays_out_or_withholds_without_moving() -> None:
    game = connected_game("SSW")
    game.act("connect SSW map", "B")
    assert game.current_players() == ["B"]
    game.act("run 60", "B")
    game.act("dividend withhold", "B")
    assert price(game, "SSW") == 68
    assert state_1870(game.state).connected == {"SSW": "map"}
    with pytest.raises(IllegalAction):
        game.act("connect SSW map", "B")  # only one connection run


def test_8_4_charter_choice_gives_an_extra_100_token() -> None:
    game = connected_game("SSW")
    game.act("connect SSW charter", "B")
    assert game.state.corps["SSW"].extra_tokens == [100]


def test_8_4_a_connection_run_of_nothing_does_not_move() -> None:
    """§8.4 "paid out in full (price right one) or withheld": 18xx.games'
    ``ConnectionDividend`` moves the price only for a positive payout."""
    game = connected_game("SSW")
    game.act("connect SSW map", "B")
    game.act("run 0", "B")
    assert price(game, "SSW") == 68 and game.current_players() == ["A"]


def test_8_4_a_token_already_in_the_destination_stays_on_the_charter() -> None:
    """§8.4: the token goes on the map or the charter; 18xx.games offers only ``Charter``
    when the company already has a token in its destination city."""
    game = Game.new(Connected1870(), PLAYERS, {"check_routes": False})
    skip_auction(game)
    float_corp(game, "MP", "A", 76)
    float_corp(game, "SSW", "B", 68)
    give_train(game, "SSW", "2")
    state = game.state
    state.corps["SSW"].tokens.append(Title1870().spec(state).corp("SSW").destination)
    start_operating(game)
    with pytest.raises(IllegalAction, match="charter"):
        game.act("connect SSW map", "B")
    game.act("connect SSW charter", "B")


def test_8_4_one_connection_route_joins_home_and_destination() -> None:
    """§8.4 "at least one train must run home→destination" (18xx.games
    ``check_route_combination``: both ends of one route in those hexes)."""
    from transcon.titles.t1870.game.runs import joins_home_and_destination

    spec = Title1870().spec(Game.new(Title1870(), PLAYERS).state).corp("SSW")
    home, destination = spec.home, spec.destination
    assert joins_home_and_destination("SSW", [(f"{destination}-0", "~X1", f"{home}-0")])
    assert not joins_home_and_destination("SSW", [(f"{home}-0", f"{destination}-0", "A1")])
    assert not joins_home_and_destination("SSW", [(f"{home}-0",)])


def test_8_2_a_connection_made_in_a_turn_runs_when_that_turn_ends() -> None:
    """§8.2: "after the company whose action created the connection finishes, the
    connections are run — that company first if it qualifies, then the others in
    share-price order" (18xx.games checks at the end of every company turn, the operating
    company first): MP buys its first train, and at the end of its turn MP and then SSW
    connect; only then does SSW operate."""
    game = connected_game("SSW")
    game.act("connect SSW map", "B")
    game.act("run 60", "B")
    game.act("dividend withhold", "B")
    give_train(game, "SSW", "2")
    game.act("train 2", "A")
    game.act("done", "A")
    assert game.current_players() == ["A"]  # MP (the company whose turn ended) first
    game.act("connect MP map", "A")
    game.act("run 40", "A")
    game.act("dividend payout", "A")
    assert game.title.current_corp(game.state) == "SSW"  # type: ignore[attr-defined]


def test_8_2_a_connection_dividend_reorders_the_companies_still_to_operate() -> None:
    """§8.4 a paid-out connection run moves the price right; 18xx.games re-sorts the
    companies still to operate after each connection dividend (``recalculate_order``):
    GMO's payout at the start of the round moves it to $76 in the column right of SSW's $76
    (§7: right first), so GMO now operates before SSW; MP, whose turn it is, stays first."""
    game = Game.new(Connected1870(), PLAYERS, {"check_routes": False})
    skip_auction(game)
    float_corp(game, "MP", "A", 82)
    float_corp(game, "SSW", "B", 76)
    float_corp(game, "GMO", "C", 72)
    give_train(game, "GMO", "2")
    start_operating(game)
    assert game.state.operating.order == ["MP", "SSW", "GMO"]
    game.act("connect GMO map", "C")
    game.act("run 60", "C")
    game.act("dividend payout", "C")
    assert price(game, "GMO") == 76
    assert game.state.operating.order == ["MP", "GMO", "SSW"]
    assert game.current_players() == ["A"]


def test_12_finish_on_400_ends_after_the_turn() -> None:
    game = operating(finish_on_400=True)
    give_train(game, "MP", "2")
    game.title.move_to(game.state, "MP", (1, 20), None)  # type: ignore[attr-defined]
    game.act("run 60", "A")
    game.act("dividend payout", "A")
    assert price(game, "MP") == 400
    game.act("done", "A")
    assert game.is_over() and game.state.end_reason == "stock_market"


@pytest.mark.parametrize("finish_turn", [True, False])
def test_12_finish_on_400_reached_at_the_end_of_a_stock_round_nobody_operates(
    finish_turn: bool,
) -> None:
    """§12 ($400 finish, Dixon §16.1): "if reached at the end of an SR, nobody operates"
    (18xx.games ends the game at once too: ``stock_market: :immediate``)."""
    game = game_with(finish_on_400=True, finish_turn_on_400=finish_turn)
    float_corp(game, "MP", "A", 76, {"A": 6, "B": 4})  # players hold every share
    game.title.move_to(game.state, "MP", (1, 20), None)  # type: ignore[attr-defined]
    cash = [p.cash for p in game.state.players]
    for player in PLAYERS:
        game.act("pass", player)
    assert price(game, "MP") == 400  # the sold-out rise
    assert game.is_over() and game.state.end_reason == "stock_market"
    assert [p.cash for p in game.state.players] == cash  # no operating round, no revenue


@pytest.mark.parametrize("to_pool", [False, True])
def test_12_diesels_trade_in(to_pool: bool) -> None:
    """§12 diesels: $300 off for a 4, 5 or 6 traded in. The rules do not say where it goes:
    out of the game by default; with ``trade_in_to_pool`` to the open market, for sale at
    its price (18xx.games ``reclaim_train``; oracle fuzzing, seed 1870096)."""
    game = operating(diesels=True, trade_in_to_pool=to_pool)
    state = game.state
    for name, count in (("2", 7), ("3", 6), ("4", 5), ("5", 4), ("6", 3)):
        state.depot[name] = count
    state.bought_types += ["2", "3", "4", "5", "6"]
    state.phase = 4
    old = give_train(game, "MP", "6")
    state.depot["6"] = 3
    game.act("run 0", "A")
    game.title.pay(state, "bank", "@MP", 1000)  # type: ignore[attr-defined]
    cash = state.corps["MP"].cash
    game.act(f"train D exchange {old}", "A")
    assert state.corps["MP"].cash == cash - 800
    assert game.title.phase(state).name == "D"  # type: ignore[attr-defined]
    assert state.pool_trains == ([old] if to_pool else [])
    assert old not in state.corps["MP"].trains


def test_11_bank_break_finishes_the_set() -> None:
    game = operating()
    give_train(game, "MP", "2")
    state = game.state
    game.title.pay(state, "bank", "@SSW", state.bank - 10)  # type: ignore[attr-defined]
    game.act("run 60", "A")
    game.act("dividend payout", "A")
    assert state.bank_broken and state.end_after == "set"
    game.act("done", "A")
    game.act("train 2", "B")
    game.act("done", "B")
    assert game.is_over() and game.state.end_reason == "bank"


def test_11_bankruptcy_when_a_forced_purchase_cannot_be_paid() -> None:
    game = game_with()
    float_corp(game, "MP", "A", 76, {"A": 2})
    start_operating(game)
    give_mp_a_route(game)  # §7.5: MP has a route, so it must buy a train
    state = game.state
    title = game.title
    title.pay(state, "@MP", "bank", state.corps["MP"].cash)  # type: ignore[attr-defined]
    title.pay(state, "A", "bank", 450)  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="must buy a train"):
        game.act("done", "A")
    game.act("bankrupt", "A")
    assert game.is_over() and state.end_reason == "bankrupt"


def test_7_1_tile_must_fit_the_hex_and_keep_track() -> None:
    game = operating()
    with pytest.raises(IllegalAction, match="different stops"):
        game.act("lay E12 8 rot 0", "A")  # a city hex needs a city tile
    game.state.tiles["B9"] = ["57", 0]
    game.state.tile_used["57"] = 1
    game.state.phase = 1
    with pytest.raises(IllegalAction, match="existing track"):
        game.act("lay B9 15 rot 1", "A")
    game.act("lay B9 15 rot 0", "A")


def test_7_2_tokens_need_a_free_city_space() -> None:
    game = operating()
    with pytest.raises(IllegalAction, match="no free token space"):
        game.act("token D11", "A")  # no city
    game.state.corps["SSW"].tokens.append("D5")  # Wichita: one space, now taken
    with pytest.raises(IllegalAction, match="no free token space"):
        game.act("token D5", "A")
    with pytest.raises(IllegalAction, match="no free token space"):
        game.act("token B9", "A")  # Topeka: ATSF's home is reserved
    game.act("token B19", "A")


def test_8_3_a_paying_run_must_name_routes() -> None:
    game = operating(check_routes=True)
    give_train(game, "MP", "2")
    with pytest.raises(IllegalAction, match="names its routes"):
        game.act("run 60", "A")  # no track yet: nothing to run
    game.act("run 0", "A")


def ssw_turn(owners: dict[str, str]) -> Game[GameState]:
    """SSW's first turn of the first OR (phase 1), MP having operated."""
    game = operating(owners)
    game.act("train 2", "A")
    game.act("done", "A")
    return game


def test_9_2_mrbc_bought_in_the_first_or_lays_the_home_tile_free() -> None:
    """1870-base.md §9.2: "In phase 1 only MP or SSW may buy it ...; if one of them buys it
    during its first OR, it lays a tile in its home city free and in addition to its normal
    lays, but may not upgrade that tile in the same OR." SSW's home, Memphis (H17), is a $60
    river hex: free, not $60 - $40."""
    game = ssw_turn({"MRBC": "C"})
    game.act("private MRBC 40", "B")
    cash = game.state.corps["SSW"].cash
    game.act("lay H17 5 rot 0 with MRBC", "B")
    assert game.state.corps["SSW"].cash == cash
    with pytest.raises(IllegalAction, match="already got a tile"):
        game.act("lay H17 5 rot 1", "B")  # no second tile (no upgrade) there this OR
    game.act("lay C20 8 rot 1", "B")  # the normal lays are still there
    game.act("lay B21 9 rot 0", "B")
    assert game.state.corps["SSW"].cash == cash


def test_9_2_mrbc_lay_after_the_first_or_has_the_40_discount_only() -> None:
    """1870-base.md §9.2: the free home lay is for a purchase during the company's first OR;
    otherwise the MRBC gives one Mississippi lay with a $40 discount ($60 - $40 at Memphis)."""
    game = ssw_turn({"MRBC": "C"})
    game.state.corps["SSW"].operated = True  # as if SSW had operated in an earlier OR
    game.act("private MRBC 40", "B")
    cash = game.state.corps["SSW"].cash
    game.act("lay H17 5 rot 0 with MRBC", "B")
    assert game.state.corps["SSW"].cash == cash - 20


def test_9_2_the_track_step_ends_with_the_last_lay_so_a_later_mrbc_gives_no_lay() -> None:
    """§9.2 with §7.1: the MRBC's lay is a track-step power. 18xx.games passes the track
    step as soon as no lay is left (unless the company owns the MRBC with its lay unused, or
    may buy it then: ``tile_lay_abilities_should_block?``, ``can_buy_tile_laying_company?``)
    and its MRBC lay is ``when: 'track'``: bought after the last lay, it lays nothing this
    turn (oracle fuzzing, seeds 1870032 and 1870033)."""
    game = ssw_turn({"MRBC": "C"})
    game.act("lay C20 8 rot 1", "B")
    game.act("lay B21 9 rot 0", "B")
    game.act("private MRBC 40", "B")
    with pytest.raises(IllegalAction, match="no more tile lays"):
        game.act("lay H17 5 rot 0 with MRBC", "B")
    owned_first = ssw_turn({"MRBC": "C"})
    owned_first.act("private MRBC 40", "B")
    owned_first.act("lay C20 8 rot 1", "B")
    owned_first.act("lay B21 9 rot 0", "B")
    owned_first.act("lay H17 5 rot 0 with MRBC", "B")  # the step waited for the MRBC lay


def test_5_3_a_company_that_closes_as_it_withholds_buys_no_private_after_its_track() -> None:
    """§5.3 with §7.3: a company that cannot run (no train, or no legal route for its
    trains) withholds, and a withhold into the closing zone or to $0 closes it. 18xx.games
    skips such a company's run as soon as its track step is over and closes it there, so it
    buys no private after its lays (oracle fuzzing, seed 1870035: SLSF with trains and no
    route bought SCC after its upgrade; 18xx.games: "Blocking step Buy or Sell Shares cannot
    process action buy_company")."""
    game = operating({"MRBC": "C"})
    give_train(game, "MP", "2")
    game.title.move_to(game.state, "MP", (7, 0), None)  # type: ignore[attr-defined]
    game.act("lay C20 8 rot 1", "A")
    game.act("lay B21 9 rot 0", "A")  # no lay left, and no route from Kansas City
    with pytest.raises(IllegalAction, match="MP closes as it withholds: it buys no private"):
        game.act("private MRBC 40", "A")
    game.act("run 0", "A")
    assert game.state.corps["MP"].closed
