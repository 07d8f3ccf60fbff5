"""``transcon export-18xx``: write a 1870 game of ours as an 18xx.games game file.

Any 1870 save (bots, humans, imports) becomes a file in the shape 18xx.games records, which
``transcon import-18xx`` imports back to the same game and the 18xx.games engine replays
(see :mod:`transcon.titles.t1870.importer.export` and ``tools/oracle-18xx``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from transcon.cli.common import user_errors
from transcon.core.atomic import write_text_atomic
from transcon.core.errors import InputError
from transcon.core.savefile import load_game


@user_errors
def export_18xx(
    save: Annotated[Path, typer.Argument(help="Save file of a 1870 game.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="18xx.games game file.")],
) -> None:
    """Write a 1870 game as an 18xx.games game file (import-18xx reads it back)."""
    from transcon.titles.t1870.importer.export import export_game, unsupported_options

    game = load_game(save)
    if game.title.name != "1870":
        raise InputError(f"{save}: export-18xx writes 1870 games, this is {game.title.name}")
    data = export_game(game)
    write_text_atomic(output, json.dumps(data, indent=1) + "\n")
    others = unsupported_options(game.options)
    print(f"{output}: {len(data['actions'])} actions, {len(game.log)} of ours")
    if others:
        print(
            "note: options without an 18xx.games equivalent (18xx.games plays them "
            f"differently): {', '.join(others)}"
        )


def register(app: typer.Typer) -> None:
    """Add ``export-18xx`` to the top-level app."""
    app.command("export-18xx")(export_18xx)
