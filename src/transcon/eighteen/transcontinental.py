"""Proving a transcontinental route (the 18C2C D variant, seed 001 3k).

A company proves a transcontinental route when one of its trains could run a legal route that
visits a stop on each coast. It need not run it (seed 001 3k), and a D train may be unfolded
for the proof (3D as a 6, ...). Which stops are "the coasts" is the title's data (18C2C:
docs/rules/18c2c.md, "Transcontinental").

Search: for each east-coast stop ``e`` and each train (D trains unfolded; a folded D train
never reaches further), the best single route is found with ``e`` worth ``BIG``, west-coast
stops worth 1 and every other stop 0, so a route is worth more than ``BIG`` exactly when it
visits ``e`` and a west-coast stop. The optimiser's bounds cut every walk that cannot reach
``e`` any more, so each search is short.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from transcon.eighteen.dtrains import is_d_train, unfolded
from transcon.eighteen.graph import TrackGraph, stops_within_reach
from transcon.eighteen.optimizer import optimize
from transcon.eighteen.routes import Route, StopValues
from transcon.eighteen.trains import Train

BIG = 1000


@dataclass(frozen=True, slots=True)
class Proof:
    """A proving route: the train as given, whether it ran unfolded, the route."""

    train: Train
    unfolded: bool
    route: Route


def prove_transcontinental(
    graph: TrackGraph,
    company: str,
    trains: Sequence[Train],
    west: Collection[int],
    east: Collection[int],
    *,
    engine: str | None = None,
) -> Proof | None:
    """A route of one of ``trains`` visiting a stop of ``west`` and one of ``east`` (stop
    ids), or None when no train of the company can make one."""
    west_set, east_set = set(west), set(east)
    reach = _reachable(graph, company)
    if not west_set & reach or not east_set & reach:
        return None
    seen: set[str] = set()
    longest: list[tuple[Train, Train]] = []
    for t in trains:
        if t.name not in seen:
            seen.add(t.name)
            longest.append((t, unfolded(t) if is_d_train(t) else t))
    n = len(graph.stops)
    extra = (0,) * n
    for e in sorted(east_set - west_set):
        values = tuple(BIG if s == e else 1 if s in west_set else 0 for s in range(n))
        for given, runner in longest:
            sol = optimize(graph, company, [runner], StopValues(values, extra), engine=engine)
            if sol.revenue > BIG:
                return Proof(given, runner is not given, sol.routes[0])
    return None


def _reachable(graph: TrackGraph, company: str) -> set[int]:
    """Every stop a route of ``company`` could include (:func:`stops_within_reach` from its
    tokens over the graph's hops). A superset of what one train reaches, so a coast outside
    it rules the proof out without any search."""
    tokens = graph.token_mask(company)
    start = [i for i in range(len(graph.stops)) if tokens >> i & 1]
    return stops_within_reach(graph, company, start, lambda s: (hop.to for hop in graph.adj[s]))
