"""``transcon demo``: the main job until a full title lands.

Renders the demo board, plays a short scripted game of Demo Rails on it (dice from the game's
seeded generator), saves it, checks that the replay is identical, and draws the final position.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from transcon.cli.common import user_errors
from transcon.core.game import Game
from transcon.core.mapfile import load_map
from transcon.core.registry import get_title
from transcon.core.savefile import save_game
from transcon.render import render_svg, write_image

DEMO_SEED = 2026
DEMO_PLAYERS = ("Ann", "Bob")
#: With seed 2026 the dice give Ann 2, 6, 7 points and Bob 4, 6, 2 points.
DEMO_SCRIPT = (
    ("Ann", "roll"),
    ("Ann", "build B1 C1 D1"),
    ("Ann", "pass"),
    ("Bob", "roll"),
    ("Bob", "build C4 C5 C6"),
    ("Bob", "pass"),
    ("Ann", "roll"),
    ("Ann", "build B1 B2 B3 C4"),
    ("Ann", "pass"),
    ("Bob", "roll"),
    ("Bob", "build C6 B6"),
    ("Bob", "build C4 D4 E5 E6 F6"),
    ("Bob", "pass"),
    ("Ann", "roll"),
    ("Ann", "build D1 D2 D3 E4 F4"),
    ("Ann", "pass"),
    ("Bob", "roll"),
    ("Bob", "build F6 F7"),
    ("Bob", "pass"),
)


def play_demo_game() -> Game[object]:
    """The scripted demo game, played to the end."""
    game: Game[object] = Game.new(get_title("demo"), DEMO_PLAYERS, {"rounds": 3}, seed=DEMO_SEED)
    for player, text in DEMO_SCRIPT:
        game.act(text, player)
    return game


@user_errors
def demo_command(
    out: Annotated[
        Path, typer.Option("--out", help="Folder for the pictures and the save file.")
    ] = Path("out"),
) -> None:
    """Render the demo board and play a short scripted demo game on it."""
    out.mkdir(parents=True, exist_ok=True)
    board_png = write_image(render_svg(load_map("demo")), out / "demo-board.png")
    print(f"Rendered the demo board: {board_png}")
    game = play_demo_game()
    for event in game.events:
        print(f"  {event.text}")
    save = out / "demo-game.json"
    save_game(game, save)
    check = game.verify_replay()
    print(f"Saved {save} ({len(game.log)} actions); replay identical: {bool(check)}")
    final_png = out / "demo-game.png"
    game.title.render_png(game.state, final_png)
    print(f"Final position: {final_png}")
    print(game.describe_status())
