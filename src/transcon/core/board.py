"""The board: hexes with terrain, hex-side features, named regions and sites.

A :class:`Board` holds the static facts of a map; titles keep what changes during play (track,
cities that appear, tokens) in their own state. Boards are built from map files by
:mod:`transcon.core.mapfile`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from transcon.core.hexgrid import DIRECTIONS, Hex, Layout, Orientation
from transcon.core.labels import HexLabels


class Terrain(StrEnum):
    """Terrains every title understands. Map legends may name others (``ridge``, ``forest``)."""

    PLAIN = "plain"
    MOUNTAIN = "mountain"
    HILL = "hill"
    SWAMP = "swamp"
    WATER = "water"


class SiteKind(StrEnum):
    CITY = "city"
    TOWN = "town"
    OFFBOARD = "offboard"


class SideKind(StrEnum):
    """Hex-side features every title understands; map files may name others."""

    RIVER = "river"
    #: a river mouth drawn as a side between land hexes (not as water): a river side
    ESTUARY = "estuary"
    IMPASSABLE = "impassable"
    RIDGE = "ridge"
    BORDER = "border"


#: The side kinds that are river sides for every title's costs: rivers and estuaries (Railway
#: Rivals' seed "Estuaries": river mouths cost as river sides; Railways of the World's base
#: rules name only rivers, and an estuary side is read as one).
RIVER_SIDE_KINDS = frozenset({SideKind.RIVER.value, SideKind.ESTUARY.value})


@dataclass(frozen=True, slots=True)
class Site:
    """A city, town or off-board area printed on a hex."""

    kind: str
    name: str = ""
    value: int | None = None
    values: Mapping[str, int] = field(default_factory=dict)
    slots: int = 0
    keys: int = 0
    label: str = ""
    count: int = 1
    tags: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)

    def value_in(self, phase: str | None = None) -> int:
        """The site's value, in ``phase`` when it has values by phase."""
        if phase is not None and phase in self.values:
            return self.values[phase]
        if self.value is not None:
            return self.value
        if self.values:
            return next(iter(self.values.values()))
        return 0


class HexInfo(NamedTuple):
    """Everything the map says about one hex (a named tuple: a map's load makes thousands)."""

    hex: Hex
    label: str
    terrain: str
    water_body: str | None = None
    country: str | None = None
    regions: frozenset[str] = frozenset()
    site: Site | None = None

    @property
    def is_water(self) -> bool:
        return self.terrain == Terrain.WATER


@dataclass(frozen=True, slots=True)
class SideFeature:
    """A feature on the side between two hexes (a river, an impassable border...)."""

    kind: str
    name: str = ""


def side_key(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """An order-independent key for the side between two neighbouring hexes."""
    return (a, b) if a <= b else (b, a)


class Board:
    """A hex board: geometry, labels, hex facts, side features and regions."""

    def __init__(
        self,
        *,
        name: str,
        labels: HexLabels,
        hexes: Iterable[HexInfo],
        sides: Mapping[tuple[Hex, Hex], Iterable[SideFeature]] | None = None,
        title: str = "",
        description: str = "",
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        self.name = name
        self.title = title or name
        self.description = description
        self.labels = labels
        self.meta: dict[str, Any] = dict(meta or {})
        self._hexes: dict[Hex, HexInfo] = {info.hex: info for info in hexes}
        self._by_label: dict[str, Hex] = {info.label: info.hex for info in self._hexes.values()}
        self._sides: dict[tuple[Hex, Hex], tuple[SideFeature, ...]] = {
            side_key(*k): tuple(v) for k, v in (sides or {}).items()
        }
        regions: dict[str, set[Hex]] = {}
        for info in self._hexes.values():
            for tag in info.regions:
                regions.setdefault(tag, set()).add(info.hex)
        self._regions = {tag: frozenset(hs) for tag, hs in regions.items()}

    # -- geometry -------------------------------------------------------------------------
    @property
    def orientation(self) -> Orientation:
        return self.labels.orientation

    def layout(self, size: float = 20.0) -> Layout:
        return Layout(self.orientation, size)

    # -- hexes ----------------------------------------------------------------------------
    def __contains__(self, h: object) -> bool:
        return h in self._hexes

    def __iter__(self) -> Iterator[HexInfo]:
        return iter(self._hexes.values())

    def __len__(self) -> int:
        return len(self._hexes)

    def info(self, h: Hex) -> HexInfo:
        """Facts about a hex on the board (KeyError if it is not on the board)."""
        return self._hexes[h]

    def get(self, h: Hex) -> HexInfo | None:
        return self._hexes.get(h)

    def hex(self, label: str) -> Hex:
        """The hex with printed label ``label`` (KeyError if the board has none)."""
        key = label.strip().upper()
        if key not in self._by_label:
            raise KeyError(f"no hex {label!r} on map {self.name}")
        return self._by_label[key]

    def hex_at_label(self, label: str) -> HexInfo:
        return self._hexes[self.hex(label)]

    def label(self, h: Hex) -> str:
        info = self._hexes.get(h)
        return info.label if info else self.labels.label(h)

    def neighbors(self, h: Hex) -> list[Hex]:
        """Neighbours of ``h`` that are on the board, in side order."""
        return [n for n in h.neighbors(self.orientation) if n in self._hexes]

    def neighbor_indices(self, hexes: Sequence[Hex]) -> list[tuple[int, ...]]:
        """Per hex of ``hexes``, the positions in ``hexes`` of its neighbours that are among
        them, in side order (``neighbors`` for every hex of the board, by index: what a
        title's indexed model of the board needs).

        Titles index the board on every load of a game, so hexes are found by one int each,
        ``q * width + r`` with ``r`` shifted to ``1..width - 2``: a step's ``dr`` of -1, 0
        or 1 then never carries into ``q``, and a step is one int added (four times faster
        than making and hashing each neighbour)."""
        if not hexes:
            return []
        low = min(h.r for h in hexes) - 1
        width = max(h.r for h in hexes) - low + 2
        keys = [h.q * width + h.r - low for h in hexes]
        at = {key: i for i, key in enumerate(keys)}
        steps = [d.q * width + d.r for d in DIRECTIONS[self.orientation]]
        get = at.get
        return [tuple(j for step in steps if (j := get(key + step)) is not None) for key in keys]

    def sites(self) -> list[HexInfo]:
        return [info for info in self._hexes.values() if info.site is not None]

    # -- sides ----------------------------------------------------------------------------
    def side_features(self, a: Hex, b: Hex) -> tuple[SideFeature, ...]:
        return self._sides.get(side_key(a, b), ())

    def has_side_feature(self, a: Hex, b: Hex, kind: str) -> bool:
        return any(f.kind == kind for f in self.side_features(a, b))

    def crosses_river(self, a: Hex, b: Hex) -> bool:
        """Whether the side between a and b is a river side (``RIVER_SIDE_KINDS``)."""
        return any(f.kind in RIVER_SIDE_KINDS for f in self.side_features(a, b))

    def sides(self) -> Iterator[tuple[tuple[Hex, Hex], tuple[SideFeature, ...]]]:
        return iter(self._sides.items())

    # -- regions --------------------------------------------------------------------------
    def region(self, tag: str) -> frozenset[Hex]:
        """Hexes carrying region tag ``tag`` (empty when no hex does)."""
        return self._regions.get(tag, frozenset())

    def region_names(self) -> list[str]:
        return sorted(self._regions)

    def in_region(self, h: Hex, tag: str) -> bool:
        info = self._hexes.get(h)
        return info is not None and tag in info.regions

    # -- extent ---------------------------------------------------------------------------
    def cell_extent(self) -> tuple[int, int]:
        """(rows, cells per row) needed to hold every hex in layer form."""
        rows = cols = 0
        for h in self._hexes:
            row, index = self.labels.hex_to_cell(h)
            rows, cols = max(rows, row + 1), max(cols, index + 1)
        return rows, cols
