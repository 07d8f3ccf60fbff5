"""Drawing the 18C2C board as an 18xx map (issue 13 item 6).

Every hex in play is tinted by its zone (Eastern, Plains, West, Canada; legend under the map);
printed cities and off-boards are drawn as 18xx tiles (``eighteen/draw.py``): cities with their
token slots and a badge with their type (K, L, B, P, NY, CHI, C), off-boards with their values
per step, the current step highlighted (an off-board area of two hexes, one off-board: its
values and token place once, on its first hex); empty hexes show their first-tile cost. Hexes
out of play (Super-short) are greyed. ``transcon render 18c2c`` draws the map file itself (zones
tinted through the map's ``render`` hints); this module draws the 18xx layer of a variant and
setup, optionally with laid tiles, tokens and routes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from transcon.core.hexgrid import Hex, Point
from transcon.eighteen.draw import TokenStyle, empty_hex_svg, hex_polygon, tile_art
from transcon.eighteen.graph import PlacedTile
from transcon.render import HexArt, LegendEntry, Overlay, RenderOptions, render_svg, write_image
from transcon.titles.c2c.data import (
    Setup,
    Variant,
    city_type,
    load_board,
    load_layer,
    offboard_area,
    playable,
    zone,
)

ZONE_TINTS = {
    "eastern": "#9ec5e8",
    "plains": "#f2dc82",
    "west": "#e8a98a",
    "canada": "#a8d5a2",
}
"""Zone colours (drawn at ``TINT_OPACITY`` over the hex)."""
TINT_OPACITY = 0.45
NAME_SPOT = (Point(-0.3, 0.72), Point(0.0, 0.72), Point(0.3, 0.72))
"""Where the map writes a city's name (hex frame): values stay clear of it."""

OPTIONS = RenderOptions(
    hex_size=40.0,
    show_labels=False,
    home_country=None,
    outline_regions=(),
    site_glyphs=False,
    border_labels=True,
)


def _tint(colour: str, opacity: float = TINT_OPACITY) -> str:
    return (
        f'<polygon class="zone" points="{hex_polygon()}" fill="{colour}" '
        f'fill-opacity="{opacity}" stroke="none"/>'
    )


def _badge(text: str) -> str:
    width = 0.16 + 0.13 * len(text)
    return (
        f'<rect class="city-type" x="{-width / 2:.3f}" y="-0.86" width="{width:.3f}" '
        'height="0.24" rx="0.06" fill="#222" stroke="none"/>'
        f'<text x="0" y="-0.68" font-size="0.18" font-weight="bold" fill="#fff" '
        f'text-anchor="middle">{text}</text>'
    )


def board_art(
    variant: Variant = "d",
    setup: Setup = "full",
    phase: str = "2",
    tiles: Mapping[Hex, PlacedTile] | None = None,
    tokens: Mapping[tuple[Hex, int], Sequence[str | None]] | None = None,
    styles: Mapping[str, TokenStyle] | None = None,
    p_cities: frozenset[Hex] = frozenset(),
) -> list[HexArt]:
    """The art of every hex: zone tint, tile (laid or printed) or terrain cost, city badges
    (``p_cities``: cities designated P by a Prospectors, badged P)."""
    board = load_board()
    layer = load_layer(variant, setup)
    keep = playable(board, setup)
    band = layer.band(phase)
    laid = tiles or {}
    art: list[HexArt] = []
    for info in board:
        h = info.hex
        if h not in keep:
            art.append(HexArt(h, empty_hex_svg() + _tint("#777777", 0.7)))
            continue
        tint = _tint(ZONE_TINTS[zone(board, h)])
        placed = laid.get(h) or layer.preprinted.get(h)
        if placed is None:
            cost = next((int(r[5:]) for r in info.regions if r.startswith("cost:")), 0)
            kind = {"mountain": "mountain", "hill": "mountain"}.get(info.terrain, "water")
            art.append(HexArt(h, empty_hex_svg(cost, kind) + tint))
            continue
        here = {k: list(v) for (th, k), v in (tokens or {}).items() if th == h}
        drawn = tile_art(
            placed,
            tokens=here,
            styles=styles,
            band=band,
            number="" if layer.preprinted.get(h) is placed else placed.tile.name,
            keep_clear=NAME_SPOT if info.site is not None and info.site.name else (),
        )
        art.append(HexArt(h, drawn.fill + tint + drawn.track, "tiles"))
        if offboard_area(board, info.label)[0] != info.label:
            continue  # one off-board: its values and token place are drawn on its first hex
        stops = drawn.stops
        site = info.site
        if site is not None and site.kind == "city":
            # a city a Prospectors made a P city shows the P token (D variant 4a)
            kind = "P" if h in p_cities else city_type(site, variant)
            if kind != "plain":
                stops += _badge(kind)
        art.append(HexArt(h, stops, "stops"))
    return art


def legend() -> list[LegendEntry]:
    names = {"eastern": "Eastern zone", "plains": "Plains zone", "west": "West zone"}
    out = [LegendEntry(c, names.get(z, "Canada")) for z, c in ZONE_TINTS.items()]
    out.append(LegendEntry("#222222", "city types: K, L, B, P, NY, CHI (Chicago), C (D variant)"))
    return out


def c2c_svg(
    variant: Variant = "d", setup: Setup = "full", phase: str = "2", overlay: Overlay | None = None
) -> str:
    """The board of ``variant`` and ``setup`` as an 18xx map, off-board values for ``phase``."""
    extra = overlay or Overlay()
    caption = extra.caption or (
        f"18C2C, {'D variant' if variant == 'd' else 'base game'}"
        f"{', Super-short' if setup == 'super-short' else ''}; "
        f"off-board values of phase {phase} highlighted"
    )
    full = Overlay(
        track=extra.track,
        routes=extra.routes,
        markers=extra.markers,
        caption=caption,
        art=board_art(variant, setup, phase) + extra.art,
        legend=legend() + extra.legend,
    )
    return render_svg(load_board(), full, OPTIONS)


def render_c2c(path: Path, variant: Variant = "d", setup: Setup = "full", phase: str = "2") -> None:
    """Write the board as PNG (or SVG when ``path`` ends in ``.svg``)."""
    write_image(c2c_svg(variant, setup, phase), path)
