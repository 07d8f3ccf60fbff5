"""18C2C's private companies, the starting packet and when corporations may buy them.

The base privates are the ones the base-rules summary names, with the Rails draft's face values,
revenues and hexes (facts, low reliability: docs/rules/18c2c.md); the draft's six $20 1830-style
railroads are left out as placeholders. The six D privates (D variant 2f, 4) have no printed
values in our sources: their prices and revenues are options (:class:`C2COptions`).

Seed clauses implemented here (D variant v2.00 and Super-short):

* 2f: the packet columns — D privates placed by price, in the listed order within a price;
* Super-short 4: one column of eight, in the printed order;
* 3a: the first six options eliminate one private each (never the Mississippi River Bridge,
  Central Pacific or Colorado Engineers), from the priority player in seat order; columns close
  up; bidding starts with the seventh option;
* 3b: the phase-2 purchase list at half face value;
* 4a, 4b: the Prospectors and the Army Corps close at the start of phase 5 (the first 5-train).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from transcon.core.errors import IllegalAction
from transcon.titles.c2c.options import C2COptions

Column = Literal["western", "eastern"]
Packet = tuple[tuple[str, ...], ...]
"""The starting packet: its columns, each top to bottom (western first)."""

RULE_PACKET = "D variant 3a: starting packet"
RULE_PURCHASE = "D variant 3b: private purchases"

MISSISSIPPI_RIVER_BRIDGE = "MRB"
GULF_SHIPPING = "GSC"
CENTRAL_PACIFIC = "CEP"
COLORADO_ENGINEERS = "CE"
KEYSTONE_TUNNEL = "KT"
GREAT_PLAINS_PROSPECTORS = "GPP"
WESTERN_PROSPECTORS = "WPR"
EASTERN_PROSPECTORS = "EPR"
ARMY_CORPS = "ACE"
TERMINALS = "TBC"
ARCHITECTS = "FWA"

PROSPECTORS = (GREAT_PLAINS_PROSPECTORS, WESTERN_PROSPECTORS, EASTERN_PROSPECTORS)
NEVER_ELIMINATED = frozenset({MISSISSIPPI_RIVER_BRIDGE, CENTRAL_PACIFIC, COLORADO_ENGINEERS})
"""D variant 3a: the privates that may not be chosen for elimination."""
ELIMINATIONS = 6
"""D variant 3a: the first six options each eliminate one private."""
HALF_PRICE_IN_PHASE_TWO = frozenset({*PROSPECTORS, ARMY_CORPS, COLORADO_ENGINEERS, CENTRAL_PACIFIC})
"""D variant 3b: bought by a public corporation at half face value in an OR begun in phase 2."""
BASE_PHASE_TWO = frozenset({MISSISSIPPI_RIVER_BRIDGE, KEYSTONE_TUNNEL})
"""D variant 3b: the base game's phase-2 privates (main-rules price)."""
CLOSING_PHASE = "5"
"""Every private closes when phase 5 starts (the first 5-train): D variant 4a (Prospectors),
4b (Army Corps); the base privates as the Rails draft and 1870."""


@dataclass(frozen=True, slots=True)
class Private:
    """A private company. ``value``/``revenue`` of the D privates come from the options
    (:func:`private`); ``zone`` is a Prospectors' map zone; ``blocks`` the hexes it controls
    (void once it is eliminated, D variant 3a); ``share_of`` a 10% share that comes with it;
    ``source`` says where the figures come from."""

    sym: str
    name: str
    value: int
    revenue: int
    column: Column
    d_private: bool = False
    zone: str = ""
    blocks: tuple[str, ...] = ()
    share_of: str = ""
    closes_when_used: bool = False
    source: str = "Rails draft"


_BASE: tuple[Private, ...] = (
    Private("GRS", "Great River Shipping Company", 20, 5, "western"),
    Private(MISSISSIPPI_RIVER_BRIDGE, "Mississippi River Bridge Company", 40, 10, "western"),
    Private("SCC", "The Southern Cattle Company", 50, 10, "western"),
    Private("GML", "The Grace Mountain Lumber Company", 50, 10, "western"),
    Private(COLORADO_ENGINEERS, "Colorado Engineers", 60, 10, "western"),
    Private("GEM", "The Gold Eagle Mining Company", 80, 15, "western"),
    Private(
        CENTRAL_PACIFIC, "The Central Pacific Company", 100, 15, "western", blocks=("T15", "S16")
    ),
    Private(
        "DGJ", "The Denver-Grand Junction", 160, 25, "western", blocks=("L27",), share_of="D&RGW"
    ),
    Private(
        KEYSTONE_TUNNEL, "The Keystone Tunnel Company", 40, 10, "eastern", closes_when_used=True
    ),
    Private("AF", "The Azure Fisheries", 50, 10, "eastern"),
    Private("ACM", "The Appalachian Coal Mining Company", 50, 10, "eastern"),
    Private(GULF_SHIPPING, "The Gulf Shipping Company", 80, 15, "eastern"),
)
BASE_PRIVATES = {p.sym: p for p in _BASE}

_D_NAMES: dict[str, tuple[str, Column, str]] = {
    GREAT_PLAINS_PROSPECTORS: ("Great Plains Prospectors", "western", "plains"),
    WESTERN_PROSPECTORS: ("Western Prospectors", "western", "west"),
    ARCHITECTS: ("Fellheimer & Wagner, Architects", "western", ""),
    EASTERN_PROSPECTORS: ("Eastern Prospectors", "eastern", "eastern"),
    ARMY_CORPS: ("US Army Corps of Engineers", "eastern", ""),
    TERMINALS: ("The Terminals Building Company", "eastern", ""),
}
"""D variant 2f: the six new privates in the order the clause lists them, with their column."""

SUPER_SHORT_COLUMN = (
    KEYSTONE_TUNNEL,
    "AF",
    "ACM",
    "GML",
    "GSC",
    TERMINALS,
    ARMY_CORPS,
    EASTERN_PROSPECTORS,
)
"""Super-short 4: the single column, top to bottom."""


def d_privates(opts: C2COptions) -> dict[str, Private]:
    """The six D privates with their face values and revenues from the options."""
    figures = {
        GREAT_PLAINS_PROSPECTORS: (
            opts.great_plains_prospectors_price,
            opts.great_plains_prospectors_revenue,
        ),
        WESTERN_PROSPECTORS: (opts.western_prospectors_price, opts.western_prospectors_revenue),
        ARCHITECTS: (opts.architects_price, opts.architects_revenue),
        EASTERN_PROSPECTORS: (opts.eastern_prospectors_price, opts.eastern_prospectors_revenue),
        ARMY_CORPS: (opts.army_corps_price, opts.army_corps_revenue),
        TERMINALS: (opts.terminals_price, opts.terminals_revenue),
    }
    return {
        sym: Private(
            sym,
            name,
            figures[sym][0],
            figures[sym][1],
            column,
            d_private=True,
            zone=zone,
            closes_when_used=sym in PROSPECTORS,
            source="assumed (option)",
        )
        for sym, (name, column, zone) in _D_NAMES.items()
    }


def all_privates(opts: C2COptions) -> dict[str, Private]:
    """Every private of the D variant: the base ones and the six D privates."""
    return {**BASE_PRIVATES, **d_privates(opts)}


def private(sym: str, opts: C2COptions) -> Private:
    """One private by symbol (KeyError if there is none)."""
    return all_privates(opts)[sym]


def starting_packet(opts: C2COptions, super_short: bool = False) -> Packet:
    """The packet before eliminations: the western and eastern columns in price order, each D
    private after the privates of its price and the D privates in their listed order (D
    variant 2f; the base privates as listed by price); Super-short: one column (Super-short 4)."""
    if super_short:
        return (SUPER_SHORT_COLUMN,)
    listed = list(all_privates(opts).values())
    columns: list[tuple[str, ...]] = []
    for column in ("western", "eastern"):
        mine = [p for p in listed if p.column == column]
        # sorted() is stable: within a price the base privates come first, then the D
        # privates in the order 2f lists them.
        columns.append(tuple(p.sym for p in sorted(mine, key=lambda p: (p.value, p.d_private))))
    return tuple(columns)


def eliminable(packet: Packet) -> tuple[str, ...]:
    """The privates of ``packet`` that may be eliminated (all but the Mississippi River
    Bridge, the Central Pacific and the Colorado Engineers: D variant 3a)."""
    return tuple(sym for column in packet for sym in column if sym not in NEVER_ELIMINATED)


def eliminate(packet: Packet, sym: str) -> Packet:
    """The packet after one elimination option removes ``sym``; the column closes up (3a)."""
    if not any(sym in column for column in packet):
        raise IllegalAction(RULE_PACKET, f"{sym} is not in the starting packet")
    if sym in NEVER_ELIMINATED:
        raise IllegalAction(
            RULE_PACKET,
            "the Mississippi River Bridge, Central Pacific and Colorado Engineers cannot be "
            f"eliminated ({sym})",
        )
    return tuple(tuple(s for s in column if s != sym) for column in packet)


def packet_after_eliminations(packet: Packet, eliminated: Sequence[str]) -> Packet:
    """The packet after the elimination options, each column closed up (D variant 3a)."""
    for sym in eliminated:
        packet = eliminate(packet, sym)
    return packet


def option_holder(priority_seat: int, players: int, option_number: int) -> int:
    """The seat that takes the ``option_number``-th option (1-based) of the starting packet:
    from the priority player in seat order (D variant 3a)."""
    if option_number < 1:
        raise ValueError("options are numbered from 1")
    return (priority_seat + option_number - 1) % players


def first_bidder(priority_seat: int, players: int, eliminations: int = ELIMINATIONS) -> int:
    """The seat with the first chance to bid: the holder of the option after the eliminations
    (D variant 3a: the seventh option; in a 4-player game the third player)."""
    return option_holder(priority_seat, players, eliminations + 1)


def eliminations_for(opts: C2COptions, super_short: bool) -> int:
    """How many elimination options open the game: six (D variant 3a), or for Super-short the
    option ``super_short_eliminations`` (the clause leaves two of eight; see its doc)."""
    return opts.super_short_eliminations if super_short else ELIMINATIONS


def voided_hexes(eliminated: Iterable[str], opts: C2COptions) -> frozenset[str]:
    """Hexes whose control by a private is void because it was eliminated (D variant 3a)."""
    every = all_privates(opts)
    return frozenset(h for sym in eliminated for h in every[sym].blocks)


# -- purchases by corporations --------------------------------------------------------------


def purchase_price_range(
    sym: str, or_phase: str, first_stock_round_over: bool, opts: C2COptions
) -> tuple[int, int] | None:
    """The prices at which a public corporation may buy ``sym`` from a player in an operating
    round begun during ``or_phase``; None when it may not.

    Phase 2: the three Prospectors, the Army Corps, the Colorado Engineers and the Central
    Pacific at exactly half face value (D variant 3b; the Prospectors then only for their
    build discount, used at once: :func:`phase_two_discount_only`), the Mississippi River
    Bridge and the Keystone Tunnel at the main-rules price (option
    ``phase_two_base_privates_at_face``). From phase 3, after the first stock round, every
    private at the main-rules range (D variant 4a; option ``private_sale_range``). From phase
    5 none is left (they close).
    """
    value = private(sym, opts).value
    if or_phase == "2":
        if sym in HALF_PRICE_IN_PHASE_TWO:
            return (value // 2, value // 2)
        if sym in BASE_PHASE_TWO:
            return (value, value) if opts.phase_two_base_privates_at_face else _range(value, opts)
        return None
    if or_phase == "3" or or_phase == "4":
        return _range(value, opts) if first_stock_round_over else None
    return None


def _range(value: int, opts: C2COptions) -> tuple[int, int]:
    if opts.private_sale_range == "face_only":
        return (value, value)
    return (value // 2, value * 2)


def phase_two_discount_only(sym: str, or_phase: str) -> bool:
    """A Prospectors bought in phase 2 may only give its $140 build discount, used at once
    (D variant 3b, 4a)."""
    return or_phase == "2" and sym in PROSPECTORS


def closes_on_phase(phase: str) -> bool:
    """Whether every private still open closes when ``phase`` starts (phase 5: D variant 4a,
    4b; base privates as the Rails draft and 1870)."""
    return phase == CLOSING_PHASE
