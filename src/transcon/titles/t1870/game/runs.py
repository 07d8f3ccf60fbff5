"""Named runs (1870 §7.3, seed 003 §8): the routes a ``run`` names, checked and valued.

A run names each route as its stops in route order (``"HEX-k"`` node signatures, or a bare
hex label when the hex has one stop) and optionally the train running it. The stops are
resolved in ROUTES' track graph of the current position, its hops walked from the named stops
only (:meth:`~transcon.titles.t1870.game.routing.Context1870.run_graph`); for each pair of
consecutive stops a stretch of track (a hop) is chosen so that every route passes
:func:`transcon.eighteen.routes.check_route` and no two trains share track
(:func:`~transcon.eighteen.routes.check_routes`'s rule). Any legal choice of track will do:
the stops alone fix the value. Each route is valued with ROUTES' :func:`stop_values` and
:func:`~transcon.eighteen.routes.route_revenue`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from transcon.core.errors import IllegalAction
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.routes import (
    NOT_CONNECTED,
    TRAINS_SHARE_TRACK,
    Route,
    RouteError,
    check_route,
    route_revenue,
)
from transcon.eighteen.trains import TrainType, parse_train

if TYPE_CHECKING:
    from transcon.titles.t1870.game.routing import Context1870

RULE_RUN = "1870 §7.3 runs"
SEARCH_LIMIT = 5000
"""Most candidate routes tried per run (choices of track between the named stops)."""


def graph_of(state: GameState, phase: str) -> tuple[Any, TrackGraph]:
    """ROUTES' position and full track graph for our state (memoised per position)."""
    from transcon.titles.t1870.game.routing import context_of

    ctx = context_of(state, phase)
    return ctx.position, ctx.graph()


@lru_cache(maxsize=256)
def train_type(train_id: str) -> TrainType:
    """The route engine's train for one of our train ids (``"4-1"`` -> a 4-train)."""
    return parse_train(train_id.rsplit("-", 1)[0])


def _stop_ids(graph: TrackGraph, names: Sequence[str], train: str) -> tuple[int, ...]:
    out: list[int] = []
    for name in names:
        if name in graph.index:
            out.append(graph.index[name])
            continue
        found = [s.id for s in graph.stops if s.sig.rsplit("-", 1)[0] == name]
        if len(found) != 1:
            what = "no stop" if not found else "more than one stop; name it HEX-k"
            raise RouteError(NOT_CONNECTED, f"{name}: {what} on the current map", train)
        out.append(found[0])
    return tuple(out)


def _candidates(
    graph: TrackGraph, company: str, train: TrainType, stops: tuple[int, ...], used: int
) -> Iterator[tuple[Route, int]]:
    """Legal routes through ``stops`` (in order) avoiding the track in ``used``, with their
    track masks (at most :data:`SEARCH_LIMIT` tried)."""
    budget = [SEARCH_LIMIT]

    def walk(i: int, hops: list[int], mask: int) -> Iterator[tuple[Route, int]]:
        if i == len(stops) - 1 or len(stops) < 2:
            budget[0] -= 1
            route = Route(train, stops, tuple(hops))
            try:
                yield route, check_route(graph, company, route)
            except RouteError:
                return
            return
        for hop in graph.find_hops(stops[i], stops[i + 1]):
            if budget[0] <= 0:
                return
            if not hop.track & mask:
                yield from walk(i + 1, [*hops, hop.id], mask | hop.track)

    yield from walk(0, [], used)


def _first_error(
    graph: TrackGraph, company: str, train: TrainType, stops: tuple[int, ...]
) -> RouteError:
    """Why the route through ``stops`` is illegal (the first choice of track, explained)."""
    hops: list[int] = []
    for a, b in itertools.pairwise(stops):
        found = graph.find_hops(a, b)
        if not found:
            where = f"{graph.stops[a].sig} and {graph.stops[b].sig}"
            return RouteError(NOT_CONNECTED, f"no track joins {where}", train.name)
        hops.append(found[0].id)
    try:
        check_route(graph, company, Route(train, stops, tuple(hops)))
    except RouteError as err:
        return err
    return RouteError(NOT_CONNECTED, "no legal choice of track joins these stops", train.name)


def _assign(
    graph: TrackGraph,
    company: str,
    trains: Sequence[TrainType],
    stops: Sequence[tuple[int, ...]],
) -> list[Route] | RouteError:
    """Legal routes for every train (no shared track), or the error of the first route
    that has no legal choice."""

    def search(i: int, used: int) -> list[Route] | None:
        if i == len(stops):
            return []
        for route, mask in _candidates(graph, company, trains[i], stops[i], used):
            rest = search(i + 1, used | mask)
            if rest is not None:
                return [route, *rest]
        return None

    found = search(0, 0)
    if found is not None:
        return found
    for train, route_stops in zip(trains, stops, strict=True):
        if next(_candidates(graph, company, train, route_stops, 0), None) is None:
            return _first_error(graph, company, train, route_stops)
    return RouteError(
        TRAINS_SHARE_TRACK,
        "the routes cannot all be run without two trains sharing track; "
        "trains may share cities, not track",
    )


def check_run(
    state: GameState,
    sym: str,
    phase: str,
    routes: Sequence[Sequence[str]],
    trains: Sequence[str] = (),
) -> int:
    """Check the routes ``sym`` names (seed 003 §8.1, §8.2) and return their value (§8.3).

    ``trains`` names the train of each route (our train ids); when empty, the company's
    trains are tried in every order. Raises :class:`RouteError` (or :class:`IllegalAction`
    for a train the company does not own)."""
    from transcon.titles.t1870.game.routing import context_of

    owned = list(state.corps[sym].trains)
    if trains:
        if len(trains) != len(routes):
            raise IllegalAction(RULE_RUN, "name one train per route")
        for t in trains:
            if t not in owned:
                raise IllegalAction(RULE_RUN, f"{sym} does not own train {t}")
        if len(set(trains)) != len(trains):
            raise IllegalAction(RULE_RUN, "a train runs one route")
    elif len(routes) > len(owned):
        raise IllegalAction(RULE_RUN, f"{len(routes)} routes but {sym} has {len(owned)} trains")
    ctx = context_of(state, phase)
    key = ("run", sym, tuple(owned), tuple(map(tuple, routes)), tuple(trains))
    known = ctx.memo.get(key)
    if known is None:
        try:
            known = _check_run(ctx, sym, owned, routes, trains)
        except RouteError as err:
            known = err
        ctx.memo[key] = known
    if isinstance(known, RouteError):
        raise known
    assert isinstance(known, int)
    return known


def _check_run(
    ctx: Context1870,
    sym: str,
    owned: list[str],
    routes: Sequence[Sequence[str]],
    trains: Sequence[str],
) -> int:
    from transcon.titles.t1870.revenue import stop_values

    position, named = ctx.position, ctx.stops_graph()
    orders: list[tuple[str, ...]] = (
        [tuple(trains)] if trains else list(dict.fromkeys(_orders(owned, len(routes))))
    )
    first: RouteError | None = None
    for order in orders:
        types = [train_type(t) for t in order]
        stops = [_stop_ids(named, r, types[i].name) for i, r in enumerate(routes)]
        # hops walked from the named stops only: every hop a route through them may use
        graph = ctx.run_graph(frozenset(s for route in stops for s in route))
        got = _assign(graph, sym, types, stops)
        if isinstance(got, RouteError):
            first = first or got
            continue
        values = stop_values(graph, sym, position)
        return sum(route_revenue(graph, sym, route, values) for route in got)
    assert first is not None
    raise first


def _orders(owned: Sequence[str], n: int) -> Iterator[tuple[str, ...]]:
    """Train choices for ``n`` routes, one per distinct sequence of train types."""
    seen: set[tuple[str, ...]] = set()
    for order in itertools.permutations(owned, n):
        types = tuple(t.rsplit("-", 1)[0] for t in order)
        if types not in seen:
            seen.add(types)
            yield order


def best_run(
    state: GameState, sym: str, phase: str
) -> tuple[int, tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The best run of ``sym``'s trains (ROUTES' optimiser): revenue, routes and trains."""
    from transcon.eighteen.optimizer import optimize
    from transcon.titles.t1870.revenue import stop_values

    owned = list(state.corps[sym].trains)
    if not owned:
        return (0, (), ())
    position, graph = graph_of(state, phase)
    types = [train_type(t) for t in owned]
    solution = optimize(graph, sym, types, stop_values(graph, sym, position))
    free = list(owned)
    routes: list[tuple[str, ...]] = []
    names: list[str] = []
    for route in solution.routes:
        if not route.stops:
            continue
        train = next(t for t in free if t.rsplit("-", 1)[0] == route.train.name)
        free.remove(train)
        names.append(train)
        routes.append(tuple(graph.stops[s].sig for s in route.stops))
    return (int(solution.revenue), tuple(routes), tuple(names))
