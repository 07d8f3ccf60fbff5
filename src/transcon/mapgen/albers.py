"""Albers equal-area conic projection on the GRS80 ellipsoid (EPSG:5070 by default).

Written out from Snyder, *Map Projections: A Working Manual* (USGS 1987), equations 14-1 to 14-21,
so that the generator needs no PROJ library and gives the same numbers everywhere. The test suite
checks it against pyproj when that is installed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]

GRS80_A = 6378137.0
GRS80_INV_F = 298.257222101


@dataclass(frozen=True)
class Albers:
    """An Albers projection; defaults are the contiguous-US parameters of EPSG:5070."""

    lat1: float = 29.5
    lat2: float = 45.5
    lat0: float = 23.0
    lon0: float = -96.0
    a: float = GRS80_A
    inv_f: float = GRS80_INV_F

    @property
    def _e(self) -> float:
        f = 1.0 / self.inv_f
        return math.sqrt(2 * f - f * f)

    def _q(self, sin_phi: FloatArray | float) -> FloatArray:
        e = self._e
        s = np.asarray(sin_phi, dtype=np.float64)
        es = e * s
        return np.asarray(
            (1 - e * e) * (s / (1 - es * es) - (1 / (2 * e)) * np.log((1 - es) / (1 + es))),
            dtype=np.float64,
        )

    def _m(self, phi: float) -> float:
        e = self._e
        s = math.sin(phi)
        return math.cos(phi) / math.sqrt(1 - e * e * s * s)

    @property
    def _constants(self) -> tuple[float, float, float]:
        p1, p2, p0 = (math.radians(v) for v in (self.lat1, self.lat2, self.lat0))
        m1, m2 = self._m(p1), self._m(p2)
        q1, q2, q0 = (float(self._q(math.sin(p))) for p in (p1, p2, p0))
        n = (m1 * m1 - m2 * m2) / (q2 - q1)
        c = m1 * m1 + n * q1
        rho0 = self.a * math.sqrt(c - n * q0) / n
        return n, c, rho0

    def forward(self, lon: FloatArray, lat: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Degrees of longitude and latitude -> metres east and north."""
        n, c, rho0 = self._constants
        q = self._q(np.sin(np.radians(np.asarray(lat, dtype=np.float64))))
        rho = self.a * np.sqrt(c - n * q) / n
        theta = n * np.radians(np.asarray(lon, dtype=np.float64) - self.lon0)
        return rho * np.sin(theta), rho0 - rho * np.cos(theta)

    def inverse(self, x: FloatArray, y: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Metres east and north -> degrees of longitude and latitude."""
        n, c, rho0 = self._constants
        e = self._e
        x = np.asarray(x, dtype=np.float64)
        dy = rho0 - np.asarray(y, dtype=np.float64)
        rho = np.hypot(x, dy)
        theta = np.arctan2(x, dy)
        q = (c - (rho * n / self.a) ** 2) / n
        phi = np.arcsin(np.clip(q / 2, -1.0, 1.0))
        for _ in range(12):  # converges to 1e-12 radians in 3 or 4 steps
            s = np.sin(phi)
            es2 = 1 - e * e * s * s
            phi = phi + es2 * es2 / (2 * np.cos(phi)) * (
                q / (1 - e * e) - s / es2 + (1 / (2 * e)) * np.log((1 - e * s) / (1 + e * s))
            )
        return self.lon0 + np.degrees(theta) / n, np.degrees(phi)


EPSG_5070 = Albers()
