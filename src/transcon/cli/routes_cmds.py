"""``transcon routes ...``: the 18xx route engine from the command line."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from transcon.cli.common import print_json, user_errors

routes_app = typer.Typer(help="Check and value 18xx train routes.", no_args_is_help=True)


@routes_app.command("check-18xx")
@user_errors
def check_18xx(
    fixture: Annotated[Path, typer.Argument(help="A game recorded by 18xx.games (1870), JSON.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Replay a recorded 1870 game; check every route and recompute its revenue."""
    from transcon.titles.t1870.fixture import check_fixture  # 1870 loads only when asked for

    start = time.perf_counter()
    report = check_fixture(fixture)
    seconds = round(time.perf_counter() - start, 3)
    if json_out:
        print_json({**report.as_dict(), "seconds": seconds})
        return
    print(
        f"{fixture}: {report.routes} routes in {report.run_actions} runs: "
        f"{report.accepted} accepted, {report.revenue_matches} revenue matches "
        f"({seconds}s)"
    )
    for m in report.mismatches:
        print(f"  action {m.action} {m.company} train {m.train} {m.route}: {m.kind}: {m.reason}")
    for note in report.notes:
        print(f"  note: {note}")
