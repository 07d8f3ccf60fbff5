"""The initial auction of private companies (1830-style waterfall).

On a turn a player buys the cheapest unsold private at its price, bids at least the minimum
increment over the current bid (or over its face value) on a later one, or passes. Whenever
the cheapest private has bids it is resolved: a single bidder buys it at the bid; several
bidders auction it, the lowest bidder acting first (raise or pass). When every player passes
in a row the cheapest private's price drops by $5, or, if something was bought in the
meantime, the privates pay their revenue. A private that carries a presidency asks its buyer
for a par price at once (:class:`PendingPar`, a blocking step).
"""

from __future__ import annotations

from typing import ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import Bid, Par, Pass
from transcon.eighteen.framework.base import BANK
from transcon.eighteen.framework.rounds import Round, RoundKind, Step
from transcon.eighteen.framework.state import GameState

RULE_AUCTION = "initial auction"


class PendingPar(Step):
    """The buyer of a private carrying a presidency sets that company's par at once."""

    actions: ClassVar[tuple[type[Action], ...]] = (Par,)
    rule = RULE_AUCTION

    def active(self, state: GameState) -> bool:
        return bool(state.auction.par_pending)

    def blocking(self, state: GameState) -> bool:
        return True

    def actors(self, state: GameState) -> list[str]:
        return [state.auction.par_player]

    def accepts(self, state: GameState, action: Action) -> bool:
        return isinstance(action, Par) and action.corp == state.auction.par_pending

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        a = state.auction
        return IllegalAction(RULE_AUCTION, f"{action.player} must set the par of {a.par_pending}")

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        assert isinstance(action, Par)
        g = self.game
        a = state.auction
        g.check_par_price(state, action.price)
        if ctx is None:
            return
        sym = a.par_pending
        a.par_pending = a.par_player = ""
        g.set_par(state, sym, action.price, ctx)
        auction = self.game.rounds[RoundKind.AUCTION].step_of(WaterfallAuction)
        assert isinstance(auction, WaterfallAuction)
        auction.resolve_bids(state, ctx)
        auction.after_step(state, ctx)

    def choices(self, state: GameState, player: str) -> list[Action]:
        sym = state.auction.par_pending
        return [Par(player=player, corp=sym, price=x) for x in self.game.spec(state).par_prices]


class WaterfallAuction(Step):
    """Buy the cheapest private, bid on a later one, or pass (see the module docstring)."""

    actions: ClassVar[tuple[type[Action], ...]] = (Bid, Pass)
    rule = RULE_AUCTION

    def blocking(self, state: GameState) -> bool:
        return True

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        return IllegalAction(RULE_AUCTION, f"no {action.type} during the private auction")

    def actors(self, state: GameState) -> list[str]:
        a = state.auction
        if a.auctioning:
            bids = state.privates[a.auctioning].bids
            return [min(bids, key=lambda b: b[1])[0]]
        return [state.players[a.turn].name]

    def unsold_privates(self, state: GameState) -> list[str]:
        return [p.sym for p in self.game.spec(state).privates if not state.privates[p.sym].owner]

    def at_price(self, state: GameState) -> list[str]:
        """The privates bought at their price now (others take bids): by default the
        cheapest unsold one; a title with a packet of several columns offers each column's
        top (e.g. 18C2C)."""
        return self.unsold_privates(state)[:1]

    def committed(self, state: GameState, player: str, skip: str = "") -> int:
        """Cash a player has promised in bids on other privates."""
        return sum(
            price
            for sym, private in state.privates.items()
            if sym != skip
            for who, price in private.bids
            if who == player
        )

    def min_bid(self, state: GameState, sym: str) -> int:
        spec = self.game.spec(state)
        private = state.privates[sym]
        face = spec.private(sym).value - private.discount
        if sym in self.at_price(state) and not state.auction.auctioning:
            return face  # bought at its price; contested, it is auctioned above the top bid
        top = max((p for _, p in private.bids), default=face)
        return top + spec.min_bid_increment

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        if isinstance(action, Pass):
            if ctx is not None:
                self.pass_turn(state, action.player, ctx)
            return
        assert isinstance(action, Bid)
        self.bid(state, action, ctx)

    def pass_turn(self, state: GameState, player: str, ctx: ActionContext) -> None:
        a = state.auction
        if a.auctioning:
            private = state.privates[a.auctioning]
            private.bids = [b for b in private.bids if b[0] != player]
            ctx.emit(f"{player} passes on {a.auctioning}")
            self.resolve_bids(state, ctx)
        else:
            ctx.emit(f"{player} passes")
            a.passes += 1
            if a.passes >= len(state.players):
                self.all_passed(state, ctx)
            a.turn = (a.turn + 1) % len(state.players)
        self.after_step(state, ctx)

    def bid(self, state: GameState, action: Bid, ctx: ActionContext | None) -> None:
        a = state.auction
        player = action.player
        sym = action.private
        if sym not in state.privates or state.privates[sym].owner:
            raise IllegalAction(RULE_AUCTION, f"{sym} is not for sale")
        if a.auctioning and sym != a.auctioning:
            raise IllegalAction(RULE_AUCTION, f"{a.auctioning} is being auctioned")
        cheapest = sym in self.at_price(state)
        minimum = self.min_bid(state, sym)
        if cheapest and not a.auctioning and action.price != minimum:
            raise IllegalAction(RULE_AUCTION, f"{sym} is bought at its price {minimum}")
        if action.price < minimum:
            raise IllegalAction(RULE_AUCTION, f"the minimum bid on {sym} is {minimum}")
        available = state.player(player).cash - self.committed(state, player, sym)
        if action.price > available:
            raise IllegalAction(RULE_AUCTION, f"{player} can spend only {available}")
        if ctx is None:
            return
        a.passes = 0
        if cheapest and not a.auctioning:
            # the priority deal goes left of the last player who bought a private at its
            # price (18xx.games ``last_to_act``: bids and auction wins do not count)
            a.last_actor = state.player_index(player)
            self.buy_private(state, player, sym, action.price, ctx)
            self.resolve_bids(state, ctx)
            a.turn = (a.turn + 1) % len(state.players)
        else:
            private = state.privates[sym]
            private.bids = [b for b in private.bids if b[0] != player] + [(player, action.price)]
            ctx.emit(f"{player} bids {action.price} on {sym}")
            if not a.auctioning:
                a.turn = (a.turn + 1) % len(state.players)
        self.after_step(state, ctx)

    def buy_private(
        self, state: GameState, player: str, sym: str, price: int, ctx: ActionContext
    ) -> None:
        spec = self.game.spec(state).private(sym)
        private = state.privates[sym]
        self.game.pay(state, player, BANK, price)
        private.owner = player
        private.bids = []
        ctx.emit(f"{player} buys {sym} for {price}", private=sym, price=price)
        if spec.share_of:
            corp = state.corps[spec.share_of]
            corp.ipo -= 1
            corp.holders[player] = corp.holders.get(player, 0) + 1
        if spec.president_of:
            corp = state.corps[spec.president_of]
            corp.ipo -= 2
            corp.holders[player] = corp.holders.get(player, 0) + 2
            corp.president = player
            private.closed = True
            state.auction.par_pending = spec.president_of
            state.auction.par_player = player

    def resolve_bids(self, state: GameState, ctx: ActionContext) -> None:
        a = state.auction
        a.auctioning = ""
        while not a.par_pending:
            with_bids = [s for s in self.at_price(state) if state.privates[s].bids]
            if not with_bids:
                return
            private = state.privates[with_bids[0]]
            if len(private.bids) == 1:
                who, price = private.bids[0]
                self.buy_private(state, who, private.sym, price, ctx)
                continue
            a.auctioning = private.sym
            return

    def all_passed(self, state: GameState, ctx: ActionContext) -> None:
        a = state.auction
        a.passes = 0
        unsold = self.unsold_privates(state)
        if not unsold:
            return
        cheapest = state.privates[unsold[0]]
        if a.last_actor < 0 or not any(p.owner for p in state.privates.values()):
            cheapest.discount += 5
            ctx.emit(f"Everyone passes: {cheapest.sym} costs 5 less")
        else:
            self.game.pay_private_revenue(state, ctx)

    def after_step(self, state: GameState, ctx: ActionContext) -> None:
        a = state.auction
        if not self.unsold_privates(state) and not a.par_pending:
            last = a.last_actor if a.last_actor >= 0 else len(state.players) - 1
            state.priority = (last + 1) % len(state.players)
            self.game.start_stock_round(state, ctx)

    def choices(self, state: GameState, player: str) -> list[Action]:
        out: list[Action] = [Pass(player=player)]
        for sym in self.unsold_privates(state):
            out.append(Bid(player=player, private=sym, price=self.min_bid(state, sym)))
        return out


class AuctionRound(Round):
    kind = RoundKind.AUCTION

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        return IllegalAction(RULE_AUCTION, f"no {action.type} during the private auction")
