"""D trains (the 18C2C "D" variant, seed 001 3i-3k) and their unfolding.

A D train ``nD`` (3D, 4D, 5D, 6D) counts ``n`` stops and doubles every stop holding a token of
the running company (home, ordinary, destination and bull tokens, tokens in off-boards): it is
a :class:`~transcon.eighteen.trains.TrainType` with ``token_multiplier=2``
(``parse_train("4D")``), so the optimiser and both engines run it unchanged. Destination tokens
double nothing by themselves (seed 001 3j): a title's stop values must not add the 1870
destination doubling.

**Unfolding** (seed 001 3i, 3j, 3k): a D train may run as the ordinary train of twice its
number (3D as a 6, 4D as an 8, ...; it then runs exactly as that train, doubling nothing) only

* on a destination run, and only when the longer train is needed to make it
  (:func:`destination_run` unfolds only when no folded train can join home and destination;
  :func:`check_unfold` rejects an unfolded route that a folded train could replace), or
* to prove a transcontinental route (:mod:`transcon.eighteen.transcontinental`);

never for ordinary revenue. :class:`UnfoldError` names the clause.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from transcon.core.errors import IllegalAction
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.optimizer import Solution, optimize
from transcon.eighteen.routes import Route, StopValues, check_route
from transcon.eighteen.trains import Train, TrainType

Purpose = Literal["revenue", "destination", "transcontinental"]

UNFOLD_FOR_REVENUE = "3i-unfold-for-revenue"
UNFOLD_NOT_DESTINATION = "3j-unfold-not-destination"
UNFOLD_NOT_NEEDED = "3j-unfold-not-needed"
NOT_A_D_TRAIN = "3i-not-a-d-train"


class UnfoldError(IllegalAction):
    """An unfolded D train broke a D train rule (3i-3k); ``code`` is one of the codes above.
    The rule players see names the clause as they know it: ``D variant 3j: D train
    unfolding``."""

    def __init__(self, code: str, message: str, train: str = "") -> None:
        self.code = code
        self.train = train
        clause = code.split("-", 1)[0]
        where = f"train {train}: " if train else ""
        super().__init__(f"D variant {clause}: D train unfolding", where + message)


def is_d_train(train: Train) -> bool:
    """Whether ``train`` is a D train ``nD`` (counts n stops, doubles the company's tokens)."""
    return (
        isinstance(train, TrainType)
        and train.token_multiplier == 2
        and train.cities is not None
        and train.name.upper().endswith("D")
    )


def unfolded(train: Train) -> TrainType:
    """The ordinary train a D train unfolds into: twice its number, no doubling."""
    if not is_d_train(train):
        raise UnfoldError(NOT_A_D_TRAIN, "only a D train can be unfolded", train.name)
    assert isinstance(train, TrainType) and train.cities is not None
    return TrainType(f"{train.name} as {2 * train.cities}", 2 * train.cities)


@dataclass(frozen=True, slots=True)
class DestinationRun:
    """The best destination run and which train (index into the trains given), if any, ran
    unfolded to make it."""

    solution: Solution
    unfolded: int | None


def _joins(route: Route, home: int, destination: int) -> bool:
    return {route.stops[0], route.stops[-1]} == {home, destination}


def destination_run(
    graph: TrackGraph,
    company: str,
    trains: Sequence[Train],
    values: StopValues,
    home: int,
    destination: int,
    *,
    engine: str | None = None,
) -> DestinationRun:
    """The best run of ``trains`` in which one route joins ``home`` and ``destination`` (seed
    001 3j). Folded trains first; only when none can make the run is one D train unfolded
    (each D train type is tried; the best total wins). ``solution.feasible`` is False when
    even unfolding cannot make the run."""
    connect = (home, destination)
    folded = optimize(graph, company, trains, values, connect=connect, engine=engine)
    if folded.feasible:
        return DestinationRun(folded, None)
    best: DestinationRun | None = None
    tried: set[str] = set()
    for i, train in enumerate(trains):
        if not is_d_train(train) or train.name in tried:
            continue
        tried.add(train.name)
        trial = [*trains[:i], unfolded(train), *trains[i + 1 :]]
        sol = optimize(graph, company, trial, values, connect=connect, engine=engine)
        if sol.feasible and (best is None or sol.revenue > best.solution.revenue):
            best = DestinationRun(sol, i)
    return best if best is not None else DestinationRun(folded, None)


def check_unfold(
    graph: TrackGraph,
    company: str,
    route: Route,
    folded: Train,
    purpose: Purpose,
    destination: tuple[int, int] | None = None,
) -> None:
    """Check a route run by ``folded`` unfolded (``route.train`` is the unfolded train):
    allowed only for a destination run that needs it or a transcontinental proof. Raises
    :class:`UnfoldError` naming the clause, or ``RouteError`` for a route that is not valid
    for the unfolded train."""
    name = folded.name
    if not is_d_train(folded):
        raise UnfoldError(NOT_A_D_TRAIN, "only a D train can be unfolded", name)
    if purpose == "revenue":
        raise UnfoldError(
            UNFOLD_FOR_REVENUE,
            "a D train may be unfolded only for a destination run or to prove a "
            "transcontinental route, never for ordinary revenue",
            name,
        )
    check_route(graph, company, route)
    if purpose == "transcontinental":
        return
    if destination is None or not _joins(route, *destination):
        raise UnfoldError(
            UNFOLD_NOT_DESTINATION,
            "on a destination run only the train joining home and destination may be unfolded",
            name,
        )
    ones = StopValues((1,) * len(graph.stops), (0,) * len(graph.stops))
    if optimize(graph, company, [folded], ones, connect=destination).feasible:
        raise UnfoldError(
            UNFOLD_NOT_NEEDED,
            f"the {name} can make this destination run without unfolding, so it may not unfold",
            name,
        )
