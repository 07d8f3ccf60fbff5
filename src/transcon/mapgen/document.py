"""Writing a generated map as a ``transcon-map`` document (see ``docs/map-format.md``).

The text is canonical: fixed key order, fixed legend characters, hexes and sides sorted by row and
column, ``json.dumps(indent=1)``. The same inputs therefore give byte-identical files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from transcon.mapgen.grid import HexGrid

TERRAIN_CHARS = {"plain": ".", "mountain": "m", "hill": "h", "swamp": "s", "water": "~"}
WATER_CHARS = {
    "atlantic": "a",
    "gulf-of-mexico": "g",
    "pacific": "p",
    "san-francisco-bay": "b",
    "lake-superior": "S",
    "lake-michigan": "M",
    "lake-huron": "H",
    "lake-erie": "E",
    "lake-ontario": "O",
    "great-salt-lake": "G",
    "lake": "l",
}
COUNTRY_CHARS = {"US": "U", "CA": "C", "MX": "M", "CU": "K", "BS": "B"}
_SPARE = "cdefhijkmnoqrstuvwxyzABDFIJKLNPQRTUVWXYZ0123456789"


@dataclass
class MapContent:
    """Everything a generated map says, by grid cell."""

    grid: HexGrid
    name: str
    title: str
    description: str
    terrain: list[str]  # every cell
    water: list[str | None]
    country: list[str | None]
    layers: dict[str, list[str | None]] = field(default_factory=dict)
    layer_chars: dict[str, dict[str, str]] = field(default_factory=dict)
    regions: dict[str, list[int]] = field(default_factory=dict)
    sides: list[tuple[str, str, list[tuple[int, int]]]] = field(default_factory=list)
    sites: list[dict[str, Any]] = field(default_factory=list)  # "cell" instead of "hex"
    meta: dict[str, Any] = field(default_factory=dict)


def _encode(
    grid: HexGrid, values: list[str | None], preset: dict[str, str]
) -> tuple[dict[str, str], list[str]]:
    chars = dict(preset)
    spare = iter(c for c in _SPARE if c not in chars.values())
    for v in sorted({v for v in values if v is not None}):
        if v not in chars:
            chars[v] = next(spare)
    rows = []
    for r in range(grid.rows):
        line = "".join(
            chars[cell] if (cell := values[grid.index(r, c)]) is not None else " "
            for c in range(grid.cols)
        )
        rows.append(line.rstrip())
    used = {v for v in values if v is not None}
    legend = {c: v for v, c in sorted(chars.items(), key=lambda kv: kv[1]) if v in used}
    return legend, rows


def _side_text(grid: HexGrid, a: int, b: int) -> str:
    lo, hi = min(a, b), max(a, b)
    return f"{grid.label(lo)}/{grid.label(hi)}"


def to_document(m: MapContent) -> dict[str, Any]:
    g = m.grid
    legends: dict[str, dict[str, str]] = {}
    layers: dict[str, list[str]] = {}
    legends["terrain"], layers["terrain"] = _encode(g, list(m.terrain), TERRAIN_CHARS)
    legends["water"], layers["water"] = _encode(g, m.water, WATER_CHARS)
    legends["country"], layers["country"] = _encode(g, m.country, COUNTRY_CHARS)
    for name in sorted(m.layers):
        legends[name], layers[name] = _encode(g, m.layers[name], m.layer_chars.get(name, {}))
    regions = {
        tag: [g.label(c) for c in sorted(set(cells))] for tag, cells in sorted(m.regions.items())
    }
    sides = [
        {
            "kind": kind,
            "name": name,
            "sides": [_side_text(g, a, b) for a, b in sorted((min(p), max(p)) for p in pairs)],
        }
        for kind, name, pairs in m.sides
        if pairs
    ]
    sites = []
    for s in sorted(m.sites, key=lambda s: int(s["cell"])):
        entry = {"hex": g.label(int(s["cell"]))}
        entry.update({k: v for k, v in s.items() if k != "cell"})
        sites.append(entry)
    return {
        "format": "transcon-map",
        "version": 1,
        "name": m.name,
        "title": m.title,
        "description": m.description,
        "layout": {
            "orientation": g.spec.orientation,
            "labels": "offset",
            "stagger": "odd",
            "first_row": "A",
            "first_column": g.spec.first_column,
        },
        "legends": legends,
        "layers": layers,
        "regions": regions,
        "sides": sides,
        "sites": sites,
        "meta": m.meta,
    }


def dumps(document: dict[str, Any]) -> str:
    """The canonical text of a map document."""
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"
