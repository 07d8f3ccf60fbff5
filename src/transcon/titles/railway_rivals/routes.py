"""The route finder: every non-dominated route of a rival or joint team between cities.

A bicriteria label-setting search over the union track graph (cached until the track
changes). A label at a hex holds the route length so far (die points or hexes, see
``route_length_metric``), the hexes of each rival's track used (their fees), and whether
own/partner track was used. Labels are popped in order of length + hex distance to the
target (an A* lower bound, since every step costs at least one), and a label is dropped when
a route already found is better in the seed's sense, or when another label at the same hex
with the same own-track flag is no longer and pays no more. Labels equal in length and
payments that arrive from different hexes are both kept (a route may not visit a hex twice,
so the two may continue differently); equal ones from the same hex with the same fees per
rival are alternatives for the GM's random pick. Keeping routes simple is not something label
dominance preserves exactly: against brute force on random small networks the front differs
in about 1 of 2,000 cases (a route missed); everything returned is always a legal route.

The per-rival cap (``max_foreign_hexes_per_owner``) makes the problem resource-constrained:
when the cap cuts a label that no route found beats (so the comparison may have dropped a
route that matters), the search is redone comparing fees per rival (exact), within a work
budget; past the budget the first (capped) search's front is kept. That front only holds
legal routes but may, in rare cases, miss one the exact search would find.

The result is the Pareto front on (length, total payments), keeping routes that tie on both
but pay different rivals.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals.state import RRState, edge

#: Label comparisons a search tracking rivals' fees may make before the last front is kept.
WORK_BUDGET = 3_000


class _TooManyLabels(Exception):
    """The exact search grew too large (see ``find_routes``)."""


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


def step_points(state: RRState, a: int, b: int) -> int:
    """Die points to move from hex a into hex b (1, plus the mountain/swamp delays)."""
    cfg, model = state.cfg, state.model
    cost = 1
    if model.mountain[b] and (cfg.hill_penalty_mode == "every_entry" or not model.mountain[a]):
        cost += cfg.hill_race_penalty
    if model.swamp[b]:
        cost += cfg.swamp_race_penalty
    return cost


def track_graph(state: RRState) -> dict[int, list[tuple[int, int, tuple[str, ...]]]]:
    """The union track graph with race lengths: hex -> [(next hex, length, owners)].

    Cached in the state until the track changes."""
    graph: dict[int, list[tuple[int, int, tuple[str, ...]]]] | None = state.cache.get("graph")
    if graph is not None:
        return graph
    hexes_metric = state.cfg.route_length_metric == "hexes"
    graph = {}
    for node, near in state.adj.items():
        graph[node] = [
            (
                nxt,
                1 if hexes_metric else step_points(state, node, nxt),
                tuple(state.edge_owners[edge(node, nxt)]),
            )
            for nxt in sorted(near)
        ]
    state.cache["graph"] = graph
    return graph


def components(state: RRState) -> dict[int, int]:
    """Connected component id of every hex with track (cached until the track changes)."""
    comp: dict[int, int] | None = state.cache.get("components")
    if comp is not None:
        return comp
    comp = {}
    for start in sorted(state.adj):
        if start in comp:
            continue
        comp[start] = start
        stack = [start]
        while stack:
            node = stack.pop()
            for nxt in state.adj[node]:
                if nxt not in comp:
                    comp[nxt] = start
                    stack.append(nxt)
    state.cache["components"] = comp
    return comp


def fastest_points(state: RRState, sources: Iterable[int], targets: Iterable[int]) -> int | None:
    """Fewest die points between the sets over anybody's track (a bound for every entrant)."""
    target_set = frozenset(targets)
    source_set = frozenset(sources)
    key = ("fastest", source_set, target_set)
    if key in state.cache:
        cached: int | None = state.cache[key]
        return cached
    graph = track_graph(state)
    dist = {h: 0 for h in source_set if h in graph}
    heap = [(0, h) for h in sorted(dist)]
    result = None
    while heap:
        d, node = heapq.heappop(heap)
        if d > dist[node]:
            continue
        if node in target_set:
            result = d
            break
        for nxt, _, _ in graph[node]:
            nd = d + step_points(state, node, nxt)
            if nd < dist.get(nxt, 1 << 30):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    state.cache[key] = result
    return result


def route_points(state: RRState, route: Sequence[int]) -> int:
    return sum(step_points(state, a, b) for a, b in itertools.pairwise(route))


def route_length(state: RRState, route: Sequence[int]) -> int:
    if state.cfg.route_length_metric == "hexes":
        return len(route) - 1
    return route_points(state, route)


def better(a_len: int, a_total: int, b_len: int, b_total: int) -> bool:
    """The seed's rule: route a is better than b (shorter without paying more, or cheaper
    without being longer)."""
    return (a_len < b_len and a_total <= b_total) or (a_total < b_total and a_len <= b_len)


def find_routes(
    state: RRState,
    team: Sequence[str],
    sources: Iterable[int],
    targets: Iterable[int],
    rng: GameRandom | None = None,
) -> list[RouteOption]:
    """The Pareto front of legal routes of ``team`` from any source to any target.

    With ``rng`` equal-label alternatives (same length and same fees per owner) are chosen at
    random while rebuilding each route; without it the first found is used.
    """
    target_set = frozenset(targets)
    source_list = sorted(set(sources) - target_set)
    key = ("routes", tuple(team), tuple(source_list), target_set)
    if rng is None:
        cached = state.cache.get(key)
        if cached is not None:
            return list(cached)
    comp = components(state)
    reachable = {comp[t] for t in target_set if t in comp}
    if not any(comp.get(h) in reachable for h in source_list):
        result: list[RouteOption] = []
        if rng is None:
            state.cache[key] = ()
        return result
    # Compare labels on (length, payments, own track) plus the fees of the rivals whose cap
    # matters. A cap cut on an untracked rival that no route found beats means the comparison
    # may have dropped a route that matters: track that rival too and search again.
    tracked: frozenset[int] = frozenset()
    result = []
    while True:
        cut: list[tuple[int, int, int]] = []
        try:
            found = _search(
                state, tuple(team), source_list, target_set, rng, tracked=tracked, cut=cut
            )
        except _TooManyLabels:
            break  # keep the previous front (see the module docstring)
        result = found
        missing = {
            owner
            for low, total, owner in cut
            if owner not in tracked
            and not any(better(o.length, o.total, low, total) for o in found)
        }
        if not missing:
            break
        tracked = tracked | missing
    if rng is None:
        state.cache[key] = tuple(result)
    return result


def _search(
    state: RRState,
    team: tuple[str, ...],
    sources: list[int],
    targets: frozenset[int],
    rng: GameRandom | None,
    *,
    tracked: frozenset[int] = frozenset(),
    cut: list[tuple[int, int, int]] | None = None,
) -> list[RouteOption]:
    """One search. Labels compare on (length, total payments, own track) and the fees paid to
    each ``tracked`` rival (seat numbers); ``cut`` collects (length lower bound, payments,
    rival) of every label the 10-hex cap cut."""
    cfg, model = state.cfg, state.model
    players = state.players
    seat = {p: i for i, p in enumerate(players)}
    lead = team[0]
    partner = team[1] if len(team) > 1 else None
    n = len(players)
    fee = cfg.track_use_fee_per_hex
    cap = cfg.max_foreign_hexes_per_owner
    own_needed = cfg.min_own_track == "any"
    graph = track_graph(state)

    # label fields, parallel lists indexed by label id
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
    front: list[tuple[int, int]] = []  # (len, total) of feasible target labels

    # A* lower bound: every step costs at least one point (or hex), so the hex distance to
    # the nearest target never overestimates; labels are ordered and pruned on len + bound.
    qs, rs = model.q, model.r
    target_list = list(targets)
    bound_of: dict[int, int] = {}

    tq, tr = (qs[target_list[0]], rs[target_list[0]]) if target_list else (0, 0)
    single = len(target_list) == 1

    def bound(h: int) -> int:
        if single:
            dq, dr = qs[h] - tq, rs[h] - tr
            return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        value = bound_of.get(h)
        if value is None:
            hq, hr = qs[h], rs[h]
            value = min(
                (abs(hq - qs[t]) + abs(hr - rs[t]) + abs(hq + hr - qs[t] - rs[t])) // 2
                for t in target_list
            )
            bound_of[h] = value
        return value

    zero = (0,) * n
    work = 0
    for s in sources:
        if s not in graph:
            continue
        lab_len.append(0)
        lab_total.append(0)
        lab_counts.append(zero)
        lab_own.append(not own_needed)
        lab_node.append(s)
        lab_pred.append(-1)
        lab_owner.append("")
        idx = len(lab_len) - 1
        at_node.setdefault(s, []).append(idx)
        heapq.heappush(heap, (bound(s) if target_list else 0, 0, idx))

    if not target_list:
        return []
    while heap:
        _, total, idx = heapq.heappop(heap)
        if idx in dead:
            continue
        length = lab_len[idx]
        node = lab_node[idx]
        low = length + bound(node)
        if front and any(better(fl, ft, low, total) for fl, ft in front):
            continue
        own = lab_own[idx]
        if node in targets:
            if own:
                found.append(idx)
                front.append((length, total))
            continue
        counts = lab_counts[idx]
        pred = lab_pred[idx]
        prev = lab_node[pred] if pred >= 0 else -1
        for nxt, step, owners in graph.get(node, ()):
            if nxt == prev:
                continue
            new_len = length + step
            if lead in owners:
                options: list[tuple[str, tuple[int, ...], bool, int]] = [
                    (lead, counts, True, total)
                ]
            elif partner is not None and partner in owners:
                options = [(partner, counts, True, total)]
            else:
                options = []
                for o in owners:
                    i = seat[o]
                    if counts[i] >= cap:
                        if cut is not None:
                            cut.append((new_len + bound(nxt), total + fee, i))
                        continue
                    c = list(counts)
                    c[i] += 1
                    options.append((o, tuple(c), own, total + fee))
            low = new_len + bound(nxt)
            for owner, new_counts, new_own, new_total in options:
                if front and any(better(fl, ft, low, new_total) for fl, ft in front):
                    continue
                bucket = at_node.setdefault(nxt, [])
                if tracked:
                    work += len(bucket)
                    if work > WORK_BUDGET:
                        raise _TooManyLabels
                dominated = False
                for other in bucket:
                    if other in dead:
                        continue
                    ol = lab_len[other]
                    if ol > new_len or lab_total[other] > new_total:
                        continue
                    if new_own != lab_own[other]:  # see the module docstring
                        continue
                    oc = lab_counts[other]
                    if tracked and any(oc[i] > new_counts[i] for i in tracked):
                        continue
                    if ol == new_len and lab_total[other] == new_total:
                        pred_other = lab_pred[other]
                        if pred_other >= 0 and lab_node[pred_other] != node:
                            continue  # equal but from elsewhere: keep both (simple routes)
                        if oc == new_counts:
                            alternatives.setdefault(other, []).append((idx, owner))
                    dominated = True
                    break
                if dominated:
                    continue
                killed = False
                for other in bucket:
                    if other in dead or new_len > lab_len[other] or new_total > lab_total[other]:
                        continue
                    if new_own != lab_own[other]:
                        continue
                    if new_len == lab_len[other] and new_total == lab_total[other]:
                        continue  # equal labels were handled above
                    if tracked:
                        oc = lab_counts[other]
                        if any(new_counts[i] > oc[i] for i in tracked):
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

    out: list[RouteOption] = []
    for idx in found:
        length, total = lab_len[idx], sum(lab_counts[idx]) * fee
        if any(better(fl, ft, length, total) for fl, ft in front):
            continue
        route, owners_list = rebuild(idx, rng)
        if rng is not None and len(set(route)) != len(route):
            route, owners_list = rebuild(idx, None)  # the random pick crossed itself
        if len(set(route)) != len(route):
            continue  # a route through the same hex twice is never offered
        payments = tuple((players[i], c * fee) for i, c in enumerate(lab_counts[idx]) if c and fee)
        out.append(
            RouteOption(
                length=length,
                points=route_points(state, route),
                total=total,
                payments=payments,
                foreign=tuple((players[i], c) for i, c in enumerate(lab_counts[idx]) if c),
                route=tuple(route),
                owners=tuple(owners_list),
            )
        )
    out.sort(key=lambda o: (o.length, o.total, o.route))
    return out


def any_track_path(state: RRState, sources: Iterable[int], targets: Iterable[int]) -> bool:
    """True when the union of everybody's track joins some source to some target."""
    target_set = set(targets)
    seen = set(s for s in sources if s in state.adj)
    if seen & target_set:
        return True
    stack = list(seen)
    while stack:
        node = stack.pop()
        for nxt in state.adj.get(node, ()):
            if nxt not in seen:
                if nxt in target_set:
                    return True
                seen.add(nxt)
                stack.append(nxt)
    return False
