"""Dice Race, a tiny title that keeps every promise, and broken variants that each break one:
the conformance suite must pass the first and catch every other."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

from pydantic import BaseModel

from transcon.core.errors import IllegalAction
from transcon.core.rng import GameRandom
from transcon.core.title import Action, ActionContext, Score, Setup, Title

RULE_MOVE_FIRST = "Race 2: move first"
RULE_BID = "Race 3: one sealed bid"


class Roll(Action):
    type: Literal["roll"] = "roll"


class Stop(Action):
    type: Literal["stop"] = "stop"


class Bid(Action):
    type: Literal["bid"] = "bid"
    amount: int


class RaceState(BaseModel):
    players: list[str]
    turn: int = 0
    position: dict[str, int]
    bids: dict[str, int] = {}
    rolls: int = 0
    checks: int = 0


class Race(Title[RaceState]):
    """Roll to move or stop (pass, once you have moved); the first to 30 wins."""

    name = "race"
    display_name = "Dice Race"
    min_players = 2
    max_players = 4
    action_types: ClassVar[tuple[type[Action], ...]] = (Roll, Stop)
    atomic_apply = True
    notation = "`roll` | `stop`"

    def initial_state(self, setup: Setup, rng: GameRandom) -> RaceState:
        return RaceState(players=list(setup.players), position=dict.fromkeys(setup.players, 0))

    def current_players(self, state: RaceState) -> list[str]:
        return [state.players[state.turn]]

    def check(self, state: RaceState, action: Action) -> None:
        if isinstance(action, Stop) and state.position[action.player] == 0:
            raise IllegalAction(RULE_MOVE_FIRST, f"{action.player} has not moved")

    def apply(self, state: RaceState, action: Action, ctx: ActionContext) -> None:
        if isinstance(action, Roll):
            face = self.roll(ctx)
            state.position[action.player] += face
            ctx.emit(f"{action.player} rolls {face}", face=face)
        else:
            ctx.emit(f"{action.player} stops")
        self.next_turn(state)

    def roll(self, ctx: ActionContext) -> int:
        return ctx.rng.die()

    def next_turn(self, state: RaceState) -> None:
        state.turn = (state.turn + 1) % len(state.players)

    def legal_actions(self, state: RaceState, player: str) -> list[Action]:
        moves: list[Action] = [Roll(player=player)]
        if state.position[player]:
            moves.append(Stop(player=player))
        return moves

    def is_over(self, state: RaceState) -> bool:
        return max(state.position.values()) >= 30

    def result(self, state: RaceState) -> dict[str, Score]:
        return dict(state.position)


class MutatingCheck(Race):
    """``check`` counts how often it ran, in the state."""

    name = "race-mutating-check"

    def check(self, state: RaceState, action: Action) -> None:
        state.checks += 1
        super().check(state, action)


class GlobalDice(Race):
    """Rolls with the process-wide generator, so a replay rolls differently."""

    name = "race-global-dice"

    def roll(self, ctx: ActionContext) -> int:
        return random.randint(1, 6)


class SwallowingCheck(Race):
    """Wraps part of its check in ``except Exception``: a crash there waves the move through."""

    name = "race-swallowing-check"

    def check(self, state: RaceState, action: Action) -> None:
        try:
            self.stop_rule(state, action)
        except IllegalAction:
            raise
        except Exception:
            pass  # "the rule engine is still evolving: do not block play"

    def stop_rule(self, state: RaceState, action: Action) -> None:
        super().check(state, action)


class BadNotation(Race):
    """Writes actions in a way its parser cannot read."""

    name = "race-bad-notation"

    def format_action(self, action: Action) -> str:
        return action.type.upper() + "!"


class ListsIllegal(Race):
    """Lists ``stop`` before the player has moved."""

    name = "race-lists-illegal"

    def legal_actions(self, state: RaceState, player: str) -> list[Action]:
        return [Roll(player=player), Stop(player=player)]


class Stuck(Race):
    """Has nothing to offer a player who reached 6 although the game goes on."""

    name = "race-stuck"

    def legal_actions(self, state: RaceState, player: str) -> list[Action]:
        return [] if state.position[player] >= 6 else super().legal_actions(state, player)


class SealedBids(Race):
    """Before racing, every player makes one sealed bid (1-3); bids stay secret to the end.
    Keeps its promises: the others read "Ann bids" and see the bid as "?"."""

    name = "race-sealed-bids"
    hidden_information = True
    action_types: ClassVar[tuple[type[Action], ...]] = (Roll, Stop, Bid)
    notation = "`bid amount=N` | `roll` | `stop`"

    def current_players(self, state: RaceState) -> list[str]:
        waiting = [p for p in state.players if p not in state.bids]
        return waiting or super().current_players(state)

    def check(self, state: RaceState, action: Action) -> None:
        bidding = any(p not in state.bids for p in state.players)
        if isinstance(action, Bid) != bidding or (
            isinstance(action, Bid) and not 1 <= action.amount <= 3
        ):
            raise IllegalAction(RULE_BID, "bid 1-3 once, before racing")
        super().check(state, action)

    def apply(self, state: RaceState, action: Action, ctx: ActionContext) -> None:
        if isinstance(action, Bid):
            state.bids[action.player] = action.amount
            ctx.emit_private([action.player], f"{action.player} bids {action.amount}", "bid")
            return
        super().apply(state, action, ctx)

    def legal_actions(self, state: RaceState, player: str) -> list[Action]:
        if player not in state.bids:
            return [Bid(player=player, amount=n) for n in (1, 2, 3)]
        return super().legal_actions(state, player)

    def player_view(self, state: RaceState, viewer: str | None) -> dict[str, Any]:
        data = self.state_to_json(state)
        if viewer is not None and not self.is_over(state):
            data["bids"] = {p: ("?" if p != viewer else b) for p, b in state.bids.items()}
        return data

    def format_action_for(self, action: Action, state: RaceState, viewer: str | None) -> str:
        if isinstance(action, Bid) and viewer not in (None, action.player):
            return "bid" if not self.is_over(state) else self.format_action(action)
        return self.format_action(action)

    def describe_status(self, state: RaceState) -> str:
        return f"positions {state.position}"


class LeakyBids(SealedBids):
    """Shows every bid in the status."""

    name = "race-leaky-bids"

    def describe_status_for(self, state: RaceState, viewer: str | None) -> str:
        return f"positions {state.position}, bids {state.bids}"


class HiddenDie(Race):
    """Rolls are seen only by the roller (positions are secret too) and keeps that promise."""

    name = "race-hidden-die"
    hidden_information = True

    def apply(self, state: RaceState, action: Action, ctx: ActionContext) -> None:
        if isinstance(action, Roll):
            face = ctx.rng.die()
            state.position[action.player] += face
            state.rolls += 1
            ctx.emit_private([action.player], f"{action.player} rolls {face}", "a roll")
            self.next_turn(state)
            return
        super().apply(state, action, ctx)

    def is_over(self, state: RaceState) -> bool:
        return state.rolls >= 30

    def player_view(self, state: RaceState, viewer: str | None) -> dict[str, Any]:
        data = self.state_to_json(state)
        if viewer is not None and not self.is_over(state):
            data["position"] = {p: (n if p == viewer else "?") for p, n in state.position.items()}
        return data

    def describe_status(self, state: RaceState) -> str:
        return f"{state.rolls} rolls"


class LeakyDie(HiddenDie):
    """Its status shows every position: the hidden rolls leak."""

    name = "race-leaky-die"

    def describe_status_for(self, state: RaceState, viewer: str | None) -> str:
        return f"positions {state.position}"
