"""``transcon routes optimize-18xx`` and ``transcon routes show``: the exact route optimiser on
recorded 18xx.games 1870 games.

* ``optimize-18xx FIXTURE.json``: at every effective ``run_routes`` of the game, compute the
  optimal revenue of the running company's trains (:func:`transcon.eighteen.optimizer.optimize`)
  and compare it with what the players ran (the oracle: never below).
* ``show FIXTURE.json --action ID -o out.svg|png``: draw the 1870 board at that position as an
  18xx map (:mod:`transcon.titles.t1870.game.render`) with the optimal routes highlighted
  along the track they use, a legend and a caption; ``show --game SAVE.json [--company SYM]``
  does the same for the current position of a saved 1870 game.

Both replay the game with ROUTES' :class:`~transcon.titles.t1870.fixture.Replay1870`. The
running company's trains are the trains of the recorded run. A run right after the company's
``choose`` is a *connection run* (1870-base.md §8.4): one route must visit both the home city
and the destination, and the optimum is taken under that constraint.

Register the commands on the ``routes`` group with :func:`register`.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from transcon.cli.common import print_json, user_errors
from transcon.core.errors import InputError
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.optimizer import Solution, optimize
from transcon.eighteen.routes import Route, StopValues, check_routes
from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import Train, parse_train
from transcon.render.png import write_image
from transcon.render.svg import Overlay
from transcon.titles.t1870.data import COMPANIES
from transcon.titles.t1870.fixture import Action, Replay1870, load_fixture
from transcon.titles.t1870.position import Position1870
from transcon.titles.t1870.revenue import stop_values


@dataclass(slots=True)
class RunPosition:
    """One effective ``run_routes`` of a recorded game, ready for the optimiser."""

    action: Action
    company: str
    trains: list[Train]
    recorded: int
    connection: bool
    connect: tuple[int, int] | None
    graph: TrackGraph
    values: StopValues
    position: Position1870


def connection_run_ids(actions: list[Action]) -> set[int]:
    """Ids of the ``run_routes`` that are 1870 connection runs: those right after the same
    company's ``choose`` (Map or Charter), per the fixture README."""
    out = set()
    for prev, a in itertools.pairwise(actions):
        if (
            a.get("type") == "run_routes"
            and prev.get("type") == "choose"
            and prev.get("entity") == a.get("entity")
        ):
            out.add(int(a.get("id", 0)))
    return out


def _home_and_destination(
    graph: TrackGraph, position: Position1870, company: str
) -> tuple[int, int] | None:
    info = COMPANIES.get(company)
    if info is None:
        return None
    out = []
    for label in (info.home, info.destination):
        stops = [s.id for s in graph.stops_in(position.hex(label)) if s.kind is not NodeKind.TOWN]
        if not stops:
            return None
        out.append(stops[0])
    return out[0], out[1]


def run_positions(game: dict[str, Any]) -> Iterator[RunPosition]:
    """Every effective ``run_routes`` of ``game`` with the position before it is applied."""
    replay = Replay1870(game)
    connections = connection_run_ids(replay.actions)
    for action in replay.run():
        company = str(action["entity"])
        pos = replay.position
        graph = pos.graph()
        records = action.get("routes", [])
        trains: list[Train] = [
            parse_train(str(r.get("train", "?")).rsplit("-", 1)[0]) for r in records
        ]
        connection = int(action.get("id", 0)) in connections
        connect = _home_and_destination(graph, pos, company) if connection else None
        yield RunPosition(
            action,
            company,
            trains,
            sum(int(r.get("revenue", 0)) for r in records),
            connection,
            connect,
            graph,
            stop_values(graph, company, pos),
            pos,
        )


def route_text(graph: TrackGraph, route: Route) -> str:
    return "-".join(graph.stops[s].sig.rsplit("-", 1)[0] for s in route.stops)


def solve(run: RunPosition) -> Solution:
    """The optimum at ``run`` (checked with ROUTES' validator)."""
    sol = optimize(run.graph, run.company, run.trains, run.values, connect=run.connect)
    check_routes(run.graph, run.company, list(sol.routes))
    return sol


def _percentile(sorted_ms: list[float], q: float) -> float:
    if not sorted_ms:
        return 0.0
    idx = min(len(sorted_ms) - 1, max(0, round(q * (len(sorted_ms) - 1))))
    return round(sorted_ms[idx], 3)


def oracle(game: dict[str, Any], *, only: set[int] | None = None) -> dict[str, Any]:
    """Optimal versus recorded revenue at every run (or the action ids in ``only``)."""
    records: list[dict[str, Any]] = []
    times: list[float] = []
    counts = {"below_recorded": 0, "equal": 0, "above_recorded": 0}
    conn = 0
    for run in run_positions(game):
        aid = int(run.action.get("id", 0))
        if only is not None and aid not in only:
            continue
        start = time.perf_counter()
        sol = solve(run)
        ms = (time.perf_counter() - start) * 1000
        times.append(ms)
        status = (
            "equal"
            if sol.revenue == run.recorded
            else "above_recorded"
            if sol.revenue > run.recorded
            else "below_recorded"
        )
        counts[status] += 1
        conn += run.connection
        records.append(
            {
                "action": aid,
                "company": run.company,
                "trains": [t.name for t in run.trains],
                "recorded": run.recorded,
                "optimal": sol.revenue,
                "status": status,
                "connection_run": run.connection,
                "feasible": sol.feasible,
                "routes": [route_text(run.graph, r) for r in sol.routes],
                "route_values": list(sol.values),
                **sol.stats.as_dict(),
            }
        )
    times.sort()
    return {
        "positions": len(records),
        **counts,
        "connection_runs": conn,
        "median_ms": round(statistics.median(times), 3) if times else 0.0,
        "p90_ms": _percentile(times, 0.9),
        "max_ms": round(max(times, default=0.0), 3),
        "total_s": round(sum(times) / 1000, 3),
        "records": records,
    }


def routes_overlay(
    position: Position1870, graph: TrackGraph, sol: Solution, caption: str
) -> Overlay:
    """The optimal routes drawn over the track they use, a legend and a caption."""
    from transcon.titles.t1870.game.render import route_legend, routes_art

    routes = [r for r in sol.routes if r.stops]
    values = [v for r, v in zip(sol.routes, sol.values, strict=True) if r.stops]
    return Overlay(
        art=routes_art(position, graph, routes),
        legend=route_legend(graph, routes, values),
        caption=caption,
    )


def show_svg(game: dict[str, Any], action_id: int) -> tuple[str, Solution, RunPosition]:
    """The board at run ``action_id`` with its optimal routes, as SVG."""
    from transcon.titles.t1870.game.render import position_svg

    for run in run_positions(game):
        if int(run.action.get("id", 0)) == action_id:
            break
    else:
        raise InputError(f"action {action_id} is not an effective run_routes of this game")
    sol = solve(run)
    trains = ", ".join(r.train.name for r in sol.routes)
    caption = (
        f"action {action_id} {run.company} [{trains}]: optimal {sol.revenue} "
        f"(recorded {run.recorded})"
    )
    overlay = routes_overlay(run.position, run.graph, sol, caption)
    return position_svg(run.position, overlay), sol, run


@dataclass(slots=True)
class GameRun:
    """The optimal run of one company at the current position of a saved 1870 game."""

    company: str
    position: Position1870
    graph: TrackGraph
    solution: Solution


def game_run(path: Path, company: str | None = None) -> GameRun:
    """Solve the run of ``company`` (default: the operating company, or the one making its
    connection run) in a saved 1870 game, with all its trains."""
    from transcon.core.savefile import load_game
    from transcon.eighteen.framework.title import EighteenTitle
    from transcon.titles.t1870.game.routing import position_of

    if not path.is_file():
        raise InputError(f"{path}: no such save file")
    game = load_game(path)
    title, state = game.title, game.state
    if title.name != "1870" or not isinstance(title, EighteenTitle):
        raise InputError(f"{path}: a {title.name} game, not 1870")
    if company is None:
        op = state.operating
        if state.round != "operating" or op.index >= len(op.order):
            raise InputError(f"{path}: no company is operating now; name one with --company")
        company = op.connection or op.order[op.index]  # a connection run interrupts the turn
    corp = state.corps.get(company)
    if corp is None:
        raise InputError(f"unknown company {company!r} (have: {', '.join(state.corps)})")
    if corp.closed or not corp.tokens:
        raise InputError(f"{company} has no station on the map")
    if not corp.trains:
        raise InputError(f"{company} has no trains")
    position = position_of(state, title.phase(state).name)
    graph = position.graph()
    trains = [parse_train(t.rsplit("-", 1)[0]) for t in corp.trains]
    # a connection run (1870-base.md §8.4): one route must join home and destination
    connect = (
        _home_and_destination(graph, position, company)
        if state.round == "operating" and state.operating.connection == company
        else None
    )
    values = stop_values(graph, company, position)
    sol = optimize(graph, company, trains, values, connect=connect)
    check_routes(graph, company, [r for r in sol.routes if r.stops])
    return GameRun(company, position, graph, sol)


def game_svg(path: Path, company: str | None = None) -> tuple[str, GameRun]:
    """The current position of a saved game with the company's optimal routes, as SVG."""
    from transcon.titles.t1870.game.render import position_svg

    run = game_run(path, company)
    sol = run.solution
    trains = ", ".join(r.train.name for r in sol.routes)
    caption = f"{run.company} [{trains}]: optimal {sol.revenue}, phase {run.position.phase}"
    overlay = routes_overlay(run.position, run.graph, sol, caption)
    return position_svg(run.position, overlay), run


def optimize_18xx(
    fixture: Annotated[Path, typer.Argument(help="A game recorded by 18xx.games (1870), JSON.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    action: Annotated[
        list[int] | None,
        typer.Option("--action", help="Only these run_routes action ids (repeatable)."),
    ] = None,
) -> None:
    """Optimal revenue at every recorded run, compared with what the players ran."""
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
    if out is None:
        raise InputError("name the output file with -o OUT.png (or .svg)")
    if (fixture is None) == (game is None):
        raise InputError("give either FIXTURE --action ID or --game SAVE.json")
    if game is not None:
        if action is not None:
            raise InputError("--action goes with a FIXTURE, not with --game")
        svg, grun = game_svg(game, company)
        path = write_image(svg, out, scale)
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
