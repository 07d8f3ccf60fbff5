"""Purchases during an operating round: trains (bank, pool, other companies, trade-ins,
emergency purchases with the president's money and share sales), discards over the train
limit, and private companies bought from players.
"""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.core.title import ActionContext
from transcon.eighteen.framework.actions import (
    Bankrupt,
    BuyPrivate,
    BuyTrain,
    DiscardTrain,
    SellShares,
)
from transcon.eighteen.framework.auction import AuctionMixin
from transcon.eighteen.framework.base import BANK, corp_key
from transcon.eighteen.framework.depot import DepotMixin, train_type
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.stock import StockMixin

RULE_TRAIN = "buying trains"
STEP_TRAINS = 4


class PurchaseMixin(DepotMixin, StockMixin, AuctionMixin):
    """Train and private purchases of the operating company."""

    def _advance(self, state: GameState, sym: str, target: int, ctx: ActionContext | None) -> None:
        raise NotImplementedError

    def game_over(self, state: GameState, ctx: ActionContext) -> None:
        raise NotImplementedError

    def hook_private_price(self, state: GameState, sym: str, private: str) -> tuple[int, int]:
        """The price range at which ``sym`` may buy ``private`` now ((0, -1) = not allowed)."""
        if not self.phase(state).company_buy:
            return (0, -1)
        spec = self.spec(state)
        value = spec.private(private).value
        low, high = spec.private_price_range
        return (int(value * low), int(value * high))

    def train_price(self, state: GameState, action: BuyTrain, sym: str) -> tuple[str, int]:
        """The train id bought and its price; raises on a bad purchase."""
        if action.seller == "bank":
            name = train_type(action.train) if "-" in action.train else action.train
            on_sale = {t.name: t for t in self.depot_types(state)}
            current = on_sale.get(name)
            if current is None:
                raise IllegalAction(RULE_TRAIN, f"the bank does not sell {name}-trains now")
            price = current.price
            if action.exchange:
                if action.exchange not in state.corps[sym].trains:
                    raise IllegalAction(RULE_TRAIN, f"{sym} has no train {action.exchange}")
                if train_type(action.exchange) not in current.trade_in:
                    raise IllegalAction(RULE_TRAIN, f"{action.exchange} cannot be traded in")
                price -= current.trade_in_discount
            return name, price
        if action.exchange:
            raise IllegalAction(RULE_TRAIN, "trade-ins only with the bank")
        if action.seller == "pool":
            if action.train not in state.pool_trains:
                raise IllegalAction(RULE_TRAIN, f"no train {action.train} in the pool")
            return action.train, self.spec(state).train(train_type(action.train)).price
        seller = state.corps.get(action.seller)
        if seller is None or action.seller == sym or action.train not in seller.trains:
            raise IllegalAction(RULE_TRAIN, f"{action.seller} has no train {action.train}")
        if action.price is None or action.price < 1:
            raise IllegalAction(RULE_TRAIN, "a train from another company needs a price >= 1")
        return action.train, action.price

    def cheapest_train(self, state: GameState) -> int | None:
        prices = [self.spec(state).train(train_type(t)).price for t in state.pool_trains]
        prices.extend(t.price for t in self.depot_types(state))
        return min(prices) if prices else None

    def buy_train(
        self, state: GameState, sym: str, action: BuyTrain, ctx: ActionContext | None
    ) -> None:
        corp = state.corps[sym]
        president = state.player(corp.president)
        self._advance(state, sym, STEP_TRAINS, None)
        train, price = self.train_price(state, action, sym)
        if action.price is not None and action.seller in ("bank", "pool") and action.price != price:
            raise IllegalAction(RULE_TRAIN, f"the price is {price}")
        keep = len(corp.trains) - (1 if action.exchange else 0)
        if keep >= self.train_limit(state):
            raise IllegalAction(RULE_TRAIN, f"{sym} is at its train limit")
        extra = 0
        if price > corp.cash:
            if corp.trains or action.seller not in ("bank", "pool"):
                raise IllegalAction(RULE_TRAIN, f"{sym} cannot pay {price}")
            if price != self.cheapest_train(state):
                raise IllegalAction(RULE_TRAIN, "a forced purchase must be the cheapest train")
            extra = price - corp.cash
            if extra > president.cash:
                raise IllegalAction(
                    RULE_TRAIN, f"{president.name} must raise {extra - president.cash} more"
                )
        if ctx is None:
            return
        self._advance(state, sym, STEP_TRAINS, ctx)
        if extra:
            self.pay(state, president.name, corp_key(sym), extra)
            ctx.emit(f"{president.name} contributes {extra}")
        if action.exchange:
            self.remove_train(state, action.exchange)
        if action.seller == "bank":
            train = self.take_from_depot(state, train)
            self.pay(state, corp_key(sym), BANK, price)
        elif action.seller == "pool":
            state.pool_trains.remove(train)
            self.pay(state, corp_key(sym), BANK, price)
        else:
            state.corps[action.seller].trains.remove(train)
            self.pay(state, corp_key(sym), corp_key(action.seller), price)
        self.give_train(state, sym, train)
        state.operating.bought_train = True
        ctx.emit(f"{sym} buys a {train_type(train)}-train for {price}", train=train)
        if action.seller == "bank":
            self.first_of_type(state, train_type(train), ctx)

    def discard(self, state: GameState, action: DiscardTrain, ctx: ActionContext | None) -> None:
        corp = state.corps.get(action.corp)
        if corp is None or action.corp not in self.over_limit(state):
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

    def emergency_sell(
        self, state: GameState, sym: str, action: SellShares, ctx: ActionContext | None
    ) -> None:
        corp = state.corps[sym]
        cheapest = self.cheapest_train(state)
        if corp.trains or cheapest is None:
            raise IllegalAction(RULE_TRAIN, "shares are sold in an OR only to buy a train")
        if corp.cash + state.player(action.player).cash >= cheapest:
            raise IllegalAction(RULE_TRAIN, "enough cash already for the train")
        if action.corp == sym:
            units = corp.holders.get(action.player, 0) - action.count
            others = max((u for n, u in corp.holders.items() if n != action.player), default=0)
            if others > units:
                raise IllegalAction(RULE_TRAIN, "an emergency sale may not pass the presidency")
        self.check_sale(state, action.player, action.corp, action.count)
        if ctx is None:
            return
        state.operating.emergency_sold = True
        self.sell_shares(state, action.player, action.corp, action.count, ctx)

    def buy_private_company(
        self, state: GameState, sym: str, action: BuyPrivate, ctx: ActionContext | None
    ) -> None:
        private = state.privates.get(action.private)
        if private is None or private.closed or not private.owner:
            raise IllegalAction("private", f"{action.private} is not available")
        if private.owner.startswith("@"):
            raise IllegalAction("private", f"{action.private} belongs to a company")
        if not self.spec(state).private(action.private).buyable:
            raise IllegalAction("private", f"{action.private} cannot be bought by a company")
        low, high = self.hook_private_price(state, sym, action.private)
        if not low <= action.price <= high:
            raise IllegalAction("private", f"{sym} may pay {low}-{high} for {action.private}")
        if state.corps[sym].cash < action.price:
            raise IllegalAction("private", f"{sym} cannot pay {action.price}")
        if ctx is None:
            return
        self.pay(state, corp_key(sym), private.owner, action.price)
        ctx.emit(f"{sym} buys {action.private} from {private.owner} for {action.price}")
        private.owner = corp_key(sym)

    # -- bankruptcy --------------------------------------------------------------------------

    def sellable_units(self, state: GameState, player: str, operating: str) -> dict[str, int]:
        """Shares ``player`` may sell now to raise money, per company: not above the pool
        limit, the president's certificate only when another player holds 20% (it passes),
        and never the presidency of the operating company."""
        pool_max = self.spec(state).pool_max_percent // 10
        out: dict[str, int] = {}
        for sym, corp in state.corps.items():
            units = corp.holders.get(player, 0)
            if not units or corp.closed or corp.cell is None:
                continue
            keep = 0
            if corp.president == player:
                others = max((u for n, u in corp.holders.items() if n != player), default=0)
                keep = 2 if others < 2 else 0
                if sym == operating:
                    keep = max(keep, others)
            sellable = max(0, min(units - keep, pool_max - corp.pool))
            if sellable:
                out[sym] = sellable
        return out

    def raisable(self, state: GameState, player: str, operating: str) -> int:
        """Cash plus what ``player`` could get by selling shares now (``sellable_units``)."""
        total = state.player(player).cash
        for sym, units in self.sellable_units(state, player, operating).items():
            total += units * self.price(state, sym)
        return total

    def bankrupt(
        self, state: GameState, sym: str, action: Bankrupt, ctx: ActionContext | None
    ) -> None:
        """§11 bankruptcy (a forced train purchase that cannot be paid) ends the game at
        once. As 18xx.games plays it (``step/bankrupt.rb``): the company's remaining steps
        close first (a company without trains withholds and moves left), the player's
        sellable shares go to the market without moving the prices (the drops wait for price
        protection, which never comes), and the player's cash goes to the bank, so the player
        is worth the unsold shares and privates (1870-base.md §11)."""
        corp = state.corps[sym]
        cheapest = self.cheapest_train(state)
        if corp.trains or cheapest is None:
            raise IllegalAction("bankruptcy", "only when a forced train purchase fails")
        if corp.cash + self.raisable(state, action.player, sym) >= cheapest:
            raise IllegalAction("bankruptcy", f"{action.player} can still raise the money")
        if ctx is None:
            return
        self._advance(state, sym, STEP_TRAINS, ctx)
        player = state.player(action.player)
        names = state.names()
        after = names[(names.index(action.player) + 1) % len(names)]
        for held, units in sorted(self.sellable_units(state, action.player, sym).items()):
            company = state.corps[held]
            company.holders[action.player] -= units
            if not company.holders[action.player]:
                del company.holders[action.player]
            company.pool += units
            self.update_president(state, held, after)
            ctx.emit(f"{action.player} goes bankrupt: {units * 10}% of {held} to the market")
        self.pay(state, action.player, BANK, player.cash)
        player.bankrupt = True
        state.end_reason = "bankrupt"
        self.game_over(state, ctx)
