"""The US Army Corps of Engineers' five Engineer markers (D variant 4b).

:class:`Engineers` is the markers' state; the functions return a new state (and who is paid)
or raise :class:`IllegalAction` naming the clause, leaving the state as it was.

* The corporation that buys the private takes one marker; the other four are sold to other
  corporations for $50 each, by that corporation.
* While a player still holds the private, no marker is sold until a 4-train has been bought;
  from then any corporation may buy one, paying the bank (our reading: before that the clause
  gives no seller).
* Markers may be resold between corporations at exactly $50; the buyer cannot use it in that
  operating round.
* A corporation buys no marker beyond its need (one); a merged corporation uses only one and
  its extra markers are for sale to any eligible corporation.
* The private closes on the first 5-train; unsold markers stay with the corporation that
  bought it (if none did, the bank keeps selling them: assumed). Markers stay in play all game.
* A marker halves the cost of water hazards; with the Mississippi River Bridge the half price
  comes first, then the bridge discount.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from transcon.core.errors import IllegalAction

RULE_ENGINEERS = "D variant 4b: US Army Corps of Engineers"

MARKERS = 5
MARKER_PRICE = 50
BANK = "bank"
WATER_TERRAINS = frozenset({"river", "major-river", "crossing"})
"""Water hazards on the 18C2C board: rivers, major rivers and lake/bay crossings (the board's
terrain reading, docs/rules/18c2c.md "Terrain")."""


def _frozen(counts: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType({k: v for k, v in counts.items() if v > 0})


@dataclass(frozen=True, slots=True)
class Engineers:
    """The markers' state: ``owner`` is the corporation that bought the private ("" while a
    player holds it or before it is sold); ``held`` the markers each corporation holds;
    ``unsold`` those not yet sold (held by the owner, or by the bank for sale);
    ``resold_this_or`` the corporations that bought a marker from another corporation in
    this operating round (they cannot use it yet); ``closed`` after the first 5-train."""

    owner: str = ""
    held: Mapping[str, int] = field(default_factory=lambda: _frozen({}))
    unsold: int = MARKERS
    resold_this_or: frozenset[str] = frozenset()
    closed: bool = False

    def markers(self, corp: str) -> int:
        return self.held.get(corp, 0)


def private_bought(state: Engineers, corp: str) -> Engineers:
    """A corporation buys the private from a player: it takes one marker (if any is left)."""
    if state.owner:
        raise IllegalAction(RULE_ENGINEERS, f"{state.owner} already owns the Army Corps")
    if state.closed:
        raise IllegalAction(RULE_ENGINEERS, "the Army Corps of Engineers has closed")
    take = 1 if state.unsold and not state.markers(corp) else 0
    held = dict(state.held)
    held[corp] = held.get(corp, 0) + take
    return replace(state, owner=corp, held=_frozen(held), unsold=state.unsold - take)


def seller_of_unsold(state: Engineers, four_train_bought: bool) -> str | None:
    """Who sells the unsold markers now: the owning corporation, the bank (a player holds the
    private and a 4-train has been bought, or it closed unsold), or nobody (None)."""
    if state.unsold == 0:
        return None
    if state.owner:
        return state.owner
    return BANK if four_train_bought or state.closed else None


def buy_marker(
    state: Engineers, buyer: str, seller: str, four_train_bought: bool
) -> tuple[Engineers, str]:
    """``buyer`` buys one marker for $50 from ``seller`` (a corporation, or ``"bank"``).
    Returns the new state and who receives the $50. Unsold markers come from
    :func:`seller_of_unsold`; a corporation may resell one it holds (the buyer cannot use it
    this operating round). No corporation buys beyond its need of one marker."""
    if buyer == seller:
        raise IllegalAction(RULE_ENGINEERS, f"{buyer} cannot buy its own marker")
    if state.markers(buyer):
        raise IllegalAction(
            RULE_ENGINEERS, f"{buyer} already has an Engineer marker (one is all it may use)"
        )
    held = dict(state.held)
    if seller == seller_of_unsold(state, four_train_bought):
        state = replace(state, unsold=state.unsold - 1)
        resold = state.resold_this_or
    elif seller != BANK and state.markers(seller) > 0:
        held[seller] -= 1
        resold = state.resold_this_or | {buyer}
    else:
        raise IllegalAction(RULE_ENGINEERS, f"{seller} has no Engineer marker to sell now")
    held[buyer] = held.get(buyer, 0) + 1
    return replace(state, held=_frozen(held), resold_this_or=resold), seller


def new_operating_round(state: Engineers) -> Engineers:
    """Markers resold in the last operating round become usable."""
    return replace(state, resold_this_or=frozenset())


def close(state: Engineers) -> Engineers:
    """The first 5-train closes the private; the markers stay in play (unsold ones with the
    corporation that bought the private)."""
    return replace(state, closed=True)


def merge(state: Engineers, first: str, second: str, merged: str) -> Engineers:
    """A merger corporation takes both corporations' markers (it uses one; the others are for
    sale to any eligible corporation) and, if one of them owned the private, its unsold
    markers."""
    held = dict(state.held)
    count = held.pop(first, 0) + held.pop(second, 0)
    held[merged] = held.get(merged, 0) + count
    owner = merged if state.owner in (first, second) else state.owner
    resold = state.resold_this_or - {first, second}
    if state.resold_this_or & {first, second}:
        resold |= {merged}
    return replace(state, owner=owner, held=_frozen(held), resold_this_or=resold)


def can_use(state: Engineers, corp: str) -> bool:
    """Whether ``corp`` builds water hazards at half price now (it holds a marker not
    bought from another corporation in this operating round)."""
    return state.markers(corp) > 0 and corp not in state.resold_this_or


def water_hazard_cost(cost: int, half_price: bool, bridge_discount: int = 0) -> int:
    """The cost of building a water hazard: half price with a usable marker, then the
    Mississippi River Bridge's discount (4b: the half price applies first), never below 0."""
    if half_price:
        cost //= 2
    return max(0, cost - bridge_discount)
