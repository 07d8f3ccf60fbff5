"""Our 1870 game state as a route-engine position (tiles, tokens, phase, cattle and port).

A thin adapter onto :class:`~transcon.titles.t1870.position.Position1870`, used to validate
runs, track and tokens, and to let bots run the optimiser's best routes.

Replaying a game asks for the position after almost every action, so the objects are cached
(:func:`context_of`): per tile layout, the position's tiles and its
:class:`~transcon.eighteen.graph.TrackLayout` (kept while only tokens, phase bonuses or
privates change); per position (tiles, tokens, destinations, private tokens, phase, options),
a :class:`Context1870` holding the position and the graphs and networks built from it. A key
lists exactly what :func:`position_of` reads from the state, so a cached object is always the
one a fresh build would give.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

from transcon.core.errors import InputError
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.graph import PlacedTile, TrackGraph
from transcon.eighteen.layout import TrackLayout

if TYPE_CHECKING:
    from transcon.core.hexgrid import Hex
    from transcon.eighteen.network import Reach
    from transcon.titles.t1870.position import Position1870


_TilesKey = tuple[tuple[str, ...], tuple[object, ...]]


def _tiles_key(state: GameState) -> _TilesKey:
    """Hexes and their tiles and rotations, flat (equal keys: equal tiles)."""
    return (tuple(state.tiles), tuple(chain.from_iterable(state.tiles.values())))


def _position_key(state: GameState, phase: str) -> tuple[object, ...]:
    """Everything :func:`position_of` reads from ``state``, tiles apart."""
    corps = tuple((s, tuple(c.tokens)) for s, c in state.corps.items() if not c.closed and c.tokens)
    data = state.title_data
    destinations = data.get("destination_tokens") or {}
    assert isinstance(destinations, dict)
    privates = state.privates
    owners = tuple(privates[p].owner if p in privates else None for p in ("SCC", "GSC"))
    return (
        corps,
        tuple(destinations),
        data.get("cattle"),
        data.get("port"),
        bool(data.get("port_closed")),
        bool(data.get("bonus_tokens_removed")),
        owners,
        phase,
        bool(state.options.get("destination_blocks", True)),
        bool(state.options.get("destination_ends_only", False)),
    )


_PLACED: dict[tuple[str, int], PlacedTile] = {}
_TILES: dict[_TilesKey, dict[Hex, PlacedTile]] = {}
"""Tiles (preprinted ones included) per tile layout of our state."""
_LAST_TILES: list[tuple[_TilesKey, dict[Hex, PlacedTile]]] = []


def _tiles_of(state: GameState, key: _TilesKey) -> dict[Hex, PlacedTile]:
    got = _TILES.get(key)
    if got is None:
        from transcon.titles.t1870.data import load_1870

        data = load_1870()
        labels, values = key
        start = 0
        if _LAST_TILES:
            # tiles are laid one at a time: start from the last layout when this one only
            # changes or adds entries after a common prefix of hexes
            (old_labels, old_values), old = _LAST_TILES[0]
            if labels[: len(old_labels)] == old_labels:
                got = dict(old)
                start = len(old_labels)
                for i, (a, b) in enumerate(zip(values, old_values, strict=False)):
                    if a != b:
                        start = i // 2
                        break
        if got is None:
            got = dict(data.layer.preprinted)
        for label, name, rotation in zip(
            labels[start:], values[2 * start :: 2], values[2 * start + 1 :: 2], strict=True
        ):
            at = (str(name), int(str(rotation)))
            placed = _PLACED.get(at)
            if placed is None:
                placed = _PLACED[at] = PlacedTile(data.tiles[at[0]], at[1] % 6)
            try:
                got[data.board.hex(label)] = placed
            except KeyError:
                raise InputError(f"1870 has no hex {label!r}") from None
        if len(_TILES) > 32:
            _TILES.clear()
        _TILES[key] = got
    _LAST_TILES[:] = [(key, got)]
    return got


def position_of(state: GameState, phase: str) -> Any:
    """ROUTES' position for our state: tiles, station and destination tokens, phase and the
    cattle and port tokens (a new object; :func:`context_of` caches one)."""
    return _position(state, phase, _tiles_of(state, _tiles_key(state)))


def _position(state: GameState, phase: str, tiles: dict[Hex, PlacedTile]) -> Position1870:
    from transcon.titles.t1870.options import RouteOptions1870
    from transcon.titles.t1870.position import Position1870, PrivateTokens

    options = state.options
    token = "slot" if options.get("destination_blocks", True) else "beside"
    ends = bool(options.get("destination_ends_only", False))
    route_options = RouteOptions1870(
        "dixon" if token == "slot" else "mayfair",
        "first-or-last-stop" if ends else "anywhere",
        token,  # type: ignore[arg-type]
    )
    position = Position1870(options=route_options, tiles=dict(tiles))
    for sym, corp in state.corps.items():
        if corp.closed or not corp.tokens:
            continue
        position.place_home(sym)
        for label in corp.tokens[1:]:
            h = position.hex(label)
            position.place_token(h, position.city_node(h), sym)
    destinations = state.title_data.get("destination_tokens") or {}
    assert isinstance(destinations, dict)
    for sym in destinations:
        position.place_destination(sym)
    position.set_phase(phase)
    owner = {p.sym: p.owner.lstrip("@") for p in state.privates.values()}
    cattle, port = state.title_data.get("cattle"), state.title_data.get("port")
    position.privates = PrivateTokens(
        cattle_hex=position.hex(str(cattle)) if cattle else None,
        cattle_owner=owner.get("SCC") if cattle else None,
        port_hex=position.hex(str(port)) if port else None,
        port_owner=owner.get("GSC") if port else None,
        port_closed=bool(state.title_data.get("port_closed")),
        removed=bool(state.title_data.get("bonus_tokens_removed")),
    )
    return position


class Context1870:
    """One position of our state and what is built from it, each on first use."""

    __slots__ = ("_full", "_networks", "_runs", "_stops", "memo", "position")

    def __init__(self, position: Position1870) -> None:
        self.position = position
        self.memo: dict[object, object] = {}
        """Results of checks on this position (keyed by the checking function's inputs)."""
        self._full: TrackGraph | None = None
        self._stops: TrackGraph | None = None
        self._runs: dict[frozenset[int], TrackGraph] = {}
        self._networks: dict[str, Reach] = {}

    @property
    def layout(self) -> TrackLayout:
        return self.position.layout()

    def graph(self) -> TrackGraph:
        """The full track graph (every hop)."""
        if self._full is None:
            self._full = self.position.graph()
        return self._full

    def stops_graph(self) -> TrackGraph:
        """Stops and tokens, no hops."""
        if self._stops is None:
            self._stops = self._full or self.position.stops_graph()
        return self._stops

    def run_graph(self, stops: frozenset[int]) -> TrackGraph:
        """Hops walked from ``stops`` only (enough to check routes through them)."""
        if self._full is not None:
            return self._full
        got = self._runs.get(stops)
        if got is None:
            got = self._runs[stops] = self.position.run_graph(stops)
        return got

    def reach(self, company: str) -> Reach:
        """``company``'s network (:func:`transcon.eighteen.network.company_reach`)."""
        got = self._networks.get(company)
        if got is None:
            from transcon.eighteen.network import company_reach

            got = company_reach(self.layout, self.stops_graph(), company)
            self._networks[company] = got
        return got


CACHE_SIZE = 1024
"""Positions (and layouts) kept: more than a whole game has, so replaying a game a second
time in the same process (``transcon replay --verify``) finds every route-engine answer of
the first replay (each a function of the position alone); cleared when full."""
_LAYOUTS: dict[tuple[object, ...], TrackLayout] = {}
_CONTEXTS: dict[tuple[object, ...], Context1870] = {}


def clear_caches() -> None:
    """Forget every cached position, layout and tiles (benchmarks measure cold replays)."""
    from transcon.titles.t1870.game import connection

    _CONTEXTS.clear()
    _LAYOUTS.clear()
    _LAST.clear()
    _TILES.clear()
    _LAST_TILES.clear()
    connection.reset_adjacency()


_LAST: list[tuple[tuple[_TilesKey, int], TrackLayout]] = []
"""The layout built last and its key (a new one is derived from it)."""


def _layout(position: Position1870, key: tuple[_TilesKey, int]) -> TrackLayout:
    """The layout of ``position`` (tiles key and band ``key``), derived from the last one
    built when only some tiles differ (:meth:`TrackLayout.derive`)."""
    layout: TrackLayout | None = None
    if _LAST:
        ((old_labels, old_values), old_band), last = _LAST[0]
        (labels, values), band = key
        if band == old_band and labels[: len(old_labels)] == old_labels:
            board = position.data.board
            at = {
                i // 2 for i, (a, b) in enumerate(zip(values, old_values, strict=False)) if a != b
            }
            at.update(range(len(old_labels), len(labels)))
            changed = [board.hex(labels[i]) for i in sorted(at)]
            layout = last.derive({h: position.tiles[h] for h in changed})
        else:
            layout = position.layout(last)
    if layout is None:
        layout = position.layout()
    _LAST[:] = [(key, layout)]
    return layout


def context_of(state: GameState, phase: str) -> Context1870:
    """The cached :class:`Context1870` of our state (see the module docstring)."""
    tiles_key = _tiles_key(state)
    key = (tiles_key, _position_key(state, phase))
    got = _CONTEXTS.get(key)
    if got is None:
        position = _position(state, phase, _tiles_of(state, tiles_key))
        layout_key = (tiles_key, position.data.layer.band(phase))
        layout = _LAYOUTS.get(layout_key)
        if layout is None:
            if len(_LAYOUTS) > CACHE_SIZE:
                _LAYOUTS.clear()
            layout = _LAYOUTS[layout_key] = _layout(position, layout_key)
        position.use_layout(layout)
        if len(_CONTEXTS) > CACHE_SIZE:
            _CONTEXTS.clear()
        got = _CONTEXTS[key] = Context1870(position)
    return got
