"""Railway Rivals in the browser: the clickable board, hover text, choices and panels
(the hooks of :mod:`transcon.core.interaction`)."""

from __future__ import annotations

import dataclasses

from transcon.render import RenderOptions, owner_colour, owner_letters, render_svg
from transcon.titles.railway_rivals.presentation import FULL_MAP_FONT, FULL_MAP_HEX, overlay
from transcon.titles.railway_rivals.state import RRState


def board_svg(state: RRState, viewer: str | None, colour_blind: bool, labels: bool) -> str:
    """The whole map as ``viewer`` may see it; in colour-blind mode each rival's letter on
    each of their links."""
    size = 32.0 if len(state.model.hexes) < 500 else FULL_MAP_HEX
    font = 0.36 if size > FULL_MAP_HEX else FULL_MAP_FONT
    drawn = overlay(state, viewer, size=size, font=font)
    if colour_blind:
        letters = owner_letters(state.players)
        by_colour = {owner_colour(i): letters[p] for i, p in enumerate(state.players)}
        drawn.track = [
            dataclasses.replace(line, letter=by_colour.get(line.colour, "")) for line in drawn.track
        ]
    options = RenderOptions(hex_size=size, marker_font=font, show_labels=labels, hit_layer=True)
    return render_svg(state.model.board, drawn, options)
