"""The static board graph of a game: cities, track costs and the cheapest routes between cities.

Built once per board and cached (boards are immutable), so rule checks and bots never search
the hex grid more than they must.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import count

from transcon.core.board import RIVER_SIDE_KINDS, Board, Terrain
from transcon.core.hexgrid import Hex
from transcon.core.mapfile import load_map
from transcon.titles.rotw.data import (
    BUILD_LIMIT,
    GRAY,
    LONG_FACTOR,
    MAX_TRACKS_PER_HEX,
    NAME_ALIASES,
    RAW_TARGET_VALUE,
    RIDGE_COST,
    RIVER_COST,
    TERRAIN_COST,
)
from transcon.titles.rotw.minimap import MINI_NAME, mini_board

#: Longest route the precomputation looks for (a long build of 2 x 5 pieces, +1 for PE).
MAX_ROUTE_PIECES = BUILD_LIMIT * LONG_FACTOR + 1


@dataclass(frozen=True, slots=True)
class City:
    label: str
    name: str
    colour: str  # printed colour; "gray" for gray cities
    cubes: int  # printed number ("initial value")
    west: bool
    east_coast: bool  # in the map's ``east_coast`` region
    west_coast: bool  # in the map's ``west_coast`` region
    raw_target: bool  # an Eastern city printed with value 4 (seed 18)


@dataclass(frozen=True, slots=True)
class Route:
    """A track path between two cities: ``hexes`` includes both city hexes."""

    hexes: tuple[str, ...]
    pieces: int
    cost: int

    @property
    def a(self) -> str:
        return self.hexes[0]

    @property
    def b(self) -> str:
        return self.hexes[-1]


class BoardGraph:
    """Cities and track geometry of one board (labels everywhere, for speed and notation)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.cities: dict[str, City] = {}
        east_coast = board.region("east_coast")
        west_coast = board.region("west_coast")
        for info in board.sites():
            site = info.site
            assert site is not None
            data = site.data
            colour = str(data.get("color", data.get("colour", GRAY))).lower()
            colour = GRAY if colour in ("grey", "gray", "") else colour
            cubes = int(data.get("cubes", site.value if site.value is not None else 0))
            name = NAME_ALIASES.get(site.name, site.name)
            west = "board:west" in info.regions
            self.cities[info.label] = City(
                info.label,
                name,
                colour,
                cubes,
                west,
                info.hex in east_coast,
                info.hex in west_coast,
                not west and cubes == RAW_TARGET_VALUE,
            )
        self.by_name = {c.name: c.label for c in self.cities.values()}
        self.raw_targets = frozenset(c.label for c in self.cities.values() if c.raw_target)
        self.west_cities = frozenset(c.label for c in self.cities.values() if c.west)
        #: the cities of the map's ``east_coast`` and ``west_coast`` regions
        self.east_coast = tuple(c.label for c in self.cities.values() if c.east_coast)
        self.west_coast = frozenset(c.label for c in self.cities.values() if c.west_coast)
        self.colour_index: dict[str, tuple[str, ...]] = {}
        for city in sorted(self.cities.values(), key=lambda c: c.label):
            self.colour_index[city.colour] = (*self.colour_index.get(city.colour, ()), city.label)
        self.neighbours: dict[str, tuple[str, ...]] = {}
        self.terrain: dict[str, str] = {}
        self.hex_cost: dict[str, int] = {}
        self.passable: set[str] = set()
        #: each hex's position, for distances (a lower bound on the steps between hexes)
        self.at: dict[str, Hex] = {}
        for info in board:
            label = info.label
            self.at[label] = info.hex
            self.terrain[label] = info.terrain
            self.neighbours[label] = tuple(board.label(n) for n in board.neighbors(info.hex))
            if not info.is_water and label not in self.cities:
                self.passable.add(label)
                self.hex_cost[label] = TERRAIN_COST.get(info.terrain, TERRAIN_COST["plain"])
        self.side_cost: dict[frozenset[str], int] = {}
        self.ridged: set[frozenset[str]] = set()
        for (a, b), features in board.sides():
            extra = 0
            for feature in features:
                if feature.kind in RIVER_SIDE_KINDS:
                    extra += RIVER_COST
                elif feature.kind == "ridge":
                    extra += RIDGE_COST
                    self.ridged.add(frozenset((board.label(a), board.label(b))))
                elif feature.kind == "impassable":
                    extra += 1000
            if extra:
                self.side_cost[frozenset((board.label(a), board.label(b)))] = extra
        self._routes: dict[str, dict[str, Route]] = {}
        self._by_cost: dict[str, tuple[Route, ...]] = {}

    # -- geometry -----------------------------------------------------------------------------
    def is_neighbour(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())

    def sharp(self, before: str, after: str) -> bool:
        """A 120 or 180 degree turn: the hexes before and after a piece touch (or coincide)."""
        return before == after or self.is_neighbour(before, after)

    def is_open(self, label: str, entered_from: str) -> bool:
        """Open terrain: a plain hex entered without crossing a river or ridge."""
        return (
            self.terrain.get(label) == Terrain.PLAIN
            and frozenset((label, entered_from)) not in self.side_cost
        )

    def piece_costs(self, path: tuple[str, ...]) -> list[tuple[str, int, bool]]:
        """(hex, cost, open terrain?) of each new piece along ``path`` (start excluded).

        A piece into a city hex has no tile: its side cost goes to the piece before it; a link
        between two adjacent cities is one plain piece on the shared side.
        """
        pieces: list[tuple[str, int, bool]] = []
        for i in range(1, len(path)):
            prev, here = path[i - 1], path[i]
            side = self.side_cost.get(frozenset((prev, here)), 0)
            if here in self.cities:
                if pieces:
                    h, c, op = pieces[-1]
                    pieces[-1] = (h, c + side, op and side == 0)
                else:
                    pieces.append(("", TERRAIN_COST["plain"] + side, side == 0))
            else:
                pieces.append((here, self.hex_cost[here] + side, self.is_open(here, prev)))
        return pieces

    # -- routes ------------------------------------------------------------------------------
    def routes_from(self, city: str) -> Mapping[str, Route]:
        """Cheapest route from ``city`` to every city within reach (empty board; cached)."""
        cached = self._routes.get(city)
        if cached is None:
            cached = self.search(city, None, MAX_ROUTE_PIECES, None)
            self._routes[city] = cached
        return cached

    def routes_by_cost(self, city: str) -> tuple[Route, ...]:
        """:meth:`routes_from` ``city``, cheapest first (ties by destination; cached)."""
        cached = self._by_cost.get(city)
        if cached is None:
            cached = tuple(sorted(self.routes_from(city).values(), key=lambda r: (r.cost, r.b)))
            self._by_cost[city] = cached
        return cached

    def search(
        self,
        start: str,
        prev: str | None,
        max_pieces: int,
        use: Mapping[str, int] | None,
        own: frozenset[str] = frozenset(),
        goal: str | None = None,
    ) -> dict[str, Route]:
        """Cheapest route from ``start`` (entered from ``prev``) to each city within
        ``max_pieces`` new pieces, avoiding full hexes (``use``) and hexes in ``own``.
        With ``goal``, the search stops once no cheaper route to it can turn up and drops
        track too far from it to get there within ``max_pieces`` (only the goal's entry is
        then final: the same route as without ``goal``)."""
        best: dict[str, Route] = {}
        goal_at = self.at[goal] if goal is not None else None
        tick = count()
        heap: list[tuple[int, int, int, str, str | None, tuple[str, ...]]] = [
            (0, 0, next(tick), start, prev, (start,))
        ]
        seen: dict[tuple[str, str | None], int] = {}
        while heap:
            cost, pieces, _, here, before, path = heapq.heappop(heap)
            if goal is not None and goal in best and cost > best[goal].cost:
                break  # every later route costs more (steps never cost less than 0)
            key = (here, before)
            if seen.get(key, 1 << 30) <= pieces:
                continue
            seen[key] = pieces
            for nxt in self.neighbours[here]:
                if nxt in path or (before is not None and self.is_neighbour(before, nxt)):
                    continue
                side = self.side_cost.get(frozenset((here, nxt)), 0)
                if nxt in self.cities:
                    if nxt == path[0] or (len(path) == 1 and start not in self.cities):
                        continue
                    total = cost + side + (TERRAIN_COST["plain"] if len(path) == 1 else 0)
                    n_pieces = max(pieces, 1)
                    found = best.get(nxt)
                    if found is None or (total, n_pieces) < (found.cost, found.pieces):
                        best[nxt] = Route((*path, nxt), n_pieces, total)
                    continue
                if nxt not in self.passable or nxt in own or pieces + 1 > max_pieces:
                    continue
                if use is not None and use.get(nxt, 0) >= MAX_TRACKS_PER_HEX:
                    continue
                if goal_at is not None and pieces + goal_at.distance(self.at[nxt]) > max_pieces:
                    continue  # the goal is more pieces away than are left
                step = self.hex_cost[nxt] + side
                heapq.heappush(heap, (cost + step, pieces + 1, next(tick), nxt, here, (*path, nxt)))
        return best


_GRAPHS: dict[str, BoardGraph] = {}


def graph_for(map_name: str) -> BoardGraph:
    """The (cached) graph of a map by name or path; ``rotw-mini`` is the built-in test board.

    Cached by name for the life of the process (a map file edited while a game runs is not
    picked up), so rule checks never touch the file system.
    """
    graph = _GRAPHS.get(map_name)
    if graph is None:
        board = mini_board() if map_name == MINI_NAME else load_map(map_name)
        graph = BoardGraph(board)
        _GRAPHS[map_name] = graph
    return graph
