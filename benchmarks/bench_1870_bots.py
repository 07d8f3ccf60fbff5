"""Benchmark: complete bot-played 1870 games per CPU-second (``builder`` bots, one core).

    .venv/bin/python benchmarks/bench_1870_bots.py [--games 5] [--players 4] [--bot builder]
        [--seed 0]

Each game is played to the end through the normal ``Game.apply`` path (every action
validated), with the same seeds as ``transcon simulate 1870 --bots builder --seed S``; the
figures are games and actions per CPU-second of this process. The title's data is loaded by
one untimed warm-up game first.
"""

from __future__ import annotations

import argparse
import time

from transcon.core.simulate import simulate
from transcon.titles.t1870.game import Title1870


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="builder")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    title = Title1870()
    simulate(title, 1, args.players, args.bot, seed=args.seed + 10_000, per_game=False)
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    summary = simulate(title, args.games, args.players, args.bot, seed=args.seed, per_game=False)
    cpu = time.process_time() - cpu_start
    wall = time.perf_counter() - wall_start
    games, actions = summary["games"], summary["actions"]
    print(
        f"1870 {args.players} players, {args.bot} bots: {games} games "
        f"({summary['completed']} completed, {summary['errors']} errors), "
        f"{actions / max(games, 1):.0f} actions per game"
    )
    print(f"cpu {cpu:.2f} s, wall {wall:.2f} s")
    print(f"games per CPU-second: {games / cpu:.3f}")
    print(f"actions per CPU-second: {actions / cpu:.0f}")


if __name__ == "__main__":
    main()
