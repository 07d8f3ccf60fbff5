"""Write ``src/transcon/data/18c2c/map.json``: the 18C2C board in our map format.

Facts read from the Rails 18C2C draft (``shared/reference/rails/18C2C/Map.xml``, GPL; read for
facts only): which hexes exist and their first-tile terrain cost. Everything else is written
here by hand: the cities (transcribed names, types, token slots, printed values and exits, with
the Rails draft's known bugs fixed), the zones (derived below from the Mississippi and the
Rockies, see docs/rules/18c2c.md "Zones"), the countries, the D variant's overlays and the
Super-short replacement off-boards. Run it from the repository root::

    python tools/c2c/build_map.py [PATH/TO/Map.xml]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SOURCE = ROOT.parent / "shared" / "reference" / "rails" / "18C2C" / "Map.xml"
OUT = ROOT / "src" / "transcon" / "data" / "18c2c" / "map.json"

# Rails row '[' (after Z) is our spreadsheet-style row AA.
ROWS = [chr(ord("A") + i) for i in range(26)] + ["AA"]

# First-tile cost -> our terrain name (Rails encodes only the cost; the reading is ours, from
# where each cost sits on the printed geography: docs/rules/18c2c.md "Terrain").
TERRAIN_OF_COST = {
    0: "plain",
    20: "river",
    40: "major-river",
    60: "hill",
    80: "crossing",
    120: "mountain",
}
TERRAIN_CHAR = {
    "plain": ".",
    "river": "r",
    "major-river": "R",
    "hill": "h",
    "crossing": "w",
    "mountain": "m",
    "offboard": "x",
}

# -- zones ---------------------------------------------------------------------------------
# The Mississippi's course: per row, the column of the hex the river runs through (the hexes
# with the river costs along its course: St. Cloud, Minneapolis, Burlington, St. Louis,
# Memphis, Baton Rouge). North of its source (rows A-D) the line runs due north. Hexes at or
# east of this column are east of the Mississippi (the river hexes themselves count as east:
# St. Louis, a Super-short destination, must be in the Eastern zone).
MISSISSIPPI = {
    "A": 47,
    "B": 47,
    "C": 46,
    "D": 47,
    "E": 46,
    "F": 47,
    "G": 50,
    "H": 51,
    "I": 52,
    "J": 53,
    "K": 52,
    "L": 51,
    "M": 52,
    "N": 53,
    "O": 54,
    "P": 53,
    "Q": 54,
    "R": 53,
    "S": 52,
    "T": 51,
    "U": 52,
    "V": 51,
    "W": 52,
    "X": 52,
    "Y": 52,
    "Z": 52,
    "AA": 52,
}
# The Rockies' eastern front: per row, the last column of the Rocky Mountain belt (the
# easternmost hill/mountain hex west of column 32 in the Rails costs, smoothed where a row has
# none). Hexes at or west of it are West; the foothill cities Denver and Pueblo sit on
# mountain hexes and so are West; Cheyenne, Great Falls, Billings, Casper, Lubbock are Plains.
ROCKIES = {
    "A": 22,
    "B": 19,
    "C": 20,
    "D": 21,
    "E": 23,
    "F": 23,
    "G": 25,
    "H": 27,
    "I": 27,
    "J": 27,
    "K": 28,
    "L": 29,
    "M": 30,
    "N": 29,
    "O": 30,
    "P": 31,
    "Q": 29,
    "R": 31,
    "S": 30,
    "T": 29,
    "U": 28,
    "V": 28,
    "W": 28,
    "X": 28,
    "Y": 28,
    "Z": 28,
    "AA": 28,
}
# Canada: row A everywhere (north of the 49th parallel), and in the east the hexes of Ontario,
# Quebec and the Maritimes listed here (from the positions of the Canadian cities on the board:
# Sault Ste. Marie, North Bay, Ottawa, Toronto, Montreal, Quebec).
CANADA_EAST = {
    "B": range(59, 66),
    "C": range(62, 69),
    "D": range(63, 88),
    "E": [*range(68, 81), 88],
    "F": range(69, 78),
    "G": range(66, 75),
    "H": (67, 69),
    "I": (66, 68),
}


def zone_of(row: str, col: int) -> str:
    if row == "A" or col in CANADA_EAST.get(row, ()):
        return "canada"
    if col >= MISSISSIPPI[row]:
        return "eastern"
    if col <= ROCKIES[row]:
        return "west"
    return "plains"


# -- sites ----------------------------------------------------------------------------------
# hex, name, type (plain, K, L, B, P, NY, CHI), preprinted (None: white city, value 0, 1 slot;
# or (color, value, slots, exits-per-city)).
# Rails draft fixes: Boston gets the "B" type of the other six value-30 preprinted yellow
# cities; the unnamed port K city V57 is Mobile; hex '[68' is AA68.
CITIES: list[tuple[str, str, str]] = [
    ("B43", "Grand Forks", "plain"),
    ("C4", "Seattle", "B"),
    ("C12", "Spokane", "plain"),
    ("C22", "Great Falls", "plain"),
    ("D37", "Bismarck", "plain"),
    ("D43", "Fargo", "plain"),
    ("D49", "Duluth", "plain"),
    ("D63", "Sault Ste. Marie", "K"),
    ("D69", "North Bay", "L"),
    ("E4", "Portland", "P"),
    ("E18", "Butte", "plain"),
    ("E24", "Billings", "plain"),
    ("E46", "St. Cloud", "plain"),
    ("F47", "Minneapolis", "P"),
    ("F49", "Saint Paul", "plain"),
    ("F53", "Wausau", "plain"),
    ("F75", "Ottawa", "L"),
    ("F85", "Bangor", "L"),
    ("G2", "Eugene", "L"),
    ("G34", "Rapid City", "plain"),
    ("H13", "Boise", "plain"),
    ("H19", "Idaho Falls", "plain"),
    ("H43", "Sioux Falls", "plain"),
    ("H55", "Milwaukee", "L"),
    ("H61", "Lansing", "plain"),
    ("H69", "Toronto", "plain"),
    ("H73", "Rochester", "K"),
    ("I16", "Twin Falls", "plain"),
    ("I28", "Casper", "plain"),
    ("I64", "Detroit/Windsor", "B"),
    ("I70", "Buffalo", "P"),
    ("I78", "Albany", "plain"),
    ("I82", "Boston", "B"),
    ("J21", "Ogden", "plain"),
    ("J47", "Des Moines", "plain"),
    ("J57", "Chicago", "CHI"),
    ("J63", "Toledo", "L"),
    ("J75", "Scranton", "plain"),
    ("K20", "Salt Lake City", "L"),
    ("K30", "Cheyenne", "plain"),
    ("K40", "Kearney", "plain"),
    ("K44", "Omaha", "plain"),
    ("K52", "Burlington", "plain"),
    ("K78", "New York City", "NY"),
    ("L29", "Denver", "P"),
    ("L53", "Springfield IL", "plain"),
    ("L59", "Indianapolis", "plain"),
    ("L69", "Pittsburgh", "plain"),
    ("L75", "Philadelphia", "plain"),
    ("M4", "Sacramento", "plain"),
    ("M8", "Carson City", "plain"),
    ("M44", "Topeka", "plain"),
    ("M46", "Kansas City", "B"),
    ("M52", "Saint Louis", "P"),
    ("M62", "Cincinnati", "plain"),
    ("M74", "Baltimore", "B"),
    ("N29", "Pueblo", "plain"),
    ("N59", "Louisville", "plain"),
    ("N65", "Charleston WV", "plain"),
    ("O4", "San Francisco", "NY"),
    ("O42", "Wichita", "plain"),
    ("O48", "Springfield MO", "plain"),
    ("O68", "Blacksburg", "plain"),
    ("O72", "Richmond", "L"),
    ("P5", "Monterey", "K"),
    ("P9", "Fresno", "plain"),
    ("P15", "Las Vegas", "plain"),
    ("P63", "Knoxville", "plain"),
    ("P73", "Norfolk", "K"),
    ("Q28", "Santa Fe", "plain"),
    ("Q36", "Amarillo", "plain"),
    ("Q42", "Oklahoma City", "plain"),
    ("Q54", "Memphis", "plain"),
    ("Q58", "Nashville", "plain"),
    ("Q70", "Raleigh/Durham", "B"),
    ("R9", "Los Angeles", "P"),
    ("R21", "Flagstaff", "plain"),
    ("R27", "Albuquerque", "plain"),
    ("R49", "Little Rock", "plain"),
    ("S34", "Lubbock", "plain"),
    ("S58", "Birmingham", "plain"),
    ("S62", "Atlanta", "B"),
    ("T21", "Phoenix", "plain"),
    ("T41", "Fort Worth", "P"),
    ("T43", "Dallas", "P"),
    ("T53", "Jackson", "plain"),
    ("U22", "Tucson", "K"),
    ("U28", "El Paso", "K"),
    ("U48", "Shreveport", "plain"),
    ("U66", "Savannah", "K"),
    ("V41", "Austin", "plain"),
    ("V45", "Houston", "plain"),
    ("V51", "Baton Rouge", "plain"),
    ("V57", "Mobile", "K"),
    ("W40", "San Antonio", "plain"),
    ("W46", "Galveston", "L"),
    ("W66", "Jacksonville", "K"),
    ("Y42", "Corpus Christi", "K"),
]
# Printed tiles of the preprinted cities (colour, value, slots, exits of each city). Seattle's
# second exit is east (the Rails draft's orientation points it off the map, north-west).
PREPRINTED = {
    "C4": ("yellow", 30, 1, [[0, 4]]),
    "I64": ("yellow", 30, 1, [[1, 3]]),
    "I82": ("yellow", 30, 1, [[0, 2]]),
    "M46": ("yellow", 30, 1, [[2, 4]]),
    "M74": ("yellow", 30, 1, [[1, 3]]),
    "Q70": ("yellow", 30, 1, [[1, 3]]),
    "S62": ("yellow", 30, 1, [[5, 1]]),
    "D63": ("yellow", 20, 1, [[4, 1]]),
    "J57": ("yellow", 40, 1, [[4], [1]]),
    "K78": ("yellow", 40, 1, [[3], [0]]),
    "O4": ("yellow", 40, 1, [[2], [5]]),
}
# Red off-boards: hex, name, base values per step (1..5; a short list repeats its last value),
# base token slots. Their track runs to every neighbouring land hex (:func:`offboard_exits`):
# the Rails draft's red tiles point off the map in 11 of 17 cases, so their exits are not used.
# Rails draft fixes: Alaska/Vancouver's step 2 "60" (a typo, never used by Rails because its
# phases skip step 2) reads 30; Charleston's last step "30" reads 60;
# Miami is hex AA68.
OFFBOARDS: list[tuple[str, str, list[int], int]] = [
    ("A4", "Alaska", [20, 30, 40, 40, 60], 0),
    ("A6", "Vancouver", [20, 30, 40, 40, 60], 0),
    ("A16", "Calgary", [20, 40, 50, 50, 60], 0),
    ("A44", "Winnipeg", [20, 30, 40], 0),
    ("A54", "Thunder Bay", [20, 30, 40], 2),
    ("D81", "Quebec", [30, 40, 50], 0),
    ("E62", "Mackinaw City", [20, 30, 40], 2),
    ("E78", "Montreal", [30, 50, 60, 60, 80], 2),
    ("E88", "Maritime Provinces", [20, 30, 40], 0),
    ("J65", "Cleveland", [30, 40, 50, 50, 60], 2),
    ("T13", "San Diego", [20, 30, 40, 40, 60], 2),
    ("T69", "Charleston", [30, 50, 50, 60], 2),
    ("W54", "New Orleans", [30, 50, 70, 70, 100], 3),
    ("Y64", "Tampa", [20, 20, 30, 40], 2),
    ("Z39", "Mexico City", [20, 40, 60, 60, 80], 0),
    ("Z41", "Mexico City", [20, 40, 60, 60, 80], 0),
    ("AA68", "Miami", [20, 20, 30, 50, 60], 0),
]
# Off-board areas of two hexes: one off-board each (seed 001 2a: one overlay tile), one stop,
# one token place (the first hex listed: the one the charters name first).
AREAS = {"A4": "Vancouver", "A6": "Vancouver", "Z39": "Mexico City", "Z41": "Mexico City"}
AREA_TOKEN_PLACES = ("A4", "Z39")
# The D variant's overlays (seed 001 2a, 2c, 2d). Which cities the white overlays turn into
# "C" cities is not in our sources: ASSUMED (docs/rules/18c2c.md, "Assumptions" A-C).
D_C_CITIES = ("L59", "N59", "Q58", "K44", "S58")
# Super-short: three replacement off-boards on the western edge of the play area. Where they
# lie and what they pay is not in our sources: ASSUMED (docs/rules/18c2c.md, "Super-short").
SHORT_OFFBOARDS: list[tuple[str, str, list[int], list[int]]] = [
    ("E44", "Northwest (short game)", [20, 30, 40, 50, 60], [4]),
    ("M50", "West (short game)", [20, 30, 40, 50, 60], [4]),
    ("R51", "Southwest (short game)", [20, 30, 40, 50, 60], [4]),
]
# The coasts of a transcontinental route (seed 001 3k; which cities count is not in our
# sources: ASSUMED, docs/rules/18c2c.md "Transcontinental"): the Pacific ports and off-boards,
# and the Atlantic ports with the St. Lawrence ports Montreal and Quebec.
WEST_COAST = ("A4", "A6", "C4", "E4", "G2", "O4", "P5", "R9", "T13")
EAST_COAST = (
    "E88",
    "D81",
    "E78",
    "F85",
    "I82",
    "K78",
    "L75",
    "M74",
    "P73",
    "T69",
    "U66",
    "W66",
    "AA68",
)
STEP_NAMES = ["1", "2", "3", "4", "5"]


def steps(values: list[int]) -> dict[str, int]:
    return {name: values[min(i, len(values) - 1)] for i, name in enumerate(STEP_NAMES)}


NEIGHBOUR = {0: (1, -1), 1: (0, -2), 2: (-1, -1), 3: (-1, 1), 4: (0, 2), 5: (1, 1)}
"""Side -> (row step, column step) on the double-width grid (side 0 = SW, clockwise)."""


def offboard_exits(label: str, hexes: dict[tuple[str, int], int], red: set[str]) -> list[int]:
    m = re.fullmatch(r"([A-Z]+)(\d+)", label)
    assert m is not None
    r, c = ROWS.index(m.group(1)), int(m.group(2))
    out = []
    for side, (dr, dc) in NEIGHBOUR.items():
        if 0 <= r + dr < len(ROWS):
            there = (ROWS[r + dr], c + dc)
            if there in hexes and f"{there[0]}{there[1]}" not in red:
                out.append(side)
    return out


def read_hexes(source: Path) -> dict[tuple[str, int], int]:
    """(row, column) -> first-tile cost, for every hex of the Rails map (facts only)."""
    text = source.read_text(encoding="utf-8")
    out: dict[tuple[str, int], int] = {}
    for m in re.finditer(r'<Hex name="([A-Z\[])(\d+)"([^>]*)/>', text):
        row = "AA" if m.group(1) == "[" else m.group(1)
        cost = re.search(r'cost="(\d+)"', m.group(3))
        out[(row, int(m.group(2)))] = int(cost.group(1)) if cost else 0
    return out


def build(source: Path) -> dict[str, Any]:
    hexes = read_hexes(source)
    red = {h for h, *_ in OFFBOARDS}
    terrain_rows, cost_rows, zone_rows, country_rows = [], [], [], []
    east: list[str] = []
    mississippi: list[str] = []
    for row in ROWS:
        cols = [c for c in range(1, 89) if (c % 2 == 0) == (ROWS.index(row) % 2 == 0)]
        t = c_ = z = k = ""
        for col in cols:
            cost = hexes.get((row, col))
            if cost is None:
                t, c_, z, k = t + " ", c_ + " ", z + " ", k + " "
                continue
            label = f"{row}{col}"
            terrain = "offboard" if label in red else TERRAIN_OF_COST[cost]
            zone = zone_of(row, col)
            t += TERRAIN_CHAR[terrain]
            c_ += {0: " ", 20: "2", 40: "4", 60: "6", 80: "8", 120: "C"}[cost]
            z += {"eastern": "E", "plains": "P", "west": "W", "canada": "C"}[zone]
            k += "C" if zone == "canada" else "U"
            if col >= MISSISSIPPI[row]:
                east.append(label)
            if col == MISSISSIPPI[row] and label not in red:
                mississippi.append(label)
        terrain_rows.append(t.rstrip())
        cost_rows.append(c_.rstrip())
        zone_rows.append(z.rstrip())
        country_rows.append(k.rstrip())
    sites: list[dict[str, Any]] = []
    for label, name, kind in CITIES:
        site: dict[str, Any] = {"hex": label, "kind": "city", "name": name}
        pre = PREPRINTED.get(label)
        site["value"] = pre[1] if pre else 0
        site["slots"] = pre[2] if pre else 1
        if kind not in ("plain",):
            site["label"] = kind
        data: dict[str, Any] = {"type": kind}
        if pre:
            data["printed"] = {"color": pre[0], "exits": pre[3]}
        if label in D_C_CITIES:
            data["variants"] = {"d": {"type": "C", "assumed": True}}
        site["data"] = data
        sites.append(site)
    for label, name, values, slots in OFFBOARDS:
        exits = offboard_exits(label, hexes, red)
        d_slots = 0 if label in AREAS and label not in AREA_TOKEN_PLACES else max(slots, 1)
        data = {"exits": exits, "variants": {"d": {"slots": d_slots}}}
        if label in AREAS:
            data["area"] = AREAS[label]
        sites.append(
            {
                "hex": label,
                "kind": "offboard",
                "name": name,
                "values": steps(values),
                "slots": slots,
                "data": data,
            }
        )
    short = [
        {"hex": h, "name": n, "values": steps(v), "exits": e, "slots": 1, "assumed": True}
        for h, n, v, e in SHORT_OFFBOARDS
    ]
    return {
        "format": "transcon-map",
        "version": 1,
        "name": "18c2c",
        "title": "18C2C: Manifest Destiny",
        "description": (
            "The 18C2C board (Bruce C. Rodich): the USA and southern Canada in 801 hexes. "
            "Terrain and first-tile costs, zones (Eastern, Plains, West, Canada), the printed "
            "cities with their types and the red off-boards with values per step. The D "
            "variant's overlays are in each site's data.variants.d; docs/rules/18c2c.md."
        ),
        "layout": {
            "orientation": "pointy",
            "labels": "double-width",
            "stagger": "even",
            "first_row": "A",
            "first_column": 1,
        },
        "legends": {
            "terrain": {v: k for k, v in TERRAIN_CHAR.items()},
            "cost": {"2": "20", "4": "40", "6": "60", "8": "80", "C": "120"},
            "zone": {"E": "eastern", "P": "plains", "W": "west", "C": "canada"},
            "country": {"U": "US", "C": "CA"},
        },
        "layers": {
            "terrain": terrain_rows,
            "cost": cost_rows,
            "zone": zone_rows,
            "country": country_rows,
        },
        "regions": {
            "east-of-mississippi": east,
            "mississippi": mississippi,
            "coast:west": list(WEST_COAST),
            "coast:east": list(EAST_COAST),
        },
        "sides": [{"kind": "impassable", "name": "Ottawa River", "sides": ["F75/G76"]}],
        "sites": sites,
        "meta": {
            "source": (
                "hexes and first-tile costs read from the Rails-18xx 18C2C draft (facts only; "
                "shared/reference/rails/18C2C); cities, types, zones, off-board values and "
                "the D overlays written by tools/c2c/build_map.py (docs/rules/18c2c.md)"
            ),
            "steps": {
                "base": {"2": 0, "3": 0, "4": 0, "5": 1, "6": 1, "8": 2, "10": 3, "12": 4},
                "d": {"2": 0, "3": 0, "4": 0, "5": 1, "3D": 1, "4D": 2, "5D": 3, "6D": 4},
            },
            "super_short_offboards": short,
            "render": {
                "region_fills": {
                    "zone:eastern": "#9ec5e8",
                    "zone:plains": "#f2dc82",
                    "zone:west": "#e8a98a",
                    "zone:canada": "#a8d5a2",
                }
            },
        },
    }


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE
    doc = build(source)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
