"""Deliveries (base 3.2 D) and the settler / raw-material / band rules (seeds 11-13, 18-22)."""

from __future__ import annotations

import pytest
from rotw_helpers import add_link, label, set_cubes, started, to_act

from transcon.core.errors import IllegalAction
from transcon.titles.rotw.data import RAW, SETTLER
from transcon.titles.rotw.state import OPTIONS


def test_base_delivery_point_to_each_link_owner() -> None:
    """Base 3.2 D: each link used gives 1 point to its owner; the cube leaves the board."""
    game = started()
    s = game.state
    add_link(s, "Bob", "Pittsburgh", "Chicago")
    add_link(s, "Cat", "Chicago", "St. Louis")
    set_cubes(s, "Pittsburgh", ["black", "blue"])
    s.pl["Ann"].engine = 2
    game.act("deliver G Pittsburgh Chicago St._Louis", "Ann")
    assert (s.pl["Bob"].score, s.pl["Cat"].score, s.pl["Ann"].score) == (1, 1, 0)
    assert s.cubes[label("Pittsburgh")] == ["blue"]


def test_base_delivery_limited_by_engine_level() -> None:
    """Base 3.2 D: at most as many links as the engine level."""
    game = started()
    s = game.state
    add_link(s, "Ann", "Pittsburgh", "Chicago")
    add_link(s, "Ann", "Chicago", "St. Louis")
    set_cubes(s, "Pittsburgh", ["black"])
    with pytest.raises(IllegalAction, match="engine"):
        game.act("deliver G Pittsburgh Chicago St._Louis", "Ann")


def test_base_cube_stops_at_first_city_of_its_colour() -> None:
    """Base 3.2 D: a cube may not pass through a city of its own colour."""
    game = started()
    s = game.state
    add_link(s, "Ann", "Pittsburgh", "Chicago")
    add_link(s, "Ann", "Chicago", "St. Louis")
    add_link(s, "Ann", "St. Louis", "Kansas City")
    set_cubes(s, "Pittsburgh", ["red"])
    s.colour[label("Kansas City")] = "red"
    s.pl["Ann"].engine = 4
    with pytest.raises(IllegalAction, match=r"base 3\.2 D"):
        game.act("deliver R Pittsburgh Chicago St._Louis Kansas_City", "Ann")
    game.act("deliver R Pittsburgh Chicago", "Ann")


def test_base_destination_must_match_and_route_may_not_repeat() -> None:
    game = started()
    s = game.state
    add_link(s, "Ann", "Pittsburgh", "Chicago")
    set_cubes(s, "Pittsburgh", ["yellow"])
    with pytest.raises(IllegalAction, match="does not accept"):
        game.act("deliver Y Pittsburgh Chicago", "Ann")
    with pytest.raises(IllegalAction, match="has no link"):
        game.act("deliver Y Pittsburgh Boston:Ann", "Ann")


def test_seed11_emptied_coloured_city_gets_two_settlers_once() -> None:
    """Seed 11: a coloured Eastern city emptied gets 2 settler cubes (20 in all), once."""
    game = started()
    s = game.state
    add_link(s, "Ann", "Pittsburgh", "Chicago")
    set_cubes(s, "Pittsburgh", ["red"])
    game.act("deliver R Pittsburgh Chicago", "Ann")
    assert s.cubes[label("Pittsburgh")] == [SETTLER, SETTLER]
    assert s.settler_pool == 18


def test_seed11_emptied_gray_city_gets_no_settlers() -> None:
    """Seed 11 says "coloured": an emptied gray city gets none (option: robertson)."""
    game = started()
    s = game.state
    add_link(s, "Ann", "Washington", "Philadelphia")
    set_cubes(s, "Washington", ["yellow"])
    game.act("deliver Y Washington Philadelphia", "Ann")
    assert s.cubes[label("Washington")] == []
    game = started(settlers_on_empty="robertson")
    s = game.state
    add_link(s, "Ann", "Washington", "Philadelphia")
    set_cubes(s, "Washington", ["yellow"])
    game.act("deliver Y Washington Philadelphia", "Ann")
    assert s.cubes[label("Washington")] == [SETTLER]


def _settler_game() -> tuple:
    game = started()
    s = game.state
    add_link(s, "Ann", "Chicago", "Omaha")
    add_link(s, "Bob", "Omaha", "Denver")
    add_link(s, "Ann", "Denver", "Salt Lake City")
    set_cubes(s, "Chicago", [SETTLER])
    s.settler_pool -= 1
    s.pl["Ann"].engine = 4
    return game, s


def test_seed12_settler_stops_at_first_unsettled_coloured_western_city() -> None:
    """Seed 12: a settler need not stop at unsettled gray Omaha, but must stop at the first
    unsettled coloured Western city (Denver)."""
    game, s = _settler_game()
    with pytest.raises(IllegalAction, match="variant rule 12"):
        game.act("deliver S Chicago Omaha Denver Salt_Lake_City", "Ann")
    game.act("deliver S Chicago Omaha Denver", "Ann")
    assert s.settlers_at == {label("Denver"): 1}


def test_seed12_settled_city_receives_printed_cubes_from_eastern_bag() -> None:
    """Seed 12: the settled city at once gets its printed number of Eastern cubes."""
    game, s = _settler_game()
    east_before = sum(s.east_bag.values())
    game.act("deliver S Chicago Omaha Denver", "Ann")
    assert len(s.cubes[label("Denver")]) == 3
    assert sum(s.east_bag.values()) == east_before - 3


def test_seed12_settled_coloured_city_may_be_passed() -> None:
    """Seed 12: a settler may pass a settled coloured city that could take another."""
    game, s = _settler_game()
    s.settlers_at[label("Denver")] = 1
    game.act("deliver S Chicago Omaha Denver Salt_Lake_City", "Ann")
    assert s.settlers_at[label("Salt Lake City")] == 1


def test_seed12_capacity_gray_one_colour_two_red_three() -> None:
    game, s = _settler_game()
    s.settlers_at[label("Omaha")] = 1
    with pytest.raises(IllegalAction, match="does not accept"):
        game.act("deliver S Chicago Omaha", "Ann")
    s.settlers_at[label("Denver")] = 2
    game.act("deliver S Chicago Omaha Denver", "Ann")  # red: room for a third
    assert s.settlers_at[label("Denver")] == 3


def test_seed13_settler_points_and_first_settler_bonus() -> None:
    """Seed 13: link points as usual, +1 for the settler, +2 more for the game's first."""
    game, s = _settler_game()
    game.act("deliver S Chicago Omaha Denver", "Ann")
    assert s.pl["Ann"].score == 1 + 1 + 2 and s.pl["Bob"].score == 1
    set_cubes(s, "Chicago", [SETTLER])
    to_act(s, "Ann")
    game.act("deliver S Chicago Omaha", "Ann")
    assert s.pl["Ann"].score == 4 + 1 + 1


def test_seed14_tenth_settler_starts_western_phase_after_the_round() -> None:
    """Seed 14: the Western phase begins at the end of the game turn of the 10th settler."""
    game, s = _settler_game()
    s.settlers_arrived = 9
    game.act("deliver S Chicago Omaha Denver", "Ann")
    assert s.west_pending and s.phase == "east"
    while s.step == "actions":
        game.act("pass", game.current_players()[0])
    assert s.phase == "west" and s.step == "settle"


def _west_game() -> tuple:
    game = started()
    s = game.state
    s.phase = "west"
    s.west_bag = {"red": 5, "yellow": 5, "blue": 5, "purple": 5, "black": 5, RAW: 5}
    return game, s


def test_seed18_raw_material_to_value_four_eastern_city() -> None:
    """Seed 18: raw materials go only to the value-4 Eastern cities: +$5k and link points;
    the first one also +2 points (or +$10k, the deliverer's choice)."""
    game, s = _west_game()
    add_link(s, "Ann", "Kansas City", "St. Louis")
    add_link(s, "Ann", "St. Louis", "Chicago")
    s.cubes[label("Kansas City")] = [RAW, RAW]
    s.pl["Ann"].engine = 2
    with pytest.raises(IllegalAction, match="variant rule 18"):
        game.act("deliver M Kansas_City St._Louis", "Ann")
    game.act("deliver M Kansas_City St._Louis Chicago", "Ann")
    assert (s.pl["Ann"].score, s.pl["Ann"].cash, s.pl["Ann"].raw_delivered) == (4, 5, 1)
    to_act(s, "Ann")
    game.act("deliver M Kansas_City St._Louis Chicago", "Ann")
    assert (s.pl["Ann"].score, s.pl["Ann"].cash) == (6, 10)


def test_seed18_first_raw_material_cash_choice() -> None:
    game, s = _west_game()
    add_link(s, "Ann", "St. Louis", "Chicago")
    s.cubes[label("St. Louis")] = [RAW]
    game.act("deliver M St._Louis Chicago cash", "Ann")
    assert (s.pl["Ann"].score, s.pl["Ann"].cash) == (1, 15)


def test_seed20_western_phase_bands() -> None:
    """Seed 20: in the Western phase goods score by bands: 1-2 links 1 point, 3-5 links
    3 points + $1k (per owner's own links, option); settlers and raw keep exact counts."""
    game, s = _west_game()
    add_link(s, "Ann", "Washington", "Pittsburgh")
    add_link(s, "Ann", "Pittsburgh", "Chicago")
    add_link(s, "Ann", "Chicago", "St. Louis")
    s.cubes[label("Washington")] = ["black"]
    s.pl["Ann"].engine = 3
    game.act("deliver G Washington Pittsburgh Chicago St._Louis", "Ann")
    assert (s.pl["Ann"].score, s.pl["Ann"].cash) == (3, 1)


def test_seed20_band_option_deliverer_all() -> None:
    game = started(west_band_scoring="deliverer_all")
    s = game.state
    s.phase = "west"
    add_link(s, "Bob", "Washington", "Pittsburgh")
    add_link(s, "Ann", "Pittsburgh", "Chicago")
    s.cubes[label("Washington")] = ["red"]
    s.pl["Ann"].engine = 2
    game.act("deliver R Washington Pittsburgh Chicago", "Ann")
    assert (s.pl["Ann"].score, s.pl["Bob"].score) == (1, 0)


def test_seed21_western_phase_settler_adds_one_western_cube() -> None:
    """Seed 21: in the Western phase a settler brings 1 cube from the Western bag."""
    game, s = _west_game()
    add_link(s, "Ann", "Chicago", "Omaha")
    set_cubes(s, "Chicago", [SETTLER])
    game.act("deliver S Chicago Omaha", "Ann")
    assert len(s.cubes[label("Omaha")]) == 1 and sum(s.west_bag.values()) == 29
    assert s.pl["Ann"].score == 1 + 1 + 2  # exact link count, not a band


def test_seed22_goods_bound_east_pass_matching_western_cities() -> None:
    """Seed 22: in the Western phase goods delivered East pass Western cities of their
    colour; goods bound for the West still stop at the first."""
    game, s = _west_game()
    add_link(s, "Ann", "Salt Lake City", "Denver")
    add_link(s, "Ann", "Denver", "Omaha")
    add_link(s, "Ann", "Omaha", "Chicago")
    s.cubes[label("Salt Lake City")] = ["red"]
    s.pl["Ann"].engine = 3
    game.act("deliver R Salt_Lake_City Denver Omaha Chicago", "Ann")
    s.phase = "east"
    s.cubes[label("Salt Lake City")] = ["red"]
    to_act(s, "Ann")
    with pytest.raises(IllegalAction, match="stop"):
        game.act("deliver R Salt_Lake_City Denver Omaha Chicago", "Ann")


def test_event_major_city_demand_and_hotels_and_bounty() -> None:
    """Events/cards: Major City Demand +$1k per red cube; a hotel pays its owner [U] $1k per
    cube delivered there; a displayed Service Bounty goes to the first delivery [U] 2 pts."""
    game = started()
    s = game.state
    s.events = ["major_city_demand"]
    s.pl["Bob"].hotels = ["Chicago"]
    add_link(s, "Ann", "Pittsburgh", "Chicago")
    set_cubes(s, "Pittsburgh", ["red", "blue"])
    game.act("deliver R Pittsburgh Chicago", "Ann")
    assert (s.pl["Ann"].cash, s.pl["Bob"].cash) == (1, 1)


def test_hotel_and_bounty_values_are_options() -> None:
    """Hotels and Service Bounties [U]: their printed values were not found, so they are the
    options ``hotel_cash`` (default $1k) and ``bounty_points`` (default 2)."""
    game = started(hotel_cash=3)
    s = game.state
    s.pl["Bob"].hotels = ["Chicago"]
    add_link(s, "Ann", "Pittsburgh", "Chicago")
    set_cubes(s, "Pittsburgh", ["red", "blue"])
    game.act("deliver R Pittsburgh Chicago", "Ann")
    assert s.pl["Bob"].cash == 3
    assert TITLE_OPTIONS["bounty_points"].default == 2
    assert TITLE_OPTIONS["hotel_cash"].default == 1


TITLE_OPTIONS = {spec.name: spec for spec in OPTIONS}
