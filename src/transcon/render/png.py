"""SVG to PNG through cairosvg, and writing either format by file suffix."""

from __future__ import annotations

import re
from pathlib import Path

from transcon.core.atomic import write_bytes_atomic
from transcon.core.errors import InputError

#: Largest PNG we rasterise, in pixels (4 bytes each in memory): the biggest shipped map
#: at the default hex size is about 15 million.
MAX_IMAGE_PIXELS = 64_000_000
_SIZE = re.compile(r'<svg[^>]*?width="([0-9.]+)"[^>]*?height="([0-9.]+)"')


def check_image_size(svg: str, scale: float = 1.0) -> None:
    """InputError when the PNG of ``svg`` would exceed :data:`MAX_IMAGE_PIXELS`."""
    found = _SIZE.search(svg[:1000])
    if found is None:
        return
    width, height = (float(found.group(i)) * scale for i in (1, 2))
    if width * height > MAX_IMAGE_PIXELS:
        raise InputError(
            f"a {width:.0f}x{height:.0f} image is too large to draw "
            f"(at most {MAX_IMAGE_PIXELS:,} pixels): use a smaller hex size or SVG output"
        )


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """Rasterise an SVG document (InputError if the image would be too large)."""
    import cairosvg  # imported lazily: it loads the cairo C library

    check_image_size(svg, scale)

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
