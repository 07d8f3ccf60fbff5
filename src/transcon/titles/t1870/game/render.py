"""Drawing 1870 positions as an 18xx map: every hex filled with its tile colour (preprinted
cities, towns and off-boards too), track drawn from side to side or to its stops, cities with
their token slots and the companies' tokens, values, off-board values by phase, terrain costs
on empty hexes, the Mississippi, and optional route highlights.

:func:`position_svg` draws a :class:`~transcon.titles.t1870.position.Position1870` (used by
``transcon routes show``); :func:`render_1870` draws a game in progress (``transcon status
--png``). The tile drawing itself is :mod:`transcon.eighteen.draw`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from transcon.core.hexgrid import Point
from transcon.eighteen.draw import (
    TokenStyle,
    empty_hex_svg,
    partition_svg,
    route_art,
    route_segments,
    tile_art,
)
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.title import EighteenTitle
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.routes import Route
from transcon.render import HexArt, LegendEntry, Overlay, RenderOptions, render_svg, write_image
from transcon.titles.t1870.game.state import state_1870

TOKEN_STYLES: dict[str, TokenStyle] = {
    "ATSF": TokenStyle("#1f4e9c"),
    "MKT": TokenStyle("#1a8a5a"),
    "MP": TokenStyle("#7b2d8e"),
    "SLSF": TokenStyle("#c8102e"),
    "SP": TokenStyle("#f0b323", "#000000"),
    "SSW": TokenStyle("#222222"),
    "IC": TokenStyle("#2e9e3e"),
    "GMO": TokenStyle("#8b4a1c"),
    "FW": TokenStyle("#e8731a"),
    "TP": TokenStyle("#e75480"),
}
"""Station tokens of the 1870 companies."""

NAME_SPOT = (Point(-0.3, 0.72), Point(0.0, 0.72), Point(0.3, 0.72))
"""Where the map writes a city's name (hex frame): values stay clear of it."""

ROUTE_COLOURS = ("#e6194b", "#4363d8", "#f58231", "#911eb4", "#00a3b4", "#f032e6")
"""One colour per train of a run, in train order."""

OPTIONS = RenderOptions(
    hex_size=50.0,
    show_labels=False,
    home_country=None,
    outline_regions=(),
    site_glyphs=False,
    border_labels=True,
)


def board_art(position: Any) -> list[HexArt]:
    """Tiles (laid and preprinted), tokens, terrain costs and the Mississippi of a
    :class:`~transcon.titles.t1870.position.Position1870`."""
    data = position.data
    board = data.board
    band = data.layer.band(position.phase)
    preprinted = data.layer.preprinted
    rivers = data.layer.river_partitions
    art: list[HexArt] = []
    for info in board:
        h = info.hex
        river = partition_svg(rivers[h]) if h in rivers else ""
        placed = position.tiles.get(h)
        if placed is None:
            cost = next((int(r[5:]) for r in info.regions if r.startswith("cost:")), 0)
            if info.terrain == "lake" and not cost:
                continue  # open water: the terrain colour shows
            kind = "mountain" if info.terrain == "mountain" else "water"
            art.append(HexArt(h, empty_hex_svg(cost, kind) + river))
            continue
        tokens = {k: slots for (th, k), slots in position.tokens.items() if th == h}
        extra = {k: slots for (th, k), slots in position.extra_tokens.items() if th == h}
        drawn = tile_art(
            placed,
            tokens=tokens,
            extra_tokens=extra,
            styles=TOKEN_STYLES,
            band=band,
            number="" if preprinted.get(h) is placed else placed.tile.name,
            underlay=river,
            keep_clear=NAME_SPOT if info.site is not None and info.site.name else (),
        )
        art.append(HexArt(h, drawn.fill + drawn.track, "tiles"))
        art.append(HexArt(h, drawn.stops, "stops"))
        cost = next((int(r[5:]) for r in info.regions if r.startswith("cost:")), 0)
        if cost and preprinted.get(h) is placed:
            # §2.6: the first tile laid on a printed city or town pays the terrain too
            art.append(HexArt(h, _cost_tag(cost, info.terrain), "stops"))
    privates = position.privates
    if not privates.removed:
        for h, text in ((privates.cattle_hex, "cattle"), (privates.port_hex, "port")):
            if h is not None:
                art.append(HexArt(h, _badge(text), "stops"))
    return art


COST_SPOT = Point(-0.5, -0.29)
"""Where a printed city or town hex shows its terrain cost (towards its upper-left corner,
between the track to the left and upper-left sides)."""


def _cost_tag(cost: int, terrain: str) -> str:
    """The terrain cost of a printed city or town hex: ``$60`` on a small tag, brown for a
    mountain, blue for water."""
    colour = "#8b6b3d" if terrain == "mountain" else "#2f7fd0"
    x, y = COST_SPOT
    return (
        f'<rect class="cost" x="{x - 0.23:.2f}" y="{y - 0.14:.2f}" width="0.46" height="0.26" '
        f'rx="0.05" fill="#fff" stroke="{colour}" stroke-width="0.03"/>'
        f'<text class="cost" x="{x}" y="{y + 0.06:.2f}" font-size="0.19" text-anchor="middle" '
        f'fill="{colour}">${cost}</text>'
    )


def _badge(text: str) -> str:
    return (
        '<rect x="-0.5" y="-0.72" width="1.0" height="0.24" rx="0.06" fill="#fff" '
        'stroke="#000" stroke-width="0.02"/>'
        f'<text x="0" y="-0.55" font-size="0.17" text-anchor="middle">{text}</text>'
    )


def routes_art(
    position: Any, graph: TrackGraph, routes: Sequence[Route], colours: Sequence[str] = ()
) -> list[HexArt]:
    """Each route drawn over the track paths it uses, in its own colour."""
    colours = colours or ROUTE_COLOURS
    board = position.data.board
    art: list[HexArt] = []
    for i, route in enumerate(routes):
        segments = route_segments(graph, route.hops, board.hex)
        colour = colours[i % len(colours)]
        for h, svg in route_art(position.tiles, segments, colour).items():
            art.append(HexArt(h, svg, "routes"))
    return art


def route_legend(
    graph: TrackGraph,
    routes: Sequence[Route],
    values: Sequence[int],
    colours: Sequence[str] = (),
) -> list[LegendEntry]:
    """One legend line per route: train, stops and value."""
    colours = colours or ROUTE_COLOURS
    out = []
    for i, (route, value) in enumerate(zip(routes, values, strict=True)):
        stops = "-".join(graph.stops[s].sig.rsplit("-", 1)[0] for s in route.stops)
        out.append(LegendEntry(colours[i % len(colours)], f"{route.train.name}: {stops} = {value}"))
    return out


def position_svg(
    position: Any, overlay: Overlay | None = None, options: RenderOptions = OPTIONS
) -> str:
    """The position as an 18xx map; ``overlay`` adds art (routes), a legend and a caption."""
    extra = overlay or Overlay()
    full = dataclasses.replace(extra, art=board_art(position) + extra.art)
    return render_svg(position.data.board, full, options)


def overlay_1870(title: EighteenTitle, state: GameState) -> Overlay:
    """The caption for the current position: round (and the operating company), whose turn
    it is, phase and share prices."""
    prices = ", ".join(f"{s} {title.price(state, s)}" for s in title.operating_order(state))
    return Overlay(
        caption=f"{_turn_caption(title, state)}; phase {title.phase(state).name}; {prices}"
    )


def _turn_caption(title: EighteenTitle, state: GameState) -> str:
    """``OR 2.1: SLSF (Ann) to act``, ``SR 3: Bob to act``, ``game over: Ann won``."""
    from transcon.titles.t1870.interaction import round_label

    if title.is_over(state):
        return "game over: " + " and ".join(title.winners(state)) + " won"
    players = " and ".join(title.current_players(state))
    op = state.operating
    if state.round == "operating" and op.index < len(op.order):
        sym = state_1870(state).connection or op.order[op.index]
        return f"{round_label(state)}: {sym} operating, {players} to act"
    return f"{round_label(state)}: {players} to act"


def state_position(title: EighteenTitle, state: GameState) -> Any:
    """The route engine's position for a game state (tiles, tokens, phase, private tokens)."""
    from transcon.titles.t1870.game.routing import position_of

    return position_of(state, title.phase(state).name)


def render_1870(title: EighteenTitle, state: GameState, path: Path) -> None:
    """Write the position as a PNG (or SVG when ``path`` ends in ``.svg``)."""
    svg = position_svg(state_position(title, state), overlay_1870(title, state))
    write_image(svg, path)
