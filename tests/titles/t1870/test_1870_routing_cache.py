"""The cached route-engine objects of a replay give the answers of fresh, full builds.

Replay speed comes from caching positions and layouts between actions, walking hops only from
the stops a run names and computing networks on the layout's numbers
(:mod:`transcon.eighteen.bridge`); these tests compare each shortcut with the
plain computation on positions of a recorded game.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from transcon.core.game import Game
from transcon.eighteen import network
from transcon.eighteen.bridge import StopAdjacency
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.graph import TrackGraph, build_graph
from transcon.eighteen.layout import TrackLayout
from transcon.eighteen.network import (
    COMPILED,
    Network,
    company_reach,
    compiled_reach,
    reference_reach,
    route_to_run,
)
from transcon.eighteen.tiles import NODE_BASE
from transcon.titles.t1870.game import connection
from transcon.titles.t1870.game.routing import context_of, position_of
from transcon.titles.t1870.game.title import Title1870
from transcon.titles.t1870.importer.replay import import_fixture
from transcon.titles.t1870.position import impassable_sides

FIXTURES = Path(__file__).resolve().parents[3].parent / "shared/reference/18xx-games/fixtures/1870"
MARKET = FIXTURES / "game-end-market-400.json"

needs_fixtures = pytest.mark.skipif(not MARKET.exists(), reason="shared fixtures not available")


def _hop_set(graph: TrackGraph, start: int) -> set[tuple[object, ...]]:
    return {
        (
            graph.hops[h.id].end,
            graph.hops[h.id].hexes,
            tuple(graph.track_names[p] for p in graph.hops[h.id].paths),
            tuple(graph.track_names[e] for e in graph.hops[h.id].edges),
        )
        for h in graph.adj[start]
    }


def _positions(every: int) -> Iterator[tuple[int, GameState, str]]:
    """Every ``every``-th position of the recorded $400 game: the action number, the state
    there and its phase (one game, replayed as the loop goes)."""
    _, recorded = import_fixture(MARKET)
    title = recorded.title
    assert isinstance(title, Title1870)
    game = Game(title, recorded.setup)
    for number, action in enumerate(recorded.log):
        game.apply(action)
        if number % every == 0:
            yield number, game.state, title.phase(game.state).name


@needs_fixtures
def test_cached_contexts_match_fresh_builds() -> None:
    checked = 0
    for _, state, phase in _positions(50):
        ctx = context_of(state, phase)
        fresh = position_of(state, phase)
        board = fresh.data.board
        full = build_graph(
            fresh.tiles,
            label=board.label,
            orientation=board.orientation,
            band=fresh.data.layer.band(phase),
            tokens={k: tuple(c for c in v if c is not None) for k, v in fresh.tokens.items()},
            extra_tokens={k: tuple(v) for k, v in fresh.extra_tokens.items()},
            started=frozenset(fresh.started),
            blocked_sides=impassable_sides(fresh.data),
        )
        # the cached full graph is the fresh one
        cached = ctx.graph()
        assert [s.sig for s in cached.stops] == [s.sig for s in full.stops]
        assert cached.adj == full.adj and cached.slot_tokens == full.slot_tokens
        # a graph walked from a few stops has exactly their hops
        some = frozenset(range(0, len(full.stops), 3))
        partial = ctx.layout.graph(hops_from=some)
        for s in range(len(full.stops)):
            assert _hop_set(partial, s) == (_hop_set(full, s) if s in some else set())
        # networks on the cached layout answer like networks on a fresh layout
        fresh_layout = TrackLayout(
            fresh.tiles,
            label=board.label,
            orientation=board.orientation,
            band=fresh.data.layer.band(phase),
            blocked_sides=impassable_sides(fresh.data),
        )
        for sym in sorted(fresh.started):
            net = Network.of(company_reach(fresh_layout, full, sym))
            reach = company_reach(ctx.layout, full, sym)
            assert Network.of(reach) == net
            for stop in full.stops:
                assert reach.reaches(stop.id) == ((stop.hex, stop.index) in net.nodes)
            for info in board:
                for side in range(6):
                    exits = {side}
                    assert reach.connects(info.hex, exits) == net.connects(info.hex, exits), (
                        sym,
                        board.label(info.hex),
                        side,
                    )
            checked += 1
        # stop adjacency kept across layouts is the adjacency of this layout
        layout = ctx.layout
        for cut in (0, connection.river_cut(layout)):
            kept = [ctx.next_stops(s, cut) for s in range(len(layout.stops))]
            adjacency = StopAdjacency()
            fresh_adj = [adjacency.next_stops(layout, s, cut) for s in range(len(layout.stops))]
            assert kept == fresh_adj
    assert checked > 20
    assert NODE_BASE == 6  # the walks key ends by hex number * 16 + end


@needs_fixtures
@pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
def test_compiled_network_walk_matches_the_python_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compiled network walk (csrc/routecore_network.c) gives the Python walk's stops,
    sides and paths for every company at positions of a recorded game, and the same §7.5
    "has a route" answers (its token walks made one at a time)."""
    compared = routes = 0
    for number, state, phase in _positions(7):
        ctx = context_of(state, phase)
        graph = ctx.stops_graph()
        layout = ctx.layout
        for sym in state.corps:
            own = graph.token_mask(sym)
            starts = network._token_starts(layout, own)
            compiled = company_reach(layout, graph, sym)
            reference = reference_reach(layout, own, graph.no_pass_mask(sym), starts)
            assert (compiled.stops, compiled.touched, compiled.paths) == (
                reference.stops,
                reference.touched,
                reference.paths,
            ), (number, sym)
            compiled_route = route_to_run(layout, graph, sym)
            monkeypatch.setattr(network, "COMPILED", False)
            assert route_to_run(layout, graph, sym) == compiled_route, (number, sym)
            monkeypatch.setattr(network, "COMPILED", True)
            compared += bool(own)
            routes += compiled_route
    assert compared > 500
    assert 0 < routes < compared


@needs_fixtures
@pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
def test_network_walk_budget_cuts_converging_steps_alike_in_both_walks() -> None:
    """A network walk with a budget of converging steps (``company_reach``'s ``budget``, the
    18C2C option ``network_walk_budget``) gives the same answer compiled and in Python, a
    subset of the full walk's; with budget 0 the converging rule never frees anything, and
    a budget the walk never reaches changes nothing."""
    cut = compared = 0
    for number, state, phase in _positions(23):
        ctx = context_of(state, phase)
        graph, layout = ctx.stops_graph(), ctx.layout
        for sym in state.corps:
            own = graph.token_mask(sym)
            if not own:
                continue
            starts = network._token_starts(layout, own)
            no_pass = graph.no_pass_mask(sym)
            full = company_reach(layout, graph, sym)
            assert not full.cut_short
            for budget in (0, 3, 40, 10**9):
                compiled = compiled_reach(layout, own, no_pass, starts, budget)
                reference = reference_reach(layout, own, no_pass, starts, budget)
                assert compiled is not None
                got = (compiled.stops, compiled.touched, compiled.paths, compiled.cut_short)
                assert got == (
                    reference.stops,
                    reference.touched,
                    reference.paths,
                    reference.cut_short,
                ), (number, sym, budget)
                assert compiled.paths <= full.paths and compiled.touched <= full.touched
                assert compiled.stops & ~full.stops == 0
                if budget == 10**9:
                    assert not compiled.cut_short and compiled.paths == full.paths
                cut += compiled.cut_short
                compared += 1
    assert compared > 100 and cut > 10


@needs_fixtures
def test_destination_searches_kept_across_layouts_match_fresh_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§8.1's check at every turn end keeps each search's answer while no hex it looked at
    changes (:meth:`StopAdjacency.recall`); at positions of a recorded game the kept answers
    equal searches on an empty cache."""
    searches = [0]
    search = connection._search

    def counted(*args: Any) -> Any:
        searches[0] += 1
        return search(*args)

    monkeypatch.setattr(connection, "_search", counted)
    compared = 0
    title = Title1870()
    for number, state, phase in _positions(7):
        ctx = context_of(state, phase)
        for corp in (c for c in title.spec(state).corps if c.destination):
            for limit in (None, 3, 5):
                kept = connection.fewest_stops(
                    state, corp.home, corp.destination, limit, company=corp.sym, phase=phase
                )
                saved = ctx.bridge.adjacency
                ctx.bridge.adjacency = StopAdjacency()
                ctx.memo.clear()
                try:
                    fresh = connection.fewest_stops(
                        state, corp.home, corp.destination, limit, company=corp.sym, phase=phase
                    )
                finally:
                    ctx.bridge.adjacency = saved
                    ctx.memo.clear()
                assert kept == fresh, (number, corp.sym, limit)
                compared += 1
    # the fresh answers took one search each (at most); the kept ones far fewer
    assert compared > 1000 and searches[0] - compared < compared // 2
