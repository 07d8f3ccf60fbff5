""":class:`EighteenTitle`: the 18xx framework as a transcon :class:`~transcon.core.title.Title`.

A title subclasses it, sets ``name``/``display_name``/``options`` and implements
:meth:`game_spec` (its data) plus whichever ``hook_*`` methods its rules need. The state is
a :class:`~transcon.eighteen.framework.state.GameState` built from the spec.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.rng import GameRandom
from transcon.core.title import Action, ActionContext, Score, Setup, Title
from transcon.eighteen.framework.actions import ACTION_TYPES
from transcon.eighteen.framework.legal import LegalMixin
from transcon.eighteen.framework.notation import format_action, parse_action
from transcon.eighteen.framework.state import CorpState, GameState, PlayerState, PrivateState


class EighteenTitle(LegalMixin, Title[GameState]):
    """Base class of 18xx titles (see the module docstring)."""

    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    atomic_apply: ClassVar[bool] = True
    notation: ClassVar[str] = (
        "bid SCC 55 | pass | par MP 76 | buy MP [pool|treasury] | sell MP 2 | protect MP | "
        "redeem MP [pool|PLAYER] | reissue MP | lay E12 57 rot 2 [with MRBC] | token C18 [1] | "
        "run 160 [A2-0,D5-0 F5-0,B9-0] | dividend payout|half|withhold | "
        "train 4 | train 3-1 from pool | train 5-0 from SSW price 1 | train D exchange 4-4 | "
        "discard MP 2-1 | "
        "private SCC 100 | assign SCC B11 | connect MP map|charter | done | bankrupt"
    )

    # -- setup -------------------------------------------------------------------------------

    def initial_state(self, setup: Setup, rng: GameRandom) -> GameState:
        options: dict[str, object] = dict(setup.options)
        spec = self.game_spec(options)
        n = len(setup.players)
        cash = spec.starting_cash[n]
        state = GameState(
            players=[PlayerState(name, cash) for name in setup.players],
            corps={c.sym: CorpState(c.sym) for c in spec.corps},
            privates={p.sym: PrivateState(p.sym) for p in spec.privates},
            bank=spec.bank - cash * n,
            options=options,
        )
        self.hook_setup(state)
        return state

    def hook_setup(self, state: GameState) -> None:
        """Title-specific setup after the state is built."""

    # -- flow --------------------------------------------------------------------------------

    def current_players(self, state: GameState) -> list[str]:
        if state.round == "auction":
            return self.auction_players(state)
        if state.round == "stock":
            if state.operating.connection:
                return [state.corps[state.operating.connection].president]
            players = self.stock_players(state)
            for sym in self.connect_candidates(state):
                president = state.corps[sym].president
                if president not in players:
                    players.append(president)
            return players
        if state.round == "operating":
            return self.operating_players(state)
        return []

    def is_over(self, state: GameState) -> bool:
        return state.round == "over"

    def result(self, state: GameState) -> dict[str, Score]:
        return {p.name: self.player_value(state, p.name) for p in state.players}

    def check(self, state: GameState, action: Action) -> None:
        self._dispatch(state, action, None)

    def apply(self, state: GameState, action: Action, ctx: ActionContext) -> None:
        self._dispatch(state, action, ctx)

    def _dispatch(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        if state.round == "auction":
            self.auction_action(state, action, ctx)
        elif state.round == "stock":
            if action.type == "connect":
                self.stock_connection(state, action, ctx)
            elif state.operating.connection:
                self.connection_run(state, action, ctx)
            else:
                self.stock_action(state, action, ctx)
        elif state.round == "operating":
            self.operating_action(state, action, ctx)
        else:
            raise IllegalAction("game over", "the game is over")

    def stock_connection(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        self.connection_action(state, action, ctx)

    # -- serialisation and presentation ------------------------------------------------------

    def state_to_json(self, state: GameState) -> dict[str, Any]:
        return dataclasses.asdict(state)

    def parse_action(self, text: str, state: GameState, player: str) -> Action:
        parsed = parse_action(text, player)
        return parsed if parsed is not None else super().parse_action(text, state, player)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def describe_status(self, state: GameState) -> str:
        from transcon.eighteen.framework.status import status_text

        return status_text(self, state)

    def game_statistics(self, state: GameState) -> dict[str, Any]:
        return {
            "stock_rounds": state.stock_rounds,
            "phase": self.phase(state).name,
            "end_reason": state.end_reason,
            "floated": sum(1 for c in state.corps.values() if c.floated),
        }

    def aggregate_statistics(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        if not games:
            return {}
        reasons: dict[str, int] = {}
        for g in games:
            reasons[g["end_reason"]] = reasons.get(g["end_reason"], 0) + 1
        return {
            "average_stock_rounds": round(sum(g["stock_rounds"] for g in games) / len(games), 2),
            "end_reasons": reasons,
        }
