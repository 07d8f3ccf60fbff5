"""Route planning for the greedy bot: a static city graph (cheapest track route between
nearby cities) and, per cube kind, the distance from every city to its nearest target.

Computed once per board (printed colours; urbanized cities are ignored), so a bot decision
only walks a few next-hop pointers. The tables for a kind with some targets left out
(Western cities full of settlers) are kept for the :data:`VARIANTS_KEPT` sets used last, so
a process playing many games keeps a bounded amount.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import pairwise

from transcon.core.paths import cheapest_paths, cheapest_paths_over
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


Step = tuple[frozenset[str], str, str, int]


@dataclass(frozen=True, slots=True)
class ChainLinks:
    """The links of a chain: each as (city pair, from, to, build cost + overhead), and
    their pairs, cities and total cost at once (bots test them against sets)."""

    steps: tuple[Step, ...]
    pairs: frozenset[frozenset[str]]
    cities: frozenset[str]
    ends: tuple[tuple[str, str], ...]
    cost: int

    @staticmethod
    def of(steps: tuple[Step, ...]) -> ChainLinks:
        return ChainLinks(
            steps,
            frozenset(st[0] for st in steps),
            frozenset(c for st in steps for c in st[1:3]),
            tuple((a, b) for _, a, b, _ in steps),
            sum(st[3] for st in steps),
        )


@dataclass(slots=True)
class KindTables:
    """What the planner worked out for one cube kind with some targets left out:
    ``toward[city]`` = (cost to the nearest target, next city on the way), and the chains
    and chain links found so far (see :func:`chain`, :func:`steps`)."""

    toward: dict[str, tuple[int, str]]
    #: chain cities per (origin, limit)
    chains: dict[tuple[str, int], list[str]]
    #: chain links per origin
    steps: dict[str, ChainLinks]


#: kind tables kept per board for left-out target sets (least recently used dropped first);
#: a game fills a few Western cities one by one, so a game needs a handful at a time
VARIANTS_KEPT = 64


@dataclass(slots=True)
class Planner:
    """The board's city graph and the tables per cube kind (:class:`KindTables`)."""

    graph: BoardGraph
    edges: dict[str, list[tuple[str, int]]]
    targets: dict[str, tuple[str, ...]]
    #: per kind, with no target left out
    kinds: dict[str, KindTables]
    #: per (kind, left-out targets), the :data:`VARIANTS_KEPT` used last
    variants: OrderedDict[tuple[str, frozenset[str]], KindTables]
    #: ``edges`` with each link's city pair, built once (searches test pairs against sets)
    pairs: dict[str, list[tuple[str, int, frozenset[str]]]]
    #: ``edges`` without a link that costs more than some way through a third city
    lean: dict[str, list[tuple[str, int]]]
    #: the chains of two links or more, indexed by city pair (see :func:`long_chains`)
    long: LongChains | None = None


@dataclass(frozen=True, slots=True)
class LongChain:
    kind: str
    origin: str
    links: ChainLinks


@dataclass(frozen=True, slots=True)
class LongChains:
    """Every chain (:func:`steps`, no cities left out) of two links or more, and for each
    city pair the chains that pass it (by position in ``chains``)."""

    chains: tuple[LongChain, ...]
    by_pair: dict[frozenset[str], tuple[int, ...]]


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
    lean = _lean(edges)
    kinds: dict[str, KindTables] = {}
    targets: dict[str, tuple[str, ...]] = {}
    for kind in (*GOODS, SETTLER, RAW, "west_coast"):
        targets[kind] = tuple(
            c.label
            for c in sorted(g.cities.values(), key=lambda c: c.label)
            if _target(kind, c.colour, c.west, c.raw_target, c.west_coast)
        )
        kinds[kind] = KindTables(_multi_source(lean, list(targets[kind])), {}, {})
    pairs = {c: [(o, w, frozenset((c, o))) for o, w in out] for c, out in edges.items()}
    planner = Planner(g, edges, targets, kinds, OrderedDict(), pairs, lean)
    _PLANNERS[id(g)] = planner
    return planner


def _lean(edges: dict[str, list[tuple[str, int]]]) -> dict[str, list[tuple[str, int]]]:
    """``edges`` less each link a-b dearer than a-x plus x-b for some city x."""
    cost = {(a, b): w for a, out in edges.items() for b, w in out}
    return {
        a: [
            (b, w)
            for b, w in out
            if not any(wx + cost.get((x, b), w) < w for x, wx in out if x != b)
        ]
        for a, out in edges.items()
    }


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
    """Distance to the nearest target and the next city toward it (targets: themselves; of
    equal ways, toward the first city by name). ``edges`` may leave out links dearer than
    a way through a third city (:func:`_lean`): such a link never ends a cheapest way.

    Every link costs more than nothing, so the next city is the least city ``u`` with a link
    to the city such that the distance of ``u`` plus the link's cost is the city's distance
    (what :func:`~transcon.core.paths.cheapest_paths` with ``parent_ties="least"`` keeps);
    it is found in one pass over the links once the distances are known."""
    dist = cheapest_paths_over([(t, 0) for t in targets], edges).cost
    toward = {city: (d, city) for city, d in dist.items()}
    for u, out in edges.items():
        du = dist.get(u)
        if du is None:
            continue
        for v, w in out:
            dv, nxt = toward[v]
            if du + w == dv and (nxt == v or u < nxt):
                toward[v] = (dv, u)
    return toward


def chain(
    p: Planner, kind: str, origin: str, limit: int = 14, full: frozenset[str] = frozenset()
) -> list[str]:
    """Cities from ``origin`` to the nearest target for ``kind`` (empty if unreachable);
    ``full`` lists targets to leave out (Western cities with no room for a settler)."""
    tables = kind_tables(p, kind, full)
    key = (origin, limit)
    found = tables.chains.get(key)
    if found is None:
        found = tables.chains[key] = _chain(p, tables.toward, kind, origin, limit, full)
    return found


def kind_tables(p: Planner, kind: str, full: frozenset[str] = frozenset()) -> KindTables:
    """The tables for ``kind`` leaving out the targets ``full`` (made on first use; of those
    with targets left out, the :data:`VARIANTS_KEPT` used last are kept)."""
    if not full:
        found = p.kinds.get(kind)
        if found is None:  # (a kind with no table: no target anywhere)
            found = p.kinds[kind] = KindTables({}, {}, {})
        return found
    key = (kind, full)
    variants = p.variants
    found = variants.get(key)
    if found is not None:
        variants.move_to_end(key)
        return found
    targets = [c for c in p.targets.get(kind, ()) if c not in full]
    found = variants[key] = KindTables(_multi_source(p.lean, targets), {}, {})
    if len(variants) > VARIANTS_KEPT:
        variants.popitem(last=False)
    return found


def _chain(
    p: Planner,
    table: dict[str, tuple[int, str]],
    kind: str,
    origin: str,
    limit: int,
    full: frozenset[str],
) -> list[str]:
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
    stops = p.targets.get(kind, ())

    def onward(city: str, d: int) -> Iterator[tuple[str, int]]:
        if city != origin and city in stops:
            return iter(())  # a cube stops at the first city of its colour
        return ((other, d + w) for other, w in p.edges[city])

    found = cheapest_paths([(origin, 0)], onward, goals=targets)
    if found.reached is None:
        return []
    out = found.path(found.reached)
    return out if len(out) <= limit + 1 else []


def steps(p: Planner, kind: str, origin: str, full: frozenset[str] = frozenset()) -> ChainLinks:
    """The links of ``chain``; cached."""
    table = chain_table(p, kind, full)
    found = table.get(origin)
    if found is None:
        ch = chain(p, kind, origin, full=full)
        found = ChainLinks.of(
            tuple((frozenset((a, b)), a, b, edge_cost(p, a, b)) for a, b in pairwise(ch))
        )
        table[origin] = found
    return found


def chain_table(p: Planner, kind: str, full: frozenset[str] = frozenset()) -> dict[str, ChainLinks]:
    """The :func:`steps` found so far for ``kind`` and ``full``, by origin (a loop over many
    origins looks them up here first)."""
    return kind_tables(p, kind, full).steps


#: the cube kinds a chain carries
CHAIN_KINDS = (*GOODS, SETTLER, RAW)


def long_chains(p: Planner) -> LongChains:
    """The chains of two links or more of every cube kind from every city (worked out once
    per board)."""
    if p.long is None:
        chains = tuple(
            LongChain(kind, origin, links)
            for kind in CHAIN_KINDS
            for origin in sorted(p.graph.cities)
            if len((links := steps(p, kind, origin)).steps) >= 2
        )
        by_pair: dict[frozenset[str], list[int]] = {}
        for index, chain in enumerate(chains):
            for pair in chain.links.pairs:
                by_pair.setdefault(pair, []).append(index)
        p.long = LongChains(chains, {pair: tuple(at) for pair, at in by_pair.items()})
    return p.long


def edge_cost(p: Planner, a: str, b: str) -> int:
    return next(w for other, w in p.edges[a] if other == b)


@dataclass(slots=True)
class FreeSteps:
    """The step costs of one player's coast-to-coast search with no link blocked (see
    :func:`coast_to_coast`): ``lean`` where the player has no link, every link with the
    own ones free at the cities the player's links touch. Kept by a bot between searches
    and brought up to date as the player's links are added (``own``: the links counted)."""

    steps: dict[str, list[tuple[str, int]]]
    own: set[frozenset[str]]


def free_steps(
    p: Planner, own: AbstractSet[frozenset[str]], kept: FreeSteps | None = None
) -> FreeSteps:
    """:class:`FreeSteps` for the player's ``own`` links, updating ``kept`` when it counted
    some of them and no other (links are only ever added)."""
    if kept is None or not kept.own <= own:
        kept = FreeSteps(dict(p.lean), set())
    new = own - kept.own
    if new:
        kept.own |= new
        counted = kept.own
        for city in {c for pair in new for c in pair}:
            kept.steps[city] = [(nb, 0 if pair in counted else w) for nb, w, pair in p.pairs[city]]
    return kept


def coast_to_coast(
    p: Planner,
    own: AbstractSet[frozenset[str]],
    east: Sequence[str],
    west: AbstractSet[str],
    blocked: frozenset[frozenset[str]] = frozenset(),
    kept: FreeSteps | None = None,
) -> list[tuple[str, str]]:
    """The links still missing from the cheapest East Coast to West Coast railroad of one
    player, counting the player's own links as free and leaving out ``blocked`` links (no
    track fits any more); in route order from the East Coast (empty when there is no route
    or nothing is missing). ``kept``: the player's :func:`free_steps`, brought up to date."""
    # A link dearer than a way through a third city (``lean``) is never the last step of a
    # cheapest way, so leaving it out changes nothing -- unless blocked links or the
    # player's own (free) links change the costs around it.
    if blocked:
        steps = dict(p.edges)  # (every link, changed at the cities of own or blocked links)
        for city in {c for pair in own | blocked for c in pair}:
            steps[city] = [
                (nb, 0 if pair in own else w)
                for nb, w, pair in p.pairs[city]
                if pair not in blocked
            ]
    else:
        steps = free_steps(p, own, kept).steps
    found = cheapest_paths_over([(c, 0) for c in sorted(east)], steps, goals=west)
    if found.reached is None:
        return []
    route = found.path(found.reached)
    return [(a, b) for a, b in pairwise(route) if frozenset((a, b)) not in own]
