"""18C2C the game (seed 001 on the base rules), one small position per rule clause."""

from __future__ import annotations

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.eighteen.framework.actions import LayTile, RunRoutes
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import (
    float_corp,
    give_train,
    invariant_problems,
    skip_auction,
    start_operating,
)
from transcon.titles.c2c.game import TitleC2C, TitleC2CSuperShort
from transcon.titles.c2c.game.checks import token_problems
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.options import TOKEN_COSTS, C2COptions
from transcon.titles.c2c.tokens import Charter, float_charter, place_token

PLAYERS = ["A", "B", "C", "D"]


def title_of(game: Game[GameState]) -> TitleC2C:
    title = game.title
    assert isinstance(title, TitleC2C)
    return title


def unchanged(game: Game[GameState], text: str, player: str, rule: str) -> str:
    """``text`` is refused under ``rule`` and the state stays exactly as it was (returns the
    error's message)."""
    before = game.state_to_json()
    with pytest.raises(IllegalAction) as err:
        game.act(text, player)
    assert rule in err.value.rule, err.value
    assert game.state_to_json() == before
    return err.value.message


def operating(title: TitleC2C, corps: dict[str, tuple[str, int]]) -> Game[GameState]:
    """A game after the auction with ``corps`` ({sym: (president, par)}) floated, in the
    first operating round."""
    game = Game.new(title, PLAYERS)
    skip_auction(game)
    for sym, (president, par) in corps.items():
        float_corp(game, sym, president, par)
    start_operating(game)
    return game


# -- setup -------------------------------------------------------------------------------------


def test_seed_2h_bank_and_super_short_5_bank() -> None:
    d = Game.new(TitleC2C(), PLAYERS)
    short = Game.new(TitleC2CSuperShort(), PLAYERS)
    assert title_of(d).spec(d.state).bank == 75_000
    assert title_of(short).spec(short.state).bank == 25_000
    assert d.state.bank + sum(p.cash for p in d.state.players) == 75_000


def test_seed_2b_d_trains_and_super_short_3_one_third() -> None:
    d = Game.new(TitleC2C(), PLAYERS)
    trains = {t.name: (t.price, t.count) for t in title_of(d).spec(d.state).trains}
    assert trains["3D"] == (630, 9) and "6" not in trains and "12" not in trains
    assert title_of(d).spec(d.state).train("3").rusts_on == "3D"  # 3i: the 3D kills the 3s
    short = Game.new(TitleC2CSuperShort(), PLAYERS)
    counts = [t.count for t in title_of(short).spec(short.state).trains]
    assert counts == [7, 6, 5, 4, 3, 3, 2, 6]


def test_super_short_1_twelve_corporations_and_4_one_column() -> None:
    game = Game.new(TitleC2CSuperShort(), PLAYERS)
    spec = title_of(game).spec(game.state)
    assert {c.sym for c in spec.corps if c.home} == {  # the public corporations
        "CP", "Erie", "B&O", "NYC", "PRR", "C&O", "IC", "L&N", "Sou", "GMO", "N&W", "Wabash",
    }  # fmt: skip
    assert [p.sym for p in spec.privates] == ["KT", "AF", "ACM", "GML", "GSC", "TBC", "ACE", "EPR"]


def test_seed_2g_canadian_pacific_destination_thunder_bay() -> None:
    game = Game.new(TitleC2C(), PLAYERS)
    assert title_of(game).spec(game.state).corp("CP").destination == "A54"


def test_two_to_eight_players() -> None:
    for n in (2, 8):
        game = Game.new(TitleC2C(), [f"P{i}" for i in range(n)])
        assert game.current_players() == ["P0"]
    assert (TitleC2C.min_players, TitleC2C.max_players) == (2, 8)


# -- starting packet (seed 001 3a) -------------------------------------------------------------


def test_seed_3a_six_eliminations_then_the_seventh_option_bids() -> None:
    game = Game.new(TitleC2C(), PLAYERS)
    for i, private in enumerate(("GRS", "GEM", "SCC", "AF", "DGJ", "KT")):
        player = PLAYERS[i % 4]
        assert game.current_players() == [player]
        unchanged(game, "bid MRB 40", player, "D variant 3a")
        game.act(f"eliminate {private}", player)
    # 4 players: the third player has the first opportunity to bid
    assert game.current_players() == ["C"]
    state = game.state
    assert all(state.privates[p].closed for p in ("GRS", "GEM", "SCC", "AF", "DGJ", "KT"))
    assert c2c_data(state).eliminated == ["GRS", "GEM", "SCC", "AF", "DGJ", "KT"]


@pytest.mark.parametrize("private", ["MRB", "CEP", "CE"])
def test_seed_3a_bridge_central_pacific_colorado_never_eliminated(private: str) -> None:
    game = Game.new(TitleC2C(), PLAYERS)
    unchanged(game, f"eliminate {private}", "A", "D variant 3a")


def test_seed_3a_columns_close_up() -> None:
    """After the eliminations, each column's top is the first of its remaining privates."""
    game = Game.new(TitleC2C(), PLAYERS)
    for i, private in enumerate(("GRS", "KT", "AF", "ACM", "GML", "SCC")):
        game.act(f"eliminate {private}", PLAYERS[i % 4])
    title = title_of(game)
    from transcon.titles.c2c.game.steps import PacketAuction

    auction = title.rounds[game.state.round].step_of(PacketAuction)
    assert isinstance(auction, PacketAuction)
    assert auction.at_price(game.state) == ["MRB", "GSC"]
    # the eastern top is bought at its price; a bid on the second of a column waits
    game.act("bid GSC 80", "C")
    assert game.state.privates["GSC"].owner == "C"


def test_super_short_no_elimination_by_default() -> None:
    game = Game.new(TitleC2CSuperShort(), PLAYERS)
    assert {a.type for a in game.legal_actions("A")} == {"bid", "pass"}
    assert TitleC2CSuperShort().eliminations(game.state) == 0


# -- tokens (seed 001 3e, 3f) ------------------------------------------------------------------


def floating_game(par: int) -> Game[GameState]:
    game = Game.new(TitleC2C(), PLAYERS)
    skip_auction(game)
    state = game.state
    for player in PLAYERS:
        state.player(player).cash = 5000
    game.act(f"par B&O {par}", "A")
    for _ in range(8):
        if game.state.corps["B&O"].floated:
            return game
        player = game.current_players()[0]
        game.act("buy B&O", player)
        if game.current_players() == [player] and not c2c_data(game.state).token_choice:
            game.act("pass", player)
    raise AssertionError("B&O did not float")


def test_seed_3e_tokens_bought_at_float_as_table_a_allows() -> None:
    game = floating_game(82)
    corp = game.state.corps["B&O"]
    assert corp.floated and c2c_data(game.state).token_choice == "B&O"
    president = corp.president
    unchanged(game, "tokens B&O 40,80", president, "D variant 3e")
    cash = corp.cash
    game.act("tokens B&O 60", president)
    assert game.state.corps["B&O"].cash == cash - 60
    charter = c2c_data(game.state).charters["B&O"]
    assert charter.costs == {60} and charter.tokens == 0 and charter.destination == "reserved"
    assert charter.bulls == 0


def test_seed_3e_no_token_bought_no_destination_token() -> None:
    game = floating_game(68)
    game.act("tokens B&O none", game.state.corps["B&O"].president)
    charter = c2c_data(game.state).charters["B&O"]
    assert charter.left == 0 and charter.destination == "none"


def test_seed_3f_par_100_and_all_four_tokens_give_a_bull() -> None:
    game = floating_game(100)
    game.act("tokens B&O 40,60,80,100", game.state.corps["B&O"].president)
    charter = c2c_data(game.state).charters["B&O"]
    assert charter.bulls == 1 and game.state.corps["B&O"].cash == 1000 - 280


def test_seed_3e_prepaid_tokens_place_for_free() -> None:
    game = operating(TitleC2C(), {"B&O": ("A", 100)})
    c2c_data(game.state).charters["B&O"] = float_charter(100, [40, 60], C2COptions())
    title = title_of(game)
    assert title.token_cost(game.state, "B&O") == 0  # home placed, one bought token free
    c2c_data(game.state).charters["B&O"] = place_token(c2c_data(game.state).charters["B&O"])
    assert title.token_cost(game.state, "B&O") is None  # the other is the destination's


# -- tile points (seed 001 3c, 3d) -------------------------------------------------------------


def test_seed_3c_table_b_normal_and_exclusive_west_and_plains() -> None:
    game = operating(TitleC2C(), {"B&O": ("A", 100), "UP": ("B", 100)})
    title, state = title_of(game), game.state
    state.corps["UP"].operated = True
    expected = {"2": (3, 3), "4": (3, 4), "3D": (4, 5), "5D": (5, 5)}
    names = [p.name for p in title.spec(state).phases]
    for phase, (normal, exclusive) in expected.items():
        state.phase = names.index(phase)
        assert title.tile_points(state, "UP", ["K44"]) == exclusive  # Omaha: Plains
        assert title.tile_points(state, "UP", ["K44", "M74"]) == normal  # Baltimore: Eastern
        assert title.tile_points(state, "B&O", ["M74"]) == normal


def test_seed_3d_first_turn_bonus_of_plains_and_west_corporations() -> None:
    game = operating(TitleC2C(), {"UP": ("B", 100), "B&O": ("A", 100)})
    title, state = title_of(game), game.state
    assert title.tile_points(state, "UP", ["K44"]) == 3 + 1
    assert title.tile_points(state, "B&O", ["M74"]) == 3  # an Eastern home: no bonus
    state.corps["UP"].operated = True
    assert title.tile_points(state, "UP", ["K44"]) == 3


def test_seed_3d_canada_lays_at_the_normal_figure() -> None:
    game = operating(TitleC2C(), {"CP": ("A", 100)})
    title, state = title_of(game), game.state
    state.phase = [p.name for p in title.spec(state).phases].index("4")
    assert title.tile_points(state, "CP", ["E78"]) == 3  # Montreal, Canada: not 4


def test_seed_3c_lays_stop_when_the_points_are_spent() -> None:
    game = operating(TitleC2C(), {"B&O": ("A", 100)})
    state = game.state
    assert title_of(game).current_corp(state) == "B&O"
    for _ in range(3):
        lays = [a for a in game.legal_actions("A") if isinstance(a, LayTile)]
        assert lays
        game.apply(lays[0])
    assert len(c2c_data(state).turn_lays) == 3  # three yellow tiles: Table B's 3 points
    assert not [a for a in game.legal_actions("A") if isinstance(a, LayTile)]
    assert title_of(game).hook_bot_lays(state, "B&O", "A") == []
    assert not invariant_problems(game)


# -- runs --------------------------------------------------------------------------------------


def test_runs_claiming_more_than_the_routes_are_refused() -> None:
    game = operating(TitleC2C(), {"B&O": ("A", 100)})
    give_train(game, "B&O", "2")
    title, state = title_of(game), game.state
    best = title.hook_bot_run(state, "B&O", "A")
    assert best.revenue == 0  # no track yet: the home station alone is no route
    before = game.state_to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(RunRoutes(player="A", revenue=50))
    assert "4.7.3" in err.value.rule and game.state_to_json() == before


# -- private purchases (seed 001 3b) -----------------------------------------------------------


def test_seed_3b_phase_two_half_price_privates() -> None:
    game = Game.new(TitleC2C(), PLAYERS)
    skip_auction(game, {"CE": "B", "MRB": "B", "GML": "B"})
    float_corp(game, "B&O", "A", 100)
    start_operating(game)
    title, state = title_of(game), game.state
    assert c2c_data(state).or_phase == "2"
    assert title.hook_private_price(state, "B&O", "CE") == (30, 30)
    assert title.hook_private_price(state, "B&O", "MRB") == (40, 40)
    assert title.hook_private_price(state, "B&O", "GML") == (0, -1)
    unchanged(game, "private CE 60", "A", "private")
    game.act("private CE 30", "A")
    assert state.privates["CE"].owner == "@B&O"


def bull_game() -> Game[GameState]:
    """B&O (par $100, all four tokens: a bull) operating; Southern's home Atlanta (one
    space) is full. Reach is not checked here (the rule is about spaces)."""
    game = Game.new(TitleC2C(), PLAYERS, {"check_reach": False})
    skip_auction(game)
    float_corp(game, "B&O", "A", 100)
    float_corp(game, "Sou", "B", 100)
    data = c2c_data(game.state)
    data.charters.update({"B&O": float_charter(100, TOKEN_COSTS, C2COptions()), "Sou": Charter()})
    start_operating(game)
    sou = game.state.corps["Sou"]
    sou.tokens, sou.tokens_used = ["S62"], 1
    return game


def test_seed_3f_bull_into_a_full_city_forfeits_the_charter() -> None:
    game = bull_game()
    state = game.state
    assert title_of(game).current_corp(state) == "B&O"
    unchanged(game, "token S62", "A", "4.7.2")  # Atlanta is full for a normal token
    game.act("bull S62", "A")
    data = c2c_data(state)
    assert state.corps["B&O"].tokens == ["M74", "S62"]
    assert data.beside == {"B&O": ["S62"]} and data.charters["B&O"].destination == "forfeited"
    assert title_of(game).token_cost(state, "B&O") is None  # the charter's tokens are gone
    assert title_of(game).free_spaces(state, "PRR", "S62") == 0


def test_seed_3f_bull_as_a_normal_token_takes_a_space() -> None:
    game = bull_game()
    assert title_of(game).free_spaces(game.state, "PRR", "F85") == 1
    game.act("bull F85", "A")  # Bangor: a free space
    data = c2c_data(game.state)
    assert game.state.corps["B&O"].tokens[-1] == "F85" and data.beside == {}
    assert data.charters["B&O"].left == 0
    assert title_of(game).free_spaces(game.state, "PRR", "F85") == 0


def test_seed_3f_only_a_bull_holder_places_one() -> None:
    game = operating(TitleC2C(), {"B&O": ("A", 100)})
    unchanged(game, "bull L69", "A", "D variant 3f")


# -- transcontinental bonus (seed 001 3k, 3m) --------------------------------------------------


def test_seed_3k_no_transcontinental_bonus_without_a_proof() -> None:
    game = operating(TitleC2C(), {"B&O": ("A", 100)})
    give_train(game, "B&O", "2")
    unchanged(game, "transcontinental", "A", "D variant 3k")


def test_seed_3k_3m_bonus_by_proof_and_one_column_with_a_dividend(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from transcon.eighteen.framework.testing import context

    game = operating(TitleC2C(), {"B&O": ("A", 100)})
    give_train(game, "B&O", "3D")
    title, state = title_of(game), game.state
    monkeypatch.setattr(TitleC2C, "transcontinental_proof", lambda *_: "A4-0,M74-0")
    cash, cell = state.corps["B&O"].cash, state.corps["B&O"].cell
    assert cell is not None
    game.act("transcontinental", "A")  # the corporation chooses when: here, before running
    assert state.corps["B&O"].cash == cash + 100  # option transcontinental_bonus
    moved = title.market(state).right(cell)
    assert state.corps["B&O"].cell == moved
    title.pay_dividend(state, "B&O", 50, "payout", context(game))
    assert state.corps["B&O"].cell == moved  # "and/or": still one column this OR
    unchanged(game, "transcontinental", "A", "D variant 3k")  # once per corporation
    start_operating(game)
    title.pay_dividend(state, "B&O", 50, "payout", context(game))
    assert state.corps["B&O"].cell == title.market(state).right(moved)


# -- destination runs (seed 001 3e, 3j) --------------------------------------------------------


def test_seed_3e_no_destination_run_without_a_reserved_token() -> None:
    game = operating(TitleC2C(), {"B&O": ("A", 100)})
    give_train(game, "B&O", "2")
    c2c_data(game.state).charters["B&O"] = Charter()
    unchanged(game, "destination", "A", "D variant 3j")


def test_seed_3j_no_destination_run_without_a_route() -> None:
    game = operating(TitleC2C(), {"B&O": ("A", 100)})
    give_train(game, "B&O", "4D")
    c2c_data(game.state).charters["B&O"] = Charter(destination="reserved")
    unchanged(game, "destination", "A", "D variant 3j")


def test_seed_3j_destination_run_places_the_reserved_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = operating(TitleC2C(), {"B&O": ("A", 100)})
    give_train(game, "B&O", "4D")
    state = game.state
    data = c2c_data(state)
    data.charters["B&O"] = Charter(destination="reserved", costs=frozenset({40}))
    monkeypatch.setattr(TitleC2C, "destination_revenue", lambda *_: 120)
    game.act("destination", "A")
    corp = state.corps["B&O"]
    assert corp.tokens == ["M74", "M62"] and corp.tokens_used == 2  # Cincinnati
    assert data.charters["B&O"].destination == "placed"
    assert state.operating.revenue == 120
    unchanged(game, "run 0", "A", "run")  # the destination run was the turn's run
    game.act("payout", "A")
    assert not token_problems(game) and not invariant_problems(game)


# -- Terminals and Architects (seed 001 4c) ----------------------------------------------------


def private_game(private: str, costs: list[int]) -> Game[GameState]:
    game = Game.new(TitleC2C(), PLAYERS)
    skip_auction(game, {private: "B"})
    float_corp(game, "B&O", "A", 76)
    c2c_data(game.state).charters["B&O"] = float_charter(76, costs, C2COptions())
    start_operating(game)
    game.state.phase = 1  # phase 3: the base purchase window
    c2c_data(game.state).or_phase = "3"
    return game


def test_seed_4c_terminals_give_the_40_and_60_tokens_not_bought() -> None:
    game = private_game("TBC", [40])
    game.act("private TBC 80", "A")
    charter = c2c_data(game.state).charters["B&O"]
    assert charter.costs == {40, 60} and charter.tokens == 1  # the $40 stays reserved
    assert charter.destination == "reserved"


def test_seed_4c_architects_two_free_tokens_one_reserved() -> None:
    game = private_game("FWA", [])
    game.act("private FWA 120", "A")
    charter = c2c_data(game.state).charters["B&O"]
    assert charter.costs == {40, 60}  # even beyond what par $76 allows (Table A)
    assert charter.destination == "reserved"  # none reserved before: one of these is
    assert charter.tokens == 1 and charter.bulls == 0
