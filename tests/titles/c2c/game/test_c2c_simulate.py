"""Bot games of both 18C2C titles: no errors, invariants after every action (money
conserved, every corporation's shares 100%, token counts, train limits), and whole games end
by the game-end rule. The default run plays bounded games; ``--runslow`` plays whole games
(``C2C_SLOW_GAMES`` per bot and variant, default 100)."""

from __future__ import annotations

import os
import random
import time
from collections import Counter

import pytest

from transcon.core.game import Game
from transcon.core.options import parse_option_args
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import invariant_problems
from transcon.titles.c2c.game import TitleC2C, TitleC2CSuperShort
from transcon.titles.c2c.game.bots import BuilderBot
from transcon.titles.c2c.game.checks import token_problems

TITLES = {"d": TitleC2C, "super-short": TitleC2CSuperShort}


def play(
    variant: str,
    seed: int,
    bots: str,
    players: int,
    limit: int,
    options: dict[str, object] | None = None,
) -> Game[GameState]:
    """One game (at most ``limit`` actions), checking the invariants after every action."""
    names = [f"P{i}" for i in range(1, players + 1)]
    game = Game.new(TITLES[variant](), names, options or {}, seed)
    rng = random.Random(seed)
    builders = {p: BuilderBot(seed * 10 + i) for i, p in enumerate(names)}
    for _ in range(limit):
        if game.is_over():
            break
        player = game.current_players()[0]
        if bots == "builder":
            action = builders[player].choose(game, player)
        else:
            actions = game.legal_actions(player)
            assert actions, f"{player} has no legal action"
            action = rng.choice(actions)
        game.apply(action)
        problems = invariant_problems(game) + token_problems(game)
        assert not problems, (variant, seed, len(game.log), problems)
    return game


@pytest.mark.parametrize("variant", ["d", "super-short"])
def test_random_bot_games_keep_the_invariants(variant: str) -> None:
    game = play(variant, 1, "random", 3, 600)
    assert len(game.log) > 100
    if variant == "super-short":  # random players merge (base rules 4.3.5); saves replay
        assert "merge" in {a.type for a in game.log}
        assert game.verify_replay().identical


def test_builder_bots_build_run_and_buy_trains() -> None:
    game = play("super-short", 2, "builder", 3, 700)
    kinds = {a.type for a in game.log}
    assert "eliminate" not in kinds  # Super-short: no eliminations by default
    assert {"lay", "token", "run", "train", "tokens"} <= kinds
    assert any(a.type == "run" and getattr(a, "revenue", 0) > 0 for a in game.log)


SLOW_GAMES = int(os.environ.get("C2C_SLOW_GAMES", "100"))
SLOW_FIRST_SEED = int(os.environ.get("C2C_SLOW_FIRST_SEED", "0"))
"""``--runslow`` plays seeds ``C2C_SLOW_FIRST_SEED`` .. + ``C2C_SLOW_GAMES`` - 1 (default
0..99) per bot kind and variant: set them to split the 400 games into batches."""
SLOW_OPTIONS = os.environ.get("C2C_SLOW_OPTIONS", "")
"""Options of the ``--runslow`` games as ``name=value`` separated by spaces (default none),
e.g. ``share_redemption=1870``."""


@pytest.mark.slow
@pytest.mark.parametrize("bots", ["random", "builder"])
@pytest.mark.parametrize("variant", ["d", "super-short"])
def test_whole_games_end_by_the_game_end_rule(variant: str, bots: str) -> None:
    """Issue 14: whole games of 2 to 8 players end by the game-end rule (bank broken, a
    bankruptcy, or no corporation operating in five stock rounds in a row: random bots often
    let every corporation close), no error, the invariants after every action; prints the
    figures."""
    reasons: Counter[str] = Counter()
    actions = 0
    options = parse_option_args(TITLES[variant].options, SLOW_OPTIONS.split())
    start = time.process_time()
    for seed in range(SLOW_FIRST_SEED, SLOW_FIRST_SEED + SLOW_GAMES):
        game = play(variant, seed, bots, 2 + seed % 7, 60_000, dict(options))
        assert game.is_over(), (variant, bots, seed, len(game.log))
        assert game.state.end_reason in ("bank", "bankrupt", "stalemate"), game.state.end_reason
        reasons[game.state.end_reason] += 1
        actions += len(game.log)
        print(f"{variant} {bots} seed {seed}: {len(game.log)} actions, {game.state.end_reason}")
    cpu = time.process_time() - start
    print(
        f"\n{variant} {bots} ({SLOW_OPTIONS or 'default options'}): {SLOW_GAMES} games "
        f"(seeds {SLOW_FIRST_SEED}.."
        f"{SLOW_FIRST_SEED + SLOW_GAMES - 1}) ended {dict(reasons)}, {actions} actions, "
        f"{cpu:.0f} CPU-s"
    )
