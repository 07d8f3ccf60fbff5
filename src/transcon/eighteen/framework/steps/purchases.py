"""Purchases and the end of an operating company's turn: trains (bank, pool, other
companies, trade-ins, emergency purchases with the president's money and share sales),
private companies bought from players, private powers, ``done`` and bankruptcy.
"""

from __future__ import annotations

from typing import ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import (
    Assign,
    Bankrupt,
    BuyPrivate,
    BuyTrain,
    Done,
    SellShares,
)
from transcon.eighteen.framework.base import BANK, corp_key
from transcon.eighteen.framework.depot import train_type
from transcon.eighteen.framework.rounds import RoundKind, TurnStage
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.operating import RULE_TRAIN, CompanyStep, OperatingRound


class BuyTrains(CompanyStep):
    """Buy trains; a company without one must buy the cheapest (emergency purchase)."""

    actions: ClassVar[tuple[type[Action], ...]] = (BuyTrain,)

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, BuyTrain)
        g = self.game
        corp = state.corps[sym]
        president = state.player(corp.president)
        if self.closes_on_withhold(state, sym):
            raise IllegalAction(RULE_TRAIN, f"{sym} closes as it withholds: it buys no train")
        train, price = g.train_price(state, action, sym)
        if action.price is not None and action.seller in ("bank", "pool") and action.price != price:
            raise IllegalAction(RULE_TRAIN, f"the price is {price}")
        keep = len(corp.trains) - (1 if action.exchange else 0)
        if keep >= g.corp_train_limit(state, sym):
            raise IllegalAction(RULE_TRAIN, f"{sym} is at its train limit")
        extra = 0
        if price > corp.cash:
            if action.seller not in ("bank", "pool") or not self.forced_purchase(state, sym):
                raise IllegalAction(RULE_TRAIN, f"{sym} cannot pay {price}")
            if price != g.cheapest_train(state):
                raise IllegalAction(RULE_TRAIN, "a forced purchase must be the cheapest train")
            extra = price - corp.cash
            if extra > president.cash:
                raise IllegalAction(
                    RULE_TRAIN, f"{president.name} must raise {extra - president.cash} more"
                )
        if ctx is None:
            return
        self.advance(state, sym, TurnStage.TRAINS, ctx)
        if extra:
            g.pay(state, president.name, corp_key(sym), extra)
            ctx.emit(f"{president.name} contributes {extra}")
        if action.exchange:
            g.trade_in(state, action.exchange)
        if action.seller == "bank":
            train = g.take_from_depot(state, train)
            g.pay(state, corp_key(sym), BANK, price)
        elif action.seller == "pool":
            state.pool_trains.remove(train)
            g.pay(state, corp_key(sym), BANK, price)
        else:
            state.corps[action.seller].trains.remove(train)
            g.pay(state, corp_key(sym), corp_key(action.seller), price)
        g.give_train(state, sym, train)
        state.operating.bought_train = True
        ctx.emit(f"{sym} buys a {train_type(train)}-train for {price}", train=train)
        if action.seller == "bank":
            g.first_of_type(state, train_type(train), ctx)

    def closed(self, state: GameState, sym: str) -> IllegalAction | None:
        return self.stage_problem(state, sym, TurnStage.TRAINS)

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        corp = state.corps[sym]
        out: list[Action] = []
        for current in self.game.depot_types(state):
            out.append(BuyTrain(player=player, train=current.name))
            for t in corp.trains:
                if current.trade_in and t.split("-")[0] in current.trade_in:
                    out.append(BuyTrain(player=player, train=current.name, exchange=t))
        offers = {self.game.pool_offer(state, train_type(t)) for t in state.pool_trains}
        out.extend(BuyTrain(player=player, train=t, seller="pool") for t in sorted(offers))
        return out


class BuyCompany(CompanyStep):
    """The operating company buys a private company from its owner."""

    actions: ClassVar[tuple[type[Action], ...]] = (BuyPrivate,)

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, BuyPrivate)
        g = self.game
        if state.operating.step > TurnStage.TRACK and self.closes_on_withhold(state, sym):
            # (18xx.games skips its run and closes it as soon as its track step is over)
            raise IllegalAction("private", f"{sym} closes as it withholds: it buys no private")
        private = state.privates.get(action.private)
        if private is None or private.closed or not private.owner:
            raise IllegalAction("private", f"{action.private} is not available")
        if private.owner.startswith("@"):
            raise IllegalAction("private", f"{action.private} belongs to a company")
        if not g.spec(state).private(action.private).buyable:
            raise IllegalAction("private", f"{action.private} cannot be bought by a company")
        low, high = g.hook_private_price(state, sym, action.private)
        if not low <= action.price <= high:
            raise IllegalAction("private", f"{sym} may pay {low}-{high} for {action.private}")
        if state.corps[sym].cash < action.price:
            raise IllegalAction("private", f"{sym} cannot pay {action.price}")
        if ctx is None:
            return
        g.pay(state, corp_key(sym), private.owner, action.price)
        ctx.emit(f"{sym} buys {action.private} from {private.owner} for {action.price}")
        private.owner = corp_key(sym)
        g.hook_private_bought(state, sym, action.private, ctx)

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        out: list[Action] = []
        for private in state.privates.values():
            if private.owner and not private.owner.startswith("@") and not private.closed:
                low, high = self.game.hook_private_price(state, sym, private.sym)
                if low <= high:
                    out.append(BuyPrivate(player=player, private=private.sym, price=low))
                    out.append(BuyPrivate(player=player, private=private.sym, price=high))
        return out


class EmergencySell(CompanyStep):
    """The president sells shares to pay for a train the company must buy."""

    actions: ClassVar[tuple[type[Action], ...]] = (SellShares,)

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, SellShares)
        g = self.game
        corp = state.corps[sym]
        self.advance(state, sym, TurnStage.TRAINS, None)  # (the sale is part of the purchase)
        if action.corp == sym:
            units = corp.holders.get(action.player, 0) - action.count
            others = max((u for n, u in corp.holders.items() if n != action.player), default=0)
            if others > units:
                raise IllegalAction(RULE_TRAIN, "an emergency sale may not pass the presidency")
        g.check_sale(state, action.player, action.corp, action.count)
        cheapest = g.cheapest_train(state)
        assert cheapest is not None  # see closed()
        needed = cheapest - corp.cash - state.player(action.player).cash
        if (action.count - 1) * self.sale_price(
            state, sym, action.corp
        ) >= needed and not self.down_to_the_limit(state, action):
            raise IllegalAction(
                RULE_TRAIN, f"an emergency sale raises no more than needed ({needed})"
            )
        if ctx is None:
            return
        self.advance(state, sym, TurnStage.TRAINS, ctx)
        state.operating.emergency_sold = True
        g.sell_shares(state, action.player, action.corp, action.count, ctx)

    def down_to_the_limit(self, state: GameState, action: SellShares) -> bool:
        """A holder above the percentage limit may sell down to it even when fewer shares
        would pay for the train (18xx.games g_1870 ``selling_minimum_shares?``)."""
        g = self.game
        units = state.corps[action.corp].holders.get(action.player, 0) - action.count
        limit = g.spec(state).max_percent
        return g.zone(state, action.corp) not in ("o", "b") and units * 10 >= limit

    def sale_price(self, state: GameState, sym: str, sold: str) -> int:
        """The price the sale gets: after the withhold that closing the operating company's
        run moves it left by, when it is that company's share and the run is still open."""
        g = self.game
        cell = state.corps[sold].cell
        if sold == sym and cell is not None and state.operating.step <= TurnStage.RUN:
            return g.market(state).price(g.market(state).left(cell))
        return g.price(state, sold)

    def closed(self, state: GameState, sym: str) -> IllegalAction | None:
        corp = state.corps[sym]
        cheapest = self.game.cheapest_train(state)
        if cheapest is None or not self.forced_purchase(state, sym):
            return IllegalAction(RULE_TRAIN, "shares are sold in an OR only to buy a train")
        if corp.cash + state.player(corp.president).cash >= cheapest:
            return IllegalAction(RULE_TRAIN, "enough cash already for the train")
        return None

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        out: list[Action] = []
        for other, c in state.corps.items():
            for count in range(1, c.holders.get(player, 0) + 1):
                out.append(SellShares(player=player, corp=other, count=count))
        return out


class EndTurn(CompanyStep):
    """``done``: close the remaining stages (a company without a train must buy one)."""

    actions: ClassVar[tuple[type[Action], ...]] = (Done,)

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        g = self.game
        if self.forced_purchase(state, sym):
            raise IllegalAction(RULE_TRAIN, f"{sym} must buy a train")
        if ctx is None:
            return
        self.advance(state, sym, TurnStage.TRAINS, ctx)
        operating = g.rounds[RoundKind.OPERATING]
        assert isinstance(operating, OperatingRound)
        operating.end_turn(state, ctx)

    def closed(self, state: GameState, sym: str) -> IllegalAction | None:
        return self.stage_problem(state, sym, TurnStage.TRAINS)

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        return [Done(player=player)]


class GoBankrupt(CompanyStep):
    """§11-style bankruptcy: a forced train purchase that cannot be paid ends the game."""

    actions: ClassVar[tuple[type[Action], ...]] = (Bankrupt,)

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        """As 18xx.games plays it (``step/bankrupt.rb``): the company's remaining stages
        close first (a company without trains withholds and moves left), the player's
        sellable shares go to the market without moving the prices, and the player's cash
        goes to the bank, so the player is worth the unsold shares and privates."""
        g = self.game
        corp = state.corps[sym]
        cheapest = g.cheapest_train(state)
        assert cheapest is not None  # see closed()
        if corp.cash + g.raisable(state, action.player, sym) >= cheapest:
            raise IllegalAction("bankruptcy", f"{action.player} can still raise the money")
        if ctx is None:
            return
        self.advance(state, sym, TurnStage.TRAINS, ctx)
        player = state.player(action.player)
        names = state.names()
        after = names[(names.index(action.player) + 1) % len(names)]
        for held, units in sorted(g.sellable_units(state, action.player, sym).items()):
            company = state.corps[held]
            company.holders[action.player] -= units
            if not company.holders[action.player]:
                del company.holders[action.player]
            company.pool += units
            g.update_president(state, held, after)
            ctx.emit(f"{action.player} goes bankrupt: {units * 10}% of {held} to the market")
        g.pay(state, action.player, BANK, player.cash)
        player.bankrupt = True
        state.end_reason = "bankrupt"
        g.game_over(state, ctx)

    def closed(self, state: GameState, sym: str) -> IllegalAction | None:
        if not self.forced_purchase(state, sym):
            return IllegalAction("bankruptcy", "only when a forced train purchase fails")
        return None

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        return [Bankrupt(player=player)]


class UsePrivate(CompanyStep):
    """Use a private company's token power (the title says which privates have one)."""

    actions: ClassVar[tuple[type[Action], ...]] = (Assign,)

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, Assign)
        private = state.privates.get(action.private)
        if private is None or private.closed or private.owner != corp_key(sym):
            raise IllegalAction("private", f"{sym} does not own {action.private}")
        self.game.hook_assign(state, sym, action, ctx)
