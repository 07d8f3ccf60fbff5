"""``transcon import-18xx``: replay a game recorded by 18xx.games with our 1870 engine.

The recorded log is filtered for undo/redo, translated action by action into our actions
(see :mod:`transcon.titles.t1870.importer.replay`) and replayed; the command reports how far it
got, the first divergence if any, and whether every player's final value matches the
recorded ``result``. With ``--save`` our game is written as an ordinary save file, so
``transcon status``/``replay --verify``/``log`` work on it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from transcon.cli.common import print_json, user_errors
from transcon.core.savefile import save_game


@user_errors
def import_18xx(
    fixture: Annotated[Path, typer.Argument(help="Game JSON recorded by 18xx.games.")],
    save: Annotated[
        Path | None, typer.Option("--save", help="Write our replayed game to this save file.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
    check_routes: Annotated[
        bool,
        typer.Option(
            "--check-routes",
            help="Play with check_routes on (imported runs name their routes anyway).",
        ),
    ] = False,
) -> None:
    """Translate and replay an 18xx.games 1870 game; compare the final result."""
    from transcon.titles.t1870.importer.replay import import_fixture  # 1870 loads when asked for

    report, game = import_fixture(fixture, check_routes=check_routes)
    if save is not None:
        save_game(game, save)
    data = report.as_dict()
    if as_json:
        print_json(data)
    else:
        print(
            f"{fixture.name}: {report.accepted} of {report.actions} recorded actions accepted "
            f"({report.applied} of our actions, {report.inserted} inserted turn ends); "
            f"game {'finished' if report.finished else 'not finished'}"
            + (f" ({report.end_reason})" if report.end_reason else "")
        )
        for name in report.recorded:
            ours = report.ours.get(name)
            mark = "ok" if ours == report.recorded[name] else "DIFFERS"
            print(f"  {name:12} ours {ours!s:>6}  recorded {report.recorded[name]:>6}  {mark}")
        print(f"result matches: {'yes' if report.result_matches else 'no'}")
        if report.divergence:
            print(
                f"first divergence at recorded action {report.divergence['id']}: "
                f"{report.divergence['reason']}"
            )
    if not report.result_matches:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add ``import-18xx`` to the top-level app."""
    app.command("import-18xx")(import_18xx)
