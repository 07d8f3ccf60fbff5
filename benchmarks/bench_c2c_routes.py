"""Benchmark the route engine on late-game 18C2C positions (issue 13). Prints figures; not a test.

    .venv/bin/python benchmarks/bench_c2c_routes.py              # 30 positions, compiled core
    .venv/bin/python benchmarks/bench_c2c_routes.py --python     # the pure-Python reference
    .venv/bin/python benchmarks/bench_c2c_routes.py -n 10        # fewer positions

Positions: ``titles/c2c/synthetic.py`` on the full 801-hex map (seeded): every printed city and
off-board joined to near cities by track, a company with 5-8 tokens spread coast to coast,
other companies' tokens in a quarter of the cities (some full). Timed separately:

* revenue: three trains, two of them D trains (``5+4D+6D``, ``4+3D+5D``, ``6D+5D+4``), with
  :func:`~transcon.eighteen.optimizer.optimize` (every route checked afterwards);
* transcontinental proof with a 6D unfolded as a 12
  (:func:`~transcon.eighteen.transcontinental.prove_transcontinental`).

Times are CPU time of this process (``time.process_time``; the solver is single-threaded, so
on an idle machine they equal wall time, and on a shared machine they are the only fair
figure). Target (issue 13): median <= 50 ms, max <= 1 s, compiled.
"""

from __future__ import annotations

import argparse
import statistics
import time

from transcon.eighteen.optimizer import optimize
from transcon.eighteen.routes import check_routes
from transcon.eighteen.trains import parse_train
from transcon.titles.c2c.data import load_board
from transcon.titles.c2c.routes import transcontinental
from transcon.titles.c2c.synthetic import COMPANY, synthetic_position

MIXES = (("5", "4D", "6D"), ("4", "3D", "5D"), ("6D", "5D", "4"))


def _summary(name: str, ms: list[float]) -> str:
    return (
        f"{name}: n={len(ms)} median {statistics.median(ms):.1f} ms CPU, "
        f"max {max(ms):.1f} ms, total {sum(ms) / 1000:.2f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=30, help="positions (seeds 0..n-1)")
    ap.add_argument("--python", action="store_true", help="time the pure-Python reference")
    args = ap.parse_args()
    engine = "python" if args.python else None
    board = load_board()
    revenue_ms: list[float] = []
    proof_ms: list[float] = []
    engines: set[str] = set()
    proved = 0
    sizes = []
    for seed in range(args.n):
        pos = synthetic_position(seed)
        g = pos.graph
        sizes.append((len(g.stops), len(g.hops), max(h.track.bit_length() for h in g.hops)))
        trains = [parse_train(t) for t in MIXES[seed % len(MIXES)]]
        start = time.process_time()
        sol = optimize(g, COMPANY, trains, pos.values, engine=engine)
        revenue_ms.append(1000 * (time.process_time() - start))
        engines.add(sol.stats.engine)
        check_routes(g, COMPANY, list(sol.routes))
        start = time.process_time()
        proof = transcontinental(board, g, COMPANY, [parse_train("6D")], engine=engine)
        proof_ms.append(1000 * (time.process_time() - start))
        proved += proof is not None
    stops = statistics.median(s for s, _, _ in sizes)
    hops = statistics.median(h for _, h, _ in sizes)
    ids = statistics.median(t for _, _, t in sizes)
    print(f"positions: {args.n} (median {stops} stops, {hops} hops, {ids} track ids)")
    print(f"engine: {', '.join(sorted(engines))}")
    print(_summary("revenue, 3 trains incl. 2 D", revenue_ms))
    print(_summary("transcontinental proof, 6D as 12", proof_ms) + f" ({proved} proved)")


if __name__ == "__main__":
    main()
