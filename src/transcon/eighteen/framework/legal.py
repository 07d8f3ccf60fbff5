"""Legal action lists for bots and ``transcon legal``.

The full action space of an 18xx game is huge (every tile, rotation, route and price), so
the lists are a documented representative subset: every share action, minimum and maximum
bids and private prices, trains from the bank and pool, the title's suggested tile lays,
tokens and run (``hook_bot_*``), and every dividend. Each listed action passes ``check``.
"""

from __future__ import annotations

from transcon.core.errors import IllegalAction, InputError
from transcon.core.title import Action
from transcon.eighteen.framework.actions import (
    Bankrupt,
    Bid,
    BuyPrivate,
    BuyShare,
    BuyTrain,
    Connect,
    Demand,
    DiscardTrain,
    Dividend,
    Done,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    Protect,
    Redeem,
    Reissue,
    RunRoutes,
    SellShares,
)
from transcon.eighteen.framework.operating import OperatingMixin
from transcon.eighteen.framework.state import GameState


class LegalMixin(OperatingMixin):
    """Candidate generation; the title's ``check`` filters the candidates."""

    def hook_bot_lays(self, state: GameState, sym: str, player: str) -> list[LayTile]:
        return []

    def hook_bot_tokens(self, state: GameState, sym: str, player: str) -> list[PlaceToken]:
        return []

    def hook_bot_revenue(self, state: GameState, sym: str) -> int:
        return 0

    def hook_bot_run(self, state: GameState, sym: str, player: str) -> RunRoutes:
        """The run a bot offers (default: ``hook_bot_revenue`` with no routes named)."""
        return RunRoutes(player=player, revenue=self.hook_bot_revenue(state, sym))

    def hook_stock_choices(self, state: GameState, player: str) -> list[Action]:
        p = player
        out: list[Action] = []
        spec = self.spec(state)
        cash = state.player(p).cash
        for sym, corp in state.corps.items():
            if corp.closed:
                continue
            if corp.cell is None:
                out.extend(
                    Par(player=p, corp=sym, price=x) for x in spec.par_prices if 2 * x <= cash
                )
                continue
            for source in ("ipo", "pool", "treasury"):
                out.append(BuyShare(player=p, corp=sym, source=source))
            for count in range(1, corp.holders.get(p, 0) + 1):
                out.append(SellShares(player=p, corp=sym, count=count))
            if corp.president == p:
                out.append(Redeem(player=p, corp=sym, source="pool"))
                out.append(Reissue(player=p, corp=sym))
        return out

    def candidates(self, state: GameState, player: str) -> list[Action]:
        p = player
        out: list[Action] = []
        if state.round == "auction":
            out.append(Pass(player=p))
            if state.auction.par_pending:
                sym = state.auction.par_pending
                return [Par(player=p, corp=sym, price=x) for x in self.spec(state).par_prices]
            for sym in self.unsold_privates(state):
                out.append(Bid(player=p, private=sym, price=self.min_bid(state, sym)))
            return out
        if state.round == "stock" and not state.operating.connection:
            if state.stock.protection:
                sym = state.stock.protection[0][0]
                return [Pass(player=p), Protect(player=p, corp=sym)]
            out.append(Pass(player=p))
            out.extend(self.hook_stock_choices(state, p))
            out.extend(self._connects(state, p))
            return out
        if state.round == "stock":
            return self._connection_run(state, p)
        if state.round != "operating":
            return out
        for sym in self.over_limit(state):
            corp = state.corps[sym]
            out.extend(DiscardTrain(player=p, corp=sym, train=t) for t in corp.trains)
        if out:
            return out
        if state.operating.connection:
            return self._connection_run(state, p)
        out.extend(self._connects(state, p))
        sym = self.current_corp(state)
        corp = state.corps[sym]
        if p in self.demanders(state):
            best = self.hook_best_run(state, sym)
            if best is not None and best[0] > (state.operating.revenue or 0):
                out.append(Demand(player=p))
        if corp.president != p:
            return out
        out.extend(self.hook_bot_lays(state, sym, p))
        out.extend(self.hook_bot_tokens(state, sym, p))
        out.append(self.hook_bot_run(state, sym, p))
        out.extend(Dividend(player=p, kind=k) for k in ("payout", "half", "withhold"))
        for current in self.depot_types(state):
            out.append(BuyTrain(player=p, train=current.name))
            for t in corp.trains:
                if current.trade_in and t.split("-")[0] in current.trade_in:
                    out.append(BuyTrain(player=p, train=current.name, exchange=t))
        out.extend(BuyTrain(player=p, train=t, seller="pool") for t in state.pool_trains)
        for private in state.privates.values():
            if private.owner and not private.owner.startswith("@") and not private.closed:
                low, high = self.hook_private_price(state, sym, private.sym)
                if low <= high:
                    out.append(BuyPrivate(player=p, private=private.sym, price=low))
                    out.append(BuyPrivate(player=p, private=private.sym, price=high))
        for other, c in state.corps.items():
            for count in range(1, c.holders.get(p, 0) + 1):
                out.append(SellShares(player=p, corp=other, count=count))
        out.append(Done(player=p))
        out.append(Bankrupt(player=p))
        return out

    def _connects(self, state: GameState, player: str) -> list[Action]:
        out: list[Action] = []
        for sym in self.connect_candidates(state, sure=True):
            if state.corps[sym].president == player:
                out.append(Connect(player=player, corp=sym, choice="map"))
                out.append(Connect(player=player, corp=sym, choice="charter"))
        return out

    def _connection_run(self, state: GameState, player: str) -> list[Action]:
        sym = state.operating.connection
        return [
            self.hook_bot_run(state, sym, player),
            Dividend(player=player, kind="payout"),
            Dividend(player=player, kind="withhold"),
        ]

    def legal_actions(self, state: GameState, player: str) -> list[Action]:
        if player not in self.current_players(state):  # type: ignore[attr-defined]
            return []
        # The engine's rules (game not over, the player may act) hold for every candidate of
        # ``player``: checked once above, so each candidate only needs the title's ``check``
        # (recomputing who may act per candidate was half the time of a bot game).
        return [
            a
            for a in self.candidates(state, player)
            if a.player == player and self._passes(state, a)
        ]

    def _passes(self, state: GameState, action: Action) -> bool:
        try:
            self.check(state, action)  # type: ignore[attr-defined]
        except (IllegalAction, InputError):
            return False
        return True
