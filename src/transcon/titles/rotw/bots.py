"""A greedy bot that plays sensibly: it delivers the best-paying cube it can, builds links
that open deliveries (going West once settlers or the Western phase make it pay), upgrades
its engine when longer deliveries would pay more, and takes useful cards otherwise."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from operator import itemgetter
from typing import Any

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.core.title import Action
from transcon.titles.rotw.actions import (
    Build,
    Buyback,
    ChooseBaron,
    Grow,
    Pass,
    Settle,
    TakeCard,
    Upgrade,
)
from transcon.titles.rotw.build import build_limit, city_colour, plan_build
from transcon.titles.rotw.built_chains import built_chains
from transcon.titles.rotw.candidates import build_candidates, long_limit
from transcon.titles.rotw.cards import check_buyback
from transcon.titles.rotw.data import (
    BOND_REPAY,
    BOND_VALUE,
    CARDS,
    ENGINE_COST,
    FIRST_SETTLER_POINTS,
    GOODS,
    GRAY,
    MAX_TRACKS_PER_HEX,
    NEW_CITY_TILES,
    RAW,
    RAW_CASH,
    SETTLER,
    TRANSCON_LADDER,
    band,
    next_engine,
)
from transcon.titles.rotw.deliveries import settler_capacity
from transcon.titles.rotw.delivery_search import Candidate, best_deliveries
from transcon.titles.rotw.economy import income
from transcon.titles.rotw.flow import final_barons_only
from transcon.titles.rotw.graph import BoardGraph, Route
from transcon.titles.rotw.planner import (
    ChainLinks,
    FreeSteps,
    coast_to_coast,
    edge_cost,
    free_steps,
    planner_for,
    steps,
)
from transcon.titles.rotw.scoring import coasts
from transcon.titles.rotw.state import RotwState

GOOD_CARDS = ("perfect_engineering", "land_grant", "executive", "tunnel_engineer", "coal_engines")


def delivery_gain(s: RotwState, player: str, d: Candidate) -> float:
    """What a delivery is worth to the deliverer: own points, bonuses, cash at $5k a point."""
    own = d.owners.count(player)
    total = len(d.owners)
    if d.cube in GOODS and s.phase == "west":
        points: float = band(own)[0] if own else 0
        points += band(total)[1] / 5
    else:
        points = own
    if d.cube == SETTLER:
        points += 1 + (0 if s.first_settler_done else FIRST_SETTLER_POINTS) + 0.5
    elif d.cube == RAW:
        points += RAW_CASH / 5 + (0 if s.first_raw_done else 2)
    return points + 0.01 * total


DEBT_FLOOR = 2  # bonds allowed whatever the income: enough for a first link and engine
DEBT_SHARE = 3  # otherwise interest may take at most a third of the income


def debt_cap(s: RotwState, player: str) -> int:
    """Most bonds the bot will hold: interest ($1k a bond) stays a small share of the
    income, so a loan is repaid by what it buys and debt never compounds."""
    return max(DEBT_FLOOR, income(s, player) // DEBT_SHARE)


def affordable(s: RotwState, player: str, cost: int, payback: int = 0) -> bool:
    """Pay in cash, or with bonds as long as the bot stays within :func:`debt_cap`;
    ``payback`` more bonds for a purchase that opens a delivery of that many own points
    at once (the way out of a hole: income grows by the points scored)."""
    p = s.pl[player]
    if cost <= p.cash:
        return True
    bonds = p.bonds - (-(cost - p.cash) // BOND_VALUE)
    return bonds <= debt_cap(s, player) + payback


class GreedyBot:
    """See the module docstring; decisions are deterministic except for ties."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._plans: list[tuple[list[tuple[str, str]], bool]] = []
        self._plans_turn: tuple[int, str] = (0, "")
        #: links no track fits any more (hexes only fill up; unfinished track is rare)
        self._blocked: set[frozenset[str]] = set()
        self._blocked_game = 0  # id of the state the blocked links belong to
        self._detours: dict[tuple[str, str], Route] = {}
        #: the step costs of the player's coast-to-coast search (own links free)
        self._free_steps: FreeSteps | None = None

    def choose(self, game: Game[Any], player: str) -> Action:
        title: Any = game.title
        s: RotwState = game.state
        g: BoardGraph = title.graph(s)
        p = s.pl[player]
        if s.step == "barons":
            return ChooseBaron(player=player, card=p.east_dealt[0])
        if s.step == "production":
            targets = title._targets(g, s, player, coloured=True)
            return Grow(player=player, city=targets[0] if targets else "")
        if s.step == "settle":
            # seed 16: repay what cash allows; discard the rest if the interest would
            # outrun the income (a debt spiral costs more than the discard points)
            repay = min(p.bonds, p.cash // BOND_REPAY)
            left = p.bonds - repay
            discard = left if left > income(s, player) - 2 else 0
            if final_barons_only(s):
                repay = discard = 0
            return Settle(player=player, west_baron=p.west_dealt[0], repay=repay, discard=discard)
        return self._action(g, s, player)

    def _action(self, g: BoardGraph, s: RotwState, player: str) -> Action:
        p = s.pl[player]
        if "bond_buyback" in s.events and p.bonds:
            count = max((n for n in (1, 2, 3) if _can_buy_back(s, player, n)), default=0)
            if count:
                return Buyback(player=player, count=count)
        target = next_engine(p.engine)
        reach = p.engine
        if target is not None and p.engine < 8 and affordable(s, player, ENGINE_COST[target]):
            reach = target
        options = best_deliveries(g, s, player, reach)
        gains = [delivery_gain(s, player, d) for d in options]
        best_d: Candidate | None = None  # the first best delivery possible now
        gain_d = 0.0
        for d, gain in zip(options, gains, strict=True):
            if len(d.owners) <= p.engine and (best_d is None or gain > gain_d):
                best_d, gain_d = d, gain
        if best_d is not None and gain_d >= 2:
            return best_d.action(player)
        better = max(gains, default=0.0)
        upgrade = self._upgrade(s, player, gain_d, better)
        if upgrade is not None:
            return upgrade
        upgrade = self._chain_upgrade(g, s, player)
        if upgrade is not None:
            return upgrade
        build = self._build(g, s, player)
        if build is not None:
            return build
        if best_d is not None and gain_d > 0:
            return best_d.action(player)
        card = self._card(g, s, player)
        if card is not None:
            return card
        if best_d is not None:
            return best_d.action(player)
        return Pass(player=player)

    def _card(self, g: BoardGraph, s: RotwState, player: str) -> Action | None:
        """Useful cards: the permanent and one-shot ones, then free cubes in the network."""
        for kind in GOOD_CARDS:
            for card_id in s.display:
                if CARDS[card_id].kind == kind:
                    return TakeCard(player=player, card=card_id)
        degree = Counter(c for lk in s.links if lk.owner == player and lk.b for c in (lk.a, lk.b))
        mine = sorted(degree, key=lambda c: (-degree[c], c))
        for card_id in s.display:
            kind = CARDS[card_id].kind
            if kind == "city_growth" and mine:
                return TakeCard(player=player, card=card_id, city=mine[0])
            if kind == "new_industry":
                colour = next((c for c in NEW_CITY_TILES if s.tiles.get(c, 0)), "")
                gray = [c for c in mine if city_colour(g, s, c) == GRAY]
                if colour and gray:
                    return TakeCard(player=player, card=card_id, city=gray[0], colour=colour)
        return None

    def _chain_upgrade(self, g: BoardGraph, s: RotwState, player: str) -> Action | None:
        """Upgrade when a built chain carries some cube further than the engine reaches
        (with bonds beyond the usual cap when the chain pays the deliverer at once: as many
        as the player's links on the best-paying such chain)."""
        p = s.pl[player]
        target = next_engine(p.engine)
        if target is None:
            return None
        owners = s.link_owners()
        payback = -1
        for chain in built_chains(g, s):  # longest first
            links = chain.links
            if len(links.steps) <= p.engine:
                break
            if chain.kind in s.cubes.get(chain.origin, ()):
                mine = sum(player in owners[pair] for pair in links.pairs)
                payback = max(payback, mine)
        if payback >= 0 and affordable(s, player, ENGINE_COST[target], payback=payback):
            return Upgrade(player=player, coal="coal_engines" in p.kept_cards)
        return None

    def _upgrade(self, s: RotwState, player: str, now: float, better: float) -> Action | None:
        p = s.pl[player]
        target = next_engine(p.engine)
        if target is None or p.engine >= 8:
            return None
        cost = ENGINE_COST[target]
        if not affordable(s, player, cost):
            return None
        if better >= now + 2:
            return Upgrade(player=player, coal="coal_engines" in p.kept_cards)
        return None

    def _build(self, g: BoardGraph, s: RotwState, player: str) -> Action | None:
        """Finish unfinished track, else build the next missing link of the best plan: the
        cheapest chain of links carrying some cube to its nearest accepting city, or the
        player's own coast-to-coast railroad. Plans are ranked once per game turn; links
        built since are skipped."""
        if s.unfinished(player) is not None:
            cands = build_candidates(g, s, player, starts=[])
            if cands:
                return min(cands, key=lambda b: len(b.path))
        owners = s.link_owners()
        anyone = owners.keys()
        own = {pair for pair, who in owners.items() if player in who}
        if self._plans_turn != (s.game_turn, player):
            self._plans = self._rank_plans(g, s, player, anyone, own)
            self._plans_turn = (s.game_turn, player)
        mine = {c for pair in own for c in pair}
        for missing, need_own in self._plans:
            for a, b in missing:
                pair = frozenset((a, b))
                if pair in own or (not need_own and pair in anyone):
                    continue
                if b in mine and a not in mine:
                    a, b = b, a  # start from the own network (no Western surcharge)
                build = self._link_build(g, s, player, a, b)
                if build is None:
                    continue
                try:
                    plan = plan_build(g, s, build)
                except IllegalAction:
                    continue
                last = not need_own and all(
                    frozenset(ab) in anyone for ab in missing if ab != (a, b) and ab != (b, a)
                )
                if not affordable(s, player, plan.cost + plan.surcharge, 2 if last else 0):
                    return None
                return build
        return None

    def _link_build(self, g: BoardGraph, s: RotwState, player: str, a: str, b: str) -> Build | None:
        """A build of the link a-b: the cheapest route on the empty board, or around full
        hexes; normal or long (seed 9), with the cards that make it cheaper."""
        reach = long_limit(s, player) if s.round < 3 else build_limit(s, player)
        route = self._route(g, s.hex_use(), a, b, reach)
        if route is None:
            return None
        if route.pieces <= build_limit(s, player):
            build = Build(player=player, path=route.hexes)
        elif s.round < 3 and route.pieces <= long_limit(s, player):
            build = Build(player=player, path=route.hexes, long=True)
        else:
            return None
        return self._with_cards(g, s, build)

    def _route(
        self, g: BoardGraph, use: Mapping[str, int], a: str, b: str, reach: int
    ) -> Route | None:
        """The cheapest route a-b on the empty board if its hexes have room, else a detour
        of at most ``reach`` pieces (remembered while its hexes have room)."""
        route = g.routes_from(a).get(b)
        if route is None:
            return None
        if not any(use.get(h, 0) >= MAX_TRACKS_PER_HEX for h in route.hexes):
            return route
        detour = self._detours.get((a, b))
        if (
            detour is not None
            and detour.pieces <= reach
            and not any(use.get(h, 0) >= MAX_TRACKS_PER_HEX for h in detour.hexes)
        ):
            return detour
        found = g.search(a, None, reach, use, goal=b).get(b)
        if found is not None:
            self._detours[(a, b)] = found
        return found

    def _rank_plans(
        self,
        g: BoardGraph,
        s: RotwState,
        player: str,
        anyone: AbstractSet[frozenset[str]],
        own: set[frozenset[str]],
    ) -> list[tuple[list[tuple[str, str]], bool]]:
        """The 12 best plans (missing links of a chain, and whether the links must be the
        player's own), best value per cost first."""
        mine = {c for pair in own for c in pair}
        planner = planner_for(g)
        full = frozenset(c for c, n in s.settlers_at.items() if n >= settler_capacity(g, s, c))
        plans: list[Plan] = []
        tables: dict[str, tuple[dict[str, _ChainPlan], frozenset[str], float]] = {}
        for origin, cubes in s.cubes.items():
            if not cubes:
                continue
            for kind in cubes if len(cubes) == 1 else sorted(set(cubes)):  # cube_kinds
                found = tables.get(kind)
                if found is None:
                    found = tables[kind] = _chain_plans(s, kind, full)
                chain_plans, variant, bonus = found
                chain_plan = chain_plans.get(origin)
                if chain_plan is None:
                    chain_plan = chain_plans[origin] = _chain_plan(
                        steps(planner, kind, origin, variant), bonus
                    )
                links, unbuilt = chain_plan
                if anyone.isdisjoint(links.pairs):  # (own links are among anyone's)
                    if unbuilt is not None:  # (None: no link to build)
                        plans.append(unbuilt[0] if mine.isdisjoint(links.cities) else unbuilt[1])
                    continue
                missing, cost, owned, touches = _missing_links(links, own, anyone, mine)
                if not missing:
                    continue
                value = owned + len(missing) + bonus
                if touches:
                    cost -= 2  # extends the network
                plans.append((value / max(cost, 1), missing, False))
        transcon = self._transcon_plan(g, s, player, own)
        if transcon is not None:
            plans.append((*transcon, True))
        plans.sort(key=itemgetter(0), reverse=True)  # stable: equal values keep their order
        return [(list(missing), need_own) for _, missing, need_own in plans[:12]]

    def _transcon_plan(
        self, g: BoardGraph, s: RotwState, player: str, own: set[frozenset[str]]
    ) -> tuple[float, list[tuple[str, str]]] | None:
        """Once the West opens (or settlers head there): the player's own railroad coast to
        coast, the cheapest way given the links the player already owns; the links next to
        the player's network come first."""
        p = s.pl[player]
        if p.transcon or (s.phase == "east" and s.settlers_arrived < TRANSCON_SETTLERS):
            return None
        planner = planner_for(g)
        east, west = coasts(g)
        if self._blocked_game != id(s):
            self._blocked, self._blocked_game, self._detours = set(), id(s), {}
        self._free_steps = free_steps(planner, own, self._free_steps)
        blocked: set[frozenset[str]] = set()
        use = s.hex_use()
        reach = long_limit(s, player)
        for _ in range(TRANSCON_RETRIES):
            missing = coast_to_coast(planner, own, east, west, frozenset(blocked), self._free_steps)
            full = {
                frozenset((a, b))
                for a, b in missing
                if frozenset((a, b)) in self._blocked or self._route(g, use, a, b, reach) is None
            }
            if not full:
                break
            blocked |= full  # no track fits between these cities any more: go round
            self._blocked |= full
        if not missing:
            return None
        mine = {c for pair in own for c in pair}
        missing.sort(key=lambda ab: not (ab[0] in mine or ab[1] in mine))
        cost = sum(edge_cost(planner, a, b) for a, b in missing)
        rank = len(s.transcon_done)
        value = TRANSCON_WEIGHT * (TRANSCON_LADDER[rank] if rank < len(TRANSCON_LADDER) else 0)
        if s.phase == "west":
            value *= 2  # the game ends on the second railroad: now or never
        return value / max(cost, 1), missing

    def _with_cards(self, g: BoardGraph, s: RotwState, build: Build) -> Build:
        kept = s.pl[build.player].kept_cards
        grant = "land_grant" in kept
        tunnel = "tunnel_engineer" in kept and any(
            g.terrain.get(h) in ("hill", "mountain") for h in build.path
        )
        if grant or tunnel:
            return build.model_copy(update={"grant": grant, "tunnel": tunnel})
        return build


KIND_BONUS = {SETTLER: 2.0, RAW: 3.0}
TRANSCON_WEIGHT = 4  # the ladder points, plus the links' use for long Western deliveries
TRANSCON_RETRIES = 4  # times the railroad is re-planned around links no track fits any more
TRANSCON_SETTLERS = 8  # settlers arrived before the bot plans its own coast-to-coast railroad


NO_CITIES: frozenset[str] = frozenset()

#: a plan: (value per cost, the links to build, whether they must be the player's own)
Plan = tuple[float, Sequence[tuple[str, str]], bool]
#: a chain, and its plans while nobody has built any of its links: (alone, touching the
#: player's network); None when the chain has no link
_ChainPlan = tuple[ChainLinks, tuple[Plan, Plan] | None]


def _chain_plans(
    s: RotwState, kind: str, full: frozenset[str]
) -> tuple[dict[str, _ChainPlan], frozenset[str], float]:
    """The chain plans found so far for ``kind`` by origin (kept with the state's bot
    caches, shared by the game's bots), the cities its chains leave out (settlers: the
    ``full`` Western cities) and the kind's bonus value."""
    variant = full if kind == SETTLER else NO_CITIES
    key = (kind, variant)
    tables = s._bots.chain_plans
    found = tables.get(key)
    if found is None:
        found = tables[key] = {}
    return found, variant, KIND_BONUS.get(kind, 0.0)


def _chain_plan(links: ChainLinks, bonus: float) -> _ChainPlan:
    """A chain's plans while none of its links is built (see :meth:`GreedyBot._rank_plans`:
    value = links to build + the kind's bonus, cost less 2 when it extends the network)."""
    missing = links.ends
    if not missing:
        return links, None
    value = len(missing) + bonus
    alone = (value / max(links.cost, 1), missing, False)
    touching = (value / max(links.cost - 2, 1), missing, False)
    return links, (alone, touching)


def _missing_links(
    links: ChainLinks,
    own: set[frozenset[str]],
    anyone: AbstractSet[frozenset[str]],
    mine: set[str],
) -> tuple[list[tuple[str, str]], int, int, bool]:
    """(links nobody built, their cost, links the player owns, whether a link to build
    touches the player's network) of a chain."""
    missing: list[tuple[str, str]] = []
    cost = owned = 0
    touches = False
    for pair, a, b, step_cost in links.steps:
        if pair in own:
            owned += 1
        elif pair not in anyone:
            missing.append((a, b))
            cost += step_cost
            touches = touches or a in mine or b in mine
    return missing, cost, owned, touches


def _can_buy_back(s: RotwState, player: str, count: int) -> bool:
    try:
        check_buyback(s, Buyback(player=player, count=count))
    except IllegalAction:
        return False
    return True
