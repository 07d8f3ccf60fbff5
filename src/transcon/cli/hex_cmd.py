"""``transcon hex GAME HEX``: a hex's terrain, what stands there, and its neighbours with the
cost of a link to each (the title's :meth:`~transcon.core.title.Title.describe_hex` hook)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from transcon.cli.common import user_errors
from transcon.core.errors import InputError
from transcon.core.savefile import load_game


@user_errors
def hex_command(
    file: Annotated[Path, typer.Argument(help="Save file of the game.", show_default=False)],
    place: Annotated[str, typer.Argument(help="A hex label or a place name.")],
    player: Annotated[
        str | None, typer.Option("--player", help="Also show what building costs this player.")
    ] = None,
) -> None:
    """Show a hex's terrain, what stands there, and its neighbours with link costs."""
    game = load_game(file)
    try:
        who = None if player is None else game.player_named(player)
        print(game.title.describe_hex(game.state, who, place))
    except NotImplementedError as err:
        raise InputError(str(err)) from None
