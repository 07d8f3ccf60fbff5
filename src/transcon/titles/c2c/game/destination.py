"""A destination run named by the player (D variant 3j; rules: docs/rules/18c2c.md "The
game"): ``destination REVENUE [TRAIN:]STOP,STOP... ... [unfold TRAIN]``.

The routes are checked and valued by the route engine like an ordinary run (D trains double
the corporation's own stations); one route must join the corporation's home and its
destination. ``unfold TRAIN`` runs that D train as the ordinary train of twice its number
(3D as a 6, ...), with no doubling: only on the route joining home and destination, and only
when no folded train of the corporation can make the run (the engine's search,
``eighteen/dtrains.destination_run``). ``destination`` alone is the engine's best run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from transcon.core.errors import IllegalAction, InputError
from transcon.eighteen.bridge import train_of
from transcon.eighteen.dtrains import (
    NOT_A_D_TRAIN,
    UNFOLD_NOT_DESTINATION,
    UNFOLD_NOT_NEEDED,
    UnfoldError,
    is_d_train,
)
from transcon.eighteen.dtrains import DestinationRun as DestinationRunFound
from transcon.eighteen.framework.actions import RunRoutes
from transcon.eighteen.framework.notation import format_action, parse_action
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.named_runs import check_named_run, realise_run
from transcon.eighteen.routes import Route, RouteError
from transcon.titles.c2c.game import track
from transcon.titles.c2c.game.actions import DestinationRun
from transcon.titles.c2c.game.routing import context_of, joined_by_track

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C

RULE_DESTINATION = "D variant 3j: destination run"
UNFOLDED = "unfolded"
"""Id suffix of the stand-in for an unfolded D train (``"8-unfolded"``: a 4D run as an 8)."""


def parse_destination(player: str, args: list[str]) -> DestinationRun:
    """``destination`` alone, or with a named run and an optional ``unfold TRAIN``."""
    if not args:
        return DestinationRun(player=player)
    unfold = ""
    if len(args) >= 2 and args[-2].lower() == "unfold":
        unfold, args = args[-1], args[:-2]
    run = parse_action(" ".join(["run", *args]), player)
    if not isinstance(run, RunRoutes) or not run.routes:
        raise InputError("destination REVENUE [TRAIN:]STOP,STOP... ... [unfold TRAIN]")
    return DestinationRun(
        player=player, revenue=run.revenue, routes=run.routes, trains=run.trains, unfold=unfold
    )


def format_destination(action: DestinationRun) -> str:
    if not action.routes:
        return "destination"
    run = RunRoutes(
        player=action.player, revenue=action.revenue, routes=action.routes, trains=action.trains
    )
    text = "destination" + format_action(run)[len("run") :]
    return text + (f" unfold {action.unfold}" if action.unfold else "")


def destination_found(title: TitleC2C, state: GameState, sym: str) -> DestinationRunFound | None:
    """The engine's best destination run (D variant 3j: one route joins home and
    destination; a D train unfolds only when no folded train can make it), or None when
    home or destination has no stop (memoised per position)."""
    from transcon.titles.c2c.routes import run_to_destination

    ctx = context_of(state, title.setup, title.phase(state).name)
    owned = tuple(state.corps[sym].trains)
    key = ("destination", sym, tuple(t.rsplit("-", 1)[0] for t in owned))
    if key not in ctx.memo:
        home, destination = title.home_and_destination(state, sym)
        board = track.map_of(title.setup)[0].board
        area = track.area_of(title.setup, destination)  # an off-board area: any hex
        found = None
        # a cheap reach test first: no track joining them rules the run out without the graph
        if joined_by_track(ctx, board, sym, home, area):
            graph = ctx.graph()
            owned_trains = [train_of(t) for t in owned]
            values = ctx.stop_values(graph, sym)
            found = run_to_destination(board, graph, sym, owned_trains, home, area, values=values)
        ctx.memo[key] = found
    got = ctx.memo[key]
    assert got is None or isinstance(got, DestinationRunFound)
    return got


def check_named_destination(
    title: TitleC2C, state: GameState, sym: str, action: DestinationRun
) -> int:
    """Check the destination run ``sym`` names and return its value (raises naming the
    rule; the state is not changed)."""
    ctx = context_of(state, title.setup, title.phase(state).name)
    owned = list(state.corps[sym].trains)
    trains = tuple(action.trains)
    stand_in = ""
    if action.unfold:
        if action.unfold not in owned:
            raise IllegalAction(RULE_DESTINATION, f"{sym} does not own train {action.unfold}")
        folded = train_of(action.unfold)
        if not is_d_train(folded):
            raise UnfoldError(NOT_A_D_TRAIN, "only a D train can be unfolded", action.unfold)
        assert folded.cities is not None
        stand_in = f"{2 * folded.cities}-{UNFOLDED}"
        owned = [stand_in if t == action.unfold else t for t in owned]
        trains = tuple(stand_in if t == action.unfold else t for t in trains)
    try:
        value = check_named_run(ctx, sym, owned, action.routes, trains, RULE_DESTINATION)
        graph, got = realise_run(ctx, sym, owned, action.routes, trains)
    except RouteError as err:
        raise IllegalAction(f"18C2C rules 4.7.3 {err.rule}", err.message) from None
    home, destination = title.home_and_destination(state, sym)
    area = track.area_of(title.setup, destination)  # an off-board area: any of its hexes

    def hex_of(stop: int) -> str:
        return graph.stops[stop].sig.rsplit("-", 1)[0]

    def joins(route: Route) -> bool:
        first, last = hex_of(route.stops[0]), hex_of(route.stops[-1])
        return (first == home and last in area) or (last == home and first in area)

    joining = [t for t, route in got if joins(route)]
    if not joining:
        raise IllegalAction(
            RULE_DESTINATION,
            f"no route named joins {sym}'s home {home} and its destination {'+'.join(area)}",
        )
    if stand_in:
        if stand_in not in joining:
            raise UnfoldError(
                UNFOLD_NOT_DESTINATION,
                "on a destination run only the train joining home and destination may unfold",
                action.unfold,
            )
        found = title.destination_found(state, sym)
        if found is not None and found.solution.feasible and found.unfolded is None:
            raise UnfoldError(
                UNFOLD_NOT_NEEDED,
                f"a folded train of {sym} can make the destination run, so the "
                f"{action.unfold} may not unfold",
                action.unfold,
            )
    if value != action.revenue:
        raise IllegalAction(
            RULE_DESTINATION, f"the routes named are worth {value}, not {action.revenue}"
        )
    return value


def best_named_destination(title: TitleC2C, state: GameState, sym: str) -> DestinationRun | None:
    """The engine's best destination run written as the player would name it (None when
    there is none)."""
    found = title.destination_found(state, sym)
    if found is None or not found.solution.feasible:
        return None
    ctx = context_of(state, title.setup, title.phase(state).name)
    graph = ctx.graph()
    owned = list(state.corps[sym].trains)
    unfold = ""
    routes: list[tuple[str, ...]] = []
    names: list[str] = []
    for route in found.solution.routes:
        if not route.stops:
            continue
        if " as " in route.train.name:  # the unfolded D train ("4D as 8")
            kind = route.train.name.split(" as ", 1)[0]
        else:
            kind = route.train.name
        train = next(t for t in owned if t.rsplit("-", 1)[0] == kind)
        owned.remove(train)
        if kind != route.train.name:
            unfold = train
        names.append(train)
        routes.append(tuple(graph.stops[s].sig for s in route.stops))
    return DestinationRun(
        player=state.corps[sym].president,
        revenue=int(found.solution.revenue),
        routes=tuple(routes),
        trains=tuple(names),
        unfold=unfold,
    )
