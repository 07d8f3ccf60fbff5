"""A company's network: the track and stops reachable from its station tokens.

Standard 18xx rule (1870-base.md §7.1, §7.2): new track must connect to track reachable from
one of the company's tokens, and a new token goes in a city reachable that way. The walk
starts at every stop holding a token of the company (:meth:`TrackGraph.token_mask`), follows
the track of the laid tiles path by path and, like a train, never continues through a stop the
company may not pass (:meth:`TrackGraph.no_pass_mask`: off-boards and cities full of other
companies' tokens) and never turns back in a stop along the track it came in by (18xx.games'
walk: each token's walk takes each path once and enters each stop once). Unlike the track
graph's hops it also follows track that ends nowhere (a stub waiting to be extended), so
every hex edge the network touches is known.
"""

from __future__ import annotations

import os
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass, field

from transcon.core.hexgrid import Hex, opposite
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.layout import TrackLayout
from transcon.eighteen.tiles import NODE_BASE

try:
    from transcon.eighteen._routecore import network_walk as _network_walk
except ImportError:  # the compiled core is not built: the Python walk runs
    _network_walk = None  # type: ignore[assignment]

COMPILED = _network_walk is not None and os.environ.get("TRANSCON_PURE_PYTHON") != "1"
"""Whether :func:`company_reach` runs the compiled walk (``csrc/routecore_network.c``): when
the compiled core is built, unless ``TRANSCON_PURE_PYTHON=1`` (as for the optimiser)."""


@dataclass(slots=True)
class Network:
    """What a company's track reaches."""

    nodes: set[tuple[Hex, int]] = field(default_factory=set)
    """Stops (hex, node index) reached, token stops included."""
    edges: set[tuple[Hex, int]] = field(default_factory=set)
    """Hex sides the network's track touches, on both sides of each edge: a tile laid in a
    hex connects when one of its exits is in here."""

    @classmethod
    def of(cls, reach: Reach) -> Network:
        """The same network in hexes (for inspection: the rule checks ask ``reach``)."""
        layout = reach.layout
        net = cls()
        for stop in layout.stops:
            if reach.reaches(stop.id):
                net.nodes.add((stop.hex, stop.index))
        blocked = layout.blocked_sides
        for number in reach.touched:
            h, side = layout.hex_order[number // 6], number % 6
            net.edges.add((h, side))
            n, entry = h.neighbor(side, layout.orientation), opposite(side)
            if (h, side) not in blocked and (n, entry) not in blocked:
                net.edges.add((n, entry))
        return net

    def hex_reached(self, h: Hex) -> bool:
        """True when the network touches hex ``h`` (a side or a stop)."""
        return any(e[0] == h for e in self.edges) or any(n[0] == h for n in self.nodes)

    def connects(self, h: Hex, exits: Container[int]) -> bool:
        """True when a tile with ``exits`` in ``h`` joins the network: one of its exits is a
        side the network touches, or the network has a stop in ``h`` (a token there)."""
        if any(n[0] == h for n in self.nodes):
            return True
        return any(side in exits for (at, side) in self.edges if at == h)


class Reach:
    """A company's network on a :class:`~transcon.eighteen.graph.TrackLayout` (built by
    :func:`company_reach`; :meth:`Network.of` gives it in hexes), kept as stop ids and side
    numbers (``hex number * 6 + side`` of the laid hexes whose reached track ends at that
    side) instead of sets of hexes."""

    __slots__ = ("cut_short", "layout", "paths", "stops", "touched")

    def __init__(
        self,
        layout: TrackLayout,
        stops: int,
        touched: set[int],
        paths: set[int],
        *,
        cut_short: bool = False,
    ) -> None:
        self.layout = layout
        self.cut_short = cut_short
        """Whether the walk ran past its budget of converging steps (:func:`company_reach`)."""
        self.stops = stops
        """Stops reached (a bitmask of stop ids), token stops included."""
        self.touched = touched
        self.paths = paths
        """The track paths walked (18xx.games' ``connected_paths``), as ``hex number << 8 |
        path number on its tile``: ask :meth:`walked`."""

    def reaches(self, stop: int) -> bool:
        return bool((self.stops >> stop) & 1)

    def walked(self, hex_number: int, path: int) -> bool:
        """Whether the walk took path number ``path`` of the tile in hex ``hex_number``."""
        return (hex_number << _SHIFT) | path in self.paths

    def connects(self, h: Hex, exits: Iterable[int]) -> bool:
        """:meth:`Network.connects`: a tile with ``exits`` in ``h`` joins the network."""
        layout = self.layout
        i = layout.hex_index.get(h)
        if i is not None:
            first = layout.first_stop[i]
            count = (
                layout.first_stop[i + 1] if i + 1 < len(layout.first_stop) else len(layout.stops)
            ) - first
            if (self.stops >> first) & ((1 << count) - 1):
                return True
        blocked = layout.blocked_sides
        touched = self.touched
        for side in exits:
            if i is not None and i * 6 + side in touched:
                return True
            j = layout.hex_index.get(h.neighbor(side, layout.orientation))
            entry = opposite(side)
            if (
                j is not None
                and j * 6 + entry in touched
                and (layout.hex_order[j], entry) not in blocked
                and (h, side) not in blocked
            ):
                return True
        return False


def company_reach(layout: TrackLayout, graph: TrackGraph, company: str, budget: int = -1) -> Reach:
    """``company``'s network in ``layout`` with the tokens of ``graph`` (a graph of that
    layout, hops not needed).

    18xx.games' network walk (``Graph#compute``: ``Node#walk``, ``Path#walk``), from each
    token stop in turn: in one walk every path is taken once and every stop entered once (the
    other token stops count as entered), so the walk never turns back along the track it came
    by (a train cannot reverse in a city); as its edge ``counter``, no path is entered while
    the walk is still out across one of that path's hex sides (it went out that way and came
    round back into the hex); and, as its ``converging`` paths, once the walk has left a tile
    across a side where several of that tile's paths meet, the paths and stops it takes from
    there are free again when it comes back from them (they may be walked again from
    elsewhere). Never through a stop the company may not pass
    (:meth:`TrackGraph.no_pass_mask`).

    Freeing what the walk took after a converging side makes it try every simple path from
    there, which grows exponentially on a large crowded map. ``budget`` (-1: no limit) caps
    those steps over all the walks: past it, the walk goes on as a plain one, each path and
    stop taken once (linear time; what it finds is then a subset of the full walk's, and
    :attr:`Reach.cut_short` is set). A title sets the budget as a rule option."""
    own = graph.token_mask(company)
    no_pass = graph.no_pass_mask(company)
    starts = _token_starts(layout, own)
    got = compiled_reach(layout, own, no_pass, starts, budget) if COMPILED else None
    return got if got is not None else reference_reach(layout, own, no_pass, starts, budget)


def _token_starts(layout: TrackLayout, own: int) -> list[int]:
    """The stops of mask ``own`` as walk starts (``hex number << _SHIFT | NODE_BASE + node
    index``), in stop order."""
    stops = layout.stops
    starts = []
    mask = own
    while mask:
        low = mask & -mask
        stop = stops[low.bit_length() - 1]
        starts.append((layout.hex_index[stop.hex] << _SHIFT) | (NODE_BASE + stop.index))
        mask ^= low
    return starts


def route_to_run(layout: TrackLayout, graph: TrackGraph, company: str) -> bool:
    """Whether ``company`` has a route to run: the walk from one of its token stops takes
    paths holding two stops or more (18xx.games ``Graph#compute``'s ``route_train_purchase``:
    each token's walk counts the stops of the paths it takes that no earlier token's walk
    took; a stop the company may not pass still counts, as a route's end)."""
    starts = _token_starts(layout, graph.token_mask(company))
    no_pass = graph.no_pass_mask(company)
    ends_of, first_stop = layout.ends_of, layout.first_stop

    def path_stops(key: int) -> set[int]:
        i, k = key >> _SHIFT, key & _MASK
        return {
            first_stop[i] + end - NODE_BASE
            for end, paths in ends_of[i].items()
            if end >= NODE_BASE and any(k == path for path, _ in paths)
        }

    before: set[int] = set()
    for walked in _walks_in_turn(layout, no_pass, starts):
        stops: set[int] = set()
        for key in walked - before:
            stops |= path_stops(key)
        if len(stops) >= 2:
            return True
        before = walked
    return False


def _walks_in_turn(layout: TrackLayout, no_pass: int, starts: list[int]) -> Iterator[set[int]]:
    """The paths walked after each token stop's walk in turn (see :func:`company_reach`), in
    the compiled core when built (the walks of the first n starts, for each n)."""
    made = 0
    if COMPILED:
        packed = no_pass.to_bytes((no_pass.bit_length() + 7) // 8, "little")
        args = (layout.ends_of, layout.across_table, layout.across, layout.first_stop)
        try:
            for n in range(1, len(starts) + 1):
                yield set(_network_walk(*args, len(layout.stops), packed, starts, n)[2])
                made = n
            return
        except OverflowError:  # a tile beyond the compiled walk's limits: the Python walk
            pass
    walk = _Walk(layout, no_pass)
    for n, start in enumerate(starts, 1):
        walk.walk_from(start, {s for s in starts if s != start})
        if n > made:
            yield set(walk.walked)


def compiled_reach(
    layout: TrackLayout, own: int, no_pass: int, starts: list[int], budget: int = -1
) -> Reach | None:
    """:func:`reference_reach` in the compiled core (``csrc/routecore_network.c``); None when
    the core is not built or a tile is beyond its limits (64 paths or path ends)."""
    if _network_walk is None:
        return None
    try:
        reached, touched, walked, cut = _network_walk(
            layout.ends_of,
            layout.across_table,
            layout.across,
            layout.first_stop,
            len(layout.stops),
            no_pass.to_bytes((no_pass.bit_length() + 7) // 8, "little"),
            starts,
            -1,
            budget,
        )
    except OverflowError:  # a tile beyond the compiled walk's limits
        return None
    stops = own | int.from_bytes(reached, "little")
    return Reach(layout, stops, set(touched), set(walked), cut_short=bool(cut))


def reference_reach(
    layout: TrackLayout, own: int, no_pass: int, starts: list[int], budget: int = -1
) -> Reach:
    """:func:`company_reach` in Python (the reference of the compiled walk, and its stand-in
    where the compiled core is not built): ``own`` and ``no_pass`` are stop masks, ``starts``
    the token stops as ``hex number << _SHIFT | NODE_BASE + node index``."""
    walk = _Walk(layout, no_pass, budget)
    for start in starts:
        walk.walk_from(start, {s for s in starts if s != start})
    return Reach(layout, own | walk.reached, walk.touched, walk.walked, cut_short=walk.cut)


_SHIFT = 8
"""A place in the walk is one int: ``hex number << _SHIFT | n``, where ``n`` is a path number
on the hex's tile, a path end (a side 0-5, or ``NODE_BASE`` + a node index) or a side."""
_MASK = (1 << _SHIFT) - 1


class _Walk:
    """The walks of one company's network (see :func:`company_reach`), on ints: the sets of
    paths, stops and sides seen hold ``hex number << _SHIFT | number`` (no tuples: the walk
    runs for every lay check, and tuples made the collector run twice as often)."""

    __slots__ = (
        "budget",
        "cut",
        "first_stop",
        "layout",
        "no_pass",
        "reached",
        "steps",
        "touched",
        "walked",
    )

    def __init__(self, layout: TrackLayout, no_pass: int, budget: int = -1) -> None:
        self.layout = layout
        self.budget = budget
        """Converging steps allowed over all walks (-1: no limit; see :func:`company_reach`)."""
        self.steps = 0
        self.cut = False
        """Whether a step came past the budget."""
        self.first_stop = layout.first_stop
        self.no_pass = no_pass
        self.reached = 0
        """Stops reached, as a bitmask of stop ids."""
        self.touched: set[int] = set()
        """``hex number * 6 + side`` of every side the walk left a hex by."""
        self.walked: set[int] = set()
        """Paths walked (``hex number << _SHIFT | path number``)."""

    def walk_from(self, start: int, nodes_seen: set[int]) -> None:
        """One token stop's walk; ``nodes_seen``: the other token stops (entered already)."""
        layout, first_stop, no_pass = self.layout, self.first_stop, self.no_pass
        ends_of, table, touched, walked = (
            layout.ends_of,
            layout.across_table,
            self.touched,
            self.walked,
        )
        paths_seen: set[int] = set()
        out: set[int] = set()
        """Sides (``hex number << _SHIFT | side``) the walk is out across now (the counter)."""

        def reach_node(i: int, end: int) -> bool:
            sid = first_stop[i] + end - NODE_BASE
            self.reached |= 1 << sid
            return not (no_pass >> sid) & 1

        def still_converging(converging: bool) -> bool:
            if not converging or self.budget < 0:
                return converging
            if self.steps >= self.budget:
                self.cut = True
                return False
            self.steps += 1
            return True

        def walk_node(i: int, end: int, converging: bool) -> None:
            key = (i << _SHIFT) | end
            if key in nodes_seen:
                return
            converging = still_converging(converging)
            nodes_seen.add(key)
            for k, other in ends_of[i].get(end, ()):
                walk_path(i, k, end, other, converging)
            if converging:
                nodes_seen.discard(key)

        def walk_path(i: int, k: int, entry: int, other: int, converging: bool) -> None:
            base = i << _SHIFT
            key = base | k
            if key in paths_seen:
                return
            if out and (base | entry in out or base | other in out):
                return  # (node ends never match: sides are below NODE_BASE)
            converging = still_converging(converging)
            paths_seen.add(key)
            walked.add(key)
            if other >= NODE_BASE:
                if reach_node(i, other):
                    walk_node(i, other, converging)
            else:
                touched.add(i * 6 + other)
                j = table[i * 6 + other]
                if j == -2:
                    j = layout.across(i, other)
                if j >= 0:
                    side = (other + 3) % 6
                    onward = converging or len(ends_of[i].get(other, ())) > 1
                    out.add(base | other)
                    for k2, other2 in ends_of[j].get(side, ()):
                        walk_path(j, k2, side, other2, onward)
                    out.discard(base | other)
            if converging:
                paths_seen.discard(key)

        i, end = start >> _SHIFT, start & _MASK
        reach_node(i, end)
        walk_node(i, end, False)
