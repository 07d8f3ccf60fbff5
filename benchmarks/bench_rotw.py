"""Benchmark: complete greedy-bot games of Railways of the World per CPU-second, by player count.

    .venv/bin/python benchmarks/bench_rotw.py [--map rotw-usa] [--players 2,3,4] [--games 10]
        [--seed 0] [--memory GAMES]

One warm-up game first builds the cached board graph and route planner (a one-off cost per
process, reported separately), then ``--games`` games are played at each player count through
the normal ``Game.apply`` path (every action validated) and timed in CPU time
(``time.process_time``: other processes on the machine do not count).

Each line also prints a digest of the games' logs (every action's text, in order): the same
seeds give the same digest unless the bots or rules changed, so a speed-up that must not
change play is checked by comparing digests. Compare two source trees in one run with
``PYTHONPATH=OTHER/src .venv/bin/python benchmarks/bench_rotw.py`` run before and after this.

``--memory GAMES`` plays that many greedy games in one process instead (2, 3, 4 players in
turn) and prints the memory the process holds after every eighth of them (``tracemalloc``,
after a garbage collection) with the number of planner tables kept for left-out target
sets: a process playing many games (``transcon analyze``) must not grow.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import time
import tracemalloc

from transcon.core.bots import bot_seed, play_out
from transcon.core.game import Game
from transcon.core.mapfile import shipped_map_names
from transcon.titles.rotw import RailwaysOfTheWorldEastWest
from transcon.titles.rotw.bots import GreedyBot
from transcon.titles.rotw.planner import planner_for
from transcon.titles.rotw.state import RotwState

NAMES = ("A", "B", "C", "D", "E", "F")


def play(
    title: RailwaysOfTheWorldEastWest, map_name: str, seed: int, players: int = 4
) -> Game[RotwState]:
    """One game of greedy bots played to the end."""
    names = list(NAMES[:players])
    game = Game.new(title, names, {"map": map_name}, seed)
    bots = {p: GreedyBot(bot_seed(seed, i)) for i, p in enumerate(names)}
    play_out(game, bots)
    assert game.is_over()
    return game


def measure(
    title: RailwaysOfTheWorldEastWest, map_name: str, players: int, games: int, seed: int
) -> tuple[float, int, str]:
    """(CPU seconds, actions, log digest) of ``games`` games from ``seed`` on."""
    digest = hashlib.sha256()
    cpu = 0.0
    actions = 0
    for index in range(games):
        started = time.process_time()
        game = play(title, map_name, seed + index, players)
        cpu += time.process_time() - started
        actions += len(game.log)
        for action in game.log:
            digest.update(game.format(action).encode() + b"\n")
    return cpu, actions, digest.hexdigest()[:16]


def memory(title: RailwaysOfTheWorldEastWest, map_name: str, games: int, seed: int) -> None:
    """Memory held after every eighth of ``games`` games (see the module docstring)."""
    tracemalloc.start()
    step = max(1, games // 8)
    for index in range(games):
        game = play(title, map_name, seed + index, 2 + index % 3)
        if (index + 1) % step == 0:
            planner = planner_for(title.graph(game.state))
            del game
            gc.collect()
            held, _ = tracemalloc.get_traced_memory()
            print(
                f"after {index + 1} games: {held / 1e6:.1f} MB held, "
                f"{len(planner.variants)} planner tables for left-out targets"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    default = "rotw-usa" if "rotw-usa" in shipped_map_names() else "rotw-mini"
    parser.add_argument("--map", default=default)
    parser.add_argument("--players", default="2,3,4", help="player counts, comma separated")
    parser.add_argument("--games", type=int, default=10, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--memory", type=int, default=0, help="games of the memory check")
    args = parser.parse_args()
    title = RailwaysOfTheWorldEastWest()
    if args.memory:
        memory(title, args.map, args.memory, args.seed)
        return
    started = time.process_time()
    play(title, args.map, 10_000)
    warm = time.process_time() - started
    print(f"map {args.map}: warm-up game {warm:.2f} CPU-s (board graph and planner caches)")
    for players in (int(n) for n in args.players.split(",")):
        cpu, actions, digest = measure(title, args.map, players, args.games, args.seed)
        print(
            f"{players} players: {args.games} greedy games in {cpu:.2f} CPU-s: "
            f"{args.games / cpu:.2f} games per CPU-second, {actions / cpu:.0f} actions per "
            f"CPU-second, log digest {digest}"
        )


if __name__ == "__main__":
    main()
