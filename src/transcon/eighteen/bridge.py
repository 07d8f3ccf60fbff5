"""One bridge from an 18xx game position to the route engine.

A title's rules engine (:mod:`transcon.eighteen.framework`) keeps tiles as hex labels and
tile names, station tokens as hex labels per company; the route engine wants a
:class:`~transcon.eighteen.position.Position18xx`, its
:class:`~transcon.eighteen.layout.TrackLayout` and :class:`~transcon.eighteen.graph.TrackGraph`,
trains and stop values. :class:`RouteBridge` turns the one into the other:

1. :meth:`RouteBridge.describe` reads a :class:`~transcon.eighteen.framework.state.GameState`
   into a :class:`RoutePosition`: the laid tiles, every open company's station hexes (home
   first), the companies whose destination token is on the map, the phase and the title's
   bonus facts. It is hashable and is the only thing a position is built from, so it is also
   the cache key: a cached object is always the one a fresh build would give.
2. :meth:`RouteBridge.context` builds (or finds) the :class:`RouteContext` of a description:
   the position (tiles, tokens, phase, then the title's destination tokens and bonuses) and
   the graphs, networks and stop values built from it, each on first use.

What differs between titles comes from :class:`RouteHooks`: the map data, the title's
position class, where destination tokens go, the bonus facts and the stop values (1870:
:class:`transcon.titles.t1870.game.routing.Routes1870`).

Replaying a game asks for the position after almost every action, so the bridge keeps, per
bridge object: tiles per tile layout (a new layout derived from the last one when tiles are
laid one at a time), layouts per tile layout and phase band, contexts per description, and the
stop adjacency of connection searches across layouts (:class:`StopAdjacency`). They are
cleared when full (:data:`CACHE_SIZE`) or by :meth:`RouteBridge.clear`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import chain, compress, count
from operator import is_not
from typing import TYPE_CHECKING, Generic, NamedTuple, Protocol, TypeVar

from transcon.core.errors import InputError
from transcon.eighteen.graph import PlacedTile, TrackGraph
from transcon.eighteen.layout import TrackLayout
from transcon.eighteen.position import MapData, Position18xx
from transcon.eighteen.routes import StopValues
from transcon.eighteen.tiles import NODE_BASE, TileDef
from transcon.eighteen.trains import TrainType, parse_train

if TYPE_CHECKING:
    from transcon.core.hexgrid import Hex
    from transcon.eighteen.framework.state import GameState
    from transcon.eighteen.network import Reach

CACHE_SIZE = 1024
"""Positions (and layouts) kept: more than a whole game has, so replaying a game a second
time in the same process (``transcon replay --verify``) finds every route-engine answer of
the first replay (each a function of the position alone); cleared when full."""


class RoutePosition(NamedTuple):
    """Everything the route engine reads about a game position (hashable: the cache key; a
    named tuple, so hashing and comparing it is as quick as for a plain tuple)."""

    tile_hexes: tuple[str, ...]
    """Hexes with a laid tile, in the order the state lists them."""
    tile_values: tuple[object, ...]
    """Tile name and rotation of each of those hexes, flat (name, rotation, name, ...)."""
    stations: tuple[tuple[str, tuple[str, ...]], ...]
    """Open companies with station tokens: symbol and token hexes, the home first."""
    destinations: tuple[str, ...]
    """Companies whose destination token is on the map."""
    phase: str
    bonuses: tuple[object, ...] = ()
    """The title's bonus facts (1870: cattle and port tokens and their owners)."""


P = TypeVar("P", bound=Position18xx)


class RouteHooks(Protocol[P]):
    """What a title supplies to the bridge (its rule options are fixed per hooks object)."""

    @property
    def data(self) -> MapData: ...

    def new_position(self, tiles: dict[Hex, PlacedTile]) -> P:
        """An empty position of the title on these tiles."""
        ...

    def destinations(self, state: GameState) -> tuple[str, ...]:
        """Companies whose destination token is on the map."""
        ...

    def bonuses(self, state: GameState) -> tuple[object, ...]:
        """The title's hashable bonus facts (:attr:`RoutePosition.bonuses`)."""
        ...

    def place_destination(self, position: P, company: str) -> None:
        """Put ``company``'s destination token on the map."""
        ...

    def apply_bonuses(self, position: P, bonuses: tuple[object, ...]) -> None:
        """Set the title's bonus facts on ``position``."""
        ...

    def stop_values(self, graph: TrackGraph, company: str, position: P) -> StopValues:
        """Every stop's value to ``company`` (bonuses included)."""
        ...

    @property
    def network_walk_budget(self) -> int:
        """Converging steps a company's network walk may take (-1: no limit; see
        :func:`transcon.eighteen.network.company_reach`)."""
        ...


@lru_cache(maxsize=256)
def train_of(train_id: str) -> TrainType:
    """The route engine's train for a train id of the framework (``"4-1"``: a 4-train)."""
    return parse_train(train_id.rsplit("-", 1)[0])


class MapIndex:
    """The board numbered for quick questions: hex label -> index, the neighbour of each
    side (-1: off the map) and the preprinted tiles by index."""

    __slots__ = ("hexes", "labels", "names", "neighbours", "preprinted")

    def __init__(self, data: MapData) -> None:
        board = data.board
        self.hexes: tuple[Hex, ...] = tuple(info.hex for info in board)
        index = {h: i for i, h in enumerate(self.hexes)}
        self.neighbours = [
            [index.get(h.neighbor(side, board.orientation), -1) for side in range(6)]
            for h in self.hexes
        ]
        self.preprinted: dict[int, tuple[TileDef, int]] = {
            index[h]: (placed.tile, placed.rotation) for h, placed in data.layer.preprinted.items()
        }
        self.labels = {board.label(h): i for i, h in enumerate(self.hexes)}
        self.names = {i: label for label, i in self.labels.items()}


class StopAdjacency:
    """:meth:`next_stops` results kept from one layout to the next.

    Each result records the hexes its walk looked at (tiles entered and neighbours probed);
    when the layout changes, a result stays valid unless one of those hexes changed (stop
    numbers survive new tiles when every stop is printed on the map, as in 1870; results are
    dropped when the hex or stop numbering changes). Results are keyed by stop and by whether
    a cut (track the walk may not use, e.g. 1870's river) applies.

    Searches built on these results (e.g. 1870's §8.1 destination check) may keep their
    answers here the same way (:meth:`remember`, :meth:`recall`), with the union of the hexes
    looked at by the results they used (:meth:`walk`).
    """

    def __init__(self) -> None:
        self.layout: TrackLayout | None = None
        self.results: dict[tuple[int, bool], tuple[tuple[int, ...], frozenset[int]]] = {}
        self.searches: dict[object, tuple[object, frozenset[int]]] = {}

    def sync(self, layout: TrackLayout) -> None:
        old = self.layout
        if old is layout:
            return
        self.layout = layout
        if (
            old is None
            or old.hex_order is not layout.hex_order
            or (old.index is not layout.index and old.index != layout.index)
        ):
            self.results.clear()
            self.searches.clear()
            return
        changed = set(compress(count(), map(is_not, layout.placed, old.placed)))
        if changed:
            self.results = {
                key: got for key, got in self.results.items() if got[1].isdisjoint(changed)
            }
            self.searches = {
                key: got for key, got in self.searches.items() if got[1].isdisjoint(changed)
            }

    def remember(
        self, layout: TrackLayout, key: object, answer: object, looked: frozenset[int]
    ) -> None:
        """Keep ``answer`` of a search on ``layout`` that looked at the hexes ``looked`` only."""
        self.sync(layout)
        self.searches[key] = (answer, looked)

    def recall(self, layout: TrackLayout, key: object) -> tuple[object, frozenset[int]] | None:
        """The answer kept under ``key`` and the hexes it looked at, if none of them changed
        since (None: not kept, or dropped)."""
        self.sync(layout)
        return self.searches.get(key)

    def next_stops(self, layout: TrackLayout, stop: int, cut: int) -> tuple[int, ...]:
        """Stops reached from ``stop`` along track without stopping in between, using no
        path in the track mask ``cut`` (the same cut for every call with a true ``cut``)."""
        return self.walk(layout, stop, cut)[0]

    def walk(
        self, layout: TrackLayout, stop: int, cut: int
    ) -> tuple[tuple[int, ...], frozenset[int]]:
        """:meth:`next_stops` and the hexes its walk looked at."""
        self.sync(layout)
        key = (stop, bool(cut))
        got = self.results.get(key)
        if got is None:
            got = self.results[key] = _walk_stops(layout, stop, cut)
        return got


def _walk_stops(layout: TrackLayout, stop: int, cut: int) -> tuple[tuple[int, ...], frozenset[int]]:
    """The stops reached from ``stop`` along track without stopping in between (using no
    path in the track mask ``cut``) and the hexes the walk looked at: each (hex, side of
    entry) is followed once."""
    ends_of, stop_at, base = layout.ends_of, layout.stop_at, layout.path_base
    table = layout.across_table
    s = layout.stops[stop]
    i = layout.hex_index[s.hex]
    found: set[int] = set()
    looked: set[int] = {i}
    seen: set[int] = set()
    todo = [(i, NODE_BASE + s.index)]  # (hex number, path end) to follow
    while todo:
        j, end = todo.pop()
        for k, other in ends_of[j].get(end, ()):
            if cut and (cut >> (base[j] + k)) & 1:
                continue
            if other >= NODE_BASE:
                found.add(stop_at[(j, other - NODE_BASE)])
                continue
            n = table[j * 6 + other]
            if n == -2:
                n = layout.across(j, other)
            entry = (other + 3) % 6
            if n < 0 or n * 6 + entry in seen:
                continue  # no numbered hex there (it can never get a tile), or walked already
            looked.add(n)
            seen.add(n * 6 + entry)
            todo.append((n, entry))
    found.discard(stop)
    return tuple(sorted(found)), frozenset(looked)


class RouteContext(Generic[P]):
    """One position and what is built from it, each on first use."""

    __slots__ = ("_full", "_networks", "_runs", "_stops", "bridge", "memo", "position")

    def __init__(self, bridge: RouteBridge[P], position: P) -> None:
        self.bridge = bridge
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
            self._full = self.bridge.prepared(self.position.graph())
        return self._full

    def stops_graph(self) -> TrackGraph:
        """Stops and tokens, no hops."""
        if self._stops is None:
            self._stops = self._full or self.bridge.prepared(self.position.stops_graph())
        return self._stops

    def run_graph(self, stops: frozenset[int]) -> TrackGraph:
        """Hops walked from ``stops`` only (enough to check routes through them)."""
        if self._full is not None:
            return self._full
        got = self._runs.get(stops)
        if got is None:
            got = self._runs[stops] = self.bridge.prepared(self.position.run_graph(stops))
        return got

    def reach(self, company: str) -> Reach:
        """``company``'s network (:func:`transcon.eighteen.network.company_reach`)."""
        got = self._networks.get(company)
        if got is None:
            from transcon.eighteen.network import company_reach

            budget = self.bridge.hooks.network_walk_budget
            got = company_reach(self.layout, self.stops_graph(), company, budget)
            self._networks[company] = got
        return got

    def stop_values(self, graph: TrackGraph, company: str) -> StopValues:
        """Every stop of ``graph`` (a graph of this position) valued for ``company``."""
        return self.bridge.hooks.stop_values(graph, company, self.position)

    def next_stops(self, stop: int, cut: int) -> tuple[int, ...]:
        """:meth:`StopAdjacency.next_stops` on this position's layout."""
        return self.bridge.adjacency.next_stops(self.layout, stop, cut)


_TilesKey = tuple[tuple[str, ...], tuple[object, ...]]
_StationsKept = tuple[
    tuple[tuple[str, tuple[str, ...]], ...],
    list[tuple["Hex", PlacedTile | None]],
    tuple[
        dict[tuple["Hex", int], list[str | None]],
        dict[tuple["Hex", int], list[str]],
        frozenset[str],
    ],
]
"""The stations of the last position built, the tiles of their hexes then, and the token
slots, tokens beside cities and started companies they gave (:meth:`RouteBridge.build`)."""


class RouteBridge(Generic[P]):
    """Positions of one title (with fixed rule options) for the route engine, cached (see the
    module docstring)."""

    def __init__(
        self, hooks: RouteHooks[P], prepare_graph: Callable[[TrackGraph], None] | None = None
    ) -> None:
        self.hooks = hooks
        self.data = hooks.data
        self.prepare_graph = prepare_graph
        """Called on every graph a context builds, before its first use (e.g. a title's
        stop groups: 18C2C makes each off-board area of several hexes one stop)."""
        self._index: MapIndex | None = None
        self.clear()

    def prepared(self, graph: TrackGraph) -> TrackGraph:
        """``graph`` after :attr:`prepare_graph` (when set)."""
        if self.prepare_graph is not None:
            self.prepare_graph(graph)
        return graph

    def clear(self) -> None:
        """Forget every cached position, layout, tiles, stop adjacency and map answer."""
        self._placed: dict[tuple[str, int], PlacedTile] = {}
        self._tiles: dict[_TilesKey, dict[Hex, PlacedTile]] = {}
        self._last_tiles: tuple[_TilesKey, dict[Hex, PlacedTile]] | None = None
        self._layouts: dict[tuple[_TilesKey, int], TrackLayout] = {}
        self._last_layout: tuple[tuple[_TilesKey, int], TrackLayout] | None = None
        self._contexts: dict[RoutePosition, RouteContext[P]] = {}
        self._last_stations: _StationsKept | None = None
        self.adjacency = StopAdjacency()
        self.memo: dict[object, object] = {}
        """Answers that depend on the map and their inputs alone (e.g. whether a tile fits a
        hex holding a given tile), keyed by the asking function's name and inputs."""

    @property
    def index(self) -> MapIndex:
        """The board numbered (:class:`MapIndex`)."""
        if self._index is None:
            self._index = MapIndex(self.data)
        return self._index

    # -- from a game state -----------------------------------------------------------------
    def describe(self, state: GameState, phase: str) -> RoutePosition:
        """What the route engine needs of ``state`` at ``phase`` (:class:`RoutePosition`)."""
        tiles = state.tiles
        return RoutePosition(
            tuple(tiles),
            tuple(chain.from_iterable(tiles.values())),
            tuple(
                (sym, tuple(corp.tokens))
                for sym, corp in state.corps.items()
                if not corp.closed and corp.tokens
            ),
            self.hooks.destinations(state),
            phase,
            self.hooks.bonuses(state),
        )

    def context_of(self, state: GameState, phase: str) -> RouteContext[P]:
        """The cached :class:`RouteContext` of ``state`` at ``phase`` (also kept in the
        state's position memo, :class:`~transcon.eighteen.framework.state.PositionMemo`,
        while the state does not change)."""
        memo = state.memo
        key = (self, phase)
        got = memo.answers.get(key)
        if got is None:
            got = self.context(self.describe(state, phase))
            if not memo.applying:
                memo.answers[key] = got
        return got  # type: ignore[return-value]

    def context_with_tile(
        self, state: GameState, phase: str, hex_label: str, tile: str, rotation: int
    ) -> RouteContext[P]:
        """The cached :class:`RouteContext` of ``state`` with ``tile`` laid in ``hex_label``
        (a lay being checked: 18xx.games checks an upgrade on the board with it laid)."""
        desc = self.describe(state, phase)
        labels, values = list(desc.tile_hexes), list(desc.tile_values)
        if hex_label in labels:
            at = 2 * labels.index(hex_label)
            values[at : at + 2] = [tile, rotation]
        else:
            labels.append(hex_label)
            values += [tile, rotation]
        return self.context(desc._replace(tile_hexes=tuple(labels), tile_values=tuple(values)))

    def position_of(self, state: GameState, phase: str) -> P:
        """A new position of ``state`` at ``phase`` (not cached)."""
        desc = self.describe(state, phase)
        return self.build(desc, self._tiles_of((desc.tile_hexes, desc.tile_values)))

    # -- from a description ----------------------------------------------------------------
    def context(self, desc: RoutePosition) -> RouteContext[P]:
        """The cached :class:`RouteContext` of ``desc``."""
        got = self._contexts.get(desc)
        if got is None:
            tiles_key = (desc.tile_hexes, desc.tile_values)
            position = self.build(desc, self._tiles_of(tiles_key))
            layout_key = (tiles_key, self.data.layer.band(desc.phase))
            layout = self._layouts.get(layout_key)
            if layout is None:
                if len(self._layouts) > CACHE_SIZE:
                    self._layouts.clear()
                layout = self._layouts[layout_key] = self._layout(position, layout_key)
            position.use_layout(layout)
            if len(self._contexts) > CACHE_SIZE:
                self._contexts.clear()
            got = self._contexts[desc] = RouteContext(self, position)
        return got

    def build(self, desc: RoutePosition, tiles: dict[Hex, PlacedTile]) -> P:
        """The position ``desc`` describes on ``tiles``: station tokens (home first), the
        title's destination tokens, the phase and the title's bonuses."""
        hooks = self.hooks
        position = hooks.new_position(dict(tiles))
        self._place_stations(position, desc.stations)
        for sym in desc.destinations:
            hooks.place_destination(position, sym)
        position.set_phase(desc.phase)
        hooks.apply_bonuses(position, desc.bonuses)
        return position

    def _place_stations(
        self, position: P, stations: tuple[tuple[str, tuple[str, ...]], ...]
    ) -> None:
        """The station tokens on a new ``position``, each company's home first; copied from
        the last position built when its stations and the tiles of their hexes were the
        same (the tokens' places depend on nothing else; most builds follow a lay away
        from the stations)."""
        tiles = position.tiles
        last = self._last_stations
        if last is not None and last[0] == stations:
            kept_tiles, (tokens, extra, started) = last[1], last[2]
            if all(tiles.get(h) is placed for h, placed in kept_tiles):
                position.tokens = {k: list(v) for k, v in tokens.items()}
                position.extra_tokens = {k: list(v) for k, v in extra.items()}
                position.started = set(started)
                position.changed(track=False)
                return
        for sym, hexes in stations:
            position.start(sym, hexes[0])
            for label in hexes[1:]:
                h = position.hex(label)
                position.place_token(h, position.city_node(h), sym)
        used = {position.hex(label) for _, hexes in stations for label in hexes}
        self._last_stations = (
            stations,
            [(h, tiles.get(h)) for h in used],
            (
                {k: list(v) for k, v in position.tokens.items()},
                {k: list(v) for k, v in position.extra_tokens.items()},
                frozenset(position.started),
            ),
        )

    def _tiles_of(self, key: _TilesKey) -> dict[Hex, PlacedTile]:
        """Tiles (preprinted ones included) of a tile layout (cached)."""
        got = self._tiles.get(key)
        if got is None:
            data = self.data
            labels, values = key
            start = 0
            if self._last_tiles is not None:
                # tiles are laid one at a time: start from the last layout when this one only
                # changes or adds entries after a common prefix of hexes
                (old_labels, old_values), old = self._last_tiles
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
                placed = self._placed.get(at)
                if placed is None:
                    placed = self._placed[at] = PlacedTile(data.tiles[at[0]], at[1] % 6)
                try:
                    got[data.board.hex(label)] = placed
                except KeyError:
                    raise InputError(f"the map has no hex {label!r}") from None
            if len(self._tiles) > 32:
                self._tiles.clear()
            self._tiles[key] = got
        self._last_tiles = (key, got)
        return got

    def _layout(self, position: P, key: tuple[_TilesKey, int]) -> TrackLayout:
        """The layout of ``position`` (tiles key and band ``key``), derived from the last one
        built when only some tiles differ (:meth:`TrackLayout.derive`)."""
        layout: TrackLayout | None = None
        if self._last_layout is not None:
            ((old_labels, old_values), old_band), last = self._last_layout
            (labels, values), band = key
            if band == old_band and labels[: len(old_labels)] == old_labels:
                board = self.data.board
                at = {
                    i // 2
                    for i, (a, b) in enumerate(zip(values, old_values, strict=False))
                    if a != b
                }
                at.update(range(len(old_labels), len(labels)))
                changed = [board.hex(labels[i]) for i in sorted(at)]
                layout = last.derive({h: position.tiles[h] for h in changed})
            else:
                layout = position.layout(last)
        if layout is None:
            layout = position.layout()
        self._last_layout = (key, layout)
        return layout
