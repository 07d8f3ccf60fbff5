"""Rounds as ordered lists of steps.

A :class:`Step` declares the action types it accepts (:attr:`Step.actions`), who may act in
it now (:meth:`Step.actors`), whether it is active and whether it blocks the steps after it,
and how it checks and applies an action (:meth:`Step.process`, ``ctx=None``: check only).
A :class:`Round` holds its steps in order: an action goes to the first active step that
accepts it; a blocking step refuses every action it does not accept; who may act and the
legal action candidates are collected from the active steps up to the first blocking one.

A title builds its rounds from the framework's steps plus its own step subclasses (see
:meth:`~transcon.eighteen.framework.title.EighteenTitle.stock_round` and
docs/writing-an-18xx-title.md). Steps hold no state of their own: everything that changes
lives in :class:`~transcon.eighteen.framework.state.GameState`, so a game is its log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.state import GameState, RoundKind, TurnStage

__all__ = ["Round", "RoundKind", "Step", "TurnStage"]

if TYPE_CHECKING:
    from transcon.eighteen.framework.title import EighteenTitle


class Step:
    """One step of a round (see the module docstring). ``game`` is the title playing it."""

    #: Action types this step may accept.
    actions: ClassVar[tuple[type[Action], ...]] = ()
    #: The rule named in errors of this step (a rule section or rule name players know).
    rule: ClassVar[str] = ""
    #: After this step's actions the round skips players who could only pass.
    skips_idle_players: ClassVar[bool] = False

    def __init__(self, game: EighteenTitle) -> None:
        self.game = game

    def active(self, state: GameState) -> bool:
        """Whether the step takes part in the round now."""
        return True

    def blocking(self, state: GameState) -> bool:
        """Whether the steps after this one wait until it is done (only asked when active)."""
        return False

    def actors(self, state: GameState) -> list[str]:
        """Players who may act in this step now."""
        return []

    def accepts(self, state: GameState, action: Action) -> bool:
        return isinstance(action, self.actions)

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        """Check ``action`` (raise :class:`IllegalAction` when it breaks a rule) and, with a
        context, apply it."""
        raise NotImplementedError

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        """The error when this blocking step is waiting and ``action`` is not its own."""
        return IllegalAction(self.rule or "turn order", f"no {action.type} now")

    def choices(self, state: GameState, player: str) -> list[Action]:
        """Candidate actions of ``player`` in this step (the title's ``check`` filters them)."""
        return []


class Round:
    """An ordered list of steps (see the module docstring)."""

    kind: ClassVar[RoundKind]

    def __init__(self, game: EighteenTitle, steps: list[Step]) -> None:
        self.game = game
        self.steps = tuple(steps)
        # (position, step, whether to ask it if active, whether to ask it if blocking): a
        # step keeping the base class's answer (always active, never blocking) is not asked.
        self._plan = tuple(
            (
                i,
                step,
                type(step).active is not Step.active,
                type(step).blocking is not Step.blocking,
            )
            for i, step in enumerate(self.steps)
        )

    def active_steps(self, state: GameState) -> list[Step]:
        """The active steps up to and including the first blocking one (memoised per
        position, see :class:`~transcon.eighteen.framework.state.PositionMemo`)."""
        memo = state.memo
        if memo.steps is not None and memo.steps[0] == self.kind:
            return [self.steps[i] for i in memo.steps[1]]
        found = self.find_active_steps(state)
        if not memo.applying:
            memo.steps = (self.kind, tuple(found))
        return [self.steps[i] for i in found]

    def find_active_steps(self, state: GameState) -> list[int]:
        """Positions of the active steps up to the first blocking one, asked afresh."""
        out = []
        for i, step, asks_active, asks_blocking in self._plan:
            if asks_active and not step.active(state):
                continue
            out.append(i)
            if asks_blocking and step.blocking(state):
                break
        return out

    def step_of(self, step_type: type[Step]) -> Step:
        """This round's step of ``step_type`` (a title may have replaced it by a subclass)."""
        for step in self.steps:
            if isinstance(step, step_type):
                return step
        raise KeyError(step_type.__name__)

    def players(self, state: GameState) -> list[str]:
        """Who may act in the active steps (memoised like :meth:`active_steps`)."""
        memo = state.memo
        if memo.players is not None and memo.players[0] == self.kind:
            return list(memo.players[1])
        out: list[str] = []
        asked = set()
        for step in self.active_steps(state):
            # steps hold no state of their own: steps sharing one ``actors`` method (e.g. the
            # operating company's steps) give one answer, asked once
            method = type(step).actors
            if method in asked:
                continue
            asked.add(method)
            for player in step.actors(state):
                if player not in out:
                    out.append(player)
        if not memo.applying:
            memo.players = (self.kind, tuple(out))
        return out

    def find_players(self, state: GameState) -> list[str]:
        """Who may act in the active steps, asked afresh."""
        out: list[str] = []
        for i in self.find_active_steps(state):
            out.extend(p for p in self.steps[i].actors(state) if p not in out)
        return out

    def step_for(self, state: GameState, action: Action) -> Step:
        """The first active step that accepts ``action`` (raises the refusal of a blocking
        step before it, or the round's)."""
        steps = self.active_steps(state)
        for step in steps:
            if step.accepts(state, action):
                return step
        # only the last active step can block (see active_steps)
        if steps and steps[-1].blocking(state):
            raise steps[-1].refusal(state, action)
        raise self.refusal(state, action)

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        """Give ``action`` to the first active step that accepts it."""
        self.process_in(self.step_for(state, action), state, action, ctx)

    def process_in(
        self, step: Step, state: GameState, action: Action, ctx: ActionContext | None
    ) -> None:
        """Let ``step`` (from :meth:`step_for`) check and, with a context, apply ``action``."""
        step.process(state, action, ctx)
        if ctx is not None:
            self.after_process(state, step, action, ctx)

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        return IllegalAction(f"{self.kind.value} round", f"no {action.type} in a {self.kind} round")

    def after_process(
        self, state: GameState, step: Step, action: Action, ctx: ActionContext
    ) -> None:
        """Bookkeeping after ``step`` applied ``action`` (skipping players, ending turns)."""

    def choices(self, state: GameState, player: str) -> list[Action]:
        out: list[Action] = []
        for step in self.active_steps(state):
            out.extend(step.choices(state, player))
        return out
