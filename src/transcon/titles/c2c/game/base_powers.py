"""The base privates' powers in an 18C2C game, as far as our sources describe them; each
unknown term is an option with an assumed default (``titles/c2c/options.py``, docs/rules/
18c2c.md "The game"):

* hex control: a private's hexes take no tile while a player holds it (``private_hexes_block``),
  void once the private was eliminated (D variant 3a, ``privates.voided_hexes``);
* the Mississippi River Bridge: dollars off the first tile on a Mississippi hex
  (``bridge_discount``), after the Engineers' half price (D variant 4b);
* the Bridge's first-turn home-hex lay (``bridge_home_lay``): ``lay HOME TILE with MRB``
  in the corporation's first turn, free, by default besides the turn's tile points;
* the Keystone Tunnel: ``lay HEX TILE with KT`` on a hill or mountain hex takes
  ``keystone_tunnel_discount`` off, then the private closes;
* the Colorado Engineers: mountain hexes at half price (``colorado_engineers_half_price``);
* the Central Pacific: labor tokens on Plains or West hexes (``assign CEP HEX``, one per
  turn), each adding the bonus tile points of D variant 3d (``central_pacific_points``);
* the bonus tokens of Southern Cattle, Grace Mountain Lumber, Gold Eagle Mining, Azure
  Fisheries, Appalachian Coal and Gulf Shipping (``assign SCC HEX``; ``titles/c2c/bonuses.py``,
  values: ``private_bonus_tokens``), added to the owner's (and others') stop values.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from transcon.core.errors import IllegalAction
from transcon.core.title import ActionContext
from transcon.eighteen.framework.actions import LayTile
from transcon.eighteen.framework.base import corp_key
from transcon.eighteen.framework.ports import PortMove, port_move
from transcon.eighteen.framework.state import GameState
from transcon.titles.c2c.bonuses import (
    BONUS_HEXES,
    REMOVED_IN_PHASE,
    RULE_BONUS,
    PlacedBonus,
    bonus_values,
)
from transcon.titles.c2c.data import Setup
from transcon.titles.c2c.game import track
from transcon.titles.c2c.game.spec import phases
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.options import C2COptions
from transcon.titles.c2c.privates import (
    CENTRAL_PACIFIC,
    COLORADO_ENGINEERS,
    GULF_SHIPPING,
    KEYSTONE_TUNNEL,
    MISSISSIPPI_RIVER_BRIDGE,
    all_privates,
    voided_hexes,
)
from transcon.titles.c2c.tilepoints import central_pacific_bonus

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C

RULE_BLOCKED = "Base rules, private companies: hexes a private controls"
RULE_KEYSTONE = "Base rules, Keystone Tunnel"
RULE_BRIDGE_HOME = "Base rules, Mississippi River Bridge: first-turn home hex (D variant 4b note)"
RULE_CENTRAL_PACIFIC = "D variant 3d: Central Pacific tokens"
RULE_GULF_PORT = "Base rules, Gulf Shipping: open and closed port"
TUNNEL_TERRAINS = frozenset({"hill", "mountain"})
LABOR_ZONES = frozenset({"plains", "west"})


def owns(state: GameState, corp: str, sym: str) -> bool:
    """Whether corporation ``corp`` owns the open private ``sym``."""
    p = state.privates.get(sym)
    return p is not None and p.owner == corp_key(corp) and not p.closed


def terrain(setup: Setup, hex_label: str) -> str:
    data, _ = track.map_of(setup)
    return data.board.info(data.board.hex(hex_label)).terrain


@lru_cache(maxsize=2)
def mississippi(setup: Setup) -> frozenset[str]:
    """The Mississippi's hexes (the map's ``mississippi`` region) in play."""
    data, _ = track.map_of(setup)
    board = data.board
    return frozenset(board.label(h) for h in board.region("mississippi")) & track.in_play(setup)


# -- hex control -----------------------------------------------------------------------------


def blocked_hexes(title: TitleC2C, state: GameState) -> frozenset[str]:
    """Hexes no tile may go on now: those of privates a player holds (open), less the hexes
    of eliminated privates, whose control is void (D variant 3a)."""
    opts = title.options_of(state)
    if not opts.private_hexes_block:
        return frozenset()
    every = all_privates(opts)
    held = frozenset(
        h
        for sym, p in state.privates.items()
        if p.owner and not p.owner.startswith("@") and not p.closed
        for h in every[sym].blocks
    )
    return held - voided_hexes(c2c_data(state).eliminated, opts)


def check_blocked(title: TitleC2C, state: GameState, hex_label: str) -> None:
    if hex_label in blocked_hexes(title, state):
        raise IllegalAction(RULE_BLOCKED, f"{hex_label} is controlled by a private a player holds")


# -- track costs -----------------------------------------------------------------------------


def bridge_discount(title: TitleC2C, state: GameState, corp: str, hex_label: str) -> int:
    """The Mississippi River Bridge's discount on a first tile of ``corp`` on ``hex_label``."""
    if hex_label in mississippi(title.setup) and owns(state, corp, MISSISSIPPI_RIVER_BRIDGE):
        return title.options_of(state).bridge_discount
    return 0


def bridge_home_lay(title: TitleC2C, state: GameState, corp: str) -> str:
    """The hex where ``corp`` may use the Mississippi River Bridge's first-turn home-hex lay
    now (``bridge_home_lay``), or a string starting "no: " saying why not."""
    if title.options_of(state).bridge_home_lay == "none":
        return "no: option bridge_home_lay is none"
    if not owns(state, corp, MISSISSIPPI_RIVER_BRIDGE):
        return f"no: {corp} does not own an open Mississippi River Bridge"
    if "home" in state.privates[MISSISSIPPI_RIVER_BRIDGE].used:
        return "no: the Bridge's home-hex lay was used"
    home = title.spec(state).corp(corp).home
    if state.corps[corp].operated or home not in mississippi(title.setup):
        return f"no: only in {corp}'s first turn, on a home on the Mississippi"
    return home


def check_bridge_home_lay(
    title: TitleC2C, state: GameState, corp: str, hex_label: str, fresh: bool
) -> None:
    """Raises naming the rule unless ``corp`` may lay a first tile on ``hex_label`` with
    the Bridge's home-hex use now."""
    home = bridge_home_lay(title, state, corp)
    if home.startswith("no: "):
        raise IllegalAction(RULE_BRIDGE_HOME, home.removeprefix("no: "))
    if hex_label != home or not fresh:
        raise IllegalAction(RULE_BRIDGE_HOME, f"the Bridge lays the first tile on {home}")


def bridge_home_candidates(
    title: TitleC2C, state: GameState, corp: str, player: str
) -> list[LayTile]:
    """Bot candidates: the yellow tiles on ``corp``'s home laid with the Bridge."""
    home = bridge_home_lay(title, state, corp)
    if home.startswith("no: ") or home in state.tiles or home in state.operating.laid_hexes:
        return []
    lays = track.lay_actions(state, title.setup, player, home, ("yellow",))
    return [lay.model_copy(update={"private": MISSISSIPPI_RIVER_BRIDGE}) for lay in lays]


def terrain_powers(
    title: TitleC2C, state: GameState, corp: str, hex_label: str, cost: int, using: str
) -> int:
    """The cost after the Colorado Engineers' half-price mountains and, when ``using`` is
    the Keystone Tunnel, its tunnel discount (raises naming the rule when it cannot)."""
    opts = title.options_of(state)
    kind = terrain(title.setup, hex_label)
    colorado = opts.colorado_engineers_half_price and owns(state, corp, COLORADO_ENGINEERS)
    if kind == "mountain" and colorado:
        cost //= 2
    if using == KEYSTONE_TUNNEL:
        if not owns(state, corp, KEYSTONE_TUNNEL):
            raise IllegalAction(RULE_KEYSTONE, f"{corp} does not own an open Keystone Tunnel")
        if kind not in TUNNEL_TERRAINS or not cost:
            raise IllegalAction(
                RULE_KEYSTONE, "the tunnel is for the first tile on a hill or mountain hex"
            )
        cost = max(0, cost - opts.keystone_tunnel_discount)
    return cost


# -- Central Pacific labor tokens ------------------------------------------------------------


def check_labor(title: TitleC2C, state: GameState, corp: str, hex_label: str) -> None:
    """Whether ``corp`` may place a Central Pacific labor token on ``hex_label`` now."""
    data = c2c_data(state)
    opts = title.options_of(state)
    if not owns(state, corp, CENTRAL_PACIFIC):
        raise IllegalAction(RULE_CENTRAL_PACIFIC, f"{corp} does not own the Central Pacific")
    if len(data.labor_tokens) >= opts.central_pacific_tokens:
        raise IllegalAction(RULE_CENTRAL_PACIFIC, "no Central Pacific token left")
    if data.turn_labor:
        raise IllegalAction(RULE_CENTRAL_PACIFIC, "one Central Pacific token per turn")
    if hex_label not in track.in_play(title.setup):
        raise IllegalAction(RULE_CENTRAL_PACIFIC, f"{hex_label} is not a hex in play")
    if track.hex_zone(title.setup, hex_label) not in LABOR_ZONES:
        raise IllegalAction(RULE_CENTRAL_PACIFIC, "Central Pacific tokens go on Plains or West")
    if hex_label in data.labor_tokens:
        raise IllegalAction(RULE_CENTRAL_PACIFIC, f"{hex_label} has a Central Pacific token")


def place_labor(state: GameState, corp: str, hex_label: str) -> None:
    data = c2c_data(state)
    data.labor_tokens[hex_label] = corp
    data.turn_labor += 1


def labor_bonus(title: TitleC2C, state: GameState) -> int:
    """The tile points the turn's Central Pacific tokens add (D variant 3d)."""
    return central_pacific_bonus(c2c_data(state).turn_labor, title.options_of(state))


# -- bonus tokens (Southern Cattle, lumber, gold, fish, coal, Gulf Shipping's ports) --------


@lru_cache(maxsize=1)
def _removal_phase() -> int:
    return [p.name for p in phases()].index(REMOVED_IN_PHASE)


def bonus_removed(state: GameState) -> bool:
    """The bonus tokens are gone from phase 3D on (the draft's phase 6)."""
    return state.phase >= _removal_phase()


def check_bonus(title: TitleC2C, state: GameState, corp: str, sym: str, hex_label: str) -> None:
    """Whether ``corp`` may place the next bonus token of its private ``sym`` on
    ``hex_label`` now: one of the private's cities, in play, not yet holding one of its
    tokens, reachable from ``corp``'s network (``check_reach``), before phase 3D."""
    if not owns(state, corp, sym):
        raise IllegalAction(RULE_BONUS, f"{corp} does not own an open {sym}")
    placed = c2c_data(state).bonus_tokens.get(sym, [])
    if len(placed) >= len(bonus_values(title.options_of(state).private_bonus_tokens)[sym]):
        raise IllegalAction(RULE_BONUS, f"{sym} has no bonus token left")
    if bonus_removed(state):
        raise IllegalAction(RULE_BONUS, f"bonus tokens are gone from phase {REMOVED_IN_PHASE}")
    if hex_label not in BONUS_HEXES[sym] or hex_label not in track.in_play(title.setup):
        raise IllegalAction(
            RULE_BONUS, f"{sym}'s tokens go on {', '.join(BONUS_HEXES[sym])} (in play)"
        )
    if has_port(title, state, sym):
        move = port_move(*port_of(state), hex_label)
        if isinstance(move, str):
            raise IllegalAction(RULE_GULF_PORT, move)
        if move is PortMove.CLOSE:
            return  # the open port's hex, reached when it was placed
    elif hex_label in placed:
        raise IllegalAction(RULE_BONUS, f"{hex_label} already has a {sym} token")
    if title.options_of(state).check_reach:
        problem = track.token_unreachable(
            state, title.setup, title.phase(state).name, corp, hex_label
        )
        if problem:
            raise IllegalAction(RULE_BONUS, problem)


def bonus_candidates(title: TitleC2C, state: GameState, corp: str) -> list[tuple[str, str]]:
    """(private, hex) bonus token placements ``corp`` might make now (the check keeps the
    legal ones): its privates' cities on or next to its network, and the open port's hex
    to turn it closed."""
    owned = [p for p in BONUS_HEXES if owns(state, corp, p)]
    if not owned or bonus_removed(state):
        return []
    near = set(track.candidate_hexes(state, title.setup, title.phase(state).name, corp))
    placed = c2c_data(state).bonus_tokens
    out = []
    for p in owned:
        port_hex, closed = port_of(state)
        if has_port(title, state, p) and port_hex:
            out += [] if closed else [(p, port_hex)]
        else:
            out += [(p, h) for h in BONUS_HEXES[p] if h in near and h not in placed.get(p, [])]
    return out


# -- Gulf Shipping's open and closed port ----------------------------------------------------


def port_placed(state: GameState, corp: str, ctx: ActionContext) -> None:
    """After Gulf Shipping's port token: the closed port closes the private."""
    port_hex, closed = port_of(state)
    if closed:
        state.privates[GULF_SHIPPING].closed = True
        ctx.emit(
            f"{GULF_SHIPPING}'s port on {port_hex} is closed; {GULF_SHIPPING} closes", corp=corp
        )


def has_port(title: TitleC2C, state: GameState, sym: str) -> bool:
    """Whether ``sym`` is Gulf Shipping playing 1870's open/closed port (``gulf_shipping_port``)."""
    return sym == GULF_SHIPPING and title.options_of(state).gulf_shipping_port == "open_closed"


def port_of(state: GameState) -> tuple[str, bool]:
    """Gulf Shipping's port hex ("" before it is placed) and whether it was turned closed
    (open_closed: the closed port is a second token on the open port's hex)."""
    placed = c2c_data(state).bonus_tokens.get(GULF_SHIPPING, [])
    return (placed[0] if placed else "", len(placed) > 1)


def placed_bonuses(state: GameState) -> tuple[PlacedBonus, ...]:
    """The bonus tokens on the map with their owners and values (none from phase 3D)."""
    data = c2c_data(state)
    if not data.bonus_tokens or bonus_removed(state):
        return ()
    values = bonus_values(C2COptions.view(state.options).private_bonus_tokens)
    out: dict[tuple[str, str], PlacedBonus] = {}
    for p, hexes in sorted(data.bonus_tokens.items()):
        owner = state.privates[p].owner.lstrip("@")
        for i, h in enumerate(hexes):  # a later token on the same hex replaces it (port)
            out[p, h] = PlacedBonus(h, owner, values[p][i])
    return tuple(out.values())
