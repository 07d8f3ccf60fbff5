"""Deliveries (base 3.2 D; seeds 12, 13, 18, 20-22): route rules, scoring, enumeration."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from transcon.core.errors import IllegalAction
from transcon.core.title import ActionContext
from transcon.titles.rotw.actions import Deliver
from transcon.titles.rotw.build import city_colour
from transcon.titles.rotw.data import (
    CARDS,
    FIRST_RAW_CASH,
    FIRST_RAW_POINTS,
    FIRST_SETTLER_POINTS,
    GOODS,
    GRAY,
    RAW,
    RAW_CASH,
    SETTLER,
    SETTLER_CAPACITY,
    SETTLER_CAPACITY_DEFAULT,
    SETTLER_POINTS,
    SETTLERS_TO_SWITCH,
    band,
)
from transcon.titles.rotw.economy import add_cubes, add_points, printed_goods
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.state import Link, RotwState

RULE_CUBE = "base 3.2 D: deliver a cube that is in the starting city"
RULE_ROUTE = "base 3.2 D: a route of completed links that visits no city twice"
RULE_ENGINE = "base 3.2 D: at most as many links as your engine level"
RULE_DEST = "base 3.2 D: deliver to a city that accepts the cube"
RULE_STOP = "base 3.2 D: a cube stops at the first city of its colour (variant rule 22 aside)"
RULE_SETTLER_STOP = "variant rule 12: a settler stops at the first unsettled coloured Western city"
RULE_RAW = "variant rule 18: raw materials go to value-4 Eastern cities (stopping at the first)"
MAX_ROUTES_PER_CUBE = 60


@dataclass(frozen=True, slots=True)
class DeliveryPlan:
    links: tuple[Link, ...]


def settler_colour(g: BoardGraph, s: RotwState, city: str) -> str:
    """The colour seeds 11 and 12 read for settlers: the city's colour now (an urbanized
    town is a coloured city) or, with ``urbanized_settlers=printed``, its printed colour.
    The same for settlers placed on an emptied city, the stop rule and the capacity."""
    if s.opt.urbanized_settlers == "printed":
        return g.cities[city].colour
    return city_colour(g, s, city)


def settler_capacity(g: BoardGraph, s: RotwState, city: str) -> int:
    """Seed 12: settlers a Western city takes (gray 1, red 3, other colours 2)."""
    return SETTLER_CAPACITY.get(settler_colour(g, s, city), SETTLER_CAPACITY_DEFAULT)


def accepts(g: BoardGraph, s: RotwState, cube: str, city: str) -> bool:
    """May ``cube`` be delivered to ``city``?"""
    c = g.cities[city]
    if cube == SETTLER:
        return c.west and s.settlers_at.get(city, 0) < settler_capacity(g, s, city)
    if cube == RAW:
        return c.raw_target
    return city_colour(g, s, city) == cube


def stops(g: BoardGraph, s: RotwState, cube: str, city: str, dest_east: bool) -> bool:
    """Must ``cube`` stop at ``city`` if it reaches it (so no route may pass through)?"""
    c = g.cities[city]
    if cube == SETTLER:
        unsettled = s.settlers_at.get(city, 0) == 0
        return c.west and unsettled and settler_colour(g, s, city) != GRAY
    if cube == RAW:
        return s.opt.raw_stop_at_first_target and accepts(g, s, cube, city)
    if city_colour(g, s, city) != cube:
        return False
    # seed 22: in the Western phase, goods bound East pass matching Western cities
    return not (s.phase == "west" and dest_east and c.west)


def engine_reach(s: RotwState, player: str) -> int:
    return s.pl[player].engine


def plan_delivery(g: BoardGraph, s: RotwState, a: Deliver) -> DeliveryPlan:
    """Check a delivery against every rule; raises IllegalAction naming the rule."""
    path = a.path
    for city in path:
        if city not in g.cities:
            raise IllegalAction(RULE_ROUTE, f"{city} is not a city")
    if a.cube not in s.cubes.get(path[0], ()):
        raise IllegalAction(RULE_CUBE, f"no {a.cube} cube in {g.cities[path[0]].name}")
    if len(set(path)) != len(path):
        raise IllegalAction(RULE_ROUTE, "the route visits a city twice")
    hops = len(path) - 1
    if len(a.owners) != hops:
        raise IllegalAction(RULE_ROUTE, "name one link owner per step")
    if hops > engine_reach(s, a.player):
        raise IllegalAction(RULE_ENGINE, f"{hops} links with an engine of {s.pl[a.player].engine}")
    adj = s.adjacency()
    links: list[Link] = []
    for i in range(hops):
        here, there, owner = path[i], path[i + 1], a.owners[i]
        found = next(
            (lk for nb, lk in adj.get(here, ()) if nb == there and lk.owner == owner), None
        )
        if found is None:
            raise IllegalAction(RULE_ROUTE, f"{owner} has no link {here}-{there}")
        links.append(found)
    dest = path[-1]
    if not accepts(g, s, a.cube, dest):
        rule = RULE_RAW if a.cube == RAW else RULE_DEST
        raise IllegalAction(rule, f"{g.cities[dest].name} does not accept a {a.cube} cube")
    dest_east = not g.cities[dest].west
    for city in path[1:-1]:
        if stops(g, s, a.cube, city, dest_east):
            rule = (
                RULE_SETTLER_STOP if a.cube == SETTLER else RULE_RAW if a.cube == RAW else RULE_STOP
            )
            raise IllegalAction(rule, f"the {a.cube} cube must stop at {g.cities[city].name}")
    return DeliveryPlan(tuple(links))


def delivery_points(s: RotwState, a: Deliver, plan: DeliveryPlan) -> tuple[dict[str, int], int]:
    """(points per player, cash to the deliverer) from the links and bands alone."""
    per_owner = Counter(link.owner for link in plan.links)
    if a.cube in GOODS and s.phase == "west":
        total = len(plan.links)
        _, cash = band(total)
        if s.opt.west_band_scoring == "deliverer_all":
            return {a.player: band(total)[0]}, cash
        return {owner: band(n)[0] for owner, n in per_owner.items()}, cash
    return dict(per_owner), 0


def apply_delivery(
    g: BoardGraph, s: RotwState, a: Deliver, plan: DeliveryPlan, ctx: ActionContext
) -> None:
    """Carry out a checked delivery: move the cube, score, and run the settler/raw rules."""
    player = a.player
    p = s.pl[player]
    origin, dest = a.path[0], a.path[-1]
    s.cubes[origin].remove(a.cube)
    s.deliveries += 1
    points, cash = delivery_points(s, a, plan)
    for owner, n in sorted(points.items()):
        add_points(s, owner, n)
    p.cash += cash
    names = " > ".join(g.cities[c].name for c in a.path)
    share = ", ".join(f"{o} +{n}" for o, n in sorted(points.items()))
    ctx.emit(
        f"{player} delivers {a.cube} {names} ({len(plan.links)} links): {share}"
        + (f", ${cash}k" if cash else ""),
        cube=a.cube,
        links=len(plan.links),
    )
    if a.cube == SETTLER:
        _arrive_settler(g, s, player, dest, ctx)
    elif a.cube == RAW:
        p.raw_delivered += 1
        p.cash += RAW_CASH
        if not s.first_raw_done:
            s.first_raw_done = True
            if a.bonus == "cash":
                p.cash += FIRST_RAW_CASH
            else:
                add_points(s, player, FIRST_RAW_POINTS)
            ctx.emit(f"{player} delivers the first raw material: bonus {a.bonus}")
    else:
        p.goods_delivered += 1
        s.spent[a.cube] = s.spent.get(a.cube, 0) + 1
        if a.cube == "red":
            p.red_delivered += 1
            if "major_city_demand" in s.events:
                p.cash += 1
        dest_name = g.cities[dest].name
        for other in s.players:
            if dest_name in s.pl[other].hotels:
                s.pl[other].cash += s.opt.hotel_cash
        for card_id in list(s.display):
            card = CARDS[card_id]
            if card.kind == "bounty" and card.city == dest_name:
                s.display.remove(card_id)
                s.bounties_claimed.append(card_id)
                add_points(s, player, s.opt.bounty_points)
                ctx.emit(f"{player} claims the Service Bounty of {dest_name}")
    if a.cube == RAW:
        s.spent[RAW] = s.spent.get(RAW, 0) + 1
    _maybe_settlers(g, s, origin, ctx)


def _arrive_settler(
    g: BoardGraph, s: RotwState, player: str, dest: str, ctx: ActionContext
) -> None:
    p = s.pl[player]
    p.settlers_delivered += 1
    add_points(s, player, SETTLER_POINTS)
    if not s.first_settler_done:
        s.first_settler_done = True
        add_points(s, player, FIRST_SETTLER_POINTS)
    before = s.settlers_at.get(dest, 0)
    s.settlers_at[dest] = before + 1
    s.settlers_arrived += 1
    if s.phase == "west":
        n, west_bag = 1, True  # seed 21
    elif before == 0:
        n, west_bag = printed_goods(g, s, dest), False  # seed 12: the appropriate number
    else:
        n, west_bag = s.opt.phase1_extra_settler_cubes, False
    placed = add_cubes(g, s, ctx.rng, dest, n, west_bag=west_bag)
    ctx.emit(
        f"Settler {s.settlers_arrived} settles {g.cities[dest].name}; cubes: "
        + (", ".join(placed) or "none")
    )
    if s.phase == "east" and s.settlers_arrived >= SETTLERS_TO_SWITCH and not s.west_pending:
        s.west_pending = True
        ctx.emit("The 10th settler has arrived: the Western phase begins after this round")


def settlers_for_empty(g: BoardGraph, s: RotwState, city: str) -> int:
    colour = settler_colour(g, s, city)
    if s.opt.settlers_on_empty == "robertson":
        return {GRAY: 1, "red": 3}.get(colour, 2)
    return 0 if colour == GRAY else 2


def _maybe_settlers(g: BoardGraph, s: RotwState, city: str, ctx: ActionContext) -> None:
    """Seed 11: an emptied coloured Eastern city gets 2 settlers (once per city)."""
    if s.cubes.get(city) or g.cities[city].west or city in s.settler_given:
        return
    n = min(settlers_for_empty(g, s, city), s.settler_pool)
    if n <= 0:
        return
    s.settler_given.append(city)
    s.settler_pool -= n
    s.cubes[city].extend([SETTLER] * n)
    ctx.emit(f"{g.cities[city].name} is empty: {n} settler(s) placed")


def enumerate_deliveries(
    g: BoardGraph, s: RotwState, player: str, cap: int = MAX_ROUTES_PER_CUBE
) -> list[Deliver]:
    """Legal deliveries of ``player``: a depth-first search from every cube, stopping after
    ``cap`` routes or ``EXPANSION_BUDGET`` steps per cube kind and city (a representative
    subset on big networks)."""
    adj = s.adjacency()
    reach = engine_reach(s, player)
    out: list[Deliver] = []
    for origin in sorted(s.cubes):
        kinds = sorted(set(s.cubes[origin]))
        if not kinds or origin not in adj:
            continue
        for cube in kinds:
            found: list[Deliver] = []
            budget = [EXPANSION_BUDGET]
            _dfs(g, s, adj, cube, [origin], [], reach, False, found, cap, player, budget)
            out.extend(found)
    return out


EXPANSION_BUDGET = 400


def _dfs(
    g: BoardGraph,
    s: RotwState,
    adj: dict[str, list[tuple[str, Link]]],
    cube: str,
    path: list[str],
    owners: list[str],
    reach: int,
    passed_west_match: bool,
    found: list[Deliver],
    cap: int,
    player: str,
    budget: list[int],
) -> None:
    if len(path) - 1 >= reach:
        return
    here = path[-1]
    for nb, link in adj.get(here, ()):
        if len(found) >= cap or budget[0] <= 0:
            return
        budget[0] -= 1
        if nb in path:
            continue
        path.append(nb)
        owners.append(link.owner)
        east = not g.cities[nb].west
        if accepts(g, s, cube, nb) and (east or not passed_west_match):
            found.append(Deliver(player=player, cube=cube, path=tuple(path), owners=tuple(owners)))
        if not stops(g, s, cube, nb, True):
            flag = passed_west_match or (
                cube in GOODS and g.cities[nb].west and city_colour(g, s, nb) == cube
            )
            _dfs(g, s, adj, cube, path, owners, reach, flag, found, cap, player, budget)
        path.pop()
        owners.pop()
