"""Rules where 18xx.games and our first reading differed (issue 12), one position per rule.

Each test cites the rule (../shared/rules/1870-base.md sections) and the 18xx.games
behaviour (its ``lib/engine/game/g_1870`` engine) the position was checked against.
"""

from __future__ import annotations

from typing import Any

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import (
    float_corp,
    give_train,
    skip_auction,
    start_operating,
)
from transcon.eighteen.tiles import NODE_BASE
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.testing import PLAYERS, give_mp_a_route, stock_game


def price(game: Game[GameState], sym: str) -> int:
    return game.title.price(game.state, sym)  # type: ignore[attr-defined,no-any-return]


def put_at(game: Game[GameState], sym: str, cell: tuple[int, int]) -> None:
    game.title.move_to(game.state, sym, cell, None)  # type: ignore[attr-defined]


def brown_pool_position(**options: object) -> Game[GameState]:
    """MP at $30 (brown) with four shares in the pool; A holds 20% of SSW to sell."""
    game = stock_game(**options)
    float_corp(game, "MP", "B", 76, {"B": 3, "C": 3})
    float_corp(game, "SSW", "B", 68, {"B": 2, "A": 2})
    state = game.state
    state.corps["MP"].ipo, state.corps["MP"].pool = 0, 4
    put_at(game, "MP", (6, 1))
    assert price(game, "MP") == 30 and game.title.zone(state, "MP") == "b"  # type: ignore[attr-defined]
    return game


def test_5_2_brown_several_pool_buys_after_a_sale() -> None:
    """§5.2 brown: any number of open-market shares of that company in one turn; §6.1 a turn
    may be sell-then-buy. 18xx.games ``can_buy_multiple?`` allows it after a sale (only a
    par, an initial-offering buy or a buy of another company earlier in the turn forbid it)."""
    game = brown_pool_position()
    game.act("sell SSW 1", "A")
    game.act("buy MP pool", "A")
    game.act("buy MP pool", "A")
    assert game.state.corps["MP"].holders["A"] == 2
    with pytest.raises(IllegalAction, match="sell-buy-sell"):
        game.act("sell MP 1", "A")  # 18xx.games ``can_sell_order?``: no sale after that buy


def test_5_2_no_brown_multi_buy_after_an_initial_offering_buy() -> None:
    """§5.2: initial-offering shares one at a time; 18xx.games (``bought_from_ipo``,
    ``MULTIPLE_BUY_ONLY_FROM_MARKET``) allows no further buy after one in the same turn."""
    game = brown_pool_position()
    game.state.corps["MP"].ipo, game.state.corps["MP"].pool = 1, 3
    game.act("buy MP", "A")
    with pytest.raises(IllegalAction, match="one purchase per turn"):
        game.act("buy MP pool", "A")


def test_5_3_sold_out_counts_redeemed_shares_but_not_reissued_ones() -> None:
    """§5.3 sold out: all shares held by players, counting shares the company redeemed;
    18xx.games ``Round::Stock#sold_out?``: players plus non-buyable treasury shares = 100%.
    Reissued treasury shares are for sale, so the company is not sold out."""
    game = stock_game()
    float_corp(game, "MP", "A", 76, {"A": 6, "B": 3})
    state = game.state
    state.corps["MP"].ipo, state.corps["MP"].treasury = 0, 1
    assert game.title.sold_out(state, "MP")  # type: ignore[attr-defined]
    state_1870(state).reissued.append("MP")
    assert not game.title.sold_out(state, "MP")  # type: ignore[attr-defined]
    for player in PLAYERS:
        game.act("pass", player)
    assert price(game, "MP") == 76  # no rise at the end of the round


def test_11_bankruptcy_sells_what_it_can_zeroes_cash_and_ends_at_once() -> None:
    """§11 bankruptcy: the player is worth only the unsold shares and privates. 18xx.games
    (``step/bankrupt.rb``): the company's skipped steps complete (no train: withhold, price
    left), every share the player may sell goes to the market (pool limit, never the
    president's certificate of the operating company; another company's presidency passes
    to a 20% holder) without price drops, the player's cash goes to the bank, game over."""
    game = stock_game()
    float_corp(game, "MP", "A", 76, {"A": 2})
    float_corp(game, "SSW", "B", 68, {"B": 4, "A": 3})
    float_corp(game, "GMO", "A", 76, {"A": 2, "D": 2})
    put_at(game, "SSW", (7, 0))  # $10
    put_at(game, "GMO", (7, 1))  # $20
    start_operating(game)
    give_mp_a_route(game)  # §7.5: MP has a route, so it must buy a train
    state = game.state
    title = game.title
    assert state.operating.order[0] == "MP"
    title.pay(state, "@MP", "bank", state.corps["MP"].cash)  # type: ignore[attr-defined]
    title.pay(state, "A", "bank", state.player("A").cash - 5)  # type: ignore[attr-defined]
    ssw, gmo = price(game, "SSW"), price(game, "GMO")
    game.act("bankrupt", "A")
    assert game.is_over() and state.end_reason == "bankrupt"
    assert state.player("A").cash == 0
    assert price(game, "MP") == 72  # withheld (no train): one left from 76
    assert state.corps["MP"].holders == {"A": 2}  # the operating company's presidency stays
    assert state.corps["SSW"].holders.get("A", 0) == 0 and state.corps["SSW"].pool == 3
    assert state.corps["GMO"].president == "D" and state.corps["GMO"].pool == 2
    assert (price(game, "SSW"), price(game, "GMO")) == (ssw, gmo)  # no drops
    assert game.result()["A"] == 2 * 72


def test_3_contested_private_is_auctioned_above_the_top_bid() -> None:
    """§3: a contested private is auctioned when it becomes the cheapest; a bid must beat
    the top bid by $5. 18xx.games ``WaterfallAuction#min_bid``: the face value applies only
    to a purchase outside an auction. (Found by the oracle fuzzing, seed 5.)"""
    game = Game.new(Title1870(), ["A", "B"], {"check_routes": False})
    for private in ("GRSC", "MRBC", "SCC", "GSC"):
        game.state.privates[private].owner = "A"
    game.act("bid MKT 165", "A")
    game.act("bid MKT 170", "B")
    game.act("bid SLSF 140", "A")
    game.act("par SLSF 100", "A")
    assert game.state.auction.auctioning == "MKT"
    with pytest.raises(IllegalAction, match="minimum bid on MKT is 175"):
        game.act("bid MKT 160", "A")
    game.act("bid MKT 175", "A")


def test_3_priority_follows_the_last_purchase_at_face_value() -> None:
    """§3/U3 (1830 waterfall): the priority deal goes to the player left of the last one who
    bought a private at its price; 18xx.games sets ``last_to_act`` only there (a bid, a
    pass or winning a contested auction does not move it). (Oracle fuzzing, seed 5.)"""
    game = Game.new(Title1870(), ["A", "B"], {"check_routes": False})
    for private in ("GRSC", "MRBC", "SCC", "GSC"):
        game.state.privates[private].owner = "A"
    game.act("bid MKT 165", "A")
    game.act("bid MKT 170", "B")
    game.act("bid SLSF 140", "A")  # bought at its price: priority to B
    game.act("par SLSF 100", "A")
    game.act("bid MKT 175", "A")
    game.act("pass", "B")  # A wins MKT in the auction
    assert game.state.round == "stock"
    assert game.current_players() == ["B"]


def test_6_1_a_company_is_sold_once_per_turn() -> None:
    """§6.1: in a turn a player sells a company's shares together, in one sale; 18xx.games
    1870 ``MUST_SELL_IN_BLOCKS`` refuses a second sale of the same company in the same turn.
    (Oracle fuzzing, seed 5.)"""
    game = stock_game()
    float_corp(game, "MP", "B", 76, {"B": 3, "A": 3})
    game.act("sell MP 1", "A")
    with pytest.raises(IllegalAction, match="already sold this turn"):
        game.act("sell MP 1", "A")


def test_2_2_shares_sold_back_to_the_market_count_for_floating() -> None:
    """§2.2 a company floats when 60% has been sold from the initial offering; 18xx.games
    ``Corporation#floated?`` counts shares since sold to the market. (Oracle fuzzing.)"""
    game = stock_game()
    state = game.state
    game.act("par MP 76", "A")
    corp = state.corps["MP"]
    corp.ipo, corp.pool = 5, 2  # 50% sold; two of those shares are back in the market
    corp.holders = {"A": 2, "B": 1}
    if game.current_players() == ["A"]:
        game.act("pass", "A")
    game.act("buy MP", "B")
    assert corp.floated and corp.cash == 760


def upgrade_position(**options: object) -> Game[GameState]:
    game = Game.new(Title1870(), PLAYERS, {"check_routes": False, **options})
    skip_auction(game)
    float_corp(game, "SLSF", "A", 100)
    state = game.state
    state.tiles.update({"E12": ["5", 5], "F13": ["7", 2], "E14": ["8", 4], "F11": ["9", 0]})
    state.tile_used.update({"5": 1, "7": 1, "8": 1, "9": 1})
    state.phase = 1  # green tiles
    start_operating(game)
    return game


def test_7_1_an_upgrade_must_give_new_track_or_city_value_as_18xx_games() -> None:
    """§7.1 (1870-base.md: the tile must connect); 18xx.games' ``TRACK_RESTRICTION``
    semi-restrictive also wants new track the company reaches or a changed city value:
    SLSF's straight in F11 upgraded to #18 adds only track SLSF cannot reach (oracle
    fuzzing, seed 6: "Must use new track or change city value")."""
    strict = upgrade_position(upgrade_must_add=True)
    with pytest.raises(IllegalAction, match="no new track and no new city value"):
        strict.act("lay F11 18 rot 0", "A")
    upgrade_position().act("lay F11 18 rot 0", "A")  # Dixon: connecting is enough


def test_6_4_sales_wait_in_order_for_protection() -> None:
    """§6.4/§5.3: price drops follow the protection decisions; 18xx.games ``sell_queue``
    offers the sales of a turn one at a time in the order made, so a later sale nobody can
    protect drops only after the earlier one is decided (the order of arrival in the new
    market cell, which breaks operating ties). (Oracle fuzzing, seed 100.)"""
    game = stock_game()
    float_corp(game, "MP", "A", 76, {"A": 3, "C": 2})
    float_corp(game, "SSW", "B", 76, {"B": 3, "C": 2})
    state = game.state
    game.title.pay(state, "B", "bank", state.player("B").cash)  # type: ignore[attr-defined]
    game.act("pass", "A")
    game.act("pass", "B")
    game.act("sell MP 1", "C")
    game.act("sell SSW 1", "C")
    game.act("pass", "C")
    assert game.current_players() == ["A"]  # MP's president decides first
    game.act("pass", "A")
    mp, ssw = state.corps["MP"], state.corps["SSW"]
    assert mp.cell == ssw.cell and mp.arrival < ssw.arrival


def test_7_1_no_track_off_the_map_or_through_a_barrier() -> None:
    """§7.1 tiles fit the map; 18xx.games ``legal_tile_rotation?`` (``hex_neighbor_exists?``)
    refuses exits into no hex or across an impassable side: N19 has neither side 5 nor
    sides 0 and 1, so no straight fits it ("N19 is not legally rotated for 9", seed 7)."""
    from transcon.titles.t1870.game.reach import lay_problem

    game = Game.new(Title1870(), PLAYERS)
    for rotation in range(6):
        assert "off the map" in (lay_problem(game.state, "N19", "9", rotation) or "")
    assert lay_problem(game.state, "N19", "7", 3) is None  # a curve joining sides 3 and 4


def test_7_1_new_track_counts_only_where_the_network_walks_into_it() -> None:
    """18xx.games walks the network into a path from a neighbouring hex or a reached stop,
    never from another path's end inside the hex (no turning at a junction): MP's curve in
    C16 upgraded to #25 adds a branch from the side its track leaves by, which MP cannot
    use (oracle fuzzing, seed 201)."""
    game = Game.new(Title1870(), PLAYERS, {"check_routes": False, "upgrade_must_add": True})
    skip_auction(game)
    float_corp(game, "MP", "A", 76)
    state = game.state
    state.tiles.update({"C18": ["5", 0], "C16": ["8", 4]})
    state.tile_used.update({"5": 1, "8": 1})
    state.corps["MP"].tokens = ["C18"]
    state.phase = 1
    start_operating(game)
    with pytest.raises(IllegalAction, match="no new track"):
        game.act("lay C16 25 rot 0", "A")


def forced_sale_position() -> Game[GameState]:
    """An operating round: MP ($82, A), SSW ($76, B) and GMO ($72, C) operate in that
    order. MP has no train and no cash; its president A has $10 and 20% of SSW to sell."""
    game = stock_game()
    float_corp(game, "MP", "A", 82)
    float_corp(game, "SSW", "B", 76, {"B": 2, "A": 2})
    float_corp(game, "GMO", "C", 72)
    start_operating(game)
    give_mp_a_route(game)  # §7.5: MP has a route, so it must buy a train
    state = game.state
    title = game.title
    title.pay(state, "@MP", "bank", state.corps["MP"].cash)  # type: ignore[attr-defined]
    title.pay(state, "A", "bank", state.player("A").cash - 10)  # type: ignore[attr-defined]
    assert state.operating.order == ["MP", "SSW", "GMO"]
    game.act("sell SSW 1", "A")
    game.act("train 2", "A")
    return game


def test_6_4_a_forced_sale_in_an_operating_round_is_offered_at_the_turn_end() -> None:
    """§6.4 (sales "when forced to sell during an OR") and §7.5 (price protection applies
    to those sales): 18xx.games queues the sale (``sell_queue``) and offers it to SSW's
    president when MP's turn ends (its ``PriceProtection`` step follows the purchases);
    protecting buys the share at the old price and the price stays."""
    game = forced_sale_position()
    state = game.state
    assert price(game, "SSW") == 76  # not yet dropped
    game.act("done", "A")
    assert game.current_players() == ["B"]
    cash = state.player("B").cash
    game.act("protect SSW", "B")
    assert price(game, "SSW") == 76
    assert state.player("B").cash == cash - 76 and state.corps["SSW"].holders["B"] == 3
    assert game.title.current_corp(state) == "SSW"  # type: ignore[attr-defined]
    assert state.operating.order == ["MP", "SSW", "GMO"]


def test_6_4_a_declined_operating_round_sale_drops_and_reorders_the_companies_to_come() -> None:
    """§6.4/§7: declined, the price drops a row ($76 to $72, behind GMO which was there
    first) and 18xx.games re-sorts the companies still to operate in this round
    (``recalculate_order``): GMO now operates before SSW."""
    game = forced_sale_position()
    state = game.state
    game.act("done", "A")
    game.act("pass", "B")
    assert price(game, "SSW") == 72
    assert state.operating.order == ["MP", "GMO", "SSW"]
    assert game.title.current_corp(state) == "GMO"  # type: ignore[attr-defined]


def test_6_1_no_sale_of_a_company_not_yet_started() -> None:
    """§2.3/§6.1: the MKT private's 10% share has no market until MKT is started;
    18xx.games (``all_bundles_for_corporation``: nothing to sell before ``ipoed``) offers
    no sale, so a player holding only it has nothing to do (oracle fuzzing, seed 1870014)."""
    game = Game.new(Title1870(), PLAYERS, {"check_routes": False, "check_reach": False})
    from transcon.eighteen.framework.testing import skip_auction as give

    give(game, {"MKT": "A"})
    game.state.stock.number = 2
    assert game.state.corps["MKT"].holders["A"] == 1
    with pytest.raises(IllegalAction, match="has not started"):
        game.act("sell MKT 1", "A")


def test_6_2_a_player_over_the_certificate_limit_must_sell_first() -> None:
    """§6.2 certificate limit: 18xx.games (``must_sell?``) gives a player above the limit
    only sales (no pass, no buy) until within it (oracle fuzzing, seed 1870001: a closed
    company lowered the limit)."""
    game = stock_game()
    for sym in ("MP", "SSW", "GMO", "TP"):
        float_corp(game, sym, "B", 68, {"B": 2, "A": 5})
    state = game.state
    game.title.pay(state, "bank", "A", 2000)  # type: ignore[attr-defined]
    limit = game.title.cert_limit(state)  # type: ignore[attr-defined]
    assert game.title.certs(state, "A") > limit  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match=r"over the limit .*: sell first"):
        game.act("pass", "A")
    assert {a.type for a in game.legal_actions("A")} == {"sell"}


def test_11_a_closing_company_closes_its_privates() -> None:
    """§11 a company at price 0 closes; 18xx.games closes the privates it owns with it
    ("SLSF's companies close", oracle fuzzing seed 1870009), so they pay nobody after."""
    game = stock_game()
    float_corp(game, "SLSF", "A", 68)
    state = game.state
    cattle = state.privates["SCC"]
    cattle.owner, cattle.closed = "@SLSF", False
    from transcon.eighteen.framework.testing import context

    game.title.close_corp(state, "SLSF", context(game))  # type: ignore[attr-defined]
    assert cattle.closed


def test_7_1_the_network_never_turns_back_in_a_town_or_city() -> None:
    """§7.1/§8.1 a train may not reverse; 18xx.games walks a network (``Node#walk``,
    ``Path#walk``) taking each path once and entering each stop once, so it never comes back
    out of a town along the track it came in by. MKT's track runs B9 (its token) - C8 (a
    curve) - B7 (a town): upgrading C8 to #29 adds a branch from the side facing B7, which
    MKT could reach only by turning back in B7 (oracle fuzzing, seed 1870007: "Must use new
    track or change city value")."""
    game = Game.new(Title1870(), PLAYERS, {"check_routes": False, "upgrade_must_add": True})
    skip_auction(game)
    float_corp(game, "MKT", "A", 76)
    state = game.state
    state.tiles.update({"B9": ["14", 0], "C8": ["7", 2], "B7": ["4", 2]})
    state.tile_used.update({"14": 1, "7": 1, "4": 1})
    state.corps["MKT"].tokens = ["B9"]
    state.phase = 2
    start_operating(game)
    with pytest.raises(IllegalAction, match="no new track"):
        game.act("lay C8 29 rot 2", "A")


def test_7_5_companies_over_the_train_limit_discard_in_charter_order() -> None:
    """§7.5 discards after a phase change: the rules give no order; 18xx.games asks the
    crowded companies in its charter order (``crowded_corps``: ATSF, SSW, SP, SLSF, MP, MKT,
    IC, GMO, FW, TP), so SSW's president discards before MKT's (oracle fuzzing, seed
    1870005: SLSF before GMO)."""
    game = stock_game()
    float_corp(game, "MKT", "A", 76)
    float_corp(game, "SSW", "B", 68)
    for sym in ("MKT", "SSW"):
        for _ in range(3):
            give_train(game, sym, "2")
    game.state.phase = 3  # the 5-train phase: a limit of 2
    assert game.title.over_limit(game.state) == ["SSW", "MKT"]  # type: ignore[attr-defined]


def test_7_1_the_network_walk_never_reenters_across_a_side_it_is_out_by() -> None:
    """§7.1 new track (18xx.games ``TRACK_RESTRICTION = :semi_restrictive``): an upgrade's
    paths count only where the network walks them on the board with the tile laid; its walk
    (``Path#walk``, the edge ``counter``) never enters a path while it is still out across
    one of that path's hex sides. Here the walk leaves C across side 0 into D, loops round
    D back to side 3 and returns into C across side 0: C's path 5-0 (new track) is not
    walked (oracle fuzzing, seed 1870005: "Must use new track or change city value" for
    MKT's upgrade of C12 from #26 to #44)."""
    node = NODE_BASE
    paths = {  # place -> its paths (end, end), numbered by position
        "S": [(node, 0)],
        "C": [(3, 0), (5, 0)],
        "D": [(3, 4), (5, 3)],
        "L": [(1, 2)],
    }
    across = {("S", 0): "C", ("C", 0): "D", ("D", 4): "L", ("L", 2): "D"}
    walked, _ = _walk_places(paths, across, "S")
    assert ("C", 0) in walked and ("D", 1) in walked  # round the loop back to D's side 3
    assert ("C", 1) not in walked  # C's 5-0 would be entered across side 0, still out by it


def test_12_finish_on_400_ends_at_once_as_18xx_games() -> None:
    """§12 $400 finish: Dixon (§16.1) lets the company finish its turn (option
    ``finish_turn_on_400``, default); 18xx.games ends the game as soon as the price reaches
    $400 (``VARIANT_GAME_END_CHECK`` ``stock_market: :immediate``, "No further operations"):
    nothing after the dividend (oracle fuzzing, seeds 1870010 and 1870013: their train-step
    pass was refused; the recorded game-end-market-400.json ends on that dividend)."""
    game = stock_game(finish_on_400=True, finish_turn_on_400=False)
    float_corp(game, "MP", "A", 76)
    start_operating(game)
    give_train(game, "MP", "2")
    put_at(game, "MP", (1, 20))
    game.act("run 60", "A")
    game.act("dividend payout", "A")
    assert price(game, "MP") == 400
    assert game.is_over() and game.state.end_reason == "stock_market"
    assert game.legal_actions("A") == []


def test_7_5_an_emergency_sale_comes_at_the_train_step_and_raises_no_more_than_needed() -> None:
    """§7.5 forced purchase: the president pays the difference, "selling shares if needed".
    18xx.games sells only at its train-buying step (``BuyTrain``, after the track, token,
    run and dividend steps: the sale closes them, as buying the train would) and only as
    many shares as needed (``EmergencyMoney#selling_minimum_shares?``: a bundle one share
    smaller must not cover the shortfall). MP needs $70 more for a 2-train ($80): one SSW
    share ($76) covers it, two do not pass (oracle fuzzing, seed 1870002: "Cannot sell
    shares of MKT" for 30% sold where 10% covered the train)."""
    game = stock_game()
    float_corp(game, "MP", "A", 82)
    float_corp(game, "SSW", "B", 76, {"B": 2, "A": 2})
    start_operating(game)
    give_mp_a_route(game)  # §7.5: MP has a route, so it must buy a train
    state = game.state
    game.title.pay(state, "@MP", "bank", state.corps["MP"].cash)  # type: ignore[attr-defined]
    game.title.pay(state, "A", "bank", state.player("A").cash - 10)  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="no more than needed"):
        game.act("sell SSW 2", "A")
    game.act("sell SSW 1", "A")
    with pytest.raises(IllegalAction, match="tiles are laid before"):
        game.act("lay D3 8 rot 0", "A")  # the sale closed the track step
    game.act("train 2", "A")
    assert state.corps["MP"].trains == ["2-0"]


def test_7_5_an_emergency_sale_may_go_down_to_the_percentage_limit() -> None:
    """§7.5 with §6.2: a holder above 60% (outside the orange and brown zones) may sell
    down to 60% even when fewer shares would pay for the train (18xx.games g_1870
    ``selling_minimum_shares?``; the recorded game-end-market-400.json, action 696: 20% of
    SSW sold from 80% for a $90 shortfall)."""
    game = stock_game()
    float_corp(game, "MP", "A", 82)
    float_corp(game, "SSW", "A", 76, {"A": 8})
    start_operating(game)
    give_mp_a_route(game)  # §7.5: MP has a route, so it must buy a train
    state = game.state
    game.title.pay(state, "@MP", "bank", state.corps["MP"].cash)  # type: ignore[attr-defined]
    game.title.pay(state, "A", "bank", state.player("A").cash - 10)  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="no more than needed"):
        game.act("sell SSW 3", "A")  # below 60%: more than needed
    game.act("sell SSW 2", "A")
    assert state.corps["SSW"].holders["A"] == 6


def test_6_5_a_share_redeemed_after_a_reissue_is_not_for_sale() -> None:
    """§6.5 redeemed shares "cannot be bought by players"; §6.6 a reissue puts the treasury
    shares on sale when only redeemed shares are there. 18xx.games marks each share
    (``buyable``): a share redeemed after a reissue stays in the treasury, not for sale,
    beside the reissued ones still for sale, and the company may reissue again once none
    is for sale (g_1870 ``BuySellParShares#actions``; oracle fuzzing, seeds 1870000 and
    1870015: GMO redeemed after its reissue)."""
    game = stock_game()
    float_corp(game, "MP", "A", 76, {"A": 6, "B": 1})
    state = game.state
    mp = state.corps["MP"]
    mp.ipo, mp.treasury, mp.pool, mp.operated = 0, 2, 1, True
    data = state_1870(state)
    data.reissued.append("MP")
    data.cash_at_sr_start["MP"] = mp.cash
    for_sale = game.title.hook_treasury_for_sale
    game.act("redeem MP pool", "A")  # MP buys the market share back
    assert (mp.treasury, for_sale(state, "MP")) == (3, 2)
    game.act("buy MP treasury", "B")
    game.act("pass", "B")
    game.act("buy MP treasury", "C")
    game.act("pass", "C")
    with pytest.raises(IllegalAction, match="MP has no shares for sale in its treasury"):
        game.act("buy MP treasury", "D")  # the redeemed one is held back
    game.act("pass", "D")
    game.act("reissue MP", "A")  # nothing for sale: it may reissue again
    assert for_sale(state, "MP") == 1


def test_5_3_a_company_that_closes_as_it_withholds_buys_nothing() -> None:
    """§5.3 a price reaching 0 or the closing zone closes the company. A company without
    trains withholds when its run closes, moving left; 18xx.games closes it there, at its
    dividend step, and its turn ends: no train purchase after (oracle fuzzing, seeds
    1870000 and 1870014: "Check for new connection runs cannot process action buy_train"
    for MKT closed at $0). Ours: the purchase is refused and ``done`` closes it."""
    game = stock_game()
    float_corp(game, "MP", "A", 76)
    put_at(game, "MP", (7, 0))  # $10: withholding moves it to $0
    start_operating(game)
    with pytest.raises(IllegalAction, match="closes as it withholds"):
        game.act("train 2", "A")
    with pytest.raises(IllegalAction, match="only to buy a train"):
        game.act("sell MP 1", "A")
    game.act("done", "A")
    assert game.state.corps["MP"].closed and not game.state.corps["MP"].trains


def test_11_a_closing_company_s_trains_go_to_the_market() -> None:
    """§11 a company closing: the rules summary is silent on its trains; 18xx.games' 1870
    puts them in the market (``CLOSED_CORP_TRAINS_REMOVED = false``: ``reclaim_train``),
    where they are for sale (oracle fuzzing, seed 1870006: "Not a buyable train" — a
    market train 18xx.games had and ours did not)."""
    game = stock_game()
    float_corp(game, "SLSF", "A", 68)
    train = give_train(game, "SLSF", "2")
    from transcon.eighteen.framework.testing import context

    game.title.close_corp(game.state, "SLSF", context(game))  # type: ignore[attr-defined]
    assert game.state.pool_trains == [train] and not game.state.corps["SLSF"].trains
    assert game.state.train_owner[train] == "pool"


def test_7_5_the_pool_sells_its_trains_of_a_type_in_the_order_it_got_them() -> None:
    """§7.5 trains from the open market: trains of a type are alike; 18xx.games offers the
    first of each type it got (``depot_trains``: ``discarded.uniq(&:name)``), so ours sells
    that one too and the train ids of both engines stay the same (oracle fuzzing, seed
    1870006: "Not a buyable train: 4-0")."""
    game = stock_game()
    float_corp(game, "MP", "A", 76)
    start_operating(game)
    game.state.pool_trains = ["2-3", "3-0", "2-1"]
    with pytest.raises(IllegalAction, match="sells its 2-3 first"):
        game.act("train 2-1 from pool", "A")
    game.act("train 2-3 from pool", "A")
    assert game.state.corps["MP"].trains == ["2-3"]


def test_9_9_players_buy_privates_from_each_other_in_a_stock_round() -> None:
    """§9.9 players may trade privates among themselves (Dixon's "deals"); 18xx.games offers
    it in the stock rounds of phases 2-3 (``can_buy_companies_from_other_players``,
    ``purchasable_companies``) as the turn's purchase, at any price the buyer can pay, and
    does not skip a player who could (oracle fuzzing, seeds 1870003, 1870004, 1870012,
    1870018: ours skipped that player)."""
    game = stock_game()
    state = game.state
    for sym, owner in (("GRSC", "B"), ("SCC", "C")):
        state.privates[sym].owner, state.privates[sym].closed = owner, False
    with pytest.raises(IllegalAction, match="may not buy GRSC now"):
        game.act("private GRSC 30", "A")  # phase 1: no deals
    state.phase = 1  # phase 2
    cash = state.player("B").cash
    game.act("private GRSC 30", "A")
    assert state.privates["GRSC"].owner == "A" and state.player("B").cash == cash + 30
    assert game.current_players() == ["B"]  # A's turn is over: nothing more to do
    state.player("C").cash = 50  # no par, no share to buy: only a deal
    game.act("pass", "B")
    assert game.current_players() == ["C"]  # not skipped
    with pytest.raises(IllegalAction, match="price must be 1-50"):
        game.act("private GRSC 60", "C")
    game.act("private GRSC 50", "C")
    assert state.privates["GRSC"].owner == "C"


@pytest.mark.parametrize("by_kinds", [False, True])
def test_6_1_the_sale_order_after_a_private_deal(by_kinds: bool) -> None:
    """§6.1 sell then buy, or buy then sell; with §9.9 deals 18xx.games counts the kinds of
    action in the turn (``can_sell_order?``: two kinds and a purchase last forbid a sale),
    option ``sale_order_by_kinds`` (the importer's setting): a deal then a share purchase
    forbids a sale there, while Dixon's order allows it (buy then sell; oracle fuzzing,
    seed 1870018)."""
    game = brown_pool_position(sale_order_by_kinds=by_kinds)
    state = game.state
    state.phase = 1
    state.privates["GRSC"].owner, state.privates["GRSC"].closed = "C", False
    game.act("private GRSC 20", "A")
    game.act("buy MP pool", "A")  # (brown: a market share may follow the deal)
    if by_kinds:
        with pytest.raises(IllegalAction, match="sell-buy-sell"):
            game.act("sell MP 1", "A")
    else:
        game.act("sell MP 1", "A")


def test_7_2_the_network_walk_frees_what_it_reached_past_a_converging_side() -> None:
    """§7.1/§7.2 reach: 18xx.games' walk (``Path#walk``, ``converging_exit?``) keeps the
    paths and stops it took after leaving a tile across a side where several of its paths
    meet free again, so they may be walked again from elsewhere. Here the walk from M's
    city loops through L1 and L3 back into M's path to side 3 (leaving L3 across side 0,
    where two paths meet); M's own walk along that path then still goes on through L3 to
    the town in K (oracle fuzzing, seed 1870012: SP may token Fort Worth, J3)."""
    node = NODE_BASE
    paths = {
        "M": [(node, 2), (node, 3)],
        "L1": [(5, 4)],
        "L3": [(0, 3), (0, 1)],
        "K": [(0, node)],
    }
    across = {("M", 2): "L1", ("L1", 4): "L3", ("L3", 0): "M", ("M", 3): "L3", ("L3", 3): "K"}
    walked, reached = _walk_places(paths, across, "M")
    assert ("L3", 0) in walked and "K" in reached


def _walk_places(
    paths: dict[str, list[tuple[int, int]]], across: dict[tuple[str, int], str], start: str
) -> tuple[set[tuple[str, int]], set[str]]:
    """The network walk (:func:`transcon.eighteen.network.reference_reach`, and the compiled
    walk when it is built, which must agree) on hand-made places: ``paths`` gives each place's
    paths (end, end) numbered by position, ``across`` the place track leaving a place across a
    side enters (across the opposite side); each place has one stop, its node 0; the walk
    starts at ``start``'s stop and may pass every stop. Returns the paths walked as
    (place, path number) and the places whose stop was reached."""
    from types import SimpleNamespace

    from transcon.eighteen.network import compiled_reach, reference_reach

    names = list(paths)
    number = {name: i for i, name in enumerate(names)}
    ends_of = []
    for name in names:
        at: dict[int, list[tuple[int, int]]] = {}
        for k, (a, b) in enumerate(paths[name]):
            at.setdefault(a, []).append((k, b))
            at.setdefault(b, []).append((k, a))
        ends_of.append({end: tuple(found) for end, found in at.items()})
    table = [-1] * (6 * len(names))
    for (name, side), other in across.items():
        table[number[name] * 6 + side] = number[other]
    layout: Any = SimpleNamespace(
        ends_of=ends_of,
        across_table=table,
        across=lambda i, side: table[i * 6 + side],
        first_stop=list(range(len(names))),
        stops=names,
    )
    starts = [(number[start] << 8) | NODE_BASE]
    reach = reference_reach(layout, 0, 0, starts)
    compiled = compiled_reach(layout, 0, 0, starts)
    if compiled is not None:
        assert (compiled.stops, compiled.touched, compiled.paths) == (
            reach.stops,
            reach.touched,
            reach.paths,
        )
    walked = {(names[p >> 8], p & 255) for p in reach.paths}
    return walked, {name for i, name in enumerate(names) if reach.reaches(i)}


def test_7_5_a_company_without_a_legal_route_need_not_buy_a_train() -> None:
    """§7.5 [D§10.1]: a company with a legal route (two stops or more) but no train must buy
    one; one with no legal route need not. 18xx.games alike (``MUST_BUY_TRAIN = :route``:
    ``Graph#compute``'s ``route_train_purchase``, two stops on a token's walk), so its
    president neither pays nor sells for a train (oracle fuzzing, seed 1870009: SSW, with
    only its home token, bought a 4-train its president paid $30 towards; 18xx.games: "SSW
    has 270 and cannot spend 300")."""
    game = stock_game()
    float_corp(game, "MP", "A", 76)
    start_operating(game)
    state = game.state
    game.title.pay(state, "@MP", "bank", state.corps["MP"].cash - 50)  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="MP cannot pay 80"):
        game.act("train 2", "A")  # no route: no forced purchase
    with pytest.raises(IllegalAction, match="only to buy a train"):
        game.act("sell MP 1", "A")
    with_route = game.clone()
    game.act("done", "A")  # nothing to buy
    assert not state.corps["MP"].trains
    give_mp_a_route(with_route)
    with pytest.raises(IllegalAction, match="MP must buy a train"):
        with_route.act("done", "A")
    with_route.act("train 2", "A")  # the president pays the $30 MP lacks
    assert with_route.state.corps["MP"].trains == ["2-0"]


def test_6_1_players_with_nothing_left_after_a_closing_sale_are_skipped() -> None:
    """§6.1 a player with nothing possible is skipped; §5.3 a company at $0 closes. A sale
    that drops SSW into the closing zone leaves C and D nothing to do (their one chance was
    SSW's $0 shares), so the turn goes on to A. 18xx.games intends the same
    (``action_processed``, tobymao/18xx PR #10841: "skip to the next entity") but its round
    keeps a stale ``active_step`` and waits for D, who cannot act (oracle fuzzing, seed
    1870034; the oracle's driver clears that cache, ``tools/oracle-18xx/engine_fixes.rb``)."""
    game = stock_game()
    float_corp(game, "MP", "A", 76, {"A": 3})
    float_corp(game, "SSW", "A", 68, {"A": 2, "B": 2})
    put_at(game, "SSW", (7, 0))
    state = game.state
    for name in ("A", "C", "D"):  # A cannot protect, but can sell MP
        game.title.pay(state, name, "bank", state.player(name).cash)  # type: ignore[attr-defined]
    game.act("pass", "A")
    game.act("sell SSW 2", "B")
    game.act("pass", "B")
    assert state.corps["SSW"].closed
    assert game.current_players() == ["A"]


def test_7_2_no_token_where_the_destination_token_stands() -> None:
    """§7.2 not twice in a hex; §8.4 a destination token placed on the map is the company's
    token in that city (beside it with ``destination_blocks`` off), so the company places no
    station token there. 18xx.games counts it as a token in the city (its token step offers
    nothing there; oracle fuzzing, seed 1870224: TP's destination token in N17)."""
    from transcon.eighteen.framework.actions import PlaceToken

    game = stock_game(destination_blocks=False)
    float_corp(game, "TP", "A", 76)
    state = game.state
    state_1870(state).destination_tokens["TP"] = "N17"
    with pytest.raises(IllegalAction, match="destination token in N17"):
        game.title.hook_check_token(state, "TP", PlaceToken(player="A", hex="N17"))  # type: ignore[attr-defined]
    game.title.hook_check_token(state, "SSW", PlaceToken(player="A", hex="N17"))  # type: ignore[attr-defined]


def test_6_2_a_sale_dropping_into_the_yellow_zone_frees_certificates_at_once() -> None:
    """§6.2 "a sale that will drop a company into the yellow zone counts as freeing those
    certificates": while the sale waits for price protection (§6.4) every holder's shares
    of that company stop counting toward the limit, but a president judging his room to
    protect counts them (18xx.games g_1870 ``num_certs(price_protecting:)``; oracle fuzzing,
    seed 1870242: the seller could still buy after five sales)."""
    game = stock_game()
    float_corp(game, "MP", "A", 76, {"A": 4, "B": 2})
    put_at(game, "MP", (0, 1))  # $68 white; one row down is $64 yellow
    title = game.title
    state = game.state
    before = title.certs(state, "A")  # type: ignore[attr-defined]
    game.act("pass", "A")
    game.act("sell MP 1", "B")
    assert title.certs(state, "A") == before - 3  # type: ignore[attr-defined]
    assert title.certs(state, "B") == 0  # type: ignore[attr-defined]
    assert title.certs(state, "A", protecting=True) == before  # type: ignore[attr-defined]
