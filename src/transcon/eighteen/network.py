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

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from transcon.core.hexgrid import Hex, Orientation, opposite
from transcon.eighteen.graph import PlacedTile, TrackGraph
from transcon.eighteen.layout import TrackLayout
from transcon.eighteen.tiles import NODE_BASE

P = TypeVar("P")
"""A place the walk is in: a hex, or a hex's number in a track layout."""


@dataclass(slots=True)
class Network:
    """What a company's track reaches."""

    nodes: set[tuple[Hex, int]] = field(default_factory=set)
    """Stops (hex, node index) reached, token stops included."""
    edges: set[tuple[Hex, int]] = field(default_factory=set)
    """Hex sides the network's track touches, on both sides of each edge: a tile laid in a
    hex connects when one of its exits is in here."""

    def hex_reached(self, h: Hex) -> bool:
        """True when the network touches hex ``h`` (a side or a stop)."""
        return any(e[0] == h for e in self.edges) or any(n[0] == h for n in self.nodes)

    def connects(self, h: Hex, exits: Container[int]) -> bool:
        """True when a tile with ``exits`` in ``h`` joins the network: one of its exits is a
        side the network touches, or the network has a stop in ``h`` (a token there)."""
        if any(n[0] == h for n in self.nodes):
            return True
        return any(side in exits for (at, side) in self.edges if at == h)


def company_network(
    tiles: Mapping[Hex, PlacedTile],
    graph: TrackGraph,
    company: str,
    *,
    orientation: Orientation = Orientation.POINTY,
    blocked_sides: Container[tuple[Hex, int]] = (),
    cut: Container[tuple[Hex, int, int]] = (),
) -> Network:
    """The network of ``company`` in the position of ``tiles`` and ``graph``.

    ``blocked_sides`` holds ``(hex, side)`` pairs no track crosses (impassable borders);
    ``cut`` holds ``(hex, a, b)`` track paths (endpoint numbers as in
    :meth:`TileDef.paths_at`, either order) the walk may not use (e.g. track bridging a river
    that may not be crossed yet)."""
    net = Network()
    stops = {(s.hex, s.index): s.id for s in graph.stops}
    no_pass = graph.no_pass_mask(company)
    starts = [
        (s.hex, NODE_BASE + s.index) for s in graph.stops if (graph.token_mask(company) >> s.id) & 1
    ]

    def ends(h: Hex, end: int) -> list[tuple[int, int]]:
        placed = tiles.get(h)
        if placed is None:
            return []
        out = []
        for k, (a, b) in enumerate(placed.tile.paths_at(placed.rotation)):
            if end in (a, b) and (h, a, b) not in cut and (h, b, a) not in cut:
                out.append((k, b if a == end else a))
        return out

    def reach_node(h: Hex, end: int) -> bool:
        net.nodes.add((h, end - NODE_BASE))
        sid = stops.get((h, end - NODE_BASE))
        return sid is None or not (no_pass >> sid) & 1

    def cross(h: Hex, side: int) -> tuple[Hex, int] | None:
        net.edges.add((h, side))
        if (h, side) in blocked_sides:
            return None
        n = h.neighbor(side, orientation)
        entry = opposite(side)
        if (n, entry) in blocked_sides:
            return None
        net.edges.add((n, entry))
        return (n, entry)

    _walk(starts, ends, reach_node, cross)
    return net


class Reach:
    """A company's network on a :class:`~transcon.eighteen.graph.TrackLayout`: the same
    answers as :class:`Network` (built by :func:`company_network`), kept as stop ids and side
    numbers (``hex number * 6 + side`` of the laid hexes whose reached track ends at that
    side) instead of sets of hexes."""

    __slots__ = ("layout", "paths", "stops", "touched")

    def __init__(
        self, layout: TrackLayout, stops: int, touched: set[int], paths: set[tuple[int, int]]
    ) -> None:
        self.layout = layout
        self.stops = stops
        """Stops reached (a bitmask of stop ids), token stops included."""
        self.touched = touched
        self.paths = paths
        """The track paths walked, as (hex number, path number on its tile): 18xx.games'
        ``connected_paths``."""

    def reaches(self, stop: int) -> bool:
        return bool((self.stops >> stop) & 1)

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


def company_reach(layout: TrackLayout, graph: TrackGraph, company: str) -> Reach:
    """``company``'s network in ``layout`` with the tokens of ``graph`` (a graph of that
    layout, hops not needed): the walk of :func:`company_network` on the layout's numbers."""
    no_pass = graph.no_pass_mask(company)
    own = graph.token_mask(company)
    ends_of, stop_at, table = layout.ends_of, layout.stop_at, layout.across_table
    reached = own
    touched: set[int] = set()
    starts = [
        (layout.hex_index[s.hex], NODE_BASE + s.index) for s in layout.stops if (own >> s.id) & 1
    ]

    def ends(i: int, end: int) -> tuple[tuple[int, int], ...]:
        return ends_of[i].get(end, ())

    def reach_node(i: int, end: int) -> bool:
        nonlocal reached
        sid = stop_at[(i, end - NODE_BASE)]
        reached |= 1 << sid
        return not (no_pass >> sid) & 1

    def cross(i: int, side: int) -> tuple[int, int] | None:
        touched.add(i * 6 + side)
        j = table[i * 6 + side]
        if j == -2:
            j = layout.across(i, side)
        return None if j < 0 else (j, (side + 3) % 6)

    paths = _walk(starts, ends, reach_node, cross)
    return Reach(layout, reached, touched, paths)


def _walk(
    starts: Sequence[tuple[P, int]],
    ends: Callable[[P, int], Iterable[tuple[int, int]]],
    reach_node: Callable[[P, int], bool],
    cross: Callable[[P, int], tuple[P, int] | None],
) -> set[tuple[P, int]]:
    """18xx.games' network walk (``Graph#compute``: ``Node#walk``, ``Path#walk``), from each
    token stop in turn: in one walk every path is taken once and every stop entered once (the
    other token stops count as entered), so the walk never turns back along the track it came
    by (a train cannot reverse in a city); as its edge ``counter``, no path is entered while
    the walk is still out across one of that path's hex sides (it went out that way and came
    round back into the hex); and, as its ``converging`` paths, once the walk has left a tile
    across a side where several of that tile's paths meet, the paths and stops it takes from
    there are free again when it comes back from them (they may be walked again from
    elsewhere). ``ends(place, end)``: the paths at an end, as (path number, other end);
    ``reach_node`` records a stop and says whether the walk may go on through it; ``cross``
    records leaving a place across a side and gives the place and side entered, if any.
    Returns the paths walked, as (place, path number)."""
    walked: set[tuple[P, int]] = set()
    for start in starts:
        walked |= _walk_from(start, {s for s in starts if s != start}, ends, reach_node, cross)
    return walked


def _walk_from(
    start: tuple[P, int],
    nodes_seen: set[tuple[P, int]],
    ends: Callable[[P, int], Iterable[tuple[int, int]]],
    reach_node: Callable[[P, int], bool],
    cross: Callable[[P, int], tuple[P, int] | None],
) -> set[tuple[P, int]]:
    """One token stop's walk (see :func:`_walk`); the paths it walked."""
    paths_seen: set[tuple[P, int]] = set()
    walked: set[tuple[P, int]] = set()
    out: set[tuple[P, int]] = set()
    """Hex sides (place, side) the walk is out across now (18xx.games' edge ``counter``)."""

    def walk_node(place: P, end: int, converging: bool) -> None:
        if (place, end) in nodes_seen:
            return
        nodes_seen.add((place, end))
        for k, other in ends(place, end):
            walk_path(place, k, end, other, converging)
        if converging:
            nodes_seen.discard((place, end))

    def walk_path(place: P, k: int, entry: int, other: int, converging: bool) -> None:
        if (place, k) in paths_seen:
            return
        if out and ((place, entry) in out or (place, other) in out):
            return  # (node ends never match: sides are below NODE_BASE)
        paths_seen.add((place, k))
        walked.add((place, k))
        if other >= NODE_BASE:
            if reach_node(place, other):
                walk_node(place, other, converging)
        else:
            entered = cross(place, other)
            if entered is not None:
                nxt, side = entered
                onward = converging or _several(ends(place, other))
                out.add((place, other))
                for k2, other2 in ends(nxt, side):
                    walk_path(nxt, k2, side, other2, onward)
                out.discard((place, other))
        if converging:
            paths_seen.discard((place, k))

    reach_node(*start)
    walk_node(*start, False)
    return walked


def _several(paths: Iterable[tuple[int, int]]) -> bool:
    """Whether more than one path ends at a side (18xx.games ``converging_exit?``)."""
    return sum(1 for _ in paths) > 1
