"""Route enumeration for one train: every valid route worth at least a threshold.

This is the inner search of :mod:`transcon.eighteen.optimizer` (algorithm and proofs:
``docs/18xx-optimizer.md``). A route is found as a walk ``s0 -> s1 -> ... -> sk`` over the
hops of a :class:`~transcon.eighteen.graph.TrackGraph`, extended one stop at a time from
``s0``. Each undirected route is met in both directions and kept once (when ``s0 < sk``).

The walk enforces the route validator's rules (seed 003 §8.1-8.2, ``routes.check_route``):
distinct stops, pairwise disjoint hop track masks (which also forbids reversing at a stop, since
both hops would hold the same edge id), no passing through a stop of ``no_pass_mask``, a stop
with the company's token, at least two stops, and the train's length rule.

The train is used only through the :class:`~transcon.eighteen.trains.Train` protocol, which
:class:`TrainModel` probes once. Two properties are assumed (both hold for every
``TrainType``: N, N+M, D, express, token-doubling) and documented in ``docs/18xx-optimizer.md``:

* **downward-closed length**: ``length_problem`` depends only on the count of each stop kind,
  and if a route's stop kinds pass it, so does any sub-multiset of them (so a walk that fails
  can be cut, and per-kind caps are sound);
* **subadditive value**: ``revenue`` of a stop list is at most the sum of the single-stop
  revenues, each at least 0 (so sums of single-stop values are upper bounds).

The exact value of every route kept comes from ``train.revenue`` itself, or for a
``TrainType`` (whose revenue is by definition a sum of one term per stop) from those terms,
each computed by ``train.revenue`` on the single stop and summed during the walk.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from transcon.eighteen.graph import Hop, TrackGraph
from transcon.eighteen.routes import StopValues
from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import Train, TrainType

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
        self.additive = type(train) is TrainType
        """The revenue is a sum of per-stop terms (``TrainType.revenue``: each stop's value,
        times the token multiplier, towns skipped by express trains), so a route's exact value
        is tracked during the walk instead of calling ``train.revenue`` per route."""

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


@dataclass(slots=True)
class Prepared:
    """Per train model (built once by :meth:`Context.prepare`): each stop's most value in the
    middle and at an end of a route (``mid``, ``endv``), and stop masks in **rank space**: bit
    ``i`` stands for the stop with the ``i``-th highest ``endv`` (``rbit[s]`` is stop ``s``'s
    bit), so the best stops of a mask are its lowest set bits."""

    mid: list[int]
    endv: list[int]
    exact_mid: list[int] | None
    """For an additive train (``TrainType``, whose revenue is a sum of per-stop terms): each
    stop's exact term in the middle of a route; ``exact_end``: at an end. None otherwise."""
    exact_end: list[int] | None
    rbit: list[int]
    group_r: list[int]
    """Per stop: its stop group's mask in rank space (``rbit`` itself when no stop is grouped):
    visiting a stop marks its whole group visited."""
    val_r: list[int]
    """``endv`` by rank."""
    no_pass_r: int
    kind_r: tuple[int, ...]
    """Per kind (city, town, off-board): mask of the stops of that kind."""
    sums: list[list[int]]
    """``sums[j][b]``: the sum of ``val_r`` over the bits of byte ``b`` at byte ``j``."""
    adj: tuple[tuple[Hop, ...], ...]
    """``graph.adj`` with each stop's hops sorted by the ``endv`` of the stop reached."""
    rings: dict[tuple[int, int], int]
    """``Context.within(stop, levels)`` in rank space, by ``(stop, levels)`` (lazily)."""

    def to_rank(self, mask: int) -> int:
        """A stop-id mask in rank space."""
        rbit = self.rbit
        got = 0
        while mask:
            low = mask & -mask
            got |= rbit[low.bit_length() - 1]
            mask ^= low
        return got


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
    _prepared: dict[int, tuple[TrainModel, Prepared]] = field(default_factory=dict)

    def prepare(self, model: TrainModel) -> Prepared:
        """The per-model arrays of :class:`Prepared` (cached per model)."""
        got = self._prepared.get(id(model))
        if got is not None and got[0] is model:
            return got[1]
        graph, values, end_extra = self.graph, self.values.values, self.values.end_extra
        n = len(graph.stops)
        own = [bool((self.token >> s) & 1) for s in range(n)]
        kinds = [graph.stops[s].kind for s in range(n)]
        mid = [model.single(values[s], kinds[s], own[s]) for s in range(n)]
        endv = [
            max(mid[s], model.single(values[s] + end_extra[s], kinds[s], own[s])) for s in range(n)
        ]
        exact_mid: list[int] | None = None
        exact_end: list[int] | None = None
        if model.additive:
            train = model.train
            exact_mid = [train.revenue([values[s]], [kinds[s]], [own[s]]) for s in range(n)]
            exact_end = [
                train.revenue([values[s] + end_extra[s]], [kinds[s]], [own[s]]) for s in range(n)
            ]
        order = sorted(range(n), key=lambda s: -endv[s])
        rbit = [0] * n
        for r, s in enumerate(order):
            rbit[s] = 1 << r
        val_r = [endv[s] for s in order]
        sums: list[list[int]] = []
        if model.depth >= NO_LIMIT and any(c >= n for c in model.caps):  # see rest()
            for j in range(0, n, 8):
                chunk = val_r[j : j + 8]
                table = [0] * 256
                for b in range(1, 256):
                    low = b & -b
                    bit = low.bit_length() - 1
                    table[b] = table[b ^ low] + (chunk[bit] if bit < len(chunk) else 0)
                sums.append(table)
        kind_r = tuple(sum(rbit[s] for s in range(n) if self.kind[s] == k) for k in range(3))
        adj = tuple(tuple(sorted(a, key=lambda h: -endv[h.to])) for a in graph.adj)
        prepared = Prepared(
            mid, endv, exact_mid, exact_end, rbit, rbit, val_r, 0, kind_r, sums, adj, {}
        )
        prepared.no_pass_r = prepared.to_rank(self.no_pass)
        if graph.stop_groups:
            prepared.group_r = [prepared.to_rank(g) for g in graph.stop_groups]
        self._prepared[id(model)] = (model, prepared)
        return prepared

    def within_r(self, prepared: Prepared, stop: int, levels: int) -> int:
        """:meth:`within` in ``prepared``'s rank space."""
        got = prepared.rings.get((stop, levels))
        if got is None:
            got = prepared.to_rank(self.within(stop, levels))
            prepared.rings[(stop, levels)] = got
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
    n = len(ctx.graph.stops)
    prep = ctx.prepare(model)
    adj = prep.adj if best_only else ctx.graph.adj  # best_only: valuable stops first
    lo = min(connect) if connect is not None else -1
    only_tagged = best_only and connect is not None
    found = _Found(ctx, model.train, connect, best_only, threshold, prep.exact_end is not None)
    hopeless = _pruner(ctx, model, prep, adj)
    walk = _walker(ctx, model, prep, adj, found, hopeless)
    kind_of, token, tok_dist, xend = ctx.kind, ctx.token, ctx.tok_dist, found.xend(prep, n)
    starts = sorted(range(n), key=lambda s: -prep.endv[s]) if best_only else range(n)
    for s in starts:
        if tok_dist[s] >= NO_LIMIT or (only_tagged and s != lo):
            continue
        counts = [0, 0, 0]
        counts[kind_of[s]] = 1
        if not model.allowed((counts[0], counts[1], counts[2])):
            continue
        found.stops.append(s)
        walk(
            s,
            s,
            prep.group_r[s],
            base_used,
            1,
            bool((token >> s) & 1),
            prep.endv[s],
            xend[s],
            counts,
        )
        found.stops.pop()
    st = stats if stats is not None else EnumStats()
    st.nodes += found.counter[0]
    st.routes += found.counter[1]
    out = sorted(found.found.values(), key=lambda c: -c.value)
    if base_used:
        out = [Candidate(c.value, c.track & ~base_used, c.stops, c.hops, c.tagged) for c in out]
    return out


class _Found:
    """The routes one search keeps, its running threshold and the walk's stop/hop stacks."""

    def __init__(
        self,
        ctx: Context,
        train: Train,
        connect: tuple[int, int] | None,
        best_only: bool,
        threshold: int,
        exact: bool,
    ) -> None:
        self.found: dict[int, Candidate] = {}
        self.best = [threshold]
        self.bump = [0]  # 1 once best_only has a route: only strictly better ones are wanted
        self.stops: list[int] = []
        self.hops: list[int] = []
        self.counter = [0, 0]  # walk nodes, routes reached
        self.emit = self._emitter(ctx, train, connect, best_only, exact)

    @staticmethod
    def xend(prep: Prepared, n: int) -> list[int]:
        """Each stop's exact end term (zeros for a train that is not additive)."""
        return prep.exact_end if prep.exact_end is not None else [0] * n

    def _emitter(
        self,
        ctx: Context,
        train: Train,
        connect: tuple[int, int] | None,
        best_only: bool,
        exact_known: bool,
    ) -> Callable[[int, int, int, int, int], None]:
        """``emit(first, last, used, acc, exact)``: keep the route on the stacks if it is
        worth keeping (``acc``: its value bound; ``exact``: its exact additive value)."""
        found, best, bump, stops, hops, counter = (
            self.found,
            self.best,
            self.bump,
            self.stops,
            self.hops,
            self.counter,
        )
        lo, hi = (min(connect), max(connect)) if connect is not None else (-1, -1)
        only_tagged = best_only and connect is not None

        def emit(first: int, last: int, used: int, acc: int, exact: int) -> None:
            counter[1] += 1
            if first > last or acc < best[0] + bump[0]:
                return
            route_stops = tuple(stops)
            tagged = first == lo and last == hi
            if only_tagged and not tagged:
                return
            value = exact if exact_known else route_value(ctx, train, route_stops)
            if value < best[0] + bump[0]:
                return
            old = found.get(used)
            if old is None or old.value < value:
                if best_only:
                    found.clear()
                    best[0] = value
                    bump[0] = 1
                found[used] = Candidate(value, used, route_stops, tuple(hops), tagged)

        return emit


Hopeless = Callable[[int, int, int, int, list[int], int], bool]
"""``hopeless(end, visited, used, depth, counts, need)``: no extension of the walk can add
``need`` more value (see :func:`_pruner`)."""


def _pruner(
    ctx: Context, model: TrainModel, prep: Prepared, adj: tuple[tuple[Hop, ...], ...]
) -> Hopeless:
    """The walk's pruning test: the bound of every stop left, of the stops within reach of
    the walk's end by distance, and of those reachable over unused track."""
    rest = _bound(model, prep, len(ctx.graph.stops))
    reach = _reacher(ctx, prep, adj)
    within_r = ctx.within_r
    max_depth = model.depth
    full = (1 << len(ctx.graph.stops)) - 1

    def hopeless(
        end: int, visited: int, used: int, depth: int, counts: list[int], need: int
    ) -> bool:
        if rest(full & ~visited, depth, counts) < need:
            return True
        left = max_depth - depth
        if left >= 2:
            if rest(within_r(prep, end, left) & ~visited, depth, counts) < need:
                return True
            if rest(reach(end, visited, used, left), depth, counts) < need:
                return True
        return False

    return hopeless


def _bound(model: TrainModel, prep: Prepared, n: int) -> Callable[[int, int, list[int]], int]:
    """``rest(mask, depth, counts)``: upper bound on what further stops (all in ``mask``,
    rank space) can add: the best ``r`` of the stops a walk may pass through and the best
    stop it may only end at.

    Bound pools: a single pool (top-r of all stops, r = stops left) when the depth is
    bounded; otherwise one pool per kind with that kind's cap (a kind whose cap exceeds the
    number of stops counts all its stops: a table sum)."""
    max_depth, caps = model.depth, model.caps
    val_r, no_pass_r, kind_r, sums = prep.val_r, prep.no_pass_r, prep.kind_r, prep.sums
    single_pool = max_depth < NO_LIMIT
    all_stops = all(c >= n for c in caps)

    def table_sum(mask: int) -> int:
        got = 0
        j = 0
        while mask:
            got += sums[j][mask & 255]
            mask >>= 8
            j += 1
        return got

    def rest(mask: int, depth: int, counts: list[int]) -> int:
        ends = mask & no_pass_r
        if ends:
            mask = (mask & ~no_pass_r) | (ends & -ends)
        got = 0
        if single_pool:
            r = max_depth - depth
            while r > 0 and mask:
                low = mask & -mask
                got += val_r[low.bit_length() - 1]
                mask ^= low
                r -= 1
            return got
        if all_stops:
            return table_sum(mask)
        for k in range(3):
            r = caps[k] - counts[k]
            m = mask & kind_r[k]
            if r >= n:
                got += table_sum(m)
                continue
            while r > 0 and m:
                low = m & -m
                got += val_r[low.bit_length() - 1]
                m ^= low
                r -= 1
        return got

    return rest


def _reacher(
    ctx: Context, prep: Prepared, adj: tuple[tuple[Hop, ...], ...]
) -> Callable[[int, int, int, int], int]:
    """``reach(end, visited, used, levels)``: stops (rank space) a walk from ``end`` could
    still visit within ``levels`` stops: not visited, over hops whose track is unused, not
    beyond a stop it may not pass (a relaxation: the hops of one walk are not checked
    against each other)."""
    rbit, no_pass = prep.rbit, ctx.no_pass

    def reach(end: int, visited: int, used: int, levels: int) -> int:
        seen = visited | rbit[end]
        frontier = [end]
        got = 0
        while frontier and levels > 0:
            levels -= 1
            nxt = []
            for a in frontier:
                if a != end and (no_pass >> a) & 1:
                    continue
                for b, track, _ in adj[a]:
                    bb = rbit[b]
                    if not seen & bb and not track & used:
                        seen |= bb
                        got |= bb
                        nxt.append(b)
            frontier = nxt
        return got

    return reach


Walk = Callable[[int, int, int, int, int, bool, int, int, list[int]], None]


def _walker(
    ctx: Context,
    model: TrainModel,
    prep: Prepared,
    adj: tuple[tuple[Hop, ...], ...],
    found: _Found,
    hopeless: Hopeless,
) -> Walk:
    """``walk(first, end, visited, used, depth, has_tok, acc, exact, counts)``: the depth-first
    extension of a walk, one stop at a time, emitting every valid route it reaches."""
    n = len(ctx.graph.stops)
    no_pass, token, tok_dist, kind_of = ctx.no_pass, ctx.token, ctx.tok_dist, ctx.kind
    mid, endv, rbit, group_r = prep.mid, prep.endv, prep.rbit, prep.group_r
    xmid = prep.exact_mid if prep.exact_mid is not None else [0] * n
    xend = found.xend(prep, n)
    max_depth, allowed = model.depth, model.allowed
    emit, best, bump, stops, hops, counter = (
        found.emit,
        found.best,
        found.bump,
        found.stops,
        found.hops,
        found.counter,
    )

    def walk(
        first: int,
        end: int,
        visited: int,
        used: int,
        depth: int,
        has_tok: bool,
        acc: int,
        exact: int,
        counts: list[int],
    ) -> None:
        # visited: rank space. acc: value bound of the stops so far, counting ``end`` at its
        # end value; exact: the exact value of the route ending here (additive trains).
        counter[0] += 1
        if depth >= 2 and has_tok:
            emit(first, end, used, acc, exact)
        if depth >= max_depth or (depth >= 2 and (no_pass >> end) & 1):
            return
        if not has_tok and depth + tok_dist[end] > max_depth:
            return
        need = best[0] + bump[0] - acc
        if need > 0 and hopeless(end, visited, used, depth, counts, need):
            return
        if depth == 1:
            base, xbase = acc, exact
        else:
            base, xbase = acc - endv[end] + mid[end], exact - xend[end] + xmid[end]
        for to, track, hid in adj[end]:
            tb = rbit[to]
            if visited & tb or used & track:
                continue
            k = kind_of[to]
            counts[k] += 1
            if allowed((counts[0], counts[1], counts[2])):
                stops.append(to)
                hops.append(hid)
                walk(
                    first,
                    to,
                    visited | group_r[to],
                    used | track,
                    depth + 1,
                    has_tok or bool((token >> to) & 1),
                    base + endv[to],
                    xbase + xend[to],
                    counts,
                )
                stops.pop()
                hops.pop()
            counts[k] -= 1

    return walk
