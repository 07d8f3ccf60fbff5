"""Tiles: notation, rotation and the upgrade rule (property tests with hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from transcon.eighteen.tiles import (
    NODE_BASE,
    Color,
    NodeKind,
    TileError,
    legal_rotations,
    node_mapping,
    parse_tile,
    upgrade_problem,
)
from transcon.titles.t1870.data import load_1870

TILES = load_1870().tiles
NAMES = sorted(TILES.names())
names = st.sampled_from(NAMES)
rots = st.integers(0, 5)


def test_notation_parses_stops_and_paths() -> None:
    t = parse_tile("57", "yellow", "c0:20:1 0-c0 c0-3")
    assert t.nodes[0].kind is NodeKind.CITY and t.nodes[0].value() == 20
    assert t.nodes[0].slots == 1
    assert t.paths == ((0, NODE_BASE), (NODE_BASE, 3))
    off = parse_tile("A2", "red", "o0:30|40|50 4-o0 5-o0")
    assert [off.nodes[0].value(b) for b in range(4)] == [30, 40, 50, 50]
    assert off.nodes[0].terminal


@pytest.mark.parametrize("spec", ["c0:20 c0-7", "c1:20 0-c1", "0-0", "t0:10 0-c0", "x"])
def test_notation_rejects_bad_tiles(spec: str) -> None:
    with pytest.raises(TileError):
        parse_tile("bad", "yellow", spec)


@given(names)
def test_spec_round_trips(name: str) -> None:
    t = TILES[name]
    assert parse_tile(t.name, t.color, t.spec(), t.label) == t


@given(names, rots, rots)
def test_rotation_composes(name: str, r: int, s: int) -> None:
    t = TILES[name]
    twice = {
        tuple(sorted(((a + s) % 6 if a < NODE_BASE else a, (b + s) % 6 if b < NODE_BASE else b)))
        for a, b in t.paths_at(r)
    }
    assert twice == {tuple(sorted(p)) for p in t.paths_at(r + s)}
    assert t.exits(r + s) == frozenset((e + s) % 6 for e in t.exits(r))


@given(names, rots, names, rots, rots)
def test_upgrade_check_is_rotation_invariant(old: str, r: int, new: str, r2: int, s: int) -> None:
    a, b = TILES[old], TILES[new]
    assert node_mapping(a, r, b, r2) == node_mapping(a, r + s, b, r2 + s)
    label = b.label
    assert (upgrade_problem(a, r, b, r2, label) is None) == (
        upgrade_problem(a, r + s, b, r2 + s, label) is None
    )


@given(names, rots, names, rots)
def test_legal_upgrade_keeps_every_old_path(old: str, r: int, new: str, r2: int) -> None:
    a, b = TILES[old], TILES[new]
    if upgrade_problem(a, r, b, r2, b.label) is not None:
        return
    assert b.color.rank == a.color.rank + 1
    assert a.exits(r) <= b.exits(r2)
    mapping = node_mapping(a, r, b, r2)
    assert mapping is not None
    new_paths = {tuple(sorted(p)) for p in b.paths_at(r2)}
    for x, y in a.paths_at(r):
        mx = x if x < NODE_BASE else NODE_BASE + mapping[x - NODE_BASE]
        my = y if y < NODE_BASE else NODE_BASE + mapping[y - NODE_BASE]
        assert tuple(sorted((mx, my))) in new_paths


@given(names, rots)
def test_no_tile_upgrades_to_its_own_colour(name: str, r: int) -> None:
    t = TILES[name]
    assert upgrade_problem(t, r, t, r) is not None


def test_known_1870_upgrades() -> None:
    white_city = parse_tile("B9", "white", "c0:0:1")
    white = parse_tile("A4", "white", "")
    assert len(legal_rotations(white_city, 0, TILES["57"])) == 3  # 0-3 has 3 layouts
    assert legal_rotations(white, 0, TILES["57"]) == []  # a city tile needs a city hex
    assert legal_rotations(white, 0, TILES["9"]) == [0, 1, 2]
    assert legal_rotations(TILES["57"], 0, TILES["15"]) == [0, 3]
    assert legal_rotations(TILES["9"], 0, TILES["23"]) != []
    assert legal_rotations(TILES["7"], 0, TILES["9"]) == []  # same colour
    # Brown P tile only where the hex is labelled P; gray K only with label K.
    assert upgrade_problem(TILES["15"], 0, TILES["170"], 0, "") is not None
    assert upgrade_problem(TILES["15"], 0, TILES["170"], 0, "P") is None
    assert upgrade_problem(TILES["15"], 0, TILES["63"], 0, "P") is not None
    assert upgrade_problem(TILES["170"], 0, TILES["171K"], 0, "K") is None
    assert upgrade_problem(TILES["170"], 0, TILES["172L"], 0, "K") is not None


def test_double_town_tiles_map_towns_one_to_one() -> None:
    one = parse_tile("1", "yellow", "t0:10 t1:10 1-t0 t0-3 0-t1 t1-4")
    other = parse_tile("x", "green", "t0:10 t1:10 0-t0 t0-4 1-t1 t1-3")
    assert node_mapping(one, 0, other, 0) == {0: 1, 1: 0}


def test_colors_are_ordered() -> None:
    assert [c.rank for c in Color] == list(range(6))
