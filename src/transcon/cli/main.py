"""Entry point for the ``transcon`` command: assembles the sub-commands."""

from __future__ import annotations

import atexit
import contextlib
import copy
import os
import sys
from collections.abc import Sequence
from typing import Annotated

import typer
from typer import _click
from typer.main import get_command_name
from typer.models import CommandInfo

from transcon import __version__
from transcon.cli.common import EXIT_BAD_INPUT, one_line

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
def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Transcon command line."""


# -- sub-commands (each module registers its own group or commands) -----------------------------
from transcon.cli import map_cmds  # noqa: E402

app.add_typer(map_cmds.map_app, name="map")
app.command("render")(map_cmds.render_command)

from transcon.cli import demo_cmd  # noqa: E402

app.command("demo")(demo_cmd.demo_command)

from transcon.cli import game_cmds  # noqa: E402

game_cmds.register(app)

from transcon.cli import path_cmd  # noqa: E402

app.command("path")(path_cmd.path_command)

from transcon.cli import hex_cmd  # noqa: E402

app.command("hex")(hex_cmd.hex_command)

from transcon.cli import routes_cmds  # noqa: E402

app.add_typer(routes_cmds.routes_app, name="routes")

from transcon.cli import routes_optimize  # noqa: E402

routes_optimize.register(routes_cmds.routes_app)

from transcon.cli import import18xx_cmds  # noqa: E402

import18xx_cmds.register(app)

from transcon.cli import analyze_cmd  # noqa: E402

analyze_cmd.register(app)

from transcon.cli import serve_cmd  # noqa: E402

app.command("serve")(serve_cmd.serve_command)

from transcon.cli import export18xx_cmds  # noqa: E402

export18xx_cmds.register(app)


def run(args: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status (what ``transcon`` does).

    Unlike calling ``app`` directly, a usage error (unknown option, missing argument, a bad
    number) is one ``error: ...`` line with status 2, like every other bad input.
    """
    words = list(sys.argv[1:] if args is None else args)
    try:
        status = app_running(words)(args=words, standalone_mode=False)
    except _click.exceptions.ClickException as err:
        print(f"error: {one_line(err.format_message())}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except typer.Abort:
        print("error: aborted", file=sys.stderr)
        return 1
    return status if isinstance(status, int) else 0


def app_running(words: Sequence[str]) -> typer.Typer:
    """``app`` with only the sub-command that ``words`` name (the whole app for anything else:
    no command, an option first, an unknown command).

    Typer makes every command's options from its signature each time the program starts:
    0.05-0.1 s for the thirty commands, a tenth of a command. The command that runs, its
    usage errors and its ``--help`` are the same, and ``transcon --help`` or a misspelt
    command still sees every command."""
    word = words[0] if words else ""
    if not word or word.startswith("-"):
        return app
    commands = [c for c in app.registered_commands if _command_name(c) == word]
    groups = [g for g in app.registered_groups if g.name == word]
    if len(commands) + len(groups) != 1:
        return app
    running = copy.copy(app)
    running.registered_commands = commands
    running.registered_groups = groups
    return running


def _command_name(command: CommandInfo) -> str:
    if command.name:
        return command.name
    assert command.callback is not None  # every command here is registered on a function
    return get_command_name(command.callback.__name__)


def main() -> None:
    """Console-script entry point: run the command, then end the process at once.

    The interpreter's own ending frees every module and object one by one, and that took
    40-100 ms of every command (a tenth of one at a crowded Railway Rivals position).
    Nothing is left to do by then: a command has closed its files and written its saves.
    So the exit handlers run, the output is flushed, and the process ends with ``os._exit``.
    """
    status = run()
    atexit._run_exitfuncs()
    with contextlib.suppress(BrokenPipeError):  # the reader has gone: end quietly
        sys.stdout.flush()
    with contextlib.suppress(OSError):
        sys.stderr.flush()
    os._exit(status)
