"""Start-up of the ``transcon`` command: every command pays for what the command line module
imports, so heavy libraries and other titles load only in the commands that need them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import typer
from typer.main import get_command_name
from typer.testing import CliRunner

from transcon.cli.main import app, app_running

HEAVY = ("matplotlib", "numpy", "transcon.titles.t1870", "transcon.analysis")


def test_the_command_line_imports_no_heavy_module() -> None:
    probe = (
        "import sys, transcon.cli.main\n"
        f"print(sorted({{m.split('.')[0] if m.startswith(('matplotlib', 'numpy')) else m"
        f" for m in sys.modules if m.startswith({HEAVY!r})}}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]", f"imported at start-up: {out.strip()}"


def _console(code: str) -> subprocess.CompletedProcess[str]:
    """Run the console-script entry point (``main``) in a fresh interpreter after ``code``."""
    probe = f"{code}\nfrom transcon.cli.main import main\nmain()\n"
    # Buffered output, as on a user's machine (the flush at the end is what is tested).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)


def test_the_command_ends_with_its_status_its_whole_output_and_its_exit_handlers() -> None:
    # main() ends the process without the interpreter's teardown (os._exit): the output
    # must still be flushed whole, the status kept and the exit handlers run.
    shown = _console(
        "import atexit, sys\n"
        "atexit.register(lambda: print('exit handler ran'))\n"
        "sys.argv = ['transcon', 'map', 'show', 'rotw-usa', '--json']"
    )
    assert shown.returncode == 0 and shown.stderr == ""
    document, _, last = shown.stdout.rpartition("}\n")
    assert last == "exit handler ran\n"
    assert json.loads(document + "}")["name"] == "rotw-usa"
    refused = _console("import sys\nsys.argv = ['transcon', 'status', 'no-such-file.json']")
    assert refused.returncode == 2 and refused.stderr.startswith("error: ")


def _names(app: typer.Typer) -> list[str]:
    commands = [c.name or get_command_name(c.callback.__name__) for c in app.registered_commands]
    return commands + [str(g.name) for g in app.registered_groups]


def test_only_the_command_that_runs_is_made() -> None:
    # Typer makes every command's options from its signature at each start: only the one
    # that runs is made; no command, an option first or a misspelt command see them all.
    every = _names(app)
    assert len(every) > 15
    assert _names(app_running(["legal", "game.json", "--all"])) == ["legal"]
    assert _names(app_running(["map", "show", "demo"])) == ["map"]
    for words in ([], ["--help"], ["--version"], ["lgeal", "game.json"]):
        assert app_running(words) is app


def test_a_command_alone_has_the_help_it_has_among_all() -> None:
    for name in _names(app):
        alone = CliRunner().invoke(app_running([name]), [name, "--help"])
        among = CliRunner().invoke(app, [name, "--help"])
        assert alone.exit_code == among.exit_code == 0, name
        assert alone.output == among.output, name
