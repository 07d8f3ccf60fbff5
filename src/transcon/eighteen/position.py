"""An 18xx board position for routing: tiles laid, station tokens, phase.

:class:`Position18xx` is what the route engine needs to know about any 18xx game at the moment
trains run: the tiles on the map (the preprinted ones until replaced), the station tokens in
each city's slots and beside it, which companies have started, the phase. Its
:meth:`~Position18xx.graph` builds the :class:`~transcon.eighteen.graph.TrackGraph` (cached
until the position changes). A title subclasses it for its own facts (1870:
:class:`transcon.titles.t1870.position.Position1870`, destination and private tokens); the
bridge from a game state to it is :mod:`transcon.eighteen.bridge`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from transcon.core.board import Board
from transcon.core.errors import InputError
from transcon.core.hexgrid import Hex
from transcon.eighteen.graph import PlacedTile, TokenMap, TrackGraph
from transcon.eighteen.layout import TrackLayout
from transcon.eighteen.tilefile import Board18xx
from transcon.eighteen.tiles import (
    Color,
    NodeKind,
    TileDef,
    TileError,
    TileSet,
    node_mapping,
    upgrade_problem,
)


class MapData(Protocol):
    """A title's map: the board, its 18xx layer (preprinted tiles, labels, off-board values
    by phase) and the tile set."""

    @property
    def board(self) -> Board: ...

    @property
    def layer(self) -> Board18xx: ...

    @property
    def tiles(self) -> TileSet: ...


_BLANK = TileDef("blank", Color.WHITE)
"""An empty white hex (no preprinted tile)."""


@dataclass(slots=True)
class Position18xx:
    """Tiles, station tokens, started and closed companies and phase of an 18xx game."""

    data: MapData
    tiles: dict[Hex, PlacedTile] = field(default_factory=dict)
    tokens: dict[tuple[Hex, int], list[str | None]] = field(default_factory=dict)
    """Token slots of each city, ``None`` for an empty slot."""
    extra_tokens: dict[tuple[Hex, int], list[str]] = field(default_factory=dict)
    started: set[str] = field(default_factory=set)
    phase: str = "1"
    closed: set[str] = field(default_factory=set)
    """Companies removed from play with all their tokens."""
    _graph: TrackGraph | None = None
    _layout: TrackLayout | None = None
    _token_maps: tuple[TokenMap, TokenMap, frozenset[str]] | None = None

    def __post_init__(self) -> None:
        if not self.tiles:
            self.tiles = dict(self.data.layer.preprinted)

    # -- helpers --------------------------------------------------------------------------
    def hex(self, label: str) -> Hex:
        try:
            return self.data.board.hex(label)
        except KeyError:
            raise InputError(f"the map has no hex {label!r}") from None

    def changed(self, *, track: bool = True) -> None:
        """Forget the graph built; with ``track`` (tiles or phase changed, or not known) the
        layout too."""
        self._graph = None
        self._token_maps = None
        if track:
            self._layout = None

    def city_node(self, h: Hex) -> int:
        """The index of the (only) city or off-board on hex ``h``'s current tile."""
        placed = self.tiles.get(h)
        if placed is not None:
            for n in placed.tile.nodes:
                if n.kind is not NodeKind.TOWN:
                    return n.index
        raise InputError(f"{self.data.board.label(h)} has no city")

    # -- changes --------------------------------------------------------------------------
    def lay_tile(self, h: Hex, name: str, rotation: int, *, check: bool = False) -> None:
        """Put tile ``name`` on ``h`` at ``rotation``; tokens follow their city.

        With ``check`` the standard upgrade rule is enforced (TileError when broken).
        """
        tile = self.data.tiles[name]
        old = self.tiles.get(h)
        if check:
            if h not in self.data.board:
                raise TileError(f"{self.data.board.label(h)} is not on the map")
            before = old if old is not None else PlacedTile(_BLANK)
            label = self.data.layer.label_for(h, tile.color)
            problem = upgrade_problem(before.tile, before.rotation, tile, rotation, label)
            if problem:
                raise TileError(f"{self.data.board.label(h)}: {problem}")
        if old is not None and old.tile.nodes:
            mapping = node_mapping(old.tile, old.rotation, tile, rotation)
            if mapping is None:  # unchecked lay that drops track: keep node indices
                mapping = {n.index: n.index for n in old.tile.nodes if n.index < len(tile.nodes)}
            moved_slots = {
                k: self.tokens.pop((h, k)) for k in list(mapping) if (h, k) in self.tokens
            }
            for k, slots in moved_slots.items():
                self.tokens[(h, mapping[k])] = slots
            moved = {
                k: self.extra_tokens.pop((h, k))
                for k in list(mapping)
                if (h, k) in self.extra_tokens
            }
            for k, companies in moved.items():
                self.extra_tokens[(h, mapping[k])] = companies
        self.tiles[h] = PlacedTile(tile, rotation % 6)
        for node in tile.nodes:
            have = self.tokens.get((h, node.index))
            if have is not None and len(have) < node.slots:
                have.extend([None] * (node.slots - len(have)))
        self.changed()

    def slots(self, h: Hex, index: int) -> list[str | None]:
        """The token slots of city ``index`` on ``h`` (created empty on first use)."""
        key = (h, index)
        got = self.tokens.get(key)
        if got is None:
            placed = self.tiles.get(h)
            n = 0
            if placed is not None and index < len(placed.tile.nodes):
                n = placed.tile.nodes[index].slots
            got = [None] * n
            self.tokens[key] = got
        return got

    def place_token(self, h: Hex, index: int, company: str, slot: int | None = None) -> str | None:
        """A station token of ``company`` in a slot of city ``index`` on ``h``.

        ``slot`` None takes the first free slot. Returns the company whose token was found in
        the requested slot (its token is *not* removed; see :meth:`close_company`), else None.
        A city with no free slot gets the token beside it (as an extra token).
        """
        slots = self.slots(h, index)
        self.changed(track=False)
        if slot is None:
            slot = next((i for i, c in enumerate(slots) if c is None), None)
            if slot is None:
                self.extra_tokens.setdefault((h, index), []).append(company)
                return None
        while len(slots) <= slot:
            slots.append(None)
        occupant = slots[slot]
        if occupant is not None and occupant != company:
            return occupant
        slots[slot] = company
        return None

    def close_company(self, company: str) -> None:
        """Remove ``company`` from play with all its tokens."""
        self.closed.add(company)
        self.started.discard(company)
        for slots in self.tokens.values():
            for i, c in enumerate(slots):
                if c == company:
                    slots[i] = None
        for companies in self.extra_tokens.values():
            while company in companies:
                companies.remove(company)
        self.changed(track=False)

    def start(self, company: str, home: str | None) -> None:
        """The company starts: its home token goes on the city of hex ``home`` (idempotent;
        ``home`` None: no home token)."""
        if company in self.started or company in self.closed:
            return
        self.started.add(company)
        if home is not None:
            h = self.hex(home)
            self.place_token(h, self.city_node(h), company)
        self.changed(track=False)

    def set_phase(self, phase: str) -> None:
        self.data.layer.band(phase)  # validates
        self.phase = phase
        self.changed()

    # -- the graph ------------------------------------------------------------------------
    def layout(self, previous: TrackLayout | None = None) -> TrackLayout:
        """The token-free half of the graph (stops, track), cached until tiles or phase
        change (``previous``: see :class:`TrackLayout`)."""
        if self._layout is None:
            board = self.data.board
            self._layout = TrackLayout(
                self.tiles,
                label=board.label,
                orientation=board.orientation,
                band=self.data.layer.band(self.phase),
                blocked_sides=impassable_sides(self.data),
                hexes=board_hexes(self.data),
                previous=previous,
            )
        return self._layout

    def use_layout(self, layout: TrackLayout) -> None:
        """Adopt ``layout``, built elsewhere from the same tiles and phase (a cache)."""
        self._layout = layout
        self._graph = None

    def graph(self) -> TrackGraph:
        if self._graph is None:
            self._graph = self._build_graph(None)
        return self._graph

    def stops_graph(self) -> TrackGraph:
        """The graph's stops and tokens without its hops (enough for a company's network)."""
        if self._graph is not None:
            return self._graph
        return self._build_graph(())

    def run_graph(self, stops: frozenset[int]) -> TrackGraph:
        """The graph with the hops between the stop ids in ``stops`` only (enough to check
        routes whose stops are all in ``stops``; see :meth:`TrackLayout.graph`)."""
        if self._graph is not None:
            return self._graph
        return self._build_graph(stops, between=True)

    def _build_graph(
        self, hops_from: frozenset[int] | tuple[()] | None, *, between: bool = False
    ) -> TrackGraph:
        if self._token_maps is None:
            self._token_maps = (
                {k: tuple([c for c in v if c is not None]) for k, v in self.tokens.items()},
                {k: tuple(v) for k, v in self.extra_tokens.items()},
                frozenset(self.started),
            )
        tokens, extra, started = self._token_maps
        return self.layout().graph(
            tokens=tokens,
            extra_tokens=extra,
            started=started,
            hops_from=hops_from,
            between=between,
        )


_IMPASSABLE: dict[int, tuple[MapData, frozenset[tuple[Hex, int]]]] = {}
_HEXES: dict[int, tuple[MapData, tuple[Hex, ...]]] = {}


def board_hexes(data: MapData) -> tuple[Hex, ...]:
    """Every hex of the board (a layout numbers them all, so new tiles keep the numbers)."""
    got = _HEXES.get(id(data))
    if got is not None and got[0] is data:
        return got[1]
    hexes = tuple(info.hex for info in data.board)
    _HEXES[id(data)] = (data, hexes)
    return hexes


def impassable_sides(data: MapData) -> frozenset[tuple[Hex, int]]:
    """``(hex, side)`` pairs no track crosses (both ways), from the board's side features."""
    got = _IMPASSABLE.get(id(data))
    if got is not None and got[0] is data:
        return got[1]
    board = data.board
    blocked: set[tuple[Hex, int]] = set()
    for (a, b), features in board.sides():
        if any(f.kind == "impassable" for f in features):
            blocked.add((a, a.side_to(b, board.orientation)))
            blocked.add((b, b.side_to(a, board.orientation)))
    result = frozenset(blocked)
    _IMPASSABLE[id(data)] = (data, result)
    return result
