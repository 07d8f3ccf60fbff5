"""Benchmark: complete 4-player greedy-bot games of rotw-east-west per second on one core.

Usage: ``.venv/bin/python benchmarks/bench_rotw.py [--map rotw-usa] [--games 10]``.
One warm-up game first builds the cached board graph and route planner (a one-off cost per
process, reported separately), then ``--games`` games are timed.
"""

from __future__ import annotations

import argparse
import time

from transcon.core.bots import bot_seed, play_out
from transcon.core.game import Game
from transcon.core.mapfile import shipped_map_names
from transcon.titles.rotw import RailwaysOfTheWorldEastWest
from transcon.titles.rotw.bots import GreedyBot


def play(title: RailwaysOfTheWorldEastWest, map_name: str, seed: int) -> int:
    players = ["A", "B", "C", "D"]
    game = Game.new(title, players, {"map": map_name}, seed)
    bots = {p: GreedyBot(bot_seed(seed, i)) for i, p in enumerate(players)}
    play_out(game, bots)
    assert game.is_over()
    return len(game.log)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    default = "rotw-usa" if "rotw-usa" in shipped_map_names() else "rotw-mini"
    parser.add_argument("--map", default=default)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    title = RailwaysOfTheWorldEastWest()
    started = time.perf_counter()
    play(title, args.map, 10_000)
    warm = time.perf_counter() - started
    started = time.perf_counter()
    cpu_started = time.process_time()
    actions = sum(play(title, args.map, seed) for seed in range(args.games))
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    print(f"map {args.map}: warm-up game {warm:.2f}s (board graph and planner caches)")
    print(
        f"{args.games} complete 4-player greedy games in {seconds:.2f}s: "
        f"{args.games / seconds:.2f} games/s, {actions / seconds:.0f} actions/s"
    )
    print(f"CPU time {cpu:.2f}s: {args.games / cpu:.2f} games per CPU second (one core)")


if __name__ == "__main__":
    main()
