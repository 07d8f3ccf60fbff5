"""The shipped US maps agree with real geography and with the rules that use them.

These load the committed map files; they need no optional package.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from transcon.core.board import Board, HexInfo
from transcon.core.hexgrid import Hex
from transcon.core.mapfile import load_map
from transcon.mapgen.base import RIVER_NAMES
from transcon.mapgen.rotw import EAST_CITIES, WEST_CITIES

USA = "usa-transcontinental"
ROTW = "rotw-usa"


@pytest.fixture(scope="module")
def usa() -> Board:
    return load_map(USA)


@pytest.fixture(scope="module")
def rotw() -> Board:
    return load_map(ROTW)


def place(board: Board, name: str) -> HexInfo:
    """The hex of a place: a site on rotw-usa, the ``places`` table on usa-transcontinental."""
    for info in board.sites():
        assert info.site is not None
        if info.site.name == name:
            return info
    return board.hex_at_label(board.meta["places"][name])


def around(board: Board, h: Hex) -> list[HexInfo]:
    return [board.info(n) for n in board.neighbors(h)]


def bodies_next_to(board: Board, h: Hex) -> set[str]:
    return {i.water_body for i in around(board, h) if i.water_body}


def west_neighbour(board: Board, h: Hex) -> HexInfo:
    """The neighbour whose centre is furthest west."""
    layout = board.layout(1.0)
    return min(around(board, h), key=lambda i: layout.center(i.hex).x)


# -- terrain --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [USA, ROTW])
def test_denver_is_plain_and_the_front_range_west_of_it_is_mountain(name: str) -> None:
    board = load_map(name)
    denver = place(board, "Denver")
    assert denver.terrain == "plain"
    assert west_neighbour(board, denver.hex).terrain == "mountain"


@pytest.mark.parametrize("name", [USA, ROTW])
def test_the_appalachians_have_mountains(name: str) -> None:
    board = load_map(name)
    for town in ("Asheville", "Charleston WV"):
        h = place(board, town).hex
        near = [board.info(x) for x in h.spiral(3) if x in board]
        assert any(i.terrain == "mountain" for i in near), town


def test_the_high_plains_are_not_mountains(usa: Board) -> None:
    for town in ("Cheyenne", "Amarillo", "North Platte", "Lubbock", "Dodge City"):
        assert place(usa, town).terrain == "plain", town


def test_swamps_lie_in_the_everglades_and_the_louisiana_marsh(usa: Board) -> None:
    swamps = {i.hex for i in usa if i.terrain == "swamp"}
    for town in ("Miami", "New Orleans"):
        h = place(usa, town).hex
        assert any(x in swamps for x in h.spiral(2)), town
    assert len(swamps) < 60


def test_rotw_has_no_swamps_but_hills_and_ridges(rotw: Board) -> None:
    terrains = {i.terrain for i in rotw}
    assert terrains == {"plain", "hill", "mountain", "water"}
    ridges = [s for s, feats in rotw.sides() if any(f.kind == "ridge" for f in feats)]
    assert ridges


# -- water and coasts -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", [USA, ROTW])
def test_new_orleans_is_on_the_gulf_and_not_east_coast(name: str) -> None:
    board = load_map(name)
    nola = place(board, "New Orleans")
    assert "gulf-of-mexico" in bodies_next_to(board, nola.hex) | {
        b for n in board.neighbors(nola.hex) for b in bodies_next_to(board, n)
    }
    assert "east_coast" not in nola.regions


@pytest.mark.parametrize("name", [USA, ROTW])
def test_chicago_touches_lake_michigan(name: str) -> None:
    board = load_map(name)
    assert "lake-michigan" in bodies_next_to(board, place(board, "Chicago").hex)


def test_miami_is_east_coast_and_tampa_is_not(usa: Board) -> None:
    assert "east_coast" in place(usa, "Miami").regions
    tampa = place(usa, "Tampa")
    assert "east_coast" not in tampa.regions
    assert "gulf-of-mexico" in bodies_next_to(usa, tampa.hex)


def test_hexes_on_san_francisco_bay_are_west_coast(usa: Board) -> None:
    bay = [i for i in usa if i.water_body == "san-francisco-bay"]
    assert bay
    shore = [n for i in bay for n in around(usa, i.hex) if not n.is_water]
    assert shore
    assert all("west_coast" in n.regions for n in shore if n.country == "US")
    assert "west_coast" in place(usa, "San Francisco").regions


def _coast(board: Board, bodies: set[str]) -> set[Hex]:
    return {
        i.hex
        for i in board
        if not i.is_water and i.country == "US" and bodies_next_to(board, i.hex) & bodies
    }


def test_coasts_follow_the_variant_definition_exactly(usa: Board) -> None:
    assert usa.region("east_coast") == _coast(usa, {"atlantic"})
    assert usa.region("west_coast") == _coast(usa, {"pacific", "san-francisco-bay"})
    for town in ("Boston", "New York", "Norfolk", "Charleston", "Jacksonville", "Portland ME"):
        assert "east_coast" in place(usa, town).regions, town
    for town in ("Mobile", "Houston", "Pensacola", "Pittsburgh", "Chicago"):
        assert "east_coast" not in place(usa, town).regions, town
    for town in ("Los Angeles", "San Diego", "Eureka", "Astoria"):
        assert "west_coast" in place(usa, town).regions, town


def test_every_water_hex_has_its_body(usa: Board) -> None:
    bodies = {i.water_body for i in usa if i.is_water}
    assert None not in bodies
    assert {
        "atlantic",
        "gulf-of-mexico",
        "pacific",
        "san-francisco-bay",
        "lake-superior",
        "lake-michigan",
        "lake-huron",
        "lake-erie",
        "lake-ontario",
        "great-salt-lake",
    } <= bodies


def test_lake_superior_is_water_and_not_the_atlantic(usa: Board) -> None:
    superior = [i for i in usa if i.water_body == "lake-superior"]
    assert len(superior) > 10
    assert "lake-superior" in bodies_next_to(usa, place(usa, "Duluth").hex)
    for i in superior:
        assert "atlantic" not in bodies_next_to(usa, i.hex)
    assert not any("east_coast" in i.regions for i in around(usa, place(usa, "Duluth").hex))


# -- countries ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [USA, ROTW])
def test_countries_are_consistent(name: str) -> None:
    board = load_map(name)
    for i in board:
        assert (i.country is None) == i.is_water, i.label
        assert (f"country:{i.country}" in i.regions) == (i.country is not None)
    for tag in ("east_coast", "west_coast"):
        assert all(board.info(h).country == "US" for h in board.region(tag))
    for town in ("Seattle", "Detroit", "El Paso", "Brownsville", "Bangor", "Buffalo"):
        assert place(board, town).country == "US", town
    assert {i.country for i in board if not i.is_water} >= {"US", "CA", "MX"}


def test_sites_are_in_the_us_except_toronto(rotw: Board) -> None:
    for info in rotw.sites():
        assert info.site is not None
        assert info.country == ("CA" if info.site.name == "Toronto" else "US"), info.site.name


# -- rivers ---------------------------------------------------------------------------------------


def _river_sides(board: Board, name: str) -> list[tuple[Hex, Hex]]:
    return [
        s for s, feats in board.sides() if any(f.kind == "river" and f.name == name for f in feats)
    ]


def _components(board: Board, sides: Iterable[tuple[Hex, Hex]]) -> list[set[tuple[Hex, Hex]]]:
    """Groups of sides joined at hex corners."""
    corner_sides: dict[frozenset[Hex], list[tuple[Hex, Hex]]] = {}
    sides = list(sides)
    for a, b in sides:
        for c in set(a.neighbors()) & set(b.neighbors()):
            corner_sides.setdefault(frozenset((a, b, c)), []).append((a, b))
    parent = {s: s for s in sides}

    def root(s: tuple[Hex, Hex]) -> tuple[Hex, Hex]:
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    for group in corner_sides.values():
        for s in group[1:]:
            parent[root(s)] = root(group[0])
    out: dict[tuple[Hex, Hex], set[tuple[Hex, Hex]]] = {}
    for s in sides:
        out.setdefault(root(s), set()).add(s)
    return list(out.values())


@pytest.mark.parametrize("name", [USA, ROTW])
def test_the_mississippi_is_one_chain_from_minnesota_to_the_gulf(name: str) -> None:
    board = load_map(name)
    sides = _river_sides(board, "Mississippi")
    assert len(_components(board, sides)) == 1
    layout = board.layout(1.0)
    north = min(layout.center(h).y for s in sides for h in s)
    assert north < layout.center(place(board, "Minneapolis").hex).y
    corners = {c for a, b in sides for c in set(a.neighbors()) & set(b.neighbors())}
    assert any(c in board and board.info(c).water_body == "gulf-of-mexico" for c in corners)
    for a, b in sides:
        assert not board.info(a).is_water and not board.info(b).is_water


@pytest.mark.parametrize("name", [USA, ROTW])
def test_fifteen_named_rivers_each_one_chain(name: str) -> None:
    board = load_map(name)
    names = {f.name for _, feats in board.sides() for f in feats if f.kind == "river"}
    assert names == set(RIVER_NAMES)
    for river in sorted(names):
        assert len(_components(board, _river_sides(board, river))) == 1, river


# -- the Railway Rivals layout --------------------------------------------------------------------


def test_usa_layout_runs_98_columns_from_the_pacific(usa: Board) -> None:
    assert usa.labels.orientation.value == "pointy"
    cols = [usa.labels.split(i.label)[1] for i in usa if i.country == "US"]
    assert (min(cols), max(cols)) == (1, 98)
    assert usa.meta["us_columns"] == [1, 98]
    assert not any(i.site for i in usa)
    east = [usa.labels.split(usa.label(h))[1] for h in usa.region("east_coast")]
    assert min(east) > 60


# -- the Railways of the World layout -------------------------------------------------------------


def test_rotw_names_every_city_of_the_rules_on_its_board(rotw: Board) -> None:
    for town in EAST_CITIES:
        assert "board:east" in place(rotw, town).regions, town
    for town in WEST_CITIES:
        assert "board:west" in place(rotw, town).regions, town
    assert {rotw.info(h).label for h in rotw.region("seam")}
    assert all(("board:east" in i.regions) != ("board:west" in i.regions) for i in rotw)


def test_rotw_coasts_are_the_rules_city_sets(rotw: Board) -> None:
    east = {rotw.info(h).site.name for h in rotw.region("east_coast")}  # type: ignore[union-attr]
    west = {rotw.info(h).site.name for h in rotw.region("west_coast")}  # type: ignore[union-attr]
    assert east == {
        "Boston",
        "New York",
        "Philadelphia",
        "Baltimore",
        "Norfolk",
        "Wilmington",
        "Charleston",
        "Savannah",
        "Jacksonville",
    }
    assert west == {"Seattle", "Tacoma", "Portland", "San Francisco", "Los Angeles", "San Diego"}


def test_rotw_cities_sit_two_to_six_hexes_apart(rotw: Board) -> None:
    cities = [i.hex for i in rotw.sites()]
    assert len(cities) > 100
    for h in cities:
        nearest = min(h.distance(o) for o in cities if o != h)
        assert 2 <= nearest <= 6, rotw.label(h)


def test_rotw_sites_carry_colour_and_cubes(rotw: Board) -> None:
    colours = {"red", "yellow", "blue", "purple", "black", "gray"}
    for info in rotw.sites():
        s = info.site
        assert s is not None and s.kind == "city"
        assert s.data["color"] in colours
        assert 1 <= s.data["cubes"] <= 4
    for town in (
        "New York",
        "Chicago",
        "Charleston",
        "Atlanta",
        "Pittsburgh",
        "New Orleans",
        "Boston",
    ):
        site = place(rotw, town).site
        assert site is not None and site.data["color"] == "red" and "raw-materials" in site.tags
    sacramento = place(rotw, "Sacramento").site
    assert sacramento is not None and "sutters-mill" in sacramento.tags
