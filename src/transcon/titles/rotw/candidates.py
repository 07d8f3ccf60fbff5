"""Candidate actions for ``legal_actions`` and the bots: a documented representative subset.

Builds: from every city, the cheapest route (on the empty board) to each of its nearest
cities, as a normal build, a long build (seed 9) or the first part of a long link; plus
every way to finish your unfinished track. Deliveries: every legal route, capped per cube.
"""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.titles.rotw.actions import Build
from transcon.titles.rotw.build import build_limit, pe_available, plan_build
from transcon.titles.rotw.data import (
    BUILD_LIMIT,
    LONG_FACTOR,
    MAX_TRACKS_PER_HEX,
    WEST_START_SURCHARGE,
)
from transcon.titles.rotw.graph import BoardGraph, Route
from transcon.titles.rotw.state import RotwState

ROUTES_PER_CITY = 6


def long_limit(s: RotwState, player: str) -> int:
    return BUILD_LIMIT * LONG_FACTOR + (1 if pe_available(s, player) else 0)


def routes_for(
    g: BoardGraph, s: RotwState, player: str, starts: list[str], per_city: int
) -> list[Route]:
    """Cheapest open routes from each start city, nearest first (hex capacity respected)."""
    # full hexes (links record only the hexes between their cities, so a route's end
    # cities are never among them)
    full = {h for h, n in s.hex_use().items() if n >= MAX_TRACKS_PER_HEX}
    routes: list[Route] = []
    for city in starts:
        kept = 0
        for route in g.routes_by_cost(city):
            if full and not full.isdisjoint(route.hexes):
                continue
            routes.append(route)
            kept += 1
            if kept >= per_city:
                break
    return routes


def build_candidates(
    g: BoardGraph,
    s: RotwState,
    player: str,
    starts: list[str] | None = None,
    per_city: int = ROUTES_PER_CITY,
) -> list[Build]:
    """Legal builds of ``player`` from ``starts`` (default: all cities).

    Continuations of unfinished track are checked with :func:`plan_build`. The cached
    routes are valid track by construction (neighbouring passable hexes, no sharp turns,
    capacity filtered by :func:`routes_for`), so only the rules that depend on the state are
    checked for them here; the tests check that every candidate passes ``plan_build``.
    """
    checked: list[Build] = []
    limit = build_limit(s, player)
    long_ok = s.round < 3
    unf = s.unfinished(player)
    if unf is not None:
        prev = unf.hexes[-2] if len(unf.hexes) >= 2 else unf.a
        reach = long_limit(s, player) if long_ok else limit
        found = g.search(unf.hexes[-1], prev, reach, s.hex_use(), frozenset((unf.a, *unf.hexes)))
        for target in sorted(found):
            route = found[target]
            checked.append(Build(player=player, path=route.hexes, long=route.pieces > limit))
    legal: list[Build] = []
    for build in checked:
        try:
            plan_build(g, s, build)
        except IllegalAction:
            continue
        legal.append(build)
    own = {frozenset((lk.a, lk.b)) for lk in s.links if lk.owner == player and lk.b}
    cash = s.pl[player].cash if not s.opt.auto_bonds else None
    for route in routes_for(
        g, s, player, starts if starts is not None else sorted(g.cities), per_city
    ):
        if cash is not None and route.cost + _surcharge(g, s, player, route.a) > cash:
            continue
        if frozenset((route.a, route.b)) not in own:
            if route.pieces <= limit:
                legal.append(Build(player=player, path=route.hexes))
            elif long_ok and route.pieces <= long_limit(s, player):
                legal.append(Build(player=player, path=route.hexes, long=True))
        if unf is None and route.pieces > limit and long_ok:
            legal.append(Build(player=player, path=route.hexes[: limit + 1]))
    return legal


def _surcharge(g: BoardGraph, s: RotwState, player: str, city: str) -> int:
    if s.phase != "west" or not g.cities[city].west:
        return 0
    if any(lk.owner == player and city in (lk.a, lk.b) for lk in s.links):
        return 0
    return WEST_START_SURCHARGE
