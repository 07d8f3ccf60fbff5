"""The route oracle on recorded 18xx.games 1870 games, and optimal runs of saved games.

* :func:`oracle`: at every effective ``run_routes`` of a recorded game, the optimal revenue of
  the running company's trains (:func:`transcon.eighteen.optimizer.optimize`) compared with what
  the players ran (never below); :func:`run_positions` yields those positions.
* :func:`show_svg`: the board at one of those positions as an 18xx map
  (:mod:`transcon.titles.t1870.game.render`) with the optimal routes along the track they use;
  :func:`game_svg` the same for the current position of a saved 1870 game.

Both replay the game with our engine (:func:`~transcon.titles.t1870.fixture.recorded_runs`). The
running company's trains are the trains of the recorded run. A run right after the company's
``choose`` is a *connection run* (1870-base.md §8.4): one route must visit both the home city
and the destination, and the optimum is taken under that constraint.

The commands ``transcon routes optimize-18xx`` and ``transcon routes show`` are
:mod:`transcon.cli.routes_optimize`.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from transcon.core.errors import InputError
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.optimizer import Solution, optimize
from transcon.eighteen.routes import Route, StopValues, check_routes
from transcon.eighteen.trains import Train, parse_train
from transcon.render.svg import Overlay
from transcon.titles.t1870.fixture import Action, effective_actions, recorded_runs
from transcon.titles.t1870.game.runs import home_and_destination
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.position import Position1870


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


def run_positions(game: dict[str, Any]) -> Iterator[RunPosition]:
    """Every effective ``run_routes`` of ``game`` with the position before it is applied
    (our engine's replay, :func:`~transcon.titles.t1870.fixture.recorded_runs`)."""
    connections = connection_run_ids(effective_actions(game["actions"]))
    for run in recorded_runs(game).runs:
        action, company, pos = run.action, run.company, run.position
        graph = run.context.graph()
        records = action.get("routes", [])
        trains: list[Train] = [
            parse_train(str(r.get("train", "?")).rsplit("-", 1)[0]) for r in records
        ]
        connection = int(action.get("id", 0)) in connections
        connect = home_and_destination(graph, pos, company) if connection else None
        yield RunPosition(
            action,
            company,
            trains,
            sum(int(r.get("revenue", 0)) for r in records),
            connection,
            connect,
            graph,
            run.context.stop_values(graph, company),
            pos,
        )


def route_text(graph: TrackGraph, route: Route) -> str:
    return "-".join(graph.stops[s].sig.rsplit("-", 1)[0] for s in route.stops)


def solve(run: RunPosition) -> Solution:
    """The optimum at ``run`` (checked with the route engine's validator)."""
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
    """The optimal run of one company at the current position of a saved 1870 game.

    ``solution`` is None when there is no run to draw (no company named and none operating,
    or a company without trains or stations): ``note`` says why, and ``best`` lists every
    company's optimal revenue when no company was named."""

    company: str
    position: Position1870
    graph: TrackGraph
    solution: Solution | None
    note: str = ""
    best: dict[str, int] = field(default_factory=dict)


def game_run(path: Path, company: str | None = None) -> GameRun:
    """Solve the run of ``company`` (default: the operating company, or the one making its
    connection run) in a saved 1870 game, with all its trains."""
    from transcon.core.savefile import load_game
    from transcon.eighteen.framework.title import EighteenTitle
    from transcon.titles.t1870.game.routing import context_of

    if not path.is_file():
        raise InputError(f"{path}: no such save file")
    game = load_game(path)
    title, state = game.title, game.state
    if title.name != "1870" or not isinstance(title, EighteenTitle):
        raise InputError(f"{path}: a {title.name} game, not 1870")
    ctx = context_of(state, title.phase(state).name)
    position, graph = ctx.position, ctx.graph()
    if company is None:
        op = state.operating
        if state.round != "operating" or op.index >= len(op.order):
            best = {
                sym: _optimum(state, ctx, sym).revenue
                for sym in state.corps
                if _run_problem(state, sym) is None
            }
            when = {"over": "the game is over", "auction": "the initial auction"}.get(
                state.round, f"a {state.round} round"
            )
            note = f"{when}: no company is operating; name one with --company to draw its routes"
            return GameRun("", position, graph, None, note, best)
        # a connection run interrupts the turn
        company = state_1870(state).connection or op.order[op.index]
    if company not in state.corps:
        raise InputError(f"unknown company {company!r} (have: {', '.join(state.corps)})")
    problem = _run_problem(state, company)
    if problem is not None:
        return GameRun(company, position, graph, None, f"{problem}: no routes to draw")
    return GameRun(company, position, graph, _optimum(state, ctx, company))


def _run_problem(state: Any, company: str) -> str | None:
    """Why ``company`` has no run to solve now, or None."""
    corp = state.corps[company]
    if corp.closed or not corp.tokens:
        return f"{company} has no station on the map"
    if not corp.trains:
        return f"{company} has no trains"
    return None


def _optimum(state: Any, ctx: Any, company: str) -> Solution:
    """``company``'s optimal run now with all its trains (a connection run: one route joins
    home and destination, 1870-base.md §8.4)."""
    graph, position = ctx.graph(), ctx.position
    trains = [parse_train(t.rsplit("-", 1)[0]) for t in state.corps[company].trains]
    connect = (
        home_and_destination(graph, position, company)
        if state.round == "operating" and state_1870(state).connection == company
        else None
    )
    values = ctx.stop_values(graph, company)
    sol = optimize(graph, company, trains, values, connect=connect)
    check_routes(graph, company, [r for r in sol.routes if r.stops])
    return sol


def game_svg(path: Path, company: str | None = None) -> tuple[str, GameRun]:
    """The current position of a saved game with the company's optimal routes (or the map
    alone when there is no run to draw), as SVG."""
    from transcon.titles.t1870.game.render import position_svg

    run = game_run(path, company)
    sol = run.solution
    if sol is None:
        caption = f"{run.note}; phase {run.position.phase}"
        return position_svg(run.position, Overlay(caption=caption)), run
    trains = ", ".join(r.train.name for r in sol.routes)
    caption = f"{run.company} [{trains}]: optimal {sol.revenue}, phase {run.position.phase}"
    overlay = routes_overlay(run.position, run.graph, sol, caption)
    return position_svg(run.position, overlay), run
