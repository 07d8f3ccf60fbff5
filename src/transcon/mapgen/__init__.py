"""Map generator: US hex maps made from real geography (needs the ``geo`` extra).

Stage 1, ``tools/geo/extract.py``, cuts small extracts out of heavy packages into ``geodata/``.
Stage 2, this package, reads only those extracts (with numpy and shapely) and writes the shipped
map files. Nothing here is imported by the rest of Transcon; :func:`generate` checks for the
optional packages first and raises :class:`GeoExtraMissing` with a one-line hint.
"""

from __future__ import annotations

from pathlib import Path

from transcon.mapgen.deps import INSTALL_HINT, GeoExtraMissing, require_geo

MAP_NAMES = ("rotw-usa", "usa-transcontinental")

__all__ = ["INSTALL_HINT", "MAP_NAMES", "GeoExtraMissing", "generate", "require_geo"]


def generate(names: list[str], geodata: Path | None = None, out: Path | None = None) -> list[Path]:
    """Generate the named maps (``all`` or empty for every one); returns the files written."""
    require_geo()
    from transcon.mapgen.pipeline import generate as run

    return run(names, geodata, out)
