"""What lies inside each hex: water or land, lake or sea, the country, and the elevation.

Every hex is sampled on a small lattice of points. A point's GSHHS level is the deepest polygon
holding it (0 sea, 1 land, 2 lake, 3 island in a lake, 4 pond); odd levels are land. The hex is
water when most of its points are water. Land points inside (or within ``US_MARGIN_DEG`` of) the
lower-48 outline count as US; the other land points take the country of :func:`foreign_country`.
Elevation statistics use the land points only.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely

from transcon.mapgen.albers import EPSG_5070
from transcon.mapgen.geodata import GeoData
from transcon.mapgen.grid import HexGrid

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

US_MARGIN_DEG = 0.05  # about 5 km: coastline and county outlines are simplified differently


@dataclass(frozen=True)
class HexFacts:
    """Per-hex measurements, indexed like the grid."""

    lon: FloatArray  # centre
    lat: FloatArray
    water_frac: FloatArray  # share of points in the sea or a lake
    lake_frac: FloatArray  # share of points in a lake (or pond)
    us_frac: FloatArray  # share of the land points in the US
    elev_p10: FloatArray  # percentiles of the land points' elevation (NaN if no land point)
    elev_p50: FloatArray
    elev_p90: FloatArray

    @property
    def relief(self) -> FloatArray:
        return np.asarray(np.nan_to_num(self.elev_p90 - self.elev_p10), dtype=np.float64)


def foreign_country(lon: float, lat: float) -> str:
    """The country of land outside the lower 48 (only Canada, Mexico, Cuba and the Bahamas fit)."""
    if lat >= 41.0:
        return "CA"
    if lon > -80.5 and lat > 20.5 and lat < 27.5 and not (lat < 23.3 and lon < -76.0):
        return "BS"
    if lon > -85.2 and lat < 23.3:
        return "CU"
    return "MX"


def _levels(geo: GeoData, lon: FloatArray, lat: FloatArray) -> IntArray:
    level = np.zeros(lon.shape, dtype=np.int64)
    for lv in sorted(geo.coast):
        for poly in geo.coast[lv]:
            x0, y0, x1, y1 = poly.bounds
            box = (lon >= x0) & (lon <= x1) & (lat >= y0) & (lat <= y1)
            if not box.any():
                continue
            idx = np.nonzero(box)[0]
            inside = shapely.contains_xy(poly, lon[idx], lat[idx])
            level[idx[inside]] = lv
    return level


def measure(grid: HexGrid, geo: GeoData, per_side: int = 6) -> HexFacts:
    """Sample every hex of ``grid`` and measure it."""
    cx, cy = grid.centers
    ox, oy = grid.sample_offsets(per_side)
    k = ox.size
    px = (cx[:, None] + ox[None, :]).reshape(-1)
    py = (cy[:, None] + oy[None, :]).reshape(-1)
    lon, lat = EPSG_5070.inverse(px, py)
    level = _levels(geo, lon, lat)
    water = (level % 2 == 0).reshape(-1, k)
    lake = ((level == 2) | (level == 4)).reshape(-1, k)
    land = ~water
    us_shape = geo.us.buffer(US_MARGIN_DEG)
    shapely.prepare(us_shape)
    in_us = np.zeros(lon.shape, dtype=bool)
    flat_land = land.reshape(-1)
    in_us[flat_land] = shapely.contains_xy(us_shape, lon[flat_land], lat[flat_land])
    n_land = land.sum(axis=1)
    us_frac = np.where(n_land > 0, in_us.reshape(-1, k).sum(axis=1) / np.maximum(n_land, 1), 0.0)
    elev = geo.elevation.sample(lon, lat).reshape(-1, k)
    elev = np.where(land, elev, np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN rows: hexes with no land
        p10, p50, p90 = np.nanpercentile(elev, [10, 50, 90], axis=1)
    clon, clat = EPSG_5070.inverse(cx, cy)
    return HexFacts(
        lon=clon,
        lat=clat,
        water_frac=water.mean(axis=1),
        lake_frac=lake.mean(axis=1),
        us_frac=us_frac,
        elev_p10=p10,
        elev_p50=p50,
        elev_p90=p90,
    )


def countries(facts: HexFacts, land: BoolArray) -> list[str | None]:
    """The country of each land hex (None for water)."""
    out: list[str | None] = []
    for i in range(land.size):
        if not land[i]:
            out.append(None)
        elif facts.us_frac[i] >= 0.5:
            out.append("US")
        else:
            out.append(foreign_country(float(facts.lon[i]), float(facts.lat[i])))
    return out
