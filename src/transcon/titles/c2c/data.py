"""The shipped 18C2C data: the board with its zones, the 18xx layer per variant, the tile sets.

Files live in ``src/transcon/data/18c2c/`` (``map.json``: ``docs/map-format.md``, written by
``tools/c2c/build_map.py``; ``tiles.json``: ``docs/18xx-tiles.md``). The rules and every assumed
fact are in ``docs/rules/18c2c.md``.

Variants (``variant``): ``"base"`` (the printed board) and ``"d"`` (the D train variant, seed
001: the overlays change city types to C, every red off-board takes tokens, off-board steps are
keyed by the D phases). Setups (``setup``): ``"full"`` or ``"super-short"`` (seed 001,
Super-short 2: only the Eastern zone and Canada east of the Mississippi, with the three
replacement short-game off-boards).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from transcon.core.board import Board, HexInfo, Site
from transcon.core.hexgrid import Hex
from transcon.core.mapfile import load_map
from transcon.eighteen.graph import PlacedTile
from transcon.eighteen.tilefile import Board18xx, load_tileset
from transcon.eighteen.tiles import TileSet, parse_tile

Variant = Literal["base", "d"]
Setup = Literal["full", "super-short"]
VARIANTS: tuple[Variant, ...] = ("base", "d")
ZONES = ("eastern", "plains", "west", "canada")
CITY_TYPES = ("plain", "K", "L", "B", "P", "NY", "CHI", "C")


@dataclass(frozen=True, slots=True)
class Corporation:
    """A public corporation: home and destination hexes (a destination may span two hexes)."""

    sym: str
    name: str
    home: str
    destination: tuple[str, ...]
    super_short: bool = False


def _corp(sym: str, name: str, home: str, dest: str, short: bool = False) -> Corporation:
    return Corporation(sym, name, home, tuple(dest.split("+")) if dest else (), short)


# Homes and destinations: the Rails draft's charters (facts; 32 of the 34), with the D
# variant's Canadian Pacific destination (seed 001 2g) applied in :func:`destination`.
CORPORATIONS: dict[str, Corporation] = {
    c.sym: c
    for c in (
        _corp("ACL", "Atlantic Coast Line", "Y64", "S58"),
        _corp("ATSF", "Atchison, Topeka & Santa Fe", "M44", "Q28"),
        _corp("B&O", "Baltimore & Ohio", "M74", "M62", True),
        _corp("B&M", "Boston & Maine", "I82", "I70"),
        _corp("CP", "Canadian Pacific", "E78", "A4+A6", True),
        _corp("C&O", "Chesapeake & Ohio", "J65", "O72", True),
        _corp("CNW", "Chicago & North Western", "J57", "K20"),
        _corp("CB&Q", "Chicago, Burlington & Quincy", "K52", "L29"),
        _corp("CRI&P", "Chicago, Rock Island & Pacific", "J47", "N29"),
        _corp("CMStP&P", "Milwaukee Road", "F49", "C4"),
        _corp("D&RGW", "Denver & Rio Grande Western", "L29", "C4"),
        _corp("Erie", "Erie", "I70", "D49", True),
        _corp("GN", "Great Northern", "C4", "H55"),
        _corp("GMO", "Gulf, Mobile & Ohio", "V57", "M52", True),
        _corp("IC", "Illinois Central", "T53", "J57", True),
        _corp("L&N", "Louisville & Nashville", "N59", "W54", True),
        _corp("MP", "Missouri Pacific", "M52", "T43"),
        _corp("KATY", "Missouri-Kansas-Texas", "M46", "U28"),
        _corp("NYC", "New York Central", "I78", "J57", True),
        _corp("NYNH&H", "New York, New Haven & Hartford", "K78", "E88"),
        _corp("N&W", "Norfolk & Western", "P73", "W54", True),
        _corp("NP", "Northern Pacific", "E4", "J57"),
        _corp("PRR", "Pennsylvania", "L69", "M52", True),
        _corp("SAL", "Seaboard Air Line", "W66", "O72"),
        _corp("Sou", "Southern", "S62", "M74", True),
        _corp("SP", "Southern Pacific", "R9", "W54"),
        _corp("SLSF", "St. Louis-San Francisco", "O48", "O4"),
        _corp("SSW", "St. Louis Southwestern", "Q54", "Z39+Z41"),
        _corp("TP", "Texas & Pacific", "T43", "T13"),
        _corp("UP", "Union Pacific", "K44", "E4"),
        _corp("Wabash", "Wabash", "L59", "L75", True),
        _corp("WP", "Western Pacific", "O4", ""),
    )
}
D_DESTINATIONS = {"CP": ("A54",)}
"""Seed 001 2g: the Canadian Pacific's destination is Thunder Bay."""


def destination(sym: str, variant: Variant) -> tuple[str, ...]:
    """The destination hexes of ``sym`` under ``variant`` (empty: none printed)."""
    if variant == "d" and sym in D_DESTINATIONS:
        return D_DESTINATIONS[sym]
    return CORPORATIONS[sym].destination


def offboard_area(board: Board, label: str) -> tuple[str, ...]:
    """The hexes of the off-board area holding hex ``label`` (the map's ``area`` of an
    off-board site: Mexico City Z39+Z41, Vancouver/Alaska A4+A6), its token place first (the
    hex the charters name first, the first in the map); ``(label,)`` for any other hex. An
    area is one off-board (seed 001 2a: one overlay tile each): one stop, one token place, a
    destination reached at any of its hexes."""
    return _areas(board).get(label, (label,))


@functools.lru_cache(maxsize=2)
def _areas(board: Board) -> dict[str, tuple[str, ...]]:
    members: dict[str, list[str]] = {}
    for info in board.sites():
        site = info.site
        if site is not None and site.kind == "offboard" and "area" in site.data:
            members.setdefault(str(site.data["area"]), []).append(info.label)
    return {label: tuple(hexes) for hexes in members.values() for label in hexes}


def data_dir() -> Path:
    return Path(str(resources.files("transcon") / "data" / "18c2c"))


def load_board() -> Board:
    """The full 801-hex board (base facts; variants are applied by the functions below)."""
    return load_map(data_dir() / "map.json")


@functools.lru_cache(maxsize=4)
def load_tiles(variant: Variant = "d") -> TileSet:
    """The tile set of ``variant`` (seed 001 2c and section 5 for ``"d"``): only the designs
    that variant has copies of (the file holds the designs of both)."""
    every = load_tileset(data_dir() / "tiles.json", variant)
    return TileSet({k: t for k, t in every.tiles.items() if k in every.counts}, every.counts)


def zone(board: Board, h: Hex) -> str:
    """The zone of a hex: eastern, plains, west or canada."""
    for tag in board.info(h).regions:
        if tag.startswith("zone:"):
            return tag[5:]
    raise KeyError(f"hex {board.label(h)} has no zone")


def playable(board: Board, setup: Setup = "full") -> frozenset[Hex]:
    """The hexes in play: all, or for Super-short the Eastern zone, Canada east of the
    Mississippi and the three replacement off-boards (seed 001, Super-short 2)."""
    if setup == "full":
        return frozenset(info.hex for info in board)
    east = board.region("east-of-mississippi")
    keep = board.region("zone:eastern") | (board.region("zone:canada") & east)
    return keep | {board.hex(o["hex"]) for o in board.meta["super_short_offboards"]}


def city_type(site: Site, variant: Variant) -> str:
    """A city's type (plain, K, L, B, P, NY, CHI, C) under ``variant``."""
    over = site.data.get("variants", {}).get(variant, {})
    return str(over.get("type", site.data.get("type", "plain")))


# Labels a hex needs for each tile colour, per city type and variant (the upgrade charts:
# docs/rules/18c2c.md "Upgrade chart"). Base: K cities stop at brown (no grey K tile exists,
# so the grey label K blocks the upgrade) and B and P share the grey B tile 597; D: grey K,
# separate grey P and B tiles, C cities with their own green/brown/grey (seed 001 2c).
_LABELS: dict[Variant, dict[str, dict[str, str]]] = {
    "base": {
        "K": {"brown": "K", "gray": "K"},
        "L": {"brown": "L", "gray": "L"},
        "P": {"brown": "P", "gray": "B"},
        "B": {"green": "B", "brown": "B", "gray": "B"},
        "NY": {"green": "NY", "brown": "NY", "gray": "NY"},
        "CHI": {"green": "CHI", "brown": "CHI", "gray": "CHI"},
    },
    "d": {
        "K": {"brown": "K", "gray": "K"},
        "L": {"brown": "L", "gray": "L"},
        "P": {"brown": "P", "gray": "P"},
        "B": {"green": "B", "brown": "B", "gray": "B"},
        "NY": {"green": "NY", "brown": "NY", "gray": "NY"},
        "CHI": {"green": "CHI", "brown": "CHI", "gray": "CHI"},
        "C": {"green": "C", "brown": "C", "gray": "C"},
    },
}


def _offboard_spec(values: Mapping[str, int], slots: int, exits: list[int]) -> str:
    band = "|".join(str(values[k]) for k in sorted(values, key=int))
    slot = f":{slots}" if slots else ""
    return " ".join([f"o0:{band}{slot}", *(f"{e}-o0" for e in exits)])


def _city_spec(site: Site) -> tuple[str, str]:
    printed: dict[str, Any] | None = site.data.get("printed")
    if printed is None:
        return "white", f"c0:0:{site.slots}"
    exits: list[list[int]] = printed["exits"]
    parts = [f"c{i}:{site.value}:{site.slots}" for i in range(len(exits))]
    parts += [f"{e}-c{i}" for i, ends in enumerate(exits) for e in ends]
    return str(printed["color"]), " ".join(parts)


def _preprinted(info: HexInfo, variant: Variant) -> PlacedTile:
    site = info.site
    assert site is not None
    if site.kind == "offboard":
        over = site.data.get("variants", {}).get(variant, {})
        slots = int(over.get("slots", site.slots))
        spec = _offboard_spec(site.values, slots, site.data["exits"])
        return PlacedTile(parse_tile(info.label, "red", spec))
    color, spec = _city_spec(site)
    return PlacedTile(parse_tile(info.label, color, spec))


@functools.lru_cache(maxsize=8)
def load_layer(variant: Variant = "d", setup: Setup = "full") -> Board18xx:
    """The 18xx layer: preprinted tiles (cities, off-boards with their values per step and,
    in the D variant, a token slot in every off-board), labels per colour, phase -> step."""
    board = load_board()
    keep = playable(board, setup)
    pre: dict[Hex, PlacedTile] = {}
    labels: dict[Hex, dict[str, str]] = {}
    for info in board.sites():
        if info.hex not in keep:
            continue
        pre[info.hex] = _preprinted(info, variant)
        site = info.site
        assert site is not None
        if site.kind == "city":
            need = _LABELS[variant].get(city_type(site, variant))
            if need:
                labels[info.hex] = dict(need)
    if setup == "super-short":
        slots = 1 if variant == "d" else 0
        for o in board.meta["super_short_offboards"]:
            spec = _offboard_spec(o["values"], slots, o["exits"])
            pre[board.hex(o["hex"])] = PlacedTile(parse_tile(o["hex"], "red", spec))
    bands = {str(k): int(v) for k, v in board.meta["steps"][variant].items()}
    return Board18xx(pre, labels, bands, {})
