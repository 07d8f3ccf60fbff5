"""The route finder's label search (``routes`` drives it; see its docstring): a query's
graph and rules (``Query``), and one label-setting run over walks (``RouteSearch``) with its
labels, their dominance test and the bounds that drop them.

The hot parts are compiled (``_labelcore``, ``csrc/labelcore_*.c``, built by setup.py): the
dominance test (``Dominance``: each label's figures read once, loads as 64-bit words, Python's
own int operations where they do not fit, ``reach`` called back as the Python test calls it;
about 5x faster) and the label loop (``Expander``: ``run``'s loop over the heap, ``take`` and
``expand`` with its ``choices``, ``Loads.add``, ``hopeless``, ``offer`` and
``LabelSearch.add``, and the ``reach`` / ``loads_reach`` its dominance tests ask for, on the
search's caches -- the same labels in the same order, the same heap entries, held in C while
the loop runs; the Python code takes a label, an offer, a ``hopeless`` or a reach whose values
it does not handle). The
Python code (``dominance_reference``, ``run``, ``take``, ``expand``, ``reach``,
``loads_reach``) stays the reference (tested equal: test_label_dominance, test_label_expand);
it runs when the extension is not built or under ``TRANSCON_PURE_PYTHON=1`` (``compiled``).
The look for some route's dominance tests (routecaps) are compiled the same way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from transcon.core.paths import LabelSearch
from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals import compiled
from transcon.titles.railway_rivals.routebounds import (
    OwnBounds,
    bounds_to_targets,
    forbids_after_own_only,
    rival_need,
    team_lines,
    team_step_cache,
    team_steps,
)
from transcon.titles.railway_rivals.routecaps import (
    assign_shared,
    loads_of,
    rival_links_of,
    seat_mask,
    set_need,
)
from transcon.titles.railway_rivals.state import RRState
from transcon.titles.railway_rivals.tracks import better, route_points, track_graph

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


#: Labels a search with capped rivals makes before it drops labels by stronger bounds
#: (``RouteSearch.strengthen``): no search of 20 greedy 6-rival games grows that large (at 500,
#: 39 did, for no gain), while the slow listings' searches do (500 and 200: the same times).
STRONGER_AFTER = 2000


@dataclass(frozen=True, slots=True)
class Query:
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
    #: only routes at most this long are wanted (``find_routes``; None: any)
    max_length: int | None = None
    #: the options ``built_option`` made, by what they were made of: the subproblems of a
    #: crowded race find the same routes again (1,501 options of 528 routes in a 6-rival
    #: listing)
    built: dict[tuple[int, tuple[int, ...], tuple[int, ...], tuple[str, ...]], RouteOption] = field(
        default_factory=dict, compare=False, repr=False
    )

    @staticmethod
    def make(
        state: RRState,
        team: tuple[str, ...],
        sources: list[int],
        targets: frozenset[int],
        splits: bool = True,
        capped: bool = True,
    ) -> Query:
        graph = track_graph(state)
        links = rival_links_of(state, team)
        return Query(
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

    def built_option(
        self, length: int, counts: tuple[int, ...], route: list[int], owners: list[str]
    ) -> RouteOption:
        """``option`` of a front walk, its links shared by capped rivals (owner "") first
        given to one of them (``assign_shared``, the first time: the option holds them); the
        same option again for the same walk."""
        key = (length, counts, tuple(route), tuple(owners))
        found = self.built.get(key)
        if found is None:
            if "" in owners:
                counts = assign_shared(self.state, self.cap, route, owners, counts)
            found = self.built[key] = self.option(length, counts, route, owners)
        return found

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


@dataclass(frozen=True, slots=True)
class Crossing:
    """A front walk that is no simple path: its length and payments, and where to split
    (``hex``: worked out when asked, as most are never split on)."""

    length: int
    total: int
    search: RouteSearch
    label: int

    def hex(self) -> int:
        """A hex the walk visits before and after own track was first used
        (``RouteSearch.twice``)."""
        return self.search.twice(self.label)


class RouteSearch(LabelSearch[int, Figures, str]):
    """One label-setting run over walks (see the module docstring): ``run`` it, then ask
    ``over_cap`` which uncapped rivals a front walk uses beyond the cap, and ``routes``. A
    label's move is whose line its last link uses ("" on a link shared by capped rivals,
    assigned by ``assign_shared``)."""

    def __init__(
        self,
        q: Query,
        capped: frozenset[int],
        forbidden: frozenset[tuple[int, bool]],
        known: Sequence[tuple[int, int]],
    ) -> None:
        super().__init__()
        self.q = q
        self.capped = tuple(sorted(i for i in capped if q.rival_links[i] > q.cap))
        self.bit = {seat: 1 << n for n, seat in enumerate(self.capped)}
        self.loads = loads_of(q.state, self.capped, q.cap, q.rival_links, self.line_masks())
        self.forbidden = forbidden
        #: whether a label that has used own track may dominate one that has not: not where
        #: the subproblem forbids some hex after own track only (the other may still pass it)
        self.across = not forbids_after_own_only(forbidden)
        self.dist, self.hexes = bounds_to_targets(q.state, q.team, q.targets, forbidden)
        #: the bounds that drop labels (``strengthen``); the order and the reach use ``dist``
        #: and ``hexes``
        self.cut_dist, self.cut_hexes = self.dist, self.hexes
        #: per set of ``loads`` that is checked: its field's shift, its capacity and the
        #: fewest links counting against it every way on takes (per own-track flag and hex);
        #: at first each capped rival alone, the own-track rule ignored (``strengthen``)
        self.need: list[tuple[int, int, OwnBounds]] = []
        for n, seat in enumerate(self.capped):
            alone = rival_need(q.state, q.team, q.targets, seat)
            k = self.loads.sets.index(1 << n)
            self.need.append((k * self.loads.width, q.cap, (alone, alone)))
        self.strong = False
        self.near = team_steps(q.state, q.team)
        self.near_cache = team_step_cache(q.state, q.team)  # read by the compiled expansion
        self.room = q.cap * sum(1 for p in q.state.players if p not in q.team)
        # (len, total) of target labels with own track, and of routes found before
        self.front: list[tuple[int, int]] = list(known)
        self.found: list[int] = []
        #: bumped whenever ``front`` changes (``reach`` depends on it)
        self.front_version = 0
        self._reach: dict[int, tuple[int, int]] = {}
        #: ``least_beaten`` by (hex, length, rival hexes used, own track used), for the front
        #: of ``_least_version``
        self._least: dict[tuple[int, int, int, bool], int] = {}
        self._least_version = 0
        self._choices: dict[tuple[str, ...], list[tuple[str, int, int]]] = {}
        #: the compiled ``dominance`` (the rules' flags and the loads guard, fixed for the
        #: search; it reads each label's figures from ``figures`` once)
        self._dominance = (
            compiled.core.Dominance(q.splits, q.fee == 0, self.across, self.loads.guard)
            if compiled.COMPILED
            else None
        )
        #: whether ``run`` takes and expands labels by the compiled loop and ``expand``
        #: (``_labelcore.Expander``: the same labels in the same order); tests switch it
        self.compiled_expand = compiled.COMPILED

    def strengthen(self) -> None:
        """Drop labels by stronger bounds from now on: the ones that know the own-track rule
        (without subproblems the plain bounds ignore it), and the fewest links of every set
        of capped rivals, per own-track flag, every way on takes. Where a cap binds, a walk
        that has not used own track yet often needs a long detour over rival track, so with
        the caps' room it is hopeless far sooner (a 6-rival race whose only route uses every
        rival to the cap kept 55,000 labels, now 3,500). Working them out costs more
        than most searches (a few hundred labels), so only a search that grew large uses
        them. Only hopeless labels go (no walk on from them is on the front), and the labels
        are still taken in the order of the plain bounds, so the walks found, and the routes
        picked among equals, are the same."""
        q = self.q
        self.strong = True
        if not self.forbidden:  # with a subproblem's, the bounds know the rule already
            self.cut_dist, self.cut_hexes = bounds_to_targets(
                q.state, q.team, q.targets, own_track=True
            )
        self.need = [
            (
                k * self.loads.width,
                self.loads.capacity[k],
                set_need(
                    q.state, q.team, q.targets, self.forbidden, seat_mask(members, self.capped)
                ),
            )
            for k, members in enumerate(self.loads.sets)
        ]

    def beaten(self, length: int, total: int) -> bool:
        """Whether a walk found is better than (length, total) (``better`` inlined: hot)."""
        for fl, ft in self.front:
            if (fl < length and ft <= total) or (ft < total and fl <= length):
                return True
        return False

    def run(self, budget: int | None = None) -> bool:
        """Search; false when it stopped after making more than ``budget`` labels without
        finding a walk."""
        q = self.q
        zero = (0,) * len(q.seat)
        for s in q.sources:
            if s in self.cut_dist[not q.own_needed]:
                self.offer(-1, s, "", (0, 0, not q.own_needed, zero, self.loads.zero))
        most = 1 << 62 if budget is None else budget
        if self.compiled_expand:  # the same loop compiled (``Expander.run``)
            return bool(compiled.core.Expander(self).run(most, STRONGER_AFTER))
        expand = self.expand
        while (idx := self.pop()) is not None:
            made = len(self.figures)
            if made > most and not self.front:
                return False
            if made > STRONGER_AFTER and not self.strong and self.capped:
                self.strengthen()
            self.take(idx, expand)
        return True

    def take(self, idx: int, expand: Callable[[int], None]) -> None:
        """A label taken off the heap: dropped if a walk found beats even its bounds, else
        expanded (by ``expand``) or, at a target with own track, a walk found (compiled in
        ``Expander.run``, which calls this for a label whose figures it does not handle)."""
        length, used, own, _, _ = self.figures[idx]
        node = self.node[idx]
        fee = self.q.fee
        if self.front and (
            # a label made before ``strengthen`` at a hex the stronger bounds lack: no
            # walk on from it reaches a target (it would offer nothing)
            node not in self.cut_dist[own]
            or self.beaten(
                length + self.cut_dist[own][node], (used + self.cut_hexes[own][node]) * fee
            )
        ):
            return
        if node not in self.q.targets:
            expand(idx)
        elif own:
            self.found.append(idx)
            point = (length, used * fee)
            if point not in self.front:
                self.front[:] = [f for f in self.front if not better(*point, *f)]
                self.front.append(point)
                self.front_version += 1

    def expand(self, idx: int) -> None:
        """Offer every step on from a label's hex (never straight back the same way). The
        reference of the compiled ``Expander.expand``, which the compiled ``run`` calls
        instead when built: change both together."""
        length, used, own, counts, loads = self.figures[idx]
        pred = self.pred[idx]
        back, back_own = (self.node[pred], self.figures[pred][2]) if pred >= 0 else (-1, False)
        # the hexes a target is reachable from (with own track as needed): after a team
        # link, and after a rival link
        after_team, after_rival = self.cut_hexes[True], self.cut_hexes[own]
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
                if not need or not self.hopeless(new_loads, nxt, own):
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

    def hopeless(self, loads: int, h: int, own: bool) -> bool:
        """Whether some set of capped rivals' capacity cannot be kept on any way on from hex h
        (``need``)."""
        field = self.loads.field
        for shift, capacity, need in self.need:
            more = need[own].get(h)
            if more is None or ((loads >> shift) & field) + more > capacity:
                return True
        return False

    def offer(self, pred: int, nxt: int, owner: str, new: Figures) -> None:
        """Add a label at ``nxt`` unless a label there dominates it; drop those it dominates."""
        own = new[2]
        if self.forbidden and (nxt, own) in self.forbidden:
            return
        low = new[0] + self.cut_dist[own][nxt]
        least = (new[1] + self.cut_hexes[own][nxt]) * self.q.fee
        q = self.q
        if (
            least > q.max_total
            or (q.max_length is not None and low > q.max_length)
            or (self.front and self.beaten(low, least))
        ):
            return
        self.add(pred, nxt, owner, new, (new[0] + self.dist[own][nxt], new[1]))

    def dominance(self, bucket: list[int], new: Figures, h: int) -> tuple[int | None, list[int]]:
        """``dominance_reference`` compiled (the same answer and the same calls of ``reach``
        and ``loads_reach``; a tenth of the time), or that itself when the compiled test is
        not built or does not handle the figures."""
        test = self._dominance
        if test is not None:
            found = test.test(self, bucket, new, h, self.front_version > 0)
            if found is not None:
                return found
        return self.dominance_reference(bucket, new, h)

    def dominance_reference(
        self, bucket: list[int], new: Figures, h: int
    ) -> tuple[int | None, list[int]]:
        """The dominance test of a new label against the labels at its hex h: a label that
        dominates it (the first found), else the labels it dominates. Label a dominates b
        if it is no longer, uses no more rival hexes, has used own track if b has (and, where
        the subproblem forbids a hex after own track, b has too: ``across``), and its loads
        are within b's (or, once this search has found a walk, within b's ``reach``; before
        that, with only routes found before, it seldom helps and costs: a long capped race at
        6 rivals took twice as long); with splits, labels of equal length and payments that
        split them differently are kept."""
        figures, splits, fee, across = self.figures, self.q.splits, self.q.fee, self.across
        reach, front = self.reach, self.front_version > 0
        g = self.loads.guard  # ``Loads.within`` inlined: a is within b when ((b | g) - a) & g == g
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
                if ((nd | g) - od) & g == g:
                    return other, []
                if front:
                    if new_reach < 0:
                        new_reach = self.loads_reach(nd, nl, nu, no, h)
                    if ((new_reach | g) - od) & g == g:
                        return other, []
            kills = nl <= ol and nu <= ou and (no or not oo)
            if kills and (
                ((od | g) - nd) & g == g or (front and ((reach(other, h) | g) - nd) & g == g)
            ):
                killed.append(other)
        return None, killed

    def reach(self, idx: int, h: int) -> int:
        """``loads_reach`` of a kept label (remembered until a walk found changes the front).
        Compiled with ``loads_reach`` for the expansion (``Expander.reach``): change both."""
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
        key = (h, length, used, own)
        least = self._least.get(key)
        if least is None or self._least_version != self.front_version:
            if self._least_version != self.front_version:
                self._least.clear()
                self._least_version = self.front_version
            least = self._least[key] = self.least_beaten(length, used, own, h)
        return self.loads.reach(loads, least)

    def least_beaten(self, length: int, used: int, own: bool, h: int) -> int:
        """The least x such that every way on from hex h (at ``length``, ``used``) taking x
        or more rival hexes is beaten (``beaten_after``), or past the largest capacity + 1
        when none is (from there on every set's floor in ``Loads.reach`` is the same). Many
        labels at a hex differ in their loads only: remembered per hex and figures until
        the front changes."""
        # a way taking room - used + 1 more hexes is over the caps
        lo, hi = 1, min(self.room - used + 1, self.loads.most + 1)
        if not self.beaten_after(hi, length, used, own, h):
            return hi + 1  # (most labels: a quick answer)
        while lo < hi:  # the least x with every way taking x more beaten (monotone in x)
            mid = (lo + hi) // 2
            if self.beaten_after(mid, length, used, own, h):
                hi = mid
            else:
                lo = mid + 1
        return lo

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
        not a simple path (capping that rival would change nothing: ``RouteSearch`` caps only
        rivals with more links than the cap, so the same search would run again forever)."""
        q = self.q
        over: set[int] = set()
        for idx in self.front_labels():
            counts = self.figures[idx][3]
            over.update(i for i, c in enumerate(counts) if c > q.cap and q.rival_links[i] > q.cap)
        return over

    def routes(self, rng: GameRandom | None) -> tuple[list[RouteOption], list[Crossing]]:
        """The routes rebuilt from the front walks that are simple paths, and the walks that
        are not (``Crossing``)."""
        out: list[RouteOption] = []
        crossed: list[Crossing] = []
        for idx in self.front_labels():
            length, used, _, counts, _ = self.figures[idx]
            if rng is None and not self.simple(idx):
                crossed.append(Crossing(length, used * self.q.fee, self, idx))
                continue  # (the walk without a pick is the one rebuilt below)
            route, owners = self.walk(idx, None if rng is None else partial(rng.randint, 0))
            if rng is not None and len(set(route)) != len(route):
                route, owners = self.walk(idx)  # the random pick crossed itself
            if len(set(route)) != len(route):
                crossed.append(Crossing(length, used * self.q.fee, self, idx))
                continue
            out.append(self.q.built_option(length, counts, route, owners))
        return out, crossed

    def simple(self, idx: int) -> bool:
        """Whether the label's walk (its own steps, no alternatives) visits no hex twice."""
        node, pred = self.node, self.pred
        seen: set[int] = set()
        cur = idx
        while cur >= 0:
            h = node[cur]
            if h in seen:
                return False
            seen.add(h)
            cur = pred[cur]
        return True

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
