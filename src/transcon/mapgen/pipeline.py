"""Generate the shipped US maps from ``geodata/`` into ``src/transcon/data/maps/``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from transcon.core.errors import InputError
from transcon.mapgen.document import MapContent, dumps, to_document
from transcon.mapgen.geodata import GeoData, load_geodata

Builder = Callable[[GeoData], MapContent]


def _builders() -> dict[str, Builder]:
    from transcon.mapgen import rotw, usa

    return {usa.NAME: usa.build, rotw.NAME: rotw.build}


def default_out_dir() -> Path:
    return Path(__file__).resolve().parents[1] / "data" / "maps"


def generate(names: list[str], geodata: Path | None = None, out: Path | None = None) -> list[Path]:
    """Write the named maps (``all`` for every one); returns the files written."""
    builders = _builders()
    wanted = sorted(builders) if not names or "all" in names else names
    unknown = [n for n in wanted if n not in builders]
    if unknown:
        raise InputError(
            f"unknown generated map {', '.join(unknown)} (known: {', '.join(sorted(builders))})"
        )
    geo = load_geodata(geodata)
    folder = out or default_out_dir()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in wanted:
        path = folder / f"{name}.json"
        path.write_text(dumps(to_document(builders[name](geo))), encoding="utf-8")
        written.append(path)
    return written
