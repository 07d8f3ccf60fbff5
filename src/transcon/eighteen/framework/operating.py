"""Operating rounds: companies in market order lay track, place a token, run trains, pay or
withhold, and buy trains; plus private purchases, emergency purchases, discards and the
destination ("connection") runs that titles such as 1870 slot between company turns.

A company's turn moves through steps (track, token, run, dividend, trains); taking an action
of a later step closes the earlier ones (a company without trains runs nothing and withholds
nothing, which moves its price left). ``done`` ends the turn.
"""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import (
    Assign,
    Bankrupt,
    BuyPrivate,
    BuyTrain,
    Connect,
    Demand,
    DiscardTrain,
    Dividend,
    Done,
    LayTile,
    PlaceToken,
    RunRoutes,
    SellShares,
)
from transcon.eighteen.framework.base import BANK, corp_key
from transcon.eighteen.framework.purchases import PurchaseMixin
from transcon.eighteen.framework.state import GameState, OperatingState

RULE_OR = "operating round"
RULE_TRAIN = "buying trains"
RULE_BEST_RUN = "best run on demand (seed 003 §8.3)"
STEP_TRACK, STEP_TOKEN, STEP_RUN, STEP_DIVIDEND, STEP_TRAINS = range(5)


class OperatingMixin(PurchaseMixin):
    """Operating round behaviour; titles tune it with the ``hook_*`` methods."""

    #: Tile lays per turn (an upgrade uses the first and ends laying).
    TILE_LAYS = 1

    # -- hooks -------------------------------------------------------------------------------

    def hook_lay(self, state: GameState, sym: str, action: LayTile) -> tuple[int, bool, bool]:
        """Check a tile lay; return ``(cost, counts_as_a_lay, is_upgrade)``."""
        return (0, True, action.hex in state.tiles)

    def hook_after_lay(
        self, state: GameState, sym: str, action: LayTile, ctx: ActionContext
    ) -> None:
        """Called after a lay (e.g. to mark a private's power used)."""

    def hook_check_token(self, state: GameState, sym: str, action: PlaceToken) -> None:
        """Extra token rules (reachability, free spaces)."""

    def hook_check_run(self, state: GameState, sym: str, action: RunRoutes) -> None:
        """Check the routes run (titles plug in the route engine here)."""

    def hook_best_run_on_demand(self, state: GameState) -> bool:
        """Whether shareholders may demand the highest-paying run (default: no such rule)."""
        return False

    def hook_best_run(self, state: GameState, sym: str) -> tuple[int, str] | None:
        """The highest-paying run of ``sym``'s trains now, as (revenue, routes text), for
        titles whose shareholders may demand it (1870 seed §8.3); None: no such rule."""
        return None

    def hook_home_token(self, state: GameState, sym: str, ctx: ActionContext) -> None:
        corp = state.corps[sym]
        corp.tokens.append(self.spec(state).corp(sym).home)
        corp.tokens_used = 1

    def hook_can_connect(self, state: GameState, sym: str) -> bool | None:
        """Whether a company may make its destination run now (None: cannot tell, allowed
        when declared but not offered to bots). Default: the title has no destinations."""
        return False

    def hook_connect(self, state: GameState, sym: str, choice: str, ctx: ActionContext) -> None:
        """The destination choice was made (place the token, grant an extra token, ...)."""

    def hook_half_allowed(self, state: GameState, sym: str) -> bool:
        return True

    def hook_assign(
        self, state: GameState, sym: str, action: Assign, ctx: ActionContext | None
    ) -> None:
        raise IllegalAction(RULE_OR, f"{action.private} has no token power")

    def hook_must_buy_train(self, state: GameState, sym: str) -> bool:
        return not state.corps[sym].trains

    # -- round control -----------------------------------------------------------------------

    def start_operating_set(self, state: GameState, ctx: ActionContext) -> None:
        state.operating = OperatingState(of=self.phase(state).operating_rounds)
        self.start_operating_round(state, ctx)

    def start_operating_round(self, state: GameState, ctx: ActionContext) -> None:
        state.round = "operating"
        op = state.operating
        op.index = 0
        op.order = self.operating_order(state)
        ctx.emit(
            f"Operating round {op.number} of {op.of}: "
            + ", ".join(f"{s} {self.price(state, s)}{state.corps[s].cell}" for s in op.order),
            order=op.order,
        )
        self.pay_private_revenue(state, ctx)
        if not op.order:
            self.end_operating_round(state, ctx)
            return
        self.begin_turn(state, ctx)

    def begin_turn(self, state: GameState, ctx: ActionContext) -> None:
        op = state.operating
        op.step = STEP_TRACK
        op.lays = 0
        op.upgraded = op.tokened = op.bought_train = op.acted = op.emergency_sold = False
        op.laid_hexes = []
        op.revenue = None
        sym = op.order[op.index]
        if state.corps[sym].closed:
            self.end_turn(state, ctx)
            return
        if not state.corps[sym].tokens:
            self.hook_home_token(state, sym, ctx)

    def end_turn(self, state: GameState, ctx: ActionContext) -> None:
        op = state.operating
        sym = op.order[op.index]
        state.corps[sym].operated = True
        op.index += 1
        if state.end_after == "now":
            self.game_over(state, ctx)
        elif op.index >= len(op.order):
            self.end_operating_round(state, ctx)
        else:
            self.begin_turn(state, ctx)

    def end_operating_round(self, state: GameState, ctx: ActionContext) -> None:
        op = state.operating
        if state.end_after == "or":
            self.game_over(state, ctx)
        elif op.number < op.of:
            op.number += 1
            self.start_operating_round(state, ctx)
        elif state.end_after == "set":
            self.game_over(state, ctx)
        else:
            self.start_stock_round(state, ctx)

    def game_over(self, state: GameState, ctx: ActionContext) -> None:
        state.round = "over"
        ctx.emit(f"Game over ({state.end_reason or 'end'})")

    def current_corp(self, state: GameState) -> str:
        op = state.operating
        return op.order[op.index]

    def connectable(self, state: GameState, sym: str) -> bool | None:
        corp = state.corps[sym]
        if corp.destination or not corp.floated or corp.closed or not corp.trains:
            return False
        if not self.spec(state).corp(sym).destination:
            return False
        return self.hook_can_connect(state, sym)

    def at_turn_start(self, state: GameState) -> bool:
        if state.round == "operating":
            op = state.operating
            return not op.acted and not op.connection and not self.over_limit(state)
        if state.round == "stock":
            st = state.stock
            fresh = st.last_actor < 0 and not st.acted and not st.protection
            return fresh and not state.operating.connection
        return False

    def connect_candidates(self, state: GameState, *, sure: bool = False) -> list[str]:
        if not self.at_turn_start(state):
            return []
        out = []
        for sym in self.operating_order(state):
            ok = self.connectable(state, sym)
            if ok or (ok is None and not sure):
                out.append(sym)
        return out

    def operating_players(self, state: GameState) -> list[str]:
        over = self.over_limit(state)
        if over:
            return [state.corps[over[0]].president]
        op = state.operating
        if op.connection:
            return [state.corps[op.connection].president]
        players = [state.corps[self.current_corp(state)].president]
        players.extend(p for p in self.demanders(state) if p not in players)
        for sym in self.connect_candidates(state):
            president = state.corps[sym].president
            if president not in players:
                players.append(president)
        return players

    # -- dispatch ----------------------------------------------------------------------------

    def connection_action(
        self, state: GameState, action: Action, ctx: ActionContext | None
    ) -> None:
        if not isinstance(action, Connect):
            raise IllegalAction(RULE_OR, "not a connection")
        sym = action.corp
        if sym not in state.corps or state.corps[sym].president != action.player:
            raise IllegalAction(RULE_OR, f"{action.player} is not the president of {sym}")
        if sym not in self.connect_candidates(state):
            raise IllegalAction("destination", f"{sym} cannot make its connection run now")
        if ctx is None:
            return
        op = state.operating
        state.corps[sym].destination = action.choice
        op.connection = sym
        op.connection_step = 1
        ctx.emit(f"{sym} reaches its destination ({action.choice})", corp=sym)
        self.hook_connect(state, sym, action.choice, ctx)

    def operating_action(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        op = state.operating
        if isinstance(action, DiscardTrain):
            self.discard(state, action, ctx)
            return
        if self.over_limit(state):
            raise IllegalAction(RULE_TRAIN, "a company over its train limit must discard first")
        if isinstance(action, Connect):
            self.connection_action(state, action, ctx)
            return
        if op.connection:
            self.connection_run(state, action, ctx)
            return
        sym = self.current_corp(state)
        if isinstance(action, Demand):
            self.demand(state, sym, action, ctx)
            return
        if action.player != state.corps[sym].president:
            raise IllegalAction(RULE_OR, f"{action.player} does not run {sym}")
        handlers = {
            LayTile: self.lay_tile,
            PlaceToken: self.place_token,
            RunRoutes: self.run_routes,
            Dividend: self.dividend,
            BuyTrain: self.buy_train,
            BuyPrivate: self.buy_private_company,
            Assign: self.assign,
            SellShares: self.emergency_sell,
            Done: self.done,
            Bankrupt: self.bankrupt,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise IllegalAction(RULE_OR, f"no {action.type} in an operating round")
        handler(state, sym, action, ctx)  # type: ignore[operator]
        same_round = ctx is not None and state.round == "operating" and state.operating is op
        if same_round and not op.connection and op.index < len(op.order) and action.type != "done":
            op.acted = True
            if state.corps[op.order[op.index]].closed and ctx is not None:
                self.end_turn(state, ctx)

    # -- steps -------------------------------------------------------------------------------

    def _advance(self, state: GameState, sym: str, target: int, ctx: ActionContext | None) -> None:
        """Close the steps before ``target``; raises if a mandatory one is open."""
        op = state.operating
        corp = state.corps[sym]
        if op.step > target:
            names = ["track", "token", "run", "dividend", "trains"]
            raise IllegalAction(RULE_OR, f"the {names[target]} step is over")
        if target > STEP_RUN and op.step <= STEP_RUN and corp.trains and op.revenue is None:
            raise IllegalAction(RULE_OR, f"{sym} must run its trains first")
        if target > STEP_DIVIDEND and op.step == STEP_DIVIDEND:
            raise IllegalAction(RULE_OR, f"{sym} must choose a dividend first")
        if ctx is None:
            return
        if target > STEP_RUN and op.step <= STEP_RUN and not corp.trains:
            op.revenue = 0
            self.pay_dividend(state, sym, 0, "withhold", ctx)
            op.step = STEP_TRAINS
        op.step = max(op.step, target)

    def lay_tile(
        self, state: GameState, sym: str, action: LayTile, ctx: ActionContext | None
    ) -> None:
        op = state.operating
        if op.step > STEP_TRACK:
            raise IllegalAction(RULE_OR, "tiles are laid before tokens and runs")
        if action.hex in op.laid_hexes:
            raise IllegalAction("track", f"{action.hex} already got a tile this turn")
        cost, counts, upgrade = self.hook_lay(state, sym, action)
        if counts:
            if upgrade and op.lays:
                raise IllegalAction("track", "an upgrade must be the first and only lay")
            if op.upgraded or op.lays >= self.TILE_LAYS:
                raise IllegalAction("track", "no more tile lays this turn")
        if state.corps[sym].cash < cost:
            raise IllegalAction("track", f"{sym} cannot pay {cost}")
        if ctx is None:
            return
        self.pay(state, corp_key(sym), BANK, cost)
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
        self.hook_after_lay(state, sym, action, ctx)

    def token_cost(self, state: GameState, sym: str) -> int | None:
        corp = state.corps[sym]
        costs = self.spec(state).corp(sym).tokens
        if corp.tokens_used < len(costs):
            return costs[corp.tokens_used]
        if corp.extra_tokens:
            return corp.extra_tokens[0]
        return None

    def place_token(
        self, state: GameState, sym: str, action: PlaceToken, ctx: ActionContext | None
    ) -> None:
        op = state.operating
        corp = state.corps[sym]
        if op.step > STEP_TOKEN or op.tokened:
            raise IllegalAction("token", "one token per turn, before running")
        cost = self.token_cost(state, sym)
        if cost is None:
            raise IllegalAction("token", f"{sym} has no token left")
        if action.hex in corp.tokens:
            raise IllegalAction("token", f"{sym} already has a token in {action.hex}")
        if corp.cash < cost:
            raise IllegalAction("token", f"{sym} cannot pay {cost}")
        self.hook_check_token(state, sym, action)
        if ctx is None:
            return
        self.pay(state, corp_key(sym), BANK, cost)
        if corp.tokens_used < len(self.spec(state).corp(sym).tokens):
            corp.tokens_used += 1
        else:
            corp.extra_tokens.pop(0)
        corp.tokens.append(action.hex)
        op.tokened = True
        op.step = STEP_TOKEN
        ctx.emit(f"{sym} places a token on {action.hex} ({cost})")

    def run_routes(
        self, state: GameState, sym: str, action: RunRoutes, ctx: ActionContext | None
    ) -> None:
        op = state.operating
        if not state.corps[sym].trains:
            raise IllegalAction("run", f"{sym} has no trains")
        if op.revenue is not None or op.step > STEP_RUN:
            raise IllegalAction("run", f"{sym} has already run")
        self.hook_check_run(state, sym, action)
        if ctx is None:
            return
        op.revenue = action.revenue
        ctx.emit(f"{sym} runs for {action.revenue}", revenue=action.revenue)
        if action.revenue or self._may_be_challenged(state, sym):
            # A run of 0 waits for the dividend step too when a shareholder could demand more.
            op.step = STEP_DIVIDEND
        else:
            self.pay_dividend(state, sym, 0, "withhold", ctx)
            op.step = STEP_TRAINS

    def demanders(self, state: GameState) -> list[str]:
        """Players who may demand a higher-paying run now: shareholders of the operating
        company other than its president, between its run and its dividend (cheap: whether a
        better run exists is only asked when one of them demands or lists legal actions)."""
        op = state.operating
        if op.step != STEP_DIVIDEND or op.revenue is None or op.connection:
            return []
        return self._other_shareholders(state, self.current_corp(state))

    def _other_shareholders(self, state: GameState, sym: str) -> list[str]:
        if not self.hook_best_run_on_demand(state):
            return []
        corp = state.corps[sym]
        return [p for p in state.names() if p != corp.president and corp.holders.get(p, 0)]

    def _may_be_challenged(self, state: GameState, sym: str) -> bool:
        return bool(self._other_shareholders(state, sym))

    def demand(self, state: GameState, sym: str, action: Demand, ctx: ActionContext | None) -> None:
        """1870 seed §8.3: a shareholder points out a higher-paying run; the president must
        run it, so the revenue to distribute becomes the best run's."""
        op = state.operating
        if action.player not in self.demanders(state):
            raise IllegalAction(
                RULE_BEST_RUN,
                f"{action.player} may not demand a better run now (only a shareholder other "
                f"than the president, after {sym}'s run and before its dividend)",
            )
        best = self.hook_best_run(state, sym)
        assert op.revenue is not None
        if best is None or best[0] <= op.revenue:
            raise IllegalAction(RULE_BEST_RUN, f"{sym}'s run of {op.revenue} is already the best")
        if ctx is None:
            return
        ctx.emit(
            f"{action.player} demands the best run: {sym} runs {best[0]} instead of "
            f"{op.revenue} ({best[1]})",
            revenue=best[0],
            was=op.revenue,
        )
        op.revenue = best[0]

    def dividend(
        self, state: GameState, sym: str, action: Dividend, ctx: ActionContext | None
    ) -> None:
        op = state.operating
        if op.step != STEP_DIVIDEND or op.revenue is None:
            raise IllegalAction("dividend", "no revenue to distribute")
        if action.kind == "half" and not self.hook_half_allowed(state, sym):
            raise IllegalAction("dividend", f"{sym} may not pay half")
        if op.revenue == 0 and action.kind != "withhold":
            raise IllegalAction("dividend", f"{sym} ran for 0: nothing to pay, it withholds")
        if ctx is None:
            return
        self.pay_dividend(state, sym, op.revenue, action.kind, ctx)
        op.step = STEP_TRAINS

    def pay_dividend(
        self, state: GameState, sym: str, revenue: int, kind: str, ctx: ActionContext
    ) -> None:
        """Distribute revenue; shares in the company's hands pay the company, pool shares
        pay nobody. Payout moves the price right, withholding left, half not at all."""
        corp = state.corps[sym]
        market = self.market(state)
        if kind == "withhold":
            self.pay(state, BANK, corp_key(sym), revenue)
            ctx.emit(f"{sym} withholds {revenue}")
            if corp.cell is not None:
                self.move_to(state, sym, market.left(corp.cell), ctx)
            return
        keep = (revenue // 2) // 10 * 10 if kind == "half" else 0
        self.pay(state, BANK, corp_key(sym), keep)
        self.distribute(state, sym, revenue - keep, ctx)
        if kind == "payout" and corp.cell is not None:
            self.move_to(state, sym, market.right(corp.cell), ctx)

    def distribute(self, state: GameState, sym: str, amount: int, ctx: ActionContext) -> None:
        corp = state.corps[sym]
        per_share = amount // 10
        for player in state.names():
            units = corp.holders.get(player, 0)
            if units:
                self.pay(state, BANK, player, per_share * units)
        own = self.hook_company_paid_units(state, sym)
        self.pay(state, BANK, corp_key(sym), per_share * own)
        ctx.emit(f"{sym} pays {per_share} per share", corp=sym, per_share=per_share)

    def hook_company_paid_units(self, state: GameState, sym: str) -> int:
        """Units whose dividends go to the company (default: initial offering + treasury)."""
        corp = state.corps[sym]
        return corp.ipo + corp.treasury

    def connection_run(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        op = state.operating
        sym = op.connection
        if isinstance(action, RunRoutes) and op.connection_step == 1:
            self.hook_check_run(state, sym, action)
            if ctx is None:
                return
            op.connection_revenue = action.revenue
            ctx.emit(f"{sym} makes its connection run for {action.revenue}")
            if action.revenue:
                op.connection_step = 2
            else:
                self.pay_dividend(state, sym, 0, "withhold", ctx)
                op.connection = ""
            return
        if isinstance(action, Dividend) and op.connection_step == 2:
            if action.kind == "half":
                raise IllegalAction("destination", "a connection run pays out or withholds")
            if ctx is None:
                return
            if action.kind == "withhold":
                # A withheld connection run does not move the price (only a payout does).
                self.pay(state, BANK, corp_key(sym), op.connection_revenue)
                ctx.emit(f"{sym} withholds {op.connection_revenue}")
            else:
                self.pay_dividend(state, sym, op.connection_revenue, action.kind, ctx)
            op.connection = ""
            return
        raise IllegalAction("destination", f"{sym} is making its connection run")

    def assign(self, state: GameState, sym: str, action: Assign, ctx: ActionContext | None) -> None:
        private = state.privates.get(action.private)
        if private is None or private.closed or private.owner != corp_key(sym):
            raise IllegalAction("private", f"{sym} does not own {action.private}")
        self.hook_assign(state, sym, action, ctx)

    def done(self, state: GameState, sym: str, action: Done, ctx: ActionContext | None) -> None:
        self._advance(state, sym, STEP_TRAINS, None)
        corp = state.corps[sym]
        if (
            self.hook_must_buy_train(state, sym)
            and self.cheapest_train(state) is not None
            and len(corp.trains) == 0
        ):
            raise IllegalAction(RULE_TRAIN, f"{sym} must buy a train")
        if ctx is None:
            return
        self._advance(state, sym, STEP_TRAINS, ctx)
        self.end_turn(state, ctx)
