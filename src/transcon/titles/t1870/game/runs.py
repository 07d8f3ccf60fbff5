"""Named runs (1870 §7.3, seed 003 §8): the routes a ``run`` names, checked and valued on
1870's position (the generic checker: :mod:`transcon.eighteen.named_runs`, which explains the
notation, ``HEX-k`` stops and ``~HEX`` vias), and the optimiser's best run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from transcon.eighteen.framework.state import GameState
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.named_runs import best_named_run, check_named_run, realise_run
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


def best_run(
    state: GameState, sym: str, phase: str
) -> tuple[int, tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The best run of ``sym``'s trains (the route engine's optimiser): revenue, routes and
    trains (kept in the position's memo: bots, §8.3 demands and their checks ask again)."""
    from transcon.titles.t1870.game.routing import context_of

    ctx = context_of(state, phase)
    owned = tuple(state.corps[sym].trains)
    key = ("best_run", sym, owned)
    known = ctx.memo.get(key)
    if known is None:
        known = ctx.memo[key] = best_named_run(ctx, sym, owned)
    return known  # type: ignore[return-value]
