"""The GM's pick of a route for an entry without one (seed *Races*: the shortest, then
cheapest route; equal routes at random, notes §11) and the option ``gm_pick_ties`` that
says how the tie is drawn: one_split for new games, every_split for games saved before the
option existed (they replay as they were played)."""

from __future__ import annotations

from typing import Any

import pytest

from transcon.core.bots import make_bot, play_out
from transcon.core.game import Game
from transcon.core.rng import GameRandom
from transcon.core.savefile import game_from_record, game_record, parse_record, saved_state_matches
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState
from transcon.titles.railway_rivals.actions import Enter
from transcon.titles.railway_rivals.races import check_entry, pick_route, route_options

from .conftest import crowded_position


@pytest.fixture(scope="module")
def crowded(title: RailwayRivalsUSA) -> Game[RRState]:
    return crowded_position(title)


def test_seed_races_gm_pick_one_split_is_a_legal_shortest_then_cheapest_route(
    crowded: Game[RRState],
) -> None:
    """Seed *Races* (GM picks), at a crowded 6-rival position (every rival, every race with
    a route): the one_split pick (the default) is a route an entry could name (``check_entry``
    accepts it: on track, within the caps, no better route) of the shortest length and then
    the least payments of the front; the same generator state picks the same route."""
    state = crowded.state
    assert crowded.options["gm_pick_ties"] == "one_split"
    picked = 0
    for player in state.players:
        for race in state.races:
            front = route_options(state, race, (player,))
            if not front:
                continue
            option = pick_route(state, race, (player,), GameRandom(picked))
            assert (option.length, option.total) == min((o.length, o.total) for o in front)
            again = pick_route(state, race, (player,), GameRandom(picked))
            assert (again.route, again.owners) == (option.route, option.owners)
            route, named = list(option.route), list(option.owners)
            assert check_entry(state, player, race.id, route, named, None) == (route, named)
            picked += 1
    assert picked >= 25


def gm_picks(game: Game[Any]) -> int:
    return sum(1 for a in game.log if isinstance(a, Enter) and not a.route)


def test_a_save_from_before_the_option_replays_with_every_split(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """A save written before ``gm_pick_ties`` existed does not name it: it loads with
    every_split (the option's saved default, as transcon picked then) and replays to the
    state it saved (its checksum matches), the GM's picks included; a new game takes
    one_split."""
    names = ["Ann", "Bob", "Cat"]
    game = Game.new(title, names, {"map": strip_path, "gm_pick_ties": "every_split"}, 5)
    bots = {p: make_bot(title, "random-legal", i) for i, p in enumerate(names)}
    play_out(game, bots)
    assert gm_picks(game) >= 3
    record = game_record(game)
    del record["options"]["gm_pick_ties"]
    parsed = parse_record(record, "old save")
    loaded = game_from_record(parsed)
    assert loaded.options["gm_pick_ties"] == "every_split"
    assert loaded.state_digest() == game.state_digest()
    assert saved_state_matches(loaded, parsed) is True
    assert Game.new(title, names, {"map": strip_path}, 5).options["gm_pick_ties"] == "one_split"
