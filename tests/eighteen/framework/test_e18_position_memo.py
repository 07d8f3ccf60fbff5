"""The position memo (who may act, which steps are active) never serves a stale answer:
over bot games, at every position and after the legal-action checks, the memoised answers
equal answers asked afresh (:class:`~transcon.eighteen.framework.state.PositionMemo`)."""

from __future__ import annotations

import copy
import random
from typing import Any

from transcon.core.game import Game
from transcon.eighteen.framework.rounds import Round
from transcon.eighteen.framework.state import GameState, PositionMemo
from transcon.eighteen.framework.testing import float_corp, skip_auction, title_of
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.game.bots import BuilderBot
from transcon.titles.t1870.game.routing import bridge_of


def fresh(round_: Round, state: GameState) -> tuple[list[int], list[str]]:
    return round_.find_active_steps(state), round_.find_players(state)


def memoised(round_: Round, state: GameState) -> tuple[list[int], list[str]]:
    steps = [round_.steps.index(step) for step in round_.active_steps(state)]
    return steps, round_.players(state)


def check_position(game: Game[GameState]) -> None:
    state = game.state
    round_ = title_of(game).current_round(state)
    assert round_ is not None
    for player in game.current_players():
        game.legal_actions(player)  # fills the memo and checks every candidate
    assert state.memo.steps is not None and state.memo.players is not None
    assert memoised(round_, state) == fresh(round_, state), len(game.log)
    twin = copy.deepcopy(state)  # a copy keeps the step answers, still right for the copy
    assert memoised(round_, twin) == fresh(round_, twin)
    bridge, phase = bridge_of(state), title_of(game).phase(state).name
    # the route position kept in the memo is the one the state describes now
    assert bridge.context_of(state, phase) is bridge.context(bridge.describe(state, phase))


def test_memo_equals_fresh_answers_over_bot_games() -> None:
    """A builder-bot game (best run on demand on) and a random-bot game (sales, so price
    protection offers), checked at every position."""
    title = Title1870()
    names = ["P1", "P2", "P3"]
    builder = Game.new(title, names, {"best_run_on_demand": True}, 5)
    bots = {p: BuilderBot(i) for i, p in enumerate(names)}
    randomly = Game.new(title, names, {}, 2)
    rng = random.Random(2)
    for _ in range(400):
        for game in (builder, randomly):
            if game.is_over():
                continue
            check_position(game)
            player = game.current_players()[0]
            if game is builder:
                game.apply(bots[player].choose(game, player))
            else:
                game.apply(rng.choice(game.legal_actions(player)))


def test_nothing_is_memoised_while_an_action_is_applied() -> None:
    title = Title1870()
    game = Game.new(title, ["A", "B"], {"check_routes": False, "check_reach": False}, 1)
    skip_auction(game)
    float_corp(game, "MP", "A", 100)
    state = game.state
    assert game.current_players() == ["A"]
    assert state.memo.players == ("stock", ("A",))
    game.act("pass", "A")
    assert not state.memo.applying
    assert state.memo.players is None or state.memo.players[1] == tuple(game.current_players())
    assert game.current_players() == ["B"]


def test_changed_forgets_the_memo() -> None:
    game = Game.new(Title1870(), ["A", "B"], {}, 1)
    state = game.state
    game.current_players()
    assert state.memo.players is not None
    state.changed()
    assert state.memo.players is None and state.memo.steps is None
    assert "memo" not in title_of(game).state_to_json(state)


def test_an_apply_takes_only_its_own_checks_answers() -> None:
    """What checking an action found is kept for the apply of that same action object only
    (:meth:`PositionMemo.keep_checked`), once, and never once the state changed."""
    memo = PositionMemo()
    first, other = object(), object()
    memo.keep_checked(first, "lay", (0, True, False))
    assert memo.checked_answer(first, "lay") is None  # not while checking
    memo.applying = True
    assert memo.checked_answer(other, "lay") is None
    assert memo.checked_answer(first, "lay") == (0, True, False)
    assert memo.checked_answer(first, "lay") is None  # taken once
    memo.keep_checked(first, "run", True)  # nothing is kept while applying
    assert memo.checked_answer(first, "run") is None
    memo.applying = False
    memo.keep_checked(first, "run", True)
    memo.forget()  # the state changed
    memo.applying = True
    assert memo.checked_answer(first, "run") is None


def test_a_replayed_lay_and_run_are_checked_once() -> None:
    """Over a bot game, every tile lay and run the engine applies was checked by the title's
    hooks exactly once (the apply took the check's answer), with the same game as before."""
    calls: dict[str, int] = {"lay": 0, "run": 0}

    class Counting(Title1870):
        def hook_lay(self, state: GameState, sym: str, action: Any) -> tuple[int, bool, bool]:
            calls["lay"] += 1
            return super().hook_lay(state, sym, action)

        def hook_check_run(self, state: GameState, sym: str, action: Any) -> None:
            calls["run"] += 1
            super().hook_check_run(state, sym, action)

    names = ["P1", "P2", "P3"]
    game = Game.new(Counting(), names, {}, 5)
    bots = {p: BuilderBot(i) for i, p in enumerate(names)}
    for _ in range(300):
        if game.is_over():
            break
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
    lays = sum(a.type == "lay" for a in game.log)
    runs = sum(a.type == "run" for a in game.log)
    connections = sum(a.type == "connect" for a in game.log)
    assert lays > 10 and runs > 10
    calls["lay"] = calls["run"] = 0
    again = game.replay()
    assert again.state_json() == game.state_json()
    assert calls["lay"] == lays
    # a connection run (1870 §8.4) is its own step, checked again as it is applied
    assert calls["run"] == runs + connections
