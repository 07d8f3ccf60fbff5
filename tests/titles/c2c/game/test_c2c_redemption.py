"""18C2C base rules 4.4 corporation share redemption and 4.5 corporation share reissue: our
sources give only that they exist, so they are the option ``share_redemption`` (default
``off``; ``1870`` plays 1870 §6.5, §6.6 by analogy, as the 1870 title plays them, through the
18xx framework's ``steps/redemption.py``). One small position per clause; every refusal
names its rule and leaves the state exactly as it was."""

from __future__ import annotations

from transcon.core.game import Game
from transcon.eighteen.framework.rounds import RoundKind
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.redemption import Redeem, Reissue
from transcon.eighteen.framework.testing import context, invariant_problems
from transcon.testing.probes import check_json, check_notation
from transcon.titles.c2c.game.checks import token_problems
from transcon.titles.c2c.game.redemption import BuySellParSharesC2C, redemption_rules
from transcon.titles.c2c.game.state import c2c_data

from .test_c2c_game_rules import title_of, unchanged
from .test_c2c_government import fail
from .test_c2c_mergers import merger_game
from .test_c2c_simulate import play

ON: dict[str, object] = {"share_redemption": "1870"}


def redemption_game(options: dict[str, object] | None = None) -> Game[GameState]:
    """``merger_game``'s stock round (A to act; B&O par 100, presided by A, has operated)
    with B&O's shares: A 60%, B 10%, the market 30%, none in the initial offering."""
    game = merger_game(options=options)
    bo = game.state.corps["B&O"]
    bo.ipo, bo.pool, bo.holders = 0, 3, {"A": 6, "B": 1}
    game.state.changed()
    return game


def shares_step(game: Game[GameState]) -> BuySellParSharesC2C:
    step = title_of(game).rounds[RoundKind.STOCK].step_of(BuySellParSharesC2C)
    assert isinstance(step, BuySellParSharesC2C)
    return step


def to_player(game: Game[GameState], player: str) -> None:
    """Everyone else passes until it is ``player``'s turn."""
    while game.current_players() != [player]:
        game.act("pass", game.current_players()[0])


def healthy(game: Game[GameState]) -> None:
    assert not invariant_problems(game) and not token_problems(game)


def test_base_4_4_4_5_off_by_default_redeem_and_reissue_are_refused() -> None:
    game = redemption_game()
    assert "share_redemption" in unchanged(game, "redeem B&O pool", "A", "4.4")
    unchanged(game, "reissue B&O", "A", "18C2C rules 4.5 corporation share reissue")
    assert not {"redeem", "reissue"} & {a.type for a in game.legal_actions("A")}
    assert c2c_data(game.state).cash_at_sr_start == {}  # the state as before the option


def test_base_4_4_as_1870_6_5_redeems_a_market_share_at_the_price_once_per_round() -> None:
    game = redemption_game(ON)
    state, title = game.state, title_of(game)
    bo = state.corps["B&O"]
    data = c2c_data(state)
    assert data.cash_at_sr_start["B&O"] == bo.cash  # noted when the stock round began
    assert Redeem(player="A", corp="B&O", source="pool") in game.legal_actions("A")
    assert "market share" in unchanged(game, "redeem B&O B", "A", "4.4")  # the market's first
    price, cash, bank = title.price(state, "B&O"), bo.cash, state.bank
    data.cash_at_sr_start["B&O"] = price - 1  # only cash held when the round began pays
    assert "cannot pay" in unchanged(game, "redeem B&O pool", "A", "4.4")
    data.cash_at_sr_start["B&O"] = cash
    game.act("redeem b&o pool", "A")  # (symbols read without regard to case)
    assert (bo.treasury, bo.pool, bo.cash, state.bank) == (1, 2, cash - price, bank + price)
    assert game.current_players() == ["B"]  # a redemption is the president's whole turn
    assert title.price(state, "B&O") == price  # the price does not move
    assert "no shares for sale" in unchanged(game, "buy B&O treasury", "B", "stock round")
    to_player(game, "A")
    unchanged(game, "redeem B&O pool", "A", "4.4")  # once per stock round
    assert game.log[-3].type == "redeem"
    assert title.format_action(game.log[-3]) == "redeem B&O pool"
    healthy(game)


def test_base_4_4_as_1870_6_5_from_a_player_only_an_ordinary_share() -> None:
    game = redemption_game(ON)
    bo = game.state.corps["B&O"]
    bo.pool, bo.holders = 0, {"A": 2, "B": 8}  # (B holds 80%: tests only the redemption)
    bo.president = "A"
    game.state.changed()
    assert Redeem(player="A", corp="B&O", source="B") in game.legal_actions("A")
    assert "no share" in unchanged(game, "redeem B&O A", "A", "4.4")  # A's 20% only
    game.act("redeem B&O B", "A")
    assert (bo.treasury, bo.holders["B"]) == (1, 7)


def test_base_4_4_as_1870_6_5_treasury_shares_pay_the_corporation_and_count_as_sold() -> None:
    game = redemption_game(ON)
    state, title = game.state, title_of(game)
    bo = state.corps["B&O"]
    bo.pool, bo.treasury = 0, 3  # redeemed: not for sale
    state.changed()
    assert title.sold_out(state, "B&O")
    cash = bo.cash
    title.distribute(state, "B&O", 100, context(game))  # $10 a share
    assert bo.cash == cash + 30


def test_base_4_5_as_1870_6_6_reissue_at_three_quarters_of_the_price() -> None:
    game = redemption_game(ON)
    state, title = game.state, title_of(game)
    bo = state.corps["B&O"]
    bo.ipo, bo.pool, bo.treasury = 1, 0, 2
    title.move_to(state, "B&O", (0, 10), None)  # $160
    state.changed()
    unchanged(game, "reissue B&O", "A", "4.5")  # an initial-offering share is left
    bo.ipo, bo.treasury = 0, 3
    state.changed()
    assert Reissue(player="A", corp="B&O") in game.legal_actions("A")
    game.act("reissue B&O", "A")
    assert bo.par == 120  # the top-row price nearest 160 x 3/4, never below the old par 100
    assert c2c_data(state).reissued == ["B&O"] and title.hook_treasury_for_sale(state, "B&O") == 3
    assert not title.sold_out(state, "B&O")
    cash = bo.cash
    game.act("buy B&O treasury", "B")  # at the new par, the money to the corporation
    assert (bo.cash, bo.treasury) == (cash + 120, 2)
    healthy(game)


def test_base_4_5_as_1870_6_6_reissue_par_at_most_200() -> None:
    game = redemption_game(ON)
    state, title = game.state, title_of(game)
    bo = state.corps["B&O"]
    bo.pool, bo.treasury = 0, 3
    title.move_to(state, "B&O", (0, 16), None)  # $300: 225, capped
    state.changed()
    game.act("reissue B&O", "A")
    assert bo.par == 200


def test_merger_retires_treasury_shares_and_merger_corporations_may_redeem() -> None:
    game = merger_game(options=ON)
    state = game.state
    bo = state.corps["B&O"]
    bo.ipo, bo.treasury = 3, 1  # B&O redeemed a share earlier
    state.changed()
    game.act("merge B&O PRR", "A")
    merged = state.corps["M1"]
    assert merged.treasury == 0  # only players' and market shares are exchanged
    merged.pool, merged.ipo = merged.pool + merged.ipo, 0  # (so the treasury limit allows)
    state.changed()
    rules = redemption_rules(state)
    assert shares_step(game).may_redeem(state, "M1", rules)  # it has operated (4.8)
    healthy(game)


def test_government_railroads_neither_redeem_nor_reissue() -> None:
    game = merger_game(options={**ON, "government_shares": "exchange"})
    state = game.state
    bo = state.corps["B&O"]
    bo.ipo, bo.treasury = 3, 1
    state.changed()
    fail(game, "B&O")  # Conrail takes it over: its treasury share is retired with it
    conrail = state.corps["CR"]
    assert state.corps["B&O"].closed and conrail.president == "A" and conrail.treasury == 0
    conrail.treasury, conrail.ipo = 1, conrail.ipo - 1
    state.changed()
    step, rules = shares_step(game), redemption_rules(state)
    assert not step.may_redeem(state, "CR", rules)
    assert step.reissue_par(state, "CR", rules) is None
    healthy(game)


def test_bots_redeem_and_reissue_when_the_option_is_on() -> None:
    """Redemptions and reissues are legal candidates: random bots take them, the builder bot
    now and then (its corporations keeping a train's price); games replay identically."""
    builder = play("super-short", 2, "builder", 3, 300, ON)
    assert {"redeem", "reissue"} <= {a.type for a in builder.log}
    random_game = play("d", 1, "random", 3, 600, ON)
    assert "redeem" in {a.type for a in random_game.log}
    assert random_game.verify_replay().identical
    for game in (builder, random_game):  # the notation and JSON read back
        ours = [a for a in game.log if a.type in ("redeem", "reissue")]
        assert check_notation(game, ours) == check_json(game, ours) == len(ours)
