"""Board model and map files (issue 2, part 3)."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transcon.core.board import Board, Terrain
from transcon.core.errors import MapFileError
from transcon.core.mapfile import (
    board_from_dict,
    board_to_dict,
    dumps_map,
    load_map,
    parse_map_text,
    shipped_map_names,
)

BROKEN = Path(__file__).parents[1] / "data" / "broken_maps"


@pytest.fixture(scope="module")
def demo() -> Board:
    return load_map("demo")


def test_demo_board_has_every_terrain_river_sites_and_regions(demo: Board) -> None:
    assert 38 <= len(demo) <= 45
    assert {i.terrain for i in demo} == {t.value for t in Terrain}
    assert any(f.kind == "river" for _, fs in demo.sides() for f in fs)
    assert {i.site.kind for i in demo.sites() if i.site} == {"city", "town", "offboard"}
    assert demo.region("west") and demo.region("east_coast")
    assert demo.region("country:US") and demo.region("country:CA")


def test_hex_facts(demo: Board) -> None:
    c4 = demo.hex_at_label("C4")
    assert c4.site is not None and c4.site.name == "Centerville" and c4.site.slots == 2
    assert demo.hex_at_label("A7").water_body == "atlantic"
    assert demo.hex_at_label("E1").water_body == "lake-demo"
    assert demo.hex_at_label("A4").country == "CA"
    assert demo.has_side_feature(demo.hex("B3"), demo.hex("B4"), "river")
    assert demo.has_side_feature(demo.hex("B4"), demo.hex("B3"), "river")
    assert demo.has_side_feature(demo.hex("E5"), demo.hex("F5"), "impassable")
    assert not demo.side_features(demo.hex("B1"), demo.hex("B2"))
    assert demo.hex_at_label("F7").site.value_in("green") == 40  # type: ignore[union-attr]


def test_neighbours_stay_on_the_board(demo: Board) -> None:
    corner = demo.hex("A1")
    assert all(n in demo for n in demo.neighbors(corner))
    # A1 is the top-left corner and row B is shifted east: only A2 (E) and B1 (SE) remain
    assert [demo.label(n) for n in demo.neighbors(corner)] == ["A2", "B1"]


def test_shipped_maps_load_and_round_trip_through_the_writer() -> None:
    assert "demo" in shipped_map_names()
    for name in shipped_map_names():
        board = load_map(name)
        again = parse_map_text(dumps_map(board_to_dict(board)), source=name)
        assert len(again) == len(board)
        for info in board:
            other = again.info(info.hex)
            assert (other.label, other.terrain, other.water_body, other.country, other.site) == (
                info.label,
                info.terrain,
                info.water_body,
                info.country,
                info.site,
            )
            assert other.regions == info.regions
        assert {k: sorted(v, key=str) for k, v in again.sides()} == {
            k: sorted(v, key=str) for k, v in board.sides()
        }


EXPECTED = {
    "invalid_json.json": "not valid JSON (line 3: Expecting value)",
    "unknown_terrain.json": "B2: terrain layer: character 'q' not in legend",
    "water_without_body.json": "A3: water hex has no water body",
    "site_off_map.json": "Z9: sites (Ghost): hex is not on the map",
    "river_not_neighbours.json": "A1: sides[0] river Styx: A1/A3 are not neighbours",
    "future_version.json": "version: unsupported map format version 7 (we read 1)",
    "two_sites_one_hex.json": "A1: hex has more than one site",
    "bad_site_kind.json": "A1: site kind: Input should be 'city', 'town' or 'offboard'",
    "land_with_water_body.json": "A1: land hex (plain) has a water body",
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_map_files_give_one_line_errors(name: str) -> None:
    path = BROKEN / name
    with pytest.raises(MapFileError) as err:
        load_map(path)
    assert err.value.problems == [f"{path}: {EXPECTED[name]}"]
    assert "\n" not in str(err.value)


def test_every_problem_is_reported_not_just_the_first() -> None:
    doc = json.loads((BROKEN / "unknown_terrain.json").read_text())
    doc["layers"]["terrain"] = ["..~", ".qz"]
    doc["sites"] = [{"hex": "C9", "kind": "town"}]
    with pytest.raises(MapFileError) as err:
        board_from_dict(doc, "f.json")
    assert err.value.problems == [
        "f.json: B2: terrain layer: character 'q' not in legend",
        "f.json: B3: terrain layer: character 'z' not in legend",
        "f.json: C9: sites (town): hex is not on the map",
    ]
    assert "(and 2 more problems)" in str(err.value)


def test_unknown_shipped_name() -> None:
    with pytest.raises(MapFileError, match="no such map file or shipped map"):
        load_map("atlantis")


terrain_rows = st.lists(st.text(alphabet=".mhs", min_size=1, max_size=30), min_size=1, max_size=30)


@settings(max_examples=40)
@given(terrain_rows)
def test_any_terrain_grid_round_trips(rows: list[str]) -> None:
    doc = {
        "format": "transcon-map",
        "version": 1,
        "name": "gen",
        "legends": {"terrain": {".": "plain", "m": "mountain", "h": "hill", "s": "swamp"}},
        "layers": {"terrain": rows},
    }
    board = board_from_dict(doc)
    assert len(board) == sum(len(r) for r in rows)
    again = board_from_dict(json.loads(dumps_map(board_to_dict(board))))
    assert {i.label: i.terrain for i in again} == {i.label: i.terrain for i in board}


def test_a_7500_hex_map_is_compact_and_loads_fast() -> None:
    rows = ["".join(".mhs"[(r * 7 + c) % 4] for c in range(100)) for r in range(75)]
    doc = {
        "format": "transcon-map",
        "version": 1,
        "name": "big",
        "legends": {"terrain": {".": "plain", "m": "mountain", "h": "hill", "s": "swamp"}},
        "layers": {"terrain": rows},
    }
    text = dumps_map(board_to_dict(board_from_dict(doc)))
    assert len(text) < 40_000
    assert len(parse_map_text(text)) == 7500


@settings(max_examples=40)
@given(
    st.lists(st.text(alphabet=". ", min_size=1, max_size=20), min_size=1, max_size=20),
    st.sampled_from(["pointy", "flat"]),
    st.randoms(use_true_random=False),
)
def test_neighbour_indices_are_the_boards_neighbours_by_position(
    rows: list[str], orientation: str, rnd: Random
) -> None:
    # Board.neighbor_indices finds hexes by one int each; holes, both orientations and any
    # order of the hexes must give Board.neighbors, by position, in side order.
    doc = {
        "format": "transcon-map",
        "version": 1,
        "name": "gen",
        "layout": {"orientation": orientation},
        "legends": {"terrain": {".": "plain"}},
        "layers": {"terrain": rows},
    }
    board = board_from_dict(doc)
    hexes = [info.hex for info in board]
    rnd.shuffle(hexes)
    at = {h: i for i, h in enumerate(hexes)}
    expected = [tuple(at[n] for n in board.neighbors(h)) for h in hexes]
    assert board.neighbor_indices(hexes) == expected
