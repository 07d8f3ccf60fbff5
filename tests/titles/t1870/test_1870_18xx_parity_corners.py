"""Rules where 18xx.games and our engine differed in the rare corners the ``seeker`` bot
reaches (issue 12, oracle fuzzing), one position per rule.

Each test cites the rule (../shared/rules/1870-base.md sections) and the 18xx.games
behaviour (its ``lib/engine/game/g_1870`` engine) the position was checked against.
"""

from __future__ import annotations

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import (
    float_corp,
    place_tiles,
    skip_auction,
    start_operating,
)
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.game.reach import fitting_lays
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.testing import PLAYERS, give_mp_a_route, stock_game


def test_7_5_a_forced_sale_sells_each_company_once_per_turn() -> None:
    """§7.5 forced purchase: the president sells shares to pay; as in a stock turn (§6.1,
    one sale per company), 18xx.games takes each company's shares in one sale per
    operating turn (``Step::Train#can_sell?`` with g_1870 ``MUST_SELL_IN_BLOCKS``; oracle
    fuzzing, seed 1870009 with the seeker bot: "Cannot sell shares of MP" for a second MP
    sale after a TP one). So a president with only such shares left may go bankrupt, and
    the bankruptcy's sales leave them with him (18xx.games ``can_go_bankrupt?`` and
    ``sell_bankrupt_shares`` ask the same ``can_sell?``)."""
    game = stock_game()
    float_corp(game, "MP", "A", 82, {"A": 2, "B": 2, "C": 2})  # A keeps the presidency
    float_corp(game, "SSW", "B", 76, {"B": 2, "A": 3})
    float_corp(game, "TP", "C", 76, {"C": 2, "A": 1})
    start_operating(game)
    give_mp_a_route(game)  # §7.5: MP has a route, so it must buy a train
    state = game.state
    game.title.pay(state, "@MP", "bank", state.corps["MP"].cash)  # type: ignore[attr-defined]
    game.title.pay(state, "A", "bank", state.player("A").cash)  # type: ignore[attr-defined]
    state.depot["2"] = 7  # the 2-trains are sold: the cheapest train is a 3 ($180)
    game.act("sell SSW 1", "A")
    game.act("sell TP 1", "A")  # $152 of $180
    with pytest.raises(IllegalAction, match="SSW was already sold this turn"):
        game.act("sell SSW 1", "A")
    assert state.corps["SSW"].holders["A"] == 2
    game.act("bankrupt", "A")  # $152 raised; the SSW shares may not be sold again
    assert state.end_reason == "bankrupt"
    assert state.corps["SSW"].holders["A"] == 2


def ssw_turn(**options: object) -> Game[GameState]:
    """SSW's turn in the first OR, MP having operated; SSW has operated before (no free
    home lay) and bought the MRBC from C."""
    game = Game.new(Title1870(), PLAYERS, {"check_routes": False, "check_reach": False, **options})
    skip_auction(game, {"MRBC": "C"})
    float_corp(game, "MP", "A", 76)
    float_corp(game, "SSW", "B", 68)
    start_operating(game)
    game.act("train 2", "A")
    game.act("done", "A")
    game.state.corps["SSW"].operated = True
    game.act("private MRBC 40", "B")
    return game


def test_9_2_with_bridge_lay_counts_the_mrbc_lay_is_one_of_the_turn_s_lays() -> None:
    """§9.2: "A company owning it gets one tile lay in a Mississippi hex with a $40
    discount"; only the free home lay is "in addition to its normal lays". 18xx.games counts
    the MRBC's lay as one of the turn's lays (g_1870 ``SpecialTrack#process_lay_tile``:
    ``num_laid_track += 1`` unless it is the home lay), so after it one more yellow lay is
    left and no upgrade ("Cannot lay an upgrade now"; oracle fuzzing with the seeker bot,
    seeds 1870001/03/04/07). Our default (Dixon's text read as an extra lay) keeps both
    normal lays; the importer sets ``bridge_lay_counts``."""
    game = ssw_turn(bridge_lay_counts=True)
    game.act("lay H17 5 rot 0 with MRBC", "B")
    game.act("lay C20 8 rot 1", "B")
    with pytest.raises(IllegalAction, match="no more tile lays"):
        game.act("lay B21 9 rot 0", "B")
    extra = ssw_turn()
    extra.act("lay H17 5 rot 0 with MRBC", "B")
    extra.act("lay C20 8 rot 1", "B")
    extra.act("lay B21 9 rot 0", "B")


def test_9_2_with_bridge_lay_counts_the_mrbc_lays_a_yellow_tile() -> None:
    """§9.2 (as above): 18xx.games' MRBC ability lays only the yellow tiles 1-9, 55-58 and
    69 (g_1870 ``entities.rb``: "does not have an ability that allows them to lay this
    tile" for a green 14; oracle fuzzing with the seeker bot, seed 1870002); our default
    allows any tile of the phase."""
    for counts in (True, False):
        game = ssw_turn(bridge_lay_counts=counts)
        state = game.state
        state.bought_types += ["2", "3"]
        state.phase = 1  # phase 2: green tiles
        place_tiles(game, {"I16": ("8", 3)})
        tile, rotation = fitting_lays(state, "I16", "green")[0]
        lay = f"lay I16 {tile} rot {rotation} with MRBC"
        if counts:
            with pytest.raises(IllegalAction, match="MRBC lays a yellow tile"):
                game.act(lay, "B")
        else:
            game.act(lay, "B")


def test_6_2_with_sell_to_holding_limit_a_holder_above_60_percent_sells_down_to_it() -> None:
    """§6.2: "At most 60% of one company per player, except in green/brown zones or via
    price protection". 18xx.games lets a player above the limit (after a protection) sell
    only a bundle that brings the holding down to 60% (g_1870 ``BuySellParShares#can_sell?``
    and ``BuyTrain#can_sell?``: ``holding_ok?(entity, -bundle.percent)``; oracle fuzzing with
    the seeker bot, seeds 1870020 and 1870025: "Cannot sell shares of ATSF" for 10% of 90%).
    Dixon's rule forbids no sale (our default); the importer sets ``sell_to_holding_limit``."""
    for limited in (True, False):
        game = stock_game(sell_to_holding_limit=limited)
        float_corp(game, "MP", "B", 76)
        float_corp(game, "SSW", "A", 76, {"A": 8})  # 80%, as after a protection
        if limited:
            with pytest.raises(IllegalAction, match="a sale must bring it down to 60%"):
                game.act("sell SSW 1", "A")
            game.act("sell SSW 2", "A")
        else:
            game.act("sell SSW 1", "A")


def test_8_4_a_blocking_destination_token_takes_a_token_space() -> None:
    """§8.4 with Dixon's rule (``destination_blocks``, 18xx.games' ``station_wars``): a
    destination token put on the map occupies a token space, so a company may not token a
    city whose spaces it fills (18xx.games: the destination token is one of the city's
    tokens, ``can_token?`` false; oracle fuzzing with the seeker bot, seed 1870027: FW
    offered a token in Dallas, J5, where TP's token and MP's destination token fill both
    spaces). SP's destination, N17, has one space."""
    for blocks in (True, False):
        game = stock_game(destination_blocks=blocks)
        float_corp(game, "MP", "A", 76)
        start_operating(game)
        state_1870(game.state).destination_tokens["SP"] = "N17"
        if blocks:
            with pytest.raises(IllegalAction, match="no free token space in N17"):
                game.act("token N17", "A")
        else:
            game.act("token N17", "A")
