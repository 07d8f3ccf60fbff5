"""Route planning for the greedy bot: a static city graph (cheapest track route between
nearby cities) and, per cube kind, the distance from every city to its nearest target.

Computed once per board (printed colours; urbanized cities are ignored), so a bot decision
only walks a few next-hop pointers.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import pairwise

from transcon.titles.rotw.data import (
    BUILD_LIMIT,
    GOODS,
    GRAY,
    LONG_FACTOR,
    RAW,
    SETTLER,
)
from transcon.titles.rotw.graph import BoardGraph

LINK_OVERHEAD = 3  # a link costs an action: count it like $3k of track


@dataclass(slots=True)
class Planner:
    """``toward[kind][city]`` = (cost to the nearest target, next city on the way)."""

    graph: BoardGraph
    edges: dict[str, list[tuple[str, int]]]
    toward: dict[str, dict[str, tuple[int, str]]]
    targets: dict[str, tuple[str, ...]]
    chains: dict[tuple[str, str, int, frozenset[str]], list[str]]
    steps: dict[tuple[str, str, frozenset[str]], list[tuple[frozenset[str], str, str, int]]]
    variants: dict[tuple[str, frozenset[str]], dict[str, tuple[int, str]]]
    #: ``edges`` with each link's city pair, built once (searches test pairs against sets)
    pairs: dict[str, list[tuple[str, int, frozenset[str]]]]


_PLANNERS: dict[int, Planner] = {}


def planner_for(g: BoardGraph) -> Planner:
    cached = _PLANNERS.get(id(g))
    if cached is not None and cached.graph is g:
        return cached
    edges: dict[str, list[tuple[str, int]]] = {c: [] for c in g.cities}
    for city in sorted(g.cities):
        for other, route in g.routes_from(city).items():
            if route.pieces > BUILD_LIMIT * LONG_FACTOR:
                continue  # needs Perfect Engineering on top of a long build
            extra = LINK_OVERHEAD * (2 if route.pieces > BUILD_LIMIT else 1)
            edges[city].append((other, route.cost + extra))
    toward: dict[str, dict[str, tuple[int, str]]] = {}
    targets: dict[str, tuple[str, ...]] = {}
    for kind in (*GOODS, SETTLER, RAW, "west_coast"):
        targets[kind] = tuple(
            c.label
            for c in sorted(g.cities.values(), key=lambda c: c.label)
            if _target(kind, c.colour, c.west, c.raw_target, c.west_coast)
        )
        toward[kind] = _multi_source(edges, list(targets[kind]))
    pairs = {c: [(o, w, frozenset((c, o))) for o, w in out] for c, out in edges.items()}
    planner = Planner(g, edges, toward, targets, {}, {}, {}, pairs)
    _PLANNERS[id(g)] = planner
    return planner


def _target(kind: str, colour: str, west: bool, raw_target: bool, west_coast: bool) -> bool:
    if kind == "west_coast":
        return west_coast
    if kind == SETTLER:
        return west
    if kind == RAW:
        return raw_target
    return colour == kind and colour != GRAY


def _multi_source(
    edges: dict[str, list[tuple[str, int]]], targets: list[str]
) -> dict[str, tuple[int, str]]:
    """Distance to the nearest target and the next city toward it (targets: themselves)."""
    dist: dict[str, tuple[int, str]] = {}
    heap = [(0, t, t) for t in targets]
    heapq.heapify(heap)
    while heap:
        d, city, nxt = heapq.heappop(heap)
        if city in dist:
            continue
        dist[city] = (d, nxt)
        for other, w in edges[city]:
            if other not in dist:
                heapq.heappush(heap, (d + w, other, city))
    return dist


def chain(
    p: Planner, kind: str, origin: str, limit: int = 14, full: frozenset[str] = frozenset()
) -> list[str]:
    """Cities from ``origin`` to the nearest target for ``kind`` (empty if unreachable);
    ``full`` lists targets to leave out (Western cities with no room for a settler)."""
    key = (kind, origin, limit, full)
    found = p.chains.get(key)
    if found is None:
        found = _chain(p, kind, origin, limit, full)
        p.chains[key] = found
    return found


def _table(p: Planner, kind: str, full: frozenset[str]) -> dict[str, tuple[int, str]]:
    if not full:
        return p.toward.get(kind, {})
    key = (kind, full)
    table = p.variants.get(key)
    if table is None:
        targets = [c for c in p.targets.get(kind, ()) if c not in full]
        table = _multi_source(p.edges, targets)
        p.variants[key] = table
    return table


def _chain(p: Planner, kind: str, origin: str, limit: int, full: frozenset[str]) -> list[str]:
    table = _table(p, kind, full)
    if origin not in table:
        return []
    if table[origin][0] == 0:
        return _away(p, kind, origin, limit, full)
    out = [origin]
    here = origin
    while len(out) <= limit:
        _, nxt = table[here]
        if nxt == here:
            break
        out.append(nxt)
        here = nxt
        if table[here][0] == 0:
            return out
    return []


def _away(p: Planner, kind: str, origin: str, limit: int, full: frozenset[str]) -> list[str]:
    """From a target city to the nearest *other* target (a cube in a city of its colour)."""
    targets = {c for c in p.targets.get(kind, ()) if c not in full and c != origin}
    dist = {origin: 0}
    prev: dict[str, str] = {}
    heap = [(0, origin)]
    while heap:
        d, city = heapq.heappop(heap)
        if d > dist[city]:
            continue
        if city in targets:
            out = [city]
            while out[-1] != origin:
                out.append(prev[out[-1]])
            out.reverse()
            return out if len(out) <= limit + 1 else []
        if city != origin and city in p.targets.get(kind, ()):
            continue  # a cube stops at the first city of its colour
        for other, w in p.edges[city]:
            if d + w < dist.get(other, 1 << 30):
                dist[other] = d + w
                prev[other] = city
                heapq.heappush(heap, (d + w, other))
    return []


def steps(
    p: Planner, kind: str, origin: str, full: frozenset[str] = frozenset()
) -> list[tuple[frozenset[str], str, str, int]]:
    """The links of ``chain`` as (pair, from, to, build cost + overhead); cached."""
    key = (kind, origin, full)
    found = p.steps.get(key)
    if found is None:
        ch = chain(p, kind, origin, full=full)
        found = [(frozenset((a, b)), a, b, edge_cost(p, a, b)) for a, b in pairwise(ch)]
        p.steps[key] = found
    return found


def edge_cost(p: Planner, a: str, b: str) -> int:
    return next(w for other, w in p.edges[a] if other == b)


def coast_to_coast(
    p: Planner,
    own: set[frozenset[str]],
    east: list[str],
    west: set[str],
    blocked: frozenset[frozenset[str]] = frozenset(),
) -> list[tuple[str, str]]:
    """The links still missing from the cheapest East Coast to West Coast railroad of one
    player, counting the player's own links as free and leaving out ``blocked`` links (no
    track fits any more); in route order from the East Coast (empty when there is no route
    or nothing is missing)."""
    dist: dict[str, int] = {}
    prev: dict[str, str] = {}
    heap = [(0, c) for c in sorted(east)]
    heapq.heapify(heap)
    best = {c: 0 for c in east}
    end = ""
    while heap:
        d, city = heapq.heappop(heap)
        if city in dist:
            continue
        dist[city] = d
        if city in west:
            end = city
            break
        for other, w, pair in p.pairs[city]:
            if pair in blocked:
                continue
            step = 0 if pair in own else w
            if d + step < best.get(other, 1 << 30):
                best[other] = d + step
                prev[other] = city
                heapq.heappush(heap, (d + step, other))
    if not end:
        return []
    route = [end]
    while route[-1] in prev:
        route.append(prev[route[-1]])
    route.reverse()
    return [(a, b) for a, b in pairwise(route) if frozenset((a, b)) not in own]
