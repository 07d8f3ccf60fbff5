"""The 18C2C upgrade charts, derived from the tile set and the hexes' labels per colour.

:func:`upgrade_chain` follows every legal upgrade (``eighteen.tiles.upgrade_problem``: next
colour, the hex's label for that colour, stops and track kept) from a hex's printed tile, so
the chart is a consequence of the data, not a second copy of it (docs/rules/18c2c.md,
"Upgrade chart").
"""

from __future__ import annotations

import functools

from transcon.core.hexgrid import Hex
from transcon.eighteen.graph import PlacedTile
from transcon.eighteen.tiles import Color, TileDef, parse_tile
from transcon.titles.c2c.data import Setup, Variant, load_layer, load_tiles


def upgrade_chain(h: Hex, variant: Variant = "d", setup: Setup = "full") -> dict[Color, set[str]]:
    """Every tile that can ever lie on ``h``, by colour (its printed tile included)."""
    layer = load_layer(variant, setup)
    labels = tuple(layer.label_for(h, c) for c in Color)
    placed = layer.preprinted[h]
    # Keyed by the printed design (not the hex): cities with the same tile share one search.
    key = (placed.tile.color, placed.tile.spec(), placed.rotation)
    chain = _chain(key, labels, variant)
    return {
        c: set(names) | ({placed.tile.name} if c is placed.tile.color else set())
        for c, names in chain.items()
    }


@functools.lru_cache(maxsize=256)
def _chain(
    printed: tuple[Color, str, int], labels: tuple[str, ...], variant: Variant
) -> dict[Color, frozenset[str]]:
    tiles = load_tiles(variant)
    color, spec, rotation = printed
    placed = PlacedTile(parse_tile("printed", color, spec), rotation)
    seen: set[tuple[str, int]] = set()
    out: dict[Color, set[str]] = {placed.tile.color: set()}
    frontier: list[tuple[TileDef, int]] = [(placed.tile, placed.rotation)]
    while frontier:
        old, rot = frontier.pop()
        if old.color in (Color.RED, Color.GRAY):
            continue
        label = labels[old.color.rank + 1]
        for new, rotations in tiles.upgrades_for(old, rot, label):
            out.setdefault(new.color, set()).add(new.name)
            for r in rotations:
                if (new.name, r) not in seen:
                    seen.add((new.name, r))
                    frontier.append((new, r))
    return {c: frozenset(names) for c, names in out.items()}
