"""Benchmark: complete 4-player greedy-bot games of Railway Rivals USA per second (one core).

    .venv/bin/python benchmarks/bench_railway_rivals.py [--games 10] [--players 4]
        [--bot greedy] [--map usa-transcontinental] [--seed 0]

The map is loaded (and indexed) once before timing; each game is played to the end by bots
through the normal ``Game.apply`` path (every action validated), so the figure includes the
rules checks, the route finder and the bots' own planning.
"""

from __future__ import annotations

import argparse
import statistics
import time

from transcon.core.bots import bot_seed, make_bot, play_out
from transcon.core.game import Game
from transcon.titles.railway_rivals import RailwayRivalsUSA
from transcon.titles.railway_rivals.config import MAP_NAME
from transcon.titles.railway_rivals.mapmodel import rr_map


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--map", default=MAP_NAME)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    title = RailwayRivalsUSA()
    started = time.perf_counter()
    rr_map(args.map)
    print(f"map {args.map}: loaded and indexed in {time.perf_counter() - started:.2f} s")
    names = [f"P{i}" for i in range(1, args.players + 1)]
    times, actions, tc = [], 0, 0
    cpu_start = time.process_time()
    for index in range(args.games):
        seed = args.seed + index
        t0 = time.perf_counter()
        game = Game.new(title, names, {"map": args.map}, seed)
        bots = {
            p: make_bot(title, args.bot, bot_seed(args.seed, index, i)) for i, p in enumerate(names)
        }
        actions += play_out(game, bots)
        times.append(time.perf_counter() - t0)
        tc += game.state.tc_run_round is not None
        assert game.is_over()
    total = sum(times)
    cpu = time.process_time() - cpu_start
    print(
        f"{args.games} games, {args.players} players, {args.bot} bots: {total:.2f} s, "
        f"{args.games / total:.2f} games/s, {actions / total:.0f} actions/s, "
        f"median {statistics.median(times):.3f} s/game, max {max(times):.3f} s, "
        f"Transcontinental race run in {tc}/{args.games}"
    )
    print(f"CPU time {cpu:.2f} s: {args.games / cpu:.2f} games per CPU-second (one core)")


if __name__ == "__main__":
    main()
