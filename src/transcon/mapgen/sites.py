"""Putting real places on hexes.

A place goes on the land hex (of its own country) whose centre is nearest its real position. When
places must keep a minimum number of steps apart (``min_gap``), they are placed in priority order
and a later place takes the nearest hex that keeps the gap; it may move at most ``max_shift``
steps from the hex holding its real position, or it is left out (only towns may be left out).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from transcon.core.errors import InputError
from transcon.mapgen.albers import EPSG_5070
from transcon.mapgen.geodata import City
from transcon.mapgen.grid import HexGrid


@dataclass(frozen=True)
class Placed:
    city: City
    cell: int
    shift: int  # steps from the hex holding the real position


def _xy(city: City) -> tuple[float, float]:
    x, y = EPSG_5070.forward(np.array([city.lon]), np.array([city.lat]))
    return float(x[0]), float(y[0])


def home_cell(grid: HexGrid, city: City) -> int:
    """The hex whose centre is nearest the place (land or not)."""
    x, y = _xy(city)
    cell = int(grid.cell_of(np.array([x]), np.array([y]))[0])
    if cell < 0:
        raise InputError(f"{city.name} lies off the map")
    return cell


def nearest_land(grid: HexGrid, city: City, country: list[str | None], radius: int = 3) -> int:
    """The land hex of the place's country whose centre is nearest the place."""
    x, y = _xy(city)
    cx, cy = grid.centers
    home = home_cell(grid, city)
    best = [
        ((cx[c] - x) ** 2 + (cy[c] - y) ** 2, c)
        for c in grid.within(home, radius)
        if country[c] == city.country
    ]
    if not best:
        raise InputError(f"no land hex of {city.country} near {city.name}")
    return min(best)[1]


def place_sites(
    grid: HexGrid,
    cities: list[City],
    country: list[str | None],
    *,
    min_gap: int,
    max_shift: int,
    required: set[str],
    taken: list[int] | None = None,
) -> list[Placed]:
    """Place ``cities`` in order, away from ``taken``; names in ``required`` must be placed."""
    cx, cy = grid.centers
    taken = list(taken or [])
    out: list[Placed] = []
    for city in cities:
        x, y = _xy(city)
        home = home_cell(grid, city)
        options = []
        for c in grid.within(home, max_shift):
            if country[c] != city.country:
                continue
            if any(grid.distance(c, t) < min_gap for t in taken):
                continue
            options.append(((cx[c] - x) ** 2 + (cy[c] - y) ** 2, c))
        if not options:
            if city.name in required:
                raise InputError(f"no hex for {city.name} within {max_shift} steps of its place")
            continue
        cell = min(options)[1]
        taken.append(cell)
        out.append(Placed(city, cell, grid.distance(cell, home)))
    return out
