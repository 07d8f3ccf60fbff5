"""Small hand-made maps for the Railway Rivals tests (our map format, written to a temp dir)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from transcon.core.labels import index_to_letters


def strip_map(width: int = 30, height: int = 10) -> dict[str, Any]:
    """A small "USA": Pacific in column 1, Atlantic in the last column, Canada on the top row,
    Mexico in the bottom-left corner, a mountain ridge, a swamp, a lake and a river."""

    def cell(r: int, c: int) -> tuple[str, str, str]:
        if c == 0:
            return "~", "p", " "
        elif c == width - 1:
            return "~", "a", " "
        elif r == 0:
            return ".", " ", "C"
        elif r == height - 1 and c < 8:
            return ".", " ", "M"
        elif (c == 12 and 2 <= r <= 7) or (c == 13 and 3 <= r <= 5):
            return "m", " ", "U"
        elif c == 20 and r in (6, 7):
            return "s", " ", "U"
        elif c == 24 and r == 2:
            return "~", "l", " "
        else:
            return ".", " ", "U"

    terrain, water, country = _layers(width, height, cell)
    river = [f"{_row(r)}17/{_row(r)}18" for r in range(1, height - 1)]
    return {
        "format": "transcon-map",
        "version": 1,
        "name": "rr-test-strip",
        "title": "Railway Rivals test strip",
        "layout": {"orientation": "pointy", "labels": "offset", "stagger": "odd"},
        "legends": {
            "terrain": {".": "plain", "m": "mountain", "s": "swamp", "~": "water"},
            "water": {"p": "pacific", "a": "atlantic", "l": "lake-test"},
            "country": {"U": "US", "C": "CA", "M": "MX"},
        },
        "layers": {"terrain": terrain, "water": water, "country": country},
        "sides": [{"kind": "river", "name": "Test River", "sides": river}],
    }


def _layers(
    width: int, height: int, cell: Callable[[int, int], tuple[str, str, str]]
) -> tuple[list[str], list[str], list[str]]:
    """The terrain, water and country layers of a map whose hex (row, column) is ``cell``."""
    terrain, water, country = [], [], []
    for r in range(height):
        cells = [cell(r, c) for c in range(width)]
        terrain.append("".join(t for t, _, _ in cells))
        water.append("".join(w for _, w, _ in cells).rstrip())
        country.append("".join(k for _, _, k in cells).rstrip())
    return terrain, water, country


def _row(index: int) -> str:
    return index_to_letters(index)


def write_map(folder: Path, doc: dict[str, Any], name: str = "strip.json") -> str:
    path = folder / name
    path.write_text(json.dumps(doc))
    return str(path)


def cost_map() -> dict[str, Any]:
    """Two rows for the seed's cost table: A1 . A2 . A3 m A4 m A5 . A6 s A7 water; B6 is in
    Canada. Rivers on A1/A2 and A2/A3 and A5/B5."""
    return {
        "format": "transcon-map",
        "version": 1,
        "name": "rr-test-costs",
        "layout": {"orientation": "pointy", "labels": "offset", "stagger": "odd"},
        "legends": {
            "terrain": {".": "plain", "m": "mountain", "s": "swamp", "~": "water"},
            "water": {"a": "atlantic"},
            "country": {"U": "US", "C": "CA"},
        },
        "layers": {
            "terrain": ["..mm.s~", "...m..~"],
            "water": ["      a", "      a"],
            "country": ["UUUUUU", "UUUUUC"],
        },
        "sides": [{"kind": "river", "sides": ["A1/A2", "A2/A3", "A5/B5"]}],
    }


def coast_map(width: int = 12, height: int = 6, pacific_inlets: bool = False) -> dict[str, Any]:
    """Pacific in column 1, Atlantic in the last column, the Gulf of Mexico on the bottom row
    (columns 5-11) and a Great Lake (Lake Erie) on row B; no coast regions, so the coasts
    come from the water bodies. ``pacific_inlets`` adds Puget Sound (B3) and San Francisco
    Bay (D3) inland of the Pacific coast."""

    def cell(r: int, c: int) -> tuple[str, str, str]:
        if pacific_inlets and c == 2 and r in (1, 3):
            return "~", "s" if r == 1 else "b", " "
        if c == 0:
            return "~", "p", " "
        elif c == width - 1:
            return "~", "a", " "
        elif r == height - 1 and c >= 4:
            return "~", "g", " "
        elif r == 1 and c in (5, 6):
            return "~", "e", " "
        else:
            return ".", " ", "U"

    terrain, water, country = _layers(width, height, cell)
    return {
        "format": "transcon-map",
        "version": 1,
        "name": "rr-test-coasts",
        "layout": {"orientation": "pointy", "labels": "offset", "stagger": "odd"},
        "legends": {
            "terrain": {".": "plain", "~": "water"},
            "water": {
                "p": "pacific",
                "a": "atlantic",
                "g": "gulf-of-mexico",
                "e": "lake-erie",
                "s": "puget-sound",
                "b": "san-francisco-bay",
            },
            "country": {"U": "US"},
        },
        "layers": {"terrain": terrain, "water": water, "country": country},
    }
