"""Rendering boards and game states to SVG and PNG (game-agnostic)."""

from transcon.render.png import svg_to_png, write_image
from transcon.render.svg import (
    HexArt,
    LegendEntry,
    Marker,
    Overlay,
    RenderOptions,
    TrackLine,
    add_layers,
    owner_colour,
    owner_letters,
    render_svg,
)

__all__ = [
    "HexArt",
    "LegendEntry",
    "Marker",
    "Overlay",
    "RenderOptions",
    "TrackLine",
    "add_layers",
    "owner_colour",
    "owner_letters",
    "render_svg",
    "svg_to_png",
    "write_image",
]
