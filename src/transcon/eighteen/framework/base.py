"""Shared machinery of the framework: money, shares, presidency, market moves, phases.

:class:`EngineBase` is the common base of the round mix-ins; a title subclasses the final
:class:`~transcon.eighteen.framework.title.EighteenTitle` and overrides the hooks defined
here (all named ``hook_*`` or documented as overridable).
"""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.core.title import ActionContext
from transcon.eighteen.framework.market import Cell, StockMarket
from transcon.eighteen.framework.spec import EndTiming, GameSpec, PhaseSpec
from transcon.eighteen.framework.state import CorpState, GameState

BANK = "bank"
RULE_STOCK = "stock round"


def corp_key(sym: str) -> str:
    """Money/ownership key of a company (players use their names, the bank ``bank``)."""
    return "@" + sym


class EngineBase:
    """Data access and bookkeeping shared by the auction, stock and operating rounds."""

    #: True when shares of a company may be sold only after it has operated once.
    SELL_AFTER_OPERATING = True
    #: No shares may be sold in the first stock round.
    NO_SALE_FIRST_ROUND = True
    #: A player sells a company's shares in one sale per turn (18xx.games
    #: ``MUST_SELL_IN_BLOCKS``).
    SELL_IN_BLOCKS = False
    #: A closing company's trains go to the market (18xx.games
    #: ``CLOSED_CORP_TRAINS_REMOVED = false``); False: they leave the game.
    CLOSED_TRAINS_TO_POOL = False

    # -- configuration (titles override) ---------------------------------------------------

    def game_spec(self, options: dict[str, object]) -> GameSpec:
        """The title's data for these options."""
        raise NotImplementedError

    def spec(self, state: GameState) -> GameSpec:
        return self._configured(state)[0]

    def market(self, state: GameState) -> StockMarket:
        return self._configured(state)[1]

    def _configured(self, state: GameState) -> tuple[GameSpec, StockMarket]:
        """The spec and market of ``state``'s options, kept for the options last asked
        about (a game's options dict is replaced, never changed, so its identity is the key)."""
        cached = self.__dict__.get("_spec_cache")
        if cached is not None and cached[0] is state.options:
            return cached[1]  # type: ignore[no-any-return]
        spec = self.game_spec(state.options)
        configured = (spec, StockMarket(spec.market, spec.ledge))
        self.__dict__["_spec_cache"] = (state.options, configured)
        return configured

    # -- money -------------------------------------------------------------------------------

    def cash(self, state: GameState, who: str) -> int:
        if who == BANK:
            return state.bank
        if who.startswith("@"):
            return state.corps[who[1:]].cash
        return state.player(who).cash

    def pay(self, state: GameState, payer: str, payee: str, amount: int) -> None:
        """Move ``amount`` from ``payer`` to ``payee`` (the bank may go below zero: broken)."""
        if amount == 0 or payer == payee:
            return
        for who, delta in ((payer, -amount), (payee, amount)):
            if who == BANK:
                state.bank += delta
                if state.bank < 0 and not state.bank_broken:
                    state.bank_broken = True
                    self.hook_bank_broken(state)
            elif who.startswith("@"):
                state.corps[who[1:]].cash += delta
            else:
                state.player(who).cash += delta

    def hook_bank_broken(self, state: GameState) -> None:
        """The bank ran out (``GameEndSpec.bank`` says when the game then ends)."""
        timing = self.spec(state).game_end.bank
        if timing is not None:
            self.end_game_after(state, timing, "bank")

    def end_game_after(self, state: GameState, timing: EndTiming, reason: str) -> None:
        """A game-end condition is met: the game ends at ``timing`` unless an end already
        pending comes as soon or sooner."""
        order = list(EndTiming)
        if state.end_after and order.index(EndTiming(state.end_after)) <= order.index(timing):
            return
        state.end_after = timing
        state.end_reason = reason

    def pay_private_revenue(self, state: GameState, ctx: ActionContext) -> None:
        spec = self.spec(state)
        for p in spec.privates:
            private = state.privates[p.sym]
            if private.owner and not private.closed and p.revenue:
                self.pay(state, BANK, private.owner, p.revenue)
                ctx.emit(f"{p.sym} pays {p.revenue} to {private.owner.lstrip('@')}")

    # -- phases ------------------------------------------------------------------------------

    def phase(self, state: GameState) -> PhaseSpec:
        return self.spec(state).phases[state.phase]

    def train_limit(self, state: GameState) -> int:
        return self.phase(state).train_limit

    def corp_train_limit(self, state: GameState, sym: str) -> int:
        """Company ``sym``'s train limit (default the phase's; titles with larger
        charters, such as 18C2C's merger corporations, override)."""
        return self.train_limit(state)

    # -- market ------------------------------------------------------------------------------

    def price(self, state: GameState, sym: str) -> int:
        cell = state.corps[sym].cell
        return 0 if cell is None else self.market(state).price(cell)

    def zone(self, state: GameState, sym: str) -> str:
        cell = state.corps[sym].cell
        return "" if cell is None else self.market(state).zone(cell)

    def move_to(self, state: GameState, sym: str, cell: Cell, ctx: ActionContext | None) -> None:
        """Put a company's market token on ``cell`` (arrival order breaks operating ties)."""
        corp = state.corps[sym]
        if corp.cell == cell:
            return
        old = self.price(state, sym)
        corp.cell = cell
        state.arrivals += 1
        corp.arrival = state.arrivals
        new = self.price(state, sym)
        if ctx is not None and old != new:
            ctx.emit(f"{sym} share price {old} -> {new}", corp=sym, price=new)
        self.hook_price_moved(state, sym, ctx)

    def hook_price_moved(self, state: GameState, sym: str, ctx: ActionContext | None) -> None:
        """Called after every market move: the closing zone closes the company; a price at
        ``GameEndSpec.stock_market`` ends the game (titles extend)."""
        if self.zone(state, sym) == "c" or self.price(state, sym) == 0:
            self.close_corp(state, sym, ctx)
        end = self.spec(state).game_end
        if end.stock_market is not None and self.price(state, sym) >= end.stock_market:
            self.end_game_after(state, end.stock_market_timing, "stock_market")

    def close_corp(self, state: GameState, sym: str, ctx: ActionContext | None) -> None:
        """Remove a company from play: its shares become worthless, cash goes to the bank."""
        corp = state.corps[sym]
        if corp.closed:
            return
        corp.closed = True
        self.pay(state, corp_key(sym), BANK, corp.cash)
        for train in corp.trains:
            state.train_owner.pop(train, None)
            if self.CLOSED_TRAINS_TO_POOL:
                state.pool_trains.append(train)
                state.train_owner[train] = "pool"
        corp.trains = []
        corp.holders = {}
        corp.president = ""
        if ctx is not None:
            ctx.emit(f"{sym} closes", corp=sym)
        for private in state.privates.values():
            if private.owner == corp_key(sym) and not private.closed:
                private.closed = True  # a closed company's privates close with it
                if ctx is not None:
                    ctx.emit(f"{private.sym} closes with {sym}")

    # -- shares ------------------------------------------------------------------------------

    def players_units(self, corp: CorpState) -> int:
        return sum(corp.holders.values())

    def certs(self, state: GameState, player: str) -> int:
        """Certificates counted toward the limit (yellow/green/brown-zone shares exempt)."""
        total = 0
        market = self.market(state)  # (:meth:`zone` of each company, asked once)
        for corp in state.corps.values():
            units = corp.holders.get(player, 0)
            if not units or corp.closed:
                continue
            if corp.cell is not None and market.zone(corp.cell) in ("y", "o", "b"):
                continue
            total += units - 1 if corp.president == player else units
        total += sum(1 for p in state.privates.values() if p.owner == player and not p.closed)
        return total

    def cert_limit(self, state: GameState) -> int:
        table = self.spec(state).cert_limits[len(state.players)]
        in_play = sum(1 for c in state.corps.values() if not c.closed)
        keys = sorted(table)
        best = keys[0]
        for k in keys:
            if k <= in_play:
                best = k
        return table[best]

    def update_president(self, state: GameState, sym: str, first: str) -> str:
        """Give the presidency to whoever holds most (ties: current president, then seat
        order from ``first``); returns the new president."""
        corp = state.corps[sym]
        names = state.names()
        start = names.index(first) if first in names else 0
        order = names[start:] + names[:start]
        best = corp.president
        best_units = corp.holders.get(best, 0) if best else -1
        for name in order:
            units = corp.holders.get(name, 0)
            if units > best_units and units >= 2:
                best, best_units = name, units
        corp.president = best
        return best

    def check_sale(self, state: GameState, player: str, sym: str, count: int) -> None:
        """Raise IllegalAction if ``player`` may not sell ``count`` shares of ``sym``."""
        corp = state.corps[sym]
        spec = self.spec(state)
        have = corp.holders.get(player, 0)
        if count > have:
            raise IllegalAction("sell", f"{player} holds only {have * 10}% of {sym}")
        if corp.cell is None:
            # a share held before the company starts (a private's) has no market yet
            raise IllegalAction("sell", f"{sym} has not started: its shares cannot be sold")
        if self.SELL_AFTER_OPERATING and not corp.operated:
            raise IllegalAction("sell", f"{sym} has not operated yet")
        if (corp.pool + count) * 10 > spec.pool_max_percent:
            raise IllegalAction("sell", f"at most {spec.pool_max_percent}% of {sym} in the market")
        if corp.president == player:
            left = have - count
            others = max((u for n, u in corp.holders.items() if n != player), default=0)
            if left < 2 and not (others >= 2 and others > left):
                raise IllegalAction("sell", "the president's certificate cannot go to the market")

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

    def sold_out(self, state: GameState, sym: str) -> bool:
        """Sold out: players hold every share, counting shares the company holds itself
        unless they are for sale (18xx.games ``sold_out?``: players plus non-buyable
        treasury shares make 100%)."""
        corp = state.corps[sym]
        return not corp.ipo and not corp.pool and not self.hook_treasury_for_sale(state, sym)

    def hook_treasury_for_sale(self, state: GameState, sym: str) -> int:
        """Units of its own shares ``sym`` offers players now (``buy SYM treasury``, at par;
        default: none, shares a company holds are not for sale)."""
        return 0

    def sell_shares(
        self, state: GameState, player: str, sym: str, count: int, ctx: ActionContext
    ) -> None:
        """Sell into the pool; then :meth:`hook_after_sale` moves the price."""
        corp = state.corps[sym]
        price = self.price(state, sym)
        president = corp.president
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
        self.hook_after_sale(state, player, sym, count, price, president, ctx)

    def hook_after_sale(
        self,
        state: GameState,
        player: str,
        sym: str,
        count: int,
        price: int,
        president: str,
        ctx: ActionContext,
    ) -> None:
        """A sale of ``count`` shares at ``price`` was made (``president``: the company's
        president before it): by default the price drops now (titles with price protection
        may hold the drop back)."""
        self.drop_price(state, sym, count, ctx)

    def drop_price(self, state: GameState, sym: str, count: int, ctx: ActionContext) -> None:
        corp = state.corps[sym]
        if corp.cell is not None:
            self.move_to(state, sym, self.market(state).sold(corp.cell, count), ctx)

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

    # -- dividends ---------------------------------------------------------------------------

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

    def player_value(self, state: GameState, player: str) -> int:
        """Cash plus shares at market price plus privates at face value."""
        value = state.player(player).cash
        for sym, corp in state.corps.items():
            if not corp.closed and corp.holders.get(player):
                value += corp.holders[player] * self.price(state, sym)
        spec = self.spec(state)
        for private in state.privates.values():
            if private.owner == player and not private.closed:
                value += spec.private(private.sym).value
        return value

    # -- presidents of companies and turn helpers --------------------------------------------

    def president(self, state: GameState, sym: str) -> str:
        return state.corps[sym].president

    def owner_player(self, state: GameState, owner: str) -> str:
        """The player controlling an owner key (a player, or a company's president)."""
        if owner.startswith("@"):
            return state.corps[owner[1:]].president
        return owner

    def operating_order(self, state: GameState) -> list[str]:
        """Floated companies by price (high first), column (right first), row (top first),
        then arrival in the space."""
        live = [s for s, c in state.corps.items() if c.floated and not c.closed and c.cell]

        def key(sym: str) -> tuple[int, int, int, int]:
            corp = state.corps[sym]
            assert corp.cell is not None
            return (-self.price(state, sym), -corp.cell[1], corp.cell[0], corp.arrival)

        return sorted(live, key=key)
