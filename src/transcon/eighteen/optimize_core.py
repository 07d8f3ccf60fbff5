"""The compiled core's Python side: flat inputs for ``_routecore`` and results back as
:class:`~transcon.eighteen.optimize_routes.Candidate` objects.

:class:`CoreSolver` is the reference ``_Solver`` of :mod:`transcon.eighteen.optimizer` (bounds,
incumbent, sub-optima, candidate thresholds: all unchanged Python) with its two hot loops
compiled: the per-train walk (``Walker.enumerate``, the walk of
:func:`~transcon.eighteen.optimize_routes.enumerate_routes`) and the branch and bound over
route sets (``search``, the search of ``route_sets.RouteSets``). Candidate lists stay in C
(``RouteList``); only the routes a caller keeps become ``Candidate`` objects. The design and
why it is exact: ``docs/18xx-optimizer.md``, "The compiled core".

The core handles ``TrainType`` trains (whose revenue is a sum of per-stop terms and whose length
rule it evaluates the same way), at most 256 stops (multi-word stop masks) and 1024 track ids
after :func:`merge_track_ids`; :func:`unsupported` says why a position is not handled, and the
optimiser then runs the pure-Python reference.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from transcon.eighteen.optimize_routes import NO_LIMIT, Candidate, Context, TrainModel
from transcon.eighteen.optimizer import Connect, _Solver
from transcon.eighteen.route_sets import EMPTY
from transcon.eighteen.trains import TrainType

try:
    from transcon.eighteen import _routecore as _core
    from transcon.eighteen._routecore import RouteList, Walker

    AVAILABLE = True
except ImportError:  # not built: the pure-Python optimiser runs
    AVAILABLE = False


def available() -> bool:
    """Whether the compiled core is built and importable."""
    return AVAILABLE


def merge_track_ids(tracks: tuple[int, ...]) -> tuple[int, ...]:
    """Hop track masks with the track ids that lie in exactly the same hops merged into one bit.

    Two sets of hops share a track id after merging exactly when they did before (a merged bit
    is in a hop's mask iff each of its ids is), so every disjointness test of the search is
    unchanged; the masks get much narrower (a chain of paths and edges between two stops
    becomes one bit: 18C2C late game ~1,700 ids -> ~430)."""
    ids: list[list[int]] = []
    for track in tracks:
        bits = []
        while track:
            low = track & -track
            bits.append(low.bit_length() - 1)
            track ^= low
        ids.append(bits)
    return merge_hop_ids(ids)


def merge_hop_ids(hop_ids: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """:func:`merge_track_ids` of hops given by their track ids (each hop's ids distinct)."""
    members: dict[int, list[int]] = {}
    for hop, ids in enumerate(hop_ids):
        for t in ids:
            members.setdefault(t, []).append(hop)
    classes: dict[tuple[int, ...], int] = {}
    per_hop: list[list[int]] = [[] for _ in hop_ids]
    for bit in sorted(members):
        hops = tuple(members[bit])
        if hops not in classes:
            merged = classes[hops] = len(classes)
            for hop in hops:
                per_hop[hop].append(merged)
    return tuple(sum(1 << c for c in merged_ids) for merged_ids in per_hop)


def _hop_tracks(ctx: Context) -> tuple[int, ...]:
    """The graph's hop track masks after :func:`merge_track_ids` (from each hop's path and
    edge ids, whose union is its track; kept in the graph's memo: every optimisation on one
    graph needs them)."""
    memo = ctx.graph.memo
    got = memo.get("merged track ids")
    if got is None:
        got = memo["merged track ids"] = merge_hop_ids(
            [info.paths + info.edges for info in ctx.graph.hops]
        )
    return got  # type: ignore[return-value]


def _words(tracks: Sequence[int]) -> int:
    bits = max((t.bit_length() for t in tracks), default=1)
    return max(1, (bits + 63) // 64)


def unsupported(ctx: Context, models: dict[Hashable, TrainModel]) -> str | None:
    """Why the compiled core cannot solve this position (None: it can)."""
    if not AVAILABLE:
        return "the extension transcon.eighteen._routecore is not built"
    if len(ctx.graph.stops) > _core.MAX_STOPS:
        return f"{len(ctx.graph.stops)} stops (at most {_core.MAX_STOPS})"
    if _words(_hop_tracks(ctx)) > _core.MAX_TRACK_WORDS:
        return f"more than {64 * _core.MAX_TRACK_WORDS} distinct track ids"
    for model in models.values():
        if type(model.train) is not TrainType:
            return f"train {model.train.name!r} is not a TrainType"
    return None


def _group_cycles(ctx: Context) -> list[int]:
    """Per stop: the next stop of its stop group, the members in a cycle (itself when it has
    no group): the core marks a whole group visited with a stop."""
    groups = ctx.graph.stop_groups
    n = len(ctx.graph.stops)
    nxt = list(range(n))
    for s, group in enumerate(groups):
        if group & (group - 1):  # two or more members
            members = [b for b in range(group.bit_length()) if (group >> b) & 1]
            nxt[s] = members[(members.index(s) + 1) % len(members)]
    return nxt


class CoreSolver(_Solver):
    """``_Solver`` with the walk and the route-set search in the compiled core."""

    engine = "c"

    def __init__(self, ctx: Context, models: dict[Hashable, TrainModel]) -> None:
        super().__init__(ctx, models)
        # Track masks in merged ids everywhere in this solver (candidates, used track, the
        # conflict index): only disjointness is ever asked of them.
        track = _hop_tracks(ctx)
        self.hop_track = list(track)
        self.nw = _words(track)
        graph = ctx.graph
        start = [0]
        to: list[int] = []
        hid: list[int] = []
        for hops in graph.adj:
            for h in hops:
                to.append(h.to)
                hid.append(h.id)
            start.append(len(to))
        size = 8 * self.nw
        tracks = b"".join(t.to_bytes(size, "little") for t in track)
        self._walkers = {
            key: self._walker(model, (start, to, hid, tracks)) for key, model in models.items()
        }
        self._routes: dict[tuple[Hashable, Connect], tuple[int, RouteList]] = {}

    def _walker(
        self, model: TrainModel, adj: tuple[list[int], list[int], list[int], bytes]
    ) -> Walker:
        ctx = self.ctx
        prep = ctx.prepare(model)
        train = model.train
        assert isinstance(train, TrainType)
        assert prep.exact_mid is not None and prep.exact_end is not None
        n = len(ctx.graph.stops)
        order = [0] * n
        for s, bit in enumerate(prep.rbit):
            order[bit.bit_length() - 1] = s
        cities = -1 if train.cities is None else train.cities
        return _core.Walker(
            self.nw,
            min(model.depth, NO_LIMIT),
            tuple(min(c, NO_LIMIT) for c in model.caps),
            (cities, train.towns, train.counts_towns),
            ctx.token.to_bytes(8 * _core.STOP_WORDS, "little"),
            ctx.no_pass.to_bytes(8 * _core.STOP_WORDS, "little"),
            ctx.kind,
            tuple(min(d, NO_LIMIT) for d in ctx.tok_dist),
            order,
            _group_cycles(ctx),
            prep.mid,
            prep.endv,
            prep.exact_mid,
            prep.exact_end,
            *adj,
        )

    def _enumerate(
        self, key: Hashable, threshold: int, used: int, connect: Connect, best_only: bool
    ) -> RouteList:
        lo, hi = (min(connect), max(connect)) if connect is not None else (-1, -1)
        base = used.to_bytes(8 * self.nw, "little")
        got, nodes, routes = self._walkers[key].enumerate(threshold, base, lo, hi, best_only)
        self.est.nodes += nodes
        self.est.routes += routes
        return got

    @staticmethod
    def candidate(routes: RouteList, i: int) -> Candidate:
        value, track, stops, hops, tagged = routes.route(i)
        return Candidate(value, int.from_bytes(track, "little"), stops, hops, tagged)

    # -- the reference's hooks --------------------------------------------------------------
    def top(self, key: Hashable, connect: Connect = None, used: int = 0) -> Candidate:
        cache = not used
        if cache and (key, connect) in self._tops:
            return self._tops[(key, connect)]
        got = self._enumerate(key, 0, used, connect, True)
        c = self.candidate(got, 0) if len(got) else EMPTY
        if cache:
            self._tops[(key, connect)] = c
        return c

    def routes(self, key: Hashable, threshold: int, connect: Connect) -> tuple[RouteList, int]:
        """Train ``key``'s routes worth at least ``threshold``: a cached list and the length of
        the prefix (the list holds them best first)."""
        threshold = max(threshold, 0)
        have = self._routes.get((key, connect))
        if have is None or have[0] > threshold:
            have = (threshold, self._enumerate(key, threshold, 0, connect, False))
            self._routes[(key, connect)] = have
        return have[1], have[1].count_at_least(threshold)

    def candidates(self, key: Hashable, threshold: int, connect: Connect) -> list[Candidate]:
        got, count = self.routes(key, threshold, connect)
        return [self.candidate(got, i) for i in range(count)]

    def _prefetch(self, key: Hashable, threshold: int) -> None:
        self.routes(key, threshold, None)

    def _search(
        self,
        keys: tuple[Hashable, ...],
        connect: Connect,
        thresholds: dict[Hashable, int],
        caps: list[int],
        inc_value: int,
        inc: list[Candidate],
    ) -> tuple[int, list[Candidate]]:
        lists = {k: self.routes(k, thr, connect) for k, thr in thresholds.items()}
        for _, count in lists.values():
            self.n_candidates += count
        same = [i > 0 and keys[i] == keys[i - 1] for i in range(len(keys))]
        value, nodes, choice = _core.search(
            [lists[k][0] for k in keys],
            [lists[k][1] for k in keys],
            same,
            connect is not None,
            caps,
            inc_value,
        )
        self.nodes += nodes
        if choice is None:
            return inc_value, inc
        routes = [
            EMPTY if i < 0 else self.candidate(lists[k][0], i)
            for k, i in zip(keys, choice, strict=True)
        ]
        return value, routes
