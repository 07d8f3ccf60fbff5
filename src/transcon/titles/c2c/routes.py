"""18C2C runs in the D variant: stop values, destination runs, transcontinental proofs.

Stop values are the printed ones (off-boards: the value of the phase's step). Destination
tokens do not double anything (seed 001 3j); D trains double every stop with the company's
token (3i), which the train itself does (``parse_train("4D")``). The coasts of a
transcontinental route are the map's ``coast:west`` and ``coast:east`` regions (assumed,
docs/rules/18c2c.md "Transcontinental"). An off-board area of several hexes is one stop
(:func:`group_offboard_areas`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from transcon.core.board import Board
from transcon.core.hexgrid import Hex
from transcon.eighteen.dtrains import DestinationRun, destination_run
from transcon.eighteen.graph import Stop, TrackGraph
from transcon.eighteen.routes import StopValues
from transcon.eighteen.trains import Train
from transcon.eighteen.transcontinental import Proof, prove_transcontinental


def stop_values(graph: TrackGraph, bonus: Mapping[Hex, int] | None = None) -> StopValues:
    """Every stop's value: the printed value (no destination doubling: seed 001 3j) plus the
    ``bonus`` of its hex (the base privates' bonus tokens)."""
    n = len(graph.stops)
    extra = bonus or {}
    return StopValues(tuple(s.value + extra.get(s.hex, 0) for s in graph.stops), (0,) * n)


def group_offboard_areas(board: Board, graph: TrackGraph) -> None:
    """Make the hexes of each multi-hex off-board area (the map's ``area`` of an off-board
    site: Mexico City, Vancouver/Alaska) one stop group: a route visits an area at most once."""

    def area(stop: Stop) -> str | None:
        site = board.info(stop.hex).site
        if site is None or site.kind != "offboard":
            return None
        got = site.data.get("area")
        return str(got) if got is not None else None

    graph.set_stop_groups(area)


def coast_stops(board: Board, graph: TrackGraph) -> tuple[set[int], set[int]]:
    """The stop ids on the west coast and on the east coast."""
    west, east = board.region("coast:west"), board.region("coast:east")
    return (
        {s.id for s in graph.stops if s.hex in west},
        {s.id for s in graph.stops if s.hex in east},
    )


def transcontinental(
    board: Board,
    graph: TrackGraph,
    company: str,
    trains: Sequence[Train],
    engine: str | None = None,
) -> Proof | None:
    """A proving route coast to coast for ``company`` (seed 001 3k; D trains may unfold)."""
    west, east = coast_stops(board, graph)
    return prove_transcontinental(graph, company, trains, west, east, engine=engine)


def run_to_destination(
    board: Board,
    graph: TrackGraph,
    company: str,
    trains: Sequence[Train],
    home: str,
    destination: Sequence[str],
    engine: str | None = None,
    values: StopValues | None = None,
) -> DestinationRun | None:
    """The best destination run (seed 001 3j) from the home station to the destination, or
    None when either has no stop. A destination of several hexes (an off-board area, one
    off-board: seed 001 2a) is reached at any of them: the best run to any hex, a D train
    unfolded only when no folded train can reach any of them."""
    stops = {board.label(s.hex): s.id for s in graph.stops if s.index == 0}
    ends = [stops[d] for d in destination if d in stops]
    if home not in stops or not ends:
        return None
    worth = values or stop_values(graph)
    runs = [
        destination_run(graph, company, trains, worth, stops[home], end, engine=engine)
        for end in ends
    ]

    def preference(run: DestinationRun) -> tuple[bool, bool, int]:
        feasible = run.solution.feasible
        return (feasible, feasible and run.unfolded is None, run.solution.revenue)

    return max(runs, key=preference)
