"""The three Prospectors (D variant 4a): a "P" city designation or a $140 build discount.

A Prospectors belongs to one zone (Great Plains: plains, Western: west, Eastern: eastern).
Its owning corporation may either

* designate one normal or "L" city of that zone (one whose grey upgrade is 595 or 596) as a
  "P" city: the city then upgrades to the brown "P" tile; permanent; no connection needed;
  the private stays open but loses the discount; possible only before phase 5; or
* take $140 off one turn's track costs in that zone; this closes the private.

Bought in phase 2 (at half price, D variant 3b) it may only give the discount, at once. Every
Prospectors closes when phase 5 starts. :class:`Prospector` is the state; the functions
return a new one or raise :class:`IllegalAction` naming the clause.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from transcon.core.errors import IllegalAction

RULE_PROSPECTORS = "D variant 4a: Prospectors"

DISCOUNT = 140
DESIGNATABLE_TYPES = frozenset({"plain", "L"})
"""City types whose grey upgrade is tile 595 (plain) or 596 (L)."""
BEFORE_BROWN = frozenset({"white", "yellow", "green"})
"""Tile colours a designated city may still carry: it must still upgrade to brown (assumed)."""
LATE_PHASES = frozenset({"5", "3D", "4D", "5D", "6D"})


@dataclass(frozen=True, slots=True)
class Prospector:
    """One Prospectors private: its zone; the hex designated as a P city ("" none); whether it
    was bought in phase 2 (discount only, at once); whether it has closed."""

    sym: str
    zone: str
    designated: str = ""
    bought_in_phase_two: bool = False
    closed: bool = False


def designate(
    prospector: Prospector, hex_label: str, hex_zone: str, city_type: str, colour: str, phase: str
) -> Prospector:
    """Designate ``hex_label`` a P city (4a). The city must be a normal or L city of the
    private's zone, not yet brown; before phase 5; once; not after a phase-2 purchase."""
    problem = _designation_problem(prospector, hex_zone, city_type, colour, phase)
    if problem:
        raise IllegalAction(RULE_PROSPECTORS, problem)
    return replace(prospector, designated=hex_label)


def _designation_problem(
    prospector: Prospector, hex_zone: str, city_type: str, colour: str, phase: str
) -> str:
    if prospector.closed:
        return f"{prospector.sym} has closed"
    if prospector.designated:
        return f"{prospector.sym} has already designated {prospector.designated}"
    if prospector.bought_in_phase_two:
        return f"{prospector.sym} was bought in phase 2: it may only give its build discount"
    if phase in LATE_PHASES:
        return "a P city must be designated before phase 5"
    if hex_zone != prospector.zone:
        return f"{prospector.sym} designates a city in the {prospector.zone} zone only"
    if city_type not in DESIGNATABLE_TYPES:
        return f"only a normal or L city can become a P city, not a {city_type} city"
    if colour not in BEFORE_BROWN:
        return "the city is already brown or grey"
    return ""


def discount(prospector: Prospector, track_cost_in_zone: int) -> tuple[int, Prospector]:
    """Use the build discount on this turn's track costs in the private's zone: up to $140 off
    (4a). Returns the discount and the closed private. Not after a P designation."""
    if prospector.closed:
        raise IllegalAction(RULE_PROSPECTORS, f"{prospector.sym} has closed")
    if prospector.designated:
        raise IllegalAction(
            RULE_PROSPECTORS, f"{prospector.sym} placed its P token: no build discount"
        )
    return min(DISCOUNT, max(track_cost_in_zone, 0)), replace(prospector, closed=True)


def must_discount_now(prospector: Prospector) -> bool:
    """A Prospectors bought in phase 2 must give its discount at once (4a, 3b): the owning
    corporation's next track lay in the zone uses it."""
    return prospector.bought_in_phase_two and not prospector.closed


def phase_started(prospector: Prospector, phase: str) -> Prospector:
    """Phase 5 closes every Prospectors still open; a designation already made stays (4a)."""
    return replace(prospector, closed=True) if phase == "5" else prospector


def p_cities(prospectors: list[Prospector]) -> frozenset[str]:
    """The hexes designated as P cities (permanent, 4a): they upgrade to the brown P tile."""
    return frozenset(p.designated for p in prospectors if p.designated)
