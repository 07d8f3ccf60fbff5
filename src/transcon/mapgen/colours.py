"""City colours and starting cubes for ``rotw-usa``: our own rule, not the printed boards.

The printed colours and cube counts are not public, so the generator assigns them:

* **red**: the seven Eastern cities the rules give an initial value of 4 (New York, Chicago,
  Charleston, Atlanta, Pittsburgh, New Orleans, Boston) start with 4 cubes; the Western rail
  centres San Francisco, Los Angeles, Denver and Salt Lake City start with 3.
* **yellow, blue, purple, black**: every other city the rules name. In order of population, a city
  takes the colour least used so far among those no city within ``SPREAD`` steps has; when all
  four are that close, the colour whose nearest holder is farthest. Ties follow the order yellow,
  blue, purple, black. 3 cubes for a place of 500,000 people or more today, else 2.
* **gray**: the towns the rules do not name, and Promontory (a railway site, not a town):
  1 cube, 2 for places of 100,000 people or more.
"""

from __future__ import annotations

from collections.abc import Iterable

from transcon.mapgen.grid import HexGrid
from transcon.mapgen.sites import Placed

WEST_RED = ("San Francisco", "Los Angeles", "Denver", "Salt Lake City")
GRAY_NAMED = ("Promontory",)
COLOURS = ("yellow", "blue", "purple", "black")
SPREAD = 5


def assign_colours(
    grid: HexGrid, placed: list[Placed], raw_material: Iterable[str], named: Iterable[str]
) -> dict[str, tuple[str, int]]:
    """City name -> (colour, starting cubes)."""
    raw = set(raw_material)
    named_set = set(named)
    out: dict[str, tuple[str, int]] = {}
    holders: dict[str, list[int]] = {c: [] for c in COLOURS}
    uses = dict.fromkeys(COLOURS, 0)
    for p in sorted(placed, key=lambda p: (-p.city.population, p.city.name)):
        name = p.city.name
        if name in raw:
            out[name] = ("red", 4)
        elif name in WEST_RED:
            out[name] = ("red", 3)
        elif name not in named_set or name in GRAY_NAMED:
            out[name] = ("gray", 2 if p.city.population >= 100 else 1)
        else:

            def nearest(colour: str, cell: int = p.cell) -> int:
                return min((grid.distance(cell, h) for h in holders[colour]), default=10**6)

            free = [c for c in COLOURS if nearest(c) > SPREAD]
            if free:
                colour = min(free, key=lambda c: (uses[c], COLOURS.index(c)))
            else:
                colour = max(COLOURS, key=lambda c: (nearest(c), -COLOURS.index(c)))
            holders[colour].append(p.cell)
            uses[colour] += 1
            out[name] = (colour, 3 if p.city.population >= 500 else 2)
    return out
