"""Stop groups: an off-board area of several hexes is one stop (18xx rule: a route may touch
it only once; seed 003 §8.1 "a train may not run ... to the same city twice"). Both
optimiser engines against brute force over the validator on small boards where two stops
(e.g. the two hexes of one off-board area) form one group.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_optimizer import (
    CO,
    ENGINES,
    _mask,
    all_routes,
    assert_solution,
    brute_force,
    make_graph,
    positions,
)

from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.optimize_routes import Context, TrainModel, enumerate_routes
from transcon.eighteen.optimizer import optimize
from transcon.eighteen.routes import AREA_TWICE, Route, RouteError, StopValues, check_route
from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import Train, TrainType, parse_train

Case = tuple[TrackGraph, list[Train], StopValues, tuple[int, int] | None]


def _group(g: TrackGraph, members: set[int]) -> None:
    g.set_stop_groups(lambda s: "area" if s.id in members else None)


@st.composite
def grouped_positions(draw: st.DrawFn) -> Case:
    g, trains, values, connect = draw(positions())
    a, b = draw(st.lists(st.integers(0, len(g.stops) - 1), min_size=2, max_size=2, unique=True))
    _group(g, {a, b})
    return g, trains, values, connect


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=grouped_positions())
def test_optimizer_with_a_stop_group_equals_brute_force(engine: str, case: Case) -> None:
    g, trains, values, connect = case
    sol = optimize(g, CO, trains, values, connect=connect, engine=engine)
    assert sol.stats.engine == engine
    want = brute_force(g, trains, values, connect)
    if want is None:
        assert not sol.feasible
        return
    assert sol.revenue == want
    assert_solution(g, sol, values)
    for r in sol.routes:
        assert sum(1 for s in r.stops if g.stop_groups[s] & (g.stop_groups[s] - 1)) <= 1


@settings(max_examples=60, deadline=None)
@given(grouped_positions())
def test_enumeration_with_a_stop_group_lists_exactly_the_valid_routes(case: Case) -> None:
    g, trains, values, _ = case
    ctx = Context.build(g, CO, values)
    for train in set(trains):
        got = enumerate_routes(ctx, TrainModel(train, len(g.stops) + 1))
        want = {_mask(g, r) for r in all_routes(g, train)}
        assert {c.track for c in got} == want


def _two_hex_offboard() -> TrackGraph:
    """Home city 0 joined to both hexes (1, 2) of one off-board area, which touch."""
    kinds = [NodeKind.CITY, NodeKind.OFFBOARD, NodeKind.OFFBOARD]
    hops = [(0, 1, 1 << 0), (0, 2, 1 << 1), (1, 2, 1 << 2)]
    return make_graph(kinds, [20, 40, 40], hops, {0: (CO,)}, [1, 0, 0], {CO})


def test_a_route_may_not_visit_two_hexes_of_one_offboard_area() -> None:
    g = _two_hex_offboard()
    train = TrainType("3", 3)
    route = Route(train, (1, 0, 2), (g.adj[1][0].id, g.adj[0][1].id))
    check_route(g, CO, route)  # two separate off-boards: fine
    _group(g, {1, 2})
    with pytest.raises(RouteError) as err:
        check_route(g, CO, route)
    assert err.value.code == AREA_TWICE
    assert "same off-board area" in str(err.value) and err.value.clause == "8.1"
    assert "off-board area once" in err.value.rule  # a generic rule name, no title's section


@pytest.mark.parametrize("engine", ENGINES)
def test_the_optimiser_touches_a_two_hex_offboard_once(engine: str) -> None:
    g = _two_hex_offboard()
    values = StopValues((20, 40, 40), (0, 0, 0))
    trains: list[Train] = [TrainType("3", 3)]
    assert optimize(g, CO, trains, values, engine=engine).revenue == 100
    _group(g, {1, 2})
    assert optimize(g, CO, trains, values, engine=engine).revenue == 60


def test_groups_of_one_stop_are_no_groups() -> None:
    g = _two_hex_offboard()
    g.set_stop_groups(lambda s: None if s.id == 0 else f"area{s.id}")
    assert g.stop_groups == ()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_token_in_one_hex_of_an_area_holds_the_whole_area(engine: str) -> None:
    """An off-board area is one location with one token place (18C2C: seed 001 2a, 2d): a
    token in one of its hexes is the company's token at each of them, so a D train doubles
    the area reached at the other hex (seed 001 3i) and a route may start there."""
    kinds = [NodeKind.CITY, NodeKind.OFFBOARD, NodeKind.OFFBOARD]
    hops = [(0, 1, 1 << 0), (0, 2, 1 << 1), (1, 2, 1 << 2)]
    # the company's only token in hex 1 of the area (none in city 0)
    g = make_graph(kinds, [20, 40, 40], hops, {1: (CO,)}, [1, 1, 0], {CO})
    assert g.token_mask(CO) == 0b010
    _group(g, {1, 2})
    assert g.token_mask(CO) == 0b110
    route = Route(TrainType("2", 2), (2, 0), (g.adj[2][0].id,))
    check_route(g, CO, route)  # starts from the area's token, entered at hex 2
    values = StopValues((20, 40, 40), (0, 0, 0))
    assert optimize(g, CO, [parse_train("2D")], values, engine=engine).revenue == 100
