"""Issue 11 item 7: every registered title passes the conformance suite (transcon.testing).

The default run plays one bounded game per title and probes it (seconds per title); with
``--runslow`` each title is played to the end (up to 3000 plies) with every position probed,
for several seeds and every player count. A new title is checked as soon as it is registered.
"""

from __future__ import annotations

from typing import Any

import pytest

from transcon.core.game import Game
from transcon.core.registry import available_titles, get_title
from transcon.testing import Settings, check_title
from transcon.testing.crashes import crash_in
from transcon.testing.elsewhere import check_replay_elsewhere
from transcon.testing.sampling import play_random

TITLES = available_titles()


@pytest.mark.parametrize("title_name", TITLES)
def test_title_passes_the_conformance_suite(title_name: str) -> None:
    report = check_title(get_title(title_name))
    print("\n" + report.summary())
    assert report.counts["crash-never-accepted"] > 0
    assert report.counts["secrets"] > 0


#: Known failures of the thorough run, each a real bug still to fix (not a flaky test).
KNOWN_THOROUGH_FAILURES: dict[str, str] = {}


@pytest.mark.slow
@pytest.mark.parametrize(
    "title_name",
    [
        pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN_THOROUGH_FAILURES[name]))
        if name in KNOWN_THOROUGH_FAILURES
        else name
        for name in TITLES
    ],
)
def test_title_passes_the_thorough_conformance_suite(title_name: str) -> None:
    """Played to the end (up to 3000 plies), fewest and most players, another seed."""
    title = get_title(title_name)
    for players in sorted({title.min_players, title.max_players}):
        report = check_title(title, Settings(seed=2, players=players).thorough())
        print("\n" + report.summary())


def first_position_with_a_move(title_name: str) -> tuple[Game[Any], Any]:
    title = get_title(title_name)
    players = ["Ann", "Bob", "Cat"][: max(title.min_players, 2)]
    game = Game.new(title, players[: title.max_players], seed=5)
    player = game.current_players()[0]
    return game, game.legal_actions(player)[0]


@pytest.mark.parametrize("title_name", TITLES)
def test_a_crashing_check_is_never_an_accepted_move(title_name: str) -> None:
    """Issue 11 item 8, for every title: make the title's own ``check`` crash on a legal
    move; the crash must surface and the game stay exactly as it was (the suite's
    crash-never-accepted check does the same for the functions the check calls)."""
    game, action = first_position_with_a_move(title_name)
    check = type(game.title).check
    assert crash_in(game, action, check.__code__), f"{title_name}: check was not called"


@pytest.mark.parametrize("title_name", TITLES)
def test_replay_is_identical_in_processes_with_other_hash_seeds(title_name: str) -> None:
    """Replay identity across processes (set iteration order, caches): a game of 120 random
    moves, replayed by fresh Pythons with PYTHONHASHSEED 0 and 1."""
    title = get_title(title_name)
    game = Game.new(title, ["Ann", "Bob", "Cat"][: title.max_players], seed=11)
    play_random(game, 120, seed=11)
    assert check_replay_elsewhere(game) == 2
