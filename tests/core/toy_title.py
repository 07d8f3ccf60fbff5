"""Pig, a tiny dice race used to test the engine core.

On your turn you ``roll`` the die as often as you like, adding each face to your turn total;
a 1 loses the turn total and passes the turn. ``hold`` banks the turn total and passes.
The first to reach ``target`` wins. Rule "Pig 2: roll before holding" (option ``must_roll``)
forbids holding before the first roll of a turn. The start player is drawn at setup.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from transcon.core.bots import Bot, BotFactory
from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.core.options import Options, option
from transcon.core.rng import GameRandom
from transcon.core.title import Action, ActionContext, Score, Setup, Title

RULE_ROLL_FIRST = "Pig 2: roll before holding"


class Roll(Action):
    type: Literal["roll"] = "roll"


class Hold(Action):
    type: Literal["hold"] = "hold"


@dataclass
class PigState:
    players: list[str]
    target: int
    sides: int
    must_roll: bool
    turn: int
    scores: dict[str, int]
    turn_total: int = 0
    rolls_this_turn: int = 0
    winner: str | None = None
    rolls: int = 0
    busts: int = 0
    faces: list[int] = field(default_factory=list)

    @property
    def player(self) -> str:
        return self.players[self.turn]


class CautiousBot:
    """Rolls until the turn total reaches ``limit``, then holds."""

    def __init__(self, seed: int = 0, limit: int = 6) -> None:
        self.limit = limit

    def choose(self, game: Game[Any], player: str) -> Action:
        state: PigState = game.state
        if state.rolls_this_turn and state.turn_total >= self.limit:
            return Hold(player=player)
        return Roll(player=player)


@dataclass(frozen=True, slots=True)
class PigOptions(Options):
    target: int = option(20, "Score needed to win.", min=5, max=200)
    die: Literal["d4", "d6", "d8"] = option("d6", "Die to roll.")
    must_roll: bool = option(True, "A turn must start with a roll.", rule="Pig 2")


class ToyTitle(Title[PigState]):
    strongest_bot = "cautious"
    name = "pig"
    display_name = "Pig (test dice race)"
    min_players = 1
    max_players = 6
    options = PigOptions.specs()
    action_types: ClassVar[tuple[type[Action], ...]] = (Roll, Hold)
    notation = "roll (or r) rolls the die; hold (or h) banks the turn total."

    def initial_state(self, setup: Setup, rng: GameRandom) -> PigState:
        players = list(setup.players)
        opt = PigOptions.view(setup.options)
        return PigState(
            players=players,
            target=opt.target,
            sides=int(opt.die[1:]),
            must_roll=opt.must_roll,
            turn=rng.randint(0, len(players) - 1),
            scores=dict.fromkeys(players, 0),
        )

    def current_players(self, state: PigState) -> list[str]:
        return [] if state.winner else [state.player]

    def check(self, state: PigState, action: Action) -> None:
        if isinstance(action, Hold) and state.must_roll and state.rolls_this_turn == 0:
            raise IllegalAction(RULE_ROLL_FIRST, f"{action.player} has not rolled this turn")

    def apply(self, state: PigState, action: Action, ctx: ActionContext) -> None:
        player = action.player
        if isinstance(action, Roll):
            face = ctx.rng.die(state.sides)
            state.rolls += 1
            state.rolls_this_turn += 1
            state.faces.append(face)
            if face == 1:
                state.busts += 1
                ctx.emit(f"{player} rolls 1 and loses {state.turn_total}", face=face)
                self._next_turn(state)
            else:
                state.turn_total += face
                ctx.emit(f"{player} rolls {face} (turn total {state.turn_total})", face=face)
        else:
            state.scores[player] += state.turn_total
            ctx.emit(f"{player} holds {state.turn_total}, score {state.scores[player]}")
            if state.scores[player] >= state.target:
                state.winner = player
                ctx.emit(f"{player} wins")
            else:
                self._next_turn(state)

    def _next_turn(self, state: PigState) -> None:
        state.turn = (state.turn + 1) % len(state.players)
        state.turn_total = 0
        state.rolls_this_turn = 0

    def legal_actions(self, state: PigState, player: str) -> list[Action]:
        if state.winner or player != state.player:
            return []
        actions: list[Action] = [Roll(player=player)]
        if state.rolls_this_turn or not state.must_roll:
            actions.append(Hold(player=player))
        return actions

    def is_over(self, state: PigState) -> bool:
        return state.winner is not None

    def result(self, state: PigState) -> dict[str, Score]:
        return dict(state.scores)

    def parse_action(self, text: str, state: PigState, player: str) -> Action:
        word = text.strip().lower()
        if word == "r":
            return Roll(player=player)
        if word == "h":
            return Hold(player=player)
        return super().parse_action(text, state, player)

    def describe_status(self, state: PigState) -> str:
        scores = ", ".join(f"{p} {s}" for p, s in state.scores.items())
        if state.winner:
            return f"{state.winner} won. Scores: {scores}."
        return f"Scores: {scores}. {state.player} to act, turn total {state.turn_total}."

    def bots(self) -> dict[str, BotFactory]:
        def cautious(seed: int) -> Bot:
            return CautiousBot(seed)

        return {"cautious": cautious}

    def game_statistics(self, state: PigState) -> dict[str, Any]:
        return {"rolls": state.rolls, "busts": state.busts}

    def aggregate_statistics(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        rolls = sum(g["rolls"] for g in games)
        return {"mean_rolls": rolls / len(games) if games else 0.0, "total_rolls": rolls}


class AtomicToyTitle(ToyTitle):
    """The same game, declaring that ``check`` catches everything (no per-action snapshot)."""

    name = "pig-atomic"
    atomic_apply = True


class SecretPig(ToyTitle):
    """Pig with hidden dice: only the roller reads a roll; the others read "Ann rolls" and
    see the running turn total only as "?". Exercises the hidden-information hooks."""

    name = "secret-pig"
    hidden_information = True

    def apply(self, state: PigState, action: Action, ctx: ActionContext) -> None:
        if not isinstance(action, Roll):
            super().apply(state, action, ctx)
            return
        face = ctx.rng.die(state.sides)
        state.rolls += 1
        state.rolls_this_turn += 1
        state.faces.append(face)
        player = action.player
        text = f"{player} rolls {face}"
        ctx.emit_private([player], text, public_text=f"{player} rolls", face=face)
        if face == 1:
            state.busts += 1
            ctx.emit(f"{player} busts and loses the turn total")
            self._next_turn(state)
        else:
            state.turn_total += face

    def player_view(self, state: PigState, viewer: str | None) -> dict[str, Any]:
        view = self.state_to_json(state)
        if viewer is not None and viewer != state.player:
            view["turn_total"] = None
            view["faces"] = []
        return view

    def describe_status_for(self, state: PigState, viewer: str | None) -> str:
        if viewer is None or viewer == state.player:
            return self.describe_status(state)
        return f"{state.player} to act, turn total hidden."
