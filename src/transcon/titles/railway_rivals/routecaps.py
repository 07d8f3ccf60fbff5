"""The per-rival cap of a race route (at most ``max_foreign_hexes_per_owner`` hexes of one
rival's track): the loads of sets of capped rivals a label keeps (``Loads``), a quick test
that some walk keeps every cap at all (``walk_within_caps``), which proves cheaply that a race
has no route when the caps rule every way out, the look for some route on the loads alone
(``route_within_caps``: the same walks, split where one visits a hex before and after own
track, as the route finder splits), and the choice of line on links several capped rivals
share (``assign_shared``).

Why the test pays: the route search compares labels on length and payments as well as on the
loads, so when no route exists it keeps every walk that is shorter or cheaper than another
before it runs out (in a crowded 6-rival game tens of thousands of labels for one race and
team, when the team's own track is far off the race and every way there and back runs over
several rivals' lines). Whether a walk within the caps exists depends on the loads only:
compared on them alone (a label at a hex is dropped when another there has used own track if
it has and loads no set more), and dropped when a set's load plus the fewest links of that
set's lines every way on to a target takes (per own-track flag) exceeds the set's capacity,
the labels are few. Every route is such a walk, so no such walk means no route.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence
from typing import Literal

from transcon.titles.railway_rivals import compiled
from transcon.titles.railway_rivals.routebounds import (
    OwnBounds,
    bounds_to_targets,
    by_flag,
    forbids_after_own_only,
    layered_steps,
    team_lines,
    team_step_cache,
    team_steps,
)
from transcon.titles.railway_rivals.state import RRState, edge

#: A walk as (hex, own track used yet) steps.
Walk = list[tuple[int, bool]]


class Loads:
    """The cap on links several capped rivals share, by Hall's condition: the links of a
    route can each go to one of their owners with every capped rival within the cap exactly
    when, for every set R of capped rivals, the links all of whose owners are in R (R's
    load) number at most |R| x cap. A label keeps the load of every set that needs it (one
    per set in ``self.sets``; links with an uncapped owner count against nobody).

    Only *connected* sets need a load: if R splits into R1 and R2 with no link's owners in
    both (no mask of ``masks``, the owner sets a link can count against, within R meets
    both), R's load is R1's plus R2's and its capacity theirs, so R's condition follows from
    theirs. Each rival alone is a set; with payment splits every link counts against one
    rival, so those are all the sets.

    The loads are packed in one int, a field of ``width`` bits per set with its top bit
    (the guard) clear, so "no set loaded more" is one subtraction (``within``)."""

    def __init__(
        self, capped: tuple[int, ...], cap: int, rival_links: Sequence[int], masks: frozenset[int]
    ) -> None:
        self.sets = [r for r in range(1, 1 << len(capped)) if connected(r, masks)]
        members = [[capped[j] for j in range(len(capped)) if r >> j & 1] for r in self.sets]
        self.capacity = [len(m) * cap for m in members]
        self.most = max(self.capacity, default=0)
        #: links of the set's rivals: a set can never take more
        self.links = [sum(rival_links[i] for i in m) for m in members]
        self.zero = 0
        # a field holds up to a capacity + 1 below its guard bit
        self.width = w = (max(self.capacity, default=0) + 1).bit_length() + 1
        self.guard = sum(1 << (k * w + w - 1) for k in range(len(self.sets)))
        self.limit = sum(c << (k * w) for k, c in enumerate(self.capacity))
        self.field = (1 << (w - 1)) - 1
        self._step: dict[int, int] = {}  # owners' mask -> one more on the sets containing them
        self._floors: dict[int, int] = {}  # ``reach``: least -> the floors of the sets

    def within(self, a: int, b: int) -> bool:
        """Whether loads ``a`` load no set more than loads ``b``."""
        g = self.guard
        return ((b | g) - a) & g == g

    def add(self, loads: int, mask: int) -> int | None:
        """The loads after one more link owned by the capped rivals in ``mask`` (None: over
        some set's capacity)."""
        if not mask:
            return loads
        step = self._step.get(mask)
        if step is None:
            w = self.width
            step = sum(1 << (k * w) for k, r in enumerate(self.sets) if r & mask == mask)
            self._step[mask] = step
        new = loads + step
        return new if self.within(new, self.limit) else None

    def reach(self, b: int, least: int) -> int:
        """The loads a label may have to follow every way on of a label with loads ``b``
        whose ways on adding ``least`` or more rival hexes are all beaten: per set the most
        of b's load, the load at which ``least`` more hexes overload it (a way overloading
        it is beaten) and the load at which even all its links cannot (no way on can
        overload it). A label whose loads are ``within`` it loads no set more than ``b``
        that some way on, not beaten, could then overload."""
        floor = self._floors.get(least)
        if floor is None:
            w = self.width
            floor = sum(
                max(c + 1 - least, c - n, 0) << (k * w)
                for k, (c, n) in enumerate(zip(self.capacity, self.links, strict=True))
            )
            self._floors[least] = floor
        g = self.guard
        # per field, b's load where it is at least the floor's (a guard-bit comparison)
        ge = ((b | g) - floor) & g
        keep = (ge >> (self.width - 1)) * self.field
        return (b & keep) | (floor & ~keep)


def loads_of(
    state: RRState,
    capped: tuple[int, ...],
    cap: int,
    rival_links: tuple[int, ...],
    masks: frozenset[int],
) -> Loads:
    """The ``Loads`` of these capped rivals, shared by the searches that ask for the same
    (its caches only remember what it worked out; a listing's subproblems build hundreds
    alike). Cached until the track changes."""
    key = ("loads", capped, cap, rival_links, masks)
    found: Loads | None = state.cache.get(key)
    if found is None:
        found = state.cache[key] = Loads(capped, cap, rival_links, masks)
    return found


def connected(members: int, masks: frozenset[int]) -> bool:
    """Whether the rivals in ``members`` (a bit mask) are joined by the masks within it."""
    reached = members & -members  # the lowest member
    grew = True
    while grew:
        grew = False
        for mask in masks:
            if mask & members == mask and mask & reached and mask & ~reached:
                reached |= mask
                grew = True
    return reached == members


def rival_links_of(state: RRState, team: tuple[str, ...]) -> tuple[int, ...]:
    """Per seat, how many links carry that rival's line and none of the team's: a route
    (simple path) never uses more of that rival's track than this."""
    seat = {p: i for i, p in enumerate(state.players)}
    links = [0] * len(state.players)
    for owners, count in team_lines(state, team).items():
        for o in owners:
            links[seat[o]] += count
    return tuple(links)


def walk_within_caps(
    state: RRState,
    team: tuple[str, ...],
    sources: Sequence[int],
    targets: frozenset[int],
    forbidden: frozenset[tuple[int, bool]] = frozenset(),
) -> bool:
    """Whether some walk from a source to a target (not through another target) keeps every
    rival within the cap and uses own track as the rules ask, never at a (hex, own track used)
    state of ``forbidden`` (a route finder's subproblem; see the module docstring: a false
    answer proves that no route exists; true: there is one, or no answer within the labels
    the test may take). Cached until the track changes."""
    return caps_walk(state, team, sources, targets, forbidden) is not False


def caps_walk(
    state: RRState,
    team: tuple[str, ...],
    sources: Sequence[int],
    targets: frozenset[int],
    forbidden: frozenset[tuple[int, bool]] = frozenset(),
) -> bool | None:
    """``walk_within_caps`` with None for "no answer within the labels it may take"."""
    key = ("within_caps", team, tuple(sources), targets, forbidden)
    if key not in state.cache:
        walk = _CapWalk(state, team, targets, forbidden)
        # most walks within the caps are found at once; proving there is none pays for the
        # bounds per set of rivals
        found = walk.reaches(sources, QUICK_LABELS)
        if found is None:
            walk.needs = walk.set_needs(state)
            found = walk.reaches(sources, MOST_LABELS)
        state.cache[key] = found
    cached: bool | None = state.cache[key]
    return cached


#: Labels the first pass of ``walk_within_caps`` may take before the bounds per set of rivals
#: are used (about what computing them costs).
QUICK_LABELS = 300
#: Labels the second pass may take: a test that needs more proves nothing (it is meant to be
#: quick; the route search decides). 8,000 answered nothing more at the slowest 6-rival
#: positions measured, and a test that ran out cost a third of a second there.
MOST_LABELS = 3000


class _CapWalk:
    """One ``walk_within_caps`` search: every rival that could exceed the cap is capped."""

    def __init__(
        self,
        state: RRState,
        team: tuple[str, ...],
        targets: frozenset[int],
        forbidden: frozenset[tuple[int, bool]],
    ) -> None:
        cap = state.cfg.max_foreign_hexes_per_owner
        rival_links = rival_links_of(state, team)
        capped = tuple(i for i, n in enumerate(rival_links) if n > cap)
        self.bit = {state.players[i]: 1 << n for n, i in enumerate(capped)}
        self.capped = capped  # their seats, in the order of their bits
        self.team = team
        self.own_needed = state.cfg.min_own_track == "any"
        self.targets = targets
        self.forbidden = forbidden
        self.across = not forbids_after_own_only(forbidden)
        self.near = team_steps(state, team)
        self.near_cache = team_step_cache(state, team)  # read by the compiled walk
        self._masks: dict[tuple[str, ...], int] = {}
        masks = frozenset(self.mask(owners) for owners in team_lines(state, team)) - {0}
        self.loads = loads_of(state, capped, cap, rival_links, masks)
        self.hexes = bounds_to_targets(state, team, targets, forbidden, own_track=True)[1]
        self.needs: list[tuple[int, int, OwnBounds]] = []
        self.labels = 0  # labels kept by the last ``first_walk``
        self.cheapest = False  # whether it compares labels on the rival hexes used as well
        self.compiled = compiled.COMPILED  # ``dominated`` and ``dominated_by`` in C
        #: whether ``first_walk`` runs compiled (tests switch it)
        self.compiled_walk = compiled.COMPILED

    def mask(self, owners: tuple[str, ...]) -> int:
        """The capped rivals a rival link counts against (0: it has an uncapped owner)."""
        mask = self._masks.get(owners)
        if mask is None:
            mask = 0
            for o in owners:
                b = self.bit.get(o)
                if b is None:
                    mask = 0
                    break
                mask |= b
            self._masks[owners] = mask
        return mask

    def set_needs(self, state: RRState) -> list[tuple[int, int, OwnBounds]]:
        """Per set of ``loads``: (its field's shift, its capacity, the fewest links of that
        set's lines every way on to a target takes, per own-track flag and hex:
        ``set_need``)."""
        return [
            (
                k * self.loads.width,
                self.loads.capacity[k],
                set_need(
                    state, self.team, self.targets, self.forbidden, seat_mask(members, self.capped)
                ),
            )
            for k, members in enumerate(self.loads.sets)
        ]

    def reaches(self, sources: Sequence[int], budget: int | None = None) -> bool | None:
        """Whether a label within the caps reaches a target; None when more than ``budget``
        labels were taken without an answer."""
        walk = self.first_walk(sources, budget)
        return walk if walk is None or walk is False else True

    def first_walk(
        self, sources: Sequence[int], budget: int | None = None, cheapest: bool = False
    ) -> Walk | Literal[False] | None:
        """The first walk within the caps to reach a target, best first (fewest rival hexes
        used plus the fewest still needed), as (hex, own track used yet) steps; False when
        there is none; None when more than ``budget`` labels were taken without an answer.
        With ``cheapest`` labels are compared on the rival hexes used as well, so the walk
        uses the fewest rival hexes of all (more labels). Compiled
        (``_labelcore.cap_walk``: the same labels in the same order, the same answer) unless
        it is not built or switched off."""
        self.labels = 0
        self.cheapest = cheapest
        start_own = not self.own_needed
        if self.compiled_walk:
            limit = -1 if budget is None else budget
            return compiled.core.cap_walk(self, sources, limit, start_own)
        return self.first_walk_python(sources, budget)

    def first_walk_python(
        self, sources: Sequence[int], budget: int | None
    ) -> Walk | Literal[False] | None:
        """``first_walk`` in Python (``cheapest`` set): the reference of the compiled walk,
        change both together."""
        kept: dict[tuple[int, bool], dict[int, tuple[int, int]]] = {}
        heap: list[tuple[int, int, int, int]] = []
        steps: list[tuple[int, bool, int]] = []  # per label: hex, own track used, its pred
        start_own = not self.own_needed
        for s in sources:
            self.offer(kept, heap, steps, (s, start_own, self.loads.zero, 0, -1))
        taken = 0
        while heap:
            _, used, idx, loads = heapq.heappop(heap)
            node, own, _ = steps[idx]
            if kept[node, own].get(loads) != (used, idx):
                continue  # dominated since it was pushed
            taken += 1
            if budget is not None and taken > budget:
                return None
            if node in self.targets:
                if own:
                    return _walk_of(steps, idx)
                continue
            for nxt, _, owners, member in self.near(node):
                if member is not None:
                    self.offer(kept, heap, steps, (nxt, True, loads, used, idx))
                else:
                    more = self.loads.add(loads, self.mask(owners))
                    if more is not None:
                        self.offer(kept, heap, steps, (nxt, own, more, used + 1, idx))
        return False

    def offer(
        self,
        kept: dict[tuple[int, bool], dict[int, tuple[int, int]]],
        heap: list[tuple[int, int, int, int]],
        steps: list[tuple[int, bool, int]],
        label: tuple[int, bool, int, int, int],
    ) -> None:
        """Keep a label (hex, own track used, loads, rival hexes used, its pred) unless a
        kept one dominates it or it cannot reach a target within the caps; drop the kept
        labels it dominates."""
        node, own, loads, used, pred = label
        still = self.hexes[own].get(node)
        if still is None or (node, own) in self.forbidden:
            return
        field = self.loads.field
        for shift, capacity, need in self.needs:
            more = need[own].get(node)
            if more is None or ((loads >> shift) & field) + more > capacity:
                return
        here = kept.setdefault((node, own), {})
        # a label that has used own track does all one that has not can (unless a subproblem
        # forbids some hex after own track only)
        across = self.across
        groups = [here, kept.get((node, True), {})] if across and not own else [here]
        if self.dominated(groups, loads, used):
            return
        for group in (here, kept.get((node, False), {})) if across and own else (here,):
            for o in self.dominated_by(group, loads, used):
                del group[o]
        here[loads] = (used, len(steps))
        steps.append((node, own, pred))
        self.labels += 1
        heapq.heappush(heap, (used + still, used, len(steps) - 1, loads))

    def dominated(self, groups: list[dict[int, tuple[int, int]]], loads: int, used: int) -> bool:
        """Whether a kept label of ``groups`` loads no set more than ``loads`` (and, when
        ``cheapest``, used no more rival hexes): ``Loads.within`` inlined (the hot loop;
        compiled: ``_labelcore.dominated``, the same answer)."""
        if self.compiled:
            return compiled.core.dominated(groups, loads, used, self.loads.guard, self.cheapest)
        g = self.loads.guard
        top = loads | g
        if not self.cheapest:
            return any((top - o) & g == g for group in groups for o in group)
        return any(
            (top - o) & g == g and o_used <= used
            for group in groups
            for o, (o_used, _) in group.items()
        )

    def dominated_by(self, group: dict[int, tuple[int, int]], loads: int, used: int) -> list[int]:
        """The kept labels of ``group`` that ``loads`` (with ``used``) dominates (compiled:
        ``_labelcore.dominated_by``, the same list)."""
        if self.compiled:
            return compiled.core.dominated_by(group, loads, used, self.loads.guard, self.cheapest)
        g = self.loads.guard
        cheapest = self.cheapest
        return [
            o
            for o, (o_used, _) in group.items()
            if ((o | g) - loads) & g == g and (not cheapest or used <= o_used)
        ]


def _walk_of(steps: list[tuple[int, bool, int]], idx: int) -> Walk:
    walk: list[tuple[int, bool]] = []
    while idx >= 0:
        node, own, idx = steps[idx]
        walk.append((node, own))
    walk.reverse()
    return walk


def seat_mask(members: int, seats: Sequence[int]) -> int:
    """The seats (a bit mask by seat) of a set of capped rivals (a bit mask by their index in
    ``seats``)."""
    return sum(1 << seat for n, seat in enumerate(seats) if members >> n & 1)


def set_need(
    state: RRState,
    team: tuple[str, ...],
    targets: frozenset[int],
    forbidden: frozenset[tuple[int, bool]],
    seats: int,
) -> OwnBounds:
    """Per own-track flag and hex, the fewest links every way on to a target takes that
    count against the set of rivals ``seats`` (a bit mask by seat): the links carrying only
    lines of that set, whichever line a walk takes. A 0-1 breadth-first search back from the
    targets over (hex, own-track flag) states, written 2 x hex + flag, never through a state
    of ``forbidden``; cached until the track changes."""
    key = ("set_need", team, targets, forbidden, seats)
    cached: OwnBounds | None = state.cache.get(key)
    if cached is not None:
        return cached
    own_needed = state.cfg.min_own_track == "any"
    steps = layered_steps(state, team)
    banned = frozenset(2 * h + own for h, own in forbidden)
    ends = [
        2 * t + 1 for t in sorted(targets) if 2 * t + 1 in steps.table and 2 * t + 1 not in banned
    ]
    # a step counts when its link carries only lines of the set: its owners' mask within it
    result = by_flag(steps.zero_one(ends, banned, within=seats), own_needed)
    state.cache[key] = result
    return result


def route_within_caps(
    state: RRState,
    team: tuple[str, ...],
    sources: Sequence[int],
    targets: frozenset[int],
    budget: int,
    forbidden: frozenset[tuple[int, bool]] = frozenset(),
) -> list[int] | bool:
    """Some route (a simple path, within the caps, with own track as the rules ask) from a
    source to a target, never at a (hex, own track used yet) state of ``forbidden``: the
    first walk within the caps (``_CapWalk.first_walk``, labels compared on the loads and
    the rival hexes used: far fewer labels than the route search keeps, which compares
    length too) that is a simple path, splitting like the route finder where a walk visits
    a hex before and after own track (the routes that never visit it before own track, and
    those that never visit it after; see ``routes``). False: there is none; True: no answer
    within ``budget`` labels. The route need not be on the front: the route finder starts
    from it to bound its search (in a crowded 6-rival game the exact front's subproblems
    otherwise each search every walk shorter or cheaper than another, only to find no
    route)."""
    todo = [forbidden]
    while todo:
        forbidden = todo.pop()
        search = _CapWalk(state, team, targets, forbidden)
        # as ``caps_walk``: the bounds per set of rivals only prune labels that could not
        # reach a target within the caps, so they wait until a first pass runs out
        walk = search.first_walk(sources, min(budget, QUICK_LABELS), cheapest=True)
        spent = search.labels
        if walk is None and budget > QUICK_LABELS:
            search.needs = search.set_needs(state)
            walk = search.first_walk(sources, budget - spent, cheapest=True)
            spent += search.labels
        if walk is None:
            return True
        budget -= spent
        if walk is False:
            continue
        after = {h for h, own in walk if own}
        twice = next((h for h, own in walk if not own and h in after), None)
        if twice is None:
            route = [h for h, _ in walk]
            # a loop within one phase is never kept (its second visit is dominated), so the
            # walk is simple; should it not be, nothing is claimed
            return route if len(set(route)) == len(route) else True
        todo += [forbidden | {(twice, True)}, forbidden | {(twice, False)}]
        if budget <= 0:
            return True
    return False


def rival_hexes(state: RRState, team: tuple[str, ...], route: Sequence[int]) -> int:
    """How many links of a route carry no team member's line."""
    members = set(team)
    owners = state.edge_owners
    return sum(1 for a, b in itertools.pairwise(route) if members.isdisjoint(owners[edge(a, b)]))


def assign_shared(
    state: RRState, cap: int, route: list[int], owners: list[str], counts: tuple[int, ...]
) -> tuple[int, ...]:
    """Give each link shared by capped rivals (owner "") to one of its owners, every rival
    within ``cap`` (augmenting paths; Hall's condition, kept by ``Loads``, says it can be
    done). Fills ``owners`` in place; returns the hexes per rival seat."""
    seat = {p: i for i, p in enumerate(state.players)}
    load = list(counts)
    shared = [k for k, o in enumerate(owners) if not o]
    lines = {k: state.edge_owners[edge(route[k], route[k + 1])] for k in shared}
    holder: dict[int, int] = {}  # shared link -> seat

    def place(k: int, seen: set[int]) -> bool:
        for o in lines[k]:
            i = seat[o]
            if i in seen:
                continue
            seen.add(i)
            if load[i] < cap:
                holder[k] = i
                load[i] += 1
                return True
            for j, held in list(holder.items()):
                if held == i and place(j, seen):
                    load[i] -= 1
                    holder[k] = i
                    load[i] += 1
                    return True
        return False

    for k in shared:
        if not place(k, set()):
            raise RuntimeError("route finder: shared links cannot be given to their owners")
    for k, i in holder.items():
        owners[k] = state.players[i]
    return tuple(load)
