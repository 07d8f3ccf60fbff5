"""Named runs (1870 §7.3, seed 003 §8): the routes a ``run`` names, checked and valued on
1870's position (the generic checker: :mod:`transcon.eighteen.named_runs`, which explains the
notation, ``HEX-k`` stops and ``~HEX`` vias), and the optimiser's best run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from transcon.eighteen.framework.state import GameState
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.named_runs import VIA, best_named_run, check_named_run, realise_run
from transcon.eighteen.routes import route_revenue

RULE_RUN = "1870 §7.3 runs"


def graph_of(state: GameState, phase: str) -> tuple[Any, TrackGraph]:
    """The route engine's position and full track graph for our state (memoised per position)."""
    from transcon.titles.t1870.game.routing import context_of

    ctx = context_of(state, phase)
    return ctx.position, ctx.graph()


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

    ctx = context_of(state, phase)
    return check_named_run(ctx, sym, state.corps[sym].trains, routes, trains, RULE_RUN)


def realised_run(
    state: GameState,
    sym: str,
    phase: str,
    routes: Sequence[Sequence[str]],
    trains: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """The routes of a legal named run as track: per route the train id, the stretches of
    track between its stops (hex labels), its stop hexes and node signatures and its value
    (the shape 18xx.games records a run in)."""
    from transcon.titles.t1870.game.routing import context_of

    ctx = context_of(state, phase)
    graph, got = realise_run(ctx, sym, list(state.corps[sym].trains), routes, trains)
    values = ctx.stop_values(graph, sym)
    label = ctx.position.data.board.label
    out = []
    for train, route in got:
        out.append(
            {
                "train": train,
                "connections": [[label(h) for h in graph.hops[hop].hexes] for hop in route.hops],
                "hexes": [label(graph.stops[s].hex) for s in route.stops],
                "nodes": [graph.stops[s].sig for s in route.stops],
                "revenue": route_revenue(graph, sym, route, values),
            }
        )
    return out


def home_and_destination(graph: TrackGraph, position: Any, sym: str) -> tuple[int, int] | None:
    """The stops of ``sym``'s home and destination cities in ``graph`` (None when either has
    no city stop): a connection run's route must join them (§8.4)."""
    from transcon.eighteen.tiles import NodeKind
    from transcon.titles.t1870.game.data import COMPANIES

    info = COMPANIES.get(sym)
    if info is None:
        return None
    out = []
    for label in (info.home, info.destination):
        stops = [s.id for s in graph.stops_in(position.hex(label)) if s.kind is not NodeKind.TOWN]
        if not stops:
            return None
        out.append(stops[0])
    return out[0], out[1]


def joins_home_and_destination(sym: str, routes: Sequence[Sequence[str]]) -> bool:
    """§8.4 (18xx.games ``check_route_combination``): one route of a connection run starts
    and ends in the company's home and destination hexes."""
    from transcon.titles.t1870.game.data import COMPANIES

    info = COMPANIES[sym]
    ends = {info.home, info.destination}
    for route in routes:
        stops = [stop.split("-")[0] for stop in route if not stop.startswith(VIA)]
        if len(stops) >= 2 and {stops[0], stops[-1]} <= ends:
            return True
    return False


def best_run(
    state: GameState, sym: str, phase: str, *, connection: bool = False
) -> tuple[int, tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The best run of ``sym``'s trains (the route engine's optimiser): revenue, routes and
    trains; for a ``connection`` run one route must join home and destination (kept in the
    position's memo: bots, §8.3 demands and their checks ask again)."""
    from transcon.titles.t1870.game.routing import context_of

    ctx = context_of(state, phase)
    owned = tuple(state.corps[sym].trains)
    key = ("best_run", sym, owned, connection)
    known = ctx.memo.get(key)
    if known is None:
        connect = home_and_destination(ctx.graph(), ctx.position, sym) if connection else None
        known = ctx.memo[key] = best_named_run(ctx, sym, owned, connect=connect)
    return known  # type: ignore[return-value]
