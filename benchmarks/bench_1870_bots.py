"""Benchmark: complete bot-played 1870 games per CPU-second (``builder`` bots, one core).

    .venv/bin/python benchmarks/bench_1870_bots.py [--games 5] [--players 4] [--bot builder]
        [--seed 0]

Each game is played to the end through the normal ``Game.apply`` path (every action
validated), with the same seeds and bots as ``transcon simulate 1870 --bots builder --seed
S``; the figures are games and actions per CPU-second of this process. The title's data is
loaded by one untimed warm-up game first. A digest (SHA-256) of the games' logs is printed:
a speed change must leave it as it was (the same games for the same seeds). Compare two
trees in one run with PYTHONPATH=OTHER/src.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from transcon.core.bots import bot_seed, make_bot, play_out
from transcon.core.game import Game
from transcon.core.simulate import seat_names
from transcon.titles.t1870.game import Title1870


def play(title: Title1870, players: int, bot: str, seed: int, index: int) -> Game[object]:
    """Game ``index`` of a ``simulate`` run with ``seed`` (same game seed and bot seeds)."""
    names = seat_names(players)
    game: Game[object] = Game.new(title, names, {}, seed + index)
    seats = {
        name: make_bot(title, bot, bot_seed(seed, index, seat)) for seat, name in enumerate(names)
    }
    play_out(game, seats)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="builder")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    title = Title1870()
    play(title, args.players, args.bot, args.seed + 10_000, 0)
    digest = hashlib.sha256()
    actions = completed = 0
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    for index in range(args.games):
        game = play(title, args.players, args.bot, args.seed, index)
        actions += len(game.log)
        completed += game.is_over()
        for action in game.log:
            digest.update(action.model_dump_json().encode())
    cpu = time.process_time() - cpu_start
    wall = time.perf_counter() - wall_start
    games = args.games
    print(
        f"1870 {args.players} players, {args.bot} bots: {games} games ({completed} completed), "
        f"{actions / max(games, 1):.0f} actions per game; log digest {digest.hexdigest()[:16]}"
    )
    print(f"cpu {cpu:.2f} s, wall {wall:.2f} s")
    print(f"games per CPU-second: {games / cpu:.3f}")
    print(f"actions per CPU-second: {actions / cpu:.0f}")


if __name__ == "__main__":
    main()
