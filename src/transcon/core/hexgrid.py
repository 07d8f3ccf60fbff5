"""Hex geometry: axial/cube coordinates, sides, distances, lines and pixel layout.

Coordinates are axial ``(q, r)`` with the implied cube coordinate ``s = -q - r``. Both
orientations share the same axial maths; they differ only in how hexes are drawn and how sides
are numbered.

Sides are numbered 0..5 clockwise, following the 18xx convention:

* pointy-top: 0 = south-west, 1 = west, 2 = north-west, 3 = north-east, 4 = east, 5 = south-east;
* flat-top: 0 = south, 1 = south-west, 2 = north-west, 3 = north, 4 = north-east, 5 = south-east.

The side opposite ``d`` is ``(d + 3) % 6`` in both.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple


class Orientation(StrEnum):
    """Whether hexes point up (rows run east-west) or have a flat top."""

    POINTY = "pointy"
    FLAT = "flat"


class Hex(NamedTuple):
    """A hex in axial coordinates.

    A named tuple, so hashing and comparing (every board, track and route dict is keyed by
    hexes) run in C; ``Hex(1, 2) == (1, 2)``, and hexes order by ``(q, r)``.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (q + r + s == 0)."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]  # vector sum, not concatenation
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Distance from the origin."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Number of steps between two hexes (the length of their difference, computed
        without building it: path searches call this in their inner loops)."""
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbor(self, side: int, orientation: Orientation = Orientation.POINTY) -> Hex:
        """The hex across ``side`` (numbered for ``orientation``)."""
        return self + DIRECTIONS[orientation][side % 6]

    def neighbors(self, orientation: Orientation = Orientation.POINTY) -> list[Hex]:
        """The six neighbours, in side order."""
        return [self + d for d in DIRECTIONS[orientation]]

    def side_to(self, other: Hex, orientation: Orientation = Orientation.POINTY) -> int:
        """The side of this hex that ``other`` (a neighbour) lies across."""
        try:
            return SIDE_OF_DIRECTION[orientation][other - self]
        except KeyError:
            raise ValueError(f"{other} is not a neighbour of {self}") from None

    def is_neighbor(self, other: Hex) -> bool:
        return self.distance(other) == 1

    def ring(self, radius: int) -> list[Hex]:
        """Hexes at exactly ``radius`` steps, in a closed walk (the centre for radius 0)."""
        if radius == 0:
            return [self]
        dirs = DIRECTIONS[Orientation.POINTY]
        results: list[Hex] = []
        current = self + dirs[1].scale(radius)  # start due west, walk clockwise
        for side in (3, 4, 5, 0, 1, 2):
            for _ in range(radius):
                results.append(current)
                current = current + dirs[side]
        return results

    def spiral(self, radius: int) -> Iterator[Hex]:
        """The centre and every ring out to ``radius``."""
        for k in range(radius + 1):
            yield from self.ring(k)

    def line_to(self, other: Hex) -> list[Hex]:
        """Hexes on the straight line from this hex to ``other``, both ends included."""
        n = self.distance(other)
        if n == 0:
            return [self]
        # A tiny nudge keeps points exactly on a hex edge from rounding inconsistently.
        eps_q, eps_r = 1e-6, 2e-6
        out = []
        for i in range(n + 1):
            t = i / n
            q = self.q + (other.q - self.q) * t + eps_q
            r = self.r + (other.r - self.r) * t + eps_r
            out.append(round_hex(q, r))
        return out

    def rotate(self, steps: int) -> Hex:
        """Rotate about the origin by ``steps`` sixths of a turn clockwise."""
        x, y, z = self.q, self.r, self.s
        for _ in range(steps % 6):
            x, y, z = -y, -z, -x
        return Hex(x, y)


def opposite(side: int) -> int:
    """The side facing ``side`` on the neighbouring hex."""
    return (side + 3) % 6


def rotate_side(side: int, steps: int) -> int:
    """A side after rotating its tile ``steps`` sixths clockwise."""
    return (side + steps) % 6


def round_hex(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinates (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


DIRECTIONS: dict[Orientation, tuple[Hex, ...]] = {
    # SW, W, NW, NE, E, SE
    Orientation.POINTY: (Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1)),
    # S, SW, NW, N, NE, SE
    Orientation.FLAT: (Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1), Hex(1, 0)),
}

SIDE_OF_DIRECTION: dict[Orientation, dict[Hex, int]] = {
    o: {d: i for i, d in enumerate(dirs)} for o, dirs in DIRECTIONS.items()
}

SIDE_NAMES: dict[Orientation, tuple[str, ...]] = {
    Orientation.POINTY: ("SW", "W", "NW", "NE", "E", "SE"),
    Orientation.FLAT: ("S", "SW", "NW", "N", "NE", "SE"),
}


class Point(NamedTuple):
    x: float
    y: float


SQRT3 = math.sqrt(3.0)
ORIGIN = Point(0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Layout:
    """Maps hexes to pixels. ``size`` is the centre-to-corner radius; y grows downwards."""

    orientation: Orientation = Orientation.POINTY
    size: float = 20.0
    origin: Point = ORIGIN

    def center(self, h: Hex) -> Point:
        if self.orientation is Orientation.POINTY:
            x = self.size * (SQRT3 * h.q + SQRT3 / 2 * h.r)
            y = self.size * (1.5 * h.r)
        else:
            x = self.size * (1.5 * h.q)
            y = self.size * (SQRT3 / 2 * h.q + SQRT3 * h.r)
        return Point(x + self.origin.x, y + self.origin.y)

    def corners(self, h: Hex) -> list[Point]:
        """The six corners, clockwise; corner ``i`` and ``i+1`` bound side ``i``."""
        c = self.center(h)
        start = 90.0 if self.orientation is Orientation.POINTY else 60.0
        pts = []
        for i in range(6):
            angle = math.radians(start + 60.0 * i)
            pts.append(Point(c.x + self.size * math.cos(angle), c.y + self.size * math.sin(angle)))
        return pts

    def side_endpoints(self, h: Hex, side: int) -> tuple[Point, Point]:
        """The two corners bounding ``side`` of ``h``."""
        pts = self.corners(h)
        return pts[side % 6], pts[(side + 1) % 6]

    def side_midpoint(self, h: Hex, side: int) -> Point:
        a, b = self.side_endpoints(h, side)
        return Point((a.x + b.x) / 2, (a.y + b.y) / 2)

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing the pixel ``(x, y)``."""
        px, py = (x - self.origin.x) / self.size, (y - self.origin.y) / self.size
        if self.orientation is Orientation.POINTY:
            q = SQRT3 / 3 * px - py / 3
            r = 2.0 / 3 * py
        else:
            q = 2.0 / 3 * px
            r = -px / 3 + SQRT3 / 3 * py
        return round_hex(q, r)
