"""Whole games played by bots, with the invariants checked after each: cash is conserved
(every payment in the ledger has a payer and a payee or the bank), no track on water or
foreign hexes, the log replays to the identical state, and every race result follows from
its recorded throws. Big runs are behind ``--runslow``."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from transcon.core.bots import bot_seed, make_bot, play_out
from transcon.core.game import Game
from transcon.core.simulate import simulate
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState
from transcon.titles.railway_rivals.state import BANK
from transcon.titles.railway_rivals.tracks import step_points

from .conftest import REAL_MAP, needs_real_map


def check_invariants(game: Game[RRState]) -> None:
    s = game.state
    players = set(s.players)
    # cash conserved: the ledger explains every unit of cash
    assert s.ledger_balances() == s.cash
    for _, payer, payee, amount, reason in s.ledger:
        assert amount > 0 and payer != payee and reason
        assert payer in players | {BANK} and payee in players | {BANK}
    # no track into water or foreign hexes, and only on buildable links
    for p in s.players:
        for a, b in s.track[p]:
            assert s.model.buildable[a] and s.model.buildable[b]
            assert s.model.cost(a, b) is not None
    for city in s.cities.values():
        assert s.model.buildable[city.hex]
    # every race result follows from the recorded throws
    for record in s.results:
        trains = record["trains"]
        for train in trains:
            route = [s.model.hex_index(label) for label in train["route"]]
            steps = [step_points(s, a, b) for a, b in itertools.pairwise(route)]
            if len(trains) == 1:
                assert train["finished"] == 0 and train["throws"] == []
                continue
            pos, finished, carry = 0, None, 0
            for n, die in enumerate(train["throws"], start=1):
                points = die + carry
                while pos < len(steps) and steps[pos] <= points:
                    points -= steps[pos]
                    pos += 1
                carry = points if s.cfg.carry_race_points else 0
                if pos == len(steps):
                    finished = n
                    break
            assert finished == train["finished"]
    # the log replays to the identical state, generator and events
    check = game.verify_replay()
    assert check, check.detail


def play(
    title: RailwayRivalsUSA, map_name: str, bot: str, seed: int, players: int = 4
) -> Game[RRState]:
    names = [f"P{i}" for i in range(1, players + 1)]
    game = Game.new(title, names, {"map": map_name}, seed)
    bots = {p: make_bot(title, bot, bot_seed(seed, i)) for i, p in enumerate(names)}
    play_out(game, bots)
    assert game.is_over()
    return game


@pytest.mark.parametrize(("bot", "seed"), [("random-legal", 1), ("random", 2), ("greedy", 3)])
def test_invariants_small_map_games(
    title: RailwayRivalsUSA, strip_path: str, bot: str, seed: int
) -> None:
    game = play(title, strip_path, bot, seed, players=3)
    check_invariants(game)


@needs_real_map
@pytest.mark.parametrize(("bot", "seed"), [("greedy", 1), ("greedy", 2), ("random-legal", 3)])
def test_invariants_real_map_games(title: RailwayRivalsUSA, bot: str, seed: int) -> None:
    """A handful of full games on the generated map (seed "Rounds of Play": 16 rounds)."""
    game = play(title, REAL_MAP, bot, seed)
    check_invariants(game)
    assert game.state.round == 16
    winners = game.winners()
    assert winners and all(game.state.cash[w] == max(game.state.cash.values()) for w in winners)


def test_simulate_reports_title_statistics(title: RailwayRivalsUSA, strip_path: str) -> None:
    summary: dict[str, Any] = simulate(
        title, 2, 3, "greedy", seed=5, options={"map": strip_path}, per_game=False
    )
    assert summary["completed"] == 2 and summary["errors"] == 0
    stats = summary["statistics"]
    assert {"wins_by_seat", "cash_spread_mean", "tc_run_share"} <= set(stats)


@pytest.mark.slow
@needs_real_map
def test_slow_1000_random_bot_games() -> None:
    """1,000 random-bot games: none errors, none stalls."""
    summary = simulate(RailwayRivalsUSA(), 1000, 4, "random-legal", seed=1000, per_game=False)
    assert summary["errors"] == 0, summary.get("first_errors")
    assert summary["completed"] == 1000


@pytest.mark.slow
@needs_real_map
def test_slow_200_greedy_games_with_invariants(title: RailwayRivalsUSA) -> None:
    """200 greedy-bot games, invariants checked after each."""
    for seed in range(200):
        check_invariants(play(title, REAL_MAP, "greedy", 10_000 + seed))


@pytest.mark.slow
@needs_real_map
@pytest.mark.parametrize("players", [5, 6])
def test_slow_random_bot_games_with_five_and_six_rivals(players: int) -> None:
    """Issue 15 item 9a: 200 random-bot games at 5 and at 6 rivals (the seed allows up to
    6): none errors, none stalls."""
    summary = simulate(
        RailwayRivalsUSA(), 200, players, "random-legal", seed=40_000 + players, per_game=False
    )
    assert summary["errors"] == 0, summary.get("first_errors")
    assert summary["completed"] == 200


@pytest.mark.slow
@needs_real_map
@pytest.mark.parametrize("players", [5, 6])
def test_slow_greedy_games_with_five_and_six_rivals(title: RailwayRivalsUSA, players: int) -> None:
    """Issue 15 item 9a: 50 greedy-bot games at 5 and at 6 rivals (crowded late-game track,
    shared lines, the route finder's caps), invariants and the replay checked after each."""
    for seed in range(50):
        check_invariants(play(title, REAL_MAP, "greedy", 30_000 + 100 * players + seed, players))


@needs_real_map
def test_regression_gm_route_pick_never_empty(title: RailwayRivalsUSA) -> None:
    """Regression (simulate seed 1000, game 116): the GM's random pick among equal routes
    once produced only self-crossing routes; it now falls back to the checked front."""
    names = ["P1", "P2", "P3", "P4"]
    game = Game.new(title, names, {}, 1116)
    bots = {p: make_bot(title, "random-legal", bot_seed(1000, 116, i)) for i, p in enumerate(names)}
    play_out(game, bots)
    check_invariants(game)


@pytest.mark.parametrize("options", [{}, {"max_entries_per_round": 1, "carry_build_points": True}])
def test_legal_actions_are_all_legal(
    title: RailwayRivalsUSA, strip_path: str, options: dict[str, Any]
) -> None:
    """Every action listed by legal_actions passes validate (checked along a random game)."""
    names = ["A", "B", "C"]
    game = Game.new(title, names, {"map": strip_path, **options}, 9)
    bots = {p: make_bot(title, "random-legal", i) for i, p in enumerate(names)}
    step = 0
    while not game.is_over():
        player = game.current_players()[0]
        if step % 20 == 0:
            for p in game.current_players():
                assert all(game.is_legal(a) for a in game.legal_actions(p))
        game.apply(bots[player].choose(game, player))
        step += 1
    check_invariants(game)


@pytest.mark.slow
def test_slow_random_games_on_the_small_map_with_invariants(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """300 random-bot games on the small map, where races, joint track use and the
    Transcontinental race happen often; invariants after each."""
    for seed in range(300):
        check_invariants(play(title, strip_path, "random-legal", 20_000 + seed, players=3))
