"""Drawing an 1870 game: the 1870 board (from the route engine's map data) with each laid
tile's number, station tokens in company colours and a caption with round, phase and prices.

A thin adapter over :func:`transcon.titles.t1870.data.load_1870` (ROUTES' data) and
:mod:`transcon.render`; track geometry is not drawn yet (the tile number marks the hex).
"""

from __future__ import annotations

from pathlib import Path

from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.title import EighteenTitle
from transcon.render import Marker, Overlay, owner_colour, render_svg, write_image


def overlay_1870(title: EighteenTitle, state: GameState) -> Overlay:
    """Tiles, tokens and a caption for the current position."""
    from transcon.titles.t1870.data import load_1870

    board = load_1870().board
    markers: list[Marker] = []
    for label, (tile, rotation) in sorted(state.tiles.items()):
        markers.append(Marker(board.hex(label), f"{tile}/{rotation}", "#777777", "town"))
    for index, (sym, corp) in enumerate(state.corps.items()):
        if corp.closed:
            continue
        for label in corp.tokens:
            try:
                markers.append(Marker(board.hex(label), sym, owner_colour(index), "token"))
            except KeyError:
                continue
    prices = ", ".join(f"{s} {title.price(state, s)}" for s in title.operating_order(state))
    caption = f"{state.round}; phase {title.phase(state).name}; {prices}"
    return Overlay(markers=markers, caption=caption)


def render_1870(title: EighteenTitle, state: GameState, path: Path) -> None:
    """Write the position as a PNG (or SVG when ``path`` ends in ``.svg``)."""
    from transcon.titles.t1870.data import load_1870

    svg = render_svg(load_1870().board, overlay_1870(title, state))
    if path.suffix.lower() == ".svg":
        path.write_text(svg, encoding="utf-8")
    else:
        write_image(svg, path)
