"""Drawing 18xx tiles and route highlights as SVG fragments (game-agnostic).

Every fragment is drawn in one hex's own frame: origin at the hex centre, one unit = the hex
radius (centre to corner), y down; :class:`transcon.render.HexArt` places it on the map. The
geometry follows the usual 18xx look (documented in ``docs/18xx-drawing.md``):

* the hex is filled with the tile colour;
* track between two sides is a straight line (opposite sides) or a curve (a cubic Bézier
  pulled towards the centre: gentle or sharp);
* a town on a track between two sides is a bar across the middle of that curve; any other
  town is a dot, any city a white circle per token slot (1, 2 or 3 slots side by side or in a
  triangle); track from a side runs to the stop;
* an off-board area has short track stubs from its sides and one box per phase band with its
  value (the current band outlined);
* stop values are small white circles placed where no track runs; a tile label (``P``) and
  the tile number are written in free corners.

Route highlights (:func:`route_segments`, :func:`highlight_svg`) follow exactly the same
curves, so a train's route is drawn over the track it uses.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import NamedTuple

from transcon.core.hexgrid import Hex, Layout, Orientation, Point
from transcon.eighteen.graph import PlacedTile, TrackGraph
from transcon.eighteen.tiles import NODE_BASE, Color, NodeKind, TileDef

TILE_FILL: dict[str, str] = {
    Color.WHITE: "#f4efdc",
    Color.YELLOW: "#fde900",
    Color.GREEN: "#71bf44",
    Color.BROWN: "#cb7745",
    Color.GRAY: "#bcbdc0",
    Color.RED: "#e8453c",
}
BAND_FILL = ("#fde900", "#cb7745", "#bcbdc0")
"""Default colours of the off-board value boxes, one per phase band."""
TRACK_COLOUR = "#000000"
TRACK_WIDTH = 0.1
CITY_R = 0.25
VALUE_R = 0.14

Cubic = tuple[Point, Point, Point, Point]
Segment = tuple[Hex, int, int]
"""One track path used by a route: the hex and the path's two (rotated) ends."""


class TokenStyle(NamedTuple):
    """How a company's station token looks: disc colour and symbol colour."""

    fill: str
    text: str = "#ffffff"


DEFAULT_TOKEN = TokenStyle("#666666")


@dataclass(frozen=True, slots=True)
class TileArt:
    """A tile drawn in three parts: the hex fill, the track, and the stops with their values
    and labels (put the stops on a layer above route highlights)."""

    fill: str
    track: str
    stops: str

    def svg(self) -> str:
        return self.fill + self.track + self.stops


# -- geometry ----------------------------------------------------------------------------------


def _p(x: float, y: float) -> Point:
    return Point(x, y)


def _lerp(a: Point, b: Point, t: float) -> Point:
    return Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)


def _line(a: Point, b: Point) -> Cubic:
    return (a, _lerp(a, b, 1 / 3), _lerp(a, b, 2 / 3), b)


def split(c: Cubic, t: float = 0.5) -> tuple[Cubic, Cubic]:
    """A cubic cut in two at ``t`` (de Casteljau)."""
    p0, p1, p2, p3 = c
    a, b, d = _lerp(p0, p1, t), _lerp(p1, p2, t), _lerp(p2, p3, t)
    e, f = _lerp(a, b, t), _lerp(b, d, t)
    m = _lerp(e, f, t)
    return (p0, a, e, m), (m, f, d, p3)


def _tangent(c: Cubic, t: float) -> Point:
    p0, p1, p2, p3 = c
    u = 1 - t
    x = 3 * u * u * (p1.x - p0.x) + 6 * u * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x)
    y = 3 * u * u * (p1.y - p0.y) + 6 * u * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y)
    return Point(x, y)


def path_d(c: Cubic) -> str:
    """SVG path data of a cubic."""
    p0, p1, p2, p3 = c
    return (
        f"M{p0.x:.3f},{p0.y:.3f} C{p1.x:.3f},{p1.y:.3f} {p2.x:.3f},{p2.y:.3f} {p3.x:.3f},{p3.y:.3f}"
    )


@functools.lru_cache(maxsize=4)
def _frame(orientation: Orientation) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """Corners and side midpoints of the unit hex centred on the origin."""
    layout = Layout(orientation, 1.0)
    h = Hex(0, 0)
    corners = tuple(layout.corners(h))
    mids = tuple(layout.side_midpoint(h, s) for s in range(6))
    return corners, mids


def side_midpoint(side: int, orientation: Orientation = Orientation.POINTY) -> Point:
    return _frame(orientation)[1][side % 6]


def _edge_curve(a: int, b: int, orientation: Orientation) -> Cubic:
    mids = _frame(orientation)[1]
    p0, p3 = mids[a], mids[b]
    if (a - b) % 6 == 3:
        return _line(p0, p3)
    k = 0.45 if (a - b) % 6 in (1, 5) else 0.55
    return (p0, _lerp(p0, _p(0, 0), k), _lerp(p3, _p(0, 0), k), p3)


@dataclass(frozen=True, slots=True)
class _Geometry:
    pos: dict[int, Point]
    """Stop index -> where it is drawn."""
    bars: dict[int, tuple[Point, float]]
    """Towns drawn as a bar across a curve: centre and angle of the track (degrees)."""
    curves: dict[tuple[int, int], Cubic]
    """Rotated path (ends as in ``paths_at``) -> its curve."""
    exits: tuple[int, ...]


@functools.lru_cache(maxsize=2048)
def _geometry(tile: TileDef, rotation: int, orientation: Orientation) -> _Geometry:
    mids = _frame(orientation)[1]
    paths = tile.paths_at(rotation)
    sides_of: dict[int, list[int]] = {n.index: [] for n in tile.nodes}
    linked: set[int] = set()
    for a, b in paths:
        for x, y in ((a, b), (b, a)):
            if x >= NODE_BASE:
                if y < NODE_BASE:
                    sides_of[x - NODE_BASE].append(y)
                else:
                    linked.add(x - NODE_BASE)
    pos: dict[int, Point] = {}
    bars: dict[int, tuple[Point, float]] = {}
    halves: dict[tuple[int, int], Cubic] = {}
    on_curve = [
        n
        for n in tile.nodes
        if n.kind is NodeKind.TOWN and len(sides_of[n.index]) == 2 and n.index not in linked
    ]
    town_curves = {
        n.index: _edge_curve(sides_of[n.index][0], sides_of[n.index][1], orientation)
        for n in on_curve
    }
    mid = {k: split(c)[0][3] for k, c in town_curves.items()}
    crowded = any(math.dist(mid[a], mid[b]) < 0.35 for a in mid for b in mid if a < b)
    for i, n in enumerate(on_curve):
        exits = sides_of[n.index]
        curve = town_curves[n.index]
        # towns whose bars would overlap (crossing track) move apart along their track
        at = 0.5 + ((i % 2) * 2 - 1) * 0.17 if crowded else 0.5
        first, second = split(curve, at)
        t = _tangent(curve, at)
        pos[n.index] = first[3]
        bars[n.index] = (first[3], math.degrees(math.atan2(t.y, t.x)))
        node = NODE_BASE + n.index
        halves[(exits[0], node)] = first
        halves[(exits[1], node)] = (second[3], second[2], second[1], second[0])
    free = [n for n in tile.nodes if n.index not in pos]
    loose = [n for n in free if not sides_of[n.index]]
    for n in free:
        exits = sides_of[n.index]
        if len(free) == 1:
            pos[n.index] = _p(0, 0)
        elif exits:
            sx = sum((mids[s].x for s in exits), 0.0)
            sy = sum((mids[s].y for s in exits), 0.0)
            norm = math.hypot(sx, sy)
            pos[n.index] = _p(0, 0) if norm < 1e-9 else _p(sx / norm * 0.45, sy / norm * 0.45)
        else:
            i = loose.index(n)
            pos[n.index] = _p((i - (len(loose) - 1) / 2) * 0.6, 0.0)
    curves: dict[tuple[int, int], Cubic] = {}
    for a, b in paths:
        curves[(a, b)] = _path_curve(tile, a, b, pos, halves, orientation)
    exits_all = tuple(sorted({e for p in paths for e in p if e < NODE_BASE}))
    return _Geometry(pos, bars, curves, exits_all)


def _path_curve(
    tile: TileDef,
    a: int,
    b: int,
    pos: Mapping[int, Point],
    halves: Mapping[tuple[int, int], Cubic],
    orientation: Orientation,
) -> Cubic:
    mids = _frame(orientation)[1]
    if a < NODE_BASE and b < NODE_BASE:
        return _edge_curve(a, b, orientation)
    if a >= NODE_BASE and b >= NODE_BASE:
        return _line(pos[a - NODE_BASE], pos[b - NODE_BASE])
    side, node = (a, b) if a < NODE_BASE else (b, a)
    half = halves.get((side, node))
    if half is not None:
        curve = half
    elif tile.nodes[node - NODE_BASE].kind is NodeKind.OFFBOARD:
        curve = _line(mids[side], _lerp(mids[side], _p(0, 0), 0.45))
    else:
        target = pos[node - NODE_BASE]
        start = mids[side]
        curve = (start, _lerp(start, _p(0, 0), 0.4), target, target)
        if math.hypot(target.x, target.y) < 1e-9:
            curve = _line(start, target)
    return curve if a == side else (curve[3], curve[2], curve[1], curve[0])


def _spot(
    origin: Point, distance: float, avoid: Sequence[Point], orientation: Orientation
) -> Point:
    """The point ``distance`` from ``origin`` towards a hex corner farthest from ``avoid``."""
    corners = _frame(orientation)[0]
    best, score = origin, -1.0
    for k in (4, 5, 3, 2, 0, 1):  # upper right first
        c = corners[k]
        cand = _p(origin.x + c.x * distance, origin.y + c.y * distance)
        d = min((math.dist(cand, q) for q in avoid), default=9.0)
        if d > score + 1e-6:
            best, score = cand, d
    return best


# -- tiles -------------------------------------------------------------------------------------


def hex_polygon(orientation: Orientation = Orientation.POINTY) -> str:
    return " ".join(f"{p.x:.3f},{p.y:.3f}" for p in _frame(orientation)[0])


def _slot_centres(n: int, r: float) -> list[Point]:
    if n <= 1:
        return [_p(0, 0)]
    if n == 2:
        return [_p(-r, 0), _p(r, 0)]
    ring = r / math.sin(math.pi / n)
    return [
        _p(ring * math.cos(-math.pi / 2 + 2 * math.pi * k / n),
           ring * math.sin(-math.pi / 2 + 2 * math.pi * k / n))
        for k in range(n)
    ]  # fmt: skip


def token_svg(centre: Point, r: float, company: str, style: TokenStyle) -> str:
    """A station token: a disc in the company colour with its symbol."""
    size = min(r * 0.8, 1.7 * r / max(1, len(company)) / 0.62)
    return (
        f'<g class="token" data-company="{escape(company)}">'
        f'<circle cx="{centre.x:.3f}" cy="{centre.y:.3f}" r="{r * 0.9:.3f}" '
        f'fill="{style.fill}" stroke="#000" stroke-width="0.02"/>'
        f'<text x="{centre.x:.3f}" y="{centre.y + size * 0.36:.3f}" font-size="{size:.3f}" '
        f'text-anchor="middle" font-weight="bold" fill="{style.text}">{escape(company)}</text>'
        "</g>"
    )


def city_svg(
    at: Point,
    slots: int,
    tokens: Sequence[str | None] = (),
    styles: Mapping[str, TokenStyle] | None = None,
) -> str:
    """A city: one white circle per token slot, tokens in company colours."""
    styles = styles or {}
    n = max(1, slots)
    r = CITY_R if n <= 2 else 0.21
    centres = [_p(at.x + c.x, at.y + c.y) for c in _slot_centres(n, r)]
    out = [f'<g class="city" data-slots="{slots}">']
    if n == 2:
        out.append(
            f'<rect x="{at.x - 2 * r:.3f}" y="{at.y - r:.3f}" width="{4 * r:.3f}" '
            f'height="{2 * r:.3f}" rx="{r:.3f}" fill="#fff" stroke="#000" stroke-width="0.04"/>'
        )
    elif n > 2:
        outer = r + r / math.sin(math.pi / n)
        out.append(
            f'<circle cx="{at.x:.3f}" cy="{at.y:.3f}" r="{outer:.3f}" fill="#fff" '
            'stroke="#000" stroke-width="0.04"/>'
        )
    for k, c in enumerate(centres):
        width = 0.04 if n == 1 else 0.02
        out.append(
            f'<circle class="slot" cx="{c.x:.3f}" cy="{c.y:.3f}" r="{r:.3f}" fill="#fff" '
            f'stroke="#000" stroke-width="{width}"/>'
        )
        company = tokens[k] if k < len(tokens) else None
        if company:
            out.append(token_svg(c, r, company, styles.get(company, DEFAULT_TOKEN)))
    out.append("</g>")
    return "".join(out)


def value_svg(at: Point, value: int) -> str:
    """A stop value: a small white circle with the number."""
    size = 0.15 if value < 100 else 0.12
    return (
        f'<g class="value"><circle cx="{at.x:.3f}" cy="{at.y:.3f}" r="{VALUE_R:.3f}" '
        'fill="#fff" stroke="#000" stroke-width="0.02"/>'
        f'<text x="{at.x:.3f}" y="{at.y + size * 0.36:.3f}" font-size="{size:.3f}" '
        f'text-anchor="middle">{value}</text></g>'
    )


def offboard_values_svg(
    at: Point, values: Sequence[int], band: int, fills: Sequence[str] = BAND_FILL
) -> str:
    """An off-board area's values, one box per phase band, the current one outlined."""
    w, h = 0.3, 0.26
    x0 = at.x - w * len(values) / 2
    out = ['<g class="offboard-values">']
    for i, v in enumerate(values):
        x = x0 + i * w
        stroke = 0.05 if i == min(band, len(values) - 1) else 0.015
        out.append(
            f'<rect x="{x:.3f}" y="{at.y - h / 2:.3f}" width="{w:.3f}" height="{h:.3f}" '
            f'fill="{fills[i % len(fills)]}" stroke="#000" stroke-width="{stroke}"/>'
            f'<text x="{x + w / 2:.3f}" y="{at.y + 0.062:.3f}" font-size="0.17" '
            f'text-anchor="middle">{v}</text>'
        )
    out.append("</g>")
    return "".join(out)


def track_svg(curve: Cubic, colour: str, width: float, css: str = "track") -> str:
    return (
        f'<path class="{css}" d="{path_d(curve)}" stroke="{colour}" '
        f'stroke-width="{width:.3f}" fill="none" stroke-linecap="butt"/>'
    )


def tile_art(
    placed: PlacedTile,
    *,
    orientation: Orientation = Orientation.POINTY,
    tokens: Mapping[int, Sequence[str | None]] | None = None,
    extra_tokens: Mapping[int, Sequence[str]] | None = None,
    styles: Mapping[str, TokenStyle] | None = None,
    band: int = 0,
    band_fills: Sequence[str] = BAND_FILL,
    number: str = "",
    underlay: str = "",
    keep_clear: Sequence[Point] = (),
) -> TileArt:
    """A laid tile: fill, track and stops.

    ``tokens`` holds each city's slot occupants (by node index, None = empty), ``extra_tokens``
    tokens beside a city (no slot), ``styles`` each company's token look; ``band`` is the phase
    band for values; ``number`` is written small in a free corner (the tile number);
    ``underlay`` is raw SVG drawn between the fill and the track (rivers); values and labels
    are kept away from the points in ``keep_clear`` (e.g. where the map writes a name).
    """
    tile, rotation = placed.tile, placed.rotation % 6
    tokens = tokens or {}
    extra_tokens = extra_tokens or {}
    geo = _geometry(tile, rotation, orientation)
    fill = TILE_FILL.get(tile.color, "#ffffff")
    fill_svg = (
        f'<polygon class="tile" data-tile="{escape(tile.name)}" data-rotation="{rotation}" '
        f'points="{hex_polygon(orientation)}" fill="{fill}" stroke="#fff" stroke-width="0.02"/>'
        + underlay
    )
    track: list[str] = ['<g class="tile-track">']
    for curve in geo.curves.values():
        track.append(track_svg(curve, fill, TRACK_WIDTH * 1.8, "track-edge"))
        track.append(track_svg(curve, TRACK_COLOUR, TRACK_WIDTH))
    track.append("</g>")
    mids = _frame(orientation)[1]
    avoid: list[Point] = [mids[s] for s in geo.exits] + list(keep_clear)
    stops: list[str] = ['<g class="tile-stops">']
    for n in tile.nodes:
        at = geo.pos[n.index]
        if n.kind is NodeKind.CITY:
            slots = tokens.get(n.index, ())
            stops.append(city_svg(at, n.slots, slots, styles))
            avoid.append(at)
            extent = CITY_R * (2 if n.slots == 2 else 1) + (0.25 if n.slots > 2 else 0.0)
            beside = extra_tokens.get(n.index, ())
            stops += _beside(at, extent + 0.2, beside, avoid, styles, orientation)
            if n.value(band):
                spot = _spot(at, extent + 0.22, avoid, orientation)
                avoid.append(spot)
                stops.append(value_svg(spot, n.value(band)))
        elif n.kind is NodeKind.TOWN:
            bar = geo.bars.get(n.index)
            if bar is not None:
                c, angle = bar
                stops.append(
                    f'<rect class="town" x="-0.05" y="-0.17" width="0.1" height="0.34" '
                    f'fill="#000" transform="translate({c.x:.3f},{c.y:.3f}) '
                    f'rotate({angle:.1f})"/>'
                )
            else:
                stops.append(
                    f'<circle class="town" cx="{at.x:.3f}" cy="{at.y:.3f}" r="0.1" fill="#000"/>'
                )
            avoid.append(at)
            if n.value(band):
                spot = _spot(at, 0.3, avoid, orientation)
                avoid.append(spot)
                stops.append(value_svg(spot, n.value(band)))
        else:
            top = at.y - (0.3 if n.slots else 0.12)
            stops.append(offboard_values_svg(_p(at.x, top), n.values, band, band_fills))
            if n.slots:
                stops.append(
                    city_svg(_p(at.x, at.y + 0.12), n.slots, tokens.get(n.index, ()), styles)
                )
            avoid += [at, _p(at.x - 0.3, top), _p(at.x + 0.3, top)]
            beside = extra_tokens.get(n.index, ())
            stops += _beside(at, 0.5, beside, avoid, styles, orientation)
    if tile.label:
        spot = _spot(_p(0, 0), 0.6, avoid, orientation)
        avoid.append(spot)
        stops.append(
            f'<text class="label" x="{spot.x:.3f}" y="{spot.y + 0.11:.3f}" font-size="0.3" '
            f'font-weight="bold" text-anchor="middle">{escape(tile.label)}</text>'
        )
    if number:
        spot = _spot(_p(0, 0), 0.72, avoid, orientation)
        stops.append(
            f'<text class="number" x="{spot.x:.3f}" y="{spot.y + 0.05:.3f}" font-size="0.14" '
            f'text-anchor="middle" fill="#333">{escape(number)}</text>'
        )
    stops.append("</g>")
    return TileArt(fill_svg, "".join(track), "".join(stops))


def _beside(
    at: Point,
    distance: float,
    companies: Sequence[str],
    avoid: list[Point],
    styles: Mapping[str, TokenStyle] | None,
    orientation: Orientation,
) -> list[str]:
    """Small tokens beside a stop (tokens that take no slot), in free places."""
    out = []
    for company in companies:
        spot = _spot(at, distance, avoid, orientation)
        avoid.append(spot)
        out.append(token_svg(spot, 0.16, company, (styles or {}).get(company, DEFAULT_TOKEN)))
    return out


def empty_hex_svg(
    cost: int = 0, kind: str = "", orientation: Orientation = Orientation.POINTY
) -> str:
    """An empty hex (no tile): pale fill, and the cost of the first tile with a terrain
    sign (``mountain``: a brown peak; ``water``/``river``: a blue wave)."""
    out = [
        f'<polygon class="empty" points="{hex_polygon(orientation)}" '
        f'fill="{TILE_FILL[Color.WHITE]}" stroke="#fff" stroke-width="0.02"/>'
    ]
    if cost:
        if kind == "mountain":
            out.append(
                '<polygon class="terrain" points="-0.22,0.05 0,-0.3 0.22,0.05" fill="#8b6b3d"/>'
            )
        elif kind in ("water", "river"):
            out.append(
                '<path class="terrain" d="M-0.25,-0.1 q0.0625,-0.1 0.125,0 t0.125,0 t0.125,0 '
                't0.125,0" stroke="#2f7fd0" stroke-width="0.05" fill="none"/>'
            )
        out.append(
            f'<text class="cost" x="0" y="0.3" font-size="0.22" text-anchor="middle">${cost}</text>'
        )
    return "".join(out)


def partition_svg(
    spec: str,
    orientation: Orientation = Orientation.POINTY,
    colour: str = "#2f7fd0",
    width: float = 0.12,
) -> str:
    """A river line across a hex, in 18xx.games partition notation (``a:0-,b:2+,...``):
    ``a`` and ``b`` are hex corners (numbered like :meth:`Layout.corners`); ``+``/``-``
    moves the point a quarter side towards the next/previous corner."""
    corners = _frame(orientation)[0]
    fields = dict(part.split(":", 1) for part in spec.split(",") if ":" in part)
    points = []
    for key in ("a", "b"):
        text = fields.get(key, "")
        if not text or not text[0].isdigit():
            return ""
        k = int(text[0]) % 6
        p = corners[k]
        if text.endswith("+"):
            p = _lerp(p, corners[(k + 1) % 6], 0.25)
        elif text.endswith("-"):
            p = _lerp(p, corners[(k - 1) % 6], 0.25)
        points.append(p)
    a, b = points
    curve = (a, _lerp(a, _p(0, 0), 0.35), _lerp(b, _p(0, 0), 0.35), b)
    return (
        f'<path class="river" d="{path_d(curve)}" stroke="{colour}" '
        f'stroke-width="{width:.3f}" fill="none" stroke-linecap="round"/>'
    )


# -- routes ------------------------------------------------------------------------------------


def _end_code(text: str) -> int:
    return NODE_BASE + int(text[1:]) if text.startswith("n") else int(text)


def route_segments(
    graph: TrackGraph, hop_ids: Sequence[int], hex_of: Callable[[str], Hex]
) -> list[Segment]:
    """The track paths a route's hops use, as ``(hex, end, end)`` in walking order.

    ``hex_of`` turns the graph's hex names (``board.hex``) back into hexes."""
    out: list[Segment] = []
    for hid in hop_ids:
        for pid in graph.hops[hid].paths:
            label, _, ends = graph.track_name(pid).partition(" path ")
            a_text, b_text = ends.split("-")
            out.append((hex_of(label), _end_code(a_text), _end_code(b_text)))
    return out


def highlight_svg(
    placed: PlacedTile,
    ends: Sequence[tuple[int, int]],
    colour: str,
    *,
    orientation: Orientation = Orientation.POINTY,
    width: float = 0.2,
) -> str:
    """The given paths of a tile (rotated ends, either order) drawn wide in ``colour``."""
    geo = _geometry(placed.tile, placed.rotation % 6, orientation)
    out = []
    for a, b in ends:
        curve = geo.curves.get((a, b))
        if curve is None:
            back = geo.curves.get((b, a))
            if back is None:
                continue
            curve = (back[3], back[2], back[1], back[0])
        out.append(
            f'<path class="route" d="{path_d(curve)}" stroke="{colour}" '
            f'stroke-width="{width:.3f}" fill="none" stroke-linecap="round" opacity="0.9"/>'
        )
    return "".join(out)


def route_art(
    tiles: Mapping[Hex, PlacedTile],
    segments: Sequence[Segment],
    colour: str,
    *,
    orientation: Orientation = Orientation.POINTY,
    width: float = 0.2,
) -> dict[Hex, str]:
    """Highlights of a route's segments, per hex (for ``HexArt(hex, svg, "routes")``)."""
    by_hex: dict[Hex, list[tuple[int, int]]] = {}
    for h, a, b in segments:
        by_hex.setdefault(h, []).append((a, b))
    return {
        h: highlight_svg(tiles[h], ends, colour, orientation=orientation, width=width)
        for h, ends in by_hex.items()
        if h in tiles
    }
