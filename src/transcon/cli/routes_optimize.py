"""``transcon routes optimize-18xx`` and ``transcon routes show``: the exact route optimiser on
recorded 18xx.games 1870 games and saved 1870 games (the work is
:mod:`transcon.titles.t1870.oracle`).

* ``optimize-18xx FIXTURE.json``: at every effective ``run_routes`` of the game, the optimal
  revenue of the running company's trains compared with what the players ran (never below).
* ``show FIXTURE.json --action ID -o out.svg|png``: the 1870 board at that position with the
  optimal routes highlighted; ``show --game SAVE.json [--company SYM]`` does the same for the
  current position of a saved 1870 game.

Register the commands on the ``routes`` group with :func:`register`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from transcon.cli.common import print_json, user_errors
from transcon.core.errors import InputError


def optimize_18xx(
    fixture: Annotated[Path, typer.Argument(help="A game recorded by 18xx.games (1870), JSON.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    action: Annotated[
        list[int] | None,
        typer.Option("--action", help="Only these run_routes action ids (repeatable)."),
    ] = None,
) -> None:
    """Optimal revenue at every recorded run, compared with what the players ran."""
    from transcon.titles.t1870.fixture import load_fixture  # 1870 loads only when asked for
    from transcon.titles.t1870.oracle import oracle

    game = load_fixture(fixture)
    try:
        report = oracle(game, only=set(action) if action else None)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise InputError(
            f"{fixture}: malformed game record ({type(err).__name__}: {err})"
        ) from None
    if json_out:
        print_json(report)
        return
    print(
        f"{fixture}: {report['positions']} positions ({report['connection_runs']} connection "
        f"runs): {report['below_recorded']} below, {report['equal']} equal, "
        f"{report['above_recorded']} above the recorded revenue; solve median "
        f"{report['median_ms']} ms, p90 {report['p90_ms']} ms, max {report['max_ms']} ms, "
        f"total {report['total_s']} s"
    )
    for r in report["records"]:
        if r["status"] != "equal":
            conn = " (connection run)" if r["connection_run"] else ""
            print(
                f"  action {r['action']} {r['company']}{conn}: optimal {r['optimal']} vs "
                f"recorded {r['recorded']}: {'; '.join(r['routes'])}"
            )


def show(
    fixture: Annotated[
        Path | None,
        typer.Argument(help="A game recorded by 18xx.games (1870), JSON (with --action)."),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("-o", "--out", help="Output file (.svg or .png).")
    ] = None,
    action: Annotated[
        int | None, typer.Option("--action", help="The run_routes action id (with FIXTURE).")
    ] = None,
    game: Annotated[
        Path | None, typer.Option("--game", help="A saved 1870 game: its current position.")
    ] = None,
    company: Annotated[
        str | None,
        typer.Option(
            "--company", help="With --game: the company (default: the operating company)."
        ),
    ] = None,
    scale: Annotated[float, typer.Option(help="PNG scale factor.")] = 1.0,
) -> None:
    """Draw a position as an 18xx map with a company's optimal routes highlighted: before a
    recorded run (FIXTURE --action ID) or now in a saved game (--game SAVE [--company SYM])."""
    from transcon.render.png import write_image  # 1870 loads only when asked for
    from transcon.titles.t1870.fixture import load_fixture
    from transcon.titles.t1870.oracle import game_svg, route_text, show_svg

    if out is None:
        raise InputError("name the output file with -o OUT.png (or .svg)")
    if (fixture is None) == (game is None):
        raise InputError("give either FIXTURE --action ID or --game SAVE.json")
    if game is not None:
        if action is not None:
            raise InputError("--action goes with a FIXTURE, not with --game")
        svg, grun = game_svg(game, company)
        path = write_image(svg, out, scale)
        if grun.solution is None:
            print(f"{path}: the map; {grun.note}")
            if grun.best:
                best = ", ".join(f"{sym} {value}" for sym, value in grun.best.items())
                print(f"  optimal runs now: {best}")
            return
        print(f"{path}: {grun.company} optimal {grun.solution.revenue}")
        graph, sol = grun.graph, grun.solution
    else:
        assert fixture is not None
        if action is None:
            raise InputError("FIXTURE needs --action ID (a run_routes action id)")
        if company is not None:
            raise InputError("--company goes with --game (a fixture run names its company)")
        svg, sol, run = show_svg(load_fixture(fixture), action)
        path = write_image(svg, out, scale)
        print(f"{path}: {run.company} optimal {sol.revenue} (recorded {run.recorded})")
        graph = run.graph
    for route, value in zip(sol.routes, sol.values, strict=True):
        if route.stops:
            print(f"  {route.train.name}: {route_text(graph, route)} = {value}")


def register(routes_app: typer.Typer) -> None:
    """Add ``optimize-18xx`` and ``show`` to the ``routes`` command group."""
    routes_app.command("optimize-18xx")(user_errors(optimize_18xx))
    routes_app.command("show")(user_errors(show))
