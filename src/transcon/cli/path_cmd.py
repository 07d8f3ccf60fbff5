"""``transcon path GAME FROM TO``: the cheapest path a player could build now, with its cost.

Generic: it asks the title's :meth:`~transcon.core.title.Title.cheapest_path` hook, so it
works for every title that implements it (others get a one-line error).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from transcon.cli.common import print_json, user_errors
from transcon.core.errors import InputError
from transcon.core.game import Game
from transcon.core.savefile import load_game


def acting_player(game: Game[Any], player: str | None) -> str:
    """``player`` if given (it must be seated), else the one player who may act now."""
    if player is not None:
        return game.player_named(player)
    current = game.current_players()
    if len(current) == 1:
        return current[0]
    if not current:
        raise InputError("nobody acts now (the game is over): say which player with --player")
    raise InputError(f"several players may act ({', '.join(current)}): say which with --player")


@user_errors
def path_command(
    file: Annotated[Path, typer.Argument(help="Save file of the game.", show_default=False)],
    start: Annotated[str, typer.Argument(help="Where the path starts (hex label or name).")],
    end: Annotated[str, typer.Argument(help="Where the path ends (hex label or name).")],
    player: Annotated[
        str | None, typer.Option("--player", help="Whose build (default: who acts now).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """Show the cheapest path a player could build now from START to END, with its cost."""
    game = load_game(file)
    who = acting_player(game, player)
    try:
        quote = game.title.cheapest_path(game.state, who, start, end)
    except NotImplementedError as err:
        raise InputError(str(err)) from None
    if as_json:
        print_json(
            {"player": who, "found": quote is not None, **(quote.to_json() if quote else {})}
        )
        return
    if quote is None:
        print(f"{who} can build no path from {start} to {end} now.")
        return
    print(f"Cheapest path for {who} from {quote.start} to {quote.end}: {quote.cost_text}")
    print(f"  hexes: {' '.join(quote.hexes)}")
    for text in quote.actions:
        print(f"  {text}")
    for note in quote.notes:
        print(f"  note: {note}")
