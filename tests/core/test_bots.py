"""Bots, play_out and simulate: games finish, bots never touch the game's dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from toy_title import CautiousBot, Hold, ToyTitle

from transcon.core.bots import (
    NoisyBot,
    RandomBot,
    available_bots,
    bot_seed,
    make_bot,
    play_out,
    split_noise,
)
from transcon.core.errors import InputError
from transcon.core.game import Game
from transcon.core.simulate import simulate
from transcon.core.title import Action


def test_random_bot_games_finish_and_replay(any_pig: ToyTitle) -> None:
    for seed in range(20):
        game = Game.new(any_pig, ["A", "B", "C"], seed=seed)
        bots = {p: RandomBot(bot_seed(seed, p)) for p in game.players}
        play_out(game, bots)
        assert game.is_over()
        assert game.verify_replay()


def test_bots_are_deterministic_and_do_not_touch_the_game_rng(pig: ToyTitle) -> None:
    logs = []
    for _ in range(2):
        game = Game.new(pig, ["A", "B"], seed=3)
        bot = RandomBot(11)
        for _ in range(10):
            before = game.rng.get_state()
            action = bot.choose(game, game.current_players()[0])
            assert game.rng.get_state() == before
            game.apply(action)
        logs.append(list(game.log))
    assert logs[0] == logs[1]


def test_bot_registry(pig: ToyTitle) -> None:
    assert sorted(available_bots(pig)) == ["cautious", "random"]
    assert isinstance(make_bot(pig, "cautious", 1), CautiousBot)
    with pytest.raises(InputError, match=r"unknown bot 'smart' for pig \(bots: cautious, random;"):
        make_bot(pig, "smart", 1)
    assert bot_seed(1, 2, "x") == bot_seed(1, 2, "x") != bot_seed(1, 2, "y")


def test_noisy_bots_mix_random_moves_in_reproducibly(pig: ToyTitle) -> None:
    assert split_noise("cautious~0.25") == ("cautious", 0.25)
    assert split_noise("cautious") == ("cautious", 0.0)
    assert isinstance(make_bot(pig, "cautious~0", 1), CautiousBot)
    assert isinstance(make_bot(pig, "cautious~0.5", 1), NoisyBot)
    for bad in ("cautious~2", "cautious~x", "cautious~-0.1"):
        with pytest.raises(InputError, match=r"the noise after '~' must be in 0\.\.1"):
            make_bot(pig, bad, 1)
    with pytest.raises(InputError, match="add ~P for random moves"):
        make_bot(pig, "smart~0.1", 1)

    def moves(name: str, seed: int) -> list[str]:
        game = Game.new(pig, ["A"], {"target": 50}, seed=3)
        bot = make_bot(pig, name, seed)
        found = []
        for _ in range(30):
            if game.is_over():
                break
            before = game.rng.get_state()
            action = bot.choose(game, "A")
            assert game.rng.get_state() == before  # the noise coin is the bot's own
            found.append(action.type)
            game.apply(action)
        return found

    assert moves("cautious~0.5", 7) == moves("cautious~0.5", 7)
    assert moves("cautious~1", 7) != moves("cautious", 7)


def test_play_out_limits_and_errors(pig: ToyTitle) -> None:
    game = Game.new(pig, ["A", "B"], seed=1)
    assert play_out(game, {"A": RandomBot(), "B": RandomBot()}, max_actions=5) == 5
    assert len(game.log) == 5
    with pytest.raises(InputError, match="no bot plays"):
        play_out(game, {})
    finished = Game.new(pig, ["A"], {"target": 5}, seed=1)
    play_out(finished, {"A": CautiousBot()})
    assert play_out(finished, {"A": CautiousBot()}) == 0
    with pytest.raises(InputError, match="A has no legal action"):
        RandomBot().choose(finished, "A")


def test_simulate_summary(pig: ToyTitle) -> None:
    summary = simulate(pig, 30, 3, seed=4)
    assert summary["games"] == summary["completed"] == 30
    assert summary["errors"] == summary["incomplete"] == 0
    assert summary["players"] == ["P1", "P2", "P3"]
    assert sum(summary["wins"].values()) == 30 + summary["ties"]
    assert summary["statistics"]["total_rolls"] == sum(
        r["statistics"]["rolls"] for r in summary["results"]
    )
    assert [r["seed"] for r in summary["results"]] == list(range(4, 34))
    again = simulate(pig, 30, 3, seed=4)
    assert again["results"] == summary["results"]
    assert "results" not in simulate(pig, 2, 2, per_game=False)


def test_simulate_seats_bots_and_options(pig: ToyTitle) -> None:
    summary = simulate(pig, 10, ["Ann", "Bob"], ["cautious", "random"], options={"target": 10})
    assert summary["bots"] == ["cautious", "random"]
    assert summary["options"]["target"] == 10
    assert set(summary["wins"]) == {"Ann", "Bob"}
    incomplete = simulate(pig, 3, 2, max_actions=2)
    assert incomplete["incomplete"] == 3
    assert incomplete["completed"] == 0
    assert incomplete["average_score"] == {"P1": None, "P2": None}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 9}, "needs 1-6 players"),
        ({"bots": "smart"}, "unknown bot 'smart'"),
        ({"bots": ["random"]}, "2 players but 1 bots"),
        ({"options": {"x": 1}}, "unknown option 'x'"),
        ({"games": -1}, "cannot simulate -1 games"),
    ],
)
def test_simulate_rejects_bad_setups_up_front(
    pig: ToyTitle, kwargs: dict[str, Any], message: str
) -> None:
    args: dict[str, Any] = {"games": 2, "players": 2, **kwargs}
    with pytest.raises(InputError, match=message):
        simulate(pig, **args)


def test_simulate_counts_errors_instead_of_stopping() -> None:
    class EagerHolder:
        """Holds before rolling: breaks rule Pig 2."""

        def choose(self, game: Game[Any], player: str) -> Action:
            return Hold(player=player)

    class Broken(ToyTitle):
        def bots(self) -> dict[str, Any]:
            return {"eager": lambda seed: EagerHolder()}

    summary = simulate(Broken(), 4, 2, "eager")
    assert summary["errors"] == 4
    assert summary["completed"] == 0
    assert summary["first_errors"][0]["error"].startswith(
        "IllegalAction: illegal action (Pig 2: roll before holding)"
    )


def test_simulate_keeps_every_save_named_by_game_seed(pig: ToyTitle, tmp_path: Path) -> None:
    from transcon.core.savefile import load_game

    summary = simulate(pig, 3, 2, seed=7, save_dir=tmp_path / "saves")
    saved = sorted(p.name for p in (tmp_path / "saves").iterdir())
    assert saved == ["pig-7.json", "pig-8.json", "pig-9.json"]
    for outcome in summary["results"]:
        game = load_game(outcome["save"], titles=lambda _name: pig)
        assert game.is_over() and game.result() == outcome["result"]
