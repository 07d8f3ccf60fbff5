"""The 18C2C board: zones, cities, off-boards, D overlays and Super-short masking.

Seed clauses: shared/rules/seeds/001_f19be759743d05b8.txt ("seed 001"), D variant 2a, 2d, 2g
and Super-short 1-2; the zone choices are documented in docs/rules/18c2c.md "Zones".
"""

from __future__ import annotations

from collections import Counter

import pytest

from transcon.cli.main import app
from transcon.core.board import Board
from transcon.eighteen.tiles import Color, NodeKind
from transcon.titles.c2c.data import (
    CITY_TYPES,
    CORPORATIONS,
    VARIANTS,
    ZONES,
    city_type,
    destination,
    load_board,
    load_layer,
    offboard_area,
    playable,
    zone,
)


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def test_map_validates_by_name() -> None:
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["map", "validate", "18c2c"])
    assert result.exit_code == 0, result.output
    assert "valid (18c2c, 801 hexes)" in result.output


def test_every_hex_is_in_exactly_one_zone(board: Board) -> None:
    assert len(board) == 801
    counts = Counter(zone(board, info.hex) for info in board)
    assert set(counts) == set(ZONES)
    for info in board:
        assert sum(t.startswith("zone:") for t in info.regions) == 1, info.label


# Home and destination zones per corporation, from where the cities are (the charters are
# the Rails draft's; seed 001 2g moves the Canadian Pacific's destination to Thunder Bay).
EXPECTED_ZONES = {
    "ACL": ("eastern", "eastern"),
    "ATSF": ("plains", "west"),
    "B&O": ("eastern", "eastern"),
    "B&M": ("eastern", "eastern"),
    "CP": ("canada", "canada"),
    "C&O": ("eastern", "eastern"),
    "CNW": ("eastern", "west"),
    "CB&Q": ("eastern", "west"),
    "CRI&P": ("plains", "west"),
    "CMStP&P": ("eastern", "west"),
    "D&RGW": ("west", "west"),
    "Erie": ("eastern", "eastern"),
    "GN": ("west", "eastern"),
    "GMO": ("eastern", "eastern"),
    "IC": ("eastern", "eastern"),
    "L&N": ("eastern", "eastern"),
    "MP": ("eastern", "plains"),
    "KATY": ("plains", "west"),
    "NYC": ("eastern", "eastern"),
    "NYNH&H": ("eastern", "canada"),
    "N&W": ("eastern", "eastern"),
    "NP": ("west", "eastern"),
    "PRR": ("eastern", "eastern"),
    "SAL": ("eastern", "eastern"),
    "Sou": ("eastern", "eastern"),
    "SP": ("west", "eastern"),
    "SLSF": ("plains", "west"),
    "SSW": ("eastern", "plains"),
    "TP": ("plains", "west"),
    "UP": ("plains", "west"),
    "Wabash": ("eastern", "eastern"),
    "WP": ("west", ""),
}
NAMES = {
    "CP": ("Montreal", "Thunder Bay"),
    "Erie": ("Buffalo", "Duluth"),
    "PRR": ("Pittsburgh", "Saint Louis"),
    "UP": ("Omaha", "Portland"),
    "SSW": ("Memphis", "Mexico City"),
    "GMO": ("Mobile", "Saint Louis"),
}


def test_geography_every_home_and_destination_is_in_its_zone(board: Board) -> None:
    """Seed 001 2e/2g: the charters' homes and destinations; CP's destination is Thunder Bay."""
    assert set(EXPECTED_ZONES) == set(CORPORATIONS)
    for sym, corp in CORPORATIONS.items():
        home_zone, dest_zone = EXPECTED_ZONES[sym]
        home = board.hex_at_label(corp.home)
        assert home.site is not None, sym
        assert zone(board, home.hex) == home_zone, (sym, corp.home)
        dests = destination(sym, "d")
        assert bool(dests) == bool(dest_zone), sym
        for label in dests:
            info = board.hex_at_label(label)
            assert info.site is not None, (sym, label)
            assert zone(board, info.hex) == dest_zone, (sym, label)
        if sym in NAMES:
            assert home.site.name == NAMES[sym][0]
            assert {board.hex_at_label(d).site.name for d in dests} == {NAMES[sym][1]}  # type: ignore[union-attr]
    assert destination("CP", "d") == ("A54",)
    assert destination("CP", "base") == ("A4", "A6")


def test_super_short_plays_the_eastern_zone_and_canada_east_of_the_mississippi(
    board: Board,
) -> None:
    """Seed 001 Super-short 1-2: twelve corporations; Eastern zone and Canada east of the
    Mississippi only, plus three replacement off-boards."""
    keep = playable(board, "super-short")
    shorts = [c for c in CORPORATIONS.values() if c.super_short]
    assert len(shorts) == 12
    for corp in shorts:
        for label in (corp.home, *destination(corp.sym, "d")):
            assert board.hex(label) in keep, (corp.sym, label)
    extra = {board.hex(o["hex"]) for o in board.meta["super_short_offboards"]}
    assert len(extra) == 3
    east = board.region("east-of-mississippi")
    for h in keep - extra:
        z = zone(board, h)
        assert z == "eastern" or (z == "canada" and h in east), board.label(h)
    assert board.hex("A54") in keep and board.hex("A44") not in keep  # Thunder Bay, Winnipeg
    layer = load_layer("d", "super-short")
    assert set(layer.preprinted) <= keep
    for h, placed in layer.preprinted.items():  # no track leads out of the play area
        for side in placed.tile.exits(placed.rotation):
            assert h.neighbor(side) in keep, board.label(h)


def test_every_city_has_a_type_slots_and_printed_tile(board: Board) -> None:
    seen: dict[str, set[str]] = {v: set() for v in VARIANTS}
    for variant in VARIANTS:
        layer = load_layer(variant)
        for info in board.sites():
            site = info.site
            assert site is not None
            placed = layer.preprinted[info.hex]
            if site.kind == "city":
                seen[variant].add(city_type(site, variant))
                assert all(n.kind is NodeKind.CITY and n.slots >= 1 for n in placed.tile.nodes)
                for side in placed.tile.exits(placed.rotation):
                    assert info.hex.neighbor(side) in board, info.label
            else:
                assert placed.tile.color is Color.RED
    assert seen["base"] == set(CITY_TYPES) - {"C"}
    assert seen["d"] == set(CITY_TYPES)
    assert sum(1 for i in board.sites() if i.site and i.site.kind == "city") == 98


def test_d_offboards_take_tokens_and_new_orleans_steps(board: Board) -> None:
    """Seed 001 2a (the overlaid off-boards; New Orleans' "8"/"12" read "4D"/"6D") and 2d
    (every red off-board takes tokens in the D variant)."""
    names = {i.site.name for i in board.sites() if i.site and i.site.kind == "offboard"}
    assert {"Mexico City", "Vancouver", "Alaska", "Thunder Bay", "Miami", "Mackinaw City"} <= names
    base, d = load_layer("base"), load_layer("d")
    for info in board.sites():
        if info.site is None or info.site.kind != "offboard":
            continue
        # every off-board takes tokens; an area of two hexes (one off-board) on its first hex
        area = offboard_area(board, info.label)
        slots_d = sum(d.preprinted[board.hex(h)].tile.nodes[0].slots for h in area)
        assert slots_d >= 1, info.label
        node_b = base.preprinted[info.hex].tile.nodes[0]
        assert node_b.slots == info.site.slots
    assert any(
        base.preprinted[i.hex].tile.nodes[0].slots == 0
        for i in board.sites()
        if i.site and i.site.kind == "offboard"
    )
    new_orleans = d.preprinted[board.hex("W54")].tile.nodes[0]
    assert new_orleans.value(d.band("4D")) == new_orleans.value(base.band("8")) == 70
    assert new_orleans.value(d.band("6D")) == new_orleans.value(base.band("12")) == 100
    assert d.band("3D") == base.band("6") and d.band("5D") == base.band("10")


def test_mississippi_and_rockies_boundaries(board: Board) -> None:
    """docs/rules/18c2c.md "Zones": cities on the Mississippi count as Eastern; Denver, at the
    foot of the Rockies on a mountain hex, is West; Cheyenne is Plains."""
    for label in ("F47", "K52", "M52", "Q54", "V51"):
        assert board.hex(label) in board.region("mississippi")
        assert zone(board, board.hex(label)) == "eastern"
    assert zone(board, board.hex("L29")) == "west"
    assert zone(board, board.hex("K30")) == "plains"
    assert zone(board, board.hex("E62")) == "eastern"  # Mackinaw City (Michigan)
    assert zone(board, board.hex("H69")) == "canada"  # Toronto
