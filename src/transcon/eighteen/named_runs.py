"""Named runs on any 18xx position: the routes a ``run`` action names, checked and valued.

A run names each route as its stops in route order (``"HEX-k"`` node signatures, or a bare
hex label when the hex has one stop) and optionally the train running it. The stops are
resolved in the route engine's track graph of the position
(:class:`~transcon.eighteen.bridge.RouteContext`), its hops walked from the named stops only
(:meth:`~transcon.eighteen.bridge.RouteContext.run_graph`).

A run names stops, not track: between two consecutive stops there may be several stretches of
track (hops). The engine picks the realisation by a depth-first search (:func:`_assign`): the
first route's hops in graph order (the order its walk found them), then the next routes' hops
avoiding all track already taken, backtracking into earlier routes when a later one finds
none. So the realisation it takes passes :func:`transcon.eighteen.routes.check_route` for
every train and keeps all trains' track disjoint (the rule of
:func:`~transcon.eighteen.routes.check_routes`) whenever such a realisation exists among the
first :data:`SEARCH_LIMIT` candidates of each route. The stops alone fix the value, so any
such choice gives the same revenue.

When the choice matters, a route may name hexes its track passes through: a ``~HEX`` entry
between two stops (``C18-0,~C20,~B21,B19-0``) keeps only the hops between those stops that
walk through the hexes named, in that order. Each route is valued with the title's stop values
(:meth:`~transcon.eighteen.bridge.RouteContext.stop_values`) and
:func:`~transcon.eighteen.routes.route_revenue`. Titles: 1870 (``titles/t1870/game/runs.py``),
18C2C (``titles/c2c/game/runs.py``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from transcon.core.errors import IllegalAction
from transcon.eighteen.bridge import train_of
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.routes import (
    NOT_CONNECTED,
    TRAINS_SHARE_TRACK,
    Route,
    RouteError,
    check_route,
    route_revenue,
)
from transcon.eighteen.trains import TrainType

VIA = "~"
"""Prefix of a route entry naming a hex the track passes through (``A2-0,~B3,C4-0``)."""
SEARCH_LIMIT = 5000
"""Most candidate routes tried per run (choices of track between the named stops)."""


Vias = tuple[tuple[str, ...], ...]
"""Per stretch between consecutive stops of a route: the hexes it must pass through."""


def _split_vias(names: Sequence[str], train: str) -> tuple[list[str], Vias]:
    """A route's stops and, per stretch between two stops, the ``~HEX`` entries naming hexes
    its track passes through (in order)."""
    stops: list[str] = []
    vias: list[tuple[str, ...]] = []
    pending: list[str] = []
    for name in names:
        if name.startswith(VIA):
            if not stops:
                raise RouteError(NOT_CONNECTED, f"{name}: a ~HEX entry goes between stops", train)
            pending.append(name[len(VIA) :].upper())
            continue
        if stops:
            vias.append(tuple(pending))
            pending = []
        stops.append(name)
    if pending:
        raise RouteError(NOT_CONNECTED, f"~{pending[-1]}: a ~HEX entry goes between stops", train)
    return stops, tuple(vias)


def _passes(graph: TrackGraph, hop: int, via: tuple[str, ...]) -> bool:
    """True when hop ``hop`` walks through the hexes ``via`` in that order."""
    if not via:
        return True
    walked = iter(graph.track_names[p].split(" ", 1)[0] for p in graph.hops[hop].paths)
    return all(any(h == want for h in walked) for want in via)


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
    graph: TrackGraph,
    company: str,
    train: TrainType,
    stops: tuple[int, ...],
    used: int,
    vias: Vias = (),
) -> Iterator[tuple[Route, int]]:
    """Legal routes through ``stops`` (in order) avoiding the track in ``used`` and passing
    the hexes in ``vias``, with their track masks (at most :data:`SEARCH_LIMIT` tried).
    Hops are tried in the graph's order (the order its walk found them)."""
    budget = [SEARCH_LIMIT]
    yield from _walk_candidates(graph, company, train, stops, vias, budget, 0, [], used)


def _walk_candidates(
    graph: TrackGraph,
    company: str,
    train: TrainType,
    stops: tuple[int, ...],
    vias: Vias,
    budget: list[int],
    i: int,
    hops: list[int],
    mask: int,
) -> Iterator[tuple[Route, int]]:
    """The depth-first walk of :func:`_candidates` from stop ``i`` (a module function, not a
    recursive closure: a closure refers to itself and leaves a cycle for the collector)."""
    if i == len(stops) - 1 or len(stops) < 2:
        budget[0] -= 1
        route = Route(train, stops, tuple(hops))
        try:
            yield route, check_route(graph, company, route)
        except RouteError:
            return
        return
    via = vias[i] if vias else ()
    for hop in graph.find_hops(stops[i], stops[i + 1]):
        if budget[0] <= 0:
            return
        if not hop.track & mask and _passes(graph, hop.id, via):
            yield from _walk_candidates(
                graph, company, train, stops, vias, budget, i + 1, [*hops, hop.id], mask | hop.track
            )


def _first_error(
    graph: TrackGraph, company: str, train: TrainType, stops: tuple[int, ...], vias: Vias = ()
) -> RouteError:
    """Why the route through ``stops`` is illegal (the first choice of track, explained)."""
    hops: list[int] = []
    for i, (a, b) in enumerate(itertools.pairwise(stops)):
        found = graph.find_hops(a, b)
        where = f"{graph.stops[a].sig} and {graph.stops[b].sig}"
        if not found:
            return RouteError(NOT_CONNECTED, f"no track joins {where}", train.name)
        via = vias[i] if vias else ()
        passing = [h for h in found if _passes(graph, h.id, via)]
        if not passing:
            through = ", ".join(via)
            message = f"no track between {where} passes through {through}"
            return RouteError(NOT_CONNECTED, message, train.name)
        hops.append(passing[0].id)
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
    vias: Sequence[Vias] = (),
) -> list[Route] | RouteError:
    """Legal routes for every train (no shared track), or the error of the first route
    that has no legal choice.

    A depth-first search: the first route's choices of track in graph order, and for each,
    the next routes' choices avoiding the track already taken (backtracking into earlier
    routes when a later one finds none), so the realisation found keeps every train's track
    disjoint whenever one exists within :data:`SEARCH_LIMIT` candidates per route."""
    route_vias = list(vias) or [()] * len(stops)

    found = _disjoint_routes(graph, company, trains, stops, route_vias, 0, 0)
    if found is not None:
        return found
    for train, route_stops, via in zip(trains, stops, route_vias, strict=True):
        if next(_candidates(graph, company, train, route_stops, 0, via), None) is None:
            return _first_error(graph, company, train, route_stops, via)
    return RouteError(
        TRAINS_SHARE_TRACK,
        "the routes cannot all be run without two trains sharing track; "
        "trains may share cities, not track",
    )


def _disjoint_routes(
    graph: TrackGraph,
    company: str,
    trains: Sequence[TrainType],
    stops: Sequence[tuple[int, ...]],
    route_vias: Sequence[Vias],
    i: int,
    used: int,
) -> list[Route] | None:
    """The search of :func:`_assign` from route ``i`` on, avoiding the track in ``used``."""
    if i == len(stops):
        return []
    for route, mask in _candidates(graph, company, trains[i], stops[i], used, route_vias[i]):
        rest = _disjoint_routes(graph, company, trains, stops, route_vias, i + 1, used | mask)
        if rest is not None:
            return [route, *rest]
    return None


def named_run_value(
    ctx: Any,
    sym: str,
    owned: list[str],
    routes: Sequence[Sequence[str]],
    trains: Sequence[str],
) -> int:
    graph, got = realise_run(ctx, sym, owned, routes, trains)
    values = ctx.stop_values(graph, sym)
    return sum(route_revenue(graph, sym, route, values) for _, route in got)


def realise_run(
    ctx: Any,
    sym: str,
    owned: list[str],
    routes: Sequence[Sequence[str]],
    trains: Sequence[str],
) -> tuple[TrackGraph, list[tuple[str, Route]]]:
    """The track realisation of a named run: the graph and each route with its train id."""
    named = ctx.stops_graph()
    orders: list[tuple[str, ...]] = (
        [tuple(trains)] if trains else list(dict.fromkeys(_orders(owned, len(routes))))
    )
    first: RouteError | None = None
    for order in orders:
        types = [train_of(t) for t in order]
        split = [_split_vias(r, types[i].name) for i, r in enumerate(routes)]
        stops = [_stop_ids(named, r, types[i].name) for i, (r, _) in enumerate(split)]
        # hops walked from the named stops only: every hop a route through them may use
        graph = ctx.run_graph(frozenset(s for route in stops for s in route))
        got = _assign(graph, sym, types, stops, [v for _, v in split])
        if isinstance(got, RouteError):
            first = first or got
            continue
        return graph, list(zip(order, got, strict=True))
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


def check_named_run(
    ctx: Any,
    sym: str,
    owned: Sequence[str],
    routes: Sequence[Sequence[str]],
    trains: Sequence[str],
    rule: str,
) -> int:
    """Check the routes ``sym`` names on the position of ``ctx`` (a
    :class:`~transcon.eighteen.bridge.RouteContext`) and return their value.

    ``owned`` are the company's train ids; ``trains`` names the train of each route (when
    empty, the company's trains are tried in every order). Raises :class:`RouteError` (a
    route breaks a route rule) or :class:`IllegalAction` under ``rule`` (a train the company
    does not own, more routes than trains). Results are memoised on the context."""
    owned = list(owned)
    if trains:
        if len(trains) != len(routes):
            raise IllegalAction(rule, "name one train per route")
        for t in trains:
            if t not in owned:
                raise IllegalAction(rule, f"{sym} does not own train {t}")
        if len(set(trains)) != len(trains):
            raise IllegalAction(rule, "a train runs one route")
    elif len(routes) > len(owned):
        raise IllegalAction(rule, f"{len(routes)} routes but {sym} has {len(owned)} trains")
    key = ("run", sym, tuple(owned), tuple(map(tuple, routes)), tuple(trains))
    known = ctx.memo.get(key)
    if known is None:
        try:
            known = named_run_value(ctx, sym, owned, routes, trains)
        except RouteError as err:
            known = err
        ctx.memo[key] = known
    if isinstance(known, RouteError):
        raise known
    assert isinstance(known, int)
    return known


def best_named_run(
    ctx: Any, sym: str, owned: Sequence[str], *, connect: tuple[int, int] | None = None
) -> tuple[int, tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The best run of the trains ``owned`` by ``sym`` (the optimiser) on the position of
    ``ctx``: revenue, routes (stop signatures) and the train id of each route; ``connect``:
    two stops one route must join (the optimiser's constraint)."""
    from transcon.eighteen.optimizer import optimize

    if not owned:
        return (0, (), ())
    graph = ctx.graph()
    types = [train_of(t) for t in owned]
    solution = optimize(graph, sym, types, ctx.stop_values(graph, sym), connect=connect)
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
