"""Water bodies of the water hexes, and the coasts they make.

Every water hex gets the name of its water body:

1. Water hexes fall into connected groups (hexes joined through water neighbours).
2. A body with an ``area`` (a longitude/latitude outline) takes the water hexes of its seed's group
   whose centres lie in that area. This is how the Gulf of Mexico is told from the Atlantic in one
   body of sea water, and the Great Lakes from each other (Superior, Michigan and Huron form one
   polygon in the coastline data).
3. The rest of a group goes to the nearest seed of a body without an area, by steps through
   water (breadth-first).
4. What is left joins the nearest sea body when it is mostly sea water (a lagoon cut off at this
   scale), or is called ``lake``.

A body's seed hex is forced to be water when ``force`` is set: small bays (San Francisco Bay)
would otherwise vanish under the majority rule.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import Polygon

from transcon.mapgen.albers import EPSG_5070
from transcon.mapgen.classify import HexFacts
from transcon.mapgen.grid import HexGrid

BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class WaterBody:
    name: str
    seed: tuple[float, float]  # longitude, latitude of a point in the body
    area: tuple[tuple[float, float], ...] = ()  # optional outline (longitude, latitude)
    force: bool = False


def _seed_cell(grid: HexGrid, body: WaterBody) -> int:
    x, y = EPSG_5070.forward(np.array([body.seed[0]]), np.array([body.seed[1]]))
    cell = int(grid.cell_of(x, y)[0])
    if cell < 0:
        raise ValueError(f"seed of {body.name} is off the map")
    return cell


def force_seeds(grid: HexGrid, water: BoolArray, bodies: list[WaterBody]) -> BoolArray:
    """``water`` with the seed hexes of forced bodies made water."""
    out = water.copy()
    for body in bodies:
        if body.force:
            out[_seed_cell(grid, body)] = True
    return out


def _groups(grid: HexGrid, water: BoolArray) -> list[int]:
    group = [-1] * grid.n
    count = 0
    for start in range(grid.n):
        if not water[start] or group[start] >= 0:
            continue
        group[start] = count
        queue = deque([start])
        while queue:
            i = queue.popleft()
            for j in grid.neighbors(i):
                if water[j] and group[j] < 0:
                    group[j] = count
                    queue.append(j)
        count += 1
    return group


def label_water(
    grid: HexGrid, facts: HexFacts, water: BoolArray, bodies: list[WaterBody]
) -> list[str | None]:
    """The water body of each water hex (None for land)."""
    group = _groups(grid, water)
    body_of: list[str | None] = [None] * grid.n
    for body in bodies:
        cell = _seed_cell(grid, body)
        if not water[cell]:
            raise ValueError(f"seed of {body.name} ({grid.label(cell)}) is not a water hex")
        if body.area:
            inside = shapely.contains_xy(Polygon(body.area), facts.lon, facts.lat)
            for k in np.nonzero(inside)[0]:
                if water[k] and group[k] == group[cell] and body_of[k] is None:
                    body_of[int(k)] = body.name
    # breadth-first from the seeds of bodies without an area, through the hexes still unnamed
    queue: deque[int] = deque()
    for body in bodies:
        if body.area:
            continue
        cell = _seed_cell(grid, body)
        if body_of[cell] is None:
            body_of[cell] = body.name
            queue.append(cell)
    while queue:
        i = queue.popleft()
        for j in grid.neighbors(i):
            if water[j] and body_of[j] is None:
                body_of[j] = body_of[i]
                queue.append(j)
    _label_seedless(grid, facts, water, body_of)
    return body_of


def _label_seedless(
    grid: HexGrid, facts: HexFacts, water: BoolArray, body_of: list[str | None]
) -> None:
    cx, cy = grid.centers
    named = np.array([i for i in range(grid.n) if body_of[i] is not None], dtype=np.int64)
    sea_named = np.array(
        [i for i in named if facts.lake_frac[i] < facts.water_frac[i] / 2], dtype=np.int64
    )
    for i in range(grid.n):
        if not water[i] or body_of[i] is not None:
            continue
        if facts.lake_frac[i] < facts.water_frac[i] / 2 and sea_named.size:
            d = (cx[sea_named] - cx[i]) ** 2 + (cy[sea_named] - cy[i]) ** 2
            body_of[i] = body_of[int(sea_named[int(np.argmin(d))])]
        else:
            body_of[i] = "lake"


def coast_cells(
    grid: HexGrid, land_ok: BoolArray, body_of: list[str | None], bodies: set[str]
) -> list[int]:
    """Cells with ``land_ok`` set that touch water of one of ``bodies``."""
    return [
        i
        for i in range(grid.n)
        if land_ok[i] and any(body_of[j] in bodies for j in grid.neighbors(i))
    ]
