"""The operating round: companies in market order lay track, place a token, run trains, pay
or withhold, and buy trains.

A company's turn moves through stages (:class:`~transcon.eighteen.framework.rounds.TurnStage`:
track, token, run, dividend, trains); taking an action of a later stage closes the earlier
ones (a company without trains runs nothing and withholds nothing, which moves its price
left). ``done`` ends the turn. Each stage is a step here; purchases, private companies and
bankruptcy are in :mod:`~transcon.eighteen.framework.steps.purchases`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import (
    DiscardTrain,
    Dividend,
    LayTile,
    PlaceToken,
    RunRoutes,
)
from transcon.eighteen.framework.base import BANK, corp_key
from transcon.eighteen.framework.rounds import Round, RoundKind, Step, TurnStage
from transcon.eighteen.framework.spec import EndTiming
from transcon.eighteen.framework.state import GameState, OperatingState

RULE_OR = "operating round"
RULE_TRAIN = "buying trains"
RULE_TRACK = "track"
RULE_TOKEN = "token"


@dataclass(frozen=True, slots=True)
class LaySlot:
    """One tile lay of a company's track step, in order (18xx.games ``TILE_LAYS`` entries).

    ``lay``: may put a tile on an empty hex; ``upgrade``: may replace a tile;
    ``after_upgrade``: still open when an earlier lay of the turn was an upgrade; ``cost``:
    paid on top of the terrain for using this slot.
    """

    lay: bool = True
    upgrade: bool = True
    after_upgrade: bool = True
    cost: int = 0


class CompanyStep(Step):
    """A step of the operating company's turn: only its president acts."""

    rule = RULE_OR

    def actors(self, state: GameState) -> list[str]:
        return [state.corps[self.game.current_corp(state)].president]

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        sym = self.game.current_corp(state)
        if action.player != state.corps[sym].president:
            raise IllegalAction(RULE_OR, f"{action.player} does not run {sym}")
        closed = self.closed(state, sym)
        if closed is not None:
            raise closed
        self.company_action(state, sym, action, ctx)

    def closed(self, state: GameState, sym: str) -> IllegalAction | None:
        """Why no action of this step can be taken now (the first check of each of them;
        then :meth:`choices` lists none), or None. Cheap: asked for every legal-action list."""
        return None

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        raise NotImplementedError

    def choices(self, state: GameState, player: str) -> list[Action]:
        sym = self.game.current_corp(state)
        if state.corps[sym].president != player or self.closed(state, sym) is not None:
            return []
        return self.company_choices(state, sym, player)

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        return []

    def advance(
        self, state: GameState, sym: str, target: TurnStage, ctx: ActionContext | None
    ) -> None:
        """Close the stages before ``target``; raises if a mandatory one is open."""
        problem = self.stage_problem(state, sym, target)
        if problem is not None:
            raise problem
        if ctx is None:
            return
        op = state.operating
        corp = state.corps[sym]
        run = TurnStage.RUN
        if target > run and op.step <= run and not corp.trains:
            ctx.emit(f"{sym} has no train to run: its run and dividend are skipped")
            op.revenue = 0
            self.game.pay_dividend(state, sym, 0, "withhold", ctx)
            op.step = TurnStage.TRAINS
        op.step = max(op.step, target)

    def forced_purchase(self, state: GameState, sym: str) -> bool:
        """Whether ``sym`` must buy a train now (its president paying what it lacks): it has
        none, one is for sale, the title's rule asks for one (1870: a legal route) and the
        company does not close as it withholds."""
        g = self.game
        return (
            not state.corps[sym].trains
            and g.cheapest_train(state) is not None
            and not self.closes_on_withhold(state, sym)
            and g.hook_must_buy_train(state, sym)
        )

    def closes_on_withhold(self, state: GameState, sym: str) -> bool:
        """Whether closing the open run of ``sym``, a company that cannot run (no trains, or
        in 1870 no route), withholds and moves its price into the closing zone or to 0
        (§5.3): then the company closes and its turn ends there (18xx.games closes it at its
        dividend step)."""
        corp = state.corps[sym]
        if state.operating.step > TurnStage.RUN or corp.cell is None:
            return False
        market = self.game.market(state)
        left = market.left(corp.cell)
        if market.zone(left) != "c" and market.price(left) != 0:
            return False
        return not corp.trains or not self.game.hook_can_run(state, sym)

    def stage_problem(self, state: GameState, sym: str, target: TurnStage) -> IllegalAction | None:
        """Why the turn cannot move on to ``target`` (a stage over, a mandatory one open)."""
        op = state.operating
        if op.step > target:
            return IllegalAction(RULE_OR, f"the {target.name.lower()} step is over")
        run, dividend = TurnStage.RUN, TurnStage.DIVIDEND
        if target > run and op.step <= run and state.corps[sym].trains and op.revenue is None:
            return IllegalAction(RULE_OR, f"{sym} must run its trains first")
        if target > dividend and op.step == dividend:
            return IllegalAction(RULE_OR, f"{sym} must choose a dividend first")
        return None


class DiscardTrains(Step):
    """A company over its train limit puts trains into the pool before anything else."""

    actions: ClassVar[tuple[type[Action], ...]] = (DiscardTrain,)
    rule = RULE_TRAIN

    def active(self, state: GameState) -> bool:
        return bool(self.game.over_limit(state))

    def blocking(self, state: GameState) -> bool:
        return True

    def actors(self, state: GameState) -> list[str]:
        return [state.corps[self.game.over_limit(state)[0]].president]

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        return IllegalAction(RULE_TRAIN, "a company over its train limit must discard first")

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        assert isinstance(action, DiscardTrain)
        corp = state.corps.get(action.corp)
        if corp is None or action.corp not in self.game.over_limit(state):
            raise IllegalAction(RULE_TRAIN, f"{action.corp} is not over its train limit")
        if corp.president != action.player:
            raise IllegalAction(RULE_TRAIN, f"{action.player} is not the president")
        if action.train not in corp.trains:
            raise IllegalAction(RULE_TRAIN, f"{action.corp} has no train {action.train}")
        if ctx is None:
            return
        corp.trains.remove(action.train)
        state.pool_trains.append(action.train)
        state.train_owner[action.train] = "pool"
        ctx.emit(f"{action.corp} discards {action.train}")

    def choices(self, state: GameState, player: str) -> list[Action]:
        out: list[Action] = []
        for sym in self.game.over_limit(state):
            corp = state.corps[sym]
            out.extend(DiscardTrain(player=player, corp=sym, train=t) for t in corp.trains)
        return out


class Track(CompanyStep):
    """Lay or upgrade tiles, one per lay slot (:meth:`EighteenTitle.tile_lays`)."""

    actions: ClassVar[tuple[type[Action], ...]] = (LayTile,)

    def next_slot(self, state: GameState, sym: str) -> LaySlot | None:
        """The lay slot the next counted lay uses (None: no more lays this turn)."""
        op = state.operating
        slots = self.game.tile_lays(state, sym)
        if op.lays >= len(slots):
            return None
        slot = slots[op.lays]
        return None if op.upgraded and not slot.after_upgrade else slot

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, LayTile)
        g = self.game
        op = state.operating
        if op.step > TurnStage.TRACK:
            if self.next_slot(state, sym) is None:
                raise IllegalAction(RULE_TRACK, "no more tile lays this turn")
            raise IllegalAction(RULE_OR, "tiles are laid before tokens and runs")
        if action.hex in op.laid_hexes:
            raise IllegalAction(RULE_TRACK, f"{action.hex} already got a tile this turn")
        cost, counts, upgrade = self.lay_terms(state, sym, action)
        if counts:
            slot = self.next_slot(state, sym)
            if upgrade and op.lays and (slot is None or not slot.upgrade):
                raise IllegalAction(RULE_TRACK, "an upgrade must be the first and only lay")
            if slot is None or not (slot.upgrade if upgrade else slot.lay):
                raise IllegalAction(RULE_TRACK, "no more tile lays this turn")
            cost += slot.cost
        if state.corps[sym].cash < cost:
            raise IllegalAction(RULE_TRACK, f"{sym} cannot pay {cost}")
        if ctx is None:
            return
        g.pay(state, corp_key(sym), BANK, cost)
        old = state.tiles.get(action.hex)
        if old is not None and state.tile_used.get(str(old[0])):
            state.tile_used[str(old[0])] -= 1
        state.tiles[action.hex] = [action.tile, action.rotation]
        state.tile_used[action.tile] = state.tile_used.get(action.tile, 0) + 1
        if counts:
            op.lays += 1
            op.upgraded = op.upgraded or upgrade
        op.laid_hexes.append(action.hex)
        ctx.emit(f"{sym} lays {action.tile} on {action.hex} rot {action.rotation} ({cost})")
        g.hook_after_lay(state, sym, action, ctx)

    def lay_terms(self, state: GameState, sym: str, action: LayTile) -> tuple[int, bool, bool]:
        """The title's :meth:`~EighteenTitle.hook_lay` answer, asked once per action: the
        apply takes the one its check found (:meth:`PositionMemo.keep_checked`)."""
        memo = state.memo
        kept = memo.checked_answer(action, "lay")
        if kept is not None:
            return kept  # type: ignore[return-value]
        terms = self.game.hook_lay(state, sym, action)
        memo.keep_checked(action, "lay", terms)
        return terms

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        return list(self.game.hook_bot_lays(state, sym, player))


class Token(CompanyStep):
    """Place one station token per turn, before running."""

    actions: ClassVar[tuple[type[Action], ...]] = (PlaceToken,)

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, PlaceToken)
        g = self.game
        op = state.operating
        corp = state.corps[sym]
        cost = g.token_cost(state, sym)
        assert cost is not None  # see closed()
        if action.hex in corp.tokens:
            raise IllegalAction(RULE_TOKEN, f"{sym} already has a token in {action.hex}")
        if corp.cash < cost:
            raise IllegalAction(RULE_TOKEN, f"{sym} cannot pay {cost}")
        g.hook_check_token(state, sym, action)
        if ctx is None:
            return
        g.pay(state, corp_key(sym), BANK, cost)
        if corp.tokens_used < len(g.spec(state).corp(sym).tokens):
            corp.tokens_used += 1
        else:
            corp.extra_tokens.pop(0)
        corp.tokens.append(action.hex)
        op.tokened = True
        op.step = TurnStage.TOKEN
        ctx.emit(f"{sym} places a token on {action.hex} ({cost})")

    def closed(self, state: GameState, sym: str) -> IllegalAction | None:
        op = state.operating
        if op.step > TurnStage.TOKEN or op.tokened:
            return IllegalAction(RULE_TOKEN, "one token per turn, before running")
        if self.game.token_cost(state, sym) is None:
            return IllegalAction(RULE_TOKEN, f"{sym} has no token left")
        return None

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        return list(self.game.hook_bot_tokens(state, sym, player))


class Route(CompanyStep):
    """Run the trains: the revenue claimed (the title checks the routes named)."""

    actions: ClassVar[tuple[type[Action], ...]] = (RunRoutes,)

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, RunRoutes)
        g = self.game
        op = state.operating
        memo = state.memo
        if memo.checked_answer(action, "run") is None:  # (its check found the run good)
            g.hook_check_run(state, sym, action)
            memo.keep_checked(action, "run", True)
        if ctx is None:
            return
        op.revenue = action.revenue
        ctx.emit(f"{sym} runs for {action.revenue}", revenue=action.revenue)
        if action.revenue or g.hook_run_may_change(state, sym):
            # A run of 0 waits for the dividend step too when the revenue may still change.
            op.step = TurnStage.DIVIDEND
        else:
            g.pay_dividend(state, sym, 0, "withhold", ctx)
            op.step = TurnStage.TRAINS

    def closed(self, state: GameState, sym: str) -> IllegalAction | None:
        op = state.operating
        if not state.corps[sym].trains:
            return IllegalAction(
                "run",
                f"{sym} has no train to run: when its turn moves on (a train bought, `done`) "
                f"it runs nothing and withholds $0",
            )
        if op.revenue:
            return IllegalAction("run", f"{sym} already ran for {op.revenue} this turn")
        if op.revenue is not None or op.step > TurnStage.RUN:
            return IllegalAction(
                "run",
                f"{sym}'s run is over this turn (it ran for 0, or had no train when its turn "
                f"moved on and withheld $0): a train bought this turn runs from its next turn",
            )
        return None

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        return [self.game.hook_bot_run(state, sym, player)]


class Dividends(CompanyStep):
    """Pay out, pay half or withhold the revenue just run."""

    actions: ClassVar[tuple[type[Action], ...]] = (Dividend,)

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, Dividend)
        g = self.game
        op = state.operating
        assert op.revenue is not None  # see closed()
        if action.kind == "half" and not g.hook_half_allowed(state, sym):
            raise IllegalAction("dividend", f"{sym} may not pay half")
        if op.revenue == 0 and action.kind != "withhold":
            raise IllegalAction("dividend", f"{sym} ran for 0: nothing to pay, it withholds")
        if ctx is None:
            return
        g.pay_dividend(state, sym, op.revenue, action.kind, ctx)
        op.step = TurnStage.TRAINS

    def closed(self, state: GameState, sym: str) -> IllegalAction | None:
        op = state.operating
        if op.step != TurnStage.DIVIDEND or op.revenue is None:
            return IllegalAction("dividend", "no revenue to distribute")
        return None

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        kinds = ("payout", "half", "withhold")
        return [Dividend(player=player, kind=k) for k in kinds]


class OperatingRound(Round):
    """Companies operate in market order; a title's steps may interrupt between actions."""

    kind = RoundKind.OPERATING

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        sym = self.game.current_corp(state)
        if action.player != state.corps[sym].president:
            return IllegalAction(RULE_OR, f"{action.player} does not run {sym}")
        return IllegalAction(RULE_OR, f"no {action.type} in an operating round")

    def after_process(
        self, state: GameState, step: Step, action: Action, ctx: ActionContext
    ) -> None:
        op = state.operating
        if not isinstance(step, CompanyStep) or action.type == "done":
            return
        same_round = state.round == RoundKind.OPERATING and state.operating is op
        if same_round and not self.game.hook_turn_interrupted(state) and op.index < len(op.order):
            op.acted = True
            if state.corps[op.order[op.index]].closed:
                self.end_turn(state, ctx)

    def start_set(self, state: GameState, ctx: ActionContext) -> None:
        state.operating = OperatingState(of=self.game.phase(state).operating_rounds)
        self.start(state, ctx)

    def start(self, state: GameState, ctx: ActionContext) -> None:
        g = self.game
        state.round = RoundKind.OPERATING
        op = state.operating
        op.index = 0
        op.order = g.operating_order(state)
        ctx.emit(
            f"Operating round {op.number} of {op.of}: "
            + ", ".join(f"{s} {g.price(state, s)}{state.corps[s].cell}" for s in op.order),
            order=op.order,
        )
        g.pay_private_revenue(state, ctx)
        if not op.order:
            self.end(state, ctx)
            return
        self.begin_turn(state, ctx)

    def begin_turn(self, state: GameState, ctx: ActionContext) -> None:
        op = state.operating
        op.step = TurnStage.TRACK
        op.lays = 0
        op.upgraded = op.tokened = op.bought_train = op.acted = op.emergency_sold = False
        op.laid_hexes = []
        op.revenue = None
        sym = op.order[op.index]
        if state.corps[sym].closed:
            self.end_turn(state, ctx)
            return
        if not state.corps[sym].tokens:
            self.game.hook_home_token(state, sym, ctx)

    def end_turn(self, state: GameState, ctx: ActionContext) -> None:
        op = state.operating
        sym = op.order[op.index]
        state.corps[sym].operated = True
        op.index += 1
        if state.end_after == EndTiming.NOW:
            self.game.game_over(state, ctx)
        elif op.index >= len(op.order):
            self.end(state, ctx)
        else:
            self.begin_turn(state, ctx)

    def end(self, state: GameState, ctx: ActionContext) -> None:
        op = state.operating
        if state.end_after == EndTiming.ROUND:
            self.game.game_over(state, ctx)
        elif op.number < op.of:
            op.number += 1
            self.start(state, ctx)
        elif state.end_after == EndTiming.SET:
            self.game.game_over(state, ctx)
        else:
            self.game.start_stock_round(state, ctx)
