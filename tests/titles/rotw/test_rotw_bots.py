"""The greedy bot: it keeps its debt within what its income pays, plans its own railroad
coast to coast (own links free), and greedy games on the real map end by the rules."""

from __future__ import annotations

import pytest
from rotw_helpers import PLAYERS, add_link, graph, label, started

from transcon.core.bots import bot_seed, play_out
from transcon.core.game import Game
from transcon.core.mapfile import shipped_map_names
from transcon.titles.rotw import RailwaysOfTheWorldEastWest, RotwState
from transcon.titles.rotw.bots import DEBT_FLOOR, GreedyBot, affordable, debt_cap
from transcon.titles.rotw.planner import coast_to_coast, planner_for
from transcon.titles.rotw.scoring import coasts

TITLE = RailwaysOfTheWorldEastWest()


def test_bot_debt_cap_follows_income() -> None:
    """Bonds only while interest stays a third of income (floor 2 to get started)."""
    game = started()
    s = game.state
    p = s.pl["Ann"]
    assert debt_cap(s, "Ann") == DEBT_FLOOR == 2
    p.score = 30  # income 20
    assert debt_cap(s, "Ann") == 6
    p.bonds, p.cash = 6, 0
    assert not affordable(s, "Ann", 4)
    assert affordable(s, "Ann", 4, payback=1)  # a purchase that pays at once
    p.cash = 4
    assert affordable(s, "Ann", 4)


def test_bot_coast_to_coast_plan_counts_own_links_free() -> None:
    game = started()
    s = game.state
    g = graph()
    planner = planner_for(g)
    east, west = coasts(g)
    full = coast_to_coast(planner, set(), east, west)
    assert full and g.cities[full[0][0]].east_coast and g.cities[full[-1][1]].west_coast
    a, b = full[0]
    add_link(s, "Ann", g.cities[a].name, g.cities[b].name)
    own = {frozenset((a, b))}
    rest = coast_to_coast(planner, own, east, west)
    assert (a, b) not in rest and len(rest) <= len(full) - 1
    assert label("Boston") in g.cities


def test_bot_pursues_its_railroad_in_the_west() -> None:
    """Once the West is open the bot's plans include its own coast-to-coast railroad."""
    game = started()
    s = game.state
    s.phase = "west"
    bot = GreedyBot(0)
    g = graph()
    anyone: set[frozenset[str]] = set()
    plans = bot._rank_plans(g, s, "Ann", anyone, set())
    assert any(need_own for _, need_own in plans)
    s.pl["Ann"].transcon = True
    assert not any(need_own for _, need_own in bot._rank_plans(g, s, "Ann", anyone, set()))


def _greedy_game(seed: int) -> Game[RotwState]:
    game = Game.new(TITLE, list(PLAYERS), {}, seed)
    bots = {p: GreedyBot(bot_seed(seed, i)) for i, p in enumerate(PLAYERS)}
    play_out(game, bots)
    return game


REAL = pytest.mark.skipif("rotw-usa" not in shipped_map_names(), reason="map not generated")


@REAL
def test_real_map_greedy_game_ends_by_the_rules() -> None:
    """Game end: the second coast-to-coast railroad ends a real-map game, well before the
    safety valve, and no bot spirals into debt."""
    game = _greedy_game(3)
    s = game.state
    assert s.end_reason == "second transcontinental"
    assert s.ended_turn < 40
    assert all(p.bonds <= 12 for p in s.pl.values())


@REAL
@pytest.mark.slow
def test_slow_real_map_greedy_games_end_by_the_rules() -> None:
    ended = sum(
        _greedy_game(seed).state.end_reason == "second transcontinental" for seed in range(20)
    )
    assert ended >= 18


def test_greedy_games_do_not_depend_on_the_hash_seed() -> None:
    """A seeded greedy game is the same in every process (no set-order decisions)."""
    import os
    import subprocess
    import sys

    script = (
        "from transcon.core.bots import bot_seed, play_out\n"
        "from transcon.core.game import Game\n"
        "from transcon.titles.rotw import RailwaysOfTheWorldEastWest\n"
        "from transcon.titles.rotw.bots import GreedyBot\n"
        "g = Game.new(RailwaysOfTheWorldEastWest(), list('ABCD'), {'map': 'rotw-mini'}, 4)\n"
        "play_out(g, {p: GreedyBot(bot_seed(4, i)) for i, p in enumerate('ABCD')})\n"
        "print(g.state_digest())\n"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in (1, 2)
    }
    assert len(digests) == 1
