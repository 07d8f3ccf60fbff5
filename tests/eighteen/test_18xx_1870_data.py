"""The shipped 1870 data: map file, 18xx layer and tile set agree with the rules summary."""

from __future__ import annotations

from transcon.core.mapfile import load_map
from transcon.eighteen.tiles import Color, NodeKind
from transcon.titles.t1870.data import data_dir, load_1870
from transcon.titles.t1870.game.data import COMPANIES


def test_map_file_is_valid_and_has_every_site() -> None:
    board = load_map(data_dir() / "map.json")
    assert board.name == "1870" and len(board) == 154
    data = load_1870()
    for info in board.sites():
        placed = data.layer.preprinted[info.hex]
        kinds = [n.kind for n in placed.tile.nodes]
        site = info.site
        assert site is not None
        if site.kind == "offboard":
            assert kinds == [NodeKind.OFFBOARD] and placed.tile.color is Color.RED
        elif site.kind == "city":
            assert kinds == [NodeKind.CITY]
        else:
            assert kinds == [NodeKind.TOWN] * site.count
    assert len(data.layer.preprinted) == len(board.sites())


def test_offboard_values_by_phase() -> None:
    data = load_1870()
    board = data.board
    expected = {"A2": (30, 40, 50), "A22": (40, 50, 60), "N1": (20, 40, 50), "M22": (20, 30, 50)}
    for label, vals in expected.items():
        node = data.layer.preprinted[board.hex(label)].tile.nodes[0]
        assert tuple(node.value(b) for b in range(3)) == vals
        site = board.hex_at_label(label).site
        assert site is not None
        for phase in ("1", "4", "6", "D"):
            assert site.value_in(phase) == vals[data.layer.band(phase)]


def test_tile_counts_per_edition() -> None:
    mayfair, dixon = load_1870("mayfair").tiles, load_1870("dixon").tiles
    assert mayfair.counts["9"] == 23 and dixon.counts["9"] == 20
    assert mayfair.counts["70"] == 2 and dixon.counts["70"] == 1
    assert mayfair.tiles.keys() == dixon.tiles.keys()
    assert len(mayfair.tiles) == 49


def test_tile_values_and_labels() -> None:
    tiles = load_1870().tiles
    assert tiles["57"].nodes[0].value() == 20 and tiles["57"].nodes[0].slots == 1
    assert tiles["15"].nodes[0].value() == 30 and tiles["15"].nodes[0].slots == 2
    assert tiles["63"].nodes[0].value() == 40
    assert tiles["170"].label == "P" and tiles["170"].nodes[0].value() == 50
    assert tiles["171K"].nodes[0].slots == 3 and tiles["172L"].label == "L"
    assert tiles["145"].nodes[0].value() == 20


def test_companies_home_and_destination_hexes_exist() -> None:
    data = load_1870()
    for c in COMPANIES.values():
        for label in (c.home, c.destination):
            placed = data.layer.preprinted[data.board.hex(label)]
            assert any(n.kind is not NodeKind.TOWN for n in placed.tile.nodes)


def test_impassable_sides_and_labels() -> None:
    data = load_1870()
    b = data.board
    assert b.has_side_feature(b.hex("N17"), b.hex("N19"), "impassable")
    assert data.layer.label_for(b.hex("B11"), "gray") == "K"
    assert data.layer.label_for(b.hex("J3"), "brown") == "P"
    assert data.layer.label_for(b.hex("J3"), "green") == ""
