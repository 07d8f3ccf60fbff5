"""Reading the committed geography extracts in ``geodata/`` (written by ``tools/geo/extract.py``).

Files: ``elevation.npz`` (elevation codes on a latitude/longitude grid), ``coast.geojson`` (GSHHS
polygons with their ``level``: 1 land, 2 lake, 3 island in a lake, 4 pond), ``us.geojson`` (the
lower 48), ``rivers.geojson`` (named traced rivers) and ``cities.csv`` (hand-curated places).
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import LineString, MultiPolygon, Polygon, shape

from transcon.core.errors import InputError

FloatArray = npt.NDArray[np.float64]
SEA_CODE = 255


def default_geodata_dir() -> Path:
    """``geodata/`` at the root of a source checkout (the package lives in ``src/transcon``)."""
    return Path(__file__).resolve().parents[3] / "geodata"


@dataclass(frozen=True)
class Elevation:
    """Elevation on a regular latitude/longitude grid; NaN over the sea."""

    metres: FloatArray  # (rows, cols), row 0 is the northern edge
    north: float  # latitude of the grid's northern edge
    west: float  # longitude of the grid's western edge
    step: float  # degrees per cell

    def sample(self, lon: FloatArray, lat: FloatArray) -> FloatArray:
        """Elevation of the cells holding each point (NaN over the sea or outside the grid)."""
        rows = np.floor((self.north - lat) / self.step).astype(np.int64)
        cols = np.floor((lon - self.west) / self.step).astype(np.int64)
        h, w = self.metres.shape
        ok = (rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)
        out = np.full(lon.shape, np.nan)
        out[ok] = self.metres[rows[ok], cols[ok]]
        return out


@dataclass(frozen=True)
class City:
    """One row of ``cities.csv``."""

    name: str
    state: str
    country: str
    lat: float
    lon: float
    population: int


@dataclass(frozen=True)
class GeoData:
    elevation: Elevation
    coast: dict[int, list[Polygon]]  # GSHHS level -> polygons (lon/lat)
    us: MultiPolygon
    rivers: dict[str, LineString]
    cities: dict[str, City]


def _need(path: Path) -> Path:
    if not path.is_file():
        raise InputError(f"{path}: missing geography extract (run tools/geo/extract.py)")
    return path


def read_elevation(path: Path) -> Elevation:
    with zipfile.ZipFile(_need(path)) as z:
        codes = np.load(io.BytesIO(z.read("codes.npy")), allow_pickle=False)
        grid = np.load(io.BytesIO(z.read("grid.npy")), allow_pickle=False)
    north, west, step, scale, offset = (float(v) for v in grid)
    metres = codes.astype(np.float64) * scale + offset
    metres[codes == SEA_CODE] = np.nan
    return Elevation(metres, north, west, step)


def _features(path: Path) -> list[dict[str, Any]]:
    doc = json.loads(_need(path).read_text())
    features: list[dict[str, Any]] = doc["features"]
    return features


def _polygons(geom: Any) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return []


def read_coast(path: Path) -> dict[int, list[Polygon]]:
    out: dict[int, list[Polygon]] = {}
    for f in _features(path):
        level = int(f["properties"]["level"])
        out.setdefault(level, []).extend(_polygons(shape(f["geometry"])))
    return out


def read_us(path: Path) -> MultiPolygon:
    polys: list[Polygon] = []
    for f in _features(path):
        polys.extend(_polygons(shape(f["geometry"])))
    return MultiPolygon(polys)


def read_rivers(path: Path) -> dict[str, LineString]:
    out: dict[str, LineString] = {}
    for f in _features(path):
        geom = shape(f["geometry"])
        if isinstance(geom, LineString):
            out[str(f["properties"]["name"])] = geom
    return out


def read_cities(path: Path) -> dict[str, City]:
    out: dict[str, City] = {}
    with _need(path).open(newline="") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            city = City(
                name=row["name"],
                state=row["state"],
                country=row["country"],
                lat=float(row["lat"]),
                lon=float(row["lon"]),
                population=int(row["population"] or 0),
            )
            if city.name in out:
                raise InputError(f"{path}: city {city.name!r} listed twice")
            out[city.name] = city
    return out


def load_geodata(folder: Path | None = None) -> GeoData:
    """Read every extract from ``folder`` (default: the checkout's ``geodata/``)."""
    folder = folder or default_geodata_dir()
    coast = read_coast(folder / "coast.geojson")
    for polys in coast.values():
        shapely.prepare(polys)
    us = read_us(folder / "us.geojson")
    shapely.prepare(us)
    return GeoData(
        elevation=read_elevation(folder / "elevation.npz"),
        coast=coast,
        us=us,
        rivers=read_rivers(folder / "rivers.geojson"),
        cities=read_cities(folder / "cities.csv"),
    )
