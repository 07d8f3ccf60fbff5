"""The steps every generated map shares: measure the hexes, then land, water, terrain, rivers."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from transcon.mapgen.classify import HexFacts, countries, measure
from transcon.mapgen.geodata import GeoData
from transcon.mapgen.grid import GridSpec, HexGrid
from transcon.mapgen.rivers import river_sides
from transcon.mapgen.terrain import TerrainParams, land_terrain
from transcon.mapgen.water import WaterBody, force_seeds, label_water
from transcon.mapgen.waterbodies import SEA_BODIES, US_WATER_BODIES

BoolArray = npt.NDArray[np.bool_]

RIVER_NAMES = (
    "Mississippi",
    "Missouri",
    "Ohio",
    "Tennessee",
    "Arkansas",
    "Red",
    "Columbia",
    "Snake",
    "Colorado",
    "Rio Grande",
    "Platte",
    "South Platte",
    "Illinois",
    "Hudson",
    "Sacramento",
)


@dataclass(frozen=True)
class BaseSpec:
    grid: GridSpec
    terrain: TerrainParams
    samples_per_side: int = 6
    water_majority: float = 0.5
    bodies: list[WaterBody] = field(default_factory=lambda: list(US_WATER_BODIES))
    rivers: tuple[str, ...] = RIVER_NAMES


@dataclass
class BaseMap:
    grid: HexGrid
    facts: HexFacts
    land: BoolArray
    terrain: list[str]
    water: list[str | None]
    country: list[str | None]
    rivers: dict[str, list[tuple[int, int]]]


def build_base(spec: BaseSpec, geo: GeoData) -> BaseMap:
    grid = HexGrid(spec.grid)
    facts = measure(grid, geo, spec.samples_per_side)
    water_mask = force_seeds(grid, facts.water_frac > spec.water_majority, spec.bodies)
    land = ~water_mask
    water = label_water(grid, facts, water_mask, spec.bodies)
    country = countries(facts, land)
    land_kind = land_terrain(facts, land, spec.terrain)
    terrain = [t if t is not None else "water" for t in land_kind]
    sea = np.array([w is not None and w in SEA_BODIES for w in water], dtype=bool)
    rivers = {}
    for name in spec.rivers:
        if name not in geo.rivers:
            raise KeyError(f"river {name!r} is not in rivers.geojson")
        rivers[name] = river_sides(grid, land, geo.rivers[name], sea)
    return BaseMap(grid, facts, land, terrain, water, country, rivers)
