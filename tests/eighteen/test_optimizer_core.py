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
from hypothesis import strategies as st
from test_optimizer import (
    CO,
    _best_set,
    _random_position,
    assert_solution,
    make_graph,
    positions,
)

from transcon.eighteen import optimize_core
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.optimize_routes import Context, TrainModel, enumerate_routes
from transcon.eighteen.optimizer import PURE_PYTHON_ENV, optimize
from transcon.eighteen.routes import Route, StopValues, check_route, check_routes, route_revenue
from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import Train, TrainType, parse_train
from transcon.titles.t1870.fixture import load_fixture, recorded_runs
from transcon.titles.t1870.oracle import run_positions
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


def _merged(solver: optimize_core.CoreSolver, hops: Sequence[int]) -> int:
    """A route's track in the solver's merged track ids (``merge_track_ids``)."""
    out = 0
    for h in hops:
        out |= solver.hop_track[h]
    return out


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
            _merged(solver, c.hops): (c.value, c.tagged) for c in want
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
                _merged(fresh, c.hops) for c in want if c.value >= thr
            }
        # the best route avoiding some taken track (with and without the connection)
        for taken in [None, *want[:3]]:
            used = 0 if taken is None else taken.track
            merged = 0 if taken is None else _merged(solver, taken.hops)
            for conn in {None, connect}:
                ref = enumerate_routes(ctx, model, base_used=used, connect=conn, best_only=True)
                top = solver.top(train, conn, merged)
                assert top.value == (ref[0].value if ref else 0)
                if ref:
                    assert not top.track & merged and top.tagged == (conn is not None)


TWINS = [
    [TrainType("3", 3), TrainType("3", 3)],
    [TrainType("4", 4), TrainType("4", 4)],
    [TrainType("2", 2), TrainType("2", 2), TrainType("2", 2)],
    [TrainType("4", 4), TrainType("4", 4), TrainType("2", 2)],
    [TrainType("D", None), TrainType("3", 3), TrainType("3", 3)],
]


@needs_core
@pytest.mark.parametrize("twins", [False, True])
@pytest.mark.parametrize("seed", range(40))
def test_core_route_set_search_from_an_empty_incumbent(seed: int, twins: bool) -> None:
    """The compiled branch and bound alone, started from nothing, equals the exhaustive best
    set of the same candidate lists (so every pruning rule is exercised), also with identical
    trains (their bounds: a later twin adds at most the earlier one's route)."""
    g, trains, values = _random_position(seed)
    if twins:
        trains = list(TWINS[seed % len(TWINS)])
    solver = _solver(g, trains, values)
    lists = {t: solver.routes(t, 0, None) for t in trains}
    if math.prod(n + 1 for _, n in lists.values()) > 2_000_000:
        pytest.skip("too many route sets for the exhaustive reference")
    full = {t: solver.candidates(t, 0, None) for t in trains}
    want = _best_set([[(c.value, c.track) for c in full[t]] for t in trains])
    if len(set(trains)) < len(trains):  # identical trains: the search takes no permutations
        assert len({id(lists[t][0]) for t in trains}) == len(set(trains))
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
    position = recorded_runs(load_fixture(_fixture(name))).final.position
    graph = position.graph()
    tokens = Counter(c for s in range(len(graph)) for c in graph.tokens_at(s))
    company = tokens.most_common(1)[0][0]
    return graph, company, stop_values(graph, company, position)


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
    n = optimize_core._core.MAX_STOPS + 10 if optimize_core.available() else 300
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


def _lists(hop_tracks: list[int], routes: list[list[tuple[int, list[int]]]]) -> list[object]:
    core = optimize_core._core
    nw = max(1, (max(hop_tracks).bit_length() + 63) // 64)
    tracks = b"".join(t.to_bytes(8 * nw, "little") for t in hop_tracks)
    return [
        core.route_list([v for v, _ in lst], [hops for _, hops in lst], tracks, nw)
        for lst in routes
    ]


@needs_core
def test_core_identical_trains_bound_keeps_a_later_better_pair() -> None:
    """test_optimizer's hand-made case for the compiled search: two identical trains, the best
    route (100) only pairs with a 50; the optimum is the next two (90 + 80)."""
    core = optimize_core._core
    (lst,) = _lists(
        [1 << i for i in range(5)], [[(100, [0, 2, 3]), (90, [2]), (80, [3]), (50, [4])]]
    )
    assert isinstance(lst, core.RouteList)
    value, _, choice = core.search([lst, lst], [4, 4], [False, True], False, [200, 100, 0], 0)
    assert (value, choice) == (170, (1, 2))


@st.composite
def route_sets(draw: st.DrawFn) -> tuple[list[int], list[list[tuple[int, list[int]]]], list[int]]:
    """Random hops (track masks that overlap), random routes per list (sorted by value) and
    a train pattern over the lists (identical trains share a list)."""
    n_hops = draw(st.integers(2, 9))
    hop_tracks = [draw(st.integers(1, (1 << 10) - 1)) for _ in range(n_hops)]
    n_lists = draw(st.integers(1, 3))
    routes = []
    for _ in range(n_lists):
        lst = [
            (
                draw(st.integers(0, 12)) * draw(st.sampled_from([1, 10])),
                draw(st.lists(st.integers(0, n_hops - 1), min_size=1, max_size=3, unique=True)),
            )
            for _ in range(draw(st.integers(0, 16)))
        ]
        routes.append(sorted(lst, key=lambda r: -r[0]))
    pattern = sorted(draw(st.lists(st.integers(0, n_lists - 1), min_size=1, max_size=4)))
    return hop_tracks, routes, pattern


@needs_core
@settings(max_examples=1500, deadline=None)
@given(route_sets())
def test_core_search_equals_exhaustive_on_random_lists(
    case: tuple[list[int], list[list[tuple[int, list[int]]]], list[int]],
) -> None:
    """The compiled route-set search from an empty incumbent (every bound and the last two
    trains' split exercised, identical trains included) equals the exhaustive best set."""
    hop_tracks, routes, pattern = case
    lists = _lists(hop_tracks, routes)

    def track(hops: list[int]) -> int:
        got = 0
        for h in hops:
            got |= hop_tracks[h]
        return got

    per = [[(v, track(hops)) for v, hops in routes[j]] for j in pattern]
    want = _best_set(per)
    tops = [routes[j][0][0] if routes[j] else 0 for j in pattern]
    # order the trains by best route, as the optimiser does (identical ones stay adjacent)
    order = sorted(range(len(pattern)), key=lambda i: (-tops[i], pattern[i]))
    keys = [pattern[i] for i in order]
    caps = [sum(tops[i] for i in order[k:]) for k in range(len(order) + 1)]
    same = [k > 0 and keys[k] == keys[k - 1] for k in range(len(keys))]
    core = optimize_core._core
    value, _, choice = core.search(
        [lists[j] for j in keys], [len(routes[j]) for j in keys], same, False, caps, 0
    )
    assert value == want
    if want:
        assert choice is not None
        used = 0
        total = 0
        for j, i in zip(keys, choice, strict=True):
            if i >= 0:
                v, hops = routes[j][i]
                assert not used & track(hops)
                used |= track(hops)
                total += v
        assert total == want


@needs_core
@pytest.mark.parametrize("n", [64, 65, 130, 256])
@pytest.mark.parametrize("train", ["2", "4", "D", "3+1", "4E", "3D"])
def test_engines_agree_at_the_core_limits(train: str, n: int) -> None:
    """Stop masks of one to four words (64, 65, 130 and 256 = the most stops), track ids far
    beyond one 64-bit word; no stops or no hops. Tokens at both ends and past each word
    boundary, so the walk crosses words."""
    if train == "D" and n > 130:
        pytest.skip("an unlimited train on 256 stops is slow in the reference engine")
    hops = [(i, i + 1, 1 << (3 * i + 5)) for i in range(n - 1)] + [(0, 40, 1 << 300 | 1 << 8)]
    if train != "D":  # chords (an unlimited train would walk exponentially many paths)
        hops += [(i, i + 70, 1 << (3 * n + i)) for i in range(0, n - 70, 37)]
    own = {s: (CO,) for s in (0, n - 1, 63, 64, 128, 129) if s < n}
    g = make_graph([NodeKind.CITY] * n, list(range(n)), hops, own, [1] * n, {CO})
    values = StopValues(tuple(range(n)), (0,) * n)
    trains = [parse_train(train), parse_train("2")]
    got = optimize(g, CO, trains, values, engine="c")
    assert got.stats.engine == "c"
    assert got.revenue == optimize(g, CO, trains, values, engine="python").revenue
    assert_solution(g, got, values)
    empty = make_graph([], [], [], {}, [], {CO})
    assert optimize(empty, CO, trains, StopValues((), ()), engine="c").revenue == 0
    bare = make_graph([NodeKind.CITY] * 2, [10, 20], [], {0: (CO,)}, [1, 1], {CO})
    assert optimize(bare, CO, trains, StopValues((10, 20), (0, 0)), engine="c").revenue == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, (1 << 40) - 1), max_size=12))
def test_merged_track_ids_keep_every_disjointness(tracks: list[int]) -> None:
    """``merge_track_ids``: two sets of hops share a merged id exactly when they shared a
    track id, and no mask gets wider."""
    merged = optimize_core.merge_track_ids(tuple(tracks))
    n = len(tracks)
    for a in range(1 << min(n, 6)):
        for b in range(1 << min(n, 6)):
            ta = tb = ma = mb = 0
            for i in range(min(n, 6)):
                if a >> i & 1:
                    ta |= tracks[i]
                    ma |= merged[i]
                if b >> i & 1:
                    tb |= tracks[i]
                    mb |= merged[i]
            assert bool(ta & tb) == bool(ma & mb)
    for t, m in zip(tracks, merged, strict=True):
        assert m.bit_count() <= t.bit_count() and (m == 0) == (t == 0)
