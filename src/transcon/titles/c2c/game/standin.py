"""Stand-ins for the 18C2C rule modules another part of the work provides (privates, Table A,
Table B): the smallest data the game wiring needs, used until those modules exist; every
value here is listed as assumed in docs/rules/18c2c.md ("The game").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from transcon.core.options import Options, option

Column = Literal["west", "east"]


@dataclass(frozen=True, slots=True)
class PrivateCard:
    """A private company of the starting packet: face value, revenue, packet column, and
    whether a player may eliminate it (seed 001 3a)."""

    sym: str
    name: str
    value: int
    revenue: int
    column: Column
    eliminable: bool = True
    share_of: str = ""


# The base privates: the Rails draft's names, prices and revenues (18c2c-base.md A6); the six
# D privates (seed 001 2f): prices not in our sources (assumed).
PRIVATES: tuple[PrivateCard, ...] = (
    PrivateCard("GRS", "Great River Shipping", 20, 5, "west"),
    PrivateCard("MRB", "Mississippi River Bridge", 40, 10, "west", eliminable=False),
    PrivateCard("SC", "Southern Cattle", 50, 10, "west"),
    PrivateCard("CE", "Colorado Engineers", 60, 10, "west", eliminable=False),
    PrivateCard("GPP", "Great Plains Prospectors", 60, 10, "west"),
    PrivateCard("WPP", "Western Prospectors", 60, 10, "west"),
    PrivateCard("FWA", "Fellheimer & Wagner, Architects", 60, 10, "west"),
    PrivateCard("GEM", "Gold Eagle Mining", 80, 15, "west"),
    PrivateCard("CPR", "Central Pacific", 100, 15, "west", eliminable=False),
    PrivateCard("DGJ", "Denver-Grand Junction", 160, 25, "west", share_of="D&RGW"),
    PrivateCard("KT", "Keystone Tunnel", 40, 10, "east"),
    PrivateCard("AF", "Azure Fisheries", 50, 10, "east"),
    PrivateCard("ACM", "Appalachian Coal Mining Company", 50, 10, "east"),
    PrivateCard("GML", "Grace Mountain Lumber Company", 50, 10, "east"),
    PrivateCard("GSC", "The Gulf Shipping Company", 80, 15, "east"),
    PrivateCard("TBC", "The Terminals Building Company", 80, 15, "east"),
    PrivateCard("ACE", "US Army Corps of Engineers", 80, 15, "east"),
    PrivateCard("EP", "Eastern Prospectors", 80, 15, "east"),
)
SUPER_SHORT_COLUMN = ("KT", "AF", "ACM", "GML", "GSC", "TBC", "ACE", "EP")
"""Seed 001 Super-short 4: the single column, top to bottom."""

PHASE_TWO_HALF_PRICE = ("GPP", "WPP", "EP", "ACE", "CE", "CPR")
"""Seed 001 3b: bought in an OR beginning in phase 2 at half face value only."""
PHASE_TWO_BASE = ("MRB", "KT")
"""Seed 001 3b: the base game's phase-2 privates (price: the main rules, not in our sources)."""

TABLE_A: dict[int, tuple[int, ...]] = {
    100: (40, 60, 80, 100),
    90: (40, 60, 80),
    82: (40, 60),
    76: (40, 60),
    72: (40,),
    68: (40,),
}
"""Seed 001 3e Table A (missing from our copy): par -> extra tokens a company may buy when it
floats. Assumed (18c2c-base.md B5)."""

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
"""Seed 001 3c Table B: phase -> (normal build, exclusive West & Plains build) tile points."""


def packet(setup: str) -> tuple[PrivateCard, ...]:
    """The starting packet of ``setup``: both columns (full map) or the Super-short column."""
    if setup == "super-short":
        by_sym = {p.sym: p for p in PRIVATES}
        return tuple(by_sym[s] for s in SUPER_SHORT_COLUMN)
    return PRIVATES


@dataclass(frozen=True, slots=True)
class OptionsC2C(Options):
    """The options of both 18C2C titles (assumed base rules; docs/rules/18c2c.md)."""

    eliminations: int = option(
        -1,
        "Privates eliminated before the auction (-1: the variant's number: D 6, Super-short "
        "0, since eliminating six of its eight privates would leave two).",
        rule="seed 001 3a",
        min=-1,
        max=6,
    )
    packet_tops: bool = option(
        True,
        "The top private of each packet column is bought at its price; true: either top, "
        "false: only the cheapest of the two (assumed, base rules 2.7 not in our sources).",
        rule="18C2C rules 2.7",
    )
    lay_points: int = option(
        1, "Tile points a yellow tile costs (assumed).", rule="18C2C rules 4.7.1", min=1, max=3
    )
    upgrade_points: int = option(
        2, "Tile points an upgrade costs (assumed).", rule="18C2C rules 4.7.1", min=1, max=5
    )
    check_reach: bool = option(
        True,
        "New track and new tokens must be reachable from the company's network (assumed).",
        rule="18C2C rules 4.7.1, 4.7.2",
    )
    bank_end: Literal["set", "or", "now"] = option(
        "set",
        "When the game ends after the bank breaks: the end of the set of operating rounds, "
        "of the operating round, or after the current company's turn (assumed, as 1870).",
        rule="18C2C rules, game end",
    )


OPTIONS = OptionsC2C.specs()
