"""A company's network: the track and stops reachable from its station tokens.

Standard 18xx rule (1870-base.md §7.1, §7.2): new track must connect to track reachable from
one of the company's tokens, and a new token goes in a city reachable that way. The walk
starts at every stop holding a token of the company (:meth:`TrackGraph.token_mask`), follows
the track of the laid tiles path by path and, like a train, never continues through a stop the
company may not pass (:meth:`TrackGraph.no_pass_mask`: off-boards and cities full of other
companies' tokens). Unlike the track graph's hops it also follows track that ends nowhere (a
stub waiting to be extended), so every hex edge the network touches is known.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field

from transcon.core.hexgrid import Hex, Orientation, opposite
from transcon.eighteen.graph import PlacedTile, TrackGraph
from transcon.eighteen.layout import TrackLayout
from transcon.eighteen.tiles import NODE_BASE


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
    todo: list[tuple[Hex, int]] = []
    for s in graph.stops:
        if (graph.token_mask(company) >> s.id) & 1:
            net.nodes.add((s.hex, s.index))
            todo.append((s.hex, NODE_BASE + s.index))
    seen: set[tuple[Hex, int]] = set(todo)
    while todo:
        h, end = todo.pop()
        placed = tiles.get(h)
        if placed is None:
            continue
        for a, b in placed.tile.paths_at(placed.rotation):
            if end not in (a, b) or (h, a, b) in cut or (h, b, a) in cut:
                continue
            other = b if a == end else a
            if other >= NODE_BASE:
                node = (h, other - NODE_BASE)
                net.nodes.add(node)
                sid = stops.get(node)
                if sid is not None and (no_pass >> sid) & 1:
                    continue  # reached, but not passed through
                nxt = (h, other)
            else:
                net.edges.add((h, other))
                if (h, other) in blocked_sides:
                    continue
                n = h.neighbor(other, orientation)
                entry = opposite(other)
                if (n, entry) in blocked_sides:
                    continue
                net.edges.add((n, entry))
                nxt = (n, entry)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return net


class Reach:
    """A company's network on a :class:`~transcon.eighteen.graph.TrackLayout`: the same
    answers as :class:`Network` (built by :func:`company_network`), kept as stop ids and side
    numbers (``hex number * 6 + side`` of the laid hexes whose reached track ends at that
    side) instead of sets of hexes."""

    __slots__ = ("layout", "stops", "touched")

    def __init__(self, layout: TrackLayout, stops: int, touched: set[int]) -> None:
        self.layout = layout
        self.stops = stops
        """Stops reached (a bitmask of stop ids), token stops included."""
        self.touched = touched

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
    todo: list[tuple[int, int]] = []
    for s in layout.stops:
        if (own >> s.id) & 1:
            todo.append((layout.hex_index[s.hex], NODE_BASE + s.index))
    seen = {i * 16 + end for i, end in todo}
    while todo:
        i, end = todo.pop()
        for _, other in ends_of[i].get(end, ()):
            if other >= NODE_BASE:
                sid = stop_at[(i, other - NODE_BASE)]
                reached |= 1 << sid
                if (no_pass >> sid) & 1:
                    continue  # reached, but not passed through
                nxt, at = i, other
            else:
                touched.add(i * 6 + other)
                j = table[i * 6 + other]
                if j == -2:
                    j = layout.across(i, other)
                if j < 0:
                    continue
                nxt, at = j, (other + 3) % 6
            key = nxt * 16 + at
            if key not in seen:
                seen.add(key)
                todo.append((nxt, at))
    return Reach(layout, reached, touched)
