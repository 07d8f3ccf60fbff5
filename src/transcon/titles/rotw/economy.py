"""Money, points, bonds and cube bags: the small helpers every rule module uses."""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.core.rng import GameRandom
from transcon.core.title import ActionContext
from transcon.titles.rotw.data import BOND_VALUE, GOODS, RAW, RAW_PER_CITY, income_for
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.state import RotwState

RULE_MONEY = "base 3.3: pay in cash (issue bonds first)"


def printed_goods(g: BoardGraph, s: RotwState, city: str) -> int:
    """A city's printed number of goods as the rules place it: base 1's "2-3 players: one
    fewer (at least 1)" applies wherever the printed number is used (setup, a Western
    city's first settler, seed 19's Western fill), with ``small_game_minus_one``."""
    n = g.cities[city].cubes
    if s.opt.small_game_minus_one and len(s.players) <= 3:
        return max(1, n - 1)
    return n


def income(s: RotwState, player: str) -> int:
    """Base 3.3: the income of the player's score-track position (option ``income_track``)."""
    return income_for(s.pl[player].score, s.opt.income_track)


def bond_value(s: RotwState) -> int:
    """Cash a bond raises now: $5k, or $6k / $4k under Bond Surplus / Bond Shortage."""
    if "bond_surplus" in s.events:
        return 6
    if "bond_shortage" in s.events:
        return 4
    return BOND_VALUE


def can_pay(s: RotwState, player: str, amount: int) -> None:
    """IllegalAction unless ``player`` can pay ``amount`` (with automatic bonds, always)."""
    if amount > s.pl[player].cash and not s.opt.auto_bonds:
        raise IllegalAction(RULE_MONEY, f"costs ${amount}k, {player} has ${s.pl[player].cash}k")


def pay(s: RotwState, player: str, amount: int, ctx: ActionContext) -> None:
    """Take ``amount`` from ``player``, issuing the bonds needed first (base 3.3)."""
    p = s.pl[player]
    if amount > p.cash:
        value = bond_value(s)
        need = -(-(amount - p.cash) // value)
        p.bonds += need
        p.cash += need * value
        ctx.emit(f"{player} issues {need} bond(s) for ${need * value}k", bonds=need)
    p.cash -= amount


def add_points(s: RotwState, player: str, points: int) -> None:
    s.pl[player].score += points


def draw_cube(
    s: RotwState, rng: GameRandom, west: bool, *, avoid: frozenset[str] = frozenset()
) -> str | None:
    """Draw one cube from the Eastern or Western bag (None when empty or only ``avoid`` left)."""
    bag = s.west_bag if west else s.east_bag
    kinds = [k for k in (*GOODS, RAW) if bag.get(k, 0) > 0 and k not in avoid]
    total = sum(bag[k] for k in kinds)
    if total == 0:
        return None
    pick = rng.randint(0, total - 1)
    for kind in kinds:
        pick -= bag[kind]
        if pick < 0:
            bag[kind] -= 1
            return kind
    raise AssertionError("unreachable")


def add_cubes(
    g: BoardGraph, s: RotwState, rng: GameRandom, city: str, n: int, *, west_bag: bool
) -> list[str]:
    """Put ``n`` random cubes on ``city`` from a bag; at most two raw materials per city."""
    placed: list[str] = []
    cubes = s.cubes.setdefault(city, [])
    for _ in range(n):
        avoid = frozenset((RAW,)) if cubes.count(RAW) >= RAW_PER_CITY else frozenset()
        cube = draw_cube(s, rng, west_bag, avoid=avoid)
        if cube is None:
            break
        cubes.append(cube)
        placed.append(cube)
    return placed


def side_bag_is_west(g: BoardGraph, s: RotwState, city: str) -> bool:
    """Later placements draw by the city's side: Western cities from the Western bag once the
    Western phase has begun (before it, the Western bag is not in play)."""
    return g.cities[city].west and s.phase == "west"
