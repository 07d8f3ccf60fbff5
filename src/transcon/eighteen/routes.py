"""Route validity and value: the route rules 18xx titles share (numbered as in 1870 §8.1–8.3).

A :class:`Route` is a train plus a walk in a :class:`~transcon.eighteen.graph.TrackGraph`:
stops ``s0..sk`` and the hop ids joining them. :func:`check_routes` raises a
:class:`RouteError` naming the broken clause; :func:`route_revenue` values a route from a
company's :class:`StopValues`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from transcon.core.errors import IllegalAction
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import Train

# Error codes, one per rule. The rule clause is the prefix.
NO_TOKEN = "8.1-no-token"
TOO_FEW_STOPS = "8.1-too-few-stops"
NOT_CONNECTED = "8.1-not-connected"
THROUGH_OFFBOARD = "8.1-through-offboard"
CITY_TWICE = "8.1-city-twice"
AREA_TWICE = "8.1-offboard-area-twice"
TRACK_TWICE = "8.1-track-twice"
EDGE_SHARED = "8.1-edge-shared"
REVERSE = "8.1-reverse"
BLOCKED = "8.1-blocked"
TRAINS_SHARE_TRACK = "8.1-trains-share-track"
TOO_LONG = "8.2-too-long"


#: The rule each code breaks, in words any 18xx title shares (a title that numbers its rules
#: relabels them, e.g. 1870 §8.1, from :attr:`RouteError.clause`).
RULE_NAMES = {
    NO_TOKEN: "routes: a company station on the route",
    TOO_FEW_STOPS: "routes: two stops at least",
    NOT_CONNECTED: "routes: track joins the stops",
    THROUGH_OFFBOARD: "routes: off-boards end a route",
    CITY_TWICE: "routes: a city once",
    AREA_TWICE: "routes: an off-board area once",
    TRACK_TWICE: "routes: track once",
    EDGE_SHARED: "routes: track once",
    REVERSE: "routes: no reversing",
    BLOCKED: "routes: blocked cities",
    TRAINS_SHARE_TRACK: "routes: trains share no track",
    TOO_LONG: "routes: train length",
}


class RouteError(IllegalAction):
    """A route breaks a rule. ``code`` is one of the codes above, ``clause`` the clause of
    the 18xx rules it numbers (``"8.1"``, as in 1870's rules), ``rule`` the rule's generic
    name, ``train`` the train's name when known."""

    def __init__(self, code: str, message: str, train: str = "") -> None:
        self.code = code
        self.train = train
        self.clause = code.split("-", 1)[0]
        where = f"train {train}: " if train else ""
        super().__init__(RULE_NAMES.get(code, "routes"), where + message)


@dataclass(frozen=True, slots=True)
class Route:
    """A train's run: stops in route order and the hops (ids into ``graph.hops``) between."""

    train: Train
    stops: tuple[int, ...]
    hops: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StopValues:
    """What each stop is worth to one company (index = stop id).

    ``values`` already includes base value, any doubling that applies anywhere on a route
    and additive bonuses; ``end_extra`` is added when the stop is the first or last stop
    (Mayfair destination doubling).
    """

    values: tuple[int, ...]
    end_extra: tuple[int, ...]


def _names(graph: TrackGraph, stops: Sequence[int]) -> str:
    return "-".join(graph.stops[s].sig for s in stops)


def check_route(graph: TrackGraph, company: str, route: Route) -> int:
    """Check one route of ``company`` (seed 003 §8.1, §8.2); return its track mask."""
    train = route.train.name
    stops = route.stops
    if len(stops) < 2:
        raise RouteError(
            TOO_FEW_STOPS,
            "a route needs at least two stops "
            "(a station of the company and one more city or off-board)",
            train,
        )
    if len(route.hops) != len(stops) - 1:
        raise RouteError(
            NOT_CONNECTED,
            "a route needs one stretch of track between each pair of consecutive stops",
            train,
        )
    seen: set[int] = set()
    for s in stops:
        if s in seen:
            raise RouteError(
                CITY_TWICE,
                f"{graph.stops[s].sig} is visited twice; a train may "
                "not run through or to the same city twice",
                train,
            )
        seen.add(s)
    _check_stop_groups(graph, stops, train)
    no_pass = graph.no_pass_mask(company)
    for s in stops[1:-1]:
        if (no_pass >> s) & 1:
            stop = graph.stops[s]
            if stop.terminal:
                raise RouteError(
                    THROUGH_OFFBOARD,
                    f"{stop.sig} is an off-board area: a route "
                    "may start or end there but not pass through",
                    train,
                )
            raise RouteError(
                BLOCKED,
                f"{stop.sig} is full of other companies' tokens: a "
                "train may run to it but not through it",
                train,
            )
    used = 0
    prev_last_edge = -1
    for i, hid in enumerate(route.hops):
        if not 0 <= hid < len(graph.hops):
            raise RouteError(NOT_CONNECTED, f"no such stretch of track (hop {hid})", train)
        hop = graph.hops[hid]
        a, b = stops[i], stops[i + 1]
        if {hop.start, hop.end} != {a, b}:
            raise RouteError(
                NOT_CONNECTED,
                f"the track given does not join {graph.stops[a].sig} and {graph.stops[b].sig}",
                train,
            )
        edges = hop.edges if hop.start == a else hop.edges[::-1]
        if edges and edges[0] == prev_last_edge:
            raise RouteError(
                REVERSE,
                f"the route reverses at {graph.stops[a].sig}: a train may "
                "not reverse its route at a junction",
                train,
            )
        overlap = used & hop.track
        if overlap:
            raise _overlap_error(graph, overlap, train, TRACK_TWICE, EDGE_SHARED)
        used |= hop.track
        prev_last_edge = edges[-1] if edges else -1
    if not graph.token_mask(company) & _mask(stops):
        raise RouteError(
            NO_TOKEN,
            f"route {_names(graph, stops)} must include a city or "
            f"off-board with a token of {company}",
            train,
        )
    kinds = [graph.stops[s].kind for s in stops]
    problem = route.train.length_problem(kinds)
    if problem:
        raise RouteError(TOO_LONG, problem, train)
    return used


def _check_stop_groups(graph: TrackGraph, stops: Sequence[int], train: str) -> None:
    """Stops of one stop group (the hexes of one off-board area) count as one: a route
    may visit the area only once (18xx rule, seed 003 §8.1 "not ... the same city twice")."""
    if not graph.stop_groups:
        return
    visited = 0
    for s in stops:
        if visited & graph.stop_groups[s]:
            other = graph.stops[(visited & graph.stop_groups[s]).bit_length() - 1].sig
            raise RouteError(
                AREA_TWICE,
                f"{graph.stops[s].sig} and {other} are hexes of the same off-board area; "
                "a route may visit an off-board area only once",
                train,
            )
        visited |= 1 << s
    return


def check_routes(graph: TrackGraph, company: str, routes: Sequence[Route]) -> None:
    """Check every route, then that no two trains of the company share track (§8.1)."""
    used = 0
    for route in routes:
        mask = check_route(graph, company, route)
        overlap = used & mask
        if overlap:
            raise _overlap_error(
                graph, overlap, route.train.name, TRAINS_SHARE_TRACK, TRAINS_SHARE_TRACK
            )
        used |= mask


def _overlap_error(
    graph: TrackGraph, overlap: int, train: str, path_code: str, edge_code: str
) -> RouteError:
    where = ", ".join(graph.describe_track(overlap)[:3])
    if path_code == TRAINS_SHARE_TRACK:
        return RouteError(
            path_code,
            f"uses track another train of the company already used "
            f"this round ({where}); trains may share cities, not track",
            train,
        )
    if overlap & graph.path_bits:
        return RouteError(path_code, f"uses a track section twice ({where})", train)
    return RouteError(
        edge_code,
        f"two track sections meeting at one tile edge are both used "
        f"({where}); only one may be used",
        train,
    )


def _mask(ids: Sequence[int]) -> int:
    m = 0
    for i in ids:
        m |= 1 << i
    return m


def route_revenue(graph: TrackGraph, company: str, route: Route, values: StopValues) -> int:
    """The value of a route (seed 003 §8.3): per-stop values, end extras, the train's rule."""
    stops = route.stops
    vals = [values.values[s] for s in stops]
    if stops:
        vals[0] += values.end_extra[stops[0]]
        if len(stops) > 1:
            vals[-1] += values.end_extra[stops[-1]]
    own_mask = graph.token_mask(company)
    own = [bool((own_mask >> s) & 1) for s in stops]
    kinds: list[NodeKind] = [graph.stops[s].kind for s in stops]
    return route.train.revenue(vals, kinds, own)
