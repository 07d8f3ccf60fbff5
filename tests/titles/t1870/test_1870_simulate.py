"""Random-bot games of 1870: no errors, invariants hold after every action."""

from __future__ import annotations

import random

import pytest

from transcon.core.game import Game
from transcon.core.simulate import simulate
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import invariant_problems
from transcon.titles.t1870.game import Title1870


def play_checked(seed: int, players: int = 4, **options: object) -> Game[GameState]:
    """One random-bot game, checking money, shares and train limits after every action."""
    names = [f"P{i}" for i in range(1, players + 1)]
    game = Game.new(Title1870(), names, options, seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.is_over():
            break
        player = game.current_players()[0]
        actions = game.legal_actions(player)
        assert actions, f"{player} has no legal action"
        game.apply(rng.choice(actions))
        problems = invariant_problems(game)
        assert not problems, (seed, len(game.log), problems)
    assert game.is_over()
    return game


@pytest.mark.parametrize("seed", [1])
def test_random_games_keep_invariants(seed: int) -> None:
    game = play_checked(seed)
    assert set(game.result()) == {"P1", "P2", "P3", "P4"}


def test_random_game_variants() -> None:
    play_checked(3, players=3, diesels=True, finish_on_400=True)


def test_simulate_summary() -> None:
    summary = simulate(Title1870(), 1, 3, "random", seed=7, per_game=False)
    assert summary["errors"] == 0 and summary["completed"] == 1


@pytest.mark.slow
def test_200_random_games() -> None:
    for seed in range(200):
        play_checked(seed, players=2 + seed % 5)


def test_builder_bots_reach_the_end_of_the_game() -> None:
    from transcon.titles.t1870.game.bots import BuilderBot

    names = ["P1", "P2", "P3", "P4"]
    game = Game.new(Title1870(), names, {"diesels": True, "finish_on_400": True}, 3)
    bots = {p: BuilderBot(i) for i, p in enumerate(names)}
    while not game.is_over():
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
        assert not invariant_problems(game)
    assert game.state.end_reason in ("bank", "stock_market", "bankrupt")
    assert sum(1 for a in game.log if a.type == "lay") > 10
