"""The bots' delivery search: good routes for every cube over the completed links, with
what it found kept while the links it looked at stand.

Rules are those of :mod:`transcon.titles.rotw.deliveries` (accepting cities, stops, seed
22), computed for all cities at once per cube kind. Completed links are only ever added in
a game (with rising ids; unfinished track is what gets removed), so a search stays valid
until a new link comes within its reach (see :func:`_memo`).
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import Any, NamedTuple

from transcon.titles.rotw.actions import Deliver
from transcon.titles.rotw.data import GOODS, GRAY, RAW, SETTLER
from transcon.titles.rotw.deliveries import settler_capacity, settler_colour
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.state import RotwState

#: partial routes kept per search step (those with the most of the player's own links)
FRONTIER_CAP = 16

RuleSets = tuple[frozenset[str], frozenset[str], frozenset[str]]
#: city -> (neighbour, link owner) over the completed links, in link order
Owners = dict[str, list[tuple[str, str]]]


class Candidate(NamedTuple):
    """A delivery route found for a bot (turned into a :class:`Deliver` when chosen)."""

    cube: str
    path: tuple[str, ...]
    owners: tuple[str, ...]

    def action(self, player: str) -> Deliver:
        return Deliver(player=player, cube=self.cube, path=self.path, owners=self.owners)


def best_deliveries(g: BoardGraph, s: RotwState, player: str, reach: int) -> list[Candidate]:
    """For bots: good routes for every cube kind and destination, found by a breadth-first
    search that drops a partial route when an earlier one reached the same city (and the
    same seed-22 state) with at least as many of the player's own links. Goods from a city
    with none of the player's links within reach are left out (no points for the
    deliverer)."""
    memo = _memo(g, s)
    out: list[Candidate] = []
    rules: dict[str, RuleSets] | None = None
    #: per cube kind: its rule sets and the hop counts to its accepting cities
    per_cube: dict[str, tuple[RuleSets, dict[str, int]]] = {}
    to_own = _hops(memo, player, memo.own.setdefault(player, set()), keep=True).dist
    routes = memo.routes
    for origin in memo.cities:  # the cities with a completed link, in order
        cubes = s.cubes.get(origin)
        if not cubes:
            continue
        bonus_only = to_own.get(origin, _FAR) >= reach  # no own link within reach
        for cube in cubes if len(cubes) == 1 else sorted(set(cubes)):  # cube_kinds
            if bonus_only and cube in GOODS:
                continue  # no points for the deliverer
            known = per_cube.get(cube)
            if known is None:
                if rules is None:
                    rules = _rules_now(memo, s)
                made = rules.get(cube) or _new_rule_sets(memo, rules, g, s, cube)
                known = per_cube[cube] = (made, _hops(memo, made[0], made[0]).dist)
            cube_rules, to_accept = known
            if to_accept.get(origin, _FAR) > reach:
                continue  # no accepting city within reach, whatever the route
            key = (origin, cube, player, cube_rules)
            found = routes.get(key)
            if found is None or (found.reach < reach and not found.complete):
                found = routes[key] = _search(
                    memo.owners, origin, cube, player, reach, cube_rules, g.west_cities
                )
                for city in found.expanded:
                    memo.readers.setdefault(city, []).append(key)
            out.extend(found.within(reach))
    return out


@dataclass(slots=True)
class _Found:
    """What one search found, level by level: a search of fewer levels finds the first
    routes of a deeper one (``within``)."""

    reach: int  # links searched
    routes: tuple[Candidate, ...]
    counts: tuple[int, ...]  # routes found within 0, 1, ... links
    complete: bool  # nothing was left to search: deeper searches find the same
    expanded: frozenset[str]  # the cities whose links were followed

    def within(self, reach: int) -> tuple[Candidate, ...]:
        """The routes of at most ``reach`` links."""
        if reach >= len(self.counts) - 1:
            return self.routes
        return self.routes[: self.counts[reach]]


def _search(
    adj: Owners,
    origin: str,
    cube: str,
    player: str,
    reach: int,
    rules: RuleSets,
    west_cities: frozenset[str],
) -> _Found:
    """The breadth-first search of :func:`best_deliveries` for one cube kind and origin."""
    out: list[Candidate] = []
    accept, stop, west_match = rules
    # most own links of a partial route reaching a city, before / after a seed-22 match
    seen: tuple[dict[str, int], dict[str, int]] = ({origin: 0}, {})
    dest_best: dict[str, int] = {}
    expanded: set[str] = set()
    counts = [0]
    frontier: list[tuple[str, tuple[str, ...], tuple[str, ...], int, bool]] = [
        (origin, (origin,), (), 0, False)
    ]
    for _ in range(reach):
        nxt = []
        for here, path, owners, own, flag in frontier:
            expanded.add(here)
            for nb, owner in adj[here]:
                if nb in path:
                    continue
                mine = own + 1 if owner == player else own
                if (
                    nb in accept
                    and dest_best.get(nb, -1) < mine
                    and not (flag and nb in west_cities)
                ):
                    dest_best[nb] = mine
                    out.append(Candidate(cube, (*path, nb), (*owners, owner)))
                if nb in stop:
                    continue
                new_flag = flag or nb in west_match
                best = seen[new_flag]
                if best.get(nb, -1) >= mine:
                    continue
                best[nb] = mine
                nxt.append((nb, (*path, nb), (*owners, owner), mine, new_flag))
        if len(nxt) > FRONTIER_CAP:
            nxt.sort(key=lambda item: -item[3])
            del nxt[FRONTIER_CAP:]
        frontier = nxt
        counts.append(len(out))
        if not frontier:
            break
    return _Found(reach, tuple(out), tuple(counts), not frontier, frozenset(expanded))


def _rule_sets(g: BoardGraph, s: RotwState, cube: str, west_cities: frozenset[str]) -> RuleSets:
    """(cities accepting ``cube``, cities it must stop at, Western cities of its colour);
    the same answers as ``deliveries.accepts`` and ``deliveries.stops``, computed for all
    cities at once."""
    if cube == SETTLER:
        at = s.settlers_at
        accept = frozenset(c for c in west_cities if at.get(c, 0) < settler_capacity(g, s, c))
        stop = frozenset(
            c for c in west_cities if settler_colour(g, s, c) != GRAY and at.get(c, 0) == 0
        )
        return accept, stop, frozenset()
    if cube == RAW:
        accept = g.raw_targets
        return (
            accept,
            (accept if s.opt.raw_stop_at_first_target else frozenset()),
            (frozenset()),
        )
    coloured = {c for c in g.colour_index.get(cube, ()) if c not in s.colour}
    coloured |= {c for c, colour in s.colour.items() if colour == cube}
    west_match = frozenset(coloured & west_cities)
    stop = frozenset(coloured - west_match if s.phase == "west" else coloured)
    return frozenset(coloured), stop, west_match


def _rules_now(memo: _Memo, s: RotwState) -> dict[str, RuleSets]:
    """The rule sets found so far for the state's :func:`_rule_context`, per cube kind."""
    context = _rule_context(s)
    found = memo.rules.get(context)
    if found is None:
        found = memo.rules[context] = {}
    return found


def _new_rule_sets(
    memo: _Memo, rules: dict[str, RuleSets], g: BoardGraph, s: RotwState, cube: str
) -> RuleSets:
    """:func:`_rule_sets` for ``cube``, added to ``rules``. Equal rule sets are one object
    (searches and hop counts are kept by them: identical keys compare at once)."""
    made = _rule_sets(g, s, cube, g.west_cities)
    found = rules[cube] = memo.same_rules.setdefault(made, made)
    return found


def _rule_context(s: RotwState) -> tuple[Any, ...]:
    """What the rule sets depend on besides the board: the phase, options, urbanized
    colours and settlers placed (not the links)."""
    opt = s.opt
    return (
        s.phase,
        opt.raw_stop_at_first_target,
        opt.urbanized_settlers,
        tuple(s.colour.items()),
        tuple(s.settlers_at.items()),
    )


@dataclass(slots=True)
class _Hops:
    """Fewest completed links to each city from a set of cities (``sources``, those of a
    player's links or a cube kind's accepting cities), kept up to date as links are added."""

    sources: set[str] | frozenset[str]
    dist: dict[str, int]
    used: bool = True
    #: kept even while unused (a player's: every decision of the player reads it)
    keep: bool = False


@dataclass(slots=True)
class _Memo:
    """Searches over one game's completed links (see :func:`_memo`)."""

    graph: BoardGraph
    #: the state's ``next_link`` when the memo last looked
    next_link: int
    #: the cities with a completed link, in order
    cities: list[str]
    owners: Owners
    #: per player, the cities their completed links touch
    own: dict[str, set[str]]
    #: hop counts per player or accepting cities (dropped when unused between link changes)
    hops: dict[object, _Hops]
    #: routes found per (origin, cube, player, rule sets)
    routes: dict[tuple[Any, ...], _Found]
    #: per city, the keys of the routes whose search followed its links
    readers: dict[str, list[tuple[Any, ...]]]
    #: the rule sets per :func:`_rule_context`, per cube kind
    rules: dict[tuple[Any, ...], dict[str, RuleSets]]
    #: each distinct rule sets value, as one object
    same_rules: dict[RuleSets, RuleSets]


def _memo(g: BoardGraph, s: RotwState) -> _Memo:
    """The searches kept for the state's completed links.

    A link gets a new id from ``next_link`` when it is built, and completed links are never
    removed, so the new completed links are those with ids from the memo's ``next_link``
    on; each city's list of links grows by appending them, in id order, as the state's
    own adjacency is built. A route search is kept while no new link touches a city whose
    links it followed: it would run exactly the same. The memo lives with the state (its
    bot caches); another board starts afresh.
    """
    old: _Memo | None = s._bots.deliveries
    if old is not None and old.graph is g:
        if old.next_link != s.next_link:
            _add_links(old, s)
        return old
    memo = _Memo(g, 0, [], {}, {}, {}, {}, {}, {}, {})
    _add_links(memo, s)
    s._bots.deliveries = memo
    return memo


def _add_links(memo: _Memo, s: RotwState) -> None:
    """Bring ``memo`` up to the state's completed links (see :func:`_memo`)."""
    new = []
    for lk in reversed(s.links):  # (in id order: a new link is appended)
        if lk.id < memo.next_link:
            break
        if lk.b:
            new.append(lk)
    new.reverse()
    memo.next_link = s.next_link
    if not new:
        return
    memo.hops = {k: h for k, h in memo.hops.items() if h.used or h.keep}
    for h in memo.hops.values():
        h.used = False
    owners = memo.owners
    for lk in new:
        memo.own.setdefault(lk.owner, set()).update((lk.a, lk.b))
        for here, there in ((lk.a, lk.b), (lk.b, lk.a)):
            if here not in owners:
                owners[here] = []
                insort(memo.cities, here)
            owners[here].append((there, lk.owner))
            for key in memo.readers.pop(here, ()):
                memo.routes.pop(key, None)
        for h in memo.hops.values():
            _shorten(h, owners, lk.a, lk.b)


_FAR = 1 << 30


def _hops(
    memo: _Memo, key: object, sources: set[str] | frozenset[str], keep: bool = False
) -> _Hops:
    """The hop counts from ``sources`` (kept in ``memo`` under ``key``; dropped when a link
    is added after they went unused since the last one, unless ``keep``)."""
    found = memo.hops.get(key)
    if found is None:
        adj = memo.owners
        dist = {c: 0 for c in sources if c in adj}
        found = memo.hops[key] = _Hops(sources, dist, keep=keep)
        _spread(dist, adj, list(dist))
    found.used = True
    return found


def _shorten(h: _Hops, adj: Owners, a: str, b: str) -> None:
    """Update ``h`` for a new link a-b (its ends may be new sources: a player's own link)."""
    dist = h.dist
    changed = []
    for city in (a, b):
        if city in h.sources and dist.get(city) != 0:
            dist[city] = 0
            changed.append(city)
    for here, there in ((a, b), (b, a)):
        if here in dist and dist[here] + 1 < dist.get(there, _FAR):
            dist[there] = dist[here] + 1
            changed.append(there)
    _spread(dist, adj, changed)


def _spread(dist: dict[str, int], adj: Owners, changed: list[str]) -> None:
    """Carry shorter hop counts on from the ``changed`` cities."""
    while changed:
        nxt = []
        for city in changed:
            step = dist[city] + 1
            for nb, _ in adj[city]:
                if step < dist.get(nb, _FAR):
                    dist[nb] = step
                    nxt.append(nb)
        changed = nxt
