"""Benchmark: complete bot-played 18C2C games per CPU-second, for each variant (``18c2c-d``
and ``18c2c-super-short``; ``builder`` bots, one core).

    .venv/bin/python benchmarks/bench_c2c_games.py [--games 2] [--players 4] [--bot builder]
        [--seed 0] [--variant d|super-short|both]

Each game is played to the end through the normal ``Game.apply`` path (every action
validated), with the same seeds as ``transcon simulate 18c2c-d --bots builder --seed S``; the
figures are games and actions per CPU-second of this process. No warm-up game: the first
game pays for loading the map and tiles (a few hundred ms of a game of tens of seconds).
"""

from __future__ import annotations

import argparse
import time

from transcon.core.simulate import simulate
from transcon.titles.c2c.game import TitleC2C, TitleC2CSuperShort


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="builder")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", choices=("d", "super-short", "both"), default="both")
    args = parser.parse_args()
    titles = {"d": TitleC2C(), "super-short": TitleC2CSuperShort()}
    for variant, title in titles.items():
        if args.variant not in (variant, "both"):
            continue
        cpu_start, wall_start = time.process_time(), time.perf_counter()
        summary = simulate(
            title, args.games, args.players, args.bot, seed=args.seed, per_game=False
        )
        cpu = time.process_time() - cpu_start
        wall = time.perf_counter() - wall_start
        games, actions = summary["games"], summary["actions"]
        print(
            f"{title.name} {args.players} players, {args.bot} bots: {games} games "
            f"({summary['completed']} completed, {summary['errors']} errors), "
            f"{actions / max(games, 1):.0f} actions per game"
        )
        print(f"  cpu {cpu:.2f} s, wall {wall:.2f} s")
        print(f"  games per CPU-second: {games / cpu:.4f}")
        print(f"  actions per CPU-second: {actions / cpu:.0f}")


if __name__ == "__main__":
    main()
