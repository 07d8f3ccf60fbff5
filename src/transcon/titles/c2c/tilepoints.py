"""Tile points: how much track a corporation may lay in one turn (D variant 3c, 3d).

Table B gives the points per phase for a normal build and for an exclusive West & Plains build.
Canada counts as a normal build (3d: no longer 4). The first-turn bonus point of Plains and
West corporations and the Central Pacific token points are added on top (3d). The exclusive
figure applies only when every tile of the turn, those paid with bonus points included, lies in
the West and Plains zones (3d), so a turn is judged on all of its lays: :func:`check_turn` is
called with the lays so far plus the one proposed, and refuses it if the turn would exceed its
budget. Super-short has no West or Plains (Super-short 6): always the normal figure.

What each tile costs in points is a base rule we do not have (options ``*_tile_points``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from transcon.core.errors import IllegalAction
from transcon.titles.c2c.options import C2COptions

RULE_TILE_POINTS = "D variant 3c: tile points (Table B)"

TABLE_B: dict[str, tuple[int, int]] = {
    "2": (3, 3),
    "3": (3, 3),
    "4": (3, 4),
    "5": (3, 4),
    "3D": (4, 5),
    "4D": (4, 5),
    "5D": (5, 5),
    "6D": (5, 5),
}
"""D variant 3c, Table B: phase -> (normal build, exclusive West & Plains build)."""
EXCLUSIVE_ZONES = frozenset({"west", "plains"})
FIRST_TURN_ZONES = frozenset({"west", "plains"})
"""D variant 3d: the corporations (by home zone) that get a bonus point on their first turn."""


@dataclass(frozen=True, slots=True)
class Lay:
    """One tile laid (or upgraded) this turn: the zone of its hex and the tile's colour."""

    zone: str
    colour: str


def table_b(phase: str) -> tuple[int, int]:
    """Table B's (normal, exclusive) points for ``phase`` (D phase names 2..5, 3D..6D)."""
    try:
        return TABLE_B[phase]
    except KeyError:
        raise ValueError(f"no phase {phase!r} in Table B") from None


def is_exclusive(zones: Iterable[str], super_short: bool = False) -> bool:
    """Whether a turn laying in ``zones`` is an exclusive West & Plains build (3d). A turn
    with no lay yet counts as exclusive (it may still become one)."""
    return not super_short and all(z in EXCLUSIVE_ZONES for z in zones)


def first_turn_bonus(home_zone: str, first_turn: bool, super_short: bool = False) -> int:
    """The bonus point of a Plains or West corporation on its first turn of operation (3d;
    Super-short 6 disregards the Plains and West rules)."""
    return int(first_turn and home_zone in FIRST_TURN_ZONES and not super_short)


def central_pacific_bonus(tokens_placed: int, opts: C2COptions) -> int:
    """The bonus points of the Central Pacific tokens placed this turn (3d keeps them; how many
    per token is the option ``central_pacific_points``)."""
    return tokens_placed * opts.central_pacific_points


def lay_points(colour: str, opts: C2COptions) -> int:
    """Tile points a tile of ``colour`` costs (options ``*_tile_points``, assumed)."""
    costs = {
        "yellow": opts.yellow_tile_points,
        "green": opts.green_tile_points,
        "brown": opts.brown_tile_points,
        "gray": opts.gray_tile_points,
        "grey": opts.gray_tile_points,
    }
    try:
        return costs[colour]
    except KeyError:
        raise ValueError(f"no tile points for colour {colour!r}") from None


def turn_budget(
    phase: str,
    zones: Iterable[str],
    opts: C2COptions,
    bonus: int = 0,
    *,
    merger: bool = False,
    super_short: bool = False,
) -> int:
    """The points of a turn whose lays lie in ``zones``: Table B's exclusive figure if all
    lie in West and Plains, else the normal one (Canada included, 3d), plus ``bonus``.
    A merger corporation takes the exclusive figure anywhere when the option
    ``merger_tile_points`` says so."""
    normal, exclusive = table_b(phase)
    merger_exclusive = merger and opts.merger_tile_points == "exclusive" and not super_short
    base = exclusive if merger_exclusive or is_exclusive(zones, super_short) else normal
    return base + bonus


def points_used(lays: Sequence[Lay], opts: C2COptions) -> int:
    """The tile points ``lays`` cost."""
    return sum(lay_points(lay.colour, opts) for lay in lays)


def check_turn(
    phase: str,
    lays: Sequence[Lay],
    opts: C2COptions,
    bonus: int = 0,
    *,
    merger: bool = False,
    super_short: bool = False,
) -> int:
    """Check a whole turn's lays (those made plus one proposed) against its budget; returns the
    points left. IllegalAction names Table B when the lays cost more than the budget."""
    zones = [lay.zone for lay in lays]
    budget = turn_budget(phase, zones, opts, bonus, merger=merger, super_short=super_short)
    used = points_used(lays, opts)
    if used <= budget:
        return budget - used
    normal, exclusive = table_b(phase)
    if exclusive > normal and not is_exclusive(zones, super_short):
        why = (
            f"the exclusive West & Plains figure ({exclusive}) needs every lay of the turn in "
            f"the West and Plains zones; this turn's figure is {normal}"
        )
    else:
        why = f"phase {phase} gives {budget - bonus}"
    extra = f", plus {bonus} bonus" if bonus else ""
    raise IllegalAction(
        RULE_TILE_POINTS,
        f"the turn's tiles cost {used} points but only {budget} are available ({why}{extra})",
    )


def points_left(
    phase: str,
    lays: Sequence[Lay],
    opts: C2COptions,
    bonus: int = 0,
    *,
    merger: bool = False,
    super_short: bool = False,
) -> dict[str, int]:
    """Points still available after ``lays`` for a next lay in West/Plains (``"exclusive"``:
    the turn keeps its exclusive figure if it still has it) and elsewhere (``"normal"``).
    A value below zero means such a lay is impossible this turn."""
    used = points_used(lays, opts)
    zones = [lay.zone for lay in lays]
    left: dict[str, int] = {}
    for kind, zone in (("exclusive", "west"), ("normal", "eastern")):
        budget = turn_budget(
            phase, [*zones, zone], opts, bonus, merger=merger, super_short=super_short
        )
        left[kind] = budget - used
    return left
