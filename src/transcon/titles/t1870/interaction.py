"""1870 in the browser: the clickable map, choices and panels (the hooks of
:mod:`transcon.core.interaction`), built on the title's public functions."""

from __future__ import annotations

import dataclasses

from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.title import EighteenTitle
from transcon.titles.t1870.game.render import (
    OPTIONS,
    overlay_1870,
    position_svg,
    state_position,
)


def board_svg(title: EighteenTitle, state: GameState, labels: bool) -> str:
    """The map with clickable hexes (company tokens carry their symbols, so colour-blind
    mode needs nothing more)."""
    options = dataclasses.replace(OPTIONS, show_labels=labels, hit_layer=True)
    return position_svg(state_position(title, state), overlay_1870(title, state), options)
