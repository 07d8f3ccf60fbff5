"""The static board as Railway Rivals sees it: indexed hexes, build costs, coasts, regions.

Everything here is derived once per map (``rr_map``) and shared by every game on it: hexes get
integer indices, each buildable link gets its construction cost from the seed's terrain table
(``1 + 2 per mountain/swamp end + 2 per river side``), East and West Coast hexes are read from
the map's regions (or computed from water bodies when a map has none), and the eligible region
of the GM's random cities is a longitude band measured in label columns.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from transcon.core.board import RIVER_SIDE_KINDS, Board, HexInfo, Terrain
from transcon.core.hexgrid import Hex
from transcon.core.mapfile import load_map
from transcon.core.paths import cheapest_paths
from transcon.titles.railway_rivals.config import Config

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MOUNTAIN_TERRAINS = frozenset({Terrain.MOUNTAIN.value, Terrain.HILL.value})
SWAMP_TERRAINS = frozenset({Terrain.SWAMP.value})
ATLANTIC_WORDS = ("atlantic", "bay", "sound", "chesapeake", "delaware", "hudson", "estuary")
PACIFIC_WORDS = ("pacific", "san-francisco", "sf_bay", "puget", "juan-de-fuca")
# Water bodies that are the Great Lakes (notes §6: joined to the Atlantic through Canada).
GREAT_LAKE_WORDS = ("superior", "michigan", "huron", "erie", "ontario")
GULF_WORDS = ("gulf",)
# A water body is read as the first of these seas its name matches, so Pacific inlets
# (``san-francisco-bay``, ``puget-sound``), the Gulf and the lakes are never Atlantic although
# "bay" and "sound" are Atlantic words (seed "East and West Coast Hexes": the East Coast is
# the Atlantic; Gulf and lakes only by the notes §6 options).
SEA_ORDER: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("pacific", PACIFIC_WORDS),
    ("gulf", GULF_WORDS),
    ("lake", (*GREAT_LAKE_WORDS, "lake")),
    ("atlantic", ATLANTIC_WORDS),
)
# The contiguous United States, for placing city names (hex -> approximate lon/lat).
US_WEST, US_EAST, US_NORTH, US_SOUTH = -124.7, -67.0, 49.0, 25.0


@dataclass(slots=True)
class RRMap:
    """Indexed facts of one board (immutable after construction)."""

    board: Board
    hexes: list[Hex]
    labels: list[str]
    index: dict[Hex, int]
    by_label: dict[str, int]
    buildable: list[bool]
    mountain: list[bool]
    swamp: list[bool]
    column: list[int]
    row: list[int]
    neighbors: list[tuple[int, ...]]
    link_cost: dict[tuple[int, int], int]
    east_coast: frozenset[int]
    west_coast: frozenset[int]
    lonlat: list[tuple[float, float]]
    us_land: list[int]
    q: list[int]
    r: list[int]
    places: list[tuple[str, int]]  # the map's own place names (meta.places), by hex
    out_links: list[tuple[tuple[int, int], ...]]  # buildable (neighbour, cost) per hex
    #: US land next to Great Lakes water / next to Gulf of Mexico water (notes §6 options)
    lake_shore: frozenset[int] = frozenset()
    gulf_shore: frozenset[int] = frozenset()
    #: One int object per hex number (``hex_ids[h] == h``): the track holds these
    #: (``RRState.add_link``) and the route bounds' dicts are keyed by them (``routebounds``,
    #: ``LayeredSteps``' keys), so the route finder, whose walks stand on the track graph's
    #: hexes, finds them there by identity instead of comparing equal ints (above 256 two
    #: equal ints made apart are two objects: 1.8 million comparisons at a crowded 6-rival
    #: listing)
    hex_ids: tuple[int, ...] = ()
    _eligible: dict[tuple[int, Config], list[int]] = field(default_factory=dict)
    _in_links: list[list[tuple[int, int]]] = field(default_factory=list)
    _build_floors: dict[tuple[int, int], dict[int, int]] = field(default_factory=dict)
    _axial: npt.NDArray[np.int64] | None = None

    def axial(self) -> npt.NDArray[np.int64]:
        """The axial coordinates as an array: row 0 ``q``, row 1 ``r`` (made once)."""
        import numpy as np  # here: every game loads this module, few need numpy

        if self._axial is None:
            self._axial = np.array([self.q, self.r], dtype=np.int64)
        return self._axial

    def __deepcopy__(self, memo: dict[int, object]) -> RRMap:
        return self  # immutable once built: game clones share it

    def label_of(self, i: int) -> str:
        return self.labels[i]

    def hex_index(self, label: str) -> int:
        """Index of a hex label (KeyError naming the label if absent)."""
        key = label.strip().upper()
        if key not in self.by_label:
            raise KeyError(f"no hex {label!r} on map {self.board.name}")
        return self.by_label[key]

    def cost(self, a: int, b: int) -> int | None:
        """Construction cost of the link a-b, or None when it cannot be built."""
        return self.link_cost.get((a, b))

    def eligible(self, round_no: int, cfg: Config) -> list[int]:
        """US land hexes where GM cities may appear in ``round_no`` (cities not excluded)."""
        key = (round_no, cfg)
        cached = self._eligible.get(key)
        if cached is not None:
            return cached
        if round_no >= cfg.eligible_all_from_round or not self.us_land:
            out = list(self.us_land)
        else:
            cols = [self.column[i] for i in self.us_land]
            east, west = max(cols), min(cols)
            width = east - west + 1
            r = min(round_no, cfg.eligible_grow_until_round)
            band = cfg.eligible_initial_columns + cfg.eligible_step_columns * (r - 1)
            if cfg.eligible_scale:
                band = round(band * width / cfg.eligible_scale_width)
            lowest = east - max(band, 1) + 1
            out = [i for i in self.us_land if self.column[i] >= lowest]
        self._eligible[key] = out
        return out

    def build_floor(self, goal: int, most: int) -> dict[int, int]:
        """Per hex, the least construction cost of links from there to ``goal`` (static link
        costs: track on the board only adds to them or bars a link), for the hexes where it
        is at most ``most`` (remembered per goal)."""
        key = (goal, most)
        floor = self._build_floors.get(key)
        if floor is None:
            if not self._in_links:
                self._in_links.extend([] for _ in self.hexes)
                for a, links in enumerate(self.out_links):
                    for b, cost in links:
                        self._in_links[b].append((a, cost))
            into = self._in_links
            floor = cheapest_paths(
                [(goal, 0)], lambda n, d: [(a, d + c) for a, c in into[n]], bound=most
            ).cost
            self._build_floors[key] = floor
        return floor


_MAPS: dict[int, RRMap] = {}


def rr_map(name_or_path: str) -> RRMap:
    """The indexed model of a map (cached; boards from ``load_map`` are shared)."""
    board = load_map(name_or_path)
    model = _MAPS.get(id(board))
    if model is None or model.board is not board:
        model = build_model(board)
        _MAPS[id(board)] = model
    return model


def _is_us(country: str | None) -> bool:
    return country is None or country.upper() in ("US", "USA")


def build_model(board: Board) -> RRMap:
    """Index a board and derive costs, coasts and name coordinates."""
    infos = sorted(board, key=lambda info: (info.hex.r, info.hex.q))
    hexes = [info.hex for info in infos]
    index = {h: i for i, h in enumerate(hexes)}
    labels = [info.label for info in infos]
    buildable = [not info.is_water and _is_us(info.country) for info in infos]
    mountain = [info.terrain in MOUNTAIN_TERRAINS for info in infos]
    swamp = [info.terrain in SWAMP_TERRAINS for info in infos]
    cells = [board.labels.from_hex(h) for h in hexes]
    row = [c[0] for c in cells]
    column = [c[1] for c in cells]
    neighbors = board.neighbor_indices(hexes)
    link_cost, out_links = _links(neighbors, buildable, mountain, swamp, _side_kinds(board, index))
    shores = _Shores(infos, neighbors, buildable)
    east = _coast(board, index, buildable, "east_coast", shores, "atlantic")
    west = _coast(board, index, buildable, "west_coast", shores, "pacific")
    us_land = [i for i in range(len(hexes)) if buildable[i]]
    lonlat = _lonlat(us_land, row, column, len(hexes))
    return RRMap(
        board=board,
        hexes=hexes,
        labels=labels,
        index=index,
        by_label={label: i for i, label in enumerate(labels)},
        buildable=buildable,
        mountain=mountain,
        swamp=swamp,
        column=column,
        row=row,
        neighbors=neighbors,
        link_cost=link_cost,
        east_coast=east,
        west_coast=west,
        lonlat=lonlat,
        us_land=us_land,
        q=[h.q for h in hexes],
        r=[h.r for h in hexes],
        hex_ids=tuple(range(len(hexes))),
        places=_places(board, index),
        lake_shore=shores.of("lake", GREAT_LAKE_WORDS),
        gulf_shore=shores.of("gulf"),
        out_links=out_links,
    )


def _links(
    neighbors: list[tuple[int, ...]],
    buildable: list[bool],
    mountain: list[bool],
    swamp: list[bool],
    side_kinds: dict[tuple[int, int], frozenset[str]],
) -> tuple[dict[tuple[int, int], int], list[tuple[tuple[int, int], ...]]]:
    """The cost of every buildable link (``link_cost``) and each hex's buildable (neighbour,
    cost) pairs in side order (``out_links``): 1, plus 2 for each mountain or swamp end, plus
    2 across a river; none on water, abroad or across an impassable side."""
    heavy = [2 * int(m or w) for m, w in zip(mountain, swamp, strict=True)]
    link_cost: dict[tuple[int, int], int] = {}
    out_links: list[tuple[tuple[int, int], ...]] = []
    for i, near in enumerate(neighbors):
        if not buildable[i]:
            out_links.append(())
            continue
        mine: list[tuple[int, int]] = []
        for j in near:
            if not buildable[j]:
                continue
            cost = 1 + heavy[i] + heavy[j]
            kinds = side_kinds.get((i, j))
            if kinds:
                if "impassable" in kinds:
                    continue
                if kinds & RIVER_SIDE_KINDS:
                    cost += 2
            link_cost[(i, j)] = cost
            mine.append((j, cost))
        out_links.append(tuple(mine))
    return link_cost, out_links


def _side_kinds(board: Board, index: dict[Hex, int]) -> dict[tuple[int, int], frozenset[str]]:
    """The kinds of feature on each side between two hexes of the board, by their indices
    both ways round (``Board.side_features``)."""
    kinds: dict[tuple[int, int], frozenset[str]] = {}
    for (a, b), features in board.sides():
        i, j = index.get(a), index.get(b)
        if i is not None and j is not None:
            kinds[(i, j)] = kinds[(j, i)] = frozenset(f.kind for f in features)
    return kinds


def _coast(
    board: Board,
    index: dict[Hex, int],
    buildable: list[bool],
    tag: str,
    shores: _Shores,
    sea: str,
) -> frozenset[int]:
    """A coast from the map's region ``tag``; without one, land next to ``sea`` water."""
    tagged = board.region(tag)
    if tagged:
        return frozenset(index[h] for h in tagged if buildable[index[h]])
    return shores.of(sea)


def sea_of(water_body: str) -> str | None:
    """The sea a water body's name reads as (``SEA_ORDER``: first match wins), or None."""
    body = water_body.lower()
    for sea, words in SEA_ORDER:
        if any(word in body for word in words):
            return sea
    return None


class _Shores:
    """US land hexes next to water of a sea, from hexes indexed as in the model (each water
    body's sea is read once: the model is built on every load of a game)."""

    def __init__(
        self, infos: list[HexInfo], neighbors: list[tuple[int, ...]], buildable: list[bool]
    ) -> None:
        self.bodies = [(info.water_body or "").lower() for info in infos]
        seas = {body: sea_of(body) for body in set(self.bodies) if body}
        self.seas = [seas.get(body) for body in self.bodies]
        self.neighbors = neighbors
        self.buildable = buildable

    def of(self, sea: str, words: tuple[str, ...] = ()) -> frozenset[int]:
        """Land next to a water hex of ``sea`` (and, if given, whose water body's name
        contains one of ``words``)."""
        bodies, buildable, neighbors = self.bodies, self.buildable, self.neighbors
        wet = [
            n
            for n, its_sea in enumerate(self.seas)
            if its_sea == sea and (not words or any(w in bodies[n] for w in words))
        ]
        # Being neighbours is mutual, so the land next to wet hexes is their neighbours.
        return frozenset(i for n in wet for i in neighbors[n] if buildable[i])


_VARIANTS: dict[tuple[int, bool, bool], RRMap] = {}


def with_coasts(model: RRMap, cfg: Config) -> RRMap:
    """The model with the East Coast the options ask for (notes §6; shared, cached).

    ``east_coast_includes_lakes`` adds the US land next to the Great Lakes;
    ``atlantic_and_gulf_hex_is_east_coast = False`` removes every hex next to Gulf water
    (by default a hex touching both Atlantic and Gulf water stays East Coast)."""
    lakes, gulf = cfg.east_coast_includes_lakes, cfg.atlantic_and_gulf_hex_is_east_coast
    if not lakes and gulf:
        return model
    key = (id(model), lakes, gulf)
    variant = _VARIANTS.get(key)
    if variant is None or variant.board is not model.board:
        east = set(model.east_coast)
        if lakes:
            east |= model.lake_shore
        if not gulf:
            east -= model.gulf_shore
        variant = dataclasses.replace(model, east_coast=frozenset(east))
        _VARIANTS[key] = variant
    return variant


def _lonlat(
    us_land: list[int], row: list[int], column: list[int], n: int
) -> list[tuple[float, float]]:
    """Approximate lon/lat of each hex: the US land extent stretched over the US box."""
    if not us_land:
        return [(0.0, 0.0)] * n
    cols = [column[i] for i in us_land]
    rows = [row[i] for i in us_land]
    c0, c1 = min(cols), max(cols)
    r0, r1 = min(rows), max(rows)
    out = []
    for i in range(n):
        fx = (column[i] - c0) / max(c1 - c0, 1)
        fy = (row[i] - r0) / max(r1 - r0, 1)
        out.append((US_WEST + fx * (US_EAST - US_WEST), US_NORTH - fy * (US_NORTH - US_SOUTH)))
    return out


def _places(board: Board, index: dict[Hex, int]) -> list[tuple[str, int]]:
    """``meta.places`` of the map ({name: hex label}) as (name, hex index), where present."""
    raw = board.meta.get("places")
    out: list[tuple[str, int]] = []
    if isinstance(raw, dict):
        for name, label in sorted(raw.items()):
            if isinstance(name, str) and isinstance(label, str):
                try:
                    out.append((name, index[board.hex(label)]))
                except KeyError:
                    continue
    return out


def distances_from(model: RRMap, h: int, others: Sequence[int]) -> list[int]:
    """``hex_distance`` from hex h to each of ``others`` (inlined: measuring every place or
    every goal is a hot loop)."""
    q, r = model.q, model.r
    hq, hr = q[h], r[h]
    return [(abs(q[o] - hq) + abs(r[o] - hr) + abs(q[o] - hq + r[o] - hr)) // 2 for o in others]


def nearest_distance(model: RRMap, hexes: Iterable[int], others: Sequence[int]) -> int | None:
    """The least ``hex_distance`` from any of ``hexes`` to any of ``others`` (None when either
    is empty; inlined: the bots measure their whole network against a race's ends)."""
    q, r = model.q, model.r
    points = [(q[o], r[o]) for o in others]
    best = -1
    for h in hexes:
        hq, hr = q[h], r[h]
        for oq, orr in points:
            dq, dr = oq - hq, orr - hr
            d = abs(dq) + abs(dr) + abs(dq + dr)
            if d < best or best < 0:
                best = d
    return None if best < 0 else best // 2


def nearest_first(
    model: RRMap, hexes: Iterable[int], frontier: Sequence[int], count: int
) -> list[int]:
    """The ``count`` hexes of ``hexes`` nearest to any of ``frontier`` (``hex_distance``),
    nearest first, ties by index (every pair measured at once: the greedy bot ranks every
    city against its network)."""
    import numpy as np  # here: every game loads this module, few need numpy

    ranked = np.array(sorted(hexes), dtype=np.int64)
    if not len(ranked) or not frontier:
        return [int(h) for h in ranked[:count]]
    q, r = model.axial()
    ends = np.array(frontier, dtype=np.int64)
    dq = q[ranked][:, None] - q[ends][None, :]
    dr = r[ranked][:, None] - r[ends][None, :]
    gaps = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)).min(axis=1)
    return [int(h) for h in ranked[np.argsort(gaps, kind="stable")[:count]]]


def hex_distance(model: RRMap, a: int, b: int) -> int:
    """Steps between two hexes of the board (by index; ``Hex.distance`` on the stored axial
    coordinates, without the Hex objects: path searches call this in their inner loops)."""
    q, r = model.q, model.r
    dq, dr = q[a] - q[b], r[a] - r[b]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
