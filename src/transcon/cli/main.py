"""Entry point for the ``transcon`` command: assembles the sub-commands."""

from __future__ import annotations

from typing import Annotated

import typer

from transcon import __version__

app = typer.Typer(
    help="Transcon: engine, referee and route solver for transcontinental railroad board games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        print(f"transcon {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Transcon command line."""
