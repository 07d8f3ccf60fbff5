"""The stock round: buy, sell, par and pass, turn by turn.

A turn is "sell then buy" or "buy then sell" (a player who sold and then bought is done);
a player who acted ends the turn with ``pass``, a player who did nothing passes. The round
ends when every player passes in a row; sold-out companies then rise and the player after
the last one who acted gets the priority deal. Players with nothing to do but pass are
skipped (18xx.games skips them too; the skip counts as a pass).
"""

from __future__ import annotations

from typing import ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import BuyShare, Par, Pass, SellShares
from transcon.eighteen.framework.base import BANK, RULE_STOCK, corp_key
from transcon.eighteen.framework.rounds import Round, RoundKind, Step
from transcon.eighteen.framework.spec import EndTiming
from transcon.eighteen.framework.state import CorpState, GameState, StockState

RULE_LIMIT = "certificate limit"
RULE_PERCENT = "holding limit"


class BuySellParShares(Step):
    """The player whose turn it is buys, sells, pars or passes."""

    actions: ClassVar[tuple[type[Action], ...]] = (Pass, Par, BuyShare, SellShares)
    rule = RULE_STOCK
    skips_idle_players = True

    def actors(self, state: GameState) -> list[str]:
        return [state.players[state.stock.turn].name]

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        if not isinstance(action, SellShares) and self.must_sell(state, action.player):
            g = self.game
            raise IllegalAction(
                RULE_LIMIT,
                f"{action.player} holds {g.certs(state, action.player)} certificates, over the "
                f"limit of {g.cert_limit(state)}: sell first",
            )
        if isinstance(action, Pass):
            self.pass_turn(state, action.player, ctx)
        elif isinstance(action, Par):
            self.par(state, action, ctx)
        elif isinstance(action, BuyShare):
            self.buy(state, action, ctx)
        elif isinstance(action, SellShares):
            self.sell(state, action, ctx)
        else:
            raise IllegalAction(RULE_STOCK, f"no {action.type} in a stock round")

    def stock_round(self) -> StockRound:
        round_ = self.game.rounds[RoundKind.STOCK]
        assert isinstance(round_, StockRound)
        return round_

    def pass_turn(self, state: GameState, player: str, ctx: ActionContext | None) -> None:
        if ctx is None:
            return
        st = state.stock
        index = state.player_index(player)
        if st.acted:
            ctx.emit(f"{player} ends the turn")
            st.passes = 0
            self.stock_round().end_turn(state, ctx)
            return
        ctx.emit(f"{player} passes")
        st.passes += 1
        self.stock_round().next_turn(state, index)
        if st.passes >= len(state.players):
            self.stock_round().end(state, ctx)

    def acted(self, state: GameState, player: str, *, bought: bool = False) -> None:
        st = state.stock
        st.acted = True
        st.passes = 0
        st.last_actor = state.player_index(player)
        st.last_bought = bought
        if bought:
            st.bought = True

    def may_buy(self, state: GameState, player: str, sym: str, extra_certs: int) -> None:
        g = self.game
        corp = state.corps[sym]
        if corp.closed:
            raise IllegalAction(RULE_STOCK, f"{sym} is closed")
        if sym in state.stock.sold.get(player, []):
            raise IllegalAction(RULE_STOCK, f"{player} sold {sym} this round")
        exempt = corp.cell is not None and g.zone(state, sym) in ("y", "o", "b")
        if not exempt and g.certs(state, player) + extra_certs > g.cert_limit(state):
            raise IllegalAction(RULE_LIMIT, f"{player} is at the certificate limit")

    def par(self, state: GameState, action: Par, ctx: ActionContext | None) -> None:
        g = self.game
        st = state.stock
        corp = state.corps.get(action.corp)
        if corp is None or corp.cell is not None or corp.closed:
            raise IllegalAction(RULE_STOCK, f"{action.corp} cannot be started")
        if st.bought:
            raise IllegalAction(RULE_STOCK, "one purchase per turn")
        g.check_par_price(state, action.price)
        self.may_buy(state, action.player, action.corp, 1)
        if state.player(action.player).cash < 2 * action.price:
            raise IllegalAction(RULE_STOCK, f"{action.player} cannot pay {2 * action.price}")
        if corp.ipo < 2:
            raise IllegalAction(RULE_STOCK, f"{action.corp} has no president's certificate left")
        if ctx is None:
            return
        g.pay(state, action.player, BANK, 2 * action.price)
        corp.ipo -= 2
        corp.holders[action.player] = corp.holders.get(action.player, 0) + 2
        corp.president = action.player
        self.acted(state, action.player, bought=True)
        st.bought_corps.append(action.corp)
        st.bought_outside_pool = True
        g.set_par(state, action.corp, action.price, ctx)

    def share_price_for(self, state: GameState, sym: str, source: str) -> int:
        corp = state.corps[sym]
        return corp.par if source in ("ipo", "treasury") else self.game.price(state, sym)

    def buy(self, state: GameState, action: BuyShare, ctx: ActionContext | None) -> None:
        g = self.game
        st = state.stock
        sym = action.corp
        corp = state.corps.get(sym)
        if corp is None or corp.cell is None:
            raise IllegalAction(RULE_STOCK, f"{sym} has not been started")
        if st.bought:
            # §5.2 brown: several open-market buys of one company in a turn, after a sale
            # too (18xx.games ``can_buy_multiple?``), never after a par, an initial-offering
            # buy or a buy of another company in the same turn.
            multi = (
                action.source == "pool"
                and g.zone(state, sym) == "b"
                and st.bought_corps == [sym] * len(st.bought_corps)
                and not st.bought_outside_pool
            )
            if not multi:
                raise IllegalAction(RULE_STOCK, "one purchase per turn")
        for_sale = g.hook_treasury_for_sale(state, sym)
        have = {"ipo": corp.ipo, "pool": corp.pool, "treasury": for_sale}[action.source]
        if action.source == "treasury" and not for_sale:
            raise IllegalAction(RULE_STOCK, f"{sym} has no shares for sale in its treasury")
        if have < 1:
            raise IllegalAction(RULE_STOCK, f"no {sym} share in the {action.source}")
        price = self.share_price_for(state, sym, action.source)
        if state.player(action.player).cash < price:
            raise IllegalAction(RULE_STOCK, f"{action.player} cannot pay {price}")
        units = corp.holders.get(action.player, 0)
        max_percent = g.spec(state).max_percent
        if (units + 1) * 10 > max_percent and g.zone(state, sym) not in ("o", "b"):
            raise IllegalAction(
                RULE_PERCENT, f"{action.player} may hold at most {max_percent}% of {sym}"
            )
        self.may_buy(state, action.player, sym, 1)
        if ctx is None:
            return
        payee = corp_key(sym) if action.source == "treasury" else BANK
        g.pay(state, action.player, payee, price)
        if action.source == "ipo":
            corp.ipo -= 1
        elif action.source == "pool":
            corp.pool -= 1
        else:
            corp.treasury -= 1
        corp.holders[action.player] = units + 1
        ctx.emit(f"{action.player} buys 10% of {sym} for {price}", corp=sym, price=price)
        st.bought_outside_pool = st.bought_outside_pool or action.source != "pool"
        self.acted(state, action.player, bought=True)
        st.bought_corps.append(sym)
        g.update_president(state, sym, corp.president or action.player)
        g.check_float(state, sym, ctx)

    def sell(self, state: GameState, action: SellShares, ctx: ActionContext | None) -> None:
        g = self.game
        st = state.stock
        sym = action.corp
        if sym not in state.corps:
            raise IllegalAction(RULE_STOCK, f"no company {sym}")
        if not self.sale_in_order(state):
            raise IllegalAction(RULE_STOCK, "sell-buy-sell is not allowed")
        if st.number == 1 and g.NO_SALE_FIRST_ROUND:
            raise IllegalAction(RULE_STOCK, "no sales in the first stock round")
        if g.SELL_IN_BLOCKS and sym in st.sold_corps:
            raise IllegalAction(RULE_STOCK, f"{sym} was already sold this turn (one sale each)")
        g.check_sale(state, action.player, sym, action.count)
        if ctx is None:
            return
        self.acted(state, action.player)
        st.sold_corps.append(sym)
        g.sell_shares(state, action.player, sym, action.count, ctx)

    def sale_in_order(self, state: GameState) -> bool:
        """Sell then buy, or buy then sell: no sale after a purchase that followed a sale
        (18xx.games ``can_sell_order?``, also after a brown buy that followed a sale)."""
        st = state.stock
        return not (st.sold_corps and st.last_bought)

    def choices(self, state: GameState, player: str) -> list[Action]:
        out: list[Action] = [Pass(player=player)]
        for sym, corp in state.corps.items():
            if not corp.closed:
                out.extend(self.corp_choices(state, player, sym, corp))
        return out

    def corp_choices(
        self, state: GameState, player: str, sym: str, corp: CorpState
    ) -> list[Action]:
        """Candidate share actions of ``player`` on one company (titles add their own)."""
        if corp.cell is None:
            cash = state.player(player).cash
            par_prices = self.game.spec(state).par_prices
            return [Par(player=player, corp=sym, price=x) for x in par_prices if 2 * x <= cash]
        out: list[Action] = [
            BuyShare(player=player, corp=sym, source=source)
            for source in ("ipo", "pool", "treasury")
        ]
        for count in range(1, corp.holders.get(player, 0) + 1):
            out.append(SellShares(player=player, corp=sym, count=count))
        return out

    def must_sell(self, state: GameState, player: str) -> bool:
        """A player over the certificate limit (a closed company lowered it, say) who can
        sell must sell before anything else (18xx.games ``must_sell?``; asked for every
        stock action checked, so kept in the state's position memo)."""
        memo = state.memo
        key = ("must sell", player)
        got = memo.answers.get(key)
        if got is None:
            got = self._must_sell(state, player)
            if not memo.applying:
                memo.answers[key] = got
        return bool(got)

    def _must_sell(self, state: GameState, player: str) -> bool:
        g = self.game
        if g.certs(state, player) <= g.cert_limit(state):
            return False
        for sym, corp in state.corps.items():
            for count in range(1, corp.holders.get(player, 0) + 1):
                try:
                    self.sell(state, SellShares(player=player, corp=sym, count=count), None)
                except IllegalAction:
                    continue
                return True
        return False

    def can_act(self, state: GameState, player: str) -> bool:
        """Whether ``player`` has anything but passing (company actions do not count)."""
        g = self.game
        cash = state.player(player).cash
        spec = g.spec(state)
        for sym, corp in state.corps.items():
            if corp.closed:
                continue
            tries: list[Action] = []
            if corp.holders.get(player):
                tries.append(SellShares(player=player, corp=sym, count=1))
            if corp.cell is None:
                low = min(spec.par_prices)
                if corp.ipo >= 2 and 2 * low <= cash:
                    tries.append(Par(player=player, corp=sym, price=low))
            else:
                if corp.ipo and corp.par <= cash:
                    tries.append(BuyShare(player=player, corp=sym, source="ipo"))
                if corp.pool and g.price(state, sym) <= cash:
                    tries.append(BuyShare(player=player, corp=sym, source="pool"))
                if g.hook_treasury_for_sale(state, sym) and corp.par <= cash:
                    tries.append(BuyShare(player=player, corp=sym, source="treasury"))
            for action in tries:
                try:
                    self.process(state, action, None)
                except IllegalAction:
                    continue
                return True
        return False


class StockRound(Round):
    """Turns in seat order from the priority deal; see the module docstring."""

    kind = RoundKind.STOCK

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        return IllegalAction(RULE_STOCK, f"no {action.type} in a stock round")

    def shares_step(self) -> BuySellParShares:
        step = self.step_of(BuySellParShares)
        assert isinstance(step, BuySellParShares)
        return step

    def start(self, state: GameState, ctx: ActionContext) -> None:
        state.round = RoundKind.STOCK
        state.stock_rounds += 1
        state.stock = StockState(number=state.stock_rounds, turn=state.priority)
        ctx.emit(f"Stock round {state.stock_rounds}")
        self.autoskip(state, ctx)

    def next_turn(self, state: GameState, after: int) -> None:
        st = state.stock
        st.turn = (after + 1) % len(state.players)
        st.acted = st.bought = st.bought_outside_pool = False
        st.last_bought = False
        st.bought_corps = []
        st.sold_corps = []

    def end_turn(self, state: GameState, ctx: ActionContext) -> None:
        """The current player ended a turn in which they acted (titles with turn-end
        business, such as price protection, extend this)."""
        self.next_turn(state, state.stock.turn)

    def end(self, state: GameState, ctx: ActionContext) -> None:
        g = self.game
        market = g.market(state)
        for sym in g.operating_order(state) + [
            s for s, c in state.corps.items() if c.cell and not c.floated and not c.closed
        ]:
            corp = state.corps[sym]
            if g.sold_out(state, sym) and corp.cell is not None:
                g.move_to(state, sym, market.sold_out(corp.cell), ctx)
        last = state.stock.last_actor
        if last >= 0:
            state.priority = (last + 1) % len(state.players)
        ctx.emit("Stock round ends")
        stalemate = g.spec(state).game_end.stalemate_rounds
        if g.operating_order(state):
            state.idle_rounds = 0
        else:
            state.idle_rounds += 1
            if stalemate is not None and state.idle_rounds >= stalemate:
                state.end_reason = "stalemate"
                state.round = RoundKind.OVER
                ctx.emit("No company operates: the game ends (stalemate)")
                return
        if state.end_after in (EndTiming.ACTION, EndTiming.NOW):
            g.game_over(state, ctx)  # (a price end met in the stock round: nobody operates)
            return
        g.start_operating_set(state, ctx)

    def after_process(
        self, state: GameState, step: Step, action: Action, ctx: ActionContext
    ) -> None:
        if step.skips_idle_players and state.round == RoundKind.STOCK:
            self.autoskip(state, ctx)

    def interrupted(self, state: GameState) -> bool:
        """Whether a blocking step (an offer, a title's interruption) waits before the turn."""
        shares = self.shares_step()
        for step in self.active_steps(state):
            if step is shares:
                return False
            if step.blocking(state):
                return True
        return False

    def autoskip(self, state: GameState, ctx: ActionContext) -> None:
        """Skip players with nothing to do (ending their turn or counting a pass)."""
        st = state.stock
        shares = self.shares_step()
        for _ in range(len(state.players) + 1):
            if state.round != RoundKind.STOCK or self.interrupted(state):
                return
            player = state.players[st.turn].name
            with state.memo.settled():  # the checks try actions on one unchanging position
                if shares.can_act(state, player):
                    return
            if st.acted:
                st.passes = 0
                self.end_turn(state, ctx)
                continue
            st.passes += 1
            self.next_turn(state, st.turn)
            if st.passes >= len(state.players):
                self.end(state, ctx)
                return
