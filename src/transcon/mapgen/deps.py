"""The optional dependencies of the map generator, checked in one place.

The generator needs numpy and shapely, which come with the ``geo`` extra. Nothing else in
Transcon needs them, so they are imported lazily and a missing one gives a one-line error.
"""

from __future__ import annotations

import importlib.util

from transcon.core.errors import TransconError

GEO_MODULES = ("numpy", "shapely")
INSTALL_HINT = "install the geo extra: pip install -e .[geo]"


class GeoExtraMissing(TransconError):
    """A package of the ``geo`` extra is not installed."""


def missing_geo_modules() -> list[str]:
    """Names of the generator's optional packages that are not installed."""
    return [name for name in GEO_MODULES if importlib.util.find_spec(name) is None]


def require_geo() -> None:
    """Raise :class:`GeoExtraMissing` (one line, with the install hint) unless all are present."""
    missing = missing_geo_modules()
    if missing:
        raise GeoExtraMissing(f"{', '.join(missing)} not installed: {INSTALL_HINT}")
