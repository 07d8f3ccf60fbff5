"""Rivers as chains of hex sides.

A side between two hexes is a river side when the river's line crosses the segment joining the
two hex centres an odd number of times and both hexes are land. Crossings of the segments around a
hex corner come in pairs, so the sides found form chains that follow the river from hex corner to
hex corner.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import LineString

from transcon.mapgen.albers import EPSG_5070
from transcon.mapgen.grid import HexGrid

BoolArray = npt.NDArray[np.bool_]


def project_line(line: LineString) -> LineString:
    coords = np.asarray(line.coords, dtype=np.float64)
    x, y = EPSG_5070.forward(coords[:, 0], coords[:, 1])
    return LineString(np.column_stack([x, y]))


def trim_at_sea(grid: HexGrid, river: LineString, sea: BoolArray) -> LineString:
    """The projected river up to the first point that lies in a sea hex (its mouth)."""
    coords = np.asarray(river.coords, dtype=np.float64)
    cells = grid.cell_of(coords[:, 0], coords[:, 1])
    in_sea = np.nonzero((cells >= 0) & sea[np.maximum(cells, 0)])[0]
    if in_sea.size == 0 or in_sea[0] < 1:
        return river
    return LineString(coords[: int(in_sea[0]) + 1])


def river_sides(
    grid: HexGrid, land: BoolArray, line: LineString, sea: BoolArray
) -> list[tuple[int, int]]:
    """Pairs of neighbouring land cells whose shared side the river (lon/lat line) runs along.

    The river ends where it first reaches a ``sea`` hex: past that point (a delta cut up by
    water hexes) it would only leave stray pieces of chain.
    """
    river = trim_at_sea(grid, project_line(line), sea)
    pairs = grid.pairs
    keep = land[pairs[:, 0]] & land[pairs[:, 1]]
    pairs = pairs[keep]
    cx, cy = grid.centers
    links = shapely.linestrings(
        np.stack(
            [
                np.column_stack([cx[pairs[:, 0]], cy[pairs[:, 0]]]),
                np.column_stack([cx[pairs[:, 1]], cy[pairs[:, 1]]]),
            ],
            axis=1,
        )
    )
    # Count crossings piece by piece: a traced river may run back over itself (a detour up a
    # tributary and back), and an intersection of whole lines would merge the two crossings.
    coords = np.asarray(river.coords, dtype=np.float64)
    pieces = shapely.linestrings(np.stack([coords[:-1], coords[1:]], axis=1))
    link_idx, _ = shapely.STRtree(pieces).query(links, predicate="intersects")
    counts = np.bincount(link_idx, minlength=len(links))
    return [(int(a), int(b)) for (a, b), c in zip(pairs, counts, strict=True) if c % 2 == 1]


def river_cells(sides: list[tuple[int, int]]) -> set[int]:
    """Cells with at least one river side."""
    return {c for pair in sides for c in pair}
