"""The shipped 1870 data: board (map file), 18xx layer, tile set, company homes/destinations.

Files live in ``src/transcon/data/1870/`` (formats: ``docs/map-format.md`` and
``docs/18xx-tiles.md``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from transcon.core.board import Board
from transcon.core.mapfile import load_map
from transcon.eighteen.tilefile import Board18xx, load_board18xx, load_tileset
from transcon.eighteen.tiles import TileSet


@dataclass(frozen=True, slots=True)
class Company:
    """A public company: home city and destination (hex labels; 1870-base.md §2.2)."""

    sym: str
    home: str
    destination: str


COMPANIES: dict[str, Company] = {
    c.sym: c
    for c in (
        Company("ATSF", "B9", "N1"),
        Company("MKT", "B11", "N1"),
        Company("MP", "C18", "J5"),
        Company("SLSF", "E12", "M22"),
        Company("SP", "N1", "N17"),
        Company("SSW", "H17", "J3"),
        Company("IC", "K16", "A22"),
        Company("GMO", "M20", "C18"),
        Company("FW", "J3", "A2"),
        Company("TP", "J5", "N17"),
    )
}

CATTLE_BONUS = 10
PORT_OWNER_BONUS = 20
PORT_OTHERS_BONUS = 10


def data_dir() -> Path:
    return Path(str(resources.files("transcon") / "data" / "1870"))


@dataclass(frozen=True, slots=True)
class Data1870:
    board: Board
    layer: Board18xx
    tiles: TileSet


@functools.lru_cache(maxsize=4)
def load_1870(edition: str = "mayfair") -> Data1870:
    """The board, its 18xx layer and the tile set with ``edition``'s counts (mayfair/dixon)."""
    folder = data_dir()
    board = load_map(folder / "map.json")
    return Data1870(
        board,
        load_board18xx(folder / "board18xx.json", board),
        load_tileset(folder / "tiles.json", edition),
    )
