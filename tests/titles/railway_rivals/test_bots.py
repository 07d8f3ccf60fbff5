"""The bots: legal choices and the greedy bot's sensible habits."""

from __future__ import annotations

from transcon.core.bots import available_bots
from transcon.titles.railway_rivals import RailwayRivalsUSA
from transcon.titles.railway_rivals.actions import Build, Done, Enter, StartPick, WestCoast
from transcon.titles.railway_rivals.bots import GreedyBot

from .conftest import finish, new_game, started
from .test_building import clean, link
from .test_routes_and_races import scenario


def test_bots_are_exposed(title: RailwayRivalsUSA) -> None:
    assert {"random", "random-legal", "greedy"} <= set(available_bots(title))


def test_greedy_starts_apart_and_builds_toward_a_city(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    game = new_game(title, strip_path, ("Ann", "Bob"), seed=3)
    ann, bob = GreedyBot(1), GreedyBot(2)
    first = ann.choose(game, "Ann")
    assert isinstance(first, StartPick)
    game.apply(first)
    second = bob.choose(game, "Bob")
    assert isinstance(second, StartPick) and second.hex != first.hex
    game.apply(second)
    action = ann.choose(game, "Ann")
    assert isinstance(action, Build) and action.path[0] == first.hex
    game.apply(action)
    assert isinstance(ann.choose(game, "Ann"), (Build, Done))


def test_greedy_enters_a_race_on_its_best_value_route(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Greedy: enters a race it can place in, on the front route worth most (here its own
    fee-free detour, one point slower than the rival's line)."""
    game = scenario(title, strip_path)
    action = GreedyBot(0).choose(game, "Ann")
    assert isinstance(action, Enter) and action.race == 1
    assert action.route == ("E29", "E28", "F27", "F26", "F25", "E25")
    game.apply(action)
    assert isinstance(GreedyBot(0).choose(game, "Ann"), Done)


def test_greedy_starts_west_coast_operations_when_it_pays(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    link(game, "Ann", "E29", "E28", "E27")
    s.round = 11
    s.cash["Ann"] = 40
    action = GreedyBot(0).choose(game, "Ann")
    assert isinstance(action, WestCoast)
    game.apply(action)
    finish(game)
