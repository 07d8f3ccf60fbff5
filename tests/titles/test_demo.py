"""Demo Rails (issue 2, part 7 and the main job): rules, the scripted demo, determinism."""

from __future__ import annotations

from pathlib import Path

import pytest

from transcon.cli.demo_cmd import DEMO_SCRIPT, play_demo_game
from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.core.registry import get_title
from transcon.titles.demo.rules import (
    RULE_NETWORK,
    RULE_POINTS,
    RULE_ROLL,
    RULE_TAKEN,
    RULE_TERRAIN,
)


def new_game(seed: int = 1) -> Game[object]:
    return Game.new(get_title("demo"), ["Ann", "Bob"], {"rounds": 2}, seed=seed)


def test_scripted_demo_plays_to_the_end_and_replays_identically() -> None:
    game = play_demo_game()
    assert game.is_over()
    assert len(game.log) == len(DEMO_SCRIPT)
    assert game.result() == {"Ann": 3, "Bob": 3}
    assert bool(game.verify_replay())


@pytest.mark.parametrize(
    ("setup", "text", "rule"),
    [
        ([], "build B1 B2", RULE_ROLL),  # rule 2: roll first
        (["roll"], "roll", RULE_ROLL),
        (["roll"], "build C4 C5", RULE_NETWORK),  # rule 3: start on your network
        (["roll"], "build B1 A1", RULE_TERRAIN),  # A1 is in Canada
        (["roll"], "build B1 C1 D1 E1", RULE_TERRAIN),  # E1 is lake water
    ],
)
def test_illegal_actions_name_the_rule_and_change_nothing(
    setup: list[str], text: str, rule: str
) -> None:
    game = new_game()
    for t in setup:
        game.act(t)
    before = game.state_json()
    with pytest.raises(IllegalAction) as err:
        game.act(text)
    assert err.value.rule == rule
    assert game.state_json() == before


def test_build_points_and_taken_sides() -> None:
    game = new_game(seed=2026)  # Ann rolls 1: 2 points
    game.act("roll")
    with pytest.raises(IllegalAction) as err:
        game.act("build B1 B2 B3")  # hill 2 + plain 1
    assert err.value.rule == RULE_POINTS
    game.act("build B1 B2")
    game.act("pass")
    game.act("roll", "Bob")
    game.act("build C4 C3 C2 B1", "Bob")
    game.act("pass", "Bob")
    game.act("roll")
    with pytest.raises(IllegalAction) as err:
        game.act("build B1 C2")  # Bob's track is already on this side
    assert err.value.rule == RULE_TAKEN


def test_river_crossing_costs_two_more(tmp_path: Path) -> None:
    game = new_game(seed=2026)
    game.act("roll")
    game.act("pass")
    game.act("roll", "Bob")  # Bob rolls 3: 4 points
    events = game.act("build C4 C5", "Bob")  # plain 1 + river 2
    assert events[-1].text == "Bob builds C4-C5 for 3"
    game.title.render_png(game.state, tmp_path / "state.png")
    assert (tmp_path / "state.png").stat().st_size > 1000


def test_random_games_finish() -> None:
    from transcon.core.bots import RandomBot

    for seed in range(5):
        game = new_game(seed)
        bots = {p: RandomBot(seed + i) for i, p in enumerate(game.players)}
        while not game.is_over():
            player = game.current_players()[0]
            game.apply(bots[player].choose(game, player))
        assert set(game.result()) == {"Ann", "Bob"}
