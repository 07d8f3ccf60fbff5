"""18C2C tiles: the D manifest and the D upgrade chart.

Seed clauses: shared/rules/seeds/001_f19be759743d05b8.txt ("seed 001"), D variant 2c (i-iv)
and section 5 (Tile Manifest).
"""

from __future__ import annotations

import json

import pytest

from transcon.core.board import Board
from transcon.eighteen.tiles import Color
from transcon.titles.c2c.data import city_type, data_dir, load_board, load_tiles
from transcon.titles.c2c.upgrades import upgrade_chain

MANIFEST = {  # seed 001 section 5 (53 or 592: we count the one extra as 53)
    "585": 5,
    "53": 1,
    "586": 5,
    "170": 9,
    "448": 7,
    "61": 3,
    "125": 4,
    "587": 14,
    "588": 13,
    "589": 5,
    "597": 8,
    "596": 5,
    "595": 17,
}
COLOURS = {
    "585": "green",
    "53": "green",
    "586": "brown",
    "170": "brown",
    "448": "brown",
    "61": "brown",
    "125": "brown",
    "587": "gray",
    "588": "gray",
    "589": "gray",
    "597": "gray",
    "596": "gray",
    "595": "gray",
}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def test_d_tile_set_is_base_minus_bp_greys_plus_the_manifest() -> None:
    """Seed 001 section 5 and 2c: remove the B/P grey upgrades (597), add the D tiles."""
    base, d = load_tiles("base").counts, load_tiles("d").counts
    expected = dict(base)
    expected["597"] = 0  # 2c: the base B/P grey upgrades are removed
    for name, n in MANIFEST.items():
        expected[name] = (expected.get(name) or 0) + n
    assert {k: v for k, v in expected.items() if v} == d
    assert sum(MANIFEST[n] for n in MANIFEST if COLOURS[n] == "gray") == 62  # seed 1d
    assert sum(MANIFEST[n] for n in MANIFEST if COLOURS[n] == "brown") == 28  # seed 1e
    assert sum(MANIFEST[n] for n in MANIFEST if COLOURS[n] == "green") == 6  # seed 1f
    tiles = load_tiles("d").tiles
    for name, colour in COLOURS.items():
        assert tiles[name].color.value == colour, name


def test_assumed_tiles_say_why() -> None:
    raw = json.loads((data_dir() / "tiles.json").read_text())
    assumed = {k for k, v in raw["tiles"].items() if "assumed" in v}
    assert {"585", "586", "589", "587", "588", "61"} <= assumed
    assert all(len(raw["tiles"][k]["assumed"]) > 20 for k in assumed)


def _top(board: Board, label: str, variant: str) -> set[str]:
    chain = upgrade_chain(board.hex(label), variant)  # type: ignore[arg-type]
    return chain.get(Color.GRAY, set())


def test_every_city_reaches_grey_in_the_d_variant(board: Board) -> None:
    """Seed 001 2c: "All cities on the board may now be upgraded to a grey tile"."""
    for info in board.sites():
        if info.site is None or info.site.kind != "city":
            continue
        assert _top(board, info.label, "d"), f"{info.label} {info.site.name} cannot reach grey"


def test_k_cities_reach_grey_60_only_in_the_d_variant(board: Board) -> None:
    """Seed 001 2c i: grey K tiles let K cities upgrade to 60 (in the base game K stops at
    brown)."""
    tiles = load_tiles("d").tiles
    for label in ("H73", "P73", "U28", "D63"):
        assert _top(board, label, "base") == set()
        assert _top(board, label, "d") == {"588"}
    assert tiles["588"].cities[0].value(0) == 60


def test_c_cities_use_normal_yellow_then_their_own_tiles(board: Board) -> None:
    """Seed 001 2c ii: C cities use normal yellow track but special green, brown and grey."""
    c_cities = [i for i in board.sites() if i.site and city_type(i.site, "d") == "C"]
    assert c_cities
    for info in c_cities:
        chain = upgrade_chain(info.hex, "d")
        assert chain[Color.YELLOW] == {"5", "6", "57"}
        assert chain[Color.GREEN] == {"585"}
        assert chain[Color.BROWN] == {"586"}
        assert chain[Color.GRAY] == {"589"}
        base = upgrade_chain(info.hex, "base")
        assert base[Color.GREEN] == {"14", "15", "619"}


def test_b_and_p_have_separate_greys(board: Board) -> None:
    """Seed 001 2c iii: grey P has two token positions, grey B three."""
    tiles = load_tiles("d").tiles
    for label in ("E4", "M52", "T43"):  # P cities
        assert _top(board, label, "d") == {"587"}
        assert _top(board, label, "base") == {"597"}  # the base B/P grey
    for label in ("M74", "S62", "I82"):  # B cities
        assert _top(board, label, "d") == {"597"}
    assert tiles["587"].cities[0].slots == 2
    assert tiles["597"].cities[0].slots == 3


def test_plain_and_l_cities_upgrade_to_595_and_596(board: Board) -> None:
    """Seed 001 4a: normal and L cities are those that upgrade to grey 595 or 596."""
    assert _top(board, "L69", "d") == {"595"}  # Pittsburgh
    assert _top(board, "H55", "d") == {"596"}  # Milwaukee (L)
    assert _top(board, "K78", "d") == {"124"}  # New York City
    assert _top(board, "J57", "d") == {"131"}  # Chicago
