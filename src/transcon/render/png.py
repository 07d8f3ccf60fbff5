"""SVG to PNG through cairosvg, and writing either format by file suffix."""

from __future__ import annotations

from pathlib import Path

from transcon.core.atomic import write_bytes_atomic
from transcon.core.errors import InputError


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """Rasterise an SVG document."""
    import cairosvg  # imported lazily: it loads the cairo C library

    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    assert isinstance(png, bytes)
    return png


def write_image(svg: str, path: str | Path, scale: float = 1.0) -> Path:
    """Write ``svg`` to ``path`` as SVG or PNG (by suffix), atomically."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        data = svg.encode("utf-8")
    elif suffix == ".png":
        data = svg_to_png(svg, scale)
    else:
        raise InputError(f"{target}: output must end in .svg or .png")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"{target}: folder {folder} does not exist")
    write_bytes_atomic(target, data)
    return target
