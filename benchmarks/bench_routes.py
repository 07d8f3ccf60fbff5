"""Benchmark the exact 18xx route optimiser (issue 6 item 7). Prints figures; not a test.

    .venv/bin/python benchmarks/bench_routes.py            # fixtures + synthetic hard positions
    .venv/bin/python benchmarks/bench_routes.py --quick    # fixtures only
    .venv/bin/python benchmarks/bench_routes.py --synthetic  # synthetic hard positions only
    .venv/bin/python benchmarks/bench_routes.py --python     # the pure-Python reference engine
    .venv/bin/python benchmarks/bench_routes.py --both --synthetic  # both engines, side by side

The compiled core (``transcon.eighteen._routecore``) is the default engine when it is built;
``--python`` times the pure-Python reference instead, ``--both`` times both and checks that
they agree on every revenue.

* Every effective ``run_routes`` position of the two recorded 18xx.games 1870 games
  (``shared/reference/18xx-games/fixtures/1870``): solve time of
  :func:`transcon.eighteen.optimizer.optimize` for the running company's trains (the graph is
  built beforehand and timed separately).
* Synthetic hard positions on the late-game boards (the final position of each game: ~50
  stops, ~150 hops, ~340 track ids): three long trains, two identical long trains, an
  unlimited-distance train alone and with another train, for the company with most tokens.

Reference (18xx.games' heuristic auto-router on this machine, the same 214 positions): median
16-29 ms, p90 0.3-3 s, max 33.7 s, 192 s in total.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from transcon.eighteen import optimize_core
from transcon.eighteen.optimizer import Solution, optimize
from transcon.eighteen.routes import check_routes
from transcon.eighteen.trains import parse_train
from transcon.titles.t1870.fixture import load_fixture, recorded_runs
from transcon.titles.t1870.oracle import run_positions
from transcon.titles.t1870.revenue import stop_values

FIXTURES = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "18xx-games"
FIXTURES = FIXTURES / "fixtures" / "1870"
GAMES = ("1870_game_end_bank.json", "game-end-market-400.json")
REFERENCE_TOTAL_S = 192.0
SYNTHETIC = (("12", "10", "8"), ("12", "12"), ("D",), ("D", "8"), ("D", "12", "8"))


def _summary(ms: list[float]) -> str:
    ms = sorted(ms)
    p90 = ms[min(len(ms) - 1, round(0.9 * (len(ms) - 1)))]
    return (
        f"n={len(ms)} median {statistics.median(ms):.1f} ms, p90 {p90:.1f} ms, "
        f"max {ms[-1]:.1f} ms, total {sum(ms) / 1000:.2f} s"
    )


def _solve(engine: str, *args: Any, **kwargs: Any) -> tuple[Solution, float, float]:
    """Solve with ``engine``; the solution, wall-clock and CPU milliseconds."""
    start, start_cpu = time.perf_counter(), time.process_time()
    sol = optimize(*args, engine=engine, **kwargs)
    t = (time.perf_counter() - start) * 1000
    return sol, t, (time.process_time() - start_cpu) * 1000


def bench_fixtures(engine: str) -> list[float]:
    """Solve every recorded position; wall-clock and CPU times (the machine may be shared)."""
    every: list[float] = []
    every_cpu: list[float] = []
    for name in GAMES:
        path = FIXTURES / name
        if not path.is_file():
            print(f"{name}: absent ({path}); skipped")
            continue
        ms: list[float] = []
        cpu: list[float] = []
        worst = (0.0, "")
        for run in run_positions(load_fixture(path)):
            args = (run.graph, run.company, run.trains, run.values)
            sol, t, t_cpu = _solve(engine, *args, connect=run.connect)
            cpu.append(t_cpu)
            check_routes(run.graph, run.company, list(sol.routes))
            ms.append(t)
            if t > worst[0]:
                names = "+".join(tr.name for tr in run.trains)
                worst = (t, f"action {run.action.get('id')} {run.company} [{names}]")
        print(f"{name}: wall {_summary(ms)}; slowest {worst[1]}")
        print(f"{'':{len(name)}}  cpu  {_summary(cpu)}")
        every.extend(ms)
        every_cpu.extend(cpu)
    if every:
        total = sum(every) / 1000
        print(
            f"both games: wall {_summary(every)}; {REFERENCE_TOTAL_S / max(total, 1e-9):.0f}x "
            f"below the reference total of {REFERENCE_TOTAL_S:.0f} s"
        )
        print(f"{'':10}  cpu  {_summary(every_cpu)}")
    return every


def bench_synthetic(engines: list[str]) -> None:
    """The final board of each game with long and unlimited trains (wall and CPU time)."""
    for name in GAMES:
        path = FIXTURES / name
        if not path.is_file():
            continue
        pos = recorded_runs(load_fixture(path)).final.position
        graph = pos.graph()
        tokens = Counter(c for s in range(len(graph)) for c in graph.tokens_at(s))
        company = tokens.most_common(1)[0][0]
        values = stop_values(graph, company, pos)
        print(
            f"{name} final board: {len(graph)} stops, {len(graph.hops)} hops, "
            f"{len(graph.track_names)} track ids; company {company}"
        )
        for names in SYNTHETIC:
            trains = [parse_train(t) for t in names]
            revenues = set()
            for engine in engines:
                sol, t, t_cpu = _solve(engine, graph, company, trains, values)
                check_routes(graph, company, list(sol.routes))
                revenues.add(sol.revenue)
                st = sol.stats
                print(
                    f"  [{'+'.join(names)}] {engine:6} revenue {sol.revenue}: {t:.0f} ms wall, "
                    f"{t_cpu:.0f} ms cpu ({st.nodes} nodes, {st.routes} routes enumerated, "
                    f"{st.candidates} candidates)"
                )
            if len(revenues) > 1:
                raise SystemExit(f"the engines disagree on {'+'.join(names)}: {revenues}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fixtures only")
    parser.add_argument("--synthetic", action="store_true", help="synthetic positions only")
    parser.add_argument("--python", action="store_true", help="the pure-Python engine")
    parser.add_argument("--both", action="store_true", help="both engines (they must agree)")
    args = parser.parse_args(argv)
    if args.both:
        engines = ["c", "python"]
    else:
        engines = ["python" if args.python or not optimize_core.available() else "c"]
    if not args.synthetic:
        for engine in engines:
            print(f"engine: {engine}")
            bench_fixtures(engine)
    if not args.quick:
        bench_synthetic(engines)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
