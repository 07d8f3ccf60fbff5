"""The race lines of ``transcon legal`` (issue 15 items 15 and 20: group, remove near
duplicates): ``legal.grouped_routes`` gives one line per hex path and fees per rival, with
the number of routes it stands for. Checked against the complete listing
(``legal.legal_routes``, base 3.3 "the best route"): the same groups, in the order of their
first routes, each first route the listing's first of its group, the counts adding up."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from transcon.cli.legal_view import player_lines
from transcon.core.bots import bot_seed, make_bot
from transcon.core.game import Game
from transcon.titles.railway_rivals import RailwayRivalsUSA, legal
from transcon.titles.railway_rivals.state import RRState
from transcon.titles.railway_rivals.tracks import route_length

from .conftest import crowded_position, needs_real_map
from .test_legal_actions import OPTION_SETS

Key = tuple[tuple[int, ...], tuple[tuple[str, int], ...]]


def _key(route: list[int], owners: list[str], team: tuple[str, ...]) -> Key:
    fees = Counter(owner for owner in owners if owner not in team)
    return tuple(route), tuple(sorted(fees.items()))


def compare(state: RRState, player: str) -> tuple[int, int]:
    """Grouped against complete listings of every race for ``player`` alone: (groups, routes)
    compared."""
    groups_seen = routes_seen = 0
    team = (player,)
    for race in state.races:
        state.cache.clear()
        try:
            every = list(legal.legal_routes(state, race, team))
        except legal.TooManyRoutes:
            continue
        grouped = legal.grouped_routes(state, race, team)
        assert grouped is not None
        first: dict[Key, tuple[list[int], list[str]]] = {}
        counts: Counter[Key] = Counter()
        for route, owners in every:
            key = _key(route, owners, team)
            first.setdefault(key, (route, owners))
            counts[key] += 1
        assert [_key(g.route, g.owners, team) for g in grouped] == list(first)
        for group in grouped:
            key = _key(group.route, group.owners, team)
            assert (group.route, group.owners) == first[key]
            assert group.spellings == counts[key]
            assert group.length == route_length(state, group.route)
        groups_seen += len(grouped)
        routes_seen += len(every)
    return groups_seen, routes_seen


@pytest.mark.parametrize(("options", "seed"), list(zip(OPTION_SETS, (61, 62, 63, 64), strict=True)))
def test_grouped_routes_group_the_complete_listing(
    title: RailwayRivalsUSA, strip_path: str, options: dict[str, Any], seed: int
) -> None:
    game = Game.new(title, ["A", "B", "C"], {"map": strip_path, **options}, seed)
    bots = {
        p: make_bot(title, "random-legal", bot_seed(seed, i)) for i, p in enumerate(game.players)
    }
    groups = routes = step = 0
    while not game.is_over():
        if game.state.phase == "races" and step % 3 == 0:
            for p in game.current_players():
                g, r = compare(game.state, p)
                groups, routes = groups + g, routes + r
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
        step += 1
    assert groups > 20 and routes >= groups


@needs_real_map
def test_grouped_routes_on_a_crowded_real_map_position(title: RailwayRivalsUSA) -> None:
    """Six rivals' parallel lines: thousands of routes, a few hundred lines."""
    game = crowded_position(title)
    groups = routes = 0
    for p in game.current_players():
        g, r = compare(game.state, p)
        groups, routes = groups + g, routes + r
    assert routes > 3 * groups > 300


def test_grouped_routes_stop_at_the_list_limit(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More than ``ROUTE_LIST_LIMIT`` groups: None (only the GM's route is listed)."""
    game = Game.new(title, ["A", "B", "C"], {"map": strip_path}, 61)
    bots = {p: make_bot(title, "random-legal", bot_seed(61, i)) for i, p in enumerate(game.players)}
    monkeypatch.setattr(legal, "ROUTE_LIST_LIMIT", 1)
    stopped = listed = 0
    while not game.is_over():
        if game.state.phase == "races":
            for p in game.current_players():
                for race in game.state.races:
                    game.state.cache.clear()
                    grouped = legal.grouped_routes(game.state, race, (p,))
                    stopped += grouped is None
                    listed += grouped is not None and len(grouped) == 1
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
    assert stopped and listed


@needs_real_map
def test_legal_text_lines_of_a_crowded_position_paste_back(title: RailwayRivalsUSA) -> None:
    """Each grouped line is a legal entry as written (``check``), and says how many routes it
    stands for; a race whose routes are too many for ``legal --all`` is listed by groups."""
    game = crowded_position(title)
    lines = player_lines("P1", title.legal_groups(game.state, "P1"))
    entries = [line for line in lines if line.startswith("P1: enter")]
    assert any("other choices of rivals' parallel lines paying the same" in e for e in entries)
    for line in entries:
        title.validate(game.state, title.parse_action(line.split(": ", 1)[1], game.state, "P1"))


@needs_real_map
def test_a_crowded_position_clones_after_its_listing(title: RailwayRivalsUSA) -> None:
    """After a listing the state's caches hold the route bounds' compiled tables; a clone
    (what the web server's bots and look-ahead take) shares them and lists the same."""
    game = crowded_position(title)
    listed = title.legal_groups(game.state, "P1")
    copy = game.clone()
    assert copy.state.cache.keys() == game.state.cache.keys()
    assert title.legal_groups(copy.state, "P1") == listed
