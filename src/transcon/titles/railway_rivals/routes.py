"""The route finder: every non-dominated route of a rival or joint team between cities.

A route is a simple path (no hex twice) over track from a source to the first target it
reaches, each link on the team's track (free) or on one rival's line (the fee per hex to that
rival), with at most ``max_foreign_hexes_per_owner`` hexes of any one rival and, by default,
some own/partner track. ``find_routes`` returns the exact Pareto front on (length, total
payments) -- every route no other legal route is better than in the seed's sense -- with one
route for every distinct split of the payments among rivals at each front point (and each
end hex).

How the search stays exact and fast on crowded networks (the label-setting engine is
``core.paths.LabelSearch``; this module says what a label holds and what dominates):

* Labels and one dominance test (``_Search.dominance``): a label is a partial walk at a hex
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
  plus the fewest that rival's track any way on to a target must use exceed the cap.
* Bounds: labels are popped in order of length + shortest length to a target (A*), and
  dropped when a walk found is better than both lower bounds added (shortest length, fewest
  rival hexes still needed) or when every way on uses more rival track than the caps' total
  room. Both bounds know the own-track rule: a walk that has not used own track yet must
  still reach some (in crowded games often a long detour, so this bound is far above the
  plain shortest length), and they avoid the hexes its subproblem forbids. There is no work
  budget.
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
  walks routes found already beat) and merges their routes: the exact front of routes. The
  subproblems are solved best first (by the figures of the walk they were split on), so a
  route is found early and bounds the rest; depth first, a 6-rival race took 22 s. The hex
  split on is the first of the walk that it visits in both phases: where a detour to own
  track and back leaves the way on. When the searches grew large without finding a route,
  some route is looked for on the loads alone (``routecaps.route_within_caps``, splitting
  the same way): it bounds the further searches, or proves that there is no route at all.

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
from functools import partial

from transcon.core.paths import LabelSearch
from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals.routebounds import (
    bounds_to_targets,
    rival_need,
    team_lines,
    team_steps,
)
from transcon.titles.railway_rivals.routecaps import (
    Loads,
    assign_shared,
    rival_hexes,
    rival_links_of,
    route_within_caps,
    walk_within_caps,
)
from transcon.titles.railway_rivals.state import RRState
from transcon.titles.railway_rivals.tracks import (
    better,
    components,
    route_length,
    route_points,
    track_graph,
)

#: A label's figures: (length, rival hexes used, own track used, hexes per rival seat, loads
#: of the capped rivals, see ``Loads``).
Figures = tuple[int, int, bool, tuple[int, ...], int]


@dataclass(frozen=True, slots=True)
class RouteOption:
    """One non-dominated route: its length, fees per owner, hexes and link owners."""

    length: int
    points: int  # die points a train needs (equals length with the default metric)
    total: int
    payments: tuple[tuple[str, int], ...]
    foreign: tuple[tuple[str, int], ...]  # hexes of each rival's track used
    route: tuple[int, ...]
    owners: tuple[str, ...]


def find_routes(
    state: RRState,
    team: Sequence[str],
    sources: Iterable[int],
    targets: Iterable[int],
    rng: GameRandom | None = None,
    splits: bool = True,
    capped: bool = True,
    max_total: int | None = None,
) -> list[RouteOption]:
    """The exact Pareto front of legal routes of ``team`` from any source to any target.

    With ``rng`` equal alternatives (same length and same fees per owner) are chosen at
    random; without it the first found is used. With ``splits`` false the front points
    (length, payments) are the same, but each point need not have a route for every split
    of its payments among rivals (at least one; faster). With ``capped`` false the
    per-rival cap is ignored (``fee_netting`` checks it on net amounts when the race is
    run). With ``max_total`` only the front routes paying at most that (a route paying
    more never beats them, so they are the same as in the whole front; faster). See the
    module docstring.
    """
    target_set = frozenset(targets)
    source_list = sorted(set(sources) - target_set)
    key = ("routes", tuple(team), tuple(source_list), target_set, splits, capped)
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
        query = _Query.make(state, tuple(team), source_list, target_set, splits, capped)
        if max_total is not None:
            query = replace(query, max_total=max_total)
        result = _front_of_routes(query, rng)
    if rng is None:
        fronts[max_total] = tuple(result)
    return result


def _front_of_routes(
    q: _Query, rng: GameRandom | None, start: frozenset[tuple[int, bool]] = frozenset()
) -> list[RouteOption]:
    """Merge the routes of the subproblems (see the module docstring) into the front: of the
    routes that never stand on a hex of a (hex, own track used yet) pair of ``start``
    (tests start from a subproblem)."""
    # Subproblems forbid (hex, own track used yet) pairs. They are solved best first (by the
    # figures of the crossing walk they were split on), so a route found early bounds the rest.
    todo: list[tuple[int, int, int, frozenset[tuple[int, bool]]]] = [(0, 0, 0, start)]
    made = itertools.count(1)
    known: list[tuple[int, int]] = []  # Pareto front of routes found
    kept: dict[tuple[int, tuple[tuple[str, int], ...], int], RouteOption] = {}
    effort = _Effort()
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
        for length, total, h in crossed:
            if not any(better(kl, kt, length, total) for kl, kt in known):
                for flag in (True, False):
                    heapq.heappush(todo, (length, total, next(made), forbidden | {(h, flag)}))
                break
    result = [
        o for o in kept.values() if not any(better(kl, kt, o.length, o.total) for kl, kt in known)
    ]
    result.sort(key=lambda o: (o.length, o.total, o.route))
    return result


@dataclass
class _Effort:
    """What the subproblems of one ``find_routes`` share: the rivals whose cap bound in some
    subproblem, the labels the searches have made so far, and whether looking for some route
    (``route_within_caps``) ran out of labels once."""

    capped: set[int] = field(default_factory=set)
    labels: int = 0
    probe_failed: bool = False


#: Labels a query's searches make before, while no route is known, each further search is
#: preceded by a look for some route on the loads alone (``route_within_caps``): its route
#: bounds the search, or it proves that the subproblem has no route. Comparing labels on the
#: loads alone, it makes far fewer labels than the search, which keeps every walk shorter or
#: cheaper than another until a route bounds it (in crowded 6-rival games tens of thousands,
#: when the team's own track is far off the race and every way there and back runs over
#: several rivals' lines, or the caps bind). Most queries end sooner (with a route, or with
#: no walk at all). Once a route is known the searches drop every label it beats, so it
#: would cost more than it saves. The GM's random pick (``rng``) only checks that some walk
#: keeps every cap (``walk_within_caps``): it draws as it always did, so games stay the same.
CHECK_CAPS_AFTER = 2000
#: The labels one look for some route may make; after one ran out in a query, only the check
#: that some walk keeps every cap is made.
PROBE_LABELS = 15_000


def _solve(
    q: _Query,
    rng: GameRandom | None,
    forbidden: frozenset[tuple[int, bool]],
    known: list[tuple[int, int]],
    effort: _Effort,
) -> tuple[list[RouteOption], list[tuple[int, int, int]]]:
    """The exact front of walks of one subproblem, capping rivals as needed (``effort.capped``
    grows with them): the routes among its walks, and (length, payments, a hex visited before
    and after own track was first used) of every front walk that is not a simple path. A
    route found on the way (``_probe``) joins ``known``."""
    while True:
        if q.capped and not known and effort.labels > CHECK_CAPS_AFTER:
            if rng is None and not effort.probe_failed:
                if not _probe(q, forbidden, known, effort):
                    return [], []
            elif not walk_within_caps(q.state, q.team, q.sources, q.targets, forbidden):
                return [], []  # no walk keeps every cap: no route here (``routecaps``)
        search = _Search(q, frozenset(effort.capped), forbidden, known)
        search.run()
        effort.labels += len(search.figures)
        over = search.over_cap()
        if not over:
            return search.routes(rng)
        effort.capped |= over


def _probe(
    q: _Query,
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


@dataclass(frozen=True, slots=True)
class _Query:
    """One route search: the graph, the team and the rules' parameters."""

    state: RRState
    team: tuple[str, ...]
    sources: list[int]
    targets: frozenset[int]
    graph: dict[int, list[tuple[int, int, tuple[str, ...]]]]
    seat: dict[str, int]
    fee: int
    cap: int
    #: whether ``cap`` is the rules' cap (false: no cap, for ``fee_netting``)
    capped: bool
    own_needed: bool
    #: keep labels of equal length and payments that split the payments differently
    #: (without: such a label may dominate another like a cheaper one, the caps permitting)
    splits: bool
    #: per seat, how many links carry that rival's line and none of the team's: a route
    #: (simple path) never uses more of that rival's track than this
    rival_links: tuple[int, ...]
    #: only routes paying at most this are wanted (``find_routes``)
    max_total: int = 1 << 60

    @staticmethod
    def make(
        state: RRState,
        team: tuple[str, ...],
        sources: list[int],
        targets: frozenset[int],
        splits: bool = True,
        capped: bool = True,
    ) -> _Query:
        graph = track_graph(state)
        links = rival_links_of(state, team)
        return _Query(
            state=state,
            team=team,
            sources=sources,
            targets=targets,
            graph=graph,
            seat={p: i for i, p in enumerate(state.players)},
            fee=state.cfg.track_use_fee_per_hex,
            # uncapped: no route uses more hexes of a rival than there are links
            cap=state.cfg.max_foreign_hexes_per_owner if capped else sum(links) + 1,
            capped=capped,
            own_needed=state.cfg.min_own_track == "any",
            splits=splits,
            rival_links=links,
        )

    def option(
        self, length: int, counts: Sequence[int], route: list[int], owners: list[str]
    ) -> RouteOption:
        players, fee = self.state.players, self.fee
        return RouteOption(
            length=length,
            points=route_points(self.state, route),
            total=sum(counts) * fee,
            payments=tuple((players[i], c * fee) for i, c in enumerate(counts) if c and fee),
            foreign=tuple((players[i], c) for i, c in enumerate(counts) if c),
            route=tuple(route),
            owners=tuple(owners),
        )


class _Search(LabelSearch[int, Figures, str]):
    """One label-setting run over walks (see the module docstring): ``run`` it, then ask
    ``over_cap`` which uncapped rivals a front walk uses beyond the cap, and ``routes``. A
    label's move is whose line its last link uses ("" on a link shared by capped rivals,
    assigned by ``assign_shared``)."""

    def __init__(
        self,
        q: _Query,
        capped: frozenset[int],
        forbidden: frozenset[tuple[int, bool]],
        known: Sequence[tuple[int, int]],
    ) -> None:
        super().__init__()
        self.q = q
        self.capped = tuple(sorted(i for i in capped if q.rival_links[i] > q.cap))
        self.bit = {seat: 1 << n for n, seat in enumerate(self.capped)}
        self.loads = Loads(self.capped, q.cap, q.rival_links, self.line_masks())
        self.forbidden = forbidden
        #: whether a label that has used own track may dominate one that has not: not where
        #: the subproblem forbids some hex after own track only (the other may still pass it)
        self.across = not any(own for _, own in forbidden)
        self.dist, self.hexes = bounds_to_targets(q.state, q.team, q.targets, forbidden)
        self.need = [(i, rival_need(q.state, q.team, q.targets, i)) for i in self.capped]
        self.near = team_steps(q.state, q.team)
        self.room = q.cap * sum(1 for p in q.state.players if p not in q.team)
        # (len, total) of target labels with own track, and of routes found before
        self.front: list[tuple[int, int]] = list(known)
        self.found: list[int] = []
        #: bumped whenever ``front`` changes (``reach`` depends on it)
        self.front_version = 0
        self._reach: dict[int, tuple[int, int]] = {}
        self._choices: dict[tuple[str, ...], list[tuple[str, int, int]]] = {}

    def beaten(self, length: int, total: int) -> bool:
        """Whether a walk found is better than (length, total) (``better`` inlined: hot)."""
        for fl, ft in self.front:
            if (fl < length and ft <= total) or (ft < total and fl <= length):
                return True
        return False

    def run(self) -> None:
        q, dist = self.q, self.dist
        zero = (0,) * len(q.seat)
        for s in q.sources:
            if s in dist[not q.own_needed]:
                self.offer(-1, s, "", (0, 0, not q.own_needed, zero, self.loads.zero))
        targets, fee, hexes = q.targets, q.fee, self.hexes
        while (idx := self.pop()) is not None:
            length, used, own, _, _ = self.figures[idx]
            node = self.node[idx]
            if self.front and self.beaten(
                length + dist[own][node], (used + hexes[own][node]) * fee
            ):
                continue
            if node not in targets:
                self.expand(idx)
            elif own:
                self.found.append(idx)
                point = (length, used * fee)
                if point not in self.front:
                    self.front[:] = [f for f in self.front if not better(*point, *f)]
                    self.front.append(point)
                    self.front_version += 1

    def expand(self, idx: int) -> None:
        """Offer every step on from a label's hex (never straight back the same way)."""
        length, used, own, counts, loads = self.figures[idx]
        pred = self.pred[idx]
        back, back_own = (self.node[pred], self.figures[pred][2]) if pred >= 0 else (-1, False)
        # the hexes a target is reachable from (with own track as needed): after a team
        # link, and after a rival link
        after_team, after_rival = self.hexes[True], self.hexes[own]
        spare = self.room - used - 1  # rival hexes a way on may still take within the caps
        offer, add_load, need = self.offer, self.loads.add, self.need
        for nxt, step, owners, member in self.near(self.node[idx]):
            if member is not None:
                if nxt not in after_team or (nxt == back and back_own):
                    continue  # no way on from there; or straight back (no better label)
                offer(idx, nxt, member, (length + step, used, True, counts, loads))
                continue
            if nxt not in after_rival or (nxt == back and back_own == own):
                continue
            if after_rival[nxt] > spare:
                continue  # every way on is over the caps
            for owner, seat, mask in self.choices(owners):
                new_loads = add_load(loads, mask) if mask else loads
                if new_loads is None:
                    continue  # over the cap of a capped rival (or several sharing it)
                c = counts
                if seat >= 0:
                    c = (*counts[:seat], counts[seat] + 1, *counts[seat + 1 :])
                if not need or not self.hopeless(c, nxt):
                    offer(idx, nxt, owner, (length + step, used + 1, own, c, new_loads))

    def choices(self, owners: tuple[str, ...]) -> list[tuple[str, int, int]]:
        """``lines`` of a rival link's owners (remembered for the search: a hot path)."""
        found = self._choices.get(owners)
        if found is None:
            found = self._choices[owners] = self.lines(owners)
        return found

    def lines(self, owners: tuple[str, ...]) -> list[tuple[str, int, int]]:
        """The choices of line on a rival link: (owner, its seat, the capped rivals it may
        count against as a bit mask). With splits every owner is a choice; without, a line of
        an uncapped rival is used if there is one (not compared), else one choice counts
        against all the capped owners (``owner`` "", assigned when the route is rebuilt)."""
        seat, bit = self.q.seat, self.bit
        if self.q.splits or len(owners) == 1:
            return [(o, seat[o], bit.get(seat[o], 0)) for o in owners]
        for o in owners:
            if seat[o] not in bit:
                return [(o, seat[o], 0)]
        mask = 0
        for o in owners:
            mask |= bit[seat[o]]
        return [("", -1, mask)]

    def line_masks(self) -> frozenset[int]:
        """The masks ``lines`` gives the team's rival links (cached until the track changes)."""
        if not self.capped:
            return frozenset()  # no capped rival: no loads to keep
        key = ("line_masks", self.q.team, self.capped, self.q.splits)
        masks: frozenset[int] | None = self.q.state.cache.get(key)
        if masks is None:
            found: set[int] = set()
            for owners in team_lines(self.q.state, self.q.team):
                found.update(mask for _, _, mask in self.lines(owners))
            masks = frozenset(found)
            self.q.state.cache[key] = masks
        return masks

    def hopeless(self, counts: tuple[int, ...], h: int) -> bool:
        """Whether some capped rival's cap cannot be kept on any way on from hex h."""
        cap = self.q.cap
        return any(counts[i] + need.get(h, 0) > cap for i, need in self.need)

    def offer(self, pred: int, nxt: int, owner: str, new: Figures) -> None:
        """Add a label at ``nxt`` unless a label there dominates it; drop those it dominates."""
        own = new[2]
        if self.forbidden and (nxt, own) in self.forbidden:
            return
        low, least = new[0] + self.dist[own][nxt], (new[1] + self.hexes[own][nxt]) * self.q.fee
        if least > self.q.max_total or (self.front and self.beaten(low, least)):
            return
        self.add(pred, nxt, owner, new, (low, new[1]))

    def dominance(self, bucket: list[int], new: Figures, h: int) -> tuple[int | None, list[int]]:
        """The dominance test of a new label against the labels at its hex h: a label that
        dominates it (the first found), else the labels it dominates. Label a dominates b
        if it is no longer, uses no more rival hexes, has used own track if b has (and, where
        the subproblem forbids a hex after own track, b has too: ``across``), and its loads
        are within b's (or, once this search has found a walk, within b's ``reach``; before
        that, with only routes found before, it seldom helps and costs: a long capped race at
        6 rivals took twice as long); with splits, labels of equal length and payments that
        split them differently are kept."""
        figures, splits, fee, across = self.figures, self.q.splits, self.q.fee, self.across
        within, reach, front = self.loads.within, self.reach, self.front_version > 0
        nl, nu, no, nc, nd = new
        new_reach = -1  # worked out when first needed
        killed: list[int] = []
        for other in bucket:
            ol, ou, oo, oc, od = figures[other]
            if splits and oc != nc and ol == nl and (ou == nu or not fee):
                continue  # the same payments split differently: keep both
            if oo != no and not across:
                continue
            if ol <= nl and ou <= nu and (oo or not no):
                if within(od, nd):
                    return other, []
                if front:
                    if new_reach < 0:
                        new_reach = self.loads_reach(nd, nl, nu, no, h)
                    if within(od, new_reach):
                        return other, []
            kills = nl <= ol and nu <= ou and (no or not oo)
            if kills and (within(nd, od) or (front and within(nd, reach(other, h)))):
                killed.append(other)
        return None, killed

    def reach(self, idx: int, h: int) -> int:
        """``loads_reach`` of a kept label (remembered until a walk found changes the front)."""
        known = self._reach.get(idx)
        if known is not None and known[0] == self.front_version:
            return known[1]
        length, used, own, _, loads = self.figures[idx]
        found = self.loads_reach(loads, length, used, own, h)
        self._reach[idx] = (self.front_version, found)
        return found

    def loads_reach(self, loads: int, length: int, used: int, own: bool, h: int) -> int:
        """The loads a label at hex h may have and still follow every way on that a label
        with ``loads`` (``length``, ``used``) can take, except ways beaten by a walk found
        (``Loads.reach``): a way on that takes x more rival hexes is beaten when even its
        bounds are (``beaten_after``), and that holds for every x from the least such on."""
        if not self.front:
            return loads  # nothing found yet beats any way on
        # a way taking room - used + 1 more hexes is over the caps; past the largest
        # capacity + 1 more, every set's floor is the same (``Loads.reach``)
        lo, hi = 1, min(self.room - used + 1, self.loads.most + 1)
        if not self.beaten_after(hi, length, used, own, h):
            return self.loads.reach(loads, hi + 1)  # (most labels: a quick answer)
        while lo < hi:  # the least x with every way taking x more beaten (monotone in x)
            mid = (lo + hi) // 2
            if self.beaten_after(mid, length, used, own, h):
                hi = mid
            else:
                lo = mid + 1
        return self.loads.reach(loads, lo)

    def beaten_after(self, more: int, length: int, used: int, own: bool, h: int) -> bool:
        """Whether every way on from hex h (at ``length``, ``used``) taking at least ``more``
        rival hexes is beaten by a walk found or over the caps' total room."""
        rival = max(self.hexes[own][h], more)
        if rival > self.room - used:
            return True
        return self.beaten(length + max(self.dist[own][h], more), (used + rival) * self.q.fee)

    def front_labels(self) -> list[int]:
        """The target labels of front walks."""
        fee = self.q.fee
        return [
            idx
            for idx in self.found
            if not self.beaten(self.figures[idx][0], self.figures[idx][1] * fee)
        ]

    def over_cap(self) -> set[int]:
        """The uncapped rivals some front walk uses more hexes of than the cap, among those
        with more links than the cap. A walk over the cap of a rival with fewer links uses
        some link twice: it is no route, and ``routes`` splits on it like any walk that is
        not a simple path (capping that rival would change nothing: ``_Search`` caps only
        rivals with more links than the cap, so the same search would run again forever)."""
        q = self.q
        over: set[int] = set()
        for idx in self.front_labels():
            counts = self.figures[idx][3]
            over.update(i for i, c in enumerate(counts) if c > q.cap and q.rival_links[i] > q.cap)
        return over

    def routes(
        self, rng: GameRandom | None
    ) -> tuple[list[RouteOption], list[tuple[int, int, int]]]:
        """The routes rebuilt from the front walks that are simple paths, and (length, total,
        a hex visited before and after own track) of those that are not."""
        out: list[RouteOption] = []
        crossed: list[tuple[int, int, int]] = []
        for idx in self.front_labels():
            length, used, _, counts, _ = self.figures[idx]
            route, owners = self.walk(idx, None if rng is None else partial(rng.randint, 0))
            if rng is not None and len(set(route)) != len(route):
                route, owners = self.walk(idx)  # the random pick crossed itself
            if len(set(route)) != len(route):
                crossed.append((length, used * self.q.fee, self.twice(idx)))
                continue
            if "" in owners:
                counts = assign_shared(self.q.state, self.q.cap, route, owners, counts)
            out.append(self.q.option(length, counts, route, owners))
        return out, crossed

    def twice(self, idx: int) -> int:
        """The first hex of the label's walk (from its source) that the walk visits both
        before and after it first uses own track: where a detour to own track and back
        leaves the way on, so forbidding it in one phase cuts the whole detour (splitting on
        the detour's far end instead, the next split finds the detour again one hex further
        back: a 6-rival race with no route took 50 subproblems and 33 s, now 3)."""
        walk: list[tuple[int, bool]] = []
        cur = idx
        while cur >= 0:
            walk.append((self.node[cur], self.figures[cur][2]))
            cur = self.pred[cur]
        after = {h for h, own in walk if own}
        for h, own in reversed(walk):
            if not own and h in after:
                return h
        raise RuntimeError("route finder: a front walk repeats a hex without own track between")
