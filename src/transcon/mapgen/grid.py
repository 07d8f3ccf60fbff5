"""A rectangle of hexes laid over the projected plane (metres east and north).

Cells are addressed by offset ``(row, col)`` (row 0 at the top, north) and by a flat index
``row * cols + col``. Both orientations use the ``odd`` stagger of the map format: pointy maps shift
odd rows half a hex east, flat maps shift odd columns half a hex south. Labels are offset labels:
the row's letters then ``col + first_column``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from transcon.core.labels import index_to_letters

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
SQRT3 = math.sqrt(3.0)

# axial neighbour directions (q, r); the same six for both orientations
_AXIAL_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True)
class GridSpec:
    """Where the hexes lie. ``spacing`` is the distance between neighbouring centres (metres)."""

    orientation: str  # "pointy" or "flat"
    spacing: float
    x0: float  # centre of cell (0, 0), metres east
    y0: float  # centre of cell (0, 0), metres north
    rows: int
    cols: int
    first_column: int = 1


class HexGrid:
    """Geometry and adjacency of a :class:`GridSpec`."""

    def __init__(self, spec: GridSpec) -> None:
        if spec.orientation not in ("pointy", "flat"):
            raise ValueError(f"unknown orientation {spec.orientation!r}")
        self.spec = spec
        self.rows = spec.rows
        self.cols = spec.cols
        self.n = spec.rows * spec.cols
        self.pointy = spec.orientation == "pointy"
        self.radius = spec.spacing / SQRT3  # centre to corner

    # -- coordinates ------------------------------------------------------------------------
    def row_col(self, i: int) -> tuple[int, int]:
        return divmod(i, self.cols)

    def index(self, row: int, col: int) -> int:
        return row * self.cols + col

    def label(self, i: int) -> str:
        row, col = self.row_col(i)
        return f"{index_to_letters(row)}{col + self.spec.first_column}"

    def axial(self, i: int) -> tuple[int, int]:
        row, col = self.row_col(i)
        if self.pointy:
            return col - (row - (row & 1)) // 2, row
        return col, row - (col - (col & 1)) // 2

    def from_axial(self, q: int, r: int) -> int | None:
        if self.pointy:
            row, col = r, q + (r - (r & 1)) // 2
        else:
            col, row = q, r + (q - (q & 1)) // 2
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.index(row, col)
        return None

    def distance(self, a: int, b: int) -> int:
        (qa, ra), (qb, rb) = self.axial(a), self.axial(b)
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    @cached_property
    def centers(self) -> tuple[FloatArray, FloatArray]:
        """Projected centres of every cell, by index."""
        row, col = np.divmod(np.arange(self.n), self.cols)
        s = self.spec
        if self.pointy:
            x = s.x0 + s.spacing * (col + 0.5 * (row & 1))
            y = s.y0 - 1.5 * self.radius * row
        else:
            x = s.x0 + 1.5 * self.radius * col
            y = s.y0 - s.spacing * (row + 0.5 * (col & 1))
        return x.astype(np.float64), y.astype(np.float64)

    # -- adjacency --------------------------------------------------------------------------
    @cached_property
    def neighbor_table(self) -> IntArray:
        """(n, 6) indices of the neighbours of each cell, -1 off the grid."""
        out = np.full((self.n, 6), -1, dtype=np.int64)
        for i in range(self.n):
            q, r = self.axial(i)
            for k, (dq, dr) in enumerate(_AXIAL_DIRS):
                j = self.from_axial(q + dq, r + dr)
                if j is not None:
                    out[i, k] = j
        return out

    def neighbors(self, i: int) -> list[int]:
        return [int(j) for j in self.neighbor_table[i] if j >= 0]

    @cached_property
    def pairs(self) -> IntArray:
        """(m, 2) every pair of neighbouring cells once, lower index first, sorted."""
        t = self.neighbor_table
        a = np.repeat(np.arange(self.n), 6)
        b = t.reshape(-1)
        keep = b > a
        return np.stack([a[keep], b[keep]], axis=1)

    def within(self, i: int, radius: int) -> list[int]:
        """Cells at most ``radius`` steps from ``i`` (including ``i``), by index."""
        q, r = self.axial(i)
        out = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                j = self.from_axial(q + dq, r + dr)
                if j is not None:
                    out.append(j)
        return sorted(out)

    # -- points -----------------------------------------------------------------------------
    def cell_of(self, x: FloatArray, y: FloatArray) -> IntArray:
        """The cell whose centre is nearest each point (-1 when off the grid)."""
        x = np.asarray(x, dtype=np.float64)
        y = np.asarray(y, dtype=np.float64)
        s = self.spec
        if self.pointy:
            row0 = np.rint((s.y0 - y) / (1.5 * self.radius)).astype(np.int64)
            col0 = np.rint((x - s.x0) / s.spacing).astype(np.int64)
        else:
            col0 = np.rint((x - s.x0) / (1.5 * self.radius)).astype(np.int64)
            row0 = np.rint((s.y0 - y) / s.spacing).astype(np.int64)
        best = np.full(x.shape, -1, dtype=np.int64)
        best_d = np.full(x.shape, np.inf)
        cx, cy = self.centers
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                row, col = row0 + dr, col0 + dc
                ok = (row >= 0) & (row < self.rows) & (col >= 0) & (col < self.cols)
                idx = np.where(ok, row * self.cols + col, 0)
                d = (cx[idx] - x) ** 2 + (cy[idx] - y) ** 2
                better = ok & (d < best_d)
                best = np.where(better, idx, best)
                best_d = np.where(better, d, best_d)
        return best

    def sample_offsets(self, per_side: int) -> tuple[FloatArray, FloatArray]:
        """Points of a square lattice inside one hex, relative to its centre.

        ``per_side`` lattice steps span the distance between neighbouring centres, so a hex gets
        about ``0.87 * per_side**2`` points. A small fixed shift keeps points off hex edges.
        """
        step = self.spec.spacing / per_side
        k = per_side
        grid = (np.arange(-k, k + 1) + 0.137) * step
        gx, gy = np.meshgrid(grid, grid + 0.071 * step)
        gx, gy = gx.reshape(-1), gy.reshape(-1)
        inside = np.ones(gx.shape, dtype=bool)
        half = self.spec.spacing / 2
        for k6 in range(3):
            angle = math.radians(60 * k6 + (0 if self.pointy else 30))
            inside &= np.abs(gx * math.cos(angle) + gy * math.sin(angle)) < half
        return gx[inside], gy[inside]

    def corners(self, i: int) -> list[tuple[float, float]]:
        cx, cy = self.centers
        start = 30.0 if self.pointy else 0.0
        return [
            (
                float(cx[i]) + self.radius * math.cos(math.radians(start + 60 * k)),
                float(cy[i]) + self.radius * math.sin(math.radians(start + 60 * k)),
            )
            for k in range(6)
        ]
