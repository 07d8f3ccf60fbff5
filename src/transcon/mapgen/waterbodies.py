"""The named water bodies of the US maps, with their seeds and the outlines that split them.

Decisions (see ``docs/maps.md``):

* Sea water east of the line below is ``atlantic``; bays, sounds and estuaries joined to it
  (Chesapeake, Delaware, Long Island Sound, Pamlico Sound...) are part of it.
* ``gulf-of-mexico`` is the sea west of the line drawn after the International Hydrographic
  Organization's limits of the Gulf: from Cape Catoche (Yucatan) to Cape San Antonio (Cuba),
  along Cuba to 83 degrees west, north along that meridian to 24.58 degrees north (the Dry
  Tortugas), east to Rebecca Shoal and along the Florida Keys to the mainland at the eastern end
  of Florida Bay. Water north-west of the Keys is the Gulf; the Straits of Florida are Atlantic.
* Puget Sound and the Strait of Juan de Fuca are ``pacific``; San Francisco Bay is its own body
  (``san-francisco-bay``), kept as at least one water hex.
* Superior, Michigan and Huron are one polygon in the coastline data: they are split at the
  Straits of Mackinac (84.75 degrees west) and at 46.3 degrees north (St. Marys River).
"""

from __future__ import annotations

from transcon.mapgen.water import WaterBody


def _box(west: float, south: float, east: float, north: float) -> tuple[tuple[float, float], ...]:
    return ((west, south), (east, south), (east, north), (west, north))


GULF_OUTLINE = (
    (-99.0, 32.0),
    (-99.0, 17.0),
    (-86.8, 21.6),
    (-84.95, 21.86),
    (-83.0, 22.9),
    (-83.0, 24.58),
    (-82.58, 24.58),
    (-81.8, 24.50),
    (-81.05, 24.68),
    (-80.63, 24.88),
    (-80.42, 25.12),
    (-80.40, 25.25),
    (-81.0, 26.0),
    (-81.6, 27.5),
    (-82.3, 29.0),
    (-82.5, 32.0),
)

ATLANTIC = WaterBody("atlantic", (-72.0, 35.0))
GULF = WaterBody("gulf-of-mexico", (-90.0, 26.0), GULF_OUTLINE)
PACIFIC = WaterBody("pacific", (-121.5, 33.0))
SF_BAY = WaterBody(
    "san-francisco-bay",
    (-122.30, 37.70),
    ((-122.45, 37.40), (-121.85, 37.40), (-121.75, 38.15), (-122.40, 38.20), (-122.48, 37.82)),
    force=True,
)
LAKE_SUPERIOR = WaterBody("lake-superior", (-87.5, 47.7), _box(-92.6, 46.3, -84.3, 49.2))
LAKE_MICHIGAN = WaterBody("lake-michigan", (-87.0, 43.5), _box(-88.3, 41.5, -84.75, 46.3))
LAKE_HURON = WaterBody("lake-huron", (-82.4, 44.8), _box(-84.75, 42.9, -79.5, 46.5))
LAKE_ERIE = WaterBody("lake-erie", (-81.2, 42.2), _box(-83.6, 41.3, -78.8, 42.95))
LAKE_ONTARIO = WaterBody("lake-ontario", (-77.8, 43.6), _box(-80.0, 43.1, -75.9, 44.3))
GREAT_SALT_LAKE = WaterBody("great-salt-lake", (-112.55, 41.15), force=True)

US_WATER_BODIES = [
    ATLANTIC,
    GULF,
    PACIFIC,
    SF_BAY,
    LAKE_SUPERIOR,
    LAKE_MICHIGAN,
    LAKE_HURON,
    LAKE_ERIE,
    LAKE_ONTARIO,
    GREAT_SALT_LAKE,
]

ATLANTIC_WATERS = {"atlantic"}
PACIFIC_WATERS = {"pacific", "san-francisco-bay"}
SEA_BODIES = {"atlantic", "gulf-of-mexico", "pacific", "san-francisco-bay"}
