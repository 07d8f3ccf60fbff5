"""``transcon analyze TITLE``: how much is luck? (see docs/analysis.md)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from transcon.cli.common import user_errors
from transcon.cli.game_cmds import OptionArgs, Seed, TitleName
from transcon.core.errors import InputError
from transcon.core.options import parse_option_args, split_option_arg
from transcon.core.registry import get_title

Count = Annotated[int, typer.Option(min=0)]


def register(app: typer.Typer) -> None:
    app.command("analyze")(analyze_command)


def _levels(text: str) -> tuple[float, ...]:
    try:
        levels = tuple(float(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise InputError(f"--noise: expected numbers like 0.05,0.2, got {text!r}") from None
    if any(not 0 < x <= 1 for x in levels):
        raise InputError(f"--noise: levels must be in (0, 1], got {text!r}")
    return levels


@user_errors
def analyze_command(
    title: TitleName,
    out: Annotated[
        Path, typer.Option("--out", help="Folder for the report, its plots and results.")
    ] = Path("analysis"),
    results: Annotated[
        Path | None,
        typer.Option("--results", help="Results CSV (default OUT/TITLE-games.csv); resumed."),
    ] = None,
    seat_games: Annotated[int, typer.Option("--seat-games", min=0)] = 40,
    skill_games: Annotated[
        int, typer.Option("--skill-games", min=0, help="Games per opponent kind.")
    ] = 20,
    dice_seeds: Annotated[int, typer.Option("--dice-seeds", min=0)] = 6,
    decision_seeds: Annotated[int, typer.Option("--decision-seeds", min=0)] = 4,
    noise: Annotated[
        str, typer.Option("--noise", help="Random-move probabilities of the skill opponents.")
    ] = "0.05,0.2,0.5",
    luck_noise: Annotated[
        float,
        typer.Option(
            "--luck-noise", min=0, max=1, help="Random-move probability in the luck grid."
        ),
    ] = 0.1,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary", help="Compare option values: name=a,b (repeatable).", show_default=False
        ),
    ] = None,
    option: OptionArgs = None,
    no_presets: Annotated[
        bool, typer.Option("--no-presets", help="Skip the title's own comparison settings.")
    ] = False,
    report_only: Annotated[
        bool,
        typer.Option("--report-only", help="Play nothing: report on the games already played."),
    ] = False,
    players: Annotated[int | None, typer.Option("--players", "-p", min=1)] = None,
    seed: Seed = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Local processes playing games.")
    ] = 1,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            help="Run games as Ray tasks: 'local' starts Ray here; else a cluster address "
            "(ray://HEAD:10001 or auto). Needs pip install -e '.[scale]'.",
        ),
    ] = None,
) -> None:
    """Balance and luck: seat advantage, skill signal, luck share and option effects."""
    the_title = get_title(title)
    base = dict(parse_option_args(the_title.options, option or [], title=the_title.name))
    varied = []
    for text in vary or []:
        name, values = split_option_arg(text)
        typed = [
            parse_option_args(the_title.options, [f"{name}={v}"], title=the_title.name)[name]
            for v in values.split(",")
        ]
        varied.append((name, typed))
    # Imported here: the analysis pulls in numpy and matplotlib, which every other command
    # would otherwise pay for at start-up.
    from transcon.analysis.analyze import AnalysisRun, analyze
    from transcon.analysis.design import Sizes

    sizes = Sizes(seat_games, skill_games, dice_seeds, decision_seeds, _levels(noise), luck_noise)
    run = AnalysisRun(
        results=results or out / f"{the_title.name}-games.csv",
        report_folder=out,
        # (--report-only left out: the command reproduces the report either way)
        command="transcon analyze " + shlex.join(a for a in sys.argv[2:] if a != "--report-only"),
        workers=workers,
        use_ray=ray is not None,
        ray_address=None if ray in (None, "local") else ray,
        progress=sys.stderr.isatty(),
        play=not report_only,
    )
    answers = analyze(
        the_title.name,
        sizes,
        run,
        options=base,
        vary=varied,
        presets=not no_presets,
        seed=seed,
        players=players,
    )
    for a in answers:
        luck = a.luck.luck.text(percent=True) if a.luck else "n/a"
        print(f"{a.setting}: {a.games} games ({a.errors} errors), luck share {luck}")
    print(f"Report: {out / (the_title.name + '.md')}; results: {run.results}")
