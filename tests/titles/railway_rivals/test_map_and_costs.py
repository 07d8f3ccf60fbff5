"""Seed "Terrain Build Costs", "Actual Build Costs", "Terrain Notes", "Foreign Countries",
"East and West Coast Hexes", "Estuaries" and the eligible region of "GM Created Cities"."""

from __future__ import annotations

from pathlib import Path

import pytest

from transcon.core.errors import IllegalAction
from transcon.titles.railway_rivals import RailwayRivalsUSA
from transcon.titles.railway_rivals.actions import Build, StartPick
from transcon.titles.railway_rivals.building import RULE_TERRAIN
from transcon.titles.railway_rivals.config import Config
from transcon.titles.railway_rivals.mapmodel import _side_kinds, rr_map
from transcon.titles.railway_rivals.rules import RULE_START

from .conftest import needs_real_map, new_game, started
from .maps import cost_map, write_map


@pytest.mark.parametrize(
    ("a", "b", "cost", "case"),
    [
        ("B1", "B2", 1, "Plains - Plains"),
        ("A1", "A2", 3, "Plains - River - Plains"),
        ("A4", "A5", 3, "Plains - Mountain"),
        ("A3", "A4", 5, "Mountain - Mountain"),
        ("A2", "A3", 5, "Plains - River - Mountain"),
        ("A5", "A6", 3, "plain - swamp (+2 per swamp half-hex)"),
        ("A5", "B5", 3, "river side between plains"),
    ],
)
def test_seed_actual_build_costs(cost_path: str, a: str, b: str, cost: int, case: str) -> None:
    """Seed "Actual Build Costs": 1 + 2 per mountain/swamp half-hex + 2 per river side."""
    model = rr_map(cost_path)
    i, j = model.hex_index(a), model.hex_index(b)
    assert model.cost(i, j) == cost, case
    assert model.cost(j, i) == cost


def test_seed_terrain_notes_no_track_into_water_or_foreign_hexes(cost_path: str) -> None:
    """Seed "Terrain Notes"/"Foreign Countries": adjacent countries and water are impassable."""
    model = rr_map(cost_path)
    a6, a7, b5, b6 = (model.hex_index(x) for x in ("A6", "A7", "B5", "B6"))
    assert model.cost(a6, a7) is None  # water
    assert model.cost(b5, b6) is None  # Canada
    assert not model.buildable[b6] and not model.buildable[a7]


def test_seed_foreign_countries_build_refused(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed "Foreign Countries": a build into Canada is refused with the rule named."""
    game = started(title, strip_path, {"Ann": "B29", "Bob": "E29"})
    game.state.dice = [6, 6, 6]
    with pytest.raises(IllegalAction) as err:
        game.apply(Build(player="Ann", path=("B29", "A29")))
    assert err.value.rule == RULE_TERRAIN


def test_seed_east_and_west_coast_hexes_on_the_strip_map(strip_path: str) -> None:
    """Seed "East and West Coast Hexes": land next to Atlantic / Pacific water; lakes and
    foreign hexes are never coast."""
    model = rr_map(strip_path)
    east = sorted(model.labels[h] for h in model.east_coast)
    west = sorted(model.labels[h] for h in model.west_coast)
    assert east == sorted(f"{r}29" for r in "BCDEFGHIJ")
    assert west == sorted(f"{r}2" for r in "BCDEFGHI")  # J2 is Mexico
    lake_side = model.hex_index("C24")
    assert lake_side not in model.east_coast


def test_seed_game_start_pick_must_be_east_coast(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed "Game Start": each rival selects an East Coast hex."""
    game = new_game(title, strip_path)
    with pytest.raises(IllegalAction) as err:
        game.apply(StartPick(player="Ann", hex="E28"))
    assert err.value.rule == RULE_START


def test_seed_gm_cities_eligible_region_grows_west_until_round_12(strip_path: str) -> None:
    """Seed "GM Created Cities" / notes §9: a band of eastern columns that grows two (scaled)
    columns per round to round 11; the whole US from round 12."""
    model = rr_map(strip_path)
    cfg = Config.from_options({})
    sizes = [len(model.eligible(r, cfg)) for r in range(1, 15)]
    assert sizes == sorted(sizes)
    assert model.eligible(12, cfg) == model.us_land
    cols = [model.column[i] for i in model.us_land]
    width = max(cols) - min(cols) + 1
    band = round(17 * width / 57)
    assert min(model.column[i] for i in model.eligible(1, cfg)) == max(cols) - band + 1
    band11 = round(37 * width / 57)
    assert min(model.column[i] for i in model.eligible(11, cfg)) == max(cols) - band11 + 1
    unscaled = Config.from_options({"eligible_scale": False})
    assert min(model.column[i] for i in model.eligible(1, unscaled)) == max(cols) - 17 + 1


@needs_real_map
def test_real_map_coasts_regions_and_costs() -> None:
    """The generated map: East/West Coast regions exist, foreign and water hexes are not
    buildable, and every link cost is one of the seed's values (1, 3, 5, 7 or 9)."""
    model = rr_map("usa-transcontinental")
    assert len(model.east_coast) > 20 and len(model.west_coast) > 20
    board = model.board
    for h in model.east_coast | model.west_coast:
        info = board.info(model.hexes[h])
        assert not info.is_water and info.country in (None, "US")
    assert set(model.link_cost.values()) <= {1, 3, 5, 7}
    cfg = Config.from_options({})
    assert len(model.eligible(1, cfg)) < len(model.eligible(11, cfg)) < len(model.us_land)


def test_seed_estuaries_cost_as_river_sides(tmp_path: Path) -> None:
    """Seed "Estuaries": a river mouth drawn as an ``estuary`` side costs +2 like a river
    (the one definition of river sides, ``core.board.RIVER_SIDE_KINDS``)."""
    doc = cost_map()
    doc["sides"] = [{"kind": "estuary", "sides": ["A5/B5"]}]
    model = rr_map(write_map(tmp_path, doc, "estuary.json"))
    assert model.cost(model.hex_index("A5"), model.hex_index("B5")) == 3


@pytest.mark.parametrize("name", ["usa-transcontinental", "rotw-usa", "demo"])
def test_the_models_neighbours_and_sides_are_the_boards(name: str) -> None:
    """The model's neighbours (``Board.neighbor_indices``) are ``Board.neighbors`` in side
    order, and the side kinds its link costs read are ``Board.side_features``, on shipped
    maps with rivers, estuaries and impassable sides."""
    model = rr_map(name)
    board = model.board
    for i, h in enumerate(model.hexes):
        assert [model.hexes[j] for j in model.neighbors[i]] == board.neighbors(h)
    kinds = _side_kinds(board, model.index)
    for (a, b), features in board.sides():
        if a in model.index and b in model.index:
            i, j = model.index[a], model.index[b]
            assert kinds[(i, j)] == kinds[(j, i)] == {f.kind for f in features}
    assert sum(1 for _, features in board.sides() if features) > 0
