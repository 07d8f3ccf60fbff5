"""The exact route optimiser (issue 6 item 4) against brute force on small boards.

Random small track graphs (stops, hops with overlapping track masks, tokens, blocked cities,
off-boards, destination end bonuses) and random train sets: the optimiser's revenue equals the
best over *every* set of routes that the route validator accepts, found by brute force; every
route it returns passes ``check_routes`` and is worth what ``route_revenue`` says.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

import pytest
from eighteen_boards import CITY_E, CITY_W, CITY_W_E, STRAIGHT_W_E, graph
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from transcon.core.hexgrid import Hex
from transcon.eighteen import optimizer, route_sets
from transcon.eighteen.graph import Hop, HopInfo, Stop, TrackGraph
from transcon.eighteen.optimize_routes import Candidate, Context, TrainModel, enumerate_routes
from transcon.eighteen.optimizer import Solution, optimize
from transcon.eighteen.routes import (
    Route,
    RouteError,
    StopValues,
    check_route,
    check_routes,
    route_revenue,
)
from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import Train, TrainType, parse_train

CO = "AA"
ENGINES = ["python", "c"]


def make_graph(
    kinds: Sequence[NodeKind],
    values: Sequence[int],
    hops: Sequence[tuple[int, int, int]],
    tokens: dict[int, tuple[str, ...]],
    slots: Sequence[int],
    started: set[str],
) -> TrackGraph:
    """A TrackGraph straight from stops and hops ``(a, b, track mask)`` (both directions)."""
    stops = tuple(
        Stop(i, f"S{i}-0", Hex(i, 0), 0, k, v, slots[i], k is NodeKind.OFFBOARD, "t")
        for i, (k, v) in enumerate(zip(kinds, values, strict=True))
    )
    adj: list[list[Hop]] = [[] for _ in stops]
    infos: list[HopInfo] = []
    for a, b, track in hops:
        for x, y in ((a, b), (b, a)):
            hid = len(infos)
            bits = tuple(i for i in range(track.bit_length()) if (track >> i) & 1)
            infos.append(HopInfo(hid, x, y, (), bits, (), track))
            adj[x].append(Hop(y, track, hid))
    n_track = max((t.bit_length() for _, _, t in hops), default=0)
    return TrackGraph(
        stops,
        tuple(tuple(a) for a in adj),
        tuple(infos),
        tuple(f"t{i}" for i in range(n_track)),
        (1 << n_track) - 1,
        tuple(tokens.get(i, ()) for i in range(len(stops))),
        tuple(() for _ in stops),
        started,
    )


def all_routes(g: TrackGraph, train: Train) -> list[Route]:
    """Every route the route engine's validator accepts for ``train`` (plain DFS + check_route)."""
    out = []

    def grow(stops: list[int], hops: list[int]) -> None:
        if len(stops) >= 2:
            r = Route(train, tuple(stops), tuple(hops))
            try:
                check_route(g, CO, r)
                out.append(r)
            except RouteError:
                pass
        if len(stops) > len(g.stops):
            return
        for hop in g.adj[stops[-1]]:
            if hop.to not in stops:
                grow([*stops, hop.to], [*hops, hop.id])

    for s in range(len(g.stops)):
        grow([s], [])
    return out


def brute_force(
    g: TrackGraph,
    trains: Sequence[Train],
    values: StopValues,
    connect: tuple[int, int] | None = None,
) -> int | None:
    """The best total over every combination of one valid route (or none) per train."""
    per_train = [
        [(route_revenue(g, CO, r, values), _mask(g, r), r) for r in all_routes(g, t)]
        for t in trains
    ]
    best: int | None = None
    for combo in itertools.product(*[[None, *lst] for lst in per_train]):
        used = 0
        total = 0
        ok = connect is None
        for item in combo:
            if item is None:
                continue
            value, mask, route = item
            if used & mask:
                break
            used |= mask
            total += value
            if connect is not None and {route.stops[0], route.stops[-1]} == set(connect):
                ok = True
        else:
            if ok and (best is None or total > best):
                best = total
    return best


def _mask(g: TrackGraph, r: Route) -> int:
    m = 0
    for h in r.hops:
        m |= g.hops[h].track
    return m


def assert_solution(g: TrackGraph, sol: Solution, values: StopValues) -> None:
    check_routes(g, CO, list(sol.routes))
    got = [route_revenue(g, CO, r, values) for r in sol.routes]
    assert got == list(sol.values)
    assert sum(got) == sol.revenue


TRAINS = [
    TrainType("2", 2),
    TrainType("3", 3),
    TrainType("4", 4),
    TrainType("D", None),
    TrainType("2+1", 2, 1),
    TrainType("3E", 3, counts_towns=False),
    TrainType("2T", 2, token_multiplier=2),
]


@st.composite
def positions(
    draw: st.DrawFn,
) -> tuple[TrackGraph, list[Train], StopValues, tuple[int, int] | None]:
    n = draw(st.integers(3, 6))
    kinds = [
        draw(st.sampled_from([NodeKind.CITY, NodeKind.CITY, NodeKind.TOWN, NodeKind.OFFBOARD]))
        for _ in range(n)
    ]
    values = [draw(st.sampled_from([0, 10, 20, 30, 40, 50])) for _ in range(n)]
    slots = [1 if k is NodeKind.CITY else 0 for k in kinds]
    n_hops = draw(st.integers(2, 8))
    hops: list[tuple[int, int, int]] = []
    for _ in range(n_hops):
        a, b = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
        # a few shared track ids make trains and hops collide
        track = draw(st.integers(1, (1 << 7) - 1)) << 1 | 1 << (8 + len(hops))
        hops.append((a, b, track if draw(st.booleans()) else 1 << (8 + len(hops))))
    tokens: dict[int, tuple[str, ...]] = {}
    own = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2, unique=True))
    for s in own:
        tokens[s] = (CO,)
    for s in range(n):
        if s not in tokens and kinds[s] is NodeKind.CITY and draw(st.booleans()):
            tokens[s] = ("BB",)  # blocks when BB has started
    started = {CO, "BB"} if draw(st.booleans()) else {CO}
    g = make_graph(kinds, values, hops, tokens, slots, started)
    trains: list[Train] = draw(st.lists(st.sampled_from(TRAINS), min_size=1, max_size=3))
    end_extra = [draw(st.sampled_from([0, 0, 0, 20])) for _ in range(n)]
    sv = StopValues(tuple(values), tuple(end_extra))
    connect = None
    if draw(st.booleans()):
        a, b = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
        connect = (a, b)
    return g, trains, sv, connect


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=positions())
def test_optimizer_equals_brute_force_on_random_small_graphs(
    engine: str,
    case: tuple[TrackGraph, list[Train], StopValues, tuple[int, int] | None],
) -> None:
    """Both engines (the pure-Python reference and the compiled core) against brute force."""
    g, trains, values, connect = case
    sol = optimize(g, CO, trains, values, connect=connect, engine=engine)
    assert sol.stats.engine == engine
    want = brute_force(g, trains, values, connect)
    if want is None:
        assert not sol.feasible and sol.routes == ()
        return
    assert sol.feasible
    assert sol.revenue == want
    assert_solution(g, sol, values)
    if connect is not None:
        assert any({r.stops[0], r.stops[-1]} == set(connect) for r in sol.routes)


@pytest.mark.parametrize("scan", [0, 1, 3])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=positions())
def test_route_set_search_paths_equal_brute_force(
    scan: int, case: tuple[TrackGraph, list[Train], StopValues, tuple[int, int] | None]
) -> None:
    """The last-two-trains completion scans ``SCAN`` routes before building a conflict
    bitset; small boards rarely get past the scan, so force the bitset path too (the
    pure-Python engine: the compiled core has no scan)."""
    g, trains, values, connect = case
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(route_sets, "SCAN", scan)
        sol = optimize(g, CO, trains, values, connect=connect, engine="python")
    want = brute_force(g, trains, values, connect)
    if want is None:
        assert not sol.feasible
        return
    assert sol.revenue == want
    assert_solution(g, sol, values)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_enumeration_lists_exactly_the_valid_routes(
    case: tuple[TrackGraph, list[Train], StopValues, tuple[int, int] | None],
) -> None:
    """With threshold 0 the enumerator finds every valid route once (by track mask)."""
    g, trains, values, _ = case
    ctx = Context.build(g, CO, values)
    for train in set(trains):
        got = enumerate_routes(ctx, TrainModel(train, len(g.stops) + 1))
        want: dict[int, int] = {}
        for r in all_routes(g, train):
            m = _mask(g, r)
            want[m] = max(want.get(m, 0), route_revenue(g, CO, r, values))
        assert {c.track: c.value for c in got} == want
        for c in got:
            route = Route(train, c.stops, c.hops)
            check_route(g, CO, route)
            assert route_revenue(g, CO, route, values) == c.value


@pytest.mark.parametrize("engine", ENGINES)
def test_two_trains_share_cities_not_track(engine: str) -> None:
    """A row A - B - C with a branch B - D: two 2-trains split the track at B."""
    kinds = [NodeKind.CITY] * 4
    g = make_graph(
        kinds,
        [20, 30, 40, 50],
        [(0, 1, 0b1), (1, 2, 0b10), (1, 3, 0b100)],
        {1: (CO,)},
        [1] * 4,
        {CO},
    )
    values = StopValues((20, 30, 40, 50), (0,) * 4)
    t2 = parse_train("2")
    sol = optimize(g, CO, [t2, t2], values, engine=engine)
    assert sol.revenue == (30 + 50) + (30 + 40)
    assert_solution(g, sol, values)
    sol3 = optimize(g, CO, [parse_train("3")], values, engine=engine)
    assert sol3.revenue == 40 + 30 + 50
    assert_solution(g, sol3, values)


@pytest.mark.parametrize("engine", ENGINES)
def test_no_route_without_a_token(engine: str) -> None:
    g = make_graph([NodeKind.CITY] * 2, [20, 30], [(0, 1, 1)], {}, [1, 1], {CO})
    sol = optimize(g, CO, [parse_train("2")], StopValues((20, 30), (0, 0)), engine=engine)
    assert sol.revenue == 0 and sol.routes == () and sol.feasible


@pytest.mark.parametrize("engine", ENGINES)
def test_hand_built_hex_board(engine: str) -> None:
    """Real tiles (the route engine's test boards): C2 - C4 - C6 in a row; a 2-train takes the
    best pair."""
    g = graph({"C2": CITY_E, "C4": CITY_W_E, "C6": CITY_W}, tokens={"C2-0": [CO]})
    values = StopValues(tuple(s.value for s in g.stops), (0,) * len(g))
    sol = optimize(g, CO, [parse_train("2"), parse_train("3")], values, engine=engine)
    assert sol.revenue == 60  # the 3-train runs all three; the 2-train has no free track
    assert_solution(g, sol, values)
    g2 = graph({"C2": CITY_E, "C4": STRAIGHT_W_E, "C6": CITY_W}, tokens={"C6-0": [CO]})
    sol2 = optimize(g2, CO, [parse_train("2")], StopValues((20, 20), (0, 0)), engine=engine)
    assert sol2.revenue == 40
    assert_solution(g2, sol2, StopValues((20, 20), (0, 0)))


@pytest.mark.parametrize("train", TRAINS, ids=lambda t: t.name)
def test_train_model_probes_the_train(train: TrainType) -> None:
    m = TrainModel(train, 20)
    if train.cities is None:
        assert m.caps == (1 << 30,) * 3
    else:
        assert m.caps[0] == train.cities


def test_set_bits_lists_bits_from_start() -> None:
    from transcon.eighteen.route_sets import set_bits

    mask = (1 << 0) | (1 << 9) | (1 << 10) | (1 << 700)
    assert list(set_bits(mask, 0)) == [0, 9, 10, 700]
    assert list(set_bits(mask, 10)) == [10, 700]
    assert list(set_bits(0, 0)) == []


@pytest.mark.parametrize("engine", ENGINES)
def test_no_trains_and_impossible_connection(engine: str) -> None:
    g = make_graph([NodeKind.CITY] * 3, [20, 30, 40], [(0, 1, 1)], {0: (CO,)}, [1] * 3, {CO})
    values = StopValues((20, 30, 40), (0, 0, 0))
    assert optimize(g, CO, [], values, engine=engine).revenue == 0
    sol = optimize(g, CO, [parse_train("2")], values, connect=(0, 2), engine=engine)
    assert not sol.feasible and sol.routes == ()
    sol = optimize(g, CO, [parse_train("2")], values, connect=(1, 0), engine=engine)
    assert sol.feasible and sol.revenue == 50


def _random_position(seed: int) -> tuple[TrackGraph, list[Train], StopValues]:
    """A medium random board (more routes than brute force over walks can afford)."""
    rng = random.Random(seed)
    n = rng.randint(7, 9)
    kinds = [rng.choice([NodeKind.CITY, NodeKind.CITY, NodeKind.TOWN]) for _ in range(n)]
    kinds[0] = NodeKind.OFFBOARD
    values = [rng.choice([0, 10, 20, 20, 30, 40, 50, 60]) for _ in range(n)]
    hops: list[tuple[int, int, int]] = []
    for _ in range(rng.randint(11, 15)):
        a, b = rng.sample(range(n), 2)
        shared = rng.randint(0, 63) if rng.random() < 0.3 else 0
        hops.append((a, b, shared << 1 | 1 << (8 + len(hops))))
    tokens: dict[int, tuple[str, ...]] = {s: (CO,) for s in rng.sample(range(1, n), 2)}
    g = make_graph(kinds, values, hops, tokens, [1] * n, {CO})
    pool = [TRAINS[1], TRAINS[2], TRAINS[3], TRAINS[4], TRAINS[2]]
    trains: list[Train] = rng.sample(pool, rng.randint(2, 3))
    end_extra = [rng.choice([0, 0, 0, 20]) for _ in range(n)]
    return g, trains, StopValues(tuple(values), tuple(end_extra))


def _best_set(lists: list[list[tuple[int, int]]]) -> int:
    """The best total over one route (value, track) or none per train, disjoint track."""

    def rec(i: int, used: int) -> int:
        if i == len(lists):
            return 0
        best = rec(i + 1, used)
        for value, track in lists[i]:
            if not track & used:
                best = max(best, value + rec(i + 1, used | track))
        return best

    return rec(0, 0)


@pytest.mark.parametrize(("engine", "scan"), [("python", 0), ("python", 8), ("c", 8)])
@pytest.mark.parametrize("seed", range(40))
def test_optimizer_equals_exhaustive_route_sets_on_medium_boards(
    seed: int, scan: int, engine: str
) -> None:
    """Every route per train (the enumerator is checked against brute force above), then every
    set of them: the search's pruning (identical trains, the last two trains' split and scan)
    must not lose the optimum on boards with hundreds of routes. Both engines."""
    g, trains, values = _random_position(seed)
    ctx = Context.build(g, CO, values)
    lists = [
        [(c.value, c.track) for c in enumerate_routes(ctx, TrainModel(t, len(g.stops) + 1))]
        for t in trains
    ]
    if math.prod(len(lst) + 1 for lst in lists) > 2_000_000:
        pytest.skip("too many route sets for the exhaustive reference")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(route_sets, "SCAN", scan)
        sol = optimize(g, CO, trains, values, engine=engine)
    assert sol.revenue == _best_set(lists)
    assert_solution(g, sol, values)


@pytest.mark.parametrize("scan", [0, 2, 8])
@pytest.mark.parametrize("seed", range(40))
def test_route_set_search_from_an_empty_incumbent(seed: int, scan: int) -> None:
    """The branch and bound over route sets alone, started from nothing (so every pruning
    rule is exercised, not just confirmed against a greedy incumbent that is often optimal),
    equals the exhaustive best set of the same candidate lists."""
    g, trains, values = _random_position(seed)
    ctx = Context.build(g, CO, values)
    models = {t: TrainModel(t, len(g.stops) + 1) for t in trains}
    full = {t: enumerate_routes(ctx, m) for t, m in models.items()}
    if math.prod(len(full[t]) + 1 for t in trains) > 2_000_000:
        pytest.skip("too many route sets for the exhaustive reference")
    want = _best_set([[(c.value, c.track) for c in full[t]] for t in trains])
    keys = sorted(trains, key=lambda t: (-(full[t][0].value if full[t] else 0), t.name))
    hop_track = [info.track for info in g.hops]
    indexes = {t: route_sets.ListIndex(full[t], hop_track) for t in trains}
    ubs = [full[t][0].value if full[t] else 0 for t in keys]
    caps = [sum(ubs[i:]) for i in range(len(keys) + 1)]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(route_sets, "SCAN", scan)
        search = route_sets.RouteSets(
            [[*full[t], route_sets.EMPTY] for t in keys],
            [optimizer._key(t) for t in keys],
            False,
            hop_track,
            caps,
            [indexes[t] for t in keys],
        )
        value, choice = search.run(0, [route_sets.EMPTY] * len(keys))
    assert value == want == sum(c.value for c in choice)
    used = 0
    for c in choice:
        assert not used & c.track
        used |= c.track


def test_identical_trains_bound_keeps_a_later_better_pair() -> None:
    """Two identical trains: the best route (100) only pairs with a 50; the optimum is the
    next two (90 + 80), found after the first pair, so the bound for the second train (at most
    the first train's route) must not cut it."""
    hop_track = [1 << i for i in range(5)]
    top = Candidate(100, 0b1101, (), (0, 2, 3))
    a = Candidate(90, 0b100, (), (2,))
    b = Candidate(80, 0b1000, (), (3,))
    small = Candidate(50, 0b10000, (), (4,))
    routes = [top, a, b, small]
    index = route_sets.ListIndex(routes, hop_track)
    lst = [*routes, route_sets.EMPTY]
    search = route_sets.RouteSets(
        [lst, lst], ["X", "X"], False, hop_track, [200, 100, 0], [index, index]
    )
    value, choice = search.run(0, [route_sets.EMPTY] * 2)
    assert value == 170 and choice == [a, b]
