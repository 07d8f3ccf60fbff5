"""The shipped 1870 data: board (map file), 18xx layer and tile set.

The companies (homes, destinations, token costs) are one table,
:data:`transcon.titles.t1870.game.data.CORPS`.

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
