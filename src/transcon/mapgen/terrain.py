"""Land terrain from elevation: mountains and hills by relief, swamps in hand-drawn areas, ridges.

* Relief is the 90th minus the 10th percentile of a hex's land elevation. Height alone would make
  the High Plains (Denver stands at 1,600 m) mountains. The eastern ranges are lower and older,
  so east of ``east_of_lon`` the thresholds are lower: that is what makes the Appalachians show.
  The high valleys and parks of the Rockies (median above ``high_median``) need less relief.
* A swamp is a land hex whose centre lies in one of the hand-drawn :data:`SWAMP_AREAS` and whose
  median elevation is at most ``swamp_max_elev`` (no offline wetland layer was found).
* A ridge is a side between two hill or mountain hexes where the ground along the segment joining
  their centres rises ``ridge_rise`` metres above the higher of the two hexes' medians.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import Polygon

from transcon.mapgen.albers import EPSG_5070
from transcon.mapgen.classify import HexFacts
from transcon.mapgen.geodata import Elevation
from transcon.mapgen.grid import HexGrid

BoolArray = npt.NDArray[np.bool_]

# Hand-drawn outlines (longitude, latitude) of the swamps the Railway Rivals map shows.
SWAMP_AREAS: dict[str, list[tuple[float, float]]] = {
    "Everglades": [
        (-81.95, 25.15),
        (-80.45, 25.15),
        (-80.45, 26.60),
        (-80.80, 26.95),
        (-81.40, 26.60),
        (-81.95, 26.10),
    ],
    "Louisiana coastal marsh": [
        (-93.95, 29.50),
        (-93.95, 30.05),
        (-92.50, 30.00),
        (-91.50, 30.00),
        (-90.90, 30.35),
        (-90.30, 30.35),
        (-89.60, 30.20),
        (-88.90, 29.90),
        (-88.90, 29.00),
        (-90.50, 28.90),
        (-92.00, 29.30),
    ],
    "Okefenokee": [(-82.65, 30.45), (-81.95, 30.45), (-81.95, 31.10), (-82.65, 31.10)],
    "Great Dismal Swamp": [(-76.80, 36.30), (-76.30, 36.30), (-76.30, 36.85), (-76.80, 36.85)],
}


@dataclass(frozen=True)
class TerrainParams:
    mountain_west: float  # relief (m) for a mountain west of ``east_of_lon``
    mountain_east: float  # ... and east of it
    hill_west: float | None = None  # relief for a hill (None: no hills on this map)
    hill_east: float | None = None
    east_of_lon: float = -100.0
    high_median: float = 2400.0  # a hex this high (median) is a mountain with less relief...
    high_relief: float = 400.0  # ... at least this much (the high valleys of the Rockies)
    swamps: bool = False
    swamp_max_elev: float = 40.0
    ridges: bool = False
    ridge_west_of_lon: float = -102.0
    ridge_rise: float = 600.0


def land_terrain(facts: HexFacts, land: BoolArray, p: TerrainParams) -> list[str | None]:
    """``plain``, ``hill``, ``mountain`` or ``swamp`` for each land hex, None for water."""
    relief = facts.relief
    east = facts.lon >= p.east_of_lon
    mountain = relief >= np.where(east, p.mountain_east, p.mountain_west)
    median = np.nan_to_num(facts.elev_p50, nan=0.0)
    mountain |= (median >= p.high_median) & (relief >= p.high_relief)
    hill = np.zeros(land.shape, dtype=bool)
    if p.hill_west is not None and p.hill_east is not None:
        hill = relief >= np.where(east, p.hill_east, p.hill_west)
    swamp = np.zeros(land.shape, dtype=bool)
    if p.swamps:
        in_area = np.zeros(land.shape, dtype=bool)
        for outline in SWAMP_AREAS.values():
            in_area |= shapely.contains_xy(Polygon(outline), facts.lon, facts.lat)
        low = np.nan_to_num(facts.elev_p50, nan=np.inf) <= p.swamp_max_elev
        swamp = in_area & low
    out: list[str | None] = []
    for i in range(land.size):
        if not land[i]:
            out.append(None)
        elif swamp[i]:
            out.append("swamp")
        elif mountain[i]:
            out.append("mountain")
        elif hill[i]:
            out.append("hill")
        else:
            out.append("plain")
    return out


def ridge_sides(
    grid: HexGrid,
    facts: HexFacts,
    terrain: list[str | None],
    elevation: Elevation,
    p: TerrainParams,
    steps: int = 9,
) -> list[tuple[int, int]]:
    """Sides (pairs of cells) that cross a mountain crest higher than both hexes."""
    if not p.ridges:
        return []
    rough = {"hill", "mountain"}
    pairs = [
        (int(a), int(b))
        for a, b in grid.pairs
        if terrain[a] in rough
        and terrain[b] in rough
        and max(facts.lon[a], facts.lon[b]) < p.ridge_west_of_lon
    ]
    if not pairs:
        return []
    cx, cy = grid.centers
    a_idx = np.array([a for a, _ in pairs])
    b_idx = np.array([b for _, b in pairs])
    t = np.linspace(0.25, 0.75, steps)[None, :]
    x = cx[a_idx][:, None] * (1 - t) + cx[b_idx][:, None] * t
    y = cy[a_idx][:, None] * (1 - t) + cy[b_idx][:, None] * t
    lon, lat = EPSG_5070.inverse(x.reshape(-1), y.reshape(-1))
    crest = np.nanmax(elevation.sample(lon, lat).reshape(x.shape), axis=1)
    base = np.maximum(facts.elev_p50[a_idx], facts.elev_p50[b_idx])
    rise = crest - base
    return [pair for pair, r in zip(pairs, rise, strict=True) if r >= p.ridge_rise]
