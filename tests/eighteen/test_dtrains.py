"""D trains and unfolding (seed 001 3i, 3j) and the transcontinental proof (seed 001 3k).

Seed: shared/rules/seeds/001_f19be759743d05b8.txt ("18C2C 'D' Train Variant Rules").
Hypothesis tests compare with brute force on random small boards (helpers of
test_optimizer.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_optimizer import CO, ENGINES, all_routes, assert_solution, brute_force, make_graph

from transcon.eighteen.dtrains import (
    UNFOLD_FOR_REVENUE,
    UNFOLD_NOT_DESTINATION,
    UNFOLD_NOT_NEEDED,
    UnfoldError,
    check_unfold,
    destination_run,
    is_d_train,
    unfolded,
)
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.optimizer import optimize
from transcon.eighteen.routes import Route, StopValues, route_revenue
from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import Train, TrainType, parse_train
from transcon.eighteen.transcontinental import prove_transcontinental

D_TRAINS = [parse_train(n) for n in ("1D", "2D", "3D")]
OTHERS = [parse_train(n) for n in ("2", "3")]


def line(n: int, tokens: dict[int, tuple[str, ...]], values: Sequence[int] = ()) -> TrackGraph:
    """Stops 0..n-1 in a line, each hop its own track."""
    vals = list(values) or [10 * (i + 1) for i in range(n)]
    hops = [(i, i + 1, 1 << i) for i in range(n - 1)]
    return make_graph([NodeKind.CITY] * n, vals, hops, tokens, [1] * n, {CO})


def test_d_trains_count_stops_and_double_own_tokens() -> None:
    """Seed 001 3i: 3D..6D replace 6, 8, 10, 12; a D train doubles the value of stations that
    hold the owning corporation's tokens."""
    for n in (3, 4, 5, 6):
        t = parse_train(f"{n}D")
        assert isinstance(t, TrainType) and t.cities == n and t.token_multiplier == 2
        assert is_d_train(t) and unfolded(t).cities == 2 * n
        assert unfolded(t).token_multiplier == 1
    assert not is_d_train(parse_train("D")) and not is_d_train(parse_train("6"))
    # stops 0 (own token), 1, 2 (own bull token, not in a slot): 10*2 + 20 + 30*2
    g = line(3, {0: (CO,)})
    g2 = make_graph(
        [NodeKind.CITY] * 3, [10, 20, 30], [(0, 1, 1), (1, 2, 2)], {0: (CO,)}, [1] * 3, {CO}
    )
    assert g.token_mask(CO) == 1 and g2.token_mask(CO) == 1
    train = parse_train("3D")
    route = Route(train, (0, 1, 2), (g.adj[0][0].id, g.adj[1][1].id))
    values = StopValues((10, 20, 30), (0, 0, 0))
    assert route_revenue(g, CO, route, values) == 10 * 2 + 20 + 30
    assert train.length_problem([NodeKind.CITY] * 4) is not None


def test_destination_and_bull_tokens_are_doubled_once() -> None:
    """Seed 001 3j: destination tokens no longer double their city; a D train doubles it
    (once) like any other station with the company's token; bull tokens likewise (3f)."""
    from transcon.eighteen.graph import TrackGraph as TG

    g = line(3, {0: (CO,), 2: (CO,)})
    extra = TG(
        g.stops,
        g.adj,
        g.hops,
        g.track_names,
        g.path_bits,
        g.slot_tokens,
        ((), (CO,), ()),
        g.started,
    )
    values = StopValues((10, 20, 30), (0, 0, 0))
    sol = optimize(extra, CO, [parse_train("3D")], values)
    assert sol.revenue == 2 * (10 + 20 + 30)
    sol = optimize(g, CO, [parse_train("3D")], values)
    assert sol.revenue == 2 * 10 + 20 + 2 * 30


@st.composite
def d_positions(draw: st.DrawFn) -> tuple[TrackGraph, list[Train], StopValues, int, int]:
    n = draw(st.integers(3, 7))
    kinds = [draw(st.sampled_from([NodeKind.CITY] * 3 + [NodeKind.OFFBOARD])) for _ in range(n)]
    values = [draw(st.sampled_from([0, 10, 20, 30, 40])) for _ in range(n)]
    hops: list[tuple[int, int, int]] = []
    for _ in range(draw(st.integers(2, 9))):
        a, b = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
        track = 1 << (8 + len(hops))
        if draw(st.booleans()):
            track |= draw(st.integers(1, 15))
        hops.append((a, b, track))
    own = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3, unique=True))
    tokens = {s: (CO,) for s in own}
    slots = [1] * n
    g = make_graph(kinds, values, hops, tokens, slots, {CO})
    trains: list[Train] = draw(st.lists(st.sampled_from(D_TRAINS + OTHERS), min_size=1, max_size=3))
    home = own[0]
    dest = draw(st.integers(0, n - 1).filter(lambda s: s != home))
    return g, trains, StopValues(tuple(values), (0,) * n), home, dest


SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("engine", ENGINES)
@SETTINGS
@given(case=d_positions())
def test_optimizer_with_d_trains_equals_brute_force(
    engine: str, case: tuple[TrackGraph, list[Train], StopValues, int, int]
) -> None:
    """Seed 001 3i: ordinary revenue with D trains (folded: never unfolded for revenue)."""
    g, trains, values, _, _ = case
    sol = optimize(g, CO, trains, values, engine=engine)
    assert sol.revenue == (brute_force(g, trains, values) or 0)
    assert_solution(g, sol, values)
    assert all(r.train in trains for r in sol.routes)


@pytest.mark.parametrize("engine", ENGINES)
@SETTINGS
@given(case=d_positions())
def test_destination_run_unfolds_only_when_needed(
    engine: str, case: tuple[TrackGraph, list[Train], StopValues, int, int]
) -> None:
    """Seed 001 3j: unfold a D train for a destination run if, and only if, the longer train
    is required to make the run; the result equals brute force over the allowed sets."""
    g, trains, values, home, dest = case
    got = destination_run(g, CO, trains, values, home, dest, engine=engine)
    folded = brute_force(g, trains, values, connect=(home, dest))
    if folded is not None:
        assert got.unfolded is None and got.solution.revenue == folded
        return
    best = None
    for i, t in enumerate(trains):
        if is_d_train(t):
            trial = [*trains[:i], unfolded(t), *trains[i + 1 :]]
            v = brute_force(g, trial, values, connect=(home, dest))
            if v is not None and (best is None or v > best):
                best = v
    if best is None:
        assert not got.solution.feasible
        return
    assert got.unfolded is not None and got.solution.revenue == best
    sol = got.solution
    runner = [r for r in sol.routes if {r.stops[0], r.stops[-1]} == {home, dest}]
    assert runner and runner[0].train == unfolded(trains[got.unfolded])
    check_unfold(g, CO, runner[0], trains[got.unfolded], "destination", (home, dest))
    with pytest.raises(UnfoldError) as err:
        check_unfold(g, CO, runner[0], trains[got.unfolded], "revenue")
    assert err.value.code == UNFOLD_FOR_REVENUE and "D variant 3i: D train unfolding" in str(
        err.value
    )


def test_check_unfold_names_the_rule() -> None:
    """Seed 001 3i/3j: the validator names the clause an unfold breaks."""
    g = line(5, {0: (CO,)})
    d2 = parse_train("2D")
    four = unfolded(d2)
    far = Route(four, (0, 1, 2, 3), tuple(g.adj[i][-1].id for i in range(3)))
    check_unfold(g, CO, far, d2, "destination", (0, 3))  # a 2D cannot reach stop 3
    check_unfold(g, CO, far, d2, "transcontinental")
    with pytest.raises(UnfoldError) as err:
        check_unfold(g, CO, far, d2, "revenue")
    assert err.value.code == UNFOLD_FOR_REVENUE
    near = Route(four, (0, 1), (g.adj[0][0].id,))
    with pytest.raises(UnfoldError) as err:
        check_unfold(g, CO, near, d2, "destination", (0, 1))
    assert err.value.code == UNFOLD_NOT_NEEDED and err.value.rule.startswith("D variant 3j")
    assert "seed" not in str(err.value)
    with pytest.raises(UnfoldError) as err:
        check_unfold(g, CO, far, d2, "destination", (0, 2))
    assert err.value.code == UNFOLD_NOT_DESTINATION
    with pytest.raises(UnfoldError):
        unfolded(parse_train("4"))


@st.composite
def coast_positions(
    draw: st.DrawFn,
) -> tuple[TrackGraph, list[Train], set[int], set[int]]:
    g, trains, _, _, _ = draw(d_positions())
    n = len(g.stops)
    west = set(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2, unique=True)))
    east = set(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2, unique=True)))
    return g, trains, west, east - west


@pytest.mark.parametrize("engine", ENGINES)
@SETTINGS
@given(case=coast_positions())
def test_transcontinental_proof_equals_brute_force(
    engine: str, case: tuple[TrackGraph, list[Train], set[int], set[int]]
) -> None:
    """Seed 001 3k: a corporation may prove (not run) a transcontinental route, unfolding a D
    train for it."""
    g, trains, west, east = case
    exists = any(
        set(r.stops) & west and set(r.stops) & east
        for t in trains
        for r in all_routes(g, unfolded(t) if is_d_train(t) else t)
    )
    proof = prove_transcontinental(g, CO, trains, west, east, engine=engine)
    assert (proof is not None) == exists
    if proof is not None:
        assert set(proof.route.stops) & west and set(proof.route.stops) & east
        assert proof.unfolded == is_d_train(proof.train)
        folded = proof.train
        if proof.unfolded:
            check_unfold(g, CO, proof.route, folded, "transcontinental")


def test_transcontinental_needs_the_unfolded_length() -> None:
    """Seed 001 3k: a 2D cannot reach from stop 0 to stop 3, unfolded as a 4 it proves it."""
    g = line(4, {0: (CO,)})
    proof = prove_transcontinental(g, CO, [parse_train("2D")], {0}, {3})
    assert proof is not None and proof.unfolded and proof.route.stops in ((0, 1, 2, 3),)
    assert prove_transcontinental(g, CO, [parse_train("3")], {0}, {3}) is None
