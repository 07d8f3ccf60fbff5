"""The track graph: stops joined by hops of track, built from a board state.

This is the structure the route validator and the route optimiser search. It is rebuilt at
every position, so building it is a single pass over the laid tiles, and everything a search
touches in its inner loop is an int, a tuple or an int bitmask. The API is documented in
``docs/18xx-track-graph.md``.

* A **stop** is a city, town or off-board node, numbered ``0..n-1`` and named like an
  18xx.games node signature, ``"HEX-k"`` (k = the node's index in the tile definition).
* A **track id** is one bit of a Python int. Every track path of every laid tile has one, and
  every hex edge crossed by track has one (the edge between two hexes is a single id).
* A **hop** is one way to run from a stop to the next stop without stopping in between: a
  walk over track that never reuses an edge. ``graph.adj[s]`` lists the hops leaving stop ``s``;
  ``hop.track`` is the set of track ids (paths and edges) it consumes. A route is a sequence of
  hops ``s0 -> s1 -> ... -> sk`` whose track masks are pairwise disjoint.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from transcon.core.hexgrid import Hex, Orientation, opposite
from transcon.eighteen.tiles import NODE_BASE, NodeKind, TileDef


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the map: its design and rotation (sixths of a turn clockwise)."""

    tile: TileDef
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class Stop:
    """A node of the graph: a city, town or off-board area on the current tile of a hex."""

    id: int
    sig: str
    hex: Hex
    index: int
    kind: NodeKind
    value: int
    slots: int
    terminal: bool
    tile: str


class Hop(NamedTuple):
    """One way from a stop to the next stop. Cheap to copy; compare ``track`` masks with ``&``."""

    to: int
    """The stop reached."""
    track: int
    """Bitmask of the track ids (paths and hex edges) this hop uses."""
    id: int
    """Index into ``graph.hops`` for the details (hexes walked, start stop)."""


@dataclass(frozen=True, slots=True)
class HopInfo:
    """Details of a hop, for validation messages and for matching recorded routes."""

    id: int
    start: int
    end: int
    hexes: tuple[Hex, ...]
    """The hexes walked, one entry per track path used (start hex first, end hex last)."""
    paths: tuple[int, ...]
    """Track ids of the paths used, in walking order."""
    edges: tuple[int, ...]
    """Track ids of the hex edges crossed, in walking order."""
    track: int


TokenMap = Mapping[tuple[Hex, int], Sequence[str]]
"""Tokens per city: ``(hex, node index) -> companies`` in its slots."""


class TrackGraph:
    """Stops, hops and tokens of one board position (see the module docstring)."""

    def __init__(
        self,
        stops: tuple[Stop, ...],
        adj: tuple[tuple[Hop, ...], ...],
        hops: tuple[HopInfo, ...],
        track_names: tuple[str, ...],
        path_bits: int,
        slot_tokens: tuple[tuple[str, ...], ...],
        extra_tokens: tuple[tuple[str, ...], ...],
        started: Container[str] | None,
    ) -> None:
        self.stops = stops
        self.adj = adj
        self.hops = hops
        self.track_names = track_names
        self.path_bits = path_bits
        """Mask of every track id that is a path (the others are hex edges)."""
        self.slot_tokens = slot_tokens
        """Per stop: companies holding its token slots (in slot order)."""
        self.extra_tokens = extra_tokens
        """Per stop: tokens beside the city that use no slot (e.g. Mayfair destination tokens)."""
        self.started = started
        self.index: dict[str, int] = {s.sig: s.id for s in stops}
        self.terminal_mask = _mask(s.id for s in stops if s.terminal)
        self._token_cache: dict[str, int] = {}
        self._blocked_cache: dict[str, int] = {}

    # -- lookup -----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.stops)

    def stop(self, sig: str) -> Stop:
        """The stop named ``"HEX-k"`` (KeyError if there is none)."""
        return self.stops[self.index[sig]]

    def stops_in(self, h: Hex) -> list[Stop]:
        return [s for s in self.stops if s.hex == h]

    def values(self) -> list[int]:
        """Base value of every stop at this graph's phase band (index = stop id)."""
        return [s.value for s in self.stops]

    def track_name(self, bit: int) -> str:
        """Readable name of a track id: ``"E12 path 0-3"`` or ``"edge E12/E14"``."""
        return self.track_names[bit]

    def describe_track(self, mask: int) -> list[str]:
        return [self.track_names[i] for i in _bits(mask)]

    # -- tokens -----------------------------------------------------------------------------
    def tokens_at(self, stop: int) -> tuple[str, ...]:
        return self.slot_tokens[stop] + self.extra_tokens[stop]

    def token_mask(self, company: str) -> int:
        """Stops holding a token of ``company`` (slot or extra), as a bitmask."""
        got = self._token_cache.get(company)
        if got is None:
            got = _mask(i for i in range(len(self.stops)) if company in self.tokens_at(i))
            self._token_cache[company] = got
        return got

    def blocked_mask(self, company: str) -> int:
        """Cities ``company`` may run to but not through (seed 003 §8.1).

        A city blocks when every slot holds a token of another *started* company and
        ``company`` has no token there. Tokens of companies not in ``started`` never block.
        """
        got = self._blocked_cache.get(company)
        if got is None:
            own = self.token_mask(company)
            started = self.started
            got = 0
            for s in self.stops:
                if s.kind is not NodeKind.CITY or s.slots == 0 or (own >> s.id) & 1:
                    continue
                holders = [c for c in self.slot_tokens[s.id] if started is None or c in started]
                if len(holders) >= s.slots:
                    got |= 1 << s.id
            self._blocked_cache[company] = got
        return got

    def no_pass_mask(self, company: str) -> int:
        """Stops a route of ``company`` may only start or end at (off-boards, blocked cities)."""
        return self.terminal_mask | self.blocked_mask(company)

    def find_hops(self, start: int, end: int) -> list[Hop]:
        return [h for h in self.adj[start] if h.to == end]


def _mask(ids: Iterable[int]) -> int:
    m = 0
    for i in ids:
        m |= 1 << i
    return m


def _bits(mask: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def build_graph(
    tiles: Mapping[Hex, PlacedTile],
    *,
    label: Callable[[Hex], str],
    orientation: Orientation = Orientation.POINTY,
    band: int = 0,
    tokens: TokenMap | None = None,
    extra_tokens: TokenMap | None = None,
    started: Container[str] | None = None,
    blocked_sides: Container[tuple[Hex, int]] = (),
) -> TrackGraph:
    """Build the graph of a board position.

    ``tiles`` holds every hex with track or stops (preprinted ones included); ``label`` names
    hexes (``board.label``); ``band`` picks off-board values; ``tokens`` and ``extra_tokens``
    give the companies in each city's slots and beside it; ``started`` lists companies whose
    tokens block (None: every token blocks); ``blocked_sides`` holds ``(hex, side)`` pairs no
    track may cross (impassable borders).
    """
    tokens = tokens or {}
    extra_tokens = extra_tokens or {}
    hex_order = sorted(tiles)
    stops: list[Stop] = []
    stop_at: dict[tuple[Hex, int], int] = {}
    track_names: list[str] = []
    # per hex: endpoint -> list of (path track id, other endpoint)
    ends_of: dict[Hex, dict[int, list[tuple[int, int]]]] = {}
    for h in hex_order:
        placed = tiles[h]
        tile = placed.tile
        name = label(h)
        for node in tile.nodes:
            sid = len(stops)
            stop_at[(h, node.index)] = sid
            stops.append(
                Stop(
                    sid,
                    f"{name}-{node.index}",
                    h,
                    node.index,
                    node.kind,
                    node.value(band),
                    node.slots,
                    node.terminal,
                    tile.name,
                )
            )
        ends: dict[int, list[tuple[int, int]]] = {}
        for a, b in tile.paths_at(placed.rotation):
            pid = len(track_names)
            track_names.append(f"{name} path {_end(a)}-{_end(b)}")
            ends.setdefault(a, []).append((pid, b))
            ends.setdefault(b, []).append((pid, a))
        ends_of[h] = ends
    path_bits = (1 << len(track_names)) - 1

    edge_ids: dict[tuple[Hex, int], int] = {}

    def edge_id(h: Hex, side: int, n: Hex) -> int:
        key = (h, side) if h < n else (n, opposite(side))
        eid = edge_ids.get(key)
        if eid is None:
            eid = len(track_names)
            edge_ids[key] = eid
            other = key[0].neighbor(key[1], orientation)
            track_names.append(f"edge {label(key[0])}/{label(other)}")
        return eid

    adj: list[list[Hop]] = [[] for _ in stops]
    hops: list[HopInfo] = []

    def emit(start: int, end: int, hexes: list[Hex], paths: list[int], edges: list[int]) -> None:
        track = 0
        for t in paths:
            track |= 1 << t
        for t in edges:
            track |= 1 << t
        hid = len(hops)
        hops.append(HopInfo(hid, start, end, tuple(hexes), tuple(paths), tuple(edges), track))
        adj[start].append(Hop(end, track, hid))

    def walk(
        start: int, h: Hex, side: int, hexes: list[Hex], paths: list[int], edges: list[int]
    ) -> None:
        """Continue a hop leaving hex ``h`` across ``side``."""
        if (h, side) in blocked_sides:
            return
        n = h.neighbor(side, orientation)
        n_ends = ends_of.get(n)
        if n_ends is None:
            return
        entry = opposite(side)
        if (n, entry) in blocked_sides:
            return
        candidates = n_ends.get(entry)
        if not candidates:
            return
        eid = edge_id(h, side, n)
        if eid in edges:
            return
        edges.append(eid)
        hexes.append(n)
        for pid, other in candidates:
            if pid in paths:
                continue
            paths.append(pid)
            if other >= NODE_BASE:
                emit(start, stop_at[(n, other - NODE_BASE)], hexes, paths, edges)
            else:
                walk(start, n, other, hexes, paths, edges)
            paths.pop()
        hexes.pop()
        edges.pop()

    for s in stops:
        h = s.hex
        own_end = NODE_BASE + s.index
        for pid, other in ends_of[h].get(own_end, ()):
            if other >= NODE_BASE:
                emit(s.id, stop_at[(h, other - NODE_BASE)], [h, h], [pid], [])
            else:
                walk(s.id, h, other, [h], [pid], [])

    slot_tokens = tuple(tuple(tokens.get((s.hex, s.index), ())) for s in stops)
    extra = tuple(tuple(extra_tokens.get((s.hex, s.index), ())) for s in stops)
    return TrackGraph(
        stops=tuple(stops),
        adj=tuple(tuple(a) for a in adj),
        hops=tuple(hops),
        track_names=tuple(track_names),
        path_bits=path_bits,
        slot_tokens=slot_tokens,
        extra_tokens=extra,
        started=started,
    )


def _end(end: int) -> str:
    return str(end) if end < NODE_BASE else f"n{end - NODE_BASE}"
