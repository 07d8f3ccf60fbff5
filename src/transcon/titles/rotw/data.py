"""Constants of the combined Eastern + Western USA game: cubes, engines, income, bands,
operations cards, Rail Barons and major lines.

Money is in $1k units throughout. Values the sources do not give (income track, baron cards,
hotel and bounty rewards) are marked ``[U]`` and documented in ``docs/rules/rotw-east-west.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- cubes --------------------------------------------------------------------------------------

GOODS = ("red", "yellow", "blue", "purple", "black")
SETTLER = "settler"
RAW = "raw"
GRAY = "gray"
#: Colour-blind letters (BGA's R/B/G=black/Y/P, plus S for settlers and M for raw materials).
LETTER = {
    "red": "R",
    "yellow": "Y",
    "blue": "B",
    "purple": "P",
    "black": "G",
    SETTLER: "S",
    RAW: "M",
}
FROM_LETTER = {v: k for k, v in LETTER.items()}
CUBES_PER_COLOUR = 25
SETTLERS_TOTAL = 20
SETTLERS_TO_SWITCH = 10
RAW_TOTAL = 20
RAW_PER_CITY = 2
#: Settler capacity of a Western city by printed colour (seed 12).
SETTLER_CAPACITY = {GRAY: 1, "red": 3}
SETTLER_CAPACITY_DEFAULT = 2
#: Raw materials go to the Eastern cities printed with this "initial value" (seed 18, which
#: names them: New York, Chicago, Charleston, Atlanta, Pittsburgh, New Orleans, Boston); the
#: map's printed numbers decide, so a map file drives the rule.
RAW_TARGET_VALUE = 4
#: New City tiles in the box: 3 each of four colours, no red (base rules 1).
NEW_CITY_TILES = {"yellow": 3, "blue": 3, "purple": 3, "black": 3}

# -- money and engines --------------------------------------------------------------------------

BOND_VALUE = 5
BOND_INTEREST = 1
URBANIZE_COST = 10
URBANIZE_INCENTIVE_COST = 6
WEST_START_SURCHARGE = 20  # seed 23
RAW_CASH = 5  # seed 18
FIRST_RAW_POINTS = 2
FIRST_RAW_CASH = 10
SETTLER_POINTS = 1  # seed 13
FIRST_SETTLER_POINTS = 2
MOST_RAW_POINTS = 5
BOND_REPAY = 5  # seed 16
CASH_PER_POINT = 10

SUPER_CHIEF = 99
#: Engine levels in order (seed 10) and the cost of reaching each one.
ENGINE_LEVELS = (1, 2, 3, 4, 6, 8, 10, 12, SUPER_CHIEF)
ENGINE_COST = {2: 5, 3: 10, 4: 10, 6: 15, 8: 20, 10: 25, 12: 30, SUPER_CHIEF: 40}


def engine_name(level: int) -> str:
    return "Super-Chief" if level == SUPER_CHIEF else str(level)


def next_engine(level: int) -> int | None:
    """The level an upgrade from ``level`` reaches, or None at the Super-Chief."""
    index = ENGINE_LEVELS.index(level)
    return ENGINE_LEVELS[index + 1] if index + 1 < len(ENGINE_LEVELS) else None


#: Income track shapes (option ``income_track``) [U: the printed track was not retrieved].
INCOME_TRACKS = ("rise_peak_fall", "rise_flat")
INCOME_PEAK_END = 80  # rise_peak_fall: income starts falling after this score
INCOME_FLOOR = 20  # ... by $1k per 5 points, down to this


def income_for(score: int, track: str = INCOME_TRACKS[0]) -> int:
    """Income paid for a score-track position [U: the printed numbers were not retrieved;
    the shape is the real track's: one track whose step gives the income].

    Both shapes rise $1k per point to 10, then $1k per 2 points to 30 (income 20), $1k per
    3 points to 60 (income 30): the "lulls in income" of seed 20. ``rise_peak_fall``
    (default) holds 30 to score 80 and then falls $1k per 5 points to 20, as the printed
    track falls near its top; ``rise_flat`` stays at 30.
    """
    if score <= 0:
        return 0
    if score <= 10:
        return score
    if score <= 30:
        return 10 + (score - 10) // 2
    if score <= 60:
        return 20 + (score - 30) // 3
    if track == "rise_flat" or score <= INCOME_PEAK_END:
        return 30
    return max(INCOME_FLOOR, 30 - (score - INCOME_PEAK_END) // 5)


#: Western-phase delivery bands (seed 20): (min links, points, cash).
BANDS = ((9, 8, 5), (6, 5, 3), (3, 3, 1), (1, 1, 0))


def band(links: int) -> tuple[int, int]:
    """(points, cash) of a Western-phase goods delivery over ``links`` links."""
    for low, points, cash in BANDS:
        if links >= low:
            return points, cash
    return 0, 0


# -- track ----------------------------------------------------------------------------------------

TERRAIN_COST = {"plain": 2, "hill": 4, "mountain": 4, "swamp": 3}
RIVER_COST = 1  # a river side makes a $2k piece a $3k "water" piece (base 3.2 A)
RIDGE_COST = 4
MAX_TRACKS_PER_HEX = 2
BUILD_LIMIT = 5  # seed 8
PERFECT_LIMIT = 6
LONG_FACTOR = 2  # seed 9: two turns' worth at once

# -- operations cards -----------------------------------------------------------------------------

EVENTS = (
    "land_rush",
    "increase_production",
    "major_city_demand",
    "bond_surplus",
    "bond_shortage",
    "bond_buyback",
    "urbanization_incentive",
    "small_market",
    "convention_season",
    "used_engines",
)
KEPT = ("land_grant", "tunnel_engineer", "coal_engines")
HOTEL_CASH = 1  # [U] default of option hotel_cash: the owner's $k per good delivered there
BOUNTY_POINTS = 2  # [U] default of option bounty_points: first delivery to the bounty city
BUYBACK_COST = {1: 7, 2: 15, 3: 24}  # event Bond Buyback
BUYBACK_LIMIT = 3

EAST_HOTELS = ("Charleston", "Chicago", "New York", "Baltimore", "Atlanta", "Boston")
WEST_HOTELS = ("Oklahoma City", "Salt Lake City", "Tucson", "Denver", "Topeka", "San Francisco")
EAST_BOUNTIES = ("Jacksonville", "Raleigh", "Mobile", "Duluth", "Louisville", "Toronto")
WEST_BOUNTIES = ("Spokane", "Fort Worth", "Billings", "Reno", "Tucson", "Bismarck")

#: (kind, east count, west count) from the seed's addendum.
DECK_COUNTS = (
    ("land_grant", 4, 4),
    ("perfect_engineering", 2, 2),
    ("executive", 2, 0),
    ("new_industry", 4, 4),
    ("city_growth", 4, 4),
    ("coal_engines", 0, 2),
    ("tunnel_engineer", 0, 4),
    ("boomtown", 0, 1),
    ("sutters_mill", 0, 1),
    ("land_rush", 1, 1),
    ("increase_production", 1, 0),
    ("major_city_demand", 1, 0),
    ("bond_surplus", 2, 0),
    ("bond_shortage", 1, 0),
    ("bond_buyback", 1, 0),
    ("urbanization_incentive", 1, 1),
    ("small_market", 1, 1),
    ("convention_season", 0, 1),
    ("used_engines", 0, 2),
)
CARD_TITLES = {
    "land_grant": "Government Land Grant",
    "perfect_engineering": "Perfect Engineering",
    "executive": "Railroad Executive",
    "new_industry": "New Industry",
    "city_growth": "City Growth",
    "hotel": "Hotel",
    "bounty": "Service Bounty",
    "coal_engines": "Coal-Fueled Engines",
    "tunnel_engineer": "Tunnel Engineer",
    "boomtown": "Boomtown",
    "sutters_mill": "Sutter's Mill",
    "land_rush": "Land Rush",
    "increase_production": "Increase Production",
    "major_city_demand": "Major City Demand",
    "bond_surplus": "Bond Surplus",
    "bond_shortage": "Bond Shortage",
    "bond_buyback": "Bond Buyback",
    "urbanization_incentive": "Urbanization Incentive",
    "small_market": "Small Market Incentive",
    "convention_season": "Convention Season",
    "used_engines": "Used Engines",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One operations card: ``id`` like ``E07`` / ``W12``; ``city`` for hotels and bounties."""

    id: str
    kind: str
    city: str = ""

    @property
    def is_event(self) -> bool:
        return self.kind in EVENTS

    @property
    def title(self) -> str:
        base = CARD_TITLES[self.kind]
        return f"{base}: {self.city}" if self.city else base


def build_deck(side: str) -> tuple[Card, ...]:
    """Every card of the Eastern (``"E"``) or Western (``"W"``) operations deck, in id order."""
    kinds: list[tuple[str, str]] = []
    for kind, east, west in DECK_COUNTS:
        kinds.extend((kind, "") for _ in range(east if side == "E" else west))
    hotels, bounties = (EAST_HOTELS, EAST_BOUNTIES) if side == "E" else (WEST_HOTELS, WEST_BOUNTIES)
    kinds.extend(("hotel", city) for city in hotels)
    kinds.extend(("bounty", city) for city in bounties)
    return tuple(Card(f"{side}{i + 1:02d}", kind, city) for i, (kind, city) in enumerate(kinds))


EAST_DECK = build_deck("E")
WEST_DECK = build_deck("W")
CARDS = {card.id: card for card in EAST_DECK + WEST_DECK}

# -- Rail Barons [U: the printed cards were not retrieved; measured on the BGA counters] -----------


@dataclass(frozen=True, slots=True)
class Baron:
    """A Rail Baron goal: the player must lead (ties count, value > 0) ``measure``."""

    id: str
    name: str
    measure: str
    points: int


BARON_MEASURES = {
    "links": "most completed links",
    "run": "longest run of consecutive own links",
    "cities": "most cities reached by own links",
    "engine": "best engine",
    "goods": "most goods cubes delivered",
    "settlers": "most settlers delivered",
    "raw": "most raw materials delivered",
    "east_coast": "most East Coast cities reached",
    "west_links": "most links ending in the West",
    "west_cities": "most Western cities reached",
    "cash": "most cash",
    "red": "most red cubes delivered",
}
EAST_BARONS = (
    Baron("EB1", "Cornelius Vanderbilt", "links", 7),
    Baron("EB2", "J. P. Morgan", "run", 7),
    Baron("EB3", "Jay Gould", "cities", 7),
    Baron("EB4", "George Westinghouse", "engine", 5),
    Baron("EB5", "John Jacob Astor", "goods", 6),
    Baron("EB6", "Philip Armour", "red", 5),
    Baron("EB7", "Andrew Carnegie", "east_coast", 6),
    Baron("EB8", "James Hill", "settlers", 6),
)
WEST_BARONS = (
    Baron("WB1", "Leland Stanford", "west_links", 7),
    Baron("WB2", "Collis Huntington", "west_cities", 7),
    Baron("WB3", "Mark Hopkins", "raw", 5),
    Baron("WB4", "Charles Crocker", "run", 7),
    Baron("WB5", "Thomas Durant", "engine", 5),
    Baron("WB6", "Fred Harvey", "goods", 6),
    Baron("WB7", "Cyrus Holliday", "cash", 5),
    Baron("WB8", "Henry Villard", "settlers", 6),
)
BARONS = {b.id: b for b in EAST_BARONS + WEST_BARONS}

# -- major lines ----------------------------------------------------------------------------------

#: Major-line ends that name a map region rather than a city: the map's ``east_coast`` and
#: ``west_coast`` regions (the seed's lists: Boston, NYC, Philadelphia, Baltimore, Norfolk,
#: Wilmington, Charleston, Savannah, Jacksonville / Seattle, Tacoma, Portland, San Francisco,
#: Los Angeles, San Diego; the map generator writes them into the map file).
EAST_COAST_REGION = "@east_coast"
WEST_COAST_REGION = "@west_coast"
REGION_TITLES = {EAST_COAST_REGION: "East Coast", WEST_COAST_REGION: "West Coast"}


@dataclass(frozen=True, slots=True)
class MajorLine:
    """A major line between two groups of cities (by name, or a map region such as
    :data:`EAST_COAST_REGION`); ``group`` is east/west/combined."""

    id: str
    ends_a: tuple[str, ...]
    ends_b: tuple[str, ...]
    points: int
    group: str

    @property
    def title(self) -> str:
        a = " or ".join(REGION_TITLES.get(n, n) for n in self.ends_a)
        b = " or ".join(REGION_TITLES.get(n, n) for n in self.ends_b)
        return f"{a} to {b}"


MAJOR_LINES = (
    MajorLine("atl-ric", ("Atlanta",), ("Richmond",), 8, "east"),
    MajorLine("bal-tol", ("Baltimore",), ("Toledo",), 6, "east"),
    MajorLine("nor-min", ("New Orleans",), ("Minneapolis",), 10, "east"),
    MajorLine("nyc-chi", ("New York",), ("Chicago",), 10, "east"),
    MajorLine("bos-was", ("Boston",), ("Washington",), 5, "east"),
    MajorLine("ec-kc", (EAST_COAST_REGION,), ("Kansas City", "Des Moines"), 8, "east"),
    MajorLine("oma-pro", ("Omaha",), ("Promontory",), 8, "west"),
    MajorLine("okc-gj", ("Oklahoma City",), ("Grand Junction",), 6, "west"),
    MajorLine("ogd-por", ("Ogden",), ("Portland",), 5, "west"),
    MajorLine("che-tuc", ("Cheyenne",), ("Tucson",), 7, "west"),
    MajorLine("pro-sf", ("Promontory",), ("San Francisco",), 6, "west"),
    MajorLine("la-tac", ("Los Angeles",), ("Tacoma",), 7, "west"),
    MajorLine("chi-bil", ("Chicago",), ("Billings",), 4, "combined"),
    MajorLine("stl-den", ("St. Louis",), ("Denver",), 4, "combined"),
    MajorLine("mem-abq", ("Memphis",), ("Albuquerque",), 5, "combined"),
    MajorLine("nor-ftw", ("New Orleans",), ("Fort Worth",), 4, "combined"),
)
TRANSCON_ID = "transcon"
TRANSCON_LADDER = (20, 15, 10, 5)
#: Names the seed spells differently from the map (the seed writes "Tuscon").
NAME_ALIASES = {"Tuscon": "Tucson", "St Louis": "St. Louis", "NYC": "New York"}
