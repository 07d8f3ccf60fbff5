"""The Game: atomic apply, replay determinism, undo, text notation, engine rules."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from toy_title import RULE_ROLL_FIRST, AtomicToyTitle, Hold, PigState, Roll, ToyTitle

from transcon.core.errors import IllegalAction, InputError
from transcon.core.game import Game, ReplayError
from transcon.core.rng import GameRandom
from transcon.core.title import (
    RULE_GAME_OVER,
    RULE_TURN_ORDER,
    Action,
    ActionContext,
    Score,
    Setup,
    Title,
)


def new_game(title: ToyTitle | None = None, seed: int = 7, **options: Any) -> Game[PigState]:
    return Game.new(title or ToyTitle(), ["Ann", "Bob", "Cy"], options, seed=seed)


def snapshot(game: Game[Any]) -> tuple[bytes, Any, int, int]:
    """Everything a refused action must leave alone."""
    return game.state_json(), game.rng.get_state(), len(game.log), len(game.events)


def to_act(game: Game[PigState]) -> str:
    return game.current_players()[0]


# -- setup --------------------------------------------------------------------------------------


def test_new_game_fills_options_and_draws_the_start_player() -> None:
    game = new_game(target=30)
    assert game.options == {"target": 30, "die": "d6", "must_roll": True}
    assert game.players == ("Ann", "Bob", "Cy")
    assert game.rng.draws == 1  # the start player
    assert new_game().state_json() == new_game().state_json()
    starts = {new_game(seed=seed).current_players()[0] for seed in range(20)}
    assert starts == {"Ann", "Bob", "Cy"}


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([], "needs 1-6 players, got 0"),
        (["Ann", "Ann"], "player names must be unique"),
        (["Ann", " "], "bad player name"),
        (["A,B"], "bad player name"),
        ([f"P{i}" for i in range(7)], "needs 1-6 players, got 7"),
    ],
)
def test_bad_players(players: list[str], message: str) -> None:
    with pytest.raises(InputError, match=message):
        Game.new(ToyTitle(), players)


def test_bad_options_and_seed() -> None:
    with pytest.raises(InputError, match="unknown option 'speed' for pig"):
        new_game(speed=3)
    with pytest.raises(InputError, match="seed must be an integer"):
        Game.new(ToyTitle(), ["Ann"], seed="x")  # type: ignore[arg-type]


# -- acting and atomicity ---------------------------------------------------------------------


def test_act_parses_notation_and_reports_events() -> None:
    game = new_game()
    player = to_act(game)
    events = game.act("r")
    assert game.log == [Roll(player=player)]
    assert [e.index for e in events] == [0]
    assert events[0].text.startswith(f"{player} rolls")
    assert events[0].data["face"] == game.state.faces[0]
    assert game.events_for(0) == events


def test_illegal_action_leaves_everything_unchanged(any_pig: ToyTitle) -> None:
    game = new_game(any_pig)
    player = to_act(game)
    game.act("roll")
    while game.current_players() != [player]:  # a bust passed the turn: start a fresh one
        game.act("roll")
    game.undo(len(game.log))
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.act("hold")
    assert err.value.rule == RULE_ROLL_FIRST
    assert (
        str(err.value) == f"illegal action ({RULE_ROLL_FIRST}): {player} has not rolled this turn"
    )
    assert snapshot(game) == before


def test_engine_rules_turn_order_and_game_over(any_pig: ToyTitle) -> None:
    game = new_game(any_pig)
    other = next(p for p in game.players if p not in game.current_players())
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(Roll(player=other))
    assert err.value.rule == RULE_TURN_ORDER
    assert snapshot(game) == before
    finished = finish(game)
    with pytest.raises(IllegalAction) as err:
        finished.apply(Roll(player=finished.winners()[0]))
    assert err.value.rule == RULE_GAME_OVER
    assert finished.legal_actions() == []
    assert finished.current_players() == []


def test_unknown_player_or_foreign_action_type_is_an_input_error() -> None:
    game = new_game()

    class Jump(Action):
        type: Literal["jump"] = "jump"

    with pytest.raises(InputError, match="'Zed' is not playing"):
        game.apply(Roll(player="Zed"))
    with pytest.raises(InputError, match="pig has no action 'jump'"):
        game.apply(Jump(player=to_act(game)))
    with pytest.raises(InputError, match="'Zed' is not playing"):
        game.act("roll", player="Zed")
    with pytest.raises(InputError, match="'Zed' is not playing"):
        game.legal_actions("Zed")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("jump", r"unknown action 'jump' \(actions: roll, hold\)"),
        ("roll twice", "roll: cannot read 'twice'; usage: roll"),
        ("roll times=3", "bad roll action: times: Extra inputs"),
        ("{bad json", "action JSON: not valid JSON"),
        ("[1]", "unknown action"),
        ('roll "unclosed', "cannot parse action"),
    ],
)
def test_parse_errors_are_one_line(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        new_game().act(text)
    assert "\n" not in str(err.value)


def test_json_notation_fills_in_the_player() -> None:
    game = new_game()
    game.act('{"type": "roll"}')
    assert game.log[0] == Roll(player=game.log[0].player)


def test_failure_inside_apply_is_rolled_back(any_pig: ToyTitle) -> None:
    """A title that mutates and then fails: snapshot restore or log rebuild puts it back."""

    class Faulty(type(any_pig)):  # type: ignore[misc]
        def apply(self, state: PigState, action: Action, ctx: ActionContext) -> None:
            super().apply(state, action, ctx)
            if len(state.faces) == 3:
                raise RuntimeError("bug after mutating")

    game = new_game(Faulty())
    game.act("roll")
    game.act("roll", player=to_act(game))
    before = snapshot(game)
    with pytest.raises(RuntimeError, match="bug after mutating"):
        game.act("roll", player=to_act(game))
    assert snapshot(game) == before
    assert game.verify_replay()


def test_legal_actions_are_legal_and_is_legal_agrees() -> None:
    game = new_game(must_roll=False)
    player = to_act(game)
    assert game.legal_actions() == [Roll(player=player), Hold(player=player)]
    assert game.legal_actions(player) == game.legal_actions()
    assert all(game.is_legal(action) for action in game.legal_actions())
    idle = next(p for p in game.players if p != player)
    assert game.legal_actions(idle) == []
    assert not game.is_legal(Roll(player=idle))
    assert not game.is_legal(Roll(player="Zed"))


def test_several_players_to_act_need_an_explicit_player() -> None:
    class Everyone(ToyTitle):
        def current_players(self, state: PigState) -> list[str]:
            return [] if state.winner else list(state.players)

    game = Game.new(Everyone(), ["Ann", "Bob"])
    with pytest.raises(InputError, match=r"several players may act \(Ann, Bob\)"):
        game.act("roll")
    game.act("roll", player="Bob")


# -- replay and undo ----------------------------------------------------------------------------


def finish(game: Game[PigState], seed: int = 0) -> Game[PigState]:
    """Play on with a simple policy until the game ends."""
    policy = random.Random(seed)
    while not game.is_over():
        state = game.state
        hold = state.rolls_this_turn and (state.turn_total >= 8 or policy.random() < 0.2)
        game.act("hold" if hold else "roll")
    return game


def test_replay_reproduces_every_roll_byte_for_byte() -> None:
    game = finish(new_game(target=40))
    again = Game.from_log(ToyTitle(), game.players, game.log, game.options, game.seed)
    assert again.state_json() == game.state_json()
    assert again.rng.get_state() == game.rng.get_state()
    assert [e.text for e in again.events] == [e.text for e in game.events]
    assert game.replay().state_json() == game.state_json()
    check = game.verify_replay()
    assert check and check.identical
    assert "state identical" in check.detail

    def solo_faces(seed: int) -> list[int]:
        solo = Game.from_log(ToyTitle(), ["Ann"], [Roll(player="Ann")] * 20, seed=seed)
        return solo.state.faces

    assert solo_faces(7) == solo_faces(7)
    assert solo_faces(7) != solo_faces(8)


def test_from_log_accepts_json_dicts_and_names_the_failing_action() -> None:
    game = finish(new_game())
    data = [ToyTitle().action_to_json(a) for a in game.log]
    rebuilt = Game.from_log(ToyTitle(), game.players, data, game.options, game.seed)
    assert rebuilt.state_json() == game.state_json()
    first = data[0]["player"]
    with pytest.raises(ReplayError) as err:
        Game.from_log(ToyTitle(), game.players, [{"type": "hold", "player": first}], seed=7)
    assert err.value.number == 1
    assert str(err.value) == (
        f"action 1 ({first}: hold): illegal action ({RULE_ROLL_FIRST}): "
        f"{first} has not rolled this turn"
    )
    with pytest.raises(ReplayError, match=r"action 2 \(\{\"type\":\"fly\"\}\): unknown action"):
        Game.from_log(ToyTitle(), game.players, [data[0], {"type": "fly"}], seed=7)


def test_undo_equals_replay_without_the_last_actions(any_pig: ToyTitle) -> None:
    game = finish(new_game(any_pig))
    full = list(game.log)
    undone = game.undo(3)
    assert undone == full[-3:]
    fresh = Game.from_log(any_pig, game.players, full[:-3], game.options, game.seed)
    assert game.state_json() == fresh.state_json()
    assert game.rng.get_state() == fresh.rng.get_state()
    assert len(game.events) == len(fresh.events)
    game.undo(len(game.log))
    assert game.state_json() == new_game(any_pig).state_json()
    with pytest.raises(InputError, match="cannot undo 1 actions: the log has 0"):
        game.undo()
    with pytest.raises(InputError, match="cannot undo 0"):
        game.undo(0)


def test_verify_replay_catches_randomness_outside_the_game_rng() -> None:
    class Leaky(ToyTitle):
        def apply(self, state: PigState, action: Action, ctx: ActionContext) -> None:
            super().apply(state, action, ctx)
            state.faces.append(random.randint(1, 10**9))  # not through ctx.rng

    game = Game.new(Leaky(), ["Ann"])
    game.act("roll")
    check = game.verify_replay()
    assert not check
    assert check.detail.startswith("state differs after 1 actions: first difference at byte")


def test_clone_is_independent() -> None:
    game = new_game()
    game.act("roll")
    copy = game.clone()
    copy.act("roll", player=to_act(copy))
    assert len(game.log) == 1
    assert len(copy.log) == 2
    assert game.verify_replay()
    assert copy.verify_replay()


# -- results and defaults -----------------------------------------------------------------------


def test_result_winners_and_status() -> None:
    game = finish(new_game())
    winner = game.state.winner
    assert game.is_over()
    assert game.winners() == [winner]
    assert game.result()[winner or ""] >= 20
    assert f"{winner} won" in game.describe_status()
    last = len(game.log) - 1
    assert [e.text for e in game.events_for(last)][-1] == f"{winner} wins"
    assert len(game.events_for(last)) == 2
    assert game.events_for(last + 1) == []
    assert new_game().winners() == []


@dataclass
class _Plain:
    value: int


class _Model(BaseModel):
    value: int


class _Minimal(Title[Any]):
    """A title using every default: status, notation, state_to_json, winners on ties."""

    name = "minimal"
    display_name = "Minimal"

    def initial_state(self, setup: Setup, rng: GameRandom) -> Any:
        return _Plain(1)

    def apply(self, state: Any, action: Action, ctx: ActionContext) -> None:
        raise AssertionError("no actions")

    def current_players(self, state: Any) -> list[str]:
        return []

    def legal_actions(self, state: Any, player: str) -> list[Action]:
        return []

    def is_over(self, state: Any) -> bool:
        return True

    def result(self, state: Any) -> dict[str, Score]:
        return {"Ann": 2, "Bob": 2, "Cy": 1}


def test_title_defaults() -> None:
    title = _Minimal()
    assert title.state_to_json(_Plain(3)) == {"value": 3}
    assert title.state_to_json(_Model(value=4)) == {"value": 4}
    with pytest.raises(NotImplementedError):
        title.state_to_json(object())
    assert title.winners(None) == ["Ann", "Bob"]
    assert title.describe_status(None).startswith("Game over. Scores: Ann 2, Bob 2, Cy 1.")
    with pytest.raises(NotImplementedError, match="cannot draw"):
        title.render_png(None, __import__("pathlib").Path("x.png"))
    assert title.describe_rules()["bots"] == ["random"]
    assert title.game_statistics(None) == {}
    assert title.aggregate_statistics([]) == {}


# -- the default text notation ----------------------------------------------------------------


class Bid(Action):
    type: Literal["bid"] = "bid"
    amount: int
    note: str = ""
    hexes: tuple[str, ...] = ()
    flag: bool = False
    extra: str | None = None


class BidPig(ToyTitle):
    action_types: ClassVar[tuple[type[Action], ...]] = (Roll, Hold, Bid)


@given(
    amount=st.integers(-(10**6), 10**6),
    note=st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00")),
    hexes=st.lists(st.text(min_size=1, max_size=4), max_size=3).map(tuple),
    flag=st.booleans(),
    extra=st.none() | st.sampled_from(["null", "", "x y", '"q"', "[1", "{", "a=b"]),
)
def test_default_notation_round_trips(
    amount: int, note: str, hexes: tuple[str, ...], flag: bool, extra: str | None
) -> None:
    title = BidPig()
    action = Bid(player="Ann", amount=amount, note=note, hexes=hexes, flag=flag, extra=extra)
    text = title.format_action(action)
    assert title.parse_action(text, None, "Ann") == action  # type: ignore[arg-type]


def test_default_notation_reads_naturally() -> None:
    title = BidPig()
    text = """bid amount=5 'hexes=["K53","K54"]' note="a b" """
    action = title.parse_action(text, None, "Bob")  # type: ignore[arg-type]
    assert action == Bid(player="Bob", amount=5, hexes=("K53", "K54"), note="a b")
    assert title.format_action(action) == """bid amount=5 'note=a b' 'hexes=["K53","K54"]'"""
    assert title.format_action(Bid(player="Bob", amount=1, flag=True)) == "bid amount=1 flag=true"


# -- property: arbitrary action sequences never corrupt the game -------------------------------

moves = st.lists(st.tuples(st.sampled_from(["roll", "hold"]), st.integers(0, 2)), max_size=60)


@settings(max_examples=60, deadline=None)
@given(
    moves=moves,
    seed=st.integers(0, 1000),
    atomic=st.booleans(),
    cut=st.integers(1, 10),
    must_roll=st.booleans(),
)
def test_random_action_sequences_never_corrupt_the_state(
    moves: list[tuple[str, int]], seed: int, atomic: bool, cut: int, must_roll: bool
) -> None:
    title = AtomicToyTitle() if atomic else ToyTitle()
    game = Game.new(title, ["Ann", "Bob", "Cy"], {"target": 15, "must_roll": must_roll}, seed)
    for text, seat in moves:
        before = snapshot(game)
        try:
            game.act(text, player=game.players[seat])
        except IllegalAction:
            assert snapshot(game) == before
    assert game.verify_replay()
    cut = min(cut, len(game.log))
    if cut:
        prefix = list(game.log[:-cut])
        game.undo(cut)
        fresh = Game.from_log(title, game.players, prefix, game.options, seed)
        assert game.state_json() == fresh.state_json()
        assert game.rng.get_state() == fresh.rng.get_state()
