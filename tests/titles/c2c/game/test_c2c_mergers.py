"""18C2C merger corporations in the game (seed 001 D variant 3f, 3g, 3h, 3m on base rules
4.3.5 and 4.8 as assumed): one small position per clause; every illegal action is refused
naming its rule and leaves the state exactly as it was."""

from __future__ import annotations

from dataclasses import replace

from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import (
    context,
    float_corp,
    give_train,
    invariant_problems,
    skip_auction,
    start_operating,
)
from transcon.titles.c2c.game import TitleC2C
from transcon.titles.c2c.game.actions import Merge
from transcon.titles.c2c.game.checks import token_problems
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.options import TOKEN_COSTS, C2COptions
from transcon.titles.c2c.tokens import Charter, float_charter, place_token

from .test_c2c_game_rules import title_of, unchanged
from .test_c2c_private_powers import WATER, end_turn, lay_text

PLAYERS = ["A", "B", "C"]
FULL_CITIES = ("A16", "A44")
"""Cities with one token space, filled by Southern's tokens in these tests."""
FREE_CITIES = ("B43", "C12", "C22")


def merger_game(
    costs: tuple[tuple[int, ...], tuple[int, ...]] = ((40, 60), (40,)),
    options: dict[str, object] | None = None,
    phase: str = "3",
) -> Game[GameState]:
    """B&O (par 100) and PRR (par 90), both presided by A, and Southern (B) have operated;
    a stock round in ``phase`` with A to act. Reach is not checked (the rules here are about
    tokens, not track)."""
    game = Game.new(TitleC2C(), PLAYERS, {"check_reach": False, **(options or {})})
    skip_auction(game)
    float_corp(game, "B&O", "A", 100)
    float_corp(game, "PRR", "A", 90)
    float_corp(game, "Sou", "B", 100)
    state, title = game.state, title_of(game)
    data = c2c_data(state)
    opts = C2COptions.view(state.options)
    data.charters["B&O"] = float_charter(100, costs[0], opts)
    data.charters["PRR"] = float_charter(90, costs[1], opts)
    data.charters["Sou"] = Charter(destination="placed", costs=frozenset({40, 60}))  # all out
    homes = {"B&O": ["M74"], "PRR": ["L69"], "Sou": ["S62", *FULL_CITIES]}
    for sym, tokens in homes.items():
        corp = state.corps[sym]
        corp.tokens, corp.tokens_used, corp.operated = list(tokens), len(tokens), True
    state.phase = [p.name for p in title.spec(state).phases].index(phase)
    state.priority = 0
    title.start_stock_round(state, context(game))
    state.changed()
    return game


def test_base_4_3_5_declaring_a_merger_assumed_rules() -> None:
    game = merger_game()
    unchanged(game, "merge B&O B&O", "A", "4.3.5")
    unchanged(game, "merge B&O Sou", "A", "4.3.5")  # A presides B&O only (president_of_both)
    unchanged(game, "merge B&O Erie", "A", "4.3.5")  # Erie has not operated
    unchanged(game, "merge B&O PRR", "B", "turn")  # not B's turn
    early = merger_game(phase="2")
    assert "phase 3" in unchanged(early, "merge B&O PRR", "A", "4.3.5")
    game.act("merge b&o prr", "A")  # notation: symbols read without regard to case
    assert game.state.corps["M1"].floated and game.state.corps["B&O"].closed
    assert "merge" not in {a.type for a in game.legal_actions("A")}  # nothing left to merge
    assert game.current_players() == ["A"]  # declaring does not end the turn
    assert "Mergers: M1 = B&O+PRR" in game.describe_status()


def test_base_4_3_5_either_president_option() -> None:
    game = merger_game(options={"merger_declarer": "either_president"})
    state = game.state
    state.corps["PRR"].holders = {"A": 2, "B": 4}
    state.corps["PRR"].president = "B"
    state.changed()
    assert Merge(player="A", corp="B&O", other="PRR") in game.legal_actions("A")
    game.act("merge B&O PRR", "A")
    assert game.state.corps["M1"].president == "A"  # 6 + 2 -> 4 shares, B: 4 -> 2


def test_seed_3h_merger_price_is_the_sum_placed_on_the_grid() -> None:
    game = merger_game()
    state, title = game.state, title_of(game)
    assert (title.price(state, "B&O"), title.price(state, "PRR")) == (100, 90)
    game.act("merge B&O PRR", "A")
    # $190 is on no space: rounded down to $180, top row (merger_price_rounding, _row)
    assert title.price(state, "M1") == 180 and state.corps["M1"].cell == (0, 11)
    assert state.corps["M1"].par == 180


def test_base_4_8_shares_cash_trains_and_privates_pass_to_the_merger() -> None:
    game = merger_game()
    state, title = game.state, title_of(game)
    give_train(game, "B&O", "2")
    give_train(game, "PRR", "3")
    state.corps["B&O"].holders = {"A": 6, "B": 1}  # B holds one odd share
    state.corps["B&O"].ipo -= 1
    cash = state.corps["B&O"].cash + state.corps["PRR"].cash
    b_cash = state.player("B").cash
    game.act("merge B&O PRR", "A")
    merged = state.corps["M1"]
    assert merged.holders == {"A": 6} and merged.president == "A"
    assert state.player("B").cash == b_cash + 95  # half the $190 merger price for the odd share
    assert merged.ipo + merged.pool + sum(merged.holders.values()) == 10
    assert merged.cash == cash and sorted(merged.trains) == ["2-0", "3-0"]
    assert state.corps["B&O"].closed and state.corps["PRR"].closed
    assert title.corp_train_limit(state, "M1") == 2 * title.train_limit(state)
    assert not invariant_problems(game) and not token_problems(game)


def test_seed_3g_merger_places_two_free_tokens_per_operating_round() -> None:
    game = merger_game()
    game.act("merge B&O PRR", "A")
    state = game.state
    charter = c2c_data(state).charters["M1"]
    # B&O: one token and the reserved one; PRR: its reserved one becomes ordinary
    assert (charter.tokens, charter.destination, charter.kind) == (2, "reserved", "merger")
    assert state.corps["M1"].tokens == ["M74", "L69"]
    start_operating(game)
    while title_of(game).current_corp(state) != "M1":
        game.act("done", state.corps[title_of(game).current_corp(state)].president)
    cash = state.corps["M1"].cash
    game.act(f"token {FREE_CITIES[0]}", "A")
    game.act(f"token {FREE_CITIES[1]}", "A")  # a second token in the same operating round
    assert state.corps["M1"].cash == cash  # prepaid: free
    c2c_data(state).charters["M1"] = replace(c2c_data(state).charters["M1"], tokens=1)
    state.changed()
    unchanged(game, f"token {FREE_CITIES[2]}", "A", "D variant 3g")


def test_seed_3f_merged_duplicate_tokens_no_space_token_returns_first() -> None:
    """The seed's example: B&O's bull sits in New York using no space, PRR has a token in
    one of its spaces; the B&O token goes back to the charter."""
    game = merger_game(costs=((40, 60), (40, 60)))
    state = game.state
    data = c2c_data(state)
    for sym in ("B&O", "PRR"):  # each placed one of its bought tokens in New York
        data.charters[sym] = place_token(data.charters[sym])
    state.corps["B&O"].tokens.append("K78")
    state.corps["B&O"].tokens_used += 1
    data.beside["B&O"] = ["K78"]
    state.corps["PRR"].tokens.append("K78")
    state.corps["PRR"].tokens_used += 1
    state.changed()
    game.act("merge B&O PRR", "A")
    assert state.corps["M1"].tokens == ["M74", "K78", "L69"]
    assert data.beside.get("M1", []) == []  # the kept New York token is PRR's, in a space
    # PRR's reserved token becomes ordinary (one stays reserved), the returned one is back
    assert data.charters["M1"].tokens == 2
    assert not data.charters["M1"].full_city_bull_used
    assert not token_problems(game)


def test_seed_3f_only_one_inherited_bull_into_a_full_city() -> None:
    game = merger_game(costs=(TOKEN_COSTS, ()), options={})
    state = game.state
    data = c2c_data(state)
    data.charters["PRR"] = float_charter(100, TOKEN_COSTS, C2COptions())  # a second bull
    state.changed()
    game.act("merge B&O PRR", "A")
    assert data.charters["M1"].bulls == 2
    start_operating(game)
    while title_of(game).current_corp(state) != "M1":
        game.act("done", state.corps[title_of(game).current_corp(state)].president)
    game.act(f"bull {FULL_CITIES[0]}", "A")  # beside a full city
    assert data.beside["M1"] == [FULL_CITIES[0]]
    unchanged(game, f"bull {FULL_CITIES[1]}", "A", "D variant 3f")  # the second may not
    game.act(f"bull {FREE_CITIES[0]}", "A")  # ... but goes as a normal token
    left = data.charters["M1"]
    assert left.bulls == 0 and left.tokens > 0  # a merger keeps its other tokens
    assert not token_problems(game)


def test_seed_3m_merger_moves_one_column_per_shell_with_a_train() -> None:
    game = merger_game()
    game.act("merge B&O PRR", "A")
    state, title = game.state, title_of(game)
    market = title.market(state)
    start_operating(game)
    cell = state.corps["M1"].cell
    assert cell is not None
    give_train(game, "M1", "2")
    title.pay_dividend(state, "M1", 50, "payout", context(game))
    one = market.right(cell)
    assert state.corps["M1"].cell == one  # one shell holds a train: one column
    start_operating(game)
    give_train(game, "M1", "3")
    title.pay_dividend(state, "M1", 50, "payout", context(game))
    assert state.corps["M1"].cell == market.right(market.right(one))  # both shells: two
    start_operating(game)
    title.pay_dividend(state, "M1", 0, "withhold", context(game))
    before = state.corps["M1"].cell
    start_operating(game)
    title.price_moves(state, "M1", context(game), destination=1)
    title.pay_dividend(state, "M1", 50, "payout", context(game))
    assert before is not None
    assert state.corps["M1"].cell == market.right(before)  # a destination run: one only


def test_merger_keeps_one_destination_run() -> None:
    """Assumed (base rules 4.8.4 unseen): the merger keeps the first reserved destination
    token, and with it that corporation's home and destination."""
    game = merger_game()
    game.act("merge B&O PRR", "A")
    assert title_of(game).home_and_destination(game.state, "M1") == ("M74", "M62")


def test_seed_4b_merged_corporation_uses_one_marker_and_sells_the_other() -> None:
    """D variant 4b: a merger of two corporations that each hold an Engineer marker uses only
    one (water at half price, not a quarter); the extra one is for sale to any corporation."""
    game = merger_game()
    state = game.state
    data = c2c_data(state)
    state.privates["ACE"].owner, state.privates["ACE"].closed = "@B&O", False
    # all five sold: B&O and PRR hold one each (three elsewhere)
    data.engineer_owner, data.engineer_unsold = "B&O", 0
    data.engineer_markers = {"B&O": 1, "PRR": 1, "NYC": 3}
    state.changed()
    game.act("merge B&O PRR", "A")
    assert data.engineer_markers == {"M1": 2, "NYC": 3} and data.engineer_owner == "M1"
    assert state.privates["ACE"].owner == "@M1"
    give_train(game, "M1", "2")
    give_train(game, "Sou", "2")
    start_operating(game)
    title = title_of(game)
    assert title.current_corp(state) == "M1"
    cash = state.corps["M1"].cash
    game.act(lay_text(game, WATER), "A")
    assert state.corps["M1"].cash == cash - 40  # $80 halved once
    end_turn(game, "A")
    assert title.current_corp(state) == "Sou"
    game.act("marker M1", "B")  # B presides Sou, not M1: the extra marker is for sale
    assert data.engineer_markers == {"M1": 1, "NYC": 3, "Sou": 1}
    unchanged(game, "marker M1", "B", "D variant 4b")  # Sou needs no second one
    assert not invariant_problems(game)
