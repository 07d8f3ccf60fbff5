"""Track building (base 3.2 A; seeds 8, 9, 23, 24) and urbanizing (base 3.2 B)."""

from __future__ import annotations

from dataclasses import dataclass

from transcon.core.errors import IllegalAction, InputError
from transcon.core.title import ActionContext
from transcon.titles.rotw.actions import Build, Urbanize
from transcon.titles.rotw.data import (
    BUILD_LIMIT,
    GRAY,
    LONG_FACTOR,
    MAX_TRACKS_PER_HEX,
    PERFECT_LIMIT,
    URBANIZE_COST,
    URBANIZE_INCENTIVE_COST,
    WEST_START_SURCHARGE,
)
from transcon.titles.rotw.economy import add_cubes, can_pay, pay, side_bag_is_west
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.state import Link, RotwState

RULE_PATH = "base 3.2 A: track is a path of neighbouring hexes without sharp turns"
RULE_START = "base 3.2 A: start at a city or continue your own unfinished track"
RULE_HEX = "base 3.2 A: no track on water or city hexes, at most two tracks per hex"
RULE_LIMIT = "variant rule 8: at most 5 pieces per build (6 with Perfect Engineering or Land Rush)"
RULE_LONG = (
    "variant rule 9: a two-turn link built at once must be complete and not start in round 3"
)
RULE_UNFINISHED = (
    "variant rule 24: every track must connect two cities (one unfinished track at a time)"
)
RULE_DOUBLE = "variant rule 24: at most one track of a player between two cities"
RULE_CARD = "ops cards: you must hold the card you use"
RULE_URBANIZE = "base 3.2 B: urbanize a gray city with an available New City tile"


@dataclass(frozen=True, slots=True)
class BuildPlan:
    """A checked build: what ``apply_build`` will do."""

    player: str
    origin: str  # the city the track starts from
    hexes: tuple[str, ...]  # all intermediate hexes of the track after the build
    end: str  # the city reached, or "" for unfinished track
    pieces: int  # new pieces laid
    total_pieces: int
    cost: int
    surcharge: int
    use_pe: bool
    continues: int  # id of the unfinished track continued, or 0


def pe_available(s: RotwState, player: str) -> bool:
    p = s.pl[player]
    return p.perfect_engineering and p.pe_used_turn != s.game_turn


def build_limit(s: RotwState, player: str) -> int:
    return PERFECT_LIMIT if pe_available(s, player) else BUILD_LIMIT


def plan_build(g: BoardGraph, s: RotwState, a: Build) -> BuildPlan:
    """Check a build against every rule; raises IllegalAction naming the rule broken."""
    player = a.player
    p = s.pl[player]
    path = a.path
    for label in path:
        if label not in g.neighbours:
            raise InputError(f"no hex {label} on the map")
    unf = s.unfinished(player)
    before: tuple[str, ...]
    if path[0] in g.cities:
        origin, before, cont = path[0], (), 0
    elif unf is not None and path[0] == unf.hexes[-1]:
        origin, before, cont = unf.a, unf.hexes, unf.id
    else:
        raise IllegalAction(RULE_START, f"{path[0]} is neither a city nor your track's end")
    full = (origin, *before, *path[1:])
    if len(set(full)) != len(full):
        raise IllegalAction(RULE_PATH, "the track visits a hex twice")
    for i in range(1, len(full)):
        if not g.is_neighbour(full[i - 1], full[i]):
            raise IllegalAction(RULE_PATH, f"{full[i - 1]} and {full[i]} are not neighbours")
        if i >= 2 and g.sharp(full[i - 2], full[i]):
            raise IllegalAction(RULE_PATH, f"sharp turn at {full[i - 1]}")
    end = path[-1] if path[-1] in g.cities else ""
    middle = path[1:-1] if end else path[1:]
    use = s.hex_use()
    for label in middle:
        if label not in g.passable:
            raise IllegalAction(RULE_HEX, f"no track may enter {label}")
        if use.get(label, 0) >= MAX_TRACKS_PER_HEX:
            raise IllegalAction(RULE_HEX, f"{label} already holds two tracks")
    if end and end == origin:
        raise IllegalAction(RULE_PATH, "a link joins two different cities")
    if not end and (unf is not None and not cont):
        raise IllegalAction(RULE_UNFINISHED, "finish your unfinished track first")
    if not end and a.long:
        raise IllegalAction(RULE_LONG, "a long build must complete its link")
    if end and player in s.link_owners().get(frozenset((origin, end)), ()):
        raise IllegalAction(RULE_DOUBLE, f"you already link {origin} and {end}")
    pieces = g.piece_costs(path)
    n = len(pieces)
    all_open = all(op for _, _, op in pieces)
    pe = pe_available(s, player)
    limit = BUILD_LIMIT
    use_pe = False
    if a.long:
        if s.round >= 3:
            raise IllegalAction(RULE_LONG, "a long build cannot start in round 3")
        if n > BUILD_LIMIT * LONG_FACTOR + (1 if pe else 0):
            raise IllegalAction(RULE_LONG, f"{n} pieces is more than two turns' worth")
        use_pe = pe and n > BUILD_LIMIT * LONG_FACTOR
    elif n > limit:
        if n == PERFECT_LIMIT and pe:
            use_pe = True
        elif n == PERFECT_LIMIT and all_open and "land_rush" in s.events:
            pass  # Land Rush: one bonus hex on open terrain (not with Perfect Engineering)
        else:
            raise IllegalAction(RULE_LIMIT, f"{n} pieces is more than the limit")
    if a.grant and "land_grant" not in p.kept_cards:
        raise IllegalAction(RULE_CARD, "you hold no Government Land Grant")
    if a.tunnel and "tunnel_engineer" not in p.kept_cards:
        raise IllegalAction(RULE_CARD, "you hold no Tunnel Engineer")
    cost = 0
    for label, piece_cost, op in pieces:
        if a.grant and op:
            continue
        if a.tunnel and not op and (g.terrain.get(label) in ("hill", "mountain")):
            piece_cost = -(-piece_cost // 2)
        cost += piece_cost
    surcharge = 0 if cont else west_surcharge(g, s, player, origin, end)
    can_pay(s, player, cost + surcharge)
    return BuildPlan(
        player=player,
        origin=origin,
        hexes=(*before, *middle),
        end=end,
        pieces=n,
        total_pieces=len(before) + n,
        cost=cost,
        surcharge=surcharge,
        use_pe=use_pe,
        continues=cont,
    )


def own_cities(s: RotwState, player: str) -> set[str]:
    """Cities the player's own track touches (links and unfinished track's origin)."""
    return {c for link in s.links if link.owner == player for c in (link.a, link.b) if c}


def west_surcharge(g: BoardGraph, s: RotwState, player: str, a: str, b: str) -> int:
    """Seed 23: $20k to start Western track not connected to the player's own track.

    Western-phase new track with a Western city at either end (``b`` is empty for unfinished
    track) pays it unless either end city already touches the player's own track, so the
    price never depends on which end the build is written from."""
    ends = [c for c in (a, b) if c]
    if s.phase != "west" or not any(g.cities[c].west for c in ends):
        return 0
    mine = own_cities(s, player)
    return 0 if any(c in mine for c in ends) else WEST_START_SURCHARGE


def apply_build(
    g: BoardGraph, s: RotwState, a: Build, plan: BuildPlan, ctx: ActionContext
) -> Link | None:
    """Carry out a checked build; returns the link if one was completed."""
    player = a.player
    p = s.pl[player]
    pay(s, player, plan.cost + plan.surcharge, ctx)
    if a.grant:
        p.kept_cards.remove("land_grant")
    if a.tunnel:
        p.kept_cards.remove("tunnel_engineer")
    if plan.use_pe:
        p.pe_used_turn = s.game_turn
    if a.long:
        p.skip_next = True
    if plan.continues:
        s.links = [link for link in s.links if link.id != plan.continues]
        s.invalidate()
    link = Link(
        s.next_link, player, plan.origin, plan.end, plan.hexes, plan.total_pieces, s.game_turn
    )
    s.next_link += 1
    s.add_link(link)
    extra = f" (+${plan.surcharge}k disconnected start in the West)" if plan.surcharge else ""
    where = f"{_name(g, plan.origin)}-{_name(g, plan.end)}" if plan.end else "unfinished track"
    ctx.emit(
        f"{player} builds {plan.pieces} piece(s) for ${plan.cost}k{extra}: {where}",
        link=link.id,
        cost=plan.cost + plan.surcharge,
    )
    if not plan.end:
        return None
    if "small_market" in s.events:
        for city in (plan.origin, plan.end):
            key = f"{player}@{city}"
            if city_colour(g, s, city) == GRAY and key not in s.small_market_paid:
                s.small_market_paid.append(key)
                p.cash += 1
                ctx.emit(f"{player} earns $1k Small Market Incentive at {_name(g, city)}")
    return link


def _name(g: BoardGraph, label: str) -> str:
    return g.cities[label].name if label in g.cities else label


def city_colour(g: BoardGraph, s: RotwState, city: str) -> str:
    """A city's colour now (a New City tile changes a gray city's colour)."""
    return s.colour.get(city) or g.cities[city].colour


def urbanize_cost(s: RotwState) -> int:
    return URBANIZE_INCENTIVE_COST if "urbanization_incentive" in s.events else URBANIZE_COST


def check_tile(g: BoardGraph, s: RotwState, city: str, colour: str) -> None:
    """A New City tile of ``colour`` may go on ``city`` (urbanize, New Industry, Boomtown)."""
    if city not in g.cities:
        raise IllegalAction(RULE_URBANIZE, f"{city} is not a city")
    if city_colour(g, s, city) != GRAY:
        raise IllegalAction(RULE_URBANIZE, f"{_name(g, city)} is not a gray city")
    if s.tiles.get(colour, 0) <= 0:
        left = [f"{c} {n}" for c, n in s.tiles.items() if n > 0]
        known = "" if colour in s.tiles else f"{colour!r} is not a New City colour; "
        raise IllegalAction(
            RULE_URBANIZE,
            f"{known}no {colour} New City tile is left (left: {', '.join(left) or 'none'})",
        )


def check_urbanize(g: BoardGraph, s: RotwState, a: Urbanize) -> None:
    check_tile(g, s, a.city, a.colour)
    can_pay(s, a.player, urbanize_cost(s))


def place_tile(
    g: BoardGraph, s: RotwState, city: str, colour: str, cubes: int, ctx: ActionContext
) -> None:
    s.colour[city] = colour
    s.tiles[colour] -= 1
    placed = add_cubes(g, s, ctx.rng, city, cubes, west_bag=side_bag_is_west(g, s, city))
    ctx.emit(f"{_name(g, city)} becomes {colour}; cubes added: {', '.join(placed) or 'none'}")


def apply_urbanize(g: BoardGraph, s: RotwState, a: Urbanize, ctx: ActionContext) -> None:
    pay(s, a.player, urbanize_cost(s), ctx)
    ctx.emit(f"{a.player} urbanizes {_name(g, a.city)} for ${urbanize_cost(s)}k")
    place_tile(g, s, a.city, a.colour, 2, ctx)
