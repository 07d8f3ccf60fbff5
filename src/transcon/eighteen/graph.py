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

from transcon.core.hexgrid import Hex, Orientation
from transcon.eighteen.tiles import NodeKind, TileDef


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
        index: dict[str, int] | None = None,
        terminal_mask: int | None = None,
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
        self.index: dict[str, int] = {s.sig: s.id for s in stops} if index is None else index
        """``sig -> stop id`` (may be shared with other graphs of the layout: do not change)."""
        self.terminal_mask = (
            _mask(s.id for s in stops if s.terminal) if terminal_mask is None else terminal_mask
        )
        self._token_cache: dict[str, int] = {}
        self._blocked_cache: dict[str, int] = {}
        self._hops_by_end: dict[int, dict[int, tuple[Hop, ...]]] = {}
        self._held_slots: list[tuple[int, tuple[str, ...]]] | None = None
        self.memo: dict[str, object] = {}
        """Answers computed from this graph alone (e.g. the compiled optimiser's merged track
        ids), kept for the next question on the same graph."""
        self.stop_groups: tuple[int, ...] = ()
        """Per stop: the mask of the stops of its stop group (itself alone when it has none),
        or empty when no stop is grouped. Stops of one group (e.g. the hexes of one off-board
        area) count as one location: a route may include at most one of them."""

    def set_stop_groups(self, group_of: Callable[[Stop], str | None]) -> None:
        """Group the stops: those with the same non-None ``group_of`` form one stop group."""
        members: dict[str, int] = {}
        for s in self.stops:
            name = group_of(s)
            if name is not None:
                members[name] = members.get(name, 0) | (1 << s.id)
        groups = []
        for s in self.stops:
            name = group_of(s)
            groups.append(members[name] if name is not None else 1 << s.id)
        self.stop_groups = tuple(groups) if any(g & (g - 1) for g in groups) else ()
        self._token_cache.clear()  # a token in one stop of a group is in the whole group

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
        """Stops holding a token of ``company`` (slot or extra), as a bitmask. A token in one
        stop of a stop group counts in every stop of the group (one location: an off-board
        area of several hexes has one token place)."""
        cache = self._token_cache
        if not cache:
            cache[""] = 0  # filled: companies without tokens get 0 below
            groups = self.stop_groups
            for i, held in self._slot_holders() + self._held(self.extra_tokens):
                for c in held:
                    cache[c] = cache.get(c, 0) | (groups[i] if groups else 1 << i)
        return cache.get(company, 0)

    def _slot_holders(self) -> list[tuple[int, tuple[str, ...]]]:
        """The stops whose token slots hold tokens, with their tokens (found once)."""
        if self._held_slots is None:
            self._held_slots = self._held(self.slot_tokens)
        return self._held_slots

    @staticmethod
    def _held(tokens: tuple[tuple[str, ...], ...]) -> list[tuple[int, tuple[str, ...]]]:
        """The stops holding tokens, with their tokens (most stops hold none)."""
        return [(i, held) for i, held in enumerate(tokens) if held]

    def blocked_mask(self, company: str) -> int:
        """Cities ``company`` may run to but not through (seed 003 §8.1).

        A city blocks when every slot holds a token of another *started* company and
        ``company`` has no token there. Tokens of companies not in ``started`` never block.
        """
        got = self._blocked_cache.get(company)
        if got is None:
            full = self._blocked_cache.get("")
            if full is None:
                # cities whose slots are all held by started companies' tokens
                started = self.started
                full = 0
                for i, held in self._slot_holders():
                    s = self.stops[i]
                    if s.kind is not NodeKind.CITY or s.slots == 0:
                        continue
                    holders = [c for c in held if started is None or c in started]
                    if len(holders) >= s.slots:
                        full |= 1 << i
                self._blocked_cache[""] = full
            got = full & ~self.token_mask(company)
            self._blocked_cache[company] = got
        return got

    def no_pass_mask(self, company: str) -> int:
        """Stops a route of ``company`` may only start or end at (off-boards, blocked cities)."""
        return self.terminal_mask | self.blocked_mask(company)

    def find_hops(self, start: int, end: int) -> tuple[Hop, ...]:
        """The hops from ``start`` to ``end``, in graph order."""
        by_end = self._hops_by_end.get(start)
        if by_end is None:
            found: dict[int, list[Hop]] = {}
            for hop in self.adj[start]:
                found.setdefault(hop.to, []).append(hop)
            # tuples of plain values: the cycle collector stops tracking them
            by_end = self._hops_by_end[start] = {k: tuple(v) for k, v in found.items()}
        return by_end.get(end, ())


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
    with_hops: bool = True,
) -> TrackGraph:
    """Build the graph of a board position.

    ``tiles`` holds every hex with track or stops (preprinted ones included); ``label`` names
    hexes (``board.label``); ``band`` picks off-board values; ``tokens`` and ``extra_tokens``
    give the companies in each city's slots and beside it; ``started`` lists companies whose
    tokens block (None: every token blocks); ``blocked_sides`` holds ``(hex, side)`` pairs no
    track may cross (impassable borders). With ``with_hops=False`` no hops are walked: the graph
    has its stops and tokens only (enough for :func:`~transcon.eighteen.network.company_reach`,
    which walks the tiles itself), at a fraction of the cost. (:class:`TrackLayout` is the
    token-free half, for building graphs of one layout with different tokens or hops.)
    """
    from transcon.eighteen.layout import TrackLayout

    layout = TrackLayout(
        tiles, label=label, orientation=orientation, band=band, blocked_sides=blocked_sides
    )
    return layout.graph(
        tokens=tokens,
        extra_tokens=extra_tokens,
        started=started,
        hops_from=None if with_hops else (),
    )


def stops_within_reach(
    graph: TrackGraph,
    company: str,
    starts: Iterable[int],
    neighbours: Callable[[int], Iterable[int]],
) -> set[int]:
    """The stops walked from ``starts`` over ``neighbours`` (the next stops along track),
    never onward from a stop ``company`` may only end at (off-boards, cities its tokens may
    not pass; its own token stops are always passed). A superset of the stops of any route of
    ``company`` joining a stop of ``starts``: a stop outside it rules such a route out at
    once, without a search."""
    tokens = graph.token_mask(company)
    no_pass = graph.no_pass_mask(company)
    seen = set(starts)
    todo = list(seen)
    while todo:
        here = todo.pop()
        if not tokens >> here & 1 and no_pass >> here & 1:
            continue
        for nxt in neighbours(here):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
