"""Benchmark: the slowest `transcon legal` over the positions of rotw-east-west greedy games.

    .venv/bin/python benchmarks/bench_rotw_legal.py [--map rotw-usa] [--players 2,3,4]
        [--games 2] [--legal-every 10] [--seed 0]

A command-line `legal` loads the save, i.e. replays (and re-validates) the whole log, then
lists every legal action of the players who may act and groups them (``cli.legal_view``,
what `transcon legal` prints without ``--all``). Each game (greedy bots, seeds as
``bench_rotw.py`` draws them) is replayed once; `legal` is timed every ``--legal-every``
positions and at the last: CPU seconds of the replay up to that position plus the listing.
Save-file I/O (JSON) is not included. Compare two trees in one run with
PYTHONPATH=OTHER/src.
"""

from __future__ import annotations

import argparse
import time

from transcon.cli.legal_view import legal_lines
from transcon.core.bots import bot_seed, play_out
from transcon.core.game import Game
from transcon.core.mapfile import shipped_map_names
from transcon.titles.rotw import RailwaysOfTheWorldEastWest
from transcon.titles.rotw.bots import GreedyBot
from transcon.titles.rotw.state import RotwState


def slowest_legal(
    title: RailwaysOfTheWorldEastWest, game: Game[RotwState], every: int
) -> tuple[float, int, int]:
    """(CPU seconds, position, lines printed) of the slowest `legal` over the game's log."""
    fresh = Game.new(title, list(game.players), dict(game.options), game.seed)
    replay = 0.0
    worst = (0.0, 0, 0)
    log = list(game.log)
    for i, action in enumerate(log, start=1):
        t0 = time.process_time()
        fresh.apply(action)
        replay += time.process_time() - t0
        if (i % every and i != len(log)) or fresh.is_over():
            continue
        t0 = time.process_time()
        lines = legal_lines(fresh, fresh.current_players())
        took = replay + time.process_time() - t0
        if took > worst[0]:
            worst = (took, i, len(lines))
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = "rotw-usa" if "rotw-usa" in shipped_map_names() else "rotw-mini"
    parser.add_argument("--map", default=default)
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    parser.add_argument("--legal-every", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    title = RailwaysOfTheWorldEastWest()
    for count in (int(n) for n in args.players.split(",")):
        names = [chr(ord("A") + i) for i in range(count)]
        worst = (0.0, "")
        for seed in range(args.seed, args.seed + args.games):
            game = Game.new(title, names, {"map": args.map}, seed)
            play_out(game, {p: GreedyBot(bot_seed(seed, i)) for i, p in enumerate(names)})
            took, position, lines = slowest_legal(title, game, args.legal_every)
            where = f"seed {seed} position {position}/{len(game.log)}, {lines} lines"
            if took > worst[0]:
                worst = (took, where)
        print(f"{count} players: slowest legal {worst[0]:.2f} s ({worst[1]})", flush=True)


if __name__ == "__main__":
    main()
