"""Stock rounds: buy, sell, par, pass, price protection, redemption, reissue, round end.

A turn is "sell then buy" or "buy then sell" (a player who sold and then bought is done);
a player who acted ends the turn with ``pass``, a player who did nothing passes. The round
ends when every player passes in a row; sold-out companies then rise and the player after
the last one who acted gets the priority deal.
"""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import (
    BuyShare,
    Par,
    Pass,
    Protect,
    Redeem,
    Reissue,
    SellShares,
)
from transcon.eighteen.framework.base import BANK, EngineBase, corp_key
from transcon.eighteen.framework.state import GameState, StockState

RULE_STOCK = "stock round"
RULE_LIMIT = "certificate limit"
RULE_PERCENT = "holding limit"


class StockMixin(EngineBase):
    """Stock round behaviour; titles tune it with the ``hook_*`` methods."""

    #: Stock rounds in a row after which no company operates and the game ends (§11).
    STALEMATE_ROUNDS = 5
    #: A player sells a company's shares in one sale per turn (18xx.games
    #: ``MUST_SELL_IN_BLOCKS``).
    SELL_IN_BLOCKS = False

    # -- hooks -------------------------------------------------------------------------------

    def hook_protection_enabled(self, state: GameState) -> bool:
        """Titles with price protection return True."""
        return False

    def hook_may_protect(self, state: GameState, president: str, sym: str, seller: str) -> bool:
        return president != seller

    def hook_may_redeem(self, state: GameState, sym: str) -> bool:
        return False

    def hook_reissue_par(self, state: GameState, sym: str) -> int | None:
        """The new par of a reissue, or None when reissue is not part of the title."""
        return None

    # -- round control -----------------------------------------------------------------------

    def start_stock_round(self, state: GameState, ctx: ActionContext) -> None:
        state.round = "stock"
        state.stock_rounds += 1
        state.stock = StockState(number=state.stock_rounds, turn=state.priority)
        for corp in state.corps.values():
            corp.redeemed_this_sr = False
            corp.cash_at_sr_start = corp.cash
        ctx.emit(f"Stock round {state.stock_rounds}")
        self.stock_autoskip(state, ctx)

    def stock_players(self, state: GameState) -> list[str]:
        st = state.stock
        if st.protection:
            sym = st.protection[0][0]
            return [state.corps[sym].president]
        return [state.players[st.turn].name]

    def next_stock_turn(self, state: GameState, after: int) -> None:
        st = state.stock
        st.turn = (after + 1) % len(state.players)
        st.acted = st.bought = st.sold_this_turn = st.bought_outside_pool = False
        st.bought_corps = []
        st.sold_corps = []

    def end_stock_turn(self, state: GameState, ctx: ActionContext) -> None:
        """End the current player's turn: offer price protection for this turn's sales, one
        sale at a time in the order they were made (a sale its president cannot or may not
        protect drops the price when its turn in the queue comes, as on 18xx.games), then
        move to the next player."""
        st = state.stock
        st.protection = list(st.pending_sales)
        st.pending_sales = []
        st.protected_by = -1
        self.next_protection(state, ctx)

    def can_protect(self, state: GameState, sale: tuple[str, str, int, int]) -> bool:
        sym, seller, count, price = sale
        president = state.corps[sym].president
        return bool(
            president
            and self.hook_may_protect(state, president, sym, seller)
            and state.player(president).cash >= price * count
            and self._protect_room(state, president, sym, count)
        )

    def next_protection(self, state: GameState, ctx: ActionContext) -> None:
        """Drop the prices of the queued sales nobody can protect, up to the first one its
        president may protect (who then decides); with none left, the next player's turn."""
        st = state.stock
        while st.protection and not self.can_protect(state, st.protection[0]):
            sym, _seller, count, _price = st.protection.pop(0)
            self.drop_price(state, sym, count, ctx)
        if not st.protection:
            after = st.protected_by if st.protected_by >= 0 else st.turn
            self.next_stock_turn(state, after)

    def end_stock_round(self, state: GameState, ctx: ActionContext) -> None:
        market = self.market(state)
        for sym in self.operating_order(state) + [
            s for s, c in state.corps.items() if c.cell and not c.floated and not c.closed
        ]:
            corp = state.corps[sym]
            if self.sold_out(state, sym) and corp.cell is not None:
                self.move_to(state, sym, market.sold_out(corp.cell), ctx)
        last = state.stock.last_actor
        if last >= 0:
            state.priority = (last + 1) % len(state.players)
        ctx.emit("Stock round ends")
        if self.operating_order(state):
            state.idle_rounds = 0
        else:
            state.idle_rounds += 1
            if state.idle_rounds >= self.STALEMATE_ROUNDS:
                state.end_reason = "stalemate"
                state.round = "over"
                ctx.emit("No company operates: the game ends (stalemate)")
                return
        self.start_operating_set(state, ctx)

    def sold_out(self, state: GameState, sym: str) -> bool:
        """§5.3 sold out: players hold every share, counting shares the company redeemed and
        holds unsold (18xx.games ``sold_out?``: players plus non-buyable treasury shares make
        100%); reissued treasury shares for sale are not sold."""
        corp = state.corps[sym]
        return not corp.ipo and not corp.pool and not (corp.reissued and corp.treasury)

    def start_operating_set(self, state: GameState, ctx: ActionContext) -> None:
        raise NotImplementedError

    # -- actions -----------------------------------------------------------------------------

    def check_par_price(self, state: GameState, price: int) -> None:
        if price not in self.spec(state).par_prices:
            raise IllegalAction(RULE_STOCK, f"{price} is not a par price")

    def set_par(self, state: GameState, sym: str, price: int, ctx: ActionContext) -> None:
        corp = state.corps[sym]
        corp.par = price
        self.move_to(state, sym, self.market(state).par_cell(price), None)
        ctx.emit(f"{sym} is parred at {price}", corp=sym, par=price)
        self.check_float(state, sym, ctx)

    def check_float(self, state: GameState, sym: str, ctx: ActionContext) -> None:
        corp = state.corps[sym]
        if corp.floated or corp.cell is None:
            return
        # §2.2: shares sold from the initial offering count, also those since sold to the
        # market (18xx.games ``floated?``: the initial offering holds at most 100 - float %)
        if (10 - corp.ipo) * 10 >= self.spec(state).corp(sym).float_percent:
            corp.floated = True
            self.pay(state, BANK, corp_key(sym), 10 * corp.par)
            ctx.emit(f"{sym} floats and receives {10 * corp.par}", corp=sym)

    def stock_action(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        self._stock_action(state, action, ctx)
        if ctx is not None and state.round == "stock":
            self.stock_autoskip(state, ctx)

    def can_act_in_stock(self, state: GameState, player: str) -> bool:
        """Whether the player to act has anything but passing (18xx.games skips players
        who have nothing to do; the skip counts as a pass). Company actions (redemption,
        reissue) do not count."""
        cash = state.player(player).cash
        spec = self.spec(state)
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
                if corp.pool and self.price(state, sym) <= cash:
                    tries.append(BuyShare(player=player, corp=sym, source="pool"))
                if corp.treasury and corp.reissued and corp.par <= cash:
                    tries.append(BuyShare(player=player, corp=sym, source="treasury"))
            for action in tries:
                try:
                    self._stock_action(state, action, None)
                except IllegalAction:
                    continue
                return True
        return False

    def stock_autoskip(self, state: GameState, ctx: ActionContext) -> None:
        """Skip players with nothing to do (ending their turn or counting a pass)."""
        st = state.stock
        for _ in range(len(state.players) + 1):
            if st.protection or state.round != "stock" or state.operating.connection:
                return
            player = state.players[st.turn].name
            if self.can_act_in_stock(state, player):
                return
            if st.acted:
                st.passes = 0
                self.end_stock_turn(state, ctx)
                continue
            st.passes += 1
            self.next_stock_turn(state, st.turn)
            if st.passes >= len(state.players):
                self.end_stock_round(state, ctx)
                return

    def _stock_action(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        st = state.stock
        player = action.player
        if st.protection:
            self.protection_answer(state, action, ctx)
            return
        if isinstance(action, Pass):
            if ctx is None:
                return
            index = state.player_index(player)
            if st.acted:
                ctx.emit(f"{player} ends the turn")
                st.passes = 0
                self.end_stock_turn(state, ctx)
                return
            ctx.emit(f"{player} passes")
            st.passes += 1
            self.next_stock_turn(state, index)
            if st.passes >= len(state.players):
                self.end_stock_round(state, ctx)
            return
        if isinstance(action, Par):
            self.stock_par(state, action, ctx)
        elif isinstance(action, BuyShare):
            self.stock_buy(state, action, ctx)
        elif isinstance(action, SellShares):
            self.stock_sell(state, action, ctx)
        elif isinstance(action, Redeem):
            self.stock_redeem(state, action, ctx)
        elif isinstance(action, Reissue):
            self.stock_reissue(state, action, ctx)
        else:
            raise IllegalAction(RULE_STOCK, f"no {action.type} in a stock round")

    def _may_buy(self, state: GameState, player: str, sym: str, extra_certs: int) -> None:
        st = state.stock
        corp = state.corps[sym]
        if corp.closed:
            raise IllegalAction(RULE_STOCK, f"{sym} is closed")
        if sym in st.sold.get(player, []):
            raise IllegalAction(RULE_STOCK, f"{player} sold {sym} this round")
        exempt = corp.cell is not None and self.zone(state, sym) in ("y", "o", "b")
        if not exempt and self.certs(state, player) + extra_certs > self.cert_limit(state):
            raise IllegalAction(RULE_LIMIT, f"{player} is at the certificate limit")

    def stock_par(self, state: GameState, action: Par, ctx: ActionContext | None) -> None:
        st = state.stock
        corp = state.corps.get(action.corp)
        if corp is None or corp.cell is not None or corp.closed:
            raise IllegalAction(RULE_STOCK, f"{action.corp} cannot be started")
        if st.bought:
            raise IllegalAction(RULE_STOCK, "one purchase per turn")
        self.check_par_price(state, action.price)
        self._may_buy(state, action.player, action.corp, 1)
        if state.player(action.player).cash < 2 * action.price:
            raise IllegalAction(RULE_STOCK, f"{action.player} cannot pay {2 * action.price}")
        if corp.ipo < 2:
            raise IllegalAction(RULE_STOCK, f"{action.corp} has no president's certificate left")
        if ctx is None:
            return
        self.pay(state, action.player, BANK, 2 * action.price)
        corp.ipo -= 2
        corp.holders[action.player] = corp.holders.get(action.player, 0) + 2
        corp.president = action.player
        self._acted(state, action.player, bought=True)
        st.bought_corps.append(action.corp)
        st.bought_outside_pool = True
        self.set_par(state, action.corp, action.price, ctx)

    def share_price_for(self, state: GameState, sym: str, source: str) -> int:
        corp = state.corps[sym]
        return corp.par if source in ("ipo", "treasury") else self.price(state, sym)

    def stock_buy(self, state: GameState, action: BuyShare, ctx: ActionContext | None) -> None:
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
                and self.zone(state, sym) == "b"
                and st.bought_corps == [sym] * len(st.bought_corps)
                and not st.bought_outside_pool
            )
            if not multi:
                raise IllegalAction(RULE_STOCK, "one purchase per turn")
        have = {"ipo": corp.ipo, "pool": corp.pool, "treasury": corp.treasury}[action.source]
        if action.source == "treasury" and not corp.reissued:
            raise IllegalAction(RULE_STOCK, f"{sym} has no shares for sale in its treasury")
        if have < 1:
            raise IllegalAction(RULE_STOCK, f"no {sym} share in the {action.source}")
        price = self.share_price_for(state, sym, action.source)
        if state.player(action.player).cash < price:
            raise IllegalAction(RULE_STOCK, f"{action.player} cannot pay {price}")
        units = corp.holders.get(action.player, 0)
        if (units + 1) * 10 > self.spec(state).max_percent and self.zone(state, sym) not in (
            "o",
            "b",
        ):
            raise IllegalAction(RULE_PERCENT, f"{action.player} may hold at most 60% of {sym}")
        self._may_buy(state, action.player, sym, 1)
        if ctx is None:
            return
        payee = corp_key(sym) if action.source == "treasury" else BANK
        self.pay(state, action.player, payee, price)
        if action.source == "ipo":
            corp.ipo -= 1
        elif action.source == "pool":
            corp.pool -= 1
        else:
            corp.treasury -= 1
        corp.holders[action.player] = units + 1
        ctx.emit(f"{action.player} buys 10% of {sym} for {price}", corp=sym, price=price)
        st.bought_outside_pool = st.bought_outside_pool or action.source != "pool"
        self._acted(state, action.player, bought=True)
        st.bought_corps.append(sym)
        self.update_president(state, sym, corp.president or action.player)
        self.check_float(state, sym, ctx)

    def _acted(self, state: GameState, player: str, *, bought: bool = False) -> None:
        st = state.stock
        st.acted = True
        st.passes = 0
        st.last_actor = state.player_index(player)
        if bought:
            st.bought = True

    def stock_sell(self, state: GameState, action: SellShares, ctx: ActionContext | None) -> None:
        st = state.stock
        sym = action.corp
        if sym not in state.corps:
            raise IllegalAction(RULE_STOCK, f"no company {sym}")
        if st.bought and st.sold_this_turn:
            raise IllegalAction(RULE_STOCK, "sell-buy-sell is not allowed")
        if st.number == 1 and self.hook_no_sale_first_round(state):
            raise IllegalAction(RULE_STOCK, "no sales in the first stock round")
        if self.SELL_IN_BLOCKS and sym in st.sold_corps:
            raise IllegalAction(RULE_STOCK, f"{sym} was already sold this turn (one sale each)")
        self.check_sale(state, action.player, sym, action.count)
        if ctx is None:
            return
        if not st.bought:
            st.sold_this_turn = True
        self._acted(state, action.player)
        st.sold_corps.append(sym)
        self.sell_shares(state, action.player, sym, action.count, ctx)

    def hook_no_sale_first_round(self, state: GameState) -> bool:
        return True

    def sell_shares(
        self, state: GameState, player: str, sym: str, count: int, ctx: ActionContext
    ) -> None:
        """Sell into the pool; offer price protection or drop the price."""
        corp = state.corps[sym]
        price = self.price(state, sym)
        self.pay(state, BANK, player, price * count)
        corp.holders[player] -= count
        if not corp.holders[player]:
            del corp.holders[player]
        corp.pool += count
        sold = state.stock.sold.setdefault(player, [])
        if sym not in sold:
            sold.append(sym)
        names = state.names()
        nxt = names[(names.index(player) + 1) % len(names)]
        self.update_president(state, sym, nxt)
        ctx.emit(f"{player} sells {count * 10}% of {sym} for {price * count}", corp=sym)
        president = corp.president
        if (
            state.round == "stock"
            and self.hook_protection_enabled(state)
            and president
            and self.hook_may_protect(state, president, sym, player)
        ):
            pending = state.stock.pending_sales
            for i, (s, who, n, p) in enumerate(pending):
                if s == sym and who == player:
                    pending[i] = (s, who, n + count, p)
                    return
            pending.append((sym, player, count, price))
            return
        self.drop_price(state, sym, count, ctx)

    def _protect_room(self, state: GameState, player: str, sym: str, count: int) -> bool:
        if self.zone(state, sym) in ("y", "o", "b"):
            return True
        return self.certs(state, player) + count <= self.cert_limit(state)

    def drop_price(self, state: GameState, sym: str, count: int, ctx: ActionContext) -> None:
        corp = state.corps[sym]
        if corp.cell is not None:
            self.move_to(state, sym, self.market(state).sold(corp.cell, count), ctx)

    def protection_answer(
        self, state: GameState, action: Action, ctx: ActionContext | None
    ) -> None:
        st = state.stock
        sym, _seller, count, price = st.protection[0]
        if isinstance(action, Pass):
            if ctx is None:
                return
            st.protection.pop(0)
            ctx.emit(f"{action.player} does not protect {sym}")
            self.drop_price(state, sym, count, ctx)
        elif not isinstance(action, Protect) or action.corp != sym:
            raise IllegalAction("price protection", f"{action.player} must protect {sym} or pass")
        else:
            if ctx is None:
                return
            corp = state.corps[sym]
            st.protection.pop(0)
            self.pay(state, action.player, BANK, price * count)
            corp.pool -= count
            corp.holders[action.player] = corp.holders.get(action.player, 0) + count
            ctx.emit(f"{action.player} protects {sym}", corp=sym)
            st.last_actor = st.protected_by = state.player_index(action.player)
        st.passes = 0
        self.next_protection(state, ctx)

    def stock_redeem(self, state: GameState, action: Redeem, ctx: ActionContext | None) -> None:
        st = state.stock
        sym = action.corp
        corp = state.corps.get(sym)
        if corp is None or corp.president != action.player:
            raise IllegalAction(RULE_STOCK, f"{action.player} is not the president of {sym}")
        if st.acted or not self.hook_may_redeem(state, sym) or corp.redeemed_this_sr:
            raise IllegalAction("redemption", f"{sym} may not redeem a share now")
        price = self.price(state, sym)
        if price > min(corp.cash, corp.cash_at_sr_start):
            raise IllegalAction("redemption", f"{sym} cannot pay {price}")
        if corp.pool and action.source != "pool":
            raise IllegalAction("redemption", "a market share must be redeemed first")
        if action.source != "pool":
            units = corp.holders.get(action.source, 0)
            if units < 1 or (action.source == corp.president and units < 3):
                raise IllegalAction("redemption", f"{action.source} has no share to sell")
        elif not corp.pool:
            raise IllegalAction("redemption", f"no {sym} share in the market")
        if ctx is None:
            return
        seller = BANK if action.source == "pool" else action.source
        self.pay(state, corp_key(sym), seller, price)
        if action.source == "pool":
            corp.pool -= 1
        else:
            corp.holders[action.source] -= 1
        corp.treasury += 1
        corp.redeemed_this_sr = True
        ctx.emit(f"{sym} redeems a share for {price}", corp=sym)
        self._acted(state, action.player)
        self.next_stock_turn(state, state.player_index(action.player))

    def stock_reissue(self, state: GameState, action: Reissue, ctx: ActionContext | None) -> None:
        st = state.stock
        sym = action.corp
        corp = state.corps.get(sym)
        if corp is None or corp.president != action.player:
            raise IllegalAction(RULE_STOCK, f"{action.player} is not the president of {sym}")
        par = self.hook_reissue_par(state, sym)
        if st.acted or par is None or corp.ipo or not corp.treasury or corp.reissued:
            raise IllegalAction("reissue", f"{sym} may not reissue now")
        if ctx is None:
            return
        corp.reissued = True
        corp.par = par
        ctx.emit(f"{sym} reissues {corp.treasury * 10}% at {par}", corp=sym)
        self._acted(state, action.player)
        self.next_stock_turn(state, state.player_index(action.player))
