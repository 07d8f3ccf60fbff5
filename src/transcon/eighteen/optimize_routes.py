"""Route enumeration for one train: every valid route worth at least a threshold.

This is the inner search of :mod:`transcon.eighteen.optimizer` (algorithm and proofs:
``docs/18xx-optimizer.md``). A route is found as a walk ``s0 -> s1 -> ... -> sk`` over the
hops of a :class:`~transcon.eighteen.graph.TrackGraph`, extended one stop at a time from
``s0``. Each undirected route is met in both directions and kept once (when ``s0 < sk``).

The walk enforces ROUTES' validator rules (seed 003 §8.1-8.2, ``routes.check_route``): distinct
stops, pairwise disjoint hop track masks (which also forbids reversing at a stop, since both
hops would hold the same edge id), no passing through a stop of ``no_pass_mask``, a stop with
the company's token, at least two stops, and the train's length rule.

The train is used only through the :class:`~transcon.eighteen.trains.Train` protocol, which
:class:`TrainModel` probes once. Two properties are assumed (both hold for every
``TrainType``: N, N+M, D, express, token-doubling) and documented in ``docs/18xx-optimizer.md``:

* **downward-closed length**: ``length_problem`` depends only on the count of each stop kind,
  and if a route's stop kinds pass it, so does any sub-multiset of them (so a walk that fails
  can be cut, and per-kind caps are sound);
* **subadditive value**: ``revenue`` of a stop list is at most the sum of the single-stop
  revenues, each at least 0 (so sums of single-stop values are upper bounds).

The exact value of every route kept comes from ``train.revenue`` itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from transcon.eighteen.graph import Hop, TrackGraph
from transcon.eighteen.routes import StopValues
from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import Train

KINDS = (NodeKind.CITY, NodeKind.TOWN, NodeKind.OFFBOARD)
NO_LIMIT = 1 << 30


@dataclass(frozen=True, slots=True)
class Candidate:
    """One valid route of one train: its exact value, track mask, stops and hop ids."""

    value: int
    track: int
    stops: tuple[int, ...]
    hops: tuple[int, ...]
    tagged: bool = False
    """True when the route runs between the two stops of the search's ``connect`` pair
    (they are its first and last stops)."""


class TrainModel:
    """What the search needs to know about a train, learnt through the ``Train`` protocol.

    ``caps[k]``: most stops of kind ``k`` a route may hold (``NO_LIMIT`` if unbounded);
    ``depth``: most stops a route may visit (``train.max_stops`` or ``NO_LIMIT``).
    """

    def __init__(self, train: Train, limit: int) -> None:
        self.train = train
        self.depth = train.max_stops if train.max_stops is not None else NO_LIMIT
        caps = []
        for kind in KINDS:
            m = 0
            while m < limit and train.length_problem([kind] * (m + 1)) is None:
                m += 1
            caps.append(NO_LIMIT if m >= limit else m)
        self.caps: tuple[int, ...] = tuple(caps)
        self._allowed: dict[tuple[int, int, int], bool] = {}

    def allowed(self, counts: tuple[int, int, int]) -> bool:
        """Whether a route with ``counts`` stops of each kind (city, town, off-board) is short
        enough (``train.length_problem``, memoised by counts)."""
        got = self._allowed.get(counts)
        if got is None:
            kinds = [k for k, c in zip(KINDS, counts, strict=True) for _ in range(c)]
            got = self.train.length_problem(kinds) is None
            self._allowed[counts] = got
        return got

    def single(self, value: int, kind: NodeKind, own: bool) -> int:
        """The most one stop can add to a route (its single-stop revenue, at least 0)."""
        return max(0, self.train.revenue([value], [kind], [own]))


Prepared = tuple[list[int], list[int], list[int], list[list[int]], tuple[tuple[Hop, ...], ...]]


@dataclass(slots=True)
class Context:
    """Per (graph, company, stop values): the arrays every train's search shares."""

    graph: TrackGraph
    company: str
    values: StopValues
    no_pass: int
    token: int
    kind: tuple[int, ...]
    tok_dist: tuple[int, ...]
    """Lower bound on the stops a walk from each stop needs to reach a token stop."""
    _within: dict[int, list[int]] = field(default_factory=dict)
    _prepared: dict[int, Prepared] = field(default_factory=dict)

    def prepare(self, model: TrainModel) -> Prepared:
        """Per train model (cached): each stop's most value in the middle and at an end of a
        route, stops by that value (all, and per kind), and ``adj`` sorted by it."""
        got = self._prepared.get(id(model))
        if got is None:
            graph, values, end_extra = self.graph, self.values.values, self.values.end_extra
            n = len(graph.stops)
            own = [bool((self.token >> s) & 1) for s in range(n)]
            kinds = [graph.stops[s].kind for s in range(n)]
            mid = [model.single(values[s], kinds[s], own[s]) for s in range(n)]
            endv = [
                max(mid[s], model.single(values[s] + end_extra[s], kinds[s], own[s]))
                for s in range(n)
            ]
            order = sorted(range(n), key=lambda s: -endv[s])
            per_kind = [[s for s in order if self.kind[s] == k] for k in range(3)]
            adj = tuple(tuple(sorted(a, key=lambda h: -endv[h.to])) for a in graph.adj)
            got = (mid, endv, order, per_kind, adj)
            self._prepared[id(model)] = got
        return got

    def within(self, stop: int, levels: int) -> int:
        """Mask of the stops a walk from ``stop`` can reach in at most ``levels`` more stops,
        never passing through a stop of ``no_pass`` (visits and track use are ignored: a
        relaxation; computed once per stop)."""
        rings = self._within.get(stop)
        if rings is None:
            rings = [0]
            seen = 1 << stop
            frontier = [stop]
            got = 0
            adj, no_pass = self.graph.adj, self.no_pass
            while frontier:
                nxt = []
                for a in frontier:
                    if a != stop and (no_pass >> a) & 1:
                        continue
                    for hop in adj[a]:
                        b = hop.to
                        if not (seen >> b) & 1:
                            seen |= 1 << b
                            got |= 1 << b
                            nxt.append(b)
                rings.append(got)
                frontier = nxt
            self._within[stop] = rings
        return rings[min(levels, len(rings) - 1)]

    @classmethod
    def build(cls, graph: TrackGraph, company: str, values: StopValues) -> Context:
        no_pass = graph.no_pass_mask(company)
        token = graph.token_mask(company)
        n = len(graph.stops)
        dist = [NO_LIMIT] * n
        frontier = [s for s in range(n) if (token >> s) & 1]
        for s in frontier:
            dist[s] = 0
        d = 0
        while frontier:
            d += 1
            nxt = []
            for s in frontier:
                if dist[s] > 0 and (no_pass >> s) & 1:
                    continue  # a walk cannot pass through s
                for hop in graph.adj[s]:
                    if dist[hop.to] == NO_LIMIT:
                        dist[hop.to] = d
                        nxt.append(hop.to)
            frontier = nxt
        return cls(
            graph,
            company,
            values,
            no_pass,
            token,
            tuple(int(s.kind) for s in graph.stops),
            tuple(dist),
        )


@dataclass(slots=True)
class EnumStats:
    nodes: int = 0
    """Walk extensions tried (search nodes)."""
    routes: int = 0
    """Valid routes reached (before the threshold and de-duplication)."""


def route_value(ctx: Context, train: Train, stops: tuple[int, ...]) -> int:
    """The exact value of a route through ``stops`` (``routes.route_revenue``'s rule)."""
    values = ctx.values
    vals = [values.values[s] for s in stops]
    vals[0] += values.end_extra[stops[0]]
    vals[-1] += values.end_extra[stops[-1]]
    own = [bool((ctx.token >> s) & 1) for s in stops]
    kinds = [ctx.graph.stops[s].kind for s in stops]
    return train.revenue(vals, kinds, own)


def enumerate_routes(
    ctx: Context,
    model: TrainModel,
    *,
    threshold: int = 0,
    base_used: int = 0,
    connect: tuple[int, int] | None = None,
    best_only: bool = False,
    stats: EnumStats | None = None,
) -> list[Candidate]:
    """Every valid route of ``model``'s train worth at least ``threshold``, best first.

    Routes whose track meets ``base_used`` are skipped. ``connect``: a pair of stops; a route
    whose ends are those two stops is ``tagged`` (with ``best_only`` only tagged routes count).
    With ``best_only`` the threshold rises to the best value found, so the result is the
    single best route (or nothing). Routes are unique by track mask.
    """
    graph = ctx.graph
    train = model.train
    n = len(graph.stops)
    no_pass, token, tok_dist = ctx.no_pass, ctx.token, ctx.tok_dist
    kind_of = ctx.kind
    mid, endv, order_all, order_kind, sorted_adj = ctx.prepare(model)
    adj = sorted_adj if best_only else graph.adj  # best_only: valuable stops first
    lo, hi = (min(connect), max(connect)) if connect is not None else (-1, -1)
    only_tagged = best_only and connect is not None
    st = stats if stats is not None else EnumStats()
    max_depth = model.depth
    caps = model.caps
    allowed = model.allowed
    # Bound pools: a single pool (top-r of all stops, r = stops left) when the depth is
    # bounded; otherwise one pool per kind with that kind's cap.
    single_pool = max_depth < NO_LIMIT
    found: dict[int, Candidate] = {}
    best = [threshold]
    bump = [0]  # 1 once best_only has a route: only strictly better ones are wanted
    stops: list[int] = []
    hops: list[int] = []

    def rest(allowed_mask: int, depth: int, counts: list[int]) -> int:
        """Upper bound on what further stops (all in ``allowed_mask``) can add: the best
        ``r`` of the stops a walk may pass through and the best stop it may only end at."""
        ends = allowed_mask & no_pass
        if ends:
            allowed_mask &= ~no_pass
            for s in order_all:
                if (ends >> s) & 1:
                    allowed_mask |= 1 << s
                    break
        got = 0
        if single_pool:
            r = max_depth - depth
            for s in order_all:
                if r <= 0:
                    break
                if (allowed_mask >> s) & 1:
                    got += endv[s]
                    r -= 1
            return got
        for k in range(3):
            r = caps[k] - counts[k]
            for s in order_kind[k]:
                if r <= 0:
                    break
                if (allowed_mask >> s) & 1:
                    got += endv[s]
                    r -= 1
        return got

    def reach(end: int, visited: int, used: int, levels: int) -> int:
        """Stops a walk from ``end`` could still visit within ``levels`` stops: not visited,
        over hops whose track is unused, not beyond a stop it may not pass (a relaxation: the
        hops of one walk are not checked against each other)."""
        seen = visited | (1 << end)
        frontier = [end]
        got = 0
        while frontier and levels > 0:
            levels -= 1
            nxt = []
            for a in frontier:
                if a != end and (no_pass >> a) & 1:
                    continue
                for b, track, _ in adj[a]:
                    if not (seen >> b) & 1 and not track & used:
                        seen |= 1 << b
                        got |= 1 << b
                        nxt.append(b)
            frontier = nxt
        return got

    def emit(first: int, last: int, used: int, acc: int) -> None:
        st.routes += 1
        if first > last or acc < best[0] + bump[0]:
            return
        route_stops = tuple(stops)
        tagged = first == lo and last == hi
        if only_tagged and not tagged:
            return
        value = route_value(ctx, train, route_stops)
        if value < best[0] + bump[0]:
            return
        old = found.get(used)
        if old is None or old.value < value:
            if best_only:
                found.clear()
                best[0] = value
                bump[0] = 1
            found[used] = Candidate(value, used, route_stops, tuple(hops), tagged)

    full = (1 << n) - 1

    def walk(
        first: int,
        end: int,
        visited: int,
        used: int,
        depth: int,
        has_tok: bool,
        acc: int,
        counts: list[int],
    ) -> None:
        # acc: value bound of the stops so far, counting ``end`` at its end value.
        st.nodes += 1
        if depth >= 2 and has_tok:
            emit(first, end, used, acc)
        if depth >= max_depth or (depth >= 2 and (no_pass >> end) & 1):
            return
        if not has_tok and depth + tok_dist[end] > max_depth:
            return
        need = best[0] + bump[0] - acc
        if need > 0:
            if rest(full & ~visited, depth, counts) < need:
                return
            left = max_depth - depth
            if left >= 2:
                if rest(ctx.within(end, left) & ~visited, depth, counts) < need:
                    return
                if rest(reach(end, visited, used, left), depth, counts) < need:
                    return
        base = acc if depth == 1 else acc - endv[end] + mid[end]
        for to, track, hid in adj[end]:
            if (visited >> to) & 1 or used & track:
                continue
            k = kind_of[to]
            counts[k] += 1
            if allowed((counts[0], counts[1], counts[2])):
                stops.append(to)
                hops.append(hid)
                walk(
                    first,
                    to,
                    visited | (1 << to),
                    used | track,
                    depth + 1,
                    has_tok or bool((token >> to) & 1),
                    base + endv[to],
                    counts,
                )
                stops.pop()
                hops.pop()
            counts[k] -= 1

    starts = sorted(range(n), key=lambda s: -endv[s]) if best_only else range(n)
    for s in starts:
        if tok_dist[s] >= NO_LIMIT or (only_tagged and s != lo):
            continue
        counts = [0, 0, 0]
        counts[kind_of[s]] = 1
        if not allowed((counts[0], counts[1], counts[2])):
            continue
        stops.append(s)
        walk(s, s, 1 << s, base_used, 1, bool((token >> s) & 1), endv[s], counts)
        stops.pop()
    out = sorted(found.values(), key=lambda c: -c.value)
    if base_used:
        out = [Candidate(c.value, c.track & ~base_used, c.stops, c.hops, c.tagged) for c in out]
    return out
