"""1870 game data in our own format: companies, privates, trains, phases, market, terrain.

Facts from ../shared/rules/1870-base.md (sections 2, 5 and 12); table references are
to that file. Dixon's values are the defaults; the Mayfair values are selected by options.
"""

from __future__ import annotations

from transcon.eighteen.framework.market_grids import MAYFAIR_1870_PARS, frozen, mayfair_1870_rows
from transcon.eighteen.framework.spec import CorpSpec, PhaseSpec, PrivateSpec, TrainSpec

CORPS: tuple[CorpSpec, ...] = (
    CorpSpec("ATSF", "Atchison, Topeka & Santa Fe", "B9", "N1"),
    CorpSpec("MKT", "Missouri-Kansas-Texas", "B11", "N1"),
    CorpSpec("MP", "Missouri Pacific", "C18", "J5"),
    CorpSpec("SLSF", "St. Louis-San Francisco", "E12", "M22", float_percent=20),
    CorpSpec("SP", "Southern Pacific", "N1", "N17"),
    CorpSpec("SSW", "St. Louis Southwestern", "H17", "J3", (0, 40)),
    CorpSpec("IC", "Illinois Central", "K16", "A22", (0, 40)),
    CorpSpec("GMO", "Gulf, Mobile & Ohio", "M20", "C18", (0, 40)),
    CorpSpec("FW", "Fort Worth & Denver City", "J3", "A2", (0, 40)),
    CorpSpec("TP", "Texas & Pacific", "J5", "N17", (0, 40)),
)
"""§2.2: homes, destinations and token costs (home token free). The one company table of
1870: the game, the route engine and the importer all read it."""

COMPANIES: dict[str, CorpSpec] = {c.sym: c for c in CORPS}
""":data:`CORPS` by symbol."""

PRIVATES: tuple[PrivateSpec, ...] = (
    PrivateSpec("GRSC", "Great River Shipping Company", 20, 5),
    PrivateSpec("MRBC", "Mississippi River Bridge Company", 40, 10),
    PrivateSpec("SCC", "Southern Cattle Company", 50, 10),
    PrivateSpec("GSC", "Gulf Shipping Company", 80, 15),
    PrivateSpec(
        "SLSF", "St. Louis-San Francisco Railway", 140, 0, president_of="SLSF", buyable=False
    ),
    PrivateSpec("MKT", "Missouri-Kansas-Texas Railroad", 160, 20, share_of="MKT"),
)
"""§2.3, in auction (cost) order."""

CATTLE_PRIVATE = "SCC"
"""The private whose token is the cattle bonus (1870-base.md §9.3)."""
PORT_PRIVATE = "GSC"
"""The private whose tokens are the open and closed port (1870-base.md §9.4)."""
BRIDGE_PRIVATE = "MRBC"
"""The private that blocks bridging the Mississippi while a player holds it (§7.1, §9.2)."""


def trains(diesels: bool, twelves: int | None) -> tuple[TrainSpec, ...]:
    """§2.4 train roster; §12 diesel variant (8s and 10s removed, D replaces 12)."""
    if diesels:
        return (
            TrainSpec("2", 80, 7, 2, rusts_on="4"),
            TrainSpec("3", 180, 6, 3, rusts_on="6"),
            TrainSpec("4", 300, 5, 4, rusts_on="D"),
            TrainSpec("5", 450, 4, 5),
            TrainSpec("6", 630, 3, 6),
            TrainSpec(
                "D",
                1100,
                None,
                None,
                trade_in=("4", "5", "6"),
                trade_in_discount=300,
                available_on="6",
            ),
        )
    return (
        TrainSpec("2", 80, 7, 2, rusts_on="4"),
        TrainSpec("3", 180, 6, 3, rusts_on="6"),
        TrainSpec("4", 300, 5, 4, rusts_on="8"),
        TrainSpec("5", 450, 4, 5, rusts_on="12"),
        TrainSpec("6", 630, 3, 6),
        TrainSpec("8", 800, 3, 8),
        TrainSpec("10", 950, 2, 10),
        TrainSpec("12", 1100, twelves, 12),
    )


Y, G, B, R = "yellow", "green", "brown", "gray"


def phases(diesels: bool) -> tuple[PhaseSpec, ...]:
    """§2.5 phases (§12 diesels: phase 6 starts with the first D, phases 7-8 removed)."""
    early = (
        PhaseSpec("1", "2", (Y,), 4, 1, 0),
        PhaseSpec("2", "3", (Y, G), 4, 2, 0, company_buy=True),
        PhaseSpec("3", "4", (Y, G), 3, 2, 0, company_buy=True),
        PhaseSpec("4", "5", (Y, G, B), 2, 3, 1, events=("close_privates",)),
        PhaseSpec("5", "6", (Y, G, B, R), 2, 3, 1, events=("remove_bonus_tokens",)),
    )
    if diesels:
        return (*early, PhaseSpec("D", "D", (Y, G, B, R), 2, 3, 2))
    return (
        *early,
        PhaseSpec("6", "8", (Y, G, B, R), 2, 3, 2),
        PhaseSpec("7", "10", (Y, G, B, R), 2, 3, 2),
        PhaseSpec("8", "12", (Y, G, B, R), 2, 3, 2),
    )


def market(dixon: bool) -> tuple[tuple[str, ...], ...]:
    """§5.1 market (the 1870 family's grid); Dixon's original differs in r4c0 (40o), r6c5
    and r7c6 (white 60)."""
    rows = mayfair_1870_rows()
    if dixon:
        rows[4][0] = "40o"
        rows[6][5] = "60"
        rows[7][6] = "60"
    return frozen(rows)


PAR_PRICES = MAYFAIR_1870_PARS
BANK = 12000
STARTING_CASH = {2: 1050, 3: 700, 4: 525, 5: 420, 6: 350}
CERT_LIMITS = {
    2: {10: 28, 9: 24, 8: 21},
    3: {10: 20, 9: 17, 8: 15},
    4: {10: 16, 9: 14, 8: 12},
    5: {10: 13, 9: 11, 8: 9},
    6: {10: 11, 9: 9, 8: 8},
}
"""§2.1; the 8-company column is Dixon's original only."""

TERRAIN: dict[str, int] = {
    **dict.fromkeys(("C14", "C16", "G2", "H5", "B11", "A10", "B13", "H3"), 40),
    **dict.fromkeys(("H7", "I8", "J11", "K10", "L11", "E20", "I10"), 60),
    **dict.fromkeys(("A16", "B17", "C18", "D17"), 40),
    **dict.fromkeys(("E18", "F19", "G18", "H17", "I16", "J15"), 60),
    **dict.fromkeys(("K14", "L13", "M14", "N15"), 80),
    **dict.fromkeys(("O16", "O18"), 100),
    "O2": 60,
    **dict.fromkeys(("O4", "O6", "N9", "N11", "N13", "N19", "N7", "N17", "N21"), 80),
    "O14": 100,
    **dict.fromkeys(("D13", "D15", "E14", "E16", "F11", "F13", "F15", "E12"), 60),
}
"""§2.6: cost of the first tile laid in a hex."""

MISSISSIPPI = (
    "A16",
    "B17",
    "C18",
    "D17",
    "E18",
    "F19",
    "G18",
    "H17",
    "I16",
    "J15",
    "K14",
    "L13",
    "M14",
    "N15",
    "O16",
    "O18",
)
CATTLE_CITIES = ("B9", "B11", "D5", "E12", "F5", "H13", "J3", "J5", "L11", "M2", "M6", "N7")
"""§9.3: cities west of the Mississippi for the Southern Cattle token."""
PORT_CITIES = ("H17", "M14", "M20", "N7", "N17")
"""§9.4: Memphis, Baton Rouge, Mobile, Galveston, New Orleans."""

_YELLOW = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "55", "56", "57", "58", "69")
_GREEN = (
    "14",
    "15",
    "16",
    "17",
    "18",
    "19",
    "20",
    "23",
    "24",
    "25",
    "26",
    "27",
    "28",
    "29",
    "141",
    "142",
    "143",
    "144",
)
_BROWN = (
    "39",
    "40",
    "41",
    "42",
    "43",
    "44",
    "45",
    "46",
    "47",
    "63",
    "70",
    "145",
    "146",
    "147",
    "170",
)
_GRAY = ("171K", "172L")
TILE_COLOR: dict[str, str] = {
    **dict.fromkeys(_YELLOW, Y),
    **dict.fromkeys(_GREEN, G),
    **dict.fromkeys(_BROWN, B),
    **dict.fromkeys(_GRAY, R),
}
_COLOR_RANK = {Y: 1, G: 2, B: 3, R: 4}


def color_rank(color: str) -> int:
    return _COLOR_RANK.get(color, 0)


_MAYFAIR_COUNTS = (
    1,
    1,
    3,
    6,
    2,
    2,
    9,
    22,
    23,
    1,
    1,
    5,
    4,
    1,
    4,
    4,
    2,
    2,
    2,
    2,
    2,
    4,
    4,
    3,
    2,
    2,
    2,
    2,
    2,
    2,
    1,
    1,
    1,
    2,
    3,
    3,
    2,
    1,
    2,
    2,
    2,
    5,
    2,
    2,
    2,
    2,
    4,
    1,
    1,
)
_DIXON_COUNTS = (
    1,
    1,
    3,
    4,
    2,
    2,
    7,
    20,
    20,
    1,
    1,
    5,
    4,
    1,
    4,
    4,
    1,
    1,
    1,
    1,
    1,
    4,
    4,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    1,
    3,
    3,
    2,
    1,
    2,
    2,
    2,
    5,
    1,
    1,
    1,
    1,
    4,
    1,
    1,
)
_ALL_TILES = _YELLOW + _GREEN + _BROWN + _GRAY


def tile_counts(dixon: bool) -> dict[str, int]:
    """§2.7 tile manifest (Mayfair or Dixon column)."""
    counts = _DIXON_COUNTS if dixon else _MAYFAIR_COUNTS
    return dict(zip(_ALL_TILES, counts, strict=True))
