"""1870's destinations (§8): the destination checks and the connection runs they start.

As 18xx.games plays them (``CheckConnection``, ``ConnectionToken``, ``ConnectionRoute``,
``ConnectionDividend``): the destinations are checked at the start of each operating round
and at the end of every company turn (after the price protection of its sales); every
company that can now reach its destination (§8.1) is queued, the company whose turn ended
first, then the others in operating order (§8.2). Each in turn chooses where its destination
token goes (``connect SYM map|charter``), runs its trains once and pays out or withholds;
after each connection dividend the companies still to operate in the round are re-sorted.
The turn that ended is over only once the queue is empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import Dividend, RunRoutes
from transcon.eighteen.framework.base import BANK, corp_key
from transcon.eighteen.framework.rounds import RoundKind, Step
from transcon.eighteen.framework.state import GameState
from transcon.titles.t1870.game.actions import Connect
from transcon.titles.t1870.game.runs import joins_home_and_destination
from transcon.titles.t1870.game.state import state_1870

if TYPE_CHECKING:
    from transcon.titles.t1870.game.title import Title1870

RULE_DESTINATION = "1870 §8 destinations"


def connectable(game: Title1870, state: GameState, sym: str) -> bool:
    """§8.1: a floated company with a train, its destination not reached yet, whose train
    could run from home to the destination."""
    corp = state.corps[sym]
    if sym in state_1870(state).connected or not corp.floated or corp.closed or not corp.trains:
        return False
    if not game.spec(state).corp(sym).destination:
        return False
    return bool(game.hook_can_connect(state, sym))


def check_destinations(game: Title1870, state: GameState) -> list[str]:
    """§8.2: the companies that make their connection run now, the operating company first,
    then the others in the round's order (18xx.games ``CheckConnection``)."""
    op = state.operating
    current = op.order[op.index] if op.index < len(op.order) else ""
    with state.memo.settled():  # every company is checked against the same position
        found = [sym for sym in op.order if connectable(game, state, sym)]
    if current in found:
        found.remove(current)
        found.insert(0, current)
    state_1870(state).connection_queue = found
    return found


def resort_remaining(game: Title1870, state: GameState) -> None:
    """The companies still to operate in this round, re-sorted by the market (18xx.games
    ``recalculate_order``: the order of those that operated, and of the current one, stays)."""
    op = state.operating
    waiting = op.order[op.index + 1 :]
    op.order[op.index + 1 :] = [s for s in game.operating_order(state) if s in waiting]


class ConnectionToken(Step):
    """§8.4: the first company of the queue chooses where its destination token goes:
    ``map`` (the destination city counts double for it) or ``charter`` (an extra $100 token;
    the only choice when it already has a token in its destination city). Its connection run
    follows at once."""

    game: Title1870
    actions: ClassVar[tuple[type[Action], ...]] = (Connect,)
    rule = RULE_DESTINATION

    def active(self, state: GameState) -> bool:
        data = state_1870(state)
        return bool(data.connection_queue) and not data.connection

    def blocking(self, state: GameState) -> bool:
        return True

    def actors(self, state: GameState) -> list[str]:
        return [state.corps[state_1870(state).connection_queue[0]].president]

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        sym = state_1870(state).connection_queue[0]
        return IllegalAction(
            RULE_DESTINATION,
            f"{sym} reached its destination: {state.corps[sym].president} chooses "
            f"'connect {sym} map' or 'connect {sym} charter' first",
        )

    def choices_for(self, state: GameState, sym: str) -> tuple[str, ...]:
        destination = self.game.spec(state).corp(sym).destination
        if destination in state.corps[sym].tokens:
            return ("charter",)
        return ("map", "charter")

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        assert isinstance(action, Connect)
        queue = state_1870(state).connection_queue
        sym = queue[0]
        if action.corp != sym:
            raise IllegalAction(RULE_DESTINATION, f"{sym} makes its connection run first")
        if state.corps[sym].president != action.player:
            raise IllegalAction(RULE_DESTINATION, f"{action.player} is not the president of {sym}")
        if action.choice not in self.choices_for(state, sym):
            raise IllegalAction(
                RULE_DESTINATION, f"{sym} already has a token there: its token stays on the charter"
            )
        if ctx is None:
            return
        queue.pop(0)
        corp = state.corps[sym]
        data = state_1870(state)
        data.connected[sym] = action.choice
        data.connection = sym
        data.connection_step = 1
        ctx.emit(f"{sym} reaches its destination ({action.choice})", corp=sym)
        if action.choice == "charter":
            corp.extra_tokens.append(100)
        else:
            destination = self.game.spec(state).corp(sym).destination
            data.destination_tokens[sym] = destination

    def choices(self, state: GameState, player: str) -> list[Action]:
        sym = state_1870(state).connection_queue[0]
        if state.corps[sym].president != player:
            return []
        return [Connect(player=player, corp=sym, choice=c) for c in self.choices_for(state, sym)]


class ConnectionRun(Step):
    """§8.4: the company that chose runs its trains once, one of them from home to its
    destination, and pays out (its price moves right) or withholds (no move); then the
    companies still to operate are re-sorted, and when the queue is empty the turn that
    ended goes on to the next company."""

    game: Title1870
    actions: ClassVar[tuple[type[Action], ...]] = (RunRoutes, Dividend)
    rule = RULE_DESTINATION

    def active(self, state: GameState) -> bool:
        return bool(state_1870(state).connection)

    def blocking(self, state: GameState) -> bool:
        return True

    def actors(self, state: GameState) -> list[str]:
        return [state.corps[state_1870(state).connection].president]

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        sym = state_1870(state).connection
        return IllegalAction(RULE_DESTINATION, f"{sym} is making its connection run")

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        g = self.game
        data = state_1870(state)
        sym = data.connection
        if isinstance(action, RunRoutes) and data.connection_step == 1:
            g.hook_check_run(state, sym, action)
            if action.routes and not joins_home_and_destination(sym, action.routes):
                raise IllegalAction(
                    RULE_DESTINATION, f"one of {sym}'s trains must run from home to its destination"
                )
            if ctx is None:
                return
            data.connection_revenue = action.revenue
            ctx.emit(f"{sym} makes its connection run for {action.revenue}")
            if action.revenue:
                data.connection_step = 2
            else:
                ctx.emit(f"{sym} withholds 0")
                self.finish(state, ctx)
            return
        if isinstance(action, Dividend) and data.connection_step == 2:
            if action.kind == "half":
                raise IllegalAction(RULE_DESTINATION, "a connection run pays out or withholds")
            if ctx is None:
                return
            if action.kind == "withhold":
                g.pay(state, BANK, corp_key(sym), data.connection_revenue)
                ctx.emit(f"{sym} withholds {data.connection_revenue}")
            else:
                g.pay_dividend(state, sym, data.connection_revenue, action.kind, ctx)
            self.finish(state, ctx)
            return
        raise self.refusal(state, action)

    def finish(self, state: GameState, ctx: ActionContext) -> None:
        g = self.game
        data = state_1870(state)
        data.connection = ""
        resort_remaining(g, state)
        if not data.connection_queue and data.turn_ended and state.round == RoundKind.OPERATING:
            g.rounds[RoundKind.OPERATING].end_turn(state, ctx)  # type: ignore[attr-defined]

    def choices(self, state: GameState, player: str) -> list[Action]:
        data = state_1870(state)
        if data.connection_step == 1:
            return [self.game.hook_bot_run(state, data.connection, player, connection=True)]
        return [Dividend(player=player, kind="payout"), Dividend(player=player, kind="withhold")]
