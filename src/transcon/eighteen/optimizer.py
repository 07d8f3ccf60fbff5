"""The exact route optimiser: the set of routes of a company's trains with the highest revenue.

Given a :class:`~transcon.eighteen.graph.TrackGraph`, a company, its trains and the company's
:class:`~transcon.eighteen.routes.StopValues`, :func:`optimize` returns routes for the trains
(one each, or none for a train that cannot run) whose total value is provably the largest over
every set of routes that the route validator (:func:`~transcon.eighteen.routes.check_routes`)
accepts. There are no time-outs and no heuristics that give up. The algorithm, why it is exact
and the bounds are in ``docs/18xx-optimizer.md``. In short:

1. **Per-train upper bounds** ``UB_t``: the best single route of each train type, found by a
   branch-and-bound walk (:func:`~transcon.eighteen.optimize_routes.enumerate_routes` with
   ``best_only``), bounded by sorted stop values of the stops still reachable.
2. **An incumbent** (lower bound ``LB``): trains take, in turn, the best route disjoint from the
   track already used.
3. **Candidate lists**: a route of train ``t`` can only be in a set worth more than ``LB`` if it
   is worth at least ``LB - OPT(other trains)``; only those routes are enumerated. ``OPT`` of
   the other trains is solved recursively (memoised per multiset of trains); for one train it
   is ``UB``.
4. **Branch and bound over trains**: routes in decreasing value; per later train a bitset of
   its candidates still disjoint from the track taken (track-id bitmask disjointness between a
   company's trains); bound = value so far + each later train's best candidate still allowed;
   identical trains pick routes in list order (no permutations), so a later identical train
   adds at most the current route's value. The last two trains are one loop (``_pairs``):
   each route of one is completed by the other's best allowed disjoint route (a short scan,
   then the conflict bitset), split in two phases by how far each route is below its train's
   best (see the docs).

``connect`` (1870 connection runs) asks that at least one route run between two given stops
(home and destination as its first and last stops); the optimum is then taken over route sets
meeting that.

This module is the pure-Python reference. By default :func:`optimize` runs the same solver with
the walk and the route-set search compiled (:mod:`transcon.eighteen.optimize_core`, the C
extension ``_routecore``) when that is built and supports the position; ``engine="python"`` or
``TRANSCON_PURE_PYTHON=1`` selects this reference.
"""

from __future__ import annotations

import os
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.optimize_routes import (
    Candidate,
    Context,
    EnumStats,
    TrainModel,
    enumerate_routes,
)
from transcon.eighteen.route_sets import EMPTY, ListIndex, RouteSets
from transcon.eighteen.routes import Route, StopValues
from transcon.eighteen.trains import Train

Connect = tuple[int, int] | None
PURE_PYTHON_ENV = "TRANSCON_PURE_PYTHON"
"""Set to ``1``: :func:`optimize` uses the pure-Python engine unless told otherwise."""


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the search did."""

    nodes: int
    """Search nodes expanded: walk extensions while enumerating plus route-set nodes."""
    routes: int
    """Valid routes reached while enumerating (each direction counted once)."""
    candidates: int
    """Routes kept in the candidate lists of the route-set search."""
    seconds: float
    engine: str = "python"
    """Which optimiser ran: ``"python"`` (the reference) or ``"c"`` (the compiled core)."""

    def as_dict(self) -> dict[str, float | int]:
        return {
            "nodes": self.nodes,
            "routes_enumerated": self.routes,
            "candidates": self.candidates,
            "ms": round(self.seconds * 1000, 3),
        }


@dataclass(frozen=True, slots=True)
class Solution:
    """The optimum: routes (trains that run, in the order given), their values and total."""

    revenue: int
    routes: tuple[Route, ...]
    values: tuple[int, ...]
    feasible: bool
    """False only when ``connect`` cannot be met by any route."""
    stats: SearchStats


def _key(train: Train) -> Hashable:
    try:
        hash(train)
    except TypeError:
        return id(train)
    return train  # type: ignore[return-value]


def optimize(
    graph: TrackGraph,
    company: str,
    trains: Sequence[Train],
    values: StopValues,
    *,
    connect: Connect = None,
    engine: str | None = None,
) -> Solution:
    """The highest-revenue set of routes for ``company``'s ``trains`` (see module docstring).

    ``connect``: two stop ids that must be the ends of one of the routes (connection runs); when
    no route can join them, the result is empty with ``feasible=False``.

    ``engine``: ``"python"`` (the reference), ``"c"`` (the compiled core, ValueError when it is
    not built or does not support the position) or None: the compiled core when it is built
    and supports the position, unless the environment sets ``TRANSCON_PURE_PYTHON=1``. Both
    give the same revenue (``docs/18xx-optimizer.md``).
    """
    start = time.perf_counter()
    ctx = Context.build(graph, company, values)
    limit = len(graph.stops) + 1
    models: dict[Hashable, TrainModel] = {}
    for t in trains:
        models.setdefault(_key(t), TrainModel(t, limit))
    solver = _make_solver(ctx, models, engine)
    keys = [_key(t) for t in trains]
    order = sorted(range(len(trains)), key=lambda i: (-solver.ub(keys[i]), str(keys[i])))
    value, choice = solver.solve(tuple(keys[i] for i in order), connect)
    stats = SearchStats(
        solver.est.nodes + solver.nodes,
        solver.est.routes,
        solver.n_candidates,
        time.perf_counter() - start,
        solver.engine,
    )
    if choice is None:
        return Solution(0, (), (), False, stats)
    chosen = sorted(
        ((order[i], c) for i, c in enumerate(choice) if c is not EMPTY), key=lambda ic: ic[0]
    )
    routes = tuple(Route(trains[i], c.stops, c.hops) for i, c in chosen)
    return Solution(value, routes, tuple(c.value for _, c in chosen), True, stats)


def _make_solver(ctx: Context, models: dict[Hashable, TrainModel], engine: str | None) -> _Solver:
    if engine not in (None, "python", "c"):
        raise ValueError(f"unknown optimiser engine {engine!r} (python or c)")
    if engine == "python" or (engine is None and os.environ.get(PURE_PYTHON_ENV, "") == "1"):
        return _Solver(ctx, models)
    from transcon.eighteen import optimize_core

    problem = optimize_core.unsupported(ctx, models)
    if problem is None:
        return optimize_core.CoreSolver(ctx, models)
    if engine == "c":
        raise ValueError(f"the compiled optimiser core cannot solve this: {problem}")
    return _Solver(ctx, models)


class _Solver:
    """One optimisation: caches (best routes, candidate lists, sub-optima) and counters."""

    engine = "python"

    def __init__(self, ctx: Context, models: dict[Hashable, TrainModel]) -> None:
        self.ctx = ctx
        self.models = models
        self.est = EnumStats()
        self.nodes = 0
        self.n_candidates = 0
        self._tops: dict[tuple[Hashable, Connect], Candidate] = {}
        self._lists: dict[tuple[Hashable, Connect], tuple[int, list[Candidate]]] = {}
        self._opt: dict[tuple[Hashable, ...], tuple[int, list[Candidate]]] = {}
        self.hop_track = [info.track for info in ctx.graph.hops]
        self._index: dict[tuple[Hashable, Connect], tuple[list[Candidate], ListIndex]] = {}

    def index(self, key: Hashable, connect: Connect) -> ListIndex:
        """The conflict index of train ``key``'s cached candidate list (every list the search
        gets is a prefix of it), built once per list and shared by every search."""
        lst = self._lists[(key, connect)][1]
        got = self._index.get((key, connect))
        if got is None or got[0] is not lst:
            got = (lst, ListIndex(lst, self.hop_track))
            self._index[(key, connect)] = got
        return got[1]

    # -- single trains ----------------------------------------------------------------------
    def top(self, key: Hashable, connect: Connect = None, used: int = 0) -> Candidate:
        """The best route of train ``key`` avoiding track ``used`` (and joining ``connect``)."""
        cache = not used
        if cache and (key, connect) in self._tops:
            return self._tops[(key, connect)]
        got = enumerate_routes(
            self.ctx,
            self.models[key],
            base_used=used,
            connect=connect,
            best_only=True,
            stats=self.est,
        )
        c = got[0] if got else EMPTY
        if cache:
            self._tops[(key, connect)] = c
        return c

    def ub(self, key: Hashable) -> int:
        return self.top(key).value

    def candidates(self, key: Hashable, threshold: int, connect: Connect) -> list[Candidate]:
        """Every route of train ``key`` worth at least ``threshold`` (>= 0), best first."""
        threshold = max(threshold, 0)
        have = self._lists.get((key, connect))
        if have is not None and have[0] <= threshold:
            lst = have[1]
            cut = len(lst)
            while cut and lst[cut - 1].value < threshold:
                cut -= 1
            return lst[:cut]
        lst = enumerate_routes(
            self.ctx, self.models[key], threshold=threshold, connect=connect, stats=self.est
        )
        self._lists[(key, connect)] = (threshold, lst)
        return lst

    # -- route sets -------------------------------------------------------------------------
    def opt(self, keys: tuple[Hashable, ...]) -> tuple[int, list[Candidate]]:
        """The optimum of a multiset of trains (no connect constraint): its value is an upper
        bound on what those trains add to any route set."""
        got = self._opt.get(keys)
        if got is None:
            value, choice = self.solve(keys, None)
            got = (value, choice or [])
            self._opt[keys] = got
        return got

    def solve(
        self, keys: tuple[Hashable, ...], connect: Connect
    ) -> tuple[int, list[Candidate] | None]:
        """Best total and routes (aligned with ``keys``, which are sorted by ``ub`` descending);
        None when ``connect`` cannot be met."""
        if not keys:
            return (0, []) if connect is None else (0, None)
        if len(keys) == 1 and connect is None:
            c = self.top(keys[0])
            return c.value, [c]
        inc_value, inc = self._incumbent(keys, connect)
        if inc is None:
            return 0, None
        total_ub = sum(self.ub(k) for k in keys)
        if inc_value >= total_ub:
            return inc_value, inc  # meets the upper bound: optimal
        if len(keys) >= 3:
            # Enumerate each train type once, at a threshold low enough for this problem and
            # its sub-problems; later requests are prefixes of these lists.
            low: dict[Hashable, int] = {}
            for k in keys:
                low[k] = min(low.get(k, inc_value), inc_value - (total_ub - self.ub(k)))
            for k, thr in low.items():
                self._prefetch(k, thr)
        others: list[int] = []
        for i, k in enumerate(keys):
            sub_value, sub = self.opt(keys[:i] + keys[i + 1 :])
            others.append(sub_value)
            if connect is None:  # a better incumbent: the others' optimum plus train i
                used = 0
                for c in sub:
                    used |= c.track
                c = self.top(k, None, used) if used else self.top(k)
                if sub_value + c.value > inc_value:
                    inc_value, inc = sub_value + c.value, [*sub[:i], c, *sub[i:]]
        if connect is None:
            inc_value, inc = self._improve(keys, inc)
        thresholds: dict[Hashable, int] = {}
        for i, k in enumerate(keys):
            thresholds[k] = min(thresholds.get(k, inc_value), inc_value - others[i])
        # caps[i]: an upper bound on what trains i.. add (their optimum when known).
        caps = [sum(self.ub(k) for k in keys[i:]) for i in range(len(keys) + 1)]
        caps[1] = min(caps[1], others[0])
        return self._search(keys, connect, thresholds, caps, inc_value, inc)

    def _prefetch(self, key: Hashable, threshold: int) -> None:
        """Enumerate train ``key``'s routes down to ``threshold`` (later lists are prefixes)."""
        self.candidates(key, threshold, None)

    def _search(
        self,
        keys: tuple[Hashable, ...],
        connect: Connect,
        thresholds: dict[Hashable, int],
        caps: list[int],
        inc_value: int,
        inc: list[Candidate],
    ) -> tuple[int, list[Candidate]]:
        """The branch and bound over route sets (step 4) from the incumbent ``inc``."""
        lists: dict[Hashable, list[Candidate]] = {}
        for k, thr in thresholds.items():
            lists[k] = [*self.candidates(k, thr, connect), EMPTY]
            self.n_candidates += len(lists[k]) - 1
        search = RouteSets(
            [lists[k] for k in keys],
            keys,
            connect is not None,
            self.hop_track,
            caps,
            [self.index(k, connect) for k in keys],
        )
        value, choice = search.run(inc_value, inc)
        self.nodes += search.nodes
        return value, choice

    def _improve(
        self, keys: tuple[Hashable, ...], routes: list[Candidate]
    ) -> tuple[int, list[Candidate]]:
        """Local search on a route set: give each train in turn its best route disjoint from the
        others' track, until no train improves."""
        routes = list(routes)
        better = True
        while better:
            better = False
            for i, k in enumerate(keys):
                used = 0
                for j, c in enumerate(routes):
                    if j != i:
                        used |= c.track
                c = self.top(k, None, used) if used else self.top(k)
                if c.value > routes[i].value:
                    routes[i] = c
                    better = True
        return sum(c.value for c in routes), routes

    def _incumbent(
        self, keys: tuple[Hashable, ...], connect: Connect
    ) -> tuple[int, list[Candidate] | None]:
        """A good valid route set (greedy): a lower bound; None when ``connect`` is impossible.

        Trains in order each take their best route disjoint from the track used so far. With
        ``connect``, for each train type first give one train of that type its best route
        joining the two stops, then fill the others greedily; keep the best.
        """

        def fill(first: int, seed: Candidate) -> tuple[int, list[Candidate]]:
            used = seed.track
            out: list[Candidate] = []
            for i, k in enumerate(keys):
                if i == first:
                    out.append(seed)
                    continue
                c = self.top(k, None, used) if used else self.top(k)
                used |= c.track
                out.append(c)
            return sum(c.value for c in out), out

        if connect is None:
            return fill(0, self.top(keys[0]))
        best: tuple[int, list[Candidate] | None] = (-1, None)
        for i, k in enumerate(keys):
            if k in keys[:i]:
                continue
            seed = self.top(k, connect)
            if seed is not EMPTY:
                value, routes = fill(i, seed)
                if value > best[0]:
                    best = (value, routes)
        return best
