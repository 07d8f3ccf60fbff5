"""Drawing an 18C2C game: the board of the setup with the laid tiles and station tokens
(``titles/c2c/draw.py``), off-board values of the current phase."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from transcon.eighteen.framework.state import GameState
from transcon.render import Overlay, render_svg, write_image
from transcon.titles.c2c.data import load_board
from transcon.titles.c2c.draw import OPTIONS, board_art, legend
from transcon.titles.c2c.game.routing import context_of
from transcon.titles.c2c.game.state import c2c_data

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C


def game_svg(title: TitleC2C, state: GameState) -> str:
    """The board with the game's tiles and tokens as SVG."""
    phase = title.phase(state).name
    position = context_of(state, title.setup, phase).position
    board = load_board()
    p_cities = frozenset(board.hex(h) for h in c2c_data(state).p_cities)
    art = board_art(
        "d", title.setup, phase, tiles=position.tiles, tokens=position.tokens, p_cities=p_cities
    )
    caption = f"{title.display_name}: phase {phase}, {state.round} round"
    return render_svg(board, Overlay(caption=caption, art=art, legend=legend()), OPTIONS)


def render_game(title: TitleC2C, state: GameState, path: Path) -> None:
    """Write the game's board as PNG (or SVG when ``path`` ends in ``.svg``)."""
    write_image(game_svg(title, state), path)
