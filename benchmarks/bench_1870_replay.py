"""Benchmark: replaying a whole recorded game of 1870 (target <= 0.3 s per game).

    .venv/bin/python benchmarks/bench_1870_replay.py [--repeat 5] [FIXTURE ...]

Each fixture (default: both shared 18xx.games games) is imported once (translation and a
checked replay); then the timed part rebuilds the game from our action log with
``Game.replay`` (every action validated, as ``transcon replay`` does), cold: the 1870 route
engine's caches are cleared first (:func:`~transcon.titles.t1870.game.routing.clear_caches`),
as in a fresh process. Then it runs ``Game.verify_replay`` (a second replay plus state,
generator and event comparison) right after, as ``transcon replay --verify`` does after
loading the save file: that replay finds the route engine's answers of the first one in the
caches. Best and median CPU times (``time.process_time``: the machine is shared, wall time is
noisy) are reported, with the import time for reference.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from transcon.titles.t1870.game.routing import clear_caches
from transcon.titles.t1870.importer.replay import import_fixture

FIXTURES = Path(__file__).resolve().parents[1].parent / "shared/reference/18xx-games/fixtures/1870"
DEFAULT = [FIXTURES / "1870_game_end_bank.json", FIXTURES / "game-end-market-400.json"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fixtures", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows = []
    for path in args.fixtures:
        started = time.process_time()
        report, game = import_fixture(path)
        imported = time.process_time() - started
        replays, verifies = [], []
        for _ in range(args.repeat):
            clear_caches()
            t0 = time.process_time()
            game.replay()
            t1 = time.process_time()
            check = game.verify_replay()
            t2 = time.process_time()
            assert check, check.detail
            replays.append(t1 - t0)
            verifies.append(t2 - t1)
        rows.append(
            {
                "fixture": path.name,
                "actions": len(game.log),
                "result_matches": report.result_matches,
                "import_seconds": round(imported, 3),
                "replay_best": round(min(replays), 3),
                "replay_median": round(statistics.median(replays), 3),
                "verify_best": round(min(verifies), 3),
                "verify_median": round(statistics.median(verifies), 3),
            }
        )
    print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
