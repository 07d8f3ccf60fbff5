"""Benchmark: complete bot-played 18C2C games per CPU-second, for each variant (``18c2c-d``
and ``18c2c-super-short``; ``builder`` bots, one core).

    .venv/bin/python benchmarks/bench_c2c_games.py [--games 2] [--players 4] [--bot builder]
        [--seed 0] [--variant d|super-short|both] [--against OTHER/src]

Each game is played to the end through the normal ``Game.apply`` path (every action
validated), with the same seeds as ``transcon simulate 18c2c-d --bots builder --seed S``; the
figures are games and actions per CPU-second of this process, and a digest of each game's
log. No warm-up game: the first
game pays for loading the map and tiles (a few hundred ms of a game of tens of seconds).

``--against`` also runs the same games on another checkout's sources (e.g. a ``git worktree``
of main: ``--against ../main-copy/src``) in a child process, one variant after the other
alternating with this checkout, and prints both: a speed-up is measured in one run, and equal
log digests show that it changed no game.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import time
from typing import Any

from transcon.core.bots import bot_seed, make_bot, play_out
from transcon.core.game import Game
from transcon.core.title import Title
from transcon.titles.c2c.game import TitleC2C, TitleC2CSuperShort


def measure(title: Title[Any], args: argparse.Namespace) -> None:
    """Play the games (as ``simulate`` seeds them) and print the figures and log digests."""
    names = [f"P{i}" for i in range(1, args.players + 1)]
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    actions = completed = 0
    digests = []
    for index in range(args.games):
        game = Game.new(title, names, {}, args.seed + index)
        seats = {
            p: make_bot(title, args.bot, bot_seed(args.seed, index, seat))
            for seat, p in enumerate(names)
        }
        play_out(game, seats)
        actions += len(game.log)
        completed += game.is_over()
        log = "\n".join(title.format_action(a) for a in game.log)
        digests.append(f"seed {args.seed + index} {hashlib.sha256(log.encode()).hexdigest()[:12]}")
    cpu = time.process_time() - cpu_start
    wall = time.perf_counter() - wall_start
    games = args.games
    print(
        f"{title.name} {args.players} players, {args.bot} bots: {games} games "
        f"({completed} completed), {actions / max(games, 1):.0f} actions per game"
    )
    print(f"  cpu {cpu:.2f} s, wall {wall:.2f} s")
    print(f"  games per CPU-second: {games / cpu:.4f}")
    print(f"  actions per CPU-second: {actions / cpu:.0f}")
    print(f"  log digests: {', '.join(digests)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="builder")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", choices=("d", "super-short", "both"), default="both")
    parser.add_argument("--against", default="", help="another checkout's src directory")
    args = parser.parse_args()
    titles = {"d": TitleC2C(), "super-short": TitleC2CSuperShort()}
    for variant, title in titles.items():
        if args.variant not in (variant, "both"):
            continue
        if args.against:
            print(f"[{args.against}]", flush=True)
            child = [a for a in sys.argv[1:] if not a.startswith("--against")]
            child = [a for a in child if a != args.against]
            env = {**os.environ, "PYTHONPATH": args.against}
            subprocess.run(
                [sys.executable, __file__, *child, "--variant", variant], env=env, check=True
            )
            print("[this checkout]", flush=True)
        measure(title, args)


if __name__ == "__main__":
    main()
