"""Drawing a game: links coloured by owner, each city's colour and its cubes as letters.

Players get colours no good uses (green, orange, cyan, pink, ... never red, yellow, blue,
purple, black or gray) and a letter drawn on each of their links, so track reads without
colour; the legend under the map names the players' colours and letters and the cubes'."""

from __future__ import annotations

from html import escape
from pathlib import Path

from transcon.core.hexgrid import Hex, Layout, Point
from transcon.render import (
    LegendEntry,
    Marker,
    Overlay,
    RenderOptions,
    TrackLine,
    add_layers,
    owner_letters,
    render_svg,
    write_image,
)
from transcon.titles.rotw.build import city_colour
from transcon.titles.rotw.data import LETTER, engine_name
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


#: Player colours: none is a goods colour (CITY_FILL), so track never reads as a cube.
PLAYER_COLOURS = ("#2ca02c", "#ff7f0e", "#17becf", "#f781bf", "#8c6d31", "#bcbd22")
CUBE_NAMES = {
    "red": "red",
    "yellow": "yellow",
    "blue": "blue",
    "purple": "purple",
    "black": "black",
}


def player_colours(players: list[str]) -> dict[str, str]:
    return {p: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, p in enumerate(players)}


def player_letters(players: list[str]) -> dict[str, str]:
    """Each player's initial, or their seat number when two share an initial."""
    return owner_letters(players)


def legend(s: RotwState) -> list[LegendEntry]:
    colours, letters = player_colours(s.players), player_letters(s.players)
    entries = [
        LegendEntry(
            colours[p],
            f"{p} ({letters[p]} on track): {s.pl[p].score} pts, ${s.pl[p].cash}k, "
            f"engine {engine_name(s.pl[p].engine)}",
        )
        for p in s.players
    ]
    cubes = " ".join(f"{LETTER[c]}={name}" for c, name in CUBE_NAMES.items())
    entries.append(LegendEntry(CITY_FILL["gray"], f"Cubes above cities: {cubes} S=settler M=raw"))
    return entries


def rotw_overlay(g: BoardGraph, s: RotwState) -> Overlay:
    """Track by owner (unfinished track thinner), a token in each city's colour, a legend."""
    board = g.board
    colour = player_colours(s.players)

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
    turn = f"Game turn {s.game_turn}, {s.phase}ern phase"
    if s.step == "over":
        turn = "Final: " + ", ".join(f"{p} {final_points(s, p)}" for p in s.players)
    return Overlay(track=track, markers=markers, caption=turn, legend=legend(s))


def city_texts(g: BoardGraph, s: RotwState) -> list[tuple[Hex, str]]:
    """Cube letters (and settlers present) per city."""
    out = []
    for label in sorted(g.cities):
        settled = s.settlers_at.get(label, 0)
        text = cube_letters(s.cubes.get(label, [])) + (f" +{settled}S" if settled else "")
        if text:
            out.append((g.board.hex(label), text))
    return out


def rotw_svg(g: BoardGraph, s: RotwState, opts: RenderOptions | None = None) -> str:
    """The SVG, with each city's cubes as colour-blind letters above the city."""
    opts = opts or RenderOptions()
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
    parts.extend(_track_letters(g, s, layout, size))
    return add_layers(svg, "".join(parts))


def _track_letters(g: BoardGraph, s: RotwState, layout: Layout, size: float) -> list[str]:
    """The owner's letter on the middle hex of each track (colour-blind players)."""
    letters, colours = player_letters(s.players), player_colours(s.players)
    parts = [f'<g id="track-letters" font-size="{size * 0.36:.1f}" text-anchor="middle">']
    for lk in s.links:
        if not lk.hexes:
            continue
        c = layout.center(g.board.hex(lk.hexes[len(lk.hexes) // 2]))
        parts.append(
            f'<text x="{c.x:.1f}" y="{c.y + size * 0.13:.1f}" font-weight="bold" '
            f'fill="#000" stroke="{colours[lk.owner]}" stroke-width="0.4">'
            f"{escape(letters[lk.owner])}</text>"
        )
    parts.append("</g>")
    return parts


def render_state(g: BoardGraph, s: RotwState, path: Path) -> None:
    write_image(rotw_svg(g, s), path)
