"""The route finder: every non-dominated route of a rival or joint team between cities.

A route is a simple path (no hex twice) over track from a source to the first target it
reaches, each link on the team's track (free) or on one rival's line (the fee per hex to that
rival), with at most ``max_foreign_hexes_per_owner`` hexes of any one rival and, by default,
some own/partner track. ``find_routes`` returns the exact Pareto front on (length, total
payments) -- every route no other legal route is better than in the seed's sense -- with one
route for every distinct split of the payments among rivals at each front point (and each
end hex).

How the search stays exact and fast on crowded networks (the label-setting engine is
``core.paths.LabelSearch``; ``routesearch`` says what a label holds and what dominates,
this module drives its searches):

* Labels and one dominance test (``RouteSearch.dominance``): a label is a partial walk at a hex
  with its length, rival hexes used, whether own track was used, and hexes per rival. It
  dominates another at the same hex if it is no longer, uses no more rival hexes, has used
  own track if the other has (in a subproblem that forbids a hex after own track: the
  same), and uses no more hexes of each *capped* rival -- or more of one, but every route
  the other could reach and it could not (more of that rival than the cap leaves it) is
  beaten by a walk already found. With payment splits, labels of equal length and payments
  that split them differently are both kept. Several capped rivals are compared at once
  through the loads of sets of them (``Loads``, packed in one int); what a label's loads
  may be to stand in for another's is worked out once per label (its ``reach``: the least
  number of further rival hexes from which every way on is beaten, by a binary search,
  then one packed maximum), so comparing two labels is one subtraction.
* The cap, lazily: rivals start uncapped -- the search is a relaxation (their hexes are
  neither limited nor compared), so its front is no worse than the true one. If every front
  walk keeps every cap, that front is exact; otherwise the rivals over the cap in a front
  walk become capped and the search runs again (at most once per rival; usually no rival
  binds and one search suffices). Only rivals with more links than the cap are capped: a
  walk over the cap of another repeats a link, so it is no simple path and is split below.
  A capped rival's cap is applied early: a label is dropped when its hexes of that rival
  plus the fewest that rival's track any way on to a target must use exceed the cap; once a
  search grew large, so is every set of capped rivals' (``routecaps.set_need``: the fewest
  links every way on takes that count against the set, per own-track flag).
* Bounds: labels are popped in order of length + shortest length to a target (A*), and
  dropped when a walk found is better than both lower bounds added (shortest length, fewest
  rival hexes still needed) or when every way on uses more rival track than the caps' total
  room. In subproblems both bounds know the own-track rule: a walk that has not used own
  track yet must still reach some (in crowded games often a long detour, so this bound is
  far above the plain shortest length), and they avoid the hexes its subproblem forbids.
  Elsewhere the cheaper plain bounds order the labels and, once a search with capped
  rivals grew large, the own-track ones drop them (``RouteSearch.strengthen``: only labels
  no front walk passes go, so the walks found are the same). There is no work budget.
* Simple paths: every step costs at least one point, so cutting a loop out of a walk makes
  it strictly shorter without paying more and within the cap. So every Pareto-optimal *walk*
  is a simple path -- unless the loop held the only own track (a detour onto own track and
  back, under the own-track rule). Dominance is sound over walks, so the label setting (U-turns
  allowed) gives the exact front of walks; a front walk that is a simple path is a route no
  route can beat.
* A front walk that is not a simple path visits some hex h once before and once after its
  first own-track link (a loop within one phase could be cut). Every route visits h at most
  once, so the routes are covered by two subproblems: h forbidden before own track is used,
  or after. ``find_routes`` solves the subproblems (branching again as needed, skipping front
  walks routes found already beat, and without payment splits those a kept route equals)
  and merges their routes: the exact front of routes. The subproblems are solved best first
  (by the figures of the walk they were split on), so a route is found early and bounds the
  rest; depth first, a 6-rival race took 22 s. A subproblem reached again by splits in
  another order is solved once (a 6-rival race's 1,057 subproblems were 221 distinct). The hex
  split on is the first of the walk that it visits in both phases: where a detour to own
  track and back leaves the way on. From the first split on, the subproblems also forbid
  every hex on no simple path from a source to a target (beyond a cut hex: the blocks of
  the track, ``_confinement``), and where no link of the team's own track is on such a path
  there is no route at all, said at once. When a search grew large without finding a walk,
  some route is looked for on the loads alone (``routecaps.route_within_caps``, splitting the
  same way): it bounds the further searches, or proves that there is no route at all
  (``STOP_AFTER``).
* Compiled inner loop: the dominance test and the expansion of a label (its steps, loads,
  bounds and the label bookkeeping) run in C (``routesearch``'s docstring), making the very
  same labels as the Python code, which stays the reference.

The GM's pick (``races.pick_route``, option ``gm_pick_ties``) draws among equal routes; by
default (one_split) it searches without payment splits, bounded by the shortest length and
by the front known from the entry's check: at a 6-rival position where the search with every
split took 200 s (hundreds of subproblems, each split crossing walk again per split of the
payments) it takes a tenth of a second.

Results are cached in the state until the track changes (the state's cache is cleared with
every new link), so the checks of entries replayed from a log reuse the searches of the same
track version. Equal labels (same hex, length, hexes per rival and own flag) are alternatives
for the GM's random pick; a random pick that crosses itself falls back to the first one found.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from transcon.core.gcpause import fewer_collections
from transcon.core.paths import simple_path_nodes
from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals.routecaps import caps_walk, rival_hexes, route_within_caps
from transcon.titles.railway_rivals.routesearch import Crossing, Query, RouteOption, RouteSearch
from transcon.titles.railway_rivals.state import RRState
from transcon.titles.railway_rivals.tracks import better, components, route_length

__all__ = ["RouteOption", "find_routes"]


def find_routes(
    state: RRState,
    team: Sequence[str],
    sources: Iterable[int],
    targets: Iterable[int],
    rng: GameRandom | None = None,
    splits: bool = True,
    capped: bool = True,
    max_total: int | None = None,
    max_length: int | None = None,
    known: Sequence[tuple[int, int]] = (),
) -> list[RouteOption]:
    """The exact Pareto front of legal routes of ``team`` from any source to any target.

    With ``rng`` equal alternatives (same length and same fees per owner) are chosen at
    random; without it the first found is used. With ``splits`` false the front points
    (length, payments) are the same, but each point need not have a route for every split
    of its payments among rivals (at least one; faster). With ``capped`` false the
    per-rival cap is ignored (``fee_netting`` checks it on net amounts when the race is
    run). With ``max_total`` only the front routes paying at most that (a route paying
    more never beats them, so they are the same as in the whole front; faster). Likewise
    with ``max_length`` only the front routes at most that long (the GM's pick asks for the
    shortest only). ``known``: the (length, payments) of routes known to exist (the GM's
    pick passes the front found without splits): they bound the searches from the start, so
    labels they beat go at once (the front is the same). See the module docstring.
    """
    target_set = frozenset(targets)
    source_list = sorted(set(sources) - target_set)
    key = ("routes", tuple(team), tuple(source_list), target_set, splits, capped, max_length)
    # the fronts found on this track version, by bound (None: the whole front)
    fronts: dict[int | None, tuple[RouteOption, ...]] = state.cache.setdefault(key, {})
    if rng is None:
        for bound, front in fronts.items():
            if bound is None or (max_total is not None and bound >= max_total):
                return [o for o in front if max_total is None or o.total <= max_total]
    comp = components(state)
    reachable = {comp[t] for t in target_set if t in comp}
    result: list[RouteOption] = []
    if target_set and any(comp.get(h) in reachable for h in source_list):
        query = Query.make(state, tuple(team), source_list, target_set, splits, capped)
        if max_total is not None:
            query = replace(query, max_total=max_total)
        if max_length is not None:
            query = replace(query, max_length=max_length)
        result = _front_of_routes(query, rng, known=known)
    if rng is None:
        fronts[max_total] = tuple(result)
    return result


@fewer_collections()  # a label per walk: tens of thousands in a crowded race
def _front_of_routes(
    q: Query,
    rng: GameRandom | None,
    start: frozenset[tuple[int, bool]] = frozenset(),
    known: Sequence[tuple[int, int]] = (),
) -> list[RouteOption]:
    """Merge the routes of the subproblems (see the module docstring) into the front: of the
    routes that never stand on a hex of a (hex, own track used yet) pair of ``start``
    (tests start from a subproblem)."""
    # Subproblems forbid (hex, own track used yet) pairs. They are solved best first (by the
    # figures of the crossing walk they were split on), so a route found early bounds the rest.
    todo: list[tuple[int, int, int, frozenset[tuple[int, bool]]]] = [(0, 0, 0, start)]
    made = itertools.count(1)
    known = list(known)  # Pareto front of routes found (or known to exist)
    kept: dict[tuple[int, tuple[tuple[str, int], ...], int], RouteOption] = {}
    kept_points: set[tuple[int, int]] = set()
    split: set[frozenset[tuple[int, bool]]] = set()  # the subproblems made
    effort = _Effort()
    confined: frozenset[tuple[int, bool]] | None = None  # worked out at the first split
    while todo:
        forbidden = heapq.heappop(todo)[3]
        found, crossed = _solve(q, rng, forbidden, known, effort)
        for o in found:
            if any(better(kl, kt, o.length, o.total) for kl, kt in known):
                continue
            known[:] = [k for k in known if not better(o.length, o.total, k[0], k[1])]
            if (o.length, o.total) not in known:
                known.append((o.length, o.total))
            kept.setdefault((o.length, o.foreign, o.route[-1]), o)
            kept_points.add((o.length, o.total))
        for crossing in crossed:
            length, total = crossing.length, crossing.total
            # without payment splits a route kept at the walk's figures is as good as any
            # other (a route a look found, ``_probe``, bounds the searches but is not kept)
            if not any(better(kl, kt, length, total) for kl, kt in known) and not (
                not q.splits and (length, total) in kept_points
            ):
                if confined is None:
                    confined = _confinement(q)
                    if confined is None:
                        return []  # no simple path uses own track: no route at all
                narrower = forbidden | confined
                h = crossing.hex()
                for sub in dict.fromkeys(narrower | {(h, flag)} for flag in (True, False)):
                    if sub not in split:  # splits in another order reach the same subproblem
                        split.add(sub)
                        heapq.heappush(todo, (length, total, next(made), sub))
                break
    result = [
        o for o in kept.values() if not any(better(kl, kt, o.length, o.total) for kl, kt in known)
    ]
    result.sort(key=lambda o: (o.length, o.total, o.route))
    return result


def _confinement(q: Query) -> frozenset[tuple[int, bool]] | None:
    """The states (both own-track flags) of the hexes no route can pass: those on no simple
    path from a source to a target (``core.paths.simple_path_nodes``: a walk detouring to a
    spur or a loop beyond a cut hex and back can never be made simple). Subproblems forbid
    them from the first split on, so a split never branches on such a detour again (a
    6-rival race whose team's own track lay only beyond cut hexes split into 10,917
    subproblems, 70 s, to find no route). None when the rules ask for own track and no link
    of the team's lies on such a path: there is no route at all. Cached until the track
    changes."""
    key = ("confinement", q.team, tuple(q.sources), q.targets)
    cache = q.state.cache
    if key in cache:
        known: frozenset[tuple[int, bool]] | None = cache[key]
        return known
    graph = q.graph
    region = simple_path_nodes(
        {h: [n for n, _, _ in steps] for h, steps in graph.items()}, q.sources, q.targets
    )
    ends = region | q.targets
    team = frozenset(q.team)
    # a link lies on such a path when neither end is off them (``simple_path_nodes``)
    usable = not q.own_needed or any(
        n in ends and not team.isdisjoint(owners) for h in region for n, _, owners in graph[h]
    )
    result = (
        frozenset((h, own) for h in graph if h not in ends for own in (False, True))
        if usable
        else None
    )
    cache[key] = result
    return result


@dataclass
class _Effort:
    """What the subproblems of one ``find_routes`` share: the rivals whose cap bound in some
    subproblem, and whether looking for some route
    (``route_within_caps``), or the check that some walk keeps every cap (``caps_walk``), ran
    out of labels once: a check that answers nothing costs and changes nothing, so after one
    the query's searches go on without (the test that skips one sees the same routes)."""

    capped: set[int] = field(default_factory=set)
    probe_failed: bool = False
    walk_failed: bool = False


#: While no route is known, a search that makes this many labels without finding a walk
#: stops, and some route is looked for on the loads alone (``route_within_caps``) before it
#: is made again (without a limit): the look's route bounds the search, or it proves that
#: the subproblem has no route. Comparing labels on the loads alone, the look makes far fewer
#: labels than the search, which keeps every walk shorter or cheaper than another until a
#: route bounds it (in crowded 6-rival games tens of thousands, when the team's own track is
#: far off the race and every way there and back runs over several rivals' lines, or the
#: caps bind; a 6-rival race with no route in one subproblem made 58,000 labels). Once a look
#: ran out of labels in a query (and for the GM's random pick, ``rng``, which draws as it
#: always did, so games stay the same; its one_split search starts from the known front and
#: never needs the look), only the check that some walk keeps every cap
#: (``caps_walk``) is made. A search of a few hundred labels answers as fast as either: made
#: before every search of a subproblem once the query's searches had made 2,000 labels, they
#: took a fifth of a crowded 6-rival listing (random game 100, action 723: the check answered
#: "there is one" for 28 of 30 subproblems, the look ran out twice), for nothing. 5,000 gave
#: the same times at the slowest 6-rival positions, 10,000 slower.
STOP_AFTER = 3000
#: The labels one look for some route may make; after one ran out in a query, only the check
#: that some walk keeps every cap is made (and after that ran out once, none).
PROBE_LABELS = 15_000


def _solve(
    q: Query,
    rng: GameRandom | None,
    forbidden: frozenset[tuple[int, bool]],
    known: list[tuple[int, int]],
    effort: _Effort,
) -> tuple[list[RouteOption], list[Crossing]]:
    """The exact front of walks of one subproblem, capping rivals as needed (``effort.capped``
    grows with them): the routes among its walks, and every front walk that is not a simple
    path (``Crossing``). A route found on the way (``_probe``) joins ``known``."""
    grown = False  # whether a search of this subproblem outgrew its budget
    while True:
        if q.capped and grown and not known:
            if rng is None and not effort.probe_failed:
                if not _probe(q, forbidden, known, effort):
                    return [], []
            elif not effort.walk_failed:
                walk = caps_walk(q.state, q.team, q.sources, q.targets, forbidden)
                if walk is False:
                    return [], []  # no walk keeps every cap: no route here (``routecaps``)
                effort.walk_failed = walk is None
        search = RouteSearch(q, frozenset(effort.capped), forbidden, known)
        budget = STOP_AFTER if q.capped and not known and not grown else None
        if not search.run(budget):
            grown = True  # look for some route first, then search afresh
            continue
        over = search.over_cap()
        if not over:
            return search.routes(rng)
        effort.capped |= over


def _probe(
    q: Query,
    forbidden: frozenset[tuple[int, bool]],
    known: list[tuple[int, int]],
    effort: _Effort,
) -> bool:
    """Look for some route of the subproblem (``route_within_caps``): add its figures to
    ``known`` (it bounds the search); false when there is none."""
    some = route_within_caps(q.state, q.team, q.sources, q.targets, PROBE_LABELS, forbidden)
    if some is True:
        effort.probe_failed = True
    elif some is not False:
        known.append((route_length(q.state, some), q.fee * rival_hexes(q.state, q.team, some)))
    return some is not False
