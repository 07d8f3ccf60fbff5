"""The D privates' powers in an 18C2C game, wired to the pure rule modules: the Prospectors
(D variant 4a, ``titles/c2c/prospectors.py``) and the US Army Corps of Engineers' markers
(D variant 4b, ``titles/c2c/engineers.py``). Rules: docs/rules/18c2c.md "The game".

* A corporation owning a Prospectors may designate a P city of its zone (``prospect GPP
  H10``), or use its $140 build discount on a lay in its zone (``lay H10 5 with GPP``): the
  private closes and what the lay leaves of the $140 comes off the turn's later lays in the
  zone. A Prospectors bought in an operating round begun in phase 2 gives its discount at
  once: it is bought during the buyer's track step and its $140 is that turn's.
* Engineer markers: the buyer of the private takes one; ``marker SELLER`` buys one for $50;
  a usable marker halves the first-tile cost of water hazards, before the Mississippi River
  Bridge's discount.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from transcon.core.errors import IllegalAction
from transcon.core.title import ActionContext
from transcon.eighteen.framework.actions import LayTile
from transcon.eighteen.framework.base import BANK
from transcon.eighteen.framework.rounds import TurnStage
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.tiles import Color
from transcon.titles.c2c.data import Setup, city_type
from transcon.titles.c2c.engineers import (
    MARKER_PRICE,
    RULE_ENGINEERS,
    WATER_TERRAINS,
    Engineers,
    buy_marker,
    can_use,
    seller_of_unsold,
    water_hazard_cost,
)
from transcon.titles.c2c.engineers import close as close_engineers
from transcon.titles.c2c.engineers import merge as merge_engineers
from transcon.titles.c2c.engineers import private_bought as engineers_bought
from transcon.titles.c2c.game import base_powers, track
from transcon.titles.c2c.game.base_powers import owns
from transcon.titles.c2c.game.state import C2CData, c2c_data
from transcon.titles.c2c.privates import (
    ARMY_CORPS,
    KEYSTONE_TUNNEL,
    PROSPECTORS,
    RULE_PURCHASE,
    private,
)
from transcon.titles.c2c.prospectors import (
    DESIGNATABLE_TYPES,
    DISCOUNT,
    RULE_PROSPECTORS,
    Prospector,
    designate,
    discount,
)

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C


# -- Prospectors (D variant 4a) ------------------------------------------------------------


def prospector_of(title: TitleC2C, state: GameState, sym: str) -> Prospector:
    """The Prospectors ``sym`` as the rule module sees it, from the game state."""
    data = c2c_data(state)
    designated = next((h for h, p in data.p_cities.items() if p == sym), "")
    return Prospector(
        sym,
        private(sym, title.options_of(state)).zone,
        designated=designated,
        bought_in_phase_two=sym in data.phase_two_prospectors,
        closed=state.privates[sym].closed,
    )


@lru_cache(maxsize=2)
def _cities(setup: Setup) -> tuple[tuple[str, str, str], ...]:
    """(hex, zone, city type) of every printed city in play, in label order."""
    data, _ = track.map_of(setup)
    board = data.board
    playing = track.in_play(setup)
    out = []
    for info in board.sites():
        site = info.site
        label = board.label(info.hex)
        if site is not None and site.kind == "city" and label in playing:
            out.append((label, track.hex_zone(setup, label), city_type(site, "d")))
    return tuple(sorted(out))


def check_designation(
    title: TitleC2C, state: GameState, corp: str, sym: str, hex_label: str
) -> None:
    """Whether ``corp`` may have its Prospectors ``sym`` designate ``hex_label`` a P city now
    (raises naming D variant 4a)."""
    if sym not in PROSPECTORS:
        raise IllegalAction(RULE_PROSPECTORS, f"{sym} is not a Prospectors")
    if not owns(state, corp, sym):
        raise IllegalAction(RULE_PROSPECTORS, f"{corp} does not own an open {sym}")
    if hex_label in c2c_data(state).p_cities:
        raise IllegalAction(RULE_PROSPECTORS, f"{hex_label} is already a P city")
    kinds = {h: (z, t) for h, z, t in _cities(title.setup)}
    if hex_label not in kinds:
        raise IllegalAction(RULE_PROSPECTORS, f"{hex_label} is not a city in play")
    zone, kind = kinds[hex_label]
    colour = str(track.current_tile(state, title.setup, hex_label).tile.color)
    designate(
        prospector_of(title, state, sym), hex_label, zone, kind, colour, title.phase(state).name
    )


def designation_candidates(title: TitleC2C, state: GameState, corp: str) -> list[tuple[str, str]]:
    """(Prospectors, hex) pairs ``corp`` might designate now (the check keeps the legal)."""
    out: list[tuple[str, str]] = []
    for sym in PROSPECTORS:
        if not owns(state, corp, sym):
            continue
        p = prospector_of(title, state, sym)
        if p.designated or p.bought_in_phase_two:
            continue
        taken = c2c_data(state).p_cities
        out.extend(
            (sym, h)
            for h, zone, kind in _cities(title.setup)
            if zone == p.zone and kind in DESIGNATABLE_TYPES and h not in taken
        )
    return out


def check_phase_two_purchase(title: TitleC2C, state: GameState, sym: str) -> None:
    """D variant 3b, 4a: a Prospectors bought in phase 2 gives its discount at once, so it is
    bought while the buyer may still lay track this turn."""
    late = state.operating.step > TurnStage.TRACK
    if sym in PROSPECTORS and c2c_data(state).or_phase == "2" and late:
        raise IllegalAction(
            RULE_PURCHASE,
            f"{sym} bought in phase 2 must give its build discount at once: buy it before "
            "the track step is over",
        )


def prospector_bought(title: TitleC2C, state: GameState, sym: str) -> int:
    """After a corporation bought the Prospectors ``sym``: in phase 2 its discount starts
    now for this turn and the private closes. Returns the discount started (0: none)."""
    data = c2c_data(state)
    if sym not in PROSPECTORS or data.or_phase != "2":
        return 0
    data.phase_two_prospectors.append(sym)
    amount, _ = discount(prospector_of(title, state, sym), DISCOUNT)
    zone = private(sym, title.options_of(state)).zone
    data.turn_discount[zone] = data.turn_discount.get(zone, 0) + amount
    state.privates[sym].closed = True
    return amount


def d_private_bought(
    title: TitleC2C, state: GameState, corp: str, sym: str, ctx: ActionContext
) -> bool:
    """After ``corp`` bought ``sym``: the Army Corps' buyer takes a marker (4b); a
    Prospectors bought in phase 2 starts its discount (3b, 4a). False: not these privates."""
    if sym == ARMY_CORPS:
        store_engineers(c2c_data(state), engineers_bought(engineers_of(state), corp))
        ctx.emit(f"{corp} takes an Engineer marker; it sells the others for $50", corp=corp)
        return True
    if prospector_bought(title, state, sym):
        ctx.emit(f"{sym} gives {corp} its build discount this turn and closes", corp=corp)
        return True
    return False


def privates_closed(state: GameState) -> None:
    """Phase 5 closed the privates: the Army Corps too (4b); its markers stay in play."""
    if engineers_in_play(state):
        store_engineers(c2c_data(state), close_engineers(engineers_of(state)))


# -- Engineer markers (D variant 4b) -------------------------------------------------------


def engineers_in_play(state: GameState) -> bool:
    """The Army Corps is in this game and was not eliminated (D variant 3a)."""
    return ARMY_CORPS in state.privates and ARMY_CORPS not in c2c_data(state).eliminated


def engineers_of(state: GameState) -> Engineers:
    data = c2c_data(state)
    return Engineers(
        owner=data.engineer_owner,
        held=MappingProxyType(dict(data.engineer_markers)),
        unsold=data.engineer_unsold,
        resold_this_or=frozenset(data.engineer_resold),
        closed=data.engineer_closed,
    )


def store_engineers(data: C2CData, markers: Engineers) -> None:
    data.engineer_owner = markers.owner
    data.engineer_markers = {k: v for k, v in sorted(markers.held.items()) if v}
    data.engineer_unsold = markers.unsold
    data.engineer_resold = sorted(markers.resold_this_or)
    data.engineer_closed = markers.closed


def merge_markers(
    state: GameState, first: str, second: str, merged: str, ctx: ActionContext | None
) -> None:
    """D variant 4b: the merger corporation takes both corporations' Engineer markers (and
    the unsold ones if one of them owned the private); it uses one, the others are for sale
    to any eligible corporation."""
    if not engineers_in_play(state):
        return
    before = engineers_of(state)
    count = before.markers(first) + before.markers(second)
    if not count and before.owner not in (first, second):
        return
    store_engineers(c2c_data(state), merge_engineers(before, first, second, merged))
    if count > 1 and ctx is not None:
        ctx.emit(
            f"{merged} holds {count} Engineer markers: it uses one, {count - 1} for sale",
            corp=merged,
        )


def four_train_bought(state: GameState) -> bool:
    return "4" in state.bought_types


def check_marker(state: GameState, buyer: str, seller: str) -> None:
    """Whether ``buyer`` may buy an Engineer marker from ``seller`` now (raises naming D
    variant 4b). A corporation resells a marker it needs only under the same president
    (our reading: a sale needs both sides' consent); markers beyond its one are for sale."""
    if not engineers_in_play(state):
        raise IllegalAction(RULE_ENGINEERS, "the Army Corps of Engineers is not in this game")
    markers = engineers_of(state)
    unsold_seller = seller_of_unsold(markers, four_train_bought(state))
    if seller != BANK and seller != unsold_seller:
        other = state.corps.get(seller)
        if other is None:
            raise IllegalAction(RULE_ENGINEERS, f"no corporation {seller}")
        spare = markers.markers(seller) > 1
        if not spare and other.president != state.corps[buyer].president:
            raise IllegalAction(
                RULE_ENGINEERS,
                f"{seller} sells its own Engineer marker only to a corporation of its president",
            )
    if state.corps[buyer].cash < MARKER_PRICE:
        raise IllegalAction(RULE_ENGINEERS, f"{buyer} cannot pay {MARKER_PRICE}")
    buy_marker(markers, buyer, seller, four_train_bought(state))


def buy_marker_now(state: GameState, buyer: str, seller: str) -> str:
    """Apply a checked marker purchase; returns who was paid (``bank`` or a corporation)."""
    data = c2c_data(state)
    markers, payee = buy_marker(engineers_of(state), buyer, seller, four_train_bought(state))
    store_engineers(data, markers)
    return payee


def new_marker_seller(state: GameState, seller: str) -> bool:
    """Whether ``seller`` sells a marker nobody uses: an unsold one, or one beyond its need
    (bots buy only these; resales of a used marker just move it around)."""
    markers = engineers_of(state)
    return seller == seller_of_unsold(markers, four_train_bought(state)) or (
        markers.markers(seller) > 1
    )


def marker_sellers(state: GameState, buyer: str) -> list[str]:
    """Sellers a buyer might try now (the check keeps the legal ones)."""
    if not engineers_in_play(state):
        return []
    markers = engineers_of(state)
    if markers.markers(buyer):
        return []
    unsold = seller_of_unsold(markers, four_train_bought(state))
    held = [c for c, n in markers.held.items() if n and c != buyer]
    return sorted({*held, *([unsold] if unsold and unsold != buyer else [])})


def discount_lays(
    title: TitleC2C, state: GameState, corp: str, lays: list[LayTile]
) -> list[LayTile]:
    """Bot candidates: first tiles laid with a private's discount: on hexes costing $40 or
    more in the zone of an open Prospectors ``corp`` owns (not designated), and on hill or
    mountain hexes with the Keystone Tunnel."""
    by_zone = {
        prospector_of(title, state, p).zone: p
        for p in PROSPECTORS
        if owns(state, corp, p) and not prospector_of(title, state, p).designated
    }
    tunnel = owns(state, corp, KEYSTONE_TUNNEL)
    if not by_zone and not tunnel:
        return []
    setup = title.setup
    costs = track.first_tile_costs(setup)
    tiles = track.map_of(setup)[0].tiles
    out = []
    for lay in lays:
        if tiles[lay.tile].color is not Color.YELLOW or costs.get(lay.hex, 0) < 40:
            continue
        zone = track.hex_zone(setup, lay.hex)
        if zone in by_zone:
            out.append(lay.model_copy(update={"private": by_zone[zone]}))
        if tunnel and base_powers.terrain(setup, lay.hex) in base_powers.TUNNEL_TERRAINS:
            out.append(lay.model_copy(update={"private": KEYSTONE_TUNNEL}))
    return out


def status_lines(state: GameState) -> list[str]:
    """Status lines: P cities designated, Engineer markers held and unsold."""
    data = c2c_data(state)
    out = []
    if data.p_cities:
        cities = ", ".join(f"{h} ({p})" for h, p in sorted(data.p_cities.items()))
        out.append(f"  P cities (D variant 4a): {cities}")
    if engineers_in_play(state) and (data.engineer_markers or data.engineer_owner):
        held = ", ".join(f"{c} {n}" for c, n in sorted(data.engineer_markers.items()))
        out.append(
            f"  Engineer markers (D variant 4b): {held or 'none'}; {data.engineer_unsold} unsold"
            + (f" (sold by {data.engineer_owner})" if data.engineer_owner else "")
        )
    return out


# -- track costs ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LayPrice:
    """What a lay costs and which powers it uses: ``base`` the first-tile cost, ``cost``
    what the corporation pays, ``discount`` the Prospectors' dollars it uses in ``zone``,
    ``used`` the private named with the lay (a Prospectors starting its discount, or the
    Keystone Tunnel), which closes."""

    base: int
    cost: int
    discount: int
    zone: str
    used: str


def is_water(setup: Setup, hex_label: str) -> bool:
    """A water hazard: river, major river or crossing terrain (D variant 4b)."""
    data, _ = track.map_of(setup)
    return data.board.info(data.board.hex(hex_label)).terrain in WATER_TERRAINS


def lay_price(
    title: TitleC2C, state: GameState, corp: str, hex_label: str, fresh: bool, using: str
) -> LayPrice:
    """The price of a lay on ``hex_label`` (``fresh``: the first tile there, which pays the
    hex's cost): water hazards at half price with a usable Engineer marker, then the bridge
    discount (4b); the base privates' terrain powers (``base_powers``); then the turn's
    Prospectors discount in the zone, started by ``using`` (a Prospectors) when given (4a).
    Raises naming the rule when ``using`` cannot give its power."""
    setup = title.setup
    base = track.first_tile_costs(setup).get(hex_label, 0) if fresh else 0
    half = (
        bool(base)
        and is_water(setup, hex_label)
        and engineers_in_play(state)
        and can_use(engineers_of(state), corp)
    )
    bridge = base_powers.bridge_discount(title, state, corp, hex_label) if base else 0
    cost = water_hazard_cost(base, half, bridge)
    cost = base_powers.terrain_powers(title, state, corp, hex_label, cost, using)
    zone = track.hex_zone(setup, hex_label)
    left = c2c_data(state).turn_discount.get(zone, 0)
    if using in PROSPECTORS:
        if not owns(state, corp, using):
            raise IllegalAction(RULE_PROSPECTORS, f"{corp} has no open Prospectors {using}")
        p = prospector_of(title, state, using)
        if zone != p.zone:
            raise IllegalAction(
                RULE_PROSPECTORS, f"{using} discounts track in the {p.zone} zone only"
            )
        discount(p, cost)  # refuses after a P designation
        left += DISCOUNT
    used = min(cost, left)
    return LayPrice(base, cost - used, used, zone, using)


def record_lay(state: GameState, price: LayPrice) -> None:
    """After a lay: the private used closes (a Prospectors' discount then runs for the turn
    in its zone); the turn's discount in the zone shrinks by what the lay used."""
    data = c2c_data(state)
    if price.used:
        state.privates[price.used].closed = True
    if price.used in PROSPECTORS:
        data.turn_discount[price.zone] = data.turn_discount.get(price.zone, 0) + DISCOUNT
    if price.discount:
        data.turn_discount[price.zone] -= price.discount
