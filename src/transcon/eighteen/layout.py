"""Track layouts: the token-free half of a :class:`~transcon.eighteen.graph.TrackGraph`.

A :class:`TrackLayout` numbers the hexes, stops and track paths of one tile layout and walks
hops on demand; :meth:`TrackLayout.graph` adds tokens (see ``docs/18xx-track-graph.md``).
:func:`~transcon.eighteen.graph.build_graph` is a layout and its full graph.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Iterable, Mapping
from itertools import accumulate, chain

from transcon.core.hexgrid import Hex, Orientation, opposite
from transcon.eighteen.graph import (
    Hop,
    HopInfo,
    PlacedTile,
    Stop,
    TokenMap,
    TrackGraph,
    _mask,
)
from transcon.eighteen.tiles import NODE_BASE, Color, NodeKind, TileDef

_NodePart = tuple[int, str, NodeKind, int, int, bool]
_Ends = dict[int, tuple[tuple[int, int], ...]]
_TileParts = tuple[TileDef, tuple[_NodePart, ...], tuple[str, ...], _Ends]
_TILE_PARTS: dict[tuple[int, int, str, int], _TileParts] = {}
"""Per laid tile (its design by identity, rotation, hex name and phase band): its stops'
fields, its paths' track names and, per path end, the ``(path number on the tile, other
end)`` pairs, as :class:`TrackLayout` numbers them. The design is kept in the entry so that a
reused id is never mistaken for it."""


def _tile_parts(tile: TileDef, rotation: int, name: str, band: int) -> _TileParts:
    key = (id(tile), rotation, name, band)
    got = _TILE_PARTS.get(key)
    if got is None or got[0] is not tile:
        if len(_TILE_PARTS) > 8192:
            _TILE_PARTS.clear()
        nodes = tuple(
            (n.index, f"{name}-{n.index}", n.kind, n.value(band), n.slots, n.terminal)
            for n in tile.nodes
        )
        paths = tile.paths_at(rotation)
        ends: dict[int, list[tuple[int, int]]] = {}
        for k, (a, b) in enumerate(paths):
            ends.setdefault(a, []).append((k, b))
            ends.setdefault(b, []).append((k, a))
        got = _TILE_PARTS[key] = (
            tile,
            nodes,
            tuple(f"{name} path {_end(a)}-{_end(b)}" for a, b in paths),
            {end: tuple(pairs) for end, pairs in ends.items()},
        )
    return got


_RawHop = tuple[int, tuple[Hex, ...], tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]
"""A hop as :meth:`TrackLayout._walk_from` keeps it: end stop, hexes, paths, edges."""


def _qr(h: Hex) -> tuple[int, int]:
    return (h.q, h.r)


_NO_PARTS: _TileParts = (TileDef("", Color.WHITE), (), (), {})
"""The parts of a hex without a tile (numbered in a layout's ``hexes``, see below)."""


class TrackLayout:
    """The tiles of a position numbered for walking: stops, track paths and hex sides.

    It is everything of a :class:`TrackGraph` that does not depend on tokens: build it once
    per tile layout and phase band, then get graphs for any tokens with :meth:`graph`, walking
    hops from every stop (the full graph) or only from the stops a check needs.

    Hexes are numbered in sorted order (hashing Hex objects is what made building slow): the
    hexes with tiles, plus ``hexes`` when given (e.g. every hex of the board, so that the
    numbering survives new tiles). Hexes without a tile have no stops and no paths, so the
    numbering of stops, paths, edges and hops of a full graph is that of a walk over the
    tiles alone. ``previous``, a layout of the same board (same ``label``, ``orientation``
    and ``blocked_sides`` objects), saves work: its numbering is kept when it covers every
    tiled hex, and the parts and stops of unchanged tiles are reused.
    """

    def __init__(
        self,
        tiles: Mapping[Hex, PlacedTile],
        *,
        label: Callable[[Hex], str],
        orientation: Orientation = Orientation.POINTY,
        band: int = 0,
        blocked_sides: Container[tuple[Hex, int]] = (),
        hexes: Iterable[Hex] = (),
        previous: TrackLayout | None = None,
    ) -> None:
        self.label = label
        self.orientation = orientation
        self.blocked_sides = blocked_sides
        self.band = band
        self.hex_order: list[Hex]
        """Per hex number: the hex."""
        self.hex_index: dict[Hex, int]
        self.names: list[str]
        """Per hex number: its label."""
        self.across_table: list[int]
        """Per ``hex number * 6 + side``: :meth:`across`, or -2 until first asked (shared by
        layouts of the same numbering; read it inline in hot loops, call :meth:`across` on
        -2)."""
        self.placed: list[PlacedTile | None]
        """Per hex number: its tile (None: none)."""
        self.stops: tuple[Stop, ...]
        self.stop_at: dict[tuple[int, int], int]
        """``(hex number, node index) -> stop id``."""
        self.first_stop: list[int]
        """Per hex number: the id of its first stop (numbered consecutively)."""
        self.index: dict[str, int]
        self._parts: list[_TileParts]
        if not self._reuse_numbering(tiles, previous):
            previous = None
            self._number_hexes(tiles, hexes)
        self._number_paths(previous)
        if previous is not None and self._same_stops(previous):
            self._renumber_changed_stops(previous)
        else:
            self._number_stops()
        self.terminal_mask = _mask(s.id for s in self.stops if s.terminal)
        self.memo: dict[object, object] = {}
        """Results derived from this layout alone (filled by title code, e.g. stop
        adjacency); a new layout starts empty."""
        self.walks: dict[int, tuple[list[_RawHop], frozenset[int]]] = {}
        """Per stop: the hops leaving it and the hex numbers their walk looked at."""

    def _reuse_numbering(
        self, tiles: Mapping[Hex, PlacedTile], previous: TrackLayout | None
    ) -> bool:
        """Take ``previous``'s hex numbering (and set ``placed``) when it is of the same board
        and numbers every tiled hex; False (nothing set) otherwise."""
        if (
            previous is None
            or previous.label != self.label
            or previous.orientation != self.orientation
            or previous.blocked_sides is not self.blocked_sides
        ):
            return False
        placed: list[PlacedTile | None] = [None] * len(previous.hex_order)
        numbers = previous.hex_index
        for h, laid in tiles.items():
            at = numbers.get(h)
            if at is None:
                return False
            placed[at] = laid
        self.hex_order = previous.hex_order
        self.hex_index = previous.hex_index
        self.names = previous.names
        self.across_table = previous.across_table
        self.placed = placed
        return True

    def _number_hexes(self, tiles: Mapping[Hex, PlacedTile], hexes: Iterable[Hex]) -> None:
        """A fresh hex numbering: the tiled hexes and ``hexes``, in sorted order."""
        self.hex_order = sorted({*tiles, *hexes}, key=_qr)
        self.hex_index = {h: i for i, h in enumerate(self.hex_order)}
        self.names = [self.label(h) for h in self.hex_order]
        self.across_table = [-2] * (6 * len(self.hex_order))
        self.placed = [tiles.get(h) for h in self.hex_order]

    def _number_paths(self, previous: TrackLayout | None) -> None:
        """Each hex's tile parts (reused from ``previous`` for an unchanged tile in the same
        band) and the track ids of their paths."""
        names, band = self.names, self.band
        parts: list[_TileParts] = []
        same_band = previous is not None and previous.band == band
        for i, p in enumerate(self.placed):
            if p is None:
                parts.append(_NO_PARTS)
            elif same_band and p is previous.placed[i]:  # type: ignore[union-attr]
                parts.append(previous._parts[i])  # type: ignore[union-attr]
            else:
                parts.append(_tile_parts(p.tile, p.rotation, names[i], band))
        self._parts = parts
        self.ends_of: list[_Ends] = [part[3] for part in parts]
        """Per hex number: path end -> ``(path number on the tile, other end)`` pairs."""
        self.path_base: list[int] = []
        """Per hex number: the track id of its tile's first path."""
        path_names: list[str] = []
        for part in parts:
            self.path_base.append(len(path_names))
            path_names.extend(part[2])
        self.path_names = tuple(path_names)

    def _renumber_changed_stops(self, previous: TrackLayout) -> None:
        """``previous``'s stop numbering, with the stops of changed tiles made anew."""
        stops = list(previous.stops)
        for i, p in enumerate(self.placed):
            if p is not previous.placed[i] and p is not None:
                h, first, tile = self.hex_order[i], previous.first_stop[i], p.tile
                for index, sig, kind, value, slots, terminal in self._parts[i][1]:
                    stops[first + index] = Stop(
                        first + index, sig, h, index, kind, value, slots, terminal, tile.name
                    )
        self.stop_at = previous.stop_at
        self.first_stop = previous.first_stop
        self.stops = tuple(stops)
        self.index = previous.index

    def _number_stops(self) -> None:
        """A fresh stop numbering: hex by hex, node by node."""
        stops: list[Stop] = []
        self.stop_at = {}
        self.first_stop = []
        for i, h in enumerate(self.hex_order):
            self.first_stop.append(len(stops))
            p = self.placed[i]
            if p is None:
                continue
            name = p.tile.name
            for index, sig, kind, value, slots, terminal in self._parts[i][1]:
                sid = len(stops)
                self.stop_at[(i, index)] = sid
                stops.append(Stop(sid, sig, h, index, kind, value, slots, terminal, name))
        self.stops = tuple(stops)
        self.index = {s.sig: s.id for s in stops}

    def derive(self, changes: Mapping[Hex, PlacedTile | None]) -> TrackLayout:
        """This layout with the tiles in ``changes`` laid (None: removed), at the cost of
        the changes only: the same as a layout built from the new tiles with this one as
        ``previous``, when every changed hex is numbered here (else that is what it does)."""
        numbers = self.hex_index
        at = [numbers.get(h) for h in changes]
        if any(i is None for i in at):
            tiles = {
                h: p for h, p in zip(self.hex_order, self.placed, strict=True) if p is not None
            }
            for h, laid in changes.items():
                if laid is None:
                    tiles.pop(h, None)
                else:
                    tiles[h] = laid
            return TrackLayout(
                tiles,
                label=self.label,
                orientation=self.orientation,
                band=self.band,
                blocked_sides=self.blocked_sides,
                hexes=self.hex_order,
                previous=self,
            )
        out = object.__new__(TrackLayout)
        for name in (
            "label",
            "orientation",
            "blocked_sides",
            "band",
            "hex_order",
            "hex_index",
            "names",
            "across_table",
        ):
            setattr(out, name, getattr(self, name))
        placed, parts = list(self.placed), list(self._parts)
        ends_of = list(self.ends_of)
        same_nodes = True
        for i, tile in zip(at, changes.values(), strict=True):
            assert i is not None
            before = placed[i]
            if tile is before:
                continue
            placed[i] = tile
            parts[i] = (
                _NO_PARTS
                if tile is None
                else _tile_parts(tile.tile, tile.rotation, self.names[i], self.band)
            )
            ends_of[i] = parts[i][3]
            if len(parts[i][1]) != len(self._parts[i][1]):
                same_nodes = False
        out.placed, out._parts, out.ends_of = placed, parts, ends_of
        out.path_base, out.path_names = self._paths_with(parts, at)
        if same_nodes:
            stops = list(self.stops)
            for i in at:
                assert i is not None
                tile = placed[i]
                if tile is not None and tile is not self.placed[i]:
                    h, first = self.hex_order[i], self.first_stop[i]
                    for index, sig, kind, value, slots, terminal in parts[i][1]:
                        stops[first + index] = Stop(
                            first + index,
                            sig,
                            h,
                            index,
                            kind,
                            value,
                            slots,
                            terminal,
                            tile.tile.name,
                        )
            out.stops = tuple(stops)
            out.stop_at, out.first_stop, out.index = self.stop_at, self.first_stop, self.index
            out.terminal_mask = _mask(s.id for s in out.stops if s.terminal)
            out.memo = {}
            changed = {i for i in at if placed[i] is not self.placed[i]}  # type: ignore[index]
            out.walks = {
                stop: walk for stop, walk in self.walks.items() if walk[1].isdisjoint(changed)
            }
            return out
        tiles = {h: p for h, p in zip(self.hex_order, placed, strict=True) if p is not None}
        return TrackLayout(
            tiles,
            label=self.label,
            orientation=self.orientation,
            band=self.band,
            blocked_sides=self.blocked_sides,
            previous=self,
        )

    def _paths_with(
        self, parts: list[_TileParts], at: list[int | None]
    ) -> tuple[list[int], tuple[str, ...]]:
        """:attr:`path_base` and :attr:`path_names` of this layout's numbering with the
        tile ``parts`` (changed at the hex numbers ``at`` only): for one changed hex, this
        layout's with that hex's paths replaced (the ids after it shift)."""
        if len(at) == 1 and at[0] is not None:
            i = at[0]
            old, new = self._parts[i][2], parts[i][2]
            start, shift = self.path_base[i], len(new) - len(old)
            base = self.path_base
            if shift:
                base = base[: i + 1] + [b + shift for b in base[i + 1 :]]
            names = self.path_names
            return base, names[:start] + new + names[start + len(old) :]
        base = list(accumulate((len(part[2]) for part in parts), initial=0))[:-1]
        return base, tuple(chain.from_iterable(part[2] for part in parts))

    def _same_stops(self, previous: TrackLayout) -> bool:
        """True when ``previous`` (of the same numbering) has the same nodes in each hex (then
        its stop numbering holds and only the stops of changed tiles are new)."""
        if previous.band != self.band:
            return False
        for p, before in zip(self.placed, previous.placed, strict=True):
            if p is not before:
                old = len(before.tile.nodes) if before is not None else 0
                new = len(p.tile.nodes) if p is not None else 0
                if new != old:
                    return False
        return True

    def across(self, i: int, side: int) -> int:
        """The hex number track leaving hex number ``i`` across ``side`` enters; -1 when that
        hex is not numbered (no tile, not in ``hexes``) or the side is impassable (from either
        hex). A numbered hex may have no tile: it has no track (``ends_of`` is empty)."""
        j = self.across_table[i * 6 + side]
        if j == -2:
            h = self.hex_order[i]
            j = -1
            blocked = self.blocked_sides
            if (h, side) not in blocked:
                got = self.hex_index.get(h.neighbor(side, self.orientation))
                if got is not None and (self.hex_order[got], opposite(side)) not in blocked:
                    j = got
            self.across_table[i * 6 + side] = j
        return j

    def graph(
        self,
        *,
        tokens: TokenMap | None = None,
        extra_tokens: TokenMap | None = None,
        started: Container[str] | None = None,
        hops_from: Collection[int] | None = None,
        between: bool = False,
    ) -> TrackGraph:
        """The graph of this layout with ``tokens`` (see :func:`build_graph`). Hops are walked
        from every stop (``hops_from`` None: the full graph) or only from the stop ids in
        ``hops_from`` (enough to check routes through those stops: ``adj`` of the other stops
        is empty, and track ids of edges are numbered in the order of the hops found); with
        ``between`` only the hops ending at a stop of ``hops_from`` are kept. The walks from
        single stops are kept in the layout (:attr:`walks`) and carried to the layouts
        :meth:`derive` makes when no hex they looked at changed."""
        stops = self.stops
        tokens = tokens or {}
        extra_tokens = extra_tokens or {}
        if hops_from is None or hops_from:
            adj: list[list[Hop]] = [[] for _ in stops]
            hops: list[HopInfo] = []
            names = list(self.path_names)
            # every stop's walk (or those from ``hops_from``): those kept from the layout this
            # one was derived from are reused (a tile laid changes only the walks that looked
            # at its hex)
            if hops_from is None:
                self._assemble(adj, hops, names, range(len(stops)), False)
            else:
                self._assemble(adj, hops, names, hops_from, between)
            graph_adj = tuple(tuple(a) for a in adj)
            graph_hops, track_names = tuple(hops), tuple(names)
        else:  # stops and tokens only
            graph_adj, graph_hops, track_names = ((),) * len(stops), (), self.path_names
        return TrackGraph(
            stops=stops,
            adj=graph_adj,
            hops=graph_hops,
            track_names=track_names,
            path_bits=(1 << len(self.path_names)) - 1,
            slot_tokens=self._per_stop(tokens),
            extra_tokens=self._per_stop(extra_tokens),
            started=started,
            index=self.index,
            terminal_mask=self.terminal_mask,
        )

    def _assemble(
        self,
        adj: list[list[Hop]],
        hops: list[HopInfo],
        track_names: list[str],
        hops_from: Collection[int],
        between: bool,
    ) -> None:
        """Hops of a partial graph from the walks of single stops (:meth:`_walk_from`)."""
        names, path_base = self.names, self.path_base
        edge_ids: dict[int, int] = {}
        # in stop order (a stop's id is its place in :attr:`stops`)
        for start in hops_from if isinstance(hops_from, range) else sorted(hops_from):
            out = adj[start]
            for end, hexes, refs, edge_refs in self._walk_from(start):
                if between and end not in hops_from:
                    continue
                track = 0
                paths = []
                for i, k in refs:
                    t = path_base[i] + k
                    paths.append(t)
                    track |= 1 << t
                edges = []
                for key, lo, hi in edge_refs:
                    t = edge_ids.get(key, -1)
                    if t < 0:
                        t = edge_ids[key] = len(track_names)
                        track_names.append(f"edge {names[lo]}/{names[hi]}")
                    edges.append(t)
                    track |= 1 << t
                hid = len(hops)
                hops.append(HopInfo(hid, start, end, hexes, tuple(paths), tuple(edges), track))
                out.append(Hop(end, track, hid))

    def _walk_from(self, stop: int) -> list[_RawHop]:
        """The hops leaving ``stop``, their track named by ``(hex number, path on the tile)``
        and ``(edge key, lower hex number, higher hex number)`` (memoised in :attr:`walks`
        with the hex numbers the walk looked at)."""
        got = self.walks.get(stop)
        if got is not None:
            return got[0]
        out: list[_RawHop] = []
        s = self.stops[stop]
        i0 = self.hex_index[s.hex]
        looked = {i0}
        h = s.hex
        walker = _HopWalk(self, out, looked)
        for k, other in self.ends_of[i0].get(NODE_BASE + s.index, ()):
            if other >= NODE_BASE:
                out.append((self.stop_at[(i0, other - NODE_BASE)], (h, h), ((i0, k),), ()))
            else:
                walker.walk(i0, other, [h], [(i0, k)], [])
        self.walks[stop] = (out, frozenset(looked))
        return out

    def _per_stop(self, tokens: TokenMap) -> tuple[tuple[str, ...], ...]:
        """``tokens`` by stop id (cities of hexes without a tile, or nodes the tile lacks,
        are left out, as a walk over the stops would)."""
        out: list[tuple[str, ...]] = [()] * len(self.stops)
        hex_index, stop_at = self.hex_index, self.stop_at
        for (h, k), companies in tokens.items():
            i = hex_index.get(h)
            sid = None if i is None else stop_at.get((i, k))
            if sid is not None:
                out[sid] = tuple(companies)
        return tuple(out)


class _HopWalk:
    """The depth-first walk of :meth:`TrackLayout._walk_from` from one path of a stop (a
    class, not a recursive closure: a closure refers to itself, and every walk would leave a
    cycle for the collector). ``refs`` and ``edges`` are the current walk's paths and hex
    edges in order; the sets beside them answer "taken already?" at once."""

    __slots__ = ("across", "ends_of", "hex_order", "layout", "looked", "out", "stop_at")

    def __init__(self, layout: TrackLayout, out: list[_RawHop], looked: set[int]) -> None:
        self.layout = layout
        self.across = layout.across_table
        self.ends_of = layout.ends_of
        self.hex_order = layout.hex_order
        self.stop_at = layout.stop_at
        self.out = out
        self.looked = looked

    def walk(
        self,
        i: int,
        side: int,
        hexes: list[Hex],
        refs: list[tuple[int, int]],
        edges: list[tuple[int, int, int]],
    ) -> None:
        j = self.across[i * 6 + side]
        if j == -2:
            j = self.layout.across(i, side)
        if j < 0:
            return  # no numbered hex there: it can never get a tile
        self.looked.add(j)
        entry = (side + 3) % 6
        candidates = self.ends_of[j].get(entry)
        if not candidates:
            return
        key = i * 6 + side if i < j else j * 6 + entry
        for e in edges:
            if e[0] == key:
                return
        edges.append((key, min(i, j), max(i, j)))
        hexes.append(self.hex_order[j])
        for k, other in candidates:
            if (j, k) in refs:
                continue
            refs.append((j, k))
            if other >= NODE_BASE:
                end = self.stop_at[(j, other - NODE_BASE)]
                self.out.append((end, tuple(hexes), tuple(refs), tuple(edges)))
            else:
                self.walk(j, other, hexes, refs, edges)
            refs.pop()
        hexes.pop()
        edges.pop()


def _end(end: int) -> str:
    return str(end) if end < NODE_BASE else f"n{end - NODE_BASE}"
