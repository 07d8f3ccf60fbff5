"""Options for the notes' ambiguities: non-default values change the behaviour they name."""

from __future__ import annotations

import pytest

from transcon.core.errors import IllegalAction
from transcon.titles.railway_rivals import RailwayRivalsUSA
from transcon.titles.railway_rivals.actions import Build, Enter, WestCoast
from transcon.titles.railway_rivals.building import RULE_POINTS
from transcon.titles.railway_rivals.mapmodel import hex_distance
from transcon.titles.railway_rivals.races import RULE_LIMIT, offer_races, resolve_races
from transcon.titles.railway_rivals.routes import find_routes
from transcon.titles.railway_rivals.rules import RULE_WCO
from transcon.titles.railway_rivals.state import Entry, Race

from .conftest import finish, hexes, started
from .test_building import clean
from .test_routes_and_races import Script, quiet, scenario


def test_notes_10_carry_build_points(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Notes §10 carry_build_points: unused points of a die carry to the next segment."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"}, carry_build_points=True)
    s = clean(game, (3, 2, 2))
    game.apply(Build(player="Ann", path=("E29", "E28")))
    finish(game)
    game.apply(Build(player="Ann", path=("E28", "E27", "E26", "E25", "E24")))  # 2 + 2 carried
    assert s.spent["Ann"] == 4
    plain = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    clean(plain, (3, 2, 2))
    plain.apply(Build(player="Ann", path=("E29", "E28")))
    finish(plain)
    with pytest.raises(IllegalAction) as err:
        plain.apply(Build(player="Ann", path=("E28", "E27", "E26", "E25")))
    assert err.value.rule == RULE_POINTS


def test_base_3_2_max_entries_per_round(title: RailwayRivalsUSA, strip_path: str) -> None:
    game = scenario(title, strip_path, max_entries_per_round=1)
    s = game.state
    s.races.append(Race(id=2, a=s.races[0].a, b=s.races[0].b))
    game.apply(Enter(player="Ann", race=1))
    with pytest.raises(IllegalAction) as err:
        game.apply(Enter(player="Ann", race=2))
    assert err.value.rule == RULE_LIMIT


def test_min_race_length_option(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed: no minimum race length by default; the option keeps close cities apart."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29", "Cy": "C29"})
    s = game.state
    s.cfg = type(s.cfg).from_options({"map": strip_path, "min_race_length": 6})
    s.round = 2
    offer_races(s, game.rng, quiet)
    assert all(hex_distance(s.model, r.a, r.b) >= 6 for r in s.races if not r.tc)


def test_tie_rule_most_points_left(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Notes §11 tie_rule = most_points_left: same-throw arrivals ranked by leftover points."""
    game = scenario(title, strip_path, tie_rule="most_points_left")
    s = game.state
    fast = hexes(game, "E29", "E28", "E27", "E26", "E25")
    own = hexes(game, "E29", "E28", "F27", "F26", "F25", "E25")
    s.entries = [Entry(1, "Bob", fast, ["Bob"] * 4), Entry(1, "Ann", own, ["Ann"] * 5)]
    resolve_races(s, Script([6, 6]), quiet)  # type: ignore[arg-type]
    assert s.results[-1]["prizes"] == {"Bob": 20, "Ann": 10}


def test_route_length_metric_hexes(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Notes §11 route_length_metric = hexes: 'shorter' counts hexes, not die points."""
    game = scenario(title, strip_path, route_length_metric="hexes")
    s = game.state
    a, b = hexes(game, "E29", "E25")
    assert [(o.length, o.points) for o in find_routes(s, ("Ann",), [a], [b])] == [(4, 4), (5, 5)]


def test_wco_on_existing_city_options(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Notes §13 wco_on_existing_city: add a key (default) or forbid."""
    for option, ok in (("add_key", True), ("forbid", False)):
        game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"}, wco_on_existing_city=option)
        s = clean(game)
        s.round = 12
        from transcon.titles.railway_rivals.cities import race_city

        race_city(s, hexes(game, "E2")[0], quiet)
        if ok:
            game.apply(WestCoast(player="Ann", hex="E2"))
            assert s.cities[hexes(game, "E2")[0]].keys == 2
        else:
            with pytest.raises(IllegalAction) as err:
                game.apply(WestCoast(player="Ann", hex="E2"))
            assert err.value.rule == RULE_WCO


def test_cash_build_starts_next_round(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Notes §10 cash_build_starts = next_round: dice still rule the round of the TC race."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"}, cash_build_starts="next_round")
    s = clean(game)
    s.tc_run_round = 1
    assert not s.cash_mode
    for _ in range(3):
        finish(game)
    assert s.round == 2 and s.cash_mode


@pytest.mark.parametrize(("overlapping", "cities"), [(True, ["E28", "F27"]), (False, ["E28"])])
def test_double_one_overlapping(
    title: RailwayRivalsUSA, strip_path: str, overlapping: bool, cities: list[str]
) -> None:
    """Notes §14 double_one_overlapping: throws 1,1,1 make two cities (default) or one."""
    game = scenario(title, strip_path, double_one_overlapping=overlapping)
    s = game.state
    own = hexes(game, "E29", "E28", "F27", "F26", "F25", "E25")
    fast = hexes(game, "E29", "E28", "E27", "E26", "E25")
    s.entries = [Entry(1, "Ann", own, ["Ann"] * 5), Entry(1, "Bob", fast, ["Bob"] * 4)]
    resolve_races(s, Script([1, 2, 1, 2, 1, 6]), quiet)  # type: ignore[arg-type]
    made = sorted(s.model.labels[c.hex] for c in s.cities.values() if c.cause == "race")
    assert made == sorted([*cities, "E25"])  # E25 is the scenario's own race city
