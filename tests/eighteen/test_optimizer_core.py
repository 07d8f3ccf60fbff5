"""The compiled optimiser core (issue 6 item 7) against the pure-Python reference.

The reference (``engine="python"``) is itself checked against brute force in
``test_optimizer.py`` (which runs both engines there too). Here: the core's walk lists exactly
the reference's routes (same values, same connection tags, same best routes around taken
track), its route-set search started from nothing finds the exhaustive best set, both engines
agree on every recorded 1870 position and on the synthetic hard positions, and the engine is
selected as documented (``optimize(engine=...)``, ``TRANSCON_PURE_PYTHON=1``, fallback).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from test_optimizer import (
    CO,
    _best_set,
    _random_position,
    assert_solution,
    make_graph,
    positions,
)

from transcon.cli.routes_optimize import run_positions
from transcon.eighteen import optimize_core
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.optimize_routes import Context, TrainModel, enumerate_routes
from transcon.eighteen.optimizer import PURE_PYTHON_ENV, optimize
from transcon.eighteen.routes import Route, StopValues, check_route, check_routes, route_revenue
from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import Train, TrainType, parse_train
from transcon.titles.t1870.fixture import Replay1870, load_fixture
from transcon.titles.t1870.revenue import stop_values

FIXTURES = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "18xx-games"
FIXTURES = FIXTURES / "fixtures" / "1870"
GAMES = ("1870_game_end_bank.json", "game-end-market-400.json")

needs_core = pytest.mark.skipif(
    not optimize_core.available(), reason="the compiled core is not built"
)


def test_the_core_is_built_by_the_setup() -> None:
    """``bash scripts/setup.sh`` (``pip install -e '.[dev]'``) compiles the extension."""
    assert optimize_core.available()


def _solver(g: TrackGraph, trains: Sequence[Train], values: StopValues) -> optimize_core.CoreSolver:
    ctx = Context.build(g, CO, values)
    models = {t: TrainModel(t, len(g.stops) + 1) for t in trains}
    assert optimize_core.unsupported(ctx, dict(models)) is None
    return optimize_core.CoreSolver(ctx, dict(models))


@needs_core
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_core_walk_lists_the_reference_routes(
    case: tuple[TrackGraph, list[Train], StopValues, tuple[int, int] | None],
) -> None:
    g, trains, values, connect = case
    solver = _solver(g, trains, values)
    ctx = solver.ctx
    for train in set(trains):
        model = solver.models[train]
        want = enumerate_routes(ctx, model, connect=connect)
        got = solver.candidates(train, 0, connect)
        assert {c.track: (c.value, c.tagged) for c in got} == {
            c.track: (c.value, c.tagged) for c in want
        }
        assert [c.value for c in got] == sorted((c.value for c in got), reverse=True)
        for c in got:
            route = Route(train, c.stops, c.hops)
            check_route(g, CO, route)
            assert route_revenue(g, CO, route, values) == c.value
        if want:  # a threshold: a prefix of the same routes
            thr = want[len(want) // 2].value
            fresh = _solver(g, trains, values)
            assert {c.track for c in fresh.candidates(train, thr, connect)} == {
                c.track for c in want if c.value >= thr
            }
        # the best route avoiding some taken track (with and without the connection)
        for used in [0] + [c.track for c in want[:3]]:
            for conn in {None, connect}:
                ref = enumerate_routes(ctx, model, base_used=used, connect=conn, best_only=True)
                top = solver.top(train, conn, used)
                assert top.value == (ref[0].value if ref else 0)
                if ref:
                    assert not top.track & used and top.tagged == (conn is not None)


@needs_core
@pytest.mark.parametrize("seed", range(40))
def test_core_route_set_search_from_an_empty_incumbent(seed: int) -> None:
    """The compiled branch and bound alone, started from nothing, equals the exhaustive best
    set of the same candidate lists (so every pruning rule is exercised)."""
    g, trains, values = _random_position(seed)
    solver = _solver(g, trains, values)
    lists = {t: solver.routes(t, 0, None) for t in trains}
    if math.prod(n + 1 for _, n in lists.values()) > 2_000_000:
        pytest.skip("too many route sets for the exhaustive reference")
    full = {t: solver.candidates(t, 0, None) for t in trains}
    want = _best_set([[(c.value, c.track) for c in full[t]] for t in trains])
    keys = sorted(trains, key=lambda t: (-(full[t][0].value if full[t] else 0), t.name))
    ubs = [full[t][0].value if full[t] else 0 for t in keys]
    caps = [sum(ubs[i:]) for i in range(len(keys) + 1)]
    same = [i > 0 and keys[i] == keys[i - 1] for i in range(len(keys))]
    core = optimize_core._core
    value, _, choice = core.search(
        [lists[t][0] for t in keys], [lists[t][1] for t in keys], same, False, caps, 0
    )
    if want == 0:
        assert value == 0
        return
    assert choice is not None
    chosen = [full[t][i] for t, i in zip(keys, choice, strict=True) if i >= 0]
    assert value == want == sum(c.value for c in chosen)
    used = 0
    for c in chosen:
        assert not used & c.track
        used |= c.track


def _fixture(name: str) -> Path:
    path = FIXTURES / name
    if not path.is_file():
        pytest.skip(f"fixture {path} is absent (shared/reference/18xx-games not checked out)")
    return path


@needs_core
@pytest.mark.parametrize("name", GAMES)
def test_engines_agree_on_every_recorded_position(name: str) -> None:
    for run in run_positions(load_fixture(_fixture(name))):
        args = (run.graph, run.company, run.trains, run.values)
        ref = optimize(*args, connect=run.connect, engine="python")
        got = optimize(*args, connect=run.connect, engine="c")
        assert (got.revenue, got.feasible) == (ref.revenue, ref.feasible), run.action.get("id")
        check_routes(run.graph, run.company, list(got.routes))
        vals = [route_revenue(run.graph, run.company, r, run.values) for r in got.routes]
        assert vals == list(got.values) and sum(vals) == got.revenue
        if run.connect is not None and got.feasible:
            assert any({r.stops[0], r.stops[-1]} == set(run.connect) for r in got.routes)


def _final_board(name: str) -> tuple[TrackGraph, str, StopValues]:
    replay = Replay1870(load_fixture(_fixture(name)))
    for action in replay.run():
        replay.apply(action)
    graph = replay.position.graph()
    tokens = Counter(c for s in range(len(graph)) for c in graph.tokens_at(s))
    company = tokens.most_common(1)[0][0]
    return graph, company, stop_values(graph, company, replay.position)


SYNTHETIC = [
    (GAMES[1], "12+10+8"),
    (GAMES[1], "12+12"),
    (GAMES[1], "D"),
    (GAMES[1], "D+8"),
    (GAMES[1], "D+12+8"),
    (GAMES[0], "D"),
    (GAMES[0], "12+12"),
    (GAMES[0], "D+8"),
    pytest.param(GAMES[0], "12+10+8", marks=pytest.mark.slow),
    pytest.param(GAMES[0], "D+12+8", marks=pytest.mark.slow),
]


@needs_core
@pytest.mark.parametrize(("name", "trains"), SYNTHETIC)
def test_engines_agree_on_synthetic_hard_positions(name: str, trains: str) -> None:
    """The benchmark's synthetic positions (final boards, long trains); the two three-train
    cases of the bank game take the reference 4-12 s and run with --runslow."""
    graph, company, values = _final_board(name)
    ts = [parse_train(t) for t in trains.split("+")]
    got = optimize(graph, company, ts, values, engine="c")
    ref = optimize(graph, company, ts, values, engine="python")
    assert got.revenue == ref.revenue
    check_routes(graph, company, list(got.routes))
    vals = [route_revenue(graph, company, r, values) for r in got.routes]
    assert vals == list(got.values) and sum(vals) == got.revenue


@dataclass(frozen=True)
class DoubleTowns:
    """A train type outside ``TrainType`` (towns pay double): only the reference runs it."""

    name: str = "2DT"
    max_stops: int | None = 2

    def length_problem(self, kinds: Sequence[NodeKind]) -> str | None:
        return None if len(kinds) <= 2 else "too long"

    def revenue(self, values: Sequence[int], kinds: Sequence[NodeKind], own: Sequence[bool]) -> int:
        return sum(v * (2 if k is NodeKind.TOWN else 1) for v, k in zip(values, kinds, strict=True))


def test_engine_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    g = make_graph(
        [NodeKind.CITY, NodeKind.TOWN, NodeKind.CITY],
        [20, 10, 30],
        [(0, 1, 0b1), (1, 2, 0b10)],
        {0: (CO,)},
        [1, 0, 1],
        {CO},
    )
    values = StopValues((20, 10, 30), (0, 0, 0))
    two = [parse_train("2")]
    monkeypatch.delenv(PURE_PYTHON_ENV, raising=False)
    default = optimize(g, CO, two, values)
    assert default.stats.engine == ("c" if optimize_core.available() else "python")
    assert optimize(g, CO, two, values, engine="python").stats.engine == "python"
    monkeypatch.setenv(PURE_PYTHON_ENV, "1")
    assert optimize(g, CO, two, values).stats.engine == "python"
    if optimize_core.available():
        assert optimize(g, CO, two, values, engine="c").stats.engine == "c"
    monkeypatch.delenv(PURE_PYTHON_ENV)
    # a train outside TrainType: the reference runs it; the core refuses it
    odd = optimize(g, CO, [DoubleTowns()], values)
    assert odd.stats.engine == "python" and odd.revenue == 40
    assert_solution(g, odd, values)
    with pytest.raises(ValueError):
        optimize(g, CO, [DoubleTowns()], values, engine="c")
    with pytest.raises(ValueError):
        optimize(g, CO, two, values, engine="rust")


def test_more_stops_than_the_core_handles_fall_back_to_the_reference() -> None:
    n = 70
    g = make_graph(
        [NodeKind.CITY] * n,
        [10] * n,
        [(i, i + 1, 1 << i) for i in range(n - 1)],
        {0: (CO,)},
        [1] * n,
        {CO},
    )
    values = StopValues((10,) * n, (0,) * n)
    sol = optimize(g, CO, [TrainType("3", 3)], values)
    assert sol.stats.engine == "python" and sol.revenue == 30
