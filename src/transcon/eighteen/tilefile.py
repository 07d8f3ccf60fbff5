"""Reading 18xx data files: tile sets (``transcon-18xx-tiles``) and 18xx board layers
(``transcon-18xx-board``). Both formats are documented in ``docs/18xx-tiles.md``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from transcon.core.board import Board
from transcon.core.errors import InputError
from transcon.core.hexgrid import Hex
from transcon.eighteen.graph import PlacedTile
from transcon.eighteen.tiles import Color, TileDef, TileError, TileSet, parse_tile

TILES_FORMAT = "transcon-18xx-tiles"
BOARD_FORMAT = "transcon-18xx-board"


def _read_json(path: Path, fmt: str) -> dict[str, Any]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise InputError(f"{path}: line {err.lineno}: invalid JSON: {err.msg}") from None
    if not isinstance(raw, dict) or raw.get("format") != fmt:
        raise InputError(f"{path}: not a {fmt} file")
    if raw.get("version") != 1:
        raise InputError(f"{path}: unsupported version {raw.get('version')!r}")
    return raw


def tiles_from_dict(
    raw: dict[str, Any], edition: str | None = None, source: str = "<tiles>"
) -> TileSet:
    """A tile set from a decoded tile file; ``edition`` picks a ``counts`` column."""
    tiles: dict[str, TileDef] = {}
    for name, entry in raw.get("tiles", {}).items():
        try:
            tiles[name] = parse_tile(
                name, entry["color"], entry.get("track", ""), entry.get("label", "")
            )
        except (KeyError, TypeError) as err:
            raise TileError(f"{source}: tile {name}: missing field {err}") from None
    count_tables: dict[str, dict[str, int | None]] = raw.get("counts", {})
    if edition is None:
        edition = next(iter(count_tables), None)
    if edition is not None and edition not in count_tables:
        raise InputError(
            f"{source}: no tile counts for edition {edition!r} (have: {', '.join(count_tables)})"
        )
    counts: dict[str, int | None] = dict(count_tables.get(edition, {})) if edition else {}
    for name in counts:
        if name not in tiles:
            raise TileError(f"{source}: counts name unknown tile {name!r}")
    return TileSet(tiles, counts)


def load_tileset(path: Path, edition: str | None = None) -> TileSet:
    return tiles_from_dict(_read_json(path, TILES_FORMAT), edition, str(path))


@dataclass(frozen=True, slots=True)
class Board18xx:
    """The 18xx layer of a map: preprinted tiles, labels by colour, phase bands, partitions."""

    preprinted: dict[Hex, PlacedTile]
    labels: dict[Hex, dict[str, str]]
    phase_bands: dict[str, int]
    river_partitions: dict[Hex, str]

    def label_for(self, h: Hex, color: Color | str) -> str:
        """The label a tile of ``color`` must carry on ``h`` ("" when none)."""
        return self.labels.get(h, {}).get(str(color), "")

    def band(self, phase: str) -> int:
        try:
            return self.phase_bands[phase]
        except KeyError:
            raise InputError(f"unknown phase {phase!r}") from None


def board18xx_from_dict(raw: dict[str, Any], board: Board, source: str = "<board>") -> Board18xx:
    """Decode an 18xx board layer whose hex labels refer to ``board``."""

    def hex_of(label: str) -> Hex:
        try:
            return board.hex(label)
        except KeyError:
            raise InputError(f"{source}: hex {label} is not on map {board.name}") from None

    pre: dict[Hex, PlacedTile] = {}
    for label, entry in raw.get("preprinted", {}).items():
        tile = parse_tile(
            f"{label}", entry["color"], entry.get("track", ""), entry.get("label", "")
        )
        pre[hex_of(label)] = PlacedTile(tile, int(entry.get("rotation", 0)))
    labels = {hex_of(k): dict(v) for k, v in raw.get("labels", {}).items()}
    parts = {hex_of(k): str(v) for k, v in raw.get("river_partitions", {}).items()}
    bands = {str(k): int(v) for k, v in raw.get("phase_bands", {}).items()}
    return Board18xx(pre, labels, bands, parts)


def load_board18xx(path: Path, board: Board) -> Board18xx:
    return board18xx_from_dict(_read_json(path, BOARD_FORMAT), board, str(path))
