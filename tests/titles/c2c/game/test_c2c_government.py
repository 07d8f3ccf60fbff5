"""18C2C Amtrak and Conrail (seed 001 D variant 3l, with 3f, 3g, 3m; what "failed" means, who
runs them and who holds their shares are assumed base rules: options ``government_*``). One
small position per clause; the invariants hold after each."""

from __future__ import annotations

from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import (
    context,
    give_train,
    invariant_problems,
    start_operating,
)
from transcon.titles.c2c.game.checks import token_problems
from transcon.titles.c2c.game.government import government_for
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.tokens import place_token

from .test_c2c_game_rules import title_of
from .test_c2c_mergers import FREE_CITIES, merger_game

LOW = (8, 1)
"""A $10 space: one share sold moves the price down onto a closing space ($0)."""


def fail(game: Game[GameState], sym: str) -> None:
    """``sym``'s president sells a share at $10: the price drops onto a closing space."""
    state = game.state
    title_of(game).move_to(state, sym, LOW, context(game))
    state.changed()
    game.act(f"sell {sym} 1", state.corps[sym].president)


def healthy(game: Game[GameState]) -> None:
    assert not invariant_problems(game) and not token_problems(game)


def test_seed_3l_a_failed_corporation_forms_conrail_with_at_least_eight_tokens() -> None:
    game = merger_game()  # B&O: home token, one bought and one reserved on its charter
    state = game.state
    give_train(game, "B&O", "2")
    state.corps["B&O"].tokens.append(FREE_CITIES[0])
    state.corps["B&O"].tokens_used += 1
    c2c_data(state).charters["B&O"] = place_token(c2c_data(state).charters["B&O"])
    cash = state.corps["B&O"].cash
    fail(game, "B&O")
    data = c2c_data(state)
    conrail = state.corps["CR"]
    assert state.corps["B&O"].closed and not conrail.closed  # Baltimore: Eastern -> Conrail
    assert data.absorbed == {"CR": ["B&O"]}
    assert conrail.tokens == ["M74", FREE_CITIES[0]]  # the absorbed home station counts
    charter = data.charters["CR"]
    assert charter.kind == "conrail" and charter.destination == "none"
    assert len(conrail.tokens) + charter.left == 8  # two on the board, one (reserved) + 5
    assert data.supplied == {"CR": 5}
    assert conrail.cash == cash and conrail.trains == ["2-0"]
    # option government_shares "offering": nobody runs it until it is started at a par price
    assert (conrail.ipo, conrail.holders, conrail.president, conrail.cell) == (10, {}, "", None)
    assert "Conrail (CR, D variant 3l): absorbed B&O; not started" in game.describe_status()
    healthy(game)


def test_seed_3l_later_failures_join_it_duplicates_return_no_space_token_first() -> None:
    game = merger_game(costs=((40, 60), (40, 60)))
    state = game.state
    data = c2c_data(state)
    for sym in ("B&O", "PRR"):  # both placed a token in the same city
        data.charters[sym] = place_token(data.charters[sym])
        state.corps[sym].tokens.append(FREE_CITIES[1])
        state.corps[sym].tokens_used += 1
    data.beside["PRR"] = [FREE_CITIES[1]]  # PRR's uses no space (3f: it goes back first)
    fail(game, "B&O")
    left = data.charters["CR"].left
    fail(game, "PRR")
    assert data.absorbed == {"CR": ["B&O", "PRR"]} and state.corps["PRR"].closed
    assert state.corps["CR"].tokens == ["M74", FREE_CITIES[1], "L69"]
    assert data.beside.get("CR", []) == []  # B&O's token, in a space, stays
    # PRR's reserved token becomes ordinary, its duplicate returns; no supply on a join
    assert data.charters["CR"].left == left + 1 + 1
    assert data.supplied == {"CR": 5}  # 8 - 2 on the board - 1 on B&O's charter
    healthy(game)


def test_seed_3l_privatization_starts_it_at_a_par_price_without_a_token_purchase() -> None:
    game = merger_game()
    state = game.state
    fail(game, "B&O")
    title = title_of(game)
    game.act("par CR 68", "A")
    conrail = state.corps["CR"]
    assert conrail.president == "A" and conrail.holders == {"A": 2}
    cash = conrail.cash
    conrail.holders["A"], conrail.ipo = 6, 4
    title.check_float(state, "CR", context(game))
    assert conrail.floated and conrail.cash == cash + 680
    assert c2c_data(state).token_choice == ""  # its tokens came with the failures
    healthy(game)


def test_seed_3l_started_government_railroad_puts_trains_over_its_limit_in_the_pool() -> None:
    """D variant 3l (base rules 4.3.1 assumed): Conrail waits with five trains while the
    phase drops its limit to 2 x 2 (phase 5); started at a par price in a stock round, its
    oldest train goes to the pool at once, as at a merger, so no company is over its train
    limit outside an operating round."""
    game = merger_game()
    state, title = game.state, title_of(game)
    trains = [give_train(game, "B&O", name) for name in ("3", "3", "4", "4", "5")]
    fail(game, "B&O")
    conrail = state.corps["CR"]
    assert conrail.trains == trains  # phase 3: two shells of 4
    state.phase = [p.name for p in title.spec(state).phases].index("5")
    state.changed()
    assert title.corp_train_limit(state, "CR") == 4 and not title.over_limit(state)  # waiting
    events = [e.text for e in game.act("par CR 68", "A")]
    assert conrail.trains == trains[1:] and state.pool_trains[-1] == trains[0]
    assert state.train_owner[trains[0]] == "pool"
    assert f"CR is over its train limit: {trains[0]} goes to the pool" in events
    healthy(game)


def test_seed_3l_exchange_option_keeps_the_shareholders() -> None:
    game = merger_game(options={"government_shares": "exchange"})
    state = game.state
    holders = dict(state.corps["B&O"].holders)
    fail(game, "B&O")
    conrail = state.corps["CR"]
    assert conrail.holders == {p: u - (p == "A") for p, u in holders.items()}
    assert conrail.president == "A" and conrail.floated
    assert title_of(game).price(state, "CR") == 68  # the lowest par price
    healthy(game)


def test_seed_3l_assignment_by_zone_or_amtrak_first() -> None:
    game = merger_game(options={"government_assignment": "amtrak_first"})
    fail(game, "B&O")
    fail(game, "PRR")
    assert c2c_data(game.state).absorbed == {"AMTK": ["B&O"], "CR": ["PRR"]}
    by_zone = merger_game()
    title = title_of(by_zone)
    state = by_zone.state
    assert government_for(title, state, "B&O") == "conrail"
    assert government_for(title, state, "ATSF") == "amtrak"  # Topeka: Plains


def test_seed_3g_3m_government_places_two_free_tokens_and_moves_per_shell() -> None:
    game = merger_game(options={"government_shares": "exchange"})
    state, title = game.state, title_of(game)
    fail(game, "B&O")
    give_train(game, "CR", "2")
    give_train(game, "Sou", "2")
    give_train(game, "PRR", "2")
    start_operating(game)
    while title.current_corp(state) != "CR":
        sym = title.current_corp(state)
        game.act("run 0", state.corps[sym].president)
        game.act("done", state.corps[sym].president)
    cash = state.corps["CR"].cash
    game.act(f"token {FREE_CITIES[0]}", "A")
    game.act(f"token {FREE_CITIES[1]}", "A")  # two per operating round, free (3g)
    assert state.corps["CR"].cash == cash
    give_train(game, "CR", "3")
    cell = state.corps["CR"].cell
    assert cell is not None
    title.pay_dividend(state, "CR", 50, "payout", context(game))
    market = title.market(state)
    assert state.corps["CR"].cell == market.right(market.right(cell))  # two shells (3m)
    healthy(game)


def test_government_failure_option_never_and_a_closed_government() -> None:
    never = merger_game(options={"government_failure": "never"})
    fail(never, "B&O")
    assert never.state.corps["B&O"].closed and never.state.corps["CR"].closed
    assert c2c_data(never.state).absorbed == {}
    game = merger_game(options={"government_shares": "exchange"})
    state = game.state
    fail(game, "B&O")
    fail(game, "CR")  # a government railroad on a closing space closes
    assert state.corps["CR"].closed
    fail(game, "PRR")  # ... and later failures of its zone just close
    assert state.corps["PRR"].closed and c2c_data(state).absorbed == {"CR": ["B&O"]}
    healthy(game)
