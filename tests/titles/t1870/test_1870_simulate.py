"""Random-bot games of 1870: no errors, invariants hold after every action."""

from __future__ import annotations

import random

import pytest

from transcon.core.bots import bot_seed, make_bot, play_out
from transcon.core.game import Game
from transcon.core.simulate import simulate
from transcon.eighteen.framework.actions import LayTile
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import invariant_problems
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.importer.options import options_1870

SEEKER_SEED = 3


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


def seeker_game(seed: int, players: int, max_actions: int = 20_000) -> Game[GameState]:
    """Seeker bots under the importer's options (18xx.games' rules, routes named)."""
    names = [f"P{i}" for i in range(1, players + 1)]
    game = Game.new(Title1870(), names, options_1870((), check_routes=True), seed)
    bots = {p: make_bot(game.title, "seeker", bot_seed(seed, i)) for i, p in enumerate(names)}
    play_out(game, bots, max_actions)
    return game


def test_seeker_bots_reach_their_destinations_and_use_the_bridge() -> None:
    """The seeker bot (issue 12's rare corners): its companies build toward their
    destinations and make connection runs (§8), buy the MRBC and lay with it (§9.2), and
    its presidents pay for forced train purchases (§7.5); the game is reproducible from its
    seed."""
    game = seeker_game(SEEKER_SEED, 2)
    assert game.is_over()
    assert any(a.type == "connect" for a in game.log)
    assert any(isinstance(a, LayTile) and a.private == "MRBC" for a in game.log)
    assert any("contributes" in e.text for e in game.events)
    again = seeker_game(SEEKER_SEED, 2, max_actions=300)
    assert again.log == game.log[:300]


def test_simulate_selects_the_seeker_bot() -> None:
    summary = simulate(Title1870(), 1, 2, "seeker", seed=3, per_game=False, max_actions=200)
    assert summary["errors"] == 0
