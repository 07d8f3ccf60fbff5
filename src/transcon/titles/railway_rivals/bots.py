"""Bots for Railway Rivals USA (the legal-action lists are in ``legal``).

Bots: ``random-legal`` picks among the legal actions (ending a segment with probability 1/5);
``greedy`` builds toward the nearest unconnected city (then westward for the Transcontinental
race), joins a West Coast start when it has one, and enters the races it has a fair chance to
place in, on its best route.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from transcon.core.game import Game
from transcon.core.paths import cheapest_paths
from transcon.core.title import Action
from transcon.titles.railway_rivals import actions as act
from transcon.titles.railway_rivals.building import own_components, prefix_costs
from transcon.titles.railway_rivals.legal import budget_left
from transcon.titles.railway_rivals.mapmodel import (
    RRMap,
    distances_from,
    hex_distance,
    nearest_distance,
    nearest_first,
)
from transcon.titles.railway_rivals.races import race_ends
from transcon.titles.railway_rivals.routes import RouteOption, find_routes
from transcon.titles.railway_rivals.state import RRState, edge
from transcon.titles.railway_rivals.tracks import fastest_points

if TYPE_CHECKING:
    pass


class RandomLegalBot:
    """Random legal actions; ``done`` with probability 1/5 when there is anything else."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game[Any], player: str) -> Action:
        actions = game.legal_actions(player)
        others = [a for a in actions if not isinstance(a, act.Done)]
        if others and (len(others) == len(actions) or self._rng.random() > 0.2):
            return self._rng.choice(others)
        return actions[0]


class GreedyBot:
    """A sensible player; see the module docstring. Never draws from the game's rng."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._plan: list[int] = []
        #: (goal, cost limit) of the build searches that found no way (``_search``)
        self._out_of_reach: set[tuple[int, int]] = set()

    def choose(self, game: Game[Any], player: str) -> Action:
        state: RRState = game.state
        if state.phase == "start":
            return self._start(state, player)
        if state.phase == "races":
            return self._races(state, player)
        return self._build(game, state, player)

    # -- start ------------------------------------------------------------------------------

    def _start(self, state: RRState, player: str) -> Action:
        model = state.model
        coast = sorted(h for h in model.east_coast if model.buildable[h])
        plain = [h for h in coast if not model.mountain[h] and not model.swamp[h]] or coast
        taken = list(state.picks.values())
        if taken:  # do not share a start (and mirror a rival's builds): keep some distance
            far = [h for h in plain if min(hex_distance(model, h, t) for t in taken) >= 6]
            plain = far or plain
        return act.StartPick(player=player, hex=model.labels[self._rng.choice(plain)])

    # -- races ------------------------------------------------------------------------------

    def _races(self, state: RRState, player: str) -> Action:
        entered = {e.race for e in state.entries if e.player == player}
        cfg = state.cfg
        if cfg.max_entries_per_round and len(entered) >= cfg.max_entries_per_round:
            return act.Done(player=player)
        for race in state.races:
            if race.id in entered:
                continue
            starts, ends = race_ends(state, race)
            network = state.network[player]
            if not any(h in network for h in starts) and not any(h in network for h in ends):
                continue  # neither end on our network: not worth a search
            # the value of an option depends on its points and payments only: with points as
            # the length metric one route per front point will do (no payment splits)
            splits = cfg.route_length_metric != "movement_points"
            first, second = (
                (cfg.tc_prize_first, cfg.tc_prize_second)
                if race.tc
                else (cfg.race_prize_first, cfg.race_prize_second)
            )
            contenders = [
                other
                for other in state.players
                if other != player
                and any(h in state.network[other] for h in starts)
                and any(h in state.network[other] for h in ends)
            ]
            worth = _most_worth_paying(first, second, bool(contenders))
            fee = cfg.track_use_fee_per_hex
            if fee and _pays_more_than(state, player, starts, ends, worth // fee):
                continue  # every route pays more than it can win (no search needed)
            # the search is bounded by what a route can win without contenders (a tighter
            # bound might keep another of two routes with equal figures: other games)
            most = _most_worth_paying(first, second, False)
            mine = find_routes(state, (player,), starts, ends, splits=splits, max_total=most)
            if not mine:
                continue
            fastest = fastest_points(state, starts, ends)
            rivals = [fastest for _ in contenders if fastest is not None]
            best: tuple[float, RouteOption] | None = None
            for option in mine:
                faster = sum(1 for r in rivals if r < option.points - 1)
                close = sum(1 for r in rivals if abs(r - option.points) <= 1)
                if faster == 0:
                    value = first * (0.8 if close == 0 else 0.5) + second * 0.2
                elif faster == 1:
                    value = second * 0.5
                else:
                    value = 0.0
                value -= option.total
                if value > 0 and (best is None or value > best[0]):
                    best = (value, option)
            if best is not None:
                option = best[1]
                owners = [o if o != player else "" for o in option.owners]
                return act.Enter(
                    player=player,
                    race=race.id,
                    route=tuple(state.model.labels[h] for h in option.route),
                    owners=tuple(owners) if any(owners) else (),
                )
        return act.Done(player=player)

    # -- building ---------------------------------------------------------------------------

    def _build(self, game: Game[Any], state: RRState, player: str) -> Action:
        wco = self._west_coast(game, state, player)
        if wco is not None:
            return wco
        if state.cash_mode and (state.round >= state.cfg.rounds or state.cash[player] < 25):
            return act.Done(player=player)
        if not self._plan_valid(state, player):
            self._plan = self._make_plan(state, player)
        action = self._take(state, player) if self._plan else None
        return action if action is not None else act.Done(player=player)

    def _west_coast(self, game: Game[Any], state: RRState, player: str) -> Action | None:
        cfg = state.cfg
        if (
            state.segment != 0
            or player in state.west_start
            or state.tc_run_round is not None
            or not cfg.wco_first_round <= state.round <= cfg.wco_last_round
            or state.spent.get(player)
            or state.cash[player] < cfg.wco_cost + 10
        ):
            return None
        model = state.model
        cols = [model.column[h] for h in state.network[player]]
        if not cols or min(cols) < _middle_column(model):
            return None
        rows = [model.row[h] for h in state.network[player]]
        mid_row = sum(rows) / len(rows)
        coast = sorted(
            (h for h in model.west_coast if model.buildable[h]),
            key=lambda h: (abs(model.row[h] - mid_row), h),
        )
        cities = [h for h in coast if h in state.cities]
        candidates = cities[:3] + coast
        for h in candidates:
            action = act.WestCoast(player=player, hex=model.labels[h])
            if game.is_legal(action):
                self._plan = []
                return action
        return None

    def _plan_valid(self, state: RRState, player: str) -> bool:
        if not self._plan:
            return False
        own = state.track[player]
        nodes = set(state.network[player])
        for a, b in state.pending.get(player, []):
            nodes.update((a, b))
        while len(self._plan) >= 2 and self._plan[1] in nodes and edge(*self._plan[:2]) in own:
            self._plan.pop(0)
        if len(self._plan) < 2 or self._plan[0] not in nodes:
            return False
        if any(edge(a, b) in state.edge_owners for a, b in itertools.pairwise(self._plan)):
            return False  # a rival has built on the planned line meanwhile
        queued = {edge(a, b) for a, b in state.pending.get(player, [])}
        while len(self._plan) >= 2 and edge(self._plan[0], self._plan[1]) in queued:
            self._plan.pop(0)
        return len(self._plan) >= 2 and self._plan[0] in nodes

    def _take(self, state: RRState, player: str) -> Action | None:
        budget = budget_left(state, player)
        best = 0
        longest = len(self._plan)
        if state.cash_mode:
            longest = min(longest, 1 + state.cfg.cash_build_max_links - state.spent.get(player, 0))
        # the longest affordable legal prefix (the cost of plan[:n] is item n - 2)
        costs = prefix_costs(state, player, self._plan[:longest]) if longest >= 2 else []
        for n, cost in enumerate(costs, start=2):
            if cost > budget:
                break
            best = n
        if best < 2:
            return None
        path = tuple(state.model.labels[h] for h in self._plan[:best])
        self._plan = self._plan[best - 1 :]
        return act.Build(player=player, path=path)

    def _make_plan(self, state: RRState, player: str) -> list[int]:
        model = state.model
        nodes = set(state.network[player])
        for a, b in state.pending.get(player, []):
            nodes.update((a, b))
        east, west = own_components(state, player, state.pending.get(player, []))
        if west:
            return self._search(state, player, east, west)
        targets = {h for h in state.cities if h not in nodes}
        if state.round >= 4 and state.tc_run_round is None and nodes:
            # push west for the Transcontinental race: western cities, else the West Coast
            west_end = min(nodes, key=lambda h: (model.column[h], h))
            western = {h for h in targets if model.column[h] < model.column[west_end]}
            if western:
                targets = western
            elif model.west_coast and not (nodes & model.west_coast):
                row = model.row[west_end]
                goal = min(model.west_coast, key=lambda h: (abs(model.row[h] - row), h))
                return self._search(state, player, nodes, {goal}, limit=15, partial=True)
        if not targets:
            return []
        # nearest target by hex distance, then an A* build search toward it
        frontier = sorted(nodes)
        if len(frontier) > 30:  # an evenly spread sample is enough to rank targets
            frontier = frontier[:: len(frontier) // 30 + 1]

        for target in nearest_first(model, targets, frontier, 2):
            path = self._search(state, player, nodes, {target})
            if path:
                return path
        return []

    def _search(
        self,
        state: RRState,
        player: str,
        sources: set[int],
        targets: set[int],
        limit: int = 45,
        partial: bool = False,
    ) -> list[int]:
        """Cheapest build path (static costs, rival track penalised) from sources to a target
        (weighted A*: hex distance to the target counted twice; at most ``limit`` points and
        a bounded number of hexes explored).

        With ``partial`` a target beyond ``limit`` gives the path to the explored hex nearest
        to it instead of nothing."""
        model = state.model
        goals = sorted(targets)
        if not partial and not targets & sources and not any(_enterable(state, t) for t in goals):
            return []  # the search below would explore up to its budget and find nothing

        to_goal = _distance_to_nearest(model, goals)

        # every link costs >= 1 and moves one hex: a target farther than ``limit`` hexes
        # from every source is never reached (the search below would find nothing)
        if len(goals) == 1 and not partial and all(to_goal(h) > limit for h in sources):
            return []
        if len(goals) == 1 and not partial and (goals[0], limit) in self._out_of_reach:
            floor = model.build_floor(goals[0], limit)
            if not any(h in floor for h in sources):
                return []  # no way there costs at most ``limit`` even on an empty board
        weight = 2 if len(goals) == 1 else 1  # one target: weighted A*, two x the distance

        def priority(n: int, d: int) -> int:
            return d + (to_goal(n) if d == 0 else weight * to_goal(n))  # d == 0: a source

        found = cheapest_paths(
            [(h, 0) for h in sorted(sources)],
            _build_steps(state),
            goals=targets,
            priority=priority,
            bound=limit,
            max_settled=300 if partial else 1500,
        )
        if found.reached is not None:
            return found.path(found.reached)
        if not partial:
            if len(goals) == 1:  # often asked for again: then the cost floor may prove it
                self._out_of_reach.add((goals[0], limit))
            return []
        marks = [(to_goal(n), d, n) for n, d in found.settled if n not in sources]
        return found.path(min(marks)[2]) if marks else []


def _most_worth_paying(first: int, second: int, contenders: bool) -> int:
    """The most a route may pay and still be worth entering (``GreedyBot._races``' values):
    a route's value is at most first * 0.8 + second * 0.2 less its fees; with contenders
    (rivals with track at both ends) a route no faster than the fastest over anybody's
    track plus one is worth at most first * 0.5 + second * 0.2, a slower one second * 0.5
    (one contender) or nothing: only routes paying less than that can be worth entering."""
    if contenders:
        return math.ceil(max(first * 0.5 + second * 0.2, second * 0.5)) - 1
    return math.ceil(first * 0.8 + second * 0.2) - 1


def _pays_more_than(
    state: RRState, player: str, starts: list[int], ends: list[int], most: int
) -> bool:
    """Whether every route of ``player`` between the sets uses more than ``most`` hexes of
    rival track (true when there is no route; cached until the track changes). Links join
    neighbouring hexes and a link with an end off the player's network is a rival's, so a
    route uses at least the hex distance between its ends if it never touches the network,
    else the distance from the sources to the network plus from the network to the ends."""
    key = ("bot_pays_more_than", player, tuple(starts), tuple(ends), most)
    known: bool | None = state.cache.get(key)
    if known is None:
        model = state.model
        targets = set(ends)
        sources = [h for h in starts if h not in targets]
        known = (
            not sources
            or not ends
            or (
                all(min(distances_from(model, h, ends)) > most for h in sources)
                and _network_farther(state, player, sources, ends, most)
            )
        )
        state.cache[key] = known
    return known


def _network_farther(
    state: RRState, player: str, sources: list[int], ends: list[int], most: int
) -> bool:
    """Whether the hex distance from the sources to the player's network plus from the
    network to the ends exceeds ``most``."""
    network = state.network[player]
    if not network:
        return True  # (no way through a network: the plain distance decides)
    model = state.model
    to_sources = (
        0 if any(h in network for h in sources) else nearest_distance(model, network, sources)
    )
    to_ends = 0 if any(h in network for h in ends) else nearest_distance(model, network, ends)
    assert to_sources is not None and to_ends is not None  # (both sets are not empty)
    return to_sources + to_ends > most


def _distance_to_nearest(model: RRMap, goals: list[int]) -> Callable[[int], int]:
    """Hex distance from a hex to the nearest of ``goals`` (``hex_distance`` inlined, and
    remembered per hex with several goals: the A* priority of the bot's searches)."""
    q, r = model.q, model.r
    if len(goals) == 1:
        gq, gr = q[goals[0]], r[goals[0]]

        def to_one(n: int) -> int:
            dq, dr = q[n] - gq, r[n] - gr
            return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

        return to_one
    known: dict[int, int] = {}

    def to_nearest(n: int) -> int:
        d = known.get(n)
        if d is None:
            d = known[n] = nearest_distance(model, (n,), goals) or 0
        return d

    return to_nearest


def _enterable(state: RRState, h: int) -> bool:
    """Whether a build step of the greedy bot can enter hex h: some buildable link into it
    carries nobody's track yet (the bot never runs alongside anybody; a city whose every
    link is built is out of its reach)."""
    if h not in state.hex_owners:
        return True
    edge_owners = state.edge_owners
    return any(edge(h, n) not in edge_owners for n, _ in state.model.out_links[h])


def _build_steps(state: RRState) -> Callable[[int, int], list[tuple[int, int]]]:
    """The greedy bot's build steps: static link costs, +1 into a hex with anybody's track
    (cities excepted), never alongside anybody's link."""
    out_links = state.model.out_links
    cities, hex_owners, edge_owners = state.cities, state.hex_owners, state.edge_owners

    def steps(node: int, d: int) -> list[tuple[int, int]]:
        out = []
        for nxt, cost in out_links[node]:
            if nxt in hex_owners:  # some track there: never run alongside anybody
                if ((node, nxt) if node < nxt else (nxt, node)) in edge_owners:  # edge()
                    continue
                if nxt not in cities and len(hex_owners[nxt]) > 0:
                    cost += 1
            out.append((nxt, d + cost))
        return out

    return steps


#: Per map (by identity): the map and the column halfway across its US land.
_MIDDLES: dict[int, tuple[RRMap, float]] = {}


def _middle_column(model: RRMap) -> float:
    """The column halfway between the westernmost and easternmost US land (per map)."""
    known = _MIDDLES.get(id(model))
    if known is None or known[0] is not model:
        cols = [model.column[h] for h in model.us_land]
        known = _MIDDLES[id(model)] = (model, (min(cols) + max(cols)) / 2)
    return known[1]
