"""The bots: legal choices and the greedy bot's sensible habits."""

from __future__ import annotations

import itertools

from transcon.core.bots import available_bots, bot_seed
from transcon.core.game import Game
from transcon.titles.railway_rivals import RailwayRivalsUSA
from transcon.titles.railway_rivals.actions import Build, Done, Enter, StartPick, WestCoast
from transcon.titles.railway_rivals.bots import GreedyBot
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
