"""Draw a board and a game's state as SVG.

The drawing is layered: terrain, hex art (tiles), region outlines, river and impassable sides,
track by owner, highlighted routes, route art, sites with names, markers (cities that appeared
during play), stop art, hex labels, border coordinates, legend and caption. Titles pass what
changes during play as an :class:`Overlay`; :class:`HexArt` carries raw SVG drawn in a hex's own
frame (18xx tiles, route highlights: see :mod:`transcon.eighteen.draw`).
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape

from transcon.core.board import Board, HexInfo, SiteKind, Terrain
from transcon.core.errors import InputError
from transcon.core.hexgrid import Hex, Layout, Point

TERRAIN_FILL: dict[str, str] = {
    Terrain.PLAIN: "#e8f0c8",
    Terrain.MOUNTAIN: "#b39a7a",
    Terrain.HILL: "#d2c596",
    Terrain.SWAMP: "#9fc7a5",
    Terrain.WATER: "#9cc7ec",
    "ridge": "#c9ab8a",
    "forest": "#9dbb7a",
}
FOREIGN_FILL = "#d9d9d9"
OWNER_COLOURS = (
    "#d62728",
    "#1f77b4",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#8c564b",
    "#e377c2",
    "#17becf",
)


@dataclass(frozen=True, slots=True)
class TrackLine:
    """Track along a chain of hex centres (or a single hex stub), drawn in ``colour``."""

    hexes: Sequence[Hex]
    colour: str
    width: float = 0.22  # in hex radii
    letter: str = ""  # the owner's letter, drawn on the line (colour-blind mode)


@dataclass(frozen=True, slots=True)
class Marker:
    """A site that is not printed on the map (a city created in play), or a token."""

    hex: Hex
    text: str = ""
    colour: str = "#222222"
    shape: str = "city"  # city | town | token
    text_offset: float = 0.75  # where the name sits: hex radii below the centre (< 0: above)
    letter: str = ""  # drawn inside the marker (colour-blind mode: whose token it is)


ART_LAYERS = ("tiles", "routes", "stops")


@dataclass(frozen=True, slots=True)
class HexArt:
    """Raw SVG drawn in one hex's own frame: origin at the hex centre, 1 unit = the hex radius
    (centre to corner), y down. ``layer`` is where it goes: ``tiles`` (above the terrain, below
    sides and track lines), ``routes`` (above the routes) or ``stops`` (above sites and
    markers, below the labels)."""

    hex: Hex
    svg: str
    layer: str = "tiles"


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One line of the legend under the map: a colour swatch and a text."""

    colour: str
    text: str


@dataclass(slots=True)
class Overlay:
    """What a game adds to the printed board."""

    track: list[TrackLine] = field(default_factory=list)
    routes: list[TrackLine] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    caption: str = ""
    art: list[HexArt] = field(default_factory=list)
    legend: list[LegendEntry] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class RenderOptions:
    hex_size: float = 32.0
    show_labels: bool = True
    show_site_names: bool = True
    home_country: str | None = "US"  # other countries are greyed out
    outline_regions: tuple[str, ...] = ("east_coast", "west_coast")
    margin: float = 12.0
    site_glyphs: bool = True
    """Draw city circles, town dots and values (False: names only, the art draws the stops)."""
    border_labels: bool = False
    """Row letters and column numbers around the map (labels like ``B11``)."""
    crop: frozenset[Hex] | None = None
    """Draw only this part of the board (its bounding box; None: the whole board)."""
    marker_font: float = 0.36
    """Font size of marker names, in hex radii."""
    hit_layer: bool = False
    """A transparent polygon per hex on top of everything (``class="hex"``, ``data-hex``),
    for pages that let people click hexes."""


REGION_COLOURS = ("#c0392b", "#2471a3", "#7d3c98", "#117864")
#: Smallest and largest hex radius we draw, in pixels.
MIN_HEX_SIZE = 2.0
MAX_HEX_SIZE = 200.0


def check_hex_size(size: float) -> None:
    """InputError unless ``size`` is a finite radius within the limits."""
    if not (math.isfinite(size) and MIN_HEX_SIZE <= size <= MAX_HEX_SIZE):
        raise InputError(f"hex size {size} must be a number from {MIN_HEX_SIZE} to {MAX_HEX_SIZE}")


def owner_colour(index: int) -> str:
    return OWNER_COLOURS[index % len(OWNER_COLOURS)]


def owner_letters(owners: Sequence[str]) -> dict[str, str]:
    """Each owner's initial, or their seat number when two share an initial: what
    colour-blind mode writes on their track and tokens."""
    initials = [name[:1].upper() for name in owners]
    if len(set(initials)) == len(initials):
        return dict(zip(owners, initials, strict=True))
    return {name: str(i + 1) for i, name in enumerate(owners)}


def _pts(points: Iterable[Point]) -> str:
    return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in points)


def render_svg(
    board: Board, overlay: Overlay | None = None, options: RenderOptions | None = None
) -> str:
    """The board (and the overlay, if any) as an SVG document."""
    opts = options or RenderOptions()
    overlay = overlay or Overlay()
    size = opts.hex_size
    check_hex_size(size)
    raw = Layout(board.orientation, size)
    if len(board) == 0:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'
    shown = [info for info in board if opts.crop is None or info.hex in opts.crop]
    if not shown:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'
    corners = [p for info in shown for p in raw.corners(info.hex)]
    margin = opts.margin + (size * 0.7 if opts.border_labels else 0.0)
    min_x = min(p.x for p in corners) - margin
    min_y = min(p.y for p in corners) - margin
    max_x = max(p.x for p in corners) + margin
    map_bottom = max(p.y for p in corners) + margin
    caption = _wrap(overlay.caption, max_x - min_x - 2 * opts.margin, size * 0.6)
    caption_h = size * (0.4 + 0.8 * len(caption)) if caption else 0.0
    legend_h = size * 0.75 * len(overlay.legend)
    max_y = map_bottom + legend_h + caption_h
    layout = Layout(board.orientation, size, Point(-min_x, -min_y))
    width, height = max_x - min_x, max_y - min_y
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="DejaVu Sans, Arial, sans-serif">',
        f"<title>{escape(board.title)}</title>",
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>',
    ]
    out.append('<g id="terrain" stroke="#ffffff" stroke-width="0.6">')
    region_fills: dict[str, str] = dict(board.meta.get("render", {}).get("region_fills", {}))
    terrain_class = "terrain" if opts.hit_layer else "hex"
    for info in shown:
        out.append(
            f'<polygon class="{terrain_class}" data-hex="{escape(info.label)}" '
            f'points="{_pts(layout.corners(info.hex))}" '
            f'fill="{_fill(info, opts, region_fills)}">'
            f"<title>{escape(_tooltip(info))}</title></polygon>"
        )
    out.append("</g>")
    out.extend(_terrain_marks(board, layout))
    out.extend(_art(overlay.art, "tiles", layout, board))
    out.extend(_region_outlines(board, layout, opts))
    out.extend(_sides(board, layout))
    out.append('<g id="track" stroke-linecap="round" stroke-linejoin="round" fill="none">')
    for line in overlay.track:
        out.append(_line(layout, line))
    out.append("</g>")
    out.extend(_line_letters(overlay.track, layout))
    out.append(
        '<g id="routes" stroke-linecap="round" stroke-linejoin="round" fill="none" '
        'stroke-dasharray="6,3" opacity="0.9">'
    )
    for line in overlay.routes:
        out.append(_line(layout, line))
    out.append("</g>")
    out.extend(_art(overlay.art, "routes", layout, board))
    out.extend(_sites(board, layout, opts))
    out.extend(_markers(overlay.markers, layout, size, opts.marker_font))
    out.extend(_art(overlay.art, "stops", layout, board))
    if opts.show_labels:
        out.extend(_hex_labels(shown, layout, size))
    if opts.border_labels:
        out.extend(_border_labels(board, layout, width, map_bottom - min_y))
    y = map_bottom - min_y
    if opts.crop is not None:  # what lies beyond a cropped map stays out of legend and caption
        out.append(f'<rect y="{y:.0f}" width="{width:.0f}" height="{height - y:.0f}" fill="#fff"/>')
    if overlay.legend:
        out.extend(_legend(overlay, opts, y))
    for i, caption_line in enumerate(caption):
        y_line = height - opts.margin - size * 0.8 * (len(caption) - 1 - i)
        out.append(
            f'<text x="{opts.margin:.0f}" y="{y_line:.0f}" '
            f'font-size="{size * 0.6:.1f}">{escape(caption_line)}</text>'
        )
    if opts.hit_layer:
        out.extend(_hit_layer(shown, layout))
    out.append("</svg>")
    return "\n".join(out)


def _hex_labels(shown: Sequence[HexInfo], layout: Layout, size: float) -> list[str]:
    out = [f'<g id="labels" font-size="{size * 0.28:.1f}" fill="#555" text-anchor="middle">']
    for info in shown:
        c = layout.center(info.hex)
        out.append(f'<text x="{c.x:.1f}" y="{c.y - size * 0.55:.1f}">{info.label}</text>')
    out.append("</g>")
    return out


def _legend(overlay: Overlay, opts: RenderOptions, y: float) -> list[str]:
    """The legend's rows, from ``y`` down."""
    size = opts.hex_size
    out = [f'<g id="legend" font-size="{size * 0.45:.1f}">']
    for entry in overlay.legend:
        out.append(
            f'<rect x="{opts.margin:.1f}" y="{y + size * 0.12:.1f}" width="{size * 0.9:.1f}" '
            f'height="{size * 0.45:.1f}" fill="{entry.colour}" stroke="#000"/>'
            f'<text x="{opts.margin + size * 1.2:.1f}" y="{y + size * 0.52:.1f}">'
            f"{escape(entry.text)}</text>"
        )
        y += size * 0.75
    out.append("</g>")
    return out


def _hit_layer(shown: Sequence[HexInfo], layout: Layout) -> list[str]:
    """A transparent polygon per hex on top of everything: what a page's clicks land on."""
    out = [f'<g id="{HIT_LAYER}" fill="#ffffff" fill-opacity="0" stroke="none">']
    for info in shown:
        out.append(
            f'<polygon class="hex" data-hex="{escape(info.label)}" '
            f'points="{_pts(layout.corners(info.hex))}"/>'
        )
    out.append("</g>")
    return out


#: The id of the clickable hex layer (:attr:`RenderOptions.hit_layer`).
HIT_LAYER = "hexes"


def add_layers(svg: str, layers: str) -> str:
    """``svg`` with ``layers`` (SVG elements) drawn on top of the map but under the clickable
    hex layer, if it has one."""
    marker = f'<g id="{HIT_LAYER}"'
    at = svg.rfind(marker)
    if at < 0:
        at = svg.rfind("</svg>")
    return svg[:at] + layers + svg[at:]


def _line_letters(lines: Sequence[TrackLine], layout: Layout) -> list[str]:
    """Owner letters on track (colour-blind mode): one on the middle hex of each line."""
    marked = [line for line in lines if line.letter and line.hexes]
    if not marked:
        return []
    s = layout.size
    out = [
        f'<g id="track-letters" font-size="{s * 0.36:.1f}" text-anchor="middle" '
        'font-weight="bold" fill="#000" stroke="#fff" stroke-width="0.6" paint-order="stroke">'
    ]
    for line in marked:
        if len(line.hexes) > 1:
            i = (len(line.hexes) - 1) // 2
            a, b = layout.center(line.hexes[i]), layout.center(line.hexes[i + 1])
            c = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
        else:
            c = layout.center(line.hexes[0])
        out.append(f'<text x="{c.x:.1f}" y="{c.y + s * 0.13:.1f}">{escape(line.letter)}</text>')
    out.append("</g>")
    return out


def _wrap(text: str, width: float, font_size: float) -> list[str]:
    """``text`` in lines that fit ``width`` (about 0.6 em per character)."""
    if not text:
        return []
    return textwrap.wrap(text, max(10, int(width / (font_size * 0.6)))) or [text]


def _art(art: Sequence[HexArt], layer: str, layout: Layout, board: Board) -> list[str]:
    """The art of one layer, each piece moved to its hex and scaled to the hex radius (and
    marked with its hex's ``data-hex``)."""
    pieces = [a for a in art if a.layer == layer]
    if not pieces:
        return []
    out = [f'<g id="art-{layer}">']
    for a in pieces:
        c = layout.center(a.hex)
        out.append(
            f'<g data-hex="{escape(board.label(a.hex))}" '
            f'transform="translate({c.x:.2f},{c.y:.2f}) scale({layout.size:.3f})">{a.svg}</g>'
        )
    out.append("</g>")
    return out


_LABEL_RE = re.compile(r"^([A-Z]+)(\d+)$")


def _border_labels(board: Board, layout: Layout, width: float, bottom: float) -> list[str]:
    """Row letters left and right of the map, column numbers above and below it."""
    s = layout.size
    rows: dict[str, list[float]] = {}
    cols: dict[str, list[float]] = {}
    for info in board:
        m = _LABEL_RE.match(info.label)
        if m:
            c = layout.center(info.hex)
            rows.setdefault(m.group(1), []).append(c.y)
            cols.setdefault(m.group(2), []).append(c.x)
    out = [f'<g id="border-labels" font-size="{s * 0.36:.1f}" fill="#333" text-anchor="middle">']
    for row, ys in rows.items():
        y = sum(ys) / len(ys) + s * 0.12
        for x in (s * 0.45, width - s * 0.45):
            out.append(f'<text x="{x:.1f}" y="{y:.1f}">{row}</text>')
    for col, xs in cols.items():
        x = sum(xs) / len(xs)
        for y in (s * 0.6, bottom - s * 0.25):
            out.append(f'<text x="{x:.1f}" y="{y:.1f}">{col}</text>')
    out.append("</g>")
    return out


def mix_colours(a: str, b: str) -> str:
    """The colour halfway between two ``#rrggbb`` colours."""
    parts = [(int(a[i : i + 2], 16) + int(b[i : i + 2], 16)) // 2 for i in (1, 3, 5)]
    return "#" + "".join(f"{p:02x}" for p in parts)


def _fill(info: HexInfo, opts: RenderOptions, region_fills: dict[str, str] | None = None) -> str:
    """The terrain colour, mixed with the colour of the first region of the map's
    ``meta.render.region_fills`` the hex is in (18C2C: its zone)."""
    for tag, colour in (region_fills or {}).items():
        if tag in info.regions:
            return mix_colours(TERRAIN_FILL.get(info.terrain, "#eeeeee"), colour)
    if (
        not info.is_water
        and opts.home_country
        and info.country
        and info.country != opts.home_country
    ):
        return FOREIGN_FILL
    return TERRAIN_FILL.get(info.terrain, "#eeeeee")


def _tooltip(info: HexInfo) -> str:
    parts = [info.label, info.terrain]
    if info.water_body:
        parts.append(info.water_body)
    if info.country:
        parts.append(info.country)
    if info.site:
        parts.append(f"{info.site.kind} {info.site.name}")
    return " ".join(parts)


def _terrain_marks(board: Board, layout: Layout) -> list[str]:
    """Small glyphs so terrain reads without colour: peaks for mountains, tufts for swamps."""
    s = layout.size
    out = ['<g id="terrain-marks" fill="none" stroke-width="1">']
    for info in board:
        c = layout.center(info.hex)
        if info.terrain in (Terrain.MOUNTAIN, Terrain.HILL):
            h = s * (0.35 if info.terrain == Terrain.MOUNTAIN else 0.22)
            out.append(
                f'<polyline points="{c.x - s * 0.3:.1f},{c.y + s * 0.2:.1f} '
                f'{c.x:.1f},{c.y + s * 0.2 - h:.1f} {c.x + s * 0.3:.1f},{c.y + s * 0.2:.1f}"'
                ' stroke="#6b5437"/>'
            )
        elif info.terrain == Terrain.SWAMP:
            for dx in (-0.2, 0.0, 0.2):
                x = c.x + dx * s
                out.append(
                    f'<line x1="{x:.1f}" y1="{c.y + s * 0.2:.1f}" x2="{x:.1f}" '
                    f'y2="{c.y - s * 0.05:.1f}" stroke="#3c6e47"/>'
                )
    out.append("</g>")
    return out


def _region_outlines(board: Board, layout: Layout, opts: RenderOptions) -> list[str]:
    out = ['<g id="regions" fill="none" stroke-width="2" opacity="0.8">']
    for i, tag in enumerate(opts.outline_regions):
        members = board.region(tag)
        colour = REGION_COLOURS[i % len(REGION_COLOURS)]
        for h in members:
            for side, n in enumerate(h.neighbors(board.orientation)):
                if n not in members:
                    a, b = layout.side_endpoints(h, side)
                    out.append(
                        f'<line x1="{a.x:.1f}" y1="{a.y:.1f}" x2="{b.x:.1f}" '
                        f'y2="{b.y:.1f}" stroke="{colour}"><title>{tag}</title></line>'
                    )
    out.append("</g>")
    return out


def _sides(board: Board, layout: Layout) -> list[str]:
    out = ['<g id="sides" stroke-linecap="round">']
    for (a, b), features in board.sides():
        side = a.side_to(b, board.orientation)
        p, q = layout.side_endpoints(a, side)
        for f in features:
            colour, width = {
                "river": ("#1f5fbf", 3.0),
                "impassable": ("#000000", 4.0),
                "ridge": ("#7a4b1d", 3.0),
            }.get(f.kind, ("#555555", 2.0))
            title = f"{f.kind} {f.name}".strip()
            out.append(
                f'<line x1="{p.x:.1f}" y1="{p.y:.1f}" x2="{q.x:.1f}" y2="{q.y:.1f}" '
                f'stroke="{colour}" stroke-width="{width}"><title>{escape(title)}</title>'
                "</line>"
            )
    out.append("</g>")
    return out


def _line(layout: Layout, line: TrackLine) -> str:
    pts = [layout.center(h) for h in line.hexes]
    if len(pts) == 1:
        pts = pts * 2
    return (
        f'<polyline points="{_pts(pts)}" stroke="{line.colour}" '
        f'stroke-width="{line.width * layout.size:.1f}"/>'
    )


def _sites(board: Board, layout: Layout, opts: RenderOptions) -> list[str]:
    s = layout.size
    out = [f'<g id="sites" font-size="{s * 0.36:.1f}" text-anchor="middle">']
    for info in board.sites():
        site = info.site
        assert site is not None
        c = layout.center(info.hex)
        if not opts.site_glyphs:
            if opts.show_site_names and site.name:
                out.extend(_halo_text(c.x, c.y + s * 0.78, site.name, s * 0.26))
            continue
        if site.kind == SiteKind.CITY:
            out.append(
                f'<circle cx="{c.x:.1f}" cy="{c.y:.1f}" r="{s * 0.32:.1f}" fill="#ffffff" '
                'stroke="#000" stroke-width="1.5"/>'
            )
        elif site.kind == SiteKind.TOWN:
            for k in range(site.count):
                dx = (k - (site.count - 1) / 2) * s * 0.35
                out.append(
                    f'<circle cx="{c.x + dx:.1f}" cy="{c.y:.1f}" r="{s * 0.13:.1f}" fill="#000"/>'
                )
        else:
            out.append(
                f'<polygon points="{_pts(layout.corners(info.hex))}" fill="#c0392b" '
                'opacity="0.35"/>'
            )
        # values by phase often repeat (30/30/40/40/50): show each step once
        steps = list(dict.fromkeys(site.values.values()))
        value = site.value if site.value is not None else "/".join(map(str, steps))
        if value not in ("", None):
            # towns are dots: put their value above the dot rather than on it
            dy = s * 0.12 if site.kind != SiteKind.TOWN else -s * 0.22
            out.append(
                f'<text x="{c.x:.1f}" y="{c.y + dy:.1f}" font-size="{s * 0.3:.1f}">{value}</text>'
            )
        if opts.show_site_names and site.name:
            out.append(
                f'<text x="{c.x:.1f}" y="{c.y + s * 0.75:.1f}" font-weight="bold">'
                f"{escape(site.name)}</text>"
            )
    out.append("</g>")
    return out


def _halo_text(x: float, y: float, text: str, size: float) -> list[str]:
    """Bold text with a white outline underneath, readable over tiles."""
    common = f'x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" font-weight="bold"'
    return [
        f'<text {common} stroke="#ffffff" stroke-width="{size * 0.25:.1f}" '
        f'stroke-linejoin="round">{escape(text)}</text>',
        f"<text {common}>{escape(text)}</text>",
    ]


def _markers(markers: Sequence[Marker], layout: Layout, s: float, font: float) -> list[str]:
    # names are drawn twice, first as a white halo, so they read over track and terrain
    out = [
        f'<g id="markers" font-size="{s * font:.1f}" text-anchor="middle" stroke-linejoin="round">'
    ]
    for m in markers:
        c = layout.center(m.hex)
        if m.shape == "town":
            out.append(
                f'<circle cx="{c.x:.1f}" cy="{c.y:.1f}" r="{s * 0.14:.1f}" fill="{m.colour}"/>'
            )
        elif m.shape == "token":
            out.append(
                f'<circle cx="{c.x:.1f}" cy="{c.y:.1f}" r="{s * 0.26:.1f}" '
                f'fill="{m.colour}" stroke="#000"/>'
            )
        else:
            out.append(
                f'<circle cx="{c.x:.1f}" cy="{c.y:.1f}" r="{s * 0.3:.1f}" fill="#ffffff" '
                f'stroke="{m.colour}" stroke-width="2"/>'
            )
        if m.letter:
            out.append(
                f'<text x="{c.x:.1f}" y="{c.y + s * 0.12:.1f}" font-size="{s * 0.3:.1f}" '
                f'font-weight="bold" fill="#000" stroke="#fff" stroke-width="0.5" '
                f'paint-order="stroke">{escape(m.letter)}</text>'
            )
        if m.text:
            at = f'x="{c.x:.1f}" y="{c.y + s * m.text_offset:.1f}" font-weight="bold"'
            halo = f'stroke="#ffffff" stroke-width="{s * font * 0.3:.1f}" fill="#ffffff"'
            out.append(f"<text {at} {halo}>{escape(m.text)}</text>")
            out.append(f"<text {at}>{escape(m.text)}</text>")
    out.append("</g>")
    return out
