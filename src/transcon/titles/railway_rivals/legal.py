"""The complete list of legal actions of Railway Rivals USA (``Title.legal_actions``).

Everything listed passes ``check``, and every legal move is listed or reachable as a
sequence of listed moves:

* ``start``: every East Coast US land hex.
* build phase: ``done``; ``westcoast HEX`` for every hex where West Coast operations may
  start now; and every **single-link** build (``build A B``) the rival may queue now (its
  die points or cash and link count allow it). A longer ``build A B C ...`` is legal exactly
  when its links are legal one after another, costs the same and is resolved the same (the
  queue is the same list of links), so single links are the atomic choices: any build path
  is reached by ordering its links one at a time in the same segment.
* races: ``done``; for every race on offer the rival has not entered (entry limit
  permitting), for the rival alone, for every joint-run partner (``joint_runs``) and every
  exchange-of-running-powers partner (``allow_running_power_exchange``): ``enter N`` (the
  GM's route) when a legal route exists, and ``enter N ROUTE`` for **every** legal route.
  Legal routes are enumerated exactly: every simple path over track between the race's
  cities, with every choice of whose line to use, no longer and no dearer than the route
  finder's Pareto front allows (pruned by the shortest length and the fewest rival hexes
  still needed), kept when no front route is better (with ``fee_netting`` routes above the
  per-rival cap are included when no route with or without the cap is better). Links on
  the entrant's (or partner's) own track are written without an owner, rival links with
  the owner named (the canonical spelling of each route; other spellings of the same route
  mean the same move).

  Bound: on a dense mesh of equal-length lines the number of legal routes grows
  exponentially (every choice of line on links several rivals share is a route of its own).
  If listing one race's routes for one team would visit more than ``ROUTE_SEARCH_LIMIT``
  partial routes or list more than ``ROUTE_LIST_LIMIT`` routes, only ``enter N`` (the GM's
  route) is listed for that team and race; its explicit routes stay legal but are not
  listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from transcon.core.errors import IllegalAction
from transcon.core.title import Action
from transcon.titles.railway_rivals import actions as act
from transcon.titles.railway_rivals import compiled
from transcon.titles.railway_rivals.building import own_components, points_available
from transcon.titles.railway_rivals.races import entry_team, race_ends, route_options
from transcon.titles.railway_rivals.routebounds import (
    bounds_to_targets,
    team_step_cache,
    team_steps,
)
from transcon.titles.railway_rivals.routes import RouteOption
from transcon.titles.railway_rivals.routespelling import Group, Line, PathSpelling, Spelled
from transcon.titles.railway_rivals.state import Race, RRState, edge
from transcon.titles.railway_rivals.tracks import better, track_graph

if TYPE_CHECKING:
    from transcon.titles.railway_rivals.rules import RailwayRivalsUSA

#: Partial routes one (race, team) enumeration may visit before only the GM route is listed.
ROUTE_SEARCH_LIMIT = 20_000
#: Legal routes of one (race, team) above which only the GM route is listed.
ROUTE_LIST_LIMIT = 1_000


class TooManyRoutes(Exception):
    """The route enumeration went over ``ROUTE_SEARCH_LIMIT`` or ``ROUTE_LIST_LIMIT``."""


def budget_left(state: RRState, player: str) -> int:
    """Points (dice mode) or cash (cash mode) still available for construction."""
    if state.cash_mode:
        if state.spent.get(player, 0) >= state.cfg.cash_build_max_links:
            return 0
        return max(state.cash[player], 0)
    return points_available(state, player)


def affordable_links(state: RRState, player: str) -> list[tuple[int, int]]:
    """Every single link the rival could queue now (same rules as ``check_build``)."""
    budget = budget_left(state, player)
    if budget <= 0:
        return []
    model = state.model
    pending = state.pending.get(player, [])
    own = state.track[player]
    queued = {edge(a, b) for a, b in pending}
    nodes = set(state.network[player])
    for a, b in pending:
        nodes.update((a, b))
    east, west = own_components(state, player, pending)
    mult = state.cfg.wco_build_multiplier
    out = []
    for a in sorted(nodes):
        for b in model.neighbors[a]:
            cost = model.link_cost.get((a, b))
            if cost is None:
                continue
            key = edge(a, b)
            if key in own or key in queued:
                continue
            if west and a in west and b not in east:
                cost *= mult
            if cost <= budget:
                out.append((a, b))
    return out


def wco_open(state: RRState, player: str) -> bool:
    """Whether the rival may start West Coast operations now (at some West Coast hex)."""
    cfg = state.cfg
    return (
        state.segment == 0
        and player not in state.west_start
        and cfg.wco_first_round <= state.round <= cfg.wco_last_round
        and not state.spent.get(player)
        and state.cash[player] >= cfg.wco_cost
    )


def wco_hexes(title: RailwayRivalsUSA, state: RRState, player: str) -> list[str]:
    """West Coast hexes where the rival may start West Coast operations now."""
    out = []
    for h in sorted(state.model.west_coast):
        label = state.model.labels[h]
        try:
            title._check_wco(state, player, label)
        except IllegalAction:
            continue
        out.append(label)
    return out


def legal_actions(title: RailwayRivalsUSA, state: RRState, player: str) -> list[Action]:
    """See the module docstring for what is listed and why it is complete."""
    if player not in title.current_players(state):
        return []
    lab = state.model.labels
    if state.phase == "start":
        return [
            act.StartPick(player=player, hex=lab[h])
            for h in sorted(state.model.east_coast)
            if state.model.buildable[h]
        ]
    out: list[Action] = [act.Done(player=player)]
    if state.phase == "races":
        out.extend(entry_actions(state, player))
        return out
    if wco_open(state, player):
        out.extend(act.WestCoast(player=player, hex=h) for h in wco_hexes(title, state, player))
    out.extend(
        act.Build(player=player, path=(lab[a], lab[b])) for a, b in affordable_links(state, player)
    )
    return out


def entry_actions(state: RRState, player: str) -> list[Action]:
    """Every race entry the rival may make now (see the module docstring)."""
    entered = {e.race for e in state.entries if e.player == player}
    limit = state.cfg.max_entries_per_round
    if limit and len(entered) >= limit:
        return []
    cfg = state.cfg
    others = [p for p in state.players if p != player]
    kinds: list[tuple[str | None, str | None]] = [(None, None)]
    if cfg.joint_runs:
        kinds += [(p, None) for p in others]
    if cfg.allow_running_power_exchange:
        kinds += [(None, p) for p in others]
    out: list[Action] = []
    for race in state.races:
        if race.id in entered:
            continue
        for partner, exchange in kinds:
            team = entry_team(player, partner, exchange)
            if route_options(state, race, team):
                out.append(
                    act.Enter(player=player, race=race.id, partner=partner, exchange=exchange)
                )
            # the routes are enumerated exactly as ``check_entry`` judges them (tests check
            # that every listed entry is legal), so they are not checked one by one again
            out.extend(
                act.Enter(
                    player=player,
                    race=race.id,
                    route=route,
                    owners=owners,
                    partner=partner,
                    exchange=exchange,
                )
                for route, owners in written_routes(state, race, team)
            )
    return out


def written_routes(
    state: RRState, race: Race, team: tuple[str, ...]
) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """``listed_routes`` as entries write them: hex labels, and the owner per link with team
    links written without one (the canonical spelling; no owners at all when no link needs
    one). Cached like ``listed_routes``: both rivals of a joint run (or an exchange) list the
    same routes."""
    key, team = _listing_key(state, race, team, "written_routes")
    if key not in state.cache:
        lab = state.model.labels
        written = []
        for route, owners in listed_routes(state, race, team) or ():
            named = tuple([o if o not in team else "" for o in owners])
            written.append((tuple(map(lab.__getitem__, route)), named if any(named) else ()))
        state.cache[key] = written
    cached: list[tuple[tuple[str, ...], tuple[str, ...]]] = state.cache[key]
    return cached


def listed_routes(
    state: RRState, race: Race, team: tuple[str, ...]
) -> list[tuple[list[int], list[str]]] | None:
    """``legal_routes``, or None when there are too many to list (see the module docstring).
    Cached until the track changes, per race ends and team as a set: a joint run (and an
    exchange) with a partner has the same routes for both rivals, and a later listing on the
    same track (the next rival's, the race summary's) reuses them."""
    key, team = _listing_key(state, race, team, "listed_routes")
    if key not in state.cache:
        try:
            state.cache[key] = list(legal_routes(state, race, team))
        except TooManyRoutes:
            state.cache[key] = None  # only the GM route (see the module docstring)
    cached: list[tuple[list[int], list[str]]] | None = state.cache[key]
    return cached


def _listing_key(
    state: RRState, race: Race, team: tuple[str, ...], kind: str
) -> tuple[tuple[object, ...], tuple[str, ...]]:
    """A listing's cache key (per race ends and team as a set: a joint run, and an exchange,
    with a partner has the same routes for both rivals) and the team in its order."""
    starts, ends = race_ends(state, race)
    team = tuple(sorted(team))
    return (kind, tuple(starts), tuple(ends), team), team


class RouteGroup(NamedTuple):
    """Legal routes over the same hexes paying each rival the same fees: they differ only in
    which of a rival's parallel lines some links use. ``owners`` spells the first of them
    (in ``legal_routes`` order); ``spellings`` counts them; ``length`` is the route's race
    length (as the walk added it up)."""

    route: list[int]
    owners: list[str]
    spellings: int
    length: int


def grouped_routes(state: RRState, race: Race, team: tuple[str, ...]) -> list[RouteGroup] | None:
    """``legal_routes`` grouped into ``RouteGroup``s, in the order of their first routes; None
    when the walk would visit more than ``ROUTE_SEARCH_LIMIT`` partial routes or there are
    more than ``ROUTE_LIST_LIMIT`` groups. Cached like ``listed_routes``."""
    key, team = _listing_key(state, race, team, "grouped_routes")
    if key not in state.cache:
        lister = _lister(state, race, team, grouped=True)
        groups: list[RouteGroup] | None = []
        if lister is not None:
            try:
                groups = lister.routes_grouped()
            except TooManyRoutes:
                groups = None
        state.cache[key] = groups
    cached: list[RouteGroup] | None = state.cache[key]
    return cached


def legal_routes(
    state: RRState, race: Race, team: tuple[str, ...]
) -> Iterator[tuple[list[int], list[str]]]:
    """Every (route, owner per link) the team may enter the race with, in a stable order
    (depth first, neighbours and then lines in track order).

    The search runs over hex paths: whose line a rival link uses changes neither the length
    nor the payments, so each accepted hex path is then spelled out once per choice of lines
    within the cap (many rivals' parallel lines make thousands of spellings of a few paths).
    """
    lister = _lister(state, race, team)
    if lister is not None:
        yield from lister.routes()


def _lister(
    state: RRState, race: Race, team: tuple[str, ...], grouped: bool = False
) -> _RouteLister | None:
    """The lister of a race's routes for a team, bounded by the Pareto front (and, with
    ``fee_netting``, the front without the cap); None when the team has no route."""
    front: list[RouteOption] = route_options(state, race, team)
    wide = route_options(state, race, team, capped=False) if state.cfg.fee_netting else []
    points = [(o.length, o.total) for o in front]
    wide_points = points + [(o.length, o.total) for o in wide]
    if not wide_points:
        return None
    return _RouteLister(state, race, team, points, wide_points, grouped)


class _RouteLister:
    """One (race, team) enumeration of ``legal_routes``: the bounds, the path being walked
    and the spellings found."""

    def __init__(
        self,
        state: RRState,
        race: Race,
        team: tuple[str, ...],
        points: list[tuple[int, int]],
        wide_points: list[tuple[int, int]],
        grouped: bool = False,
    ) -> None:
        """``points``: the Pareto front (length, total) within the cap; ``wide_points`` adds
        the front without the cap (with ``fee_netting``); never empty. ``grouped``: ``spell``
        adds one ``RouteGroup`` per hex path and fees (to ``groups``) instead of every
        spelling."""
        cfg = state.cfg
        self.netting = cfg.fee_netting
        self.points = points
        self.wide_points = wide_points
        self.max_len = max(length for length, _ in wide_points)
        self.starts, ends = race_ends(state, race)
        self.end_set = frozenset(ends)
        self.graph = track_graph(state)
        self.near = team_steps(state, team)
        self.near_cache = team_step_cache(state, team)  # read by the compiled walk
        self.lower, self.fewest = bounds_to_targets(state, team, self.end_set)
        self.cap = cfg.max_foreign_hexes_per_owner
        self.fee = cfg.track_use_fee_per_hex
        self.own_needed = cfg.min_own_track == "any"
        self.route: list[int] = []
        self.on_route: set[int] = set()
        # per link: its neighbour's place in the track order, and the team member whose line
        # it uses or (None) the rival owners to choose from
        self.order: list[int] = []
        self.lines: list[Line] = []
        self.single: dict[str, int] = {}  # rival links with one owner: that rival's hexes
        self.found: list[Spelled] = []
        self.pending: list[PathSpelling] = []  # the hex paths to spell, and their spellings
        self.counted = 0
        self.grouped = grouped
        self.groups: list[tuple[Group, int]] = []  # with the route's length
        self.visited = 0
        #: whether ``walk`` runs compiled (tests switch it)
        self.compiled_walk = compiled.COMPILED

    def routes(self) -> Iterator[tuple[list[int], list[str]]]:
        self.walk_all()
        for path in self.pending:
            path.spell(self.found)
        self.found.sort(key=lambda spelled: spelled[0])
        for _, hexes, owners in self.found:
            yield hexes, owners

    def routes_grouped(self) -> list[RouteGroup]:
        """The groups of the routes, in order (``grouped`` listers)."""
        self.walk_all()
        self.groups.sort(key=lambda group: group[0][0])
        return [
            RouteGroup(hexes, owners, count, length)
            for (_, hexes, owners, count), length in self.groups
        ]

    def walk_all(self) -> None:
        """``walk`` from every start of the race."""
        route, on_route = self.route, self.on_route
        for s in sorted(set(self.starts)):
            if s in self.graph and s in self.lower[False]:
                route.append(s)
                on_route.add(s)
                self.walk(0, 0, False)
                route.pop()
                on_route.discard(s)

    def spell(self, length: int, total: int) -> None:
        """Add the hex path on the route, to spell (see ``legal_routes``; grouped listers add
        its groups)."""
        if any(better(fl, ft, length, total) for fl, ft in self.points):
            return  # beaten within the cap, so also above it
        # with fee_netting, spellings above the cap must not be beaten without the cap either
        over_ok = self.netting and not any(
            better(fl, ft, length, total) for fl, ft in self.wide_points
        )
        path = PathSpelling(self.route, self.lines, self.order, self.cap, over_ok)
        if self.grouped:
            groups = path.groups()
            if len(self.groups) + len(groups) > ROUTE_LIST_LIMIT:
                raise TooManyRoutes
            self.groups += [(group, length) for group in groups]
            return
        # spelled once the walk is done: a listing over the limit spells nothing
        self.counted += path.count()
        if self.counted > ROUTE_LIST_LIMIT:
            raise TooManyRoutes
        self.pending.append(path)

    def walk(self, length: int, total: int, own: bool) -> None:
        """``walk_python``, compiled (``_labelcore.list_walk``: the same visits in the same
        order, the same calls of ``spell``) unless it is not built or switched off."""
        if not self.compiled_walk:
            self.walk_python(length, total, own)
        elif not compiled.core.list_walk(self, length, total, own, ROUTE_SEARCH_LIMIT):
            raise TooManyRoutes

    def walk_python(self, length: int, total: int, own: bool) -> None:
        """Depth first over simple paths (a plain recursion: far cheaper than generators).
        The reference of the compiled walk: change both together."""
        self.visited += 1
        if self.visited > ROUTE_SEARCH_LIMIT:
            raise TooManyRoutes
        route, on_route, lower, fee = self.route, self.on_route, self.lower, self.fee
        node = route[-1]
        if len(route) > 1 and node in self.end_set and (own or not self.own_needed):
            self.spell(length, total)
        for place, (nxt, step, line, member) in enumerate(self.near(node)):
            flag = own or member is not None  # own track used once at nxt
            if nxt in on_route or nxt not in lower[flag]:
                continue
            new_len = length + step
            reach = new_len + lower[flag][nxt]
            if reach > self.max_len:
                continue
            new_total = total if member is not None else total + fee
            least = new_total + fee * self.fewest[flag][nxt]
            for fl, ft in self.wide_points:
                if reach <= fl and least <= ft:
                    break
            else:
                continue  # cannot end on a front point (all bounds added)
            sole = line[0] if member is None and len(line) == 1 else None
            if sole is not None:
                if self.single.get(sole, 0) >= self.cap and not self.netting:
                    continue
                self.single[sole] = self.single.get(sole, 0) + 1
            route.append(nxt)
            on_route.add(nxt)
            self.order.append(place)
            self.lines.append((member, line))
            self.walk_python(new_len, new_total, flag)
            route.pop()
            on_route.discard(nxt)
            self.order.pop()
            self.lines.pop()
            if sole is not None:
                self.single[sole] -= 1
