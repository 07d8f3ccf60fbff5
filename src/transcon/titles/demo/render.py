"""Drawing a Demo Rails game: the demo board with each player's track in their colour."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from transcon.core.board import Board
from transcon.render import (
    Marker,
    Overlay,
    RenderOptions,
    TrackLine,
    owner_colour,
    owner_letters,
    render_svg,
    write_image,
)

if TYPE_CHECKING:
    from transcon.titles.demo.rules import DemoState


def demo_overlay(board: Board, state: DemoState, colour_blind: bool = False) -> Overlay:
    colour = {p: owner_colour(i) for i, p in enumerate(state.players)}
    letter = owner_letters(state.players) if colour_blind else dict.fromkeys(state.players, "")
    track = [
        TrackLine([board.hex(a), board.hex(b)], colour[owner], letter=letter[owner])
        for owner, a, b in state.track
    ]
    markers = [
        Marker(board.hex(home), "", colour[p], "token", letter=letter[p])
        for p, home in state.homes.items()
    ]
    legend = "  ".join(
        f"{p}: {len(set(h for o, a, b in state.track if o == p for h in (a, b)))} hexes"
        for p in state.players
    )
    return Overlay(
        track=track, markers=markers, caption=f"Round {min(state.round, state.rounds)}  {legend}"
    )


def demo_svg(board: Board, state: DemoState, colour_blind: bool, labels: bool) -> str:
    """The board for the browser: clickable hexes, letters in colour-blind mode."""
    options = RenderOptions(show_labels=labels, hit_layer=True)
    return render_svg(board, demo_overlay(board, state, colour_blind), options)


def render_state(board: Board, state: DemoState, path: Path) -> None:
    write_image(render_svg(board, demo_overlay(board, state)), path)
