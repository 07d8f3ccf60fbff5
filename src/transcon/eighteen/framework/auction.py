"""The initial auction of private companies (1830-style waterfall).

On a turn a player buys the cheapest unsold private at its price, bids at least the minimum
increment over the current bid (or over its face value) on a later one, or passes. Whenever
the cheapest private has bids it is resolved: a single bidder buys it at the bid; several
bidders auction it, the lowest bidder acting first (raise or pass). When every player passes
in a row the cheapest private's price drops by $5, or, if something was bought in the
meantime, the privates pay their revenue. A private that carries a presidency asks its buyer
for a par price at once.
"""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import Bid, Par, Pass
from transcon.eighteen.framework.base import BANK, EngineBase
from transcon.eighteen.framework.state import GameState

RULE_AUCTION = "initial auction"


class AuctionMixin(EngineBase):
    """Auction round behaviour."""

    def unsold_privates(self, state: GameState) -> list[str]:
        return [p.sym for p in self.spec(state).privates if not state.privates[p.sym].owner]

    def committed(self, state: GameState, player: str, skip: str = "") -> int:
        """Cash a player has promised in bids on other privates."""
        return sum(
            price
            for sym, private in state.privates.items()
            if sym != skip
            for who, price in private.bids
            if who == player
        )

    def auction_players(self, state: GameState) -> list[str]:
        a = state.auction
        if a.par_pending:
            return [a.par_player]
        if a.auctioning:
            bids = state.privates[a.auctioning].bids
            return [min(bids, key=lambda b: b[1])[0]]
        return [state.players[a.turn].name]

    def min_bid(self, state: GameState, sym: str) -> int:
        spec = self.spec(state)
        private = state.privates[sym]
        face = spec.private(sym).value - private.discount
        if self.unsold_privates(state)[0] == sym and not state.auction.auctioning:
            return face  # bought at its price; contested, it is auctioned above the top bid
        top = max((p for _, p in private.bids), default=face)
        return top + spec.min_bid_increment

    def auction_action(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        a = state.auction
        player = action.player
        if a.par_pending:
            if not isinstance(action, Par) or action.corp != a.par_pending:
                raise IllegalAction(RULE_AUCTION, f"{player} must set the par of {a.par_pending}")
            self.check_par_price(state, action.price)
            if ctx is None:
                return
            sym = a.par_pending
            a.par_pending = a.par_player = ""
            self.set_par(state, sym, action.price, ctx)
            self.resolve_bids(state, ctx)
            self.after_auction_step(state, ctx)
            return
        if isinstance(action, Pass):
            if ctx is None:
                return
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
            self.after_auction_step(state, ctx)
            return
        if not isinstance(action, Bid):
            raise IllegalAction(RULE_AUCTION, f"no {action.type} during the private auction")
        sym = action.private
        if sym not in state.privates or state.privates[sym].owner:
            raise IllegalAction(RULE_AUCTION, f"{sym} is not for sale")
        if a.auctioning and sym != a.auctioning:
            raise IllegalAction(RULE_AUCTION, f"{a.auctioning} is being auctioned")
        cheapest = self.unsold_privates(state)[0] == sym
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
        self.after_auction_step(state, ctx)

    def buy_private(
        self, state: GameState, player: str, sym: str, price: int, ctx: ActionContext
    ) -> None:
        spec = self.spec(state).private(sym)
        private = state.privates[sym]
        self.pay(state, player, BANK, price)
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
            unsold = self.unsold_privates(state)
            if not unsold:
                return
            private = state.privates[unsold[0]]
            if not private.bids:
                return
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
            self.pay_private_revenue(state, ctx)

    def after_auction_step(self, state: GameState, ctx: ActionContext) -> None:
        a = state.auction
        if not self.unsold_privates(state) and not a.par_pending:
            last = a.last_actor if a.last_actor >= 0 else len(state.players) - 1
            state.priority = (last + 1) % len(state.players)
            self.start_stock_round(state, ctx)

    # -- provided by other mix-ins -----------------------------------------------------------

    def check_par_price(self, state: GameState, price: int) -> None:
        raise NotImplementedError

    def set_par(self, state: GameState, sym: str, price: int, ctx: ActionContext) -> None:
        raise NotImplementedError

    def start_stock_round(self, state: GameState, ctx: ActionContext) -> None:
        raise NotImplementedError
