"""The bots: legal choices and the greedy bot's sensible habits."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from transcon.core.bots import available_bots, bot_seed
from transcon.core.game import Game
from transcon.core.paths import cheapest_paths
from transcon.titles.railway_rivals import RailwayRivalsUSA, bots
from transcon.titles.railway_rivals.actions import Build, Done, Enter, StartPick, WestCoast
from transcon.titles.railway_rivals.bots import GreedyBot
from transcon.titles.railway_rivals.mapmodel import hex_distance, nearest_distance, nearest_first
from transcon.titles.railway_rivals.state import edge

from .conftest import finish, needs_real_map, new_game, started
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


@needs_real_map
def test_greedy_never_orders_a_link_alongside_built_track(title: RailwayRivalsUSA) -> None:
    """Rules doc "Bots" / base 2.3: the greedy bot never orders a link alongside a rival's
    built track. Orders are sealed (seed "Building"), so two bots may order the same link in
    one segment; the later step then pays the alongside fee, which the doc says."""
    for seed in (1, 2):
        game = Game.new(title, ["Ann", "Bob", "Cy", "Dee"], {}, seed=seed)
        bots = {p: GreedyBot(bot_seed(seed, p)) for p in game.state.players}
        while not game.is_over():
            player = game.current_players()[0]
            action = bots[player].choose(game, player)
            if isinstance(action, Build):
                state = game.state
                path = [state.model.hex_index(label) for label in action.path]
                for a, b in itertools.pairwise(path):
                    assert not set(state.edge_owners.get(edge(a, b), ())) - {player}
            game.apply(action)


def test_map_build_floor_is_the_cheapest_static_build_cost(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """The map's build-cost floor to a goal is, per hex, the cheapest construction cost of
    links from there on the empty board (base rules 2.2 costs; track only adds to them), for
    the hexes where it is within the bound."""
    model = new_game(title, strip_path).state.model
    goal = model.hex_index("E29")
    floor = model.build_floor(goal, 12)

    def static_steps(n: int, d: int) -> list[tuple[int, int]]:
        return [(nxt, d + cost) for nxt, cost in model.out_links[n]]

    for h in range(0, len(model.hexes), 7):
        cost = cheapest_paths([(h, 0)], static_steps, goals={goal}).cost.get(goal)
        assert floor.get(h) == (cost if cost is not None and cost <= 12 else None)


def test_greedy_search_remembers_a_goal_out_of_reach(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build goal the greedy bot's search found out of reach is checked against the map's
    cost floor the next time: no search when no source is within the limit even on an
    empty board; the same answer as a search, and a search again from a nearer source."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    state, model = game.state, game.state.model
    # E11 lies behind the mountain ridge: 4 hexes from E15 but 8 in construction costs
    goal, far, near = (model.hex_index(label) for label in ("E11", "E15", "E13"))
    searches = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        searches.append(args)
        return cheapest_paths(*args, **kwargs)

    monkeypatch.setattr(bots, "cheapest_paths", counted)
    bot = GreedyBot(0)
    assert bot._search(state, "Ann", {far}, {goal}, limit=6) == []
    assert len(searches) == 1 and (goal, 6) in bot._out_of_reach
    assert bot._search(state, "Ann", {far}, {goal}, limit=6) == []
    assert len(searches) == 1  # the floor proved it
    path = bot._search(state, "Ann", {near}, {goal}, limit=6)
    assert len(searches) == 2 and path[0] == near and path[-1] == goal


def test_nearest_distance_is_the_least_hex_distance(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """``nearest_distance`` (the bots' measure of a network against a race's ends) is the
    least ``hex_distance`` over every pair, and None when a side is empty."""
    model = new_game(title, strip_path).state.model
    rng = random.Random(5)
    for _ in range(200):
        hexes = rng.sample(range(len(model.hexes)), rng.randint(1, 12))
        others = rng.sample(range(len(model.hexes)), rng.randint(1, 4))
        least = min(hex_distance(model, h, o) for h in hexes for o in others)
        assert nearest_distance(model, hexes, others) == least
    assert nearest_distance(model, [], [0]) is None
    assert nearest_distance(model, [0], []) is None


def test_nearest_first_ranks_by_the_least_hex_distance_then_index(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """``nearest_first`` (the greedy bot's ranking of cities against its network) gives the
    hexes in the order of their least ``hex_distance`` to the frontier, ties by index."""
    model = new_game(title, strip_path).state.model
    rng = random.Random(6)
    for _ in range(200):
        hexes = rng.sample(range(len(model.hexes)), rng.randint(1, 40))
        frontier = rng.sample(range(len(model.hexes)), rng.randint(1, 30))
        count = rng.randint(1, 5)
        want = sorted(hexes, key=lambda h: (nearest_distance(model, [h], frontier), h))
        assert nearest_first(model, hexes, frontier, count) == want[:count]
    assert nearest_first(model, [], [0], 2) == []
    assert nearest_first(model, [3, 1], [], 2) == [1, 3]
