"""Drawing a game: links coloured by owner, each city's colour and its cubes as letters."""

from __future__ import annotations

from html import escape
from pathlib import Path

from transcon.core.hexgrid import Hex, Layout, Point
from transcon.render import (
    Marker,
    Overlay,
    RenderOptions,
    TrackLine,
    owner_colour,
    render_svg,
    write_image,
)
from transcon.titles.rotw.build import city_colour
from transcon.titles.rotw.data import engine_name
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.scoring import final_points
from transcon.titles.rotw.state import RotwState
from transcon.titles.rotw.status import cube_letters

CITY_FILL = {
    "red": "#c0392b",
    "yellow": "#f1c40f",
    "blue": "#2e86c1",
    "purple": "#8e44ad",
    "black": "#222222",
    "gray": "#999999",
}


def rotw_overlay(g: BoardGraph, s: RotwState) -> Overlay:
    """Track by owner (unfinished track thinner), a token in each city's colour, a caption."""
    board = g.board
    colour = {p: owner_colour(i) for i, p in enumerate(s.players)}

    def hexes(labels: tuple[str, ...]) -> list[Hex]:
        return [board.hex(label) for label in labels]

    track = [
        TrackLine(
            hexes((lk.a, *lk.hexes, lk.b) if lk.b else (lk.a, *lk.hexes)),
            colour[lk.owner],
            0.22 if lk.b else 0.1,
        )
        for lk in s.links
    ]
    markers = [
        Marker(board.hex(c), "", CITY_FILL.get(city_colour(g, s, c), "#999999"), "token")
        for c in sorted(g.cities)
    ]
    legend = "  ".join(
        f"{p}: {s.pl[p].score} pts ${s.pl[p].cash}k eng {engine_name(s.pl[p].engine)}"
        for p in s.players
    )
    turn = f"Turn {s.game_turn} ({s.phase})"
    if s.step == "over":
        turn = "Final: " + ", ".join(f"{p} {final_points(s, p)}" for p in s.players)
    return Overlay(track=track, markers=markers, caption=f"{turn}   {legend}")


def city_texts(g: BoardGraph, s: RotwState) -> list[tuple[Hex, str]]:
    """Cube letters (and settlers present) per city."""
    out = []
    for label in sorted(g.cities):
        settled = s.settlers_at.get(label, 0)
        text = cube_letters(s.cubes.get(label, [])) + (f" +{settled}S" if settled else "")
        if text:
            out.append((g.board.hex(label), text))
    return out


def rotw_svg(g: BoardGraph, s: RotwState) -> str:
    """The SVG, with each city's cubes as colour-blind letters above the city."""
    opts = RenderOptions()
    svg = render_svg(g.board, rotw_overlay(g, s), opts)
    size = opts.hex_size
    raw = Layout(g.board.orientation, size)
    corners = [p for info in g.board for p in raw.corners(info.hex)]
    origin = Point(
        -(min(p.x for p in corners) - opts.margin), -(min(p.y for p in corners) - opts.margin)
    )
    layout = Layout(g.board.orientation, size, origin)
    parts = [f'<g id="cubes" font-size="{size * 0.34:.1f}" text-anchor="middle">']
    for h, text in city_texts(g, s):
        c = layout.center(h)
        parts.append(
            f'<text x="{c.x:.1f}" y="{c.y - size * 0.38:.1f}" font-weight="bold" fill="#000" '
            f'stroke="#fff" stroke-width="0.5">{escape(text)}</text>'
        )
    parts.append("</g>")
    return svg.replace("</svg>", "".join(parts) + "</svg>")


def render_state(g: BoardGraph, s: RotwState, path: Path) -> None:
    write_image(rotw_svg(g, s), path)
