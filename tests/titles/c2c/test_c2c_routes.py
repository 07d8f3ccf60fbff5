"""18C2C runs on the full map: D trains, destination runs, transcontinental proofs.

Seed: shared/rules/seeds/001_f19be759743d05b8.txt ("seed 001") 3i, 3j, 3k, on synthetic
late-game positions of the 801-hex board (titles/c2c/synthetic.py).
"""

from __future__ import annotations

import pytest

from transcon.eighteen import optimize_core
from transcon.eighteen.dtrains import (
    UNFOLD_NOT_NEEDED,
    DestinationRun,
    UnfoldError,
    check_unfold,
    is_d_train,
    unfolded,
)
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.optimizer import optimize
from transcon.eighteen.routes import Route, StopValues, check_routes, route_revenue
from transcon.eighteen.trains import parse_train
from transcon.titles.c2c.data import load_board
from transcon.titles.c2c.routes import (
    coast_stops,
    run_to_destination,
    stop_values,
    transcontinental,
)
from transcon.titles.c2c.synthetic import COMPANY, synthetic_position


def test_d_trains_on_the_full_map_double_the_company_stations() -> None:
    """Seed 001 3i: a late-game run with two D trains; every route valid, doubled stations."""
    pos = synthetic_position(1)
    g = pos.graph
    trains = [parse_train(n) for n in ("5", "4D", "6D")]
    sol = optimize(g, COMPANY, trains, pos.values)
    check_routes(g, COMPANY, list(sol.routes))
    assert sol.revenue > 0 and len(sol.routes) == 3
    own = g.token_mask(COMPANY)
    for route, value in zip(sol.routes, sol.values, strict=True):
        plain = sum(g.stops[s].value for s in route.stops)
        doubled = sum(g.stops[s].value for s in route.stops if (own >> s) & 1)
        assert value == plain + (doubled if is_d_train(route.train) else 0)
        assert route.train in trains  # never unfolded for revenue (3i)


def test_transcontinental_proof_with_an_unfolded_6d() -> None:
    """Seed 001 3k: proving a coast-to-coast route, a 6D unfolded as a 12."""
    board = load_board()
    for seed in range(4):
        pos = synthetic_position(seed)
        proof = transcontinental(board, pos.graph, COMPANY, [parse_train("6D")])
        if proof is None:
            continue
        west, east = coast_stops(board, pos.graph)
        stops = set(proof.route.stops)
        assert stops & west and stops & east
        assert proof.unfolded and proof.route.train == unfolded(parse_train("6D"))
        check_unfold(pos.graph, COMPANY, proof.route, proof.train, "transcontinental")
        return
    raise AssertionError("no synthetic position proved a transcontinental route")


def test_destination_run_on_the_full_map() -> None:
    """Seed 001 3j: a destination run joins home and destination, unfolding only if needed."""
    board = load_board()
    pos = synthetic_position(2)
    home = board.label(pos.home)
    dest = next(
        board.label(s.hex)
        for s in pos.graph.stops
        if s.hex != pos.home and s.index == 0 and s.kind.name == "CITY"
    )
    trains = [parse_train(n) for n in ("3D", "4")]
    run = run_to_destination(board, pos.graph, COMPANY, trains, home, [dest])
    assert run is not None
    if run.solution.feasible:
        routes = list(run.solution.routes)
        check_routes(pos.graph, COMPANY, routes)
        values = stop_values(pos.graph)
        assert sum(route_revenue(pos.graph, COMPANY, r, values) for r in routes) == (
            run.solution.revenue
        )


# Synthetic position 0: the company's home O72; N65 is within a 3D's three stops of it, T53
# is not (every route joining them has more stops) but within a 6's.
UNFOLD_HOME, NEAR, FAR = "O72", "N65", "T53"


def _destination_case(dest: str) -> tuple[TrackGraph, tuple[int, int], DestinationRun]:
    """The engine's destination run of one 3D from UNFOLD_HOME to ``dest``."""
    board = load_board()
    pos = synthetic_position(0)
    assert board.label(pos.home) == UNFOLD_HOME
    run = run_to_destination(board, pos.graph, COMPANY, [parse_train("3D")], UNFOLD_HOME, [dest])
    assert run is not None and run.solution.feasible
    ends = (pos.graph.index[f"{UNFOLD_HOME}-0"], pos.graph.index[f"{dest}-0"])
    return pos.graph, ends, run


def test_seed_3j_unfolded_when_the_longer_train_is_required() -> None:
    """Seed 001 3j: "you must unfold a D train ... if the longer train number is required to
    make the run": no route of the folded 3D joins home and T53, so the engine runs it as a 6
    (ordinary: no doubling), which the validator accepts."""
    graph, ends, run = _destination_case(FAR)
    d3 = parse_train("3D")
    ones = StopValues((1,) * len(graph.stops), (0,) * len(graph.stops))
    assert not optimize(graph, COMPANY, [d3], ones, connect=ends).feasible  # required
    assert run.unfolded == 0
    (route,) = run.solution.routes
    assert route.train == unfolded(d3) and len(route.stops) > 3
    assert {route.stops[0], route.stops[-1]} == set(ends)
    check_unfold(graph, COMPANY, route, d3, "destination", ends)
    printed = sum(graph.stops[s].value for s in route.stops)
    assert (
        run.solution.revenue == printed == route_revenue(graph, COMPANY, route, stop_values(graph))
    )


def test_seed_3j_not_unfolded_when_the_folded_train_makes_the_run() -> None:
    """Seed 001 3j: "You may not unfold the train if the higher train number is not required
    to make the run": the folded 3D joins home and N65, so the engine does not unfold and the
    validator refuses the same route run unfolded."""
    graph, ends, run = _destination_case(NEAR)
    d3 = parse_train("3D")
    assert run.unfolded is None
    joining = next(r for r in run.solution.routes if {r.stops[0], r.stops[-1]} == set(ends))
    assert joining.train == d3 and len(joining.stops) <= 3
    as_six = Route(unfolded(d3), joining.stops, joining.hops)
    with pytest.raises(UnfoldError) as err:
        check_unfold(graph, COMPANY, as_six, d3, "destination", ends)
    assert err.value.code == UNFOLD_NOT_NEEDED and "D variant 3j" in err.value.rule


def test_full_map_positions_run_compiled_and_agree_with_the_reference() -> None:
    """Issue 13 item 5: 18C2C positions (118 stops, ~1,700 track ids) run in the compiled
    core, with the same revenue as the pure-Python reference."""
    pos = synthetic_position(3)
    trains = [parse_train(n) for n in ("4", "3D", "5D")]
    compiled = optimize(pos.graph, COMPANY, trains, pos.values, engine="c")
    reference = optimize(pos.graph, COMPANY, trains, pos.values, engine="python")
    assert compiled.stats.engine == "c" and len(pos.graph.stops) > 64
    assert compiled.revenue == reference.revenue
    check_routes(pos.graph, COMPANY, list(compiled.routes))
    auto = optimize(pos.graph, COMPANY, trains, pos.values)
    assert auto.stats.engine == "c"


def test_two_hex_offboard_areas_are_one_stop() -> None:
    """Mexico City (Z39, Z41) and Vancouver/Alaska (A4, A6) are each one off-board area of
    two hexes: one stop group, so a route touches each at most once (docs/rules/18c2c.md)."""
    graph = synthetic_position(1).graph
    groups = graph.stop_groups
    mexico = graph.index["Z39-0"], graph.index["Z41-0"]
    north = graph.index["A4-0"], graph.index["A6-0"]
    assert groups[mexico[0]] == groups[mexico[1]] == (1 << mexico[0]) | (1 << mexico[1])
    assert groups[north[0]] == groups[north[1]] == (1 << north[0]) | (1 << north[1])
    grouped = {s for s in range(len(graph.stops)) if groups[s] & (groups[s] - 1)}
    assert grouped == {*mexico, *north}


def test_merged_ids_from_hop_ids_equal_merged_track_masks() -> None:
    """The compiled solver merges a graph's track ids from each hop's path and edge ids
    (``merge_hop_ids``): the same masks as ``merge_track_ids`` of the hops' track masks, on
    late-game positions of the full map (~600 hops, ~1,700 track ids)."""
    for seed in range(2):
        graph = synthetic_position(seed).graph
        by_ids = optimize_core.merge_hop_ids([h.paths + h.edges for h in graph.hops])
        assert by_ids == optimize_core.merge_track_ids(tuple(h.track for h in graph.hops))
