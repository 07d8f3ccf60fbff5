"""The route finder: every non-dominated route of a rival or joint team between cities.

A route is a simple path (no hex twice) over track from a source to the first target it
reaches, each link on the team's track (free) or on one rival's line (the fee per hex to that
rival), with at most ``max_foreign_hexes_per_owner`` hexes of any one rival and, by default,
some own/partner track. ``find_routes`` returns the exact Pareto front on (length, total
payments) -- every route no other legal route is better than in the seed's sense -- with one
route for every distinct split of the payments among rivals at each front point (and each
end hex).

Why labels on (length, payments) alone are not sound, and what is done instead:

* Cap: two partial routes of equal length and total may pay different rivals, and only one
  may still use 4 more hexes of a given rival. A label dominates another only if it uses no
  more hexes of each *tracked* rival, or if every route the other could reach but it could
  not (more hexes of that rival than the cap leaves it) is beaten by a walk already found
  (bounds from the shortest length and fewest rival hexes still needed from the hex).
  Rivals start untracked; a domination that relied on an untracked rival is recorded with
  that bound, and if the final front does not beat it the search is redone tracking that
  rival (at most once per rival). Labels that cannot reach a target within the caps' total
  room are dropped. There is no work budget.
* Simple paths: every step costs at least one point, so cutting a loop out of a walk makes
  it strictly shorter without paying more and within the cap. So every Pareto-optimal *walk*
  is a simple path -- unless the loop held the only own track (a detour onto own track and
  back, under the own-track rule). Dominance on (length, payments, hexes per rival, own track
  used) is sound over walks, so the label setting (``_relaxed``, U-turns allowed) gives the
  exact front of walks; a front walk that is a simple path is a route no route can beat.
* A front walk that is not a simple path visits some hex h once before and once after its
  first own-track link (a loop within one phase could be cut). Every route visits h at most
  once, so the routes are covered by two subproblems: h forbidden before own track is used,
  or after. ``find_routes`` solves the subproblems (branching again as needed, skipping front
  walks routes found already beat) and merges their routes: the exact front of routes.

Labels are popped in order of length + shortest length to a target (A*), ties by payments.
Equal labels (same hex, length, hexes per rival and own flag) are alternatives for the GM's
random pick; a random pick that crosses itself falls back to the first one found.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals.state import RRState
from transcon.titles.railway_rivals.tracks import better, components, route_points, track_graph


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
) -> list[RouteOption]:
    """The exact Pareto front of legal routes of ``team`` from any source to any target.

    With ``rng`` equal alternatives (same length and same fees per owner) are chosen at
    random; without it the first found is used. With ``splits`` false the front points
    (length, payments) are the same, but each point need not have a route for every split
    of its payments among rivals (at least one; faster). With ``capped`` false the
    per-rival cap is ignored (``fee_netting`` checks it on net amounts when the race is
    run). See the module docstring.
    """
    target_set = frozenset(targets)
    source_list = sorted(set(sources) - target_set)
    key = ("routes", tuple(team), tuple(source_list), target_set, splits, capped)
    if rng is None:
        cached = state.cache.get(key)
        if cached is not None:
            return list(cached)
    comp = components(state)
    reachable = {comp[t] for t in target_set if t in comp}
    result: list[RouteOption] | None
    if not any(comp.get(h) in reachable for h in source_list):
        result = []
    else:
        query = _Query.make(state, tuple(team), source_list, target_set, splits, capped)
        # Subproblems forbid (hex, own track used yet) pairs; see the module docstring.
        todo: list[frozenset[tuple[int, bool]]] = [frozenset()]
        known: list[tuple[int, int]] = []  # Pareto front of routes found
        kept: dict[tuple[int, tuple[tuple[str, int], ...], int], RouteOption] = {}
        while todo:
            forbidden = todo.pop()
            found, crossed = _solve(query, rng, forbidden, known)
            for o in found:
                if any(better(kl, kt, o.length, o.total) for kl, kt in known):
                    continue
                known[:] = [k for k in known if not better(o.length, o.total, k[0], k[1])]
                if (o.length, o.total) not in known:
                    known.append((o.length, o.total))
                kept.setdefault((o.length, o.foreign, o.route[-1]), o)
            for length, total, h in crossed:
                if not any(better(kl, kt, length, total) for kl, kt in known):
                    todo.append(forbidden | {(h, False)})
                    todo.append(forbidden | {(h, True)})
                    break
        result = [
            o
            for o in kept.values()
            if not any(better(kl, kt, o.length, o.total) for kl, kt in known)
        ]
        result.sort(key=lambda o: (o.length, o.total, o.route))
    if rng is None:
        state.cache[key] = tuple(result)
    return result


def _solve(
    q: _Query,
    rng: GameRandom | None,
    forbidden: frozenset[tuple[int, bool]],
    known: Sequence[tuple[int, int]],
) -> tuple[list[RouteOption], list[tuple[int, int, int]]]:
    """The exact front of walks of one subproblem (tracking rivals' hexes as needed): the
    routes among its walks, and (length, payments, a hex visited before and after own track
    was first used) of every front walk that is not a simple path."""
    tracked: frozenset[int] = frozenset()
    front: list[tuple[int, int]] = list(known)
    while True:
        events: list[tuple[int, int, int]] = []
        found, front, crossed = _relaxed(q, rng, tuple(sorted(tracked)), events, front, forbidden)
        missing = {
            i
            for low, total, i in events
            if i not in tracked and not any(better(fl, ft, low, total) for fl, ft in front)
        }
        if not missing:
            return found, crossed
        tracked |= missing


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
    own_needed: bool
    #: keep labels of equal length and payments that split the payments differently
    #: (without: such a label may dominate another like a cheaper one, ``covers`` checked)
    splits: bool
    #: per seat, how many links carry that rival's line and none of the team's: a route
    #: (simple path) never uses more of that rival's track than this
    rival_links: tuple[int, ...]

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
        seat = {p: i for i, p in enumerate(state.players)}
        links: list[int] | None = state.cache.get(("rival_links", team))
        if links is None:
            links = [0] * len(state.players)
            for node, near in graph.items():
                for nxt, _, owners in near:
                    if node < nxt and not any(o in team for o in owners):
                        for o in owners:
                            links[seat[o]] += 1
            state.cache[("rival_links", team)] = links
        return _Query(
            state=state,
            team=team,
            sources=sources,
            targets=targets,
            graph=graph,
            seat=seat,
            fee=state.cfg.track_use_fee_per_hex,
            # uncapped: no route uses more hexes of a rival than there are links
            cap=state.cfg.max_foreign_hexes_per_owner if capped else sum(links) + 1,
            own_needed=state.cfg.min_own_track == "any",
            splits=splits,
            rival_links=tuple(links),
        )

    def team_owner(self, owners: tuple[str, ...]) -> str | None:
        """The team member whose line a link uses for free, if any."""
        for member in self.team:
            if member in owners:
                return member
        return None

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


def _relaxed(
    q: _Query,
    rng: GameRandom | None,
    tracked: tuple[int, ...],
    events: list[tuple[int, int, int]],
    seed_front: Sequence[tuple[int, int]] = (),
    forbidden: frozenset[tuple[int, bool]] = frozenset(),
) -> tuple[list[RouteOption], list[tuple[int, int]], list[tuple[int, int, int]]]:
    """The Pareto front of *walks* (hexes may repeat) by label setting, and its (length,
    payments) points. A label dominates another at its hex if it is no longer, pays no more,
    has used own track if the other has, and uses no more hexes of each ``tracked`` rival
    (``_Query.covers``). That is exact for walks when the cap of no untracked rival cuts a
    label that the front does not beat (``events`` collects (length bound, payments, seat)
    of every such risk for the caller to check). Returns the routes rebuilt from the front
    walks that are simple paths, the front and whether some front walk is not a simple path
    (if none is, the routes are the front of routes)."""
    graph, targets, seat, fee, cap = q.graph, q.targets, q.seat, q.fee, q.cap
    splits = q.splits
    lab_len: list[int] = []
    lab_counts: list[tuple[int, ...]] = []
    lab_total: list[int] = []
    lab_own: list[bool] = []
    lab_node: list[int] = []
    lab_pred: list[int] = []
    lab_owner: list[str] = []
    alternatives: dict[int, list[tuple[int, str]]] = {}
    dead: set[int] = set()
    at_node: dict[int, list[int]] = {}
    heap: list[tuple[int, int, int]] = []
    found: list[int] = []
    # (len, total) of target labels with own track, and of feasible walks found before
    front: list[tuple[int, int]] = list(seed_front)

    # Lower bounds of what finishing from a hex costs (shortest length and least payments,
    # each on its own, ignoring the cap): labels are ordered on length + the first (A*) and
    # pruned when a walk found is better than both bounds added.
    if not targets:
        return [], [], []
    dist, hexes = _to_targets(q)
    pay = {h: n * fee for h, n in hexes.items()}
    room = cap * sum(1 for p in q.state.players if p not in q.team)  # rival hexes in all
    # shared by the team's queries until the track changes (the cache is cleared with it)
    near_cache: dict[int, list[tuple[int, int, tuple[str, ...], str | None]]] = (
        q.state.cache.setdefault(("near", q.team), {})
    )

    def near_of(h: int) -> list[tuple[int, int, tuple[str, ...], str | None]]:
        """The links from h with the team member whose line each uses for free, if any."""
        near = near_cache.get(h)
        if near is None:
            near = [(n, step, o, q.team_owner(o)) for n, step, o in graph.get(h, ())]
            near_cache[h] = near
        return near

    links = q.rival_links
    binding = [i for i in range(len(seat)) if links[i] > cap]
    checks = [(i, i in tracked) for i in binding]

    def covers(a: tuple[int, ...], b: tuple[int, ...], length: int, total: int, h: int) -> bool:
        """Whether a label using ``a`` hexes per rival may dominate one at hex h using ``b``
        (given no longer and paying no more): every route the dominated label leads to that
        the other cannot follow (it needs more hexes of a rival than the cap leaves the other)
        is beaten by a walk found, or the rival is untracked and the bound of such routes
        goes to ``events``."""
        for i, strict in checks:
            ai = a[i]
            if ai > b[i]:
                k = cap - ai + 1
                if k > links[i]:
                    continue
                more = hexes[h]
                if k > more:
                    more = k  # rival hexes such a route uses from h on
                if more > room - sum(b):
                    continue  # the dominated label cannot finish such a route either
                low = dist[h]
                if k > low:
                    low = k
                low, pays = length + low, total + fee * more
                # any(better(fl, ft, low, pays) for fl, ft in front), inlined (hot loop)
                for fl, ft in front:
                    if (fl < low and ft <= pays) or (ft < pays and fl <= low):
                        break
                else:
                    if strict:
                        return False
                    events.append((low, pays, i))
        return True

    zero = (0,) * len(seat)
    for s in q.sources:
        if s not in dist or (s, not q.own_needed) in forbidden:
            continue
        lab_len.append(0)
        lab_total.append(0)
        lab_counts.append(zero)
        lab_own.append(not q.own_needed)
        lab_node.append(s)
        lab_pred.append(-1)
        lab_owner.append("")
        idx = len(lab_len) - 1
        at_node.setdefault(s, []).append(idx)
        heapq.heappush(heap, (dist[s], 0, idx))

    while heap:
        _, total, idx = heapq.heappop(heap)
        if idx in dead:
            continue
        length = lab_len[idx]
        node = lab_node[idx]
        low, least = length + dist[node], total + pay[node]
        if front and any(
            (fl < low and ft <= least) or (ft < least and fl <= low) for fl, ft in front
        ):
            continue  # beaten by a walk found (``better`` inlined: hot loop)
        own = lab_own[idx]
        if node in targets:
            if own:
                found.append(idx)
                if (length, total) not in front:
                    front[:] = [f for f in front if not better(length, total, f[0], f[1])]
                    front.append((length, total))
            continue
        counts = lab_counts[idx]
        used = sum(counts)
        pred = lab_pred[idx]
        back, back_own = (lab_node[pred], lab_own[pred]) if pred >= 0 else (-1, False)
        for nxt, step, owners, member in near_of(node):
            if nxt not in dist:
                continue  # no target reachable from there
            if nxt == back and back_own == (own or member is not None):
                continue  # straight back: the label there is no longer, pays no more
            new_len = length + step
            if member is not None:
                options: list[tuple[str, tuple[int, ...], bool, int]] = [
                    (member, counts, True, total)
                ]
            else:
                options = []
                for o in owners:
                    i = seat[o]
                    if counts[i] >= cap:
                        continue
                    c = list(counts)
                    c[i] += 1
                    if hexes[nxt] > room - used - 1:
                        continue  # every way on uses more rival track than the caps leave
                    options.append((o, tuple(c), own, total + fee))
            low, rest = new_len + dist[nxt], pay[nxt]
            for owner, new_counts, new_own, new_total in options:
                if forbidden and (nxt, new_own) in forbidden:
                    continue
                if front:
                    least = new_total + rest
                    if any(
                        (fl < low and ft <= least) or (ft < least and fl <= low) for fl, ft in front
                    ):
                        continue
                bucket = at_node.setdefault(nxt, [])
                dominated = False
                for other in bucket:
                    ol, ot = lab_len[other], lab_total[other]
                    if ol > new_len or ot > new_total or (new_own and not lab_own[other]):
                        continue
                    oc = lab_counts[other]
                    if ol == new_len and ot == new_total and (splits or oc == new_counts):
                        if oc != new_counts:
                            continue  # the same payments split differently: keep both
                        if lab_own[other] == new_own:
                            alternatives.setdefault(other, []).append((idx, owner))
                    elif checks and not covers(oc, new_counts, new_len, new_total, nxt):
                        continue
                    dominated = True
                    break
                if dominated:
                    continue
                killed = False
                for other in bucket:
                    ol, ot = lab_len[other], lab_total[other]
                    if new_len > ol or new_total > ot or (lab_own[other] and not new_own):
                        continue
                    oc = lab_counts[other]
                    if ol == new_len and ot == new_total and (splits or oc == new_counts):
                        if oc != new_counts or lab_own[other] == new_own:
                            continue
                    elif checks and not covers(new_counts, oc, ol, ot, nxt):
                        continue
                    dead.add(other)
                    killed = True
                if killed:
                    bucket[:] = [o for o in bucket if o not in dead]
                lab_len.append(new_len)
                lab_total.append(new_total)
                lab_counts.append(new_counts)
                lab_own.append(new_own)
                lab_node.append(nxt)
                lab_pred.append(idx)
                lab_owner.append(owner)
                new_idx = len(lab_len) - 1
                bucket.append(new_idx)
                heapq.heappush(heap, (low, new_total, new_idx))

    def rebuild(idx: int, pick_rng: GameRandom | None) -> tuple[list[int], list[str]]:
        """The hexes and link owners of a label, choosing among equal alternatives at random
        with ``pick_rng``."""
        route: list[int] = []
        owners_list: list[str] = []
        cur = idx
        while cur >= 0:
            route.append(lab_node[cur])
            alts = alternatives.get(cur)
            if pick_rng is not None and alts:
                pick = pick_rng.randint(0, len(alts))
                pred, owner = (lab_pred[cur], lab_owner[cur]) if pick == 0 else alts[pick - 1]
            else:
                pred, owner = lab_pred[cur], lab_owner[cur]
            if pred >= 0:
                owners_list.append(owner)
            cur = pred
        route.reverse()
        owners_list.reverse()
        return route, owners_list

    def twice(idx: int) -> int:
        """A hex the label's walk visits both before and after it first uses own track."""
        phases: dict[int, set[bool]] = {}
        cur = idx
        while cur >= 0:
            seen = phases.setdefault(lab_node[cur], set())
            seen.add(lab_own[cur])
            if len(seen) == 2:
                return lab_node[cur]
            cur = lab_pred[cur]
        raise RuntimeError("route finder: a front walk repeats a hex without own track between")

    out: list[RouteOption] = []
    crossed: list[tuple[int, int, int]] = []
    for idx in found:
        length, total = lab_len[idx], lab_total[idx]
        if any(better(fl, ft, length, total) for fl, ft in front):
            continue
        route, owners_list = rebuild(idx, rng)
        if rng is not None and len(set(route)) != len(route):
            route, owners_list = rebuild(idx, None)  # the random pick crossed itself
        if len(set(route)) != len(route):
            crossed.append((length, total, twice(idx)))  # see the module docstring
            continue
        out.append(q.option(length, lab_counts[idx], route, owners_list))
    return out, front, crossed


def _to_targets(q: _Query) -> tuple[dict[int, int], dict[int, int]]:
    """Per hex from which a target can be reached: the shortest length to a target and the
    fewest hexes of rival track a way there must use (each bound on its own; cached until
    the track changes)."""
    key = ("to_targets", q.team, q.targets)
    cached: tuple[dict[int, int], dict[int, int]] | None = q.state.cache.get(key)
    if cached is not None:
        return cached
    rev_key = ("reverse", q.team)
    rev: dict[int, list[tuple[int, int, int]]] | None = q.state.cache.get(rev_key)
    if rev is None:  # the reverse graph of a team (shared by its queries on the same track)
        rev = {}
        for a, near in q.graph.items():
            for b, step, owners in near:
                rev.setdefault(b, []).append((a, step, 0 if q.team_owner(owners) else 1))
        q.state.cache[rev_key] = rev
    starts = sorted(t for t in q.targets if t in q.graph)
    # the shortest lengths do not depend on the team: shared by the team queries of a race
    len_key = ("target_lengths", q.targets)
    lengths: dict[int, int] | None = q.state.cache.get(len_key)
    if lengths is None:
        lengths = {t: 0 for t in starts}
        heap = [(0, t) for t in starts]
        while heap:
            d, node = heapq.heappop(heap)
            if d > lengths[node]:
                continue
            for prev, step, _ in rev.get(node, ()):
                nd = d + step
                if nd < lengths.get(prev, 1 << 60):
                    lengths[prev] = nd
                    heapq.heappush(heap, (nd, prev))
        q.state.cache[len_key] = lengths
    # fewest rival hexes: weights 0 or 1, so a 0-1 breadth-first search gives the distances
    fewest: dict[int, int] = {t: 0 for t in starts}
    queue = deque((0, t) for t in starts)
    while queue:
        d, node = queue.popleft()
        if d > fewest[node]:
            continue
        for prev, _, foreign in rev.get(node, ()):
            nd = d + foreign
            if nd < fewest.get(prev, 1 << 60):
                fewest[prev] = nd
                if foreign:
                    queue.append((nd, prev))
                else:
                    queue.appendleft((nd, prev))
    result = (lengths, fewest)
    q.state.cache[key] = result
    return result
