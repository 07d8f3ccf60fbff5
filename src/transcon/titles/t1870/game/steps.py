"""1870's own steps, added to the framework's rounds by
:class:`~transcon.titles.t1870.game.title.Title1870` (rules: docs/rules/1870.md).

- stock round: price protection (§6.4), share redemption and reissue (§6.5, §6.6);
- operating round: price protection of a president's forced sales (§6.4) and the destination
  checks (§8.2, steps in :mod:`~transcon.titles.t1870.game.destinations`) when a company's
  turn ends, the best run on demand (§8.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import BuyPrivate, Pass
from transcon.eighteen.framework.base import BANK
from transcon.eighteen.framework.rounds import RoundKind, Step, TurnStage
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.operating import OperatingRound
from transcon.eighteen.framework.steps.redemption import (
    BuySellParSharesRedemption,
    RedemptionRules,
    start_stock_round,
)
from transcon.eighteen.framework.steps.stock import StockRound
from transcon.titles.t1870.game.actions import Demand, Protect
from transcon.titles.t1870.game.destinations import check_destinations, resort_remaining
from transcon.titles.t1870.game.state import Sale, state_1870
from transcon.titles.t1870.options import Options1870

if TYPE_CHECKING:
    from transcon.titles.t1870.game.title import Title1870

RULE_PROTECTION = "1870 §6.4 price protection"
RULE_REDEMPTION = "1870 §6.5 redemption"
RULE_REISSUE = "1870 §6.6 reissue"
RULE_BEST_RUN = "1870 §8.3 best run on demand"
RULE_DEALS = "1870 §9.9 private deals"


def may_protect(state: GameState, president: str, sym: str, seller: str) -> bool:
    """§6.4: the president of the company sold (not the seller) may protect; without
    ``protect_if_sold`` not a president who sold the company this stock round (18xx.games
    counts only stock-round sales, ``players_sold``: in an operating round nobody has)."""
    if Options1870.view(state.options).protect_if_sold:
        return president != seller
    if state.round != RoundKind.STOCK:
        return True
    return sym not in state.stock.sold.get(president, [])


def queue_sale(
    state: GameState, player: str, sym: str, count: int, price: int, president: str
) -> bool:
    """§6.4: hold a sale's price drop back for the protection offer at the end of the turn
    (the stock-round turn, or the operating company's turn for a president's forced sale);
    ``president`` is the company's president before the sale. False when the company has
    no president (the price then drops now). Every sale waits, as in 18xx.games' ``sell_queue``:
    one nobody may protect drops when its turn comes at the turn's end."""
    if state.round not in (RoundKind.STOCK, RoundKind.OPERATING) or not president:
        return False
    state_1870(state).pending_sales.append((sym, player, count, price, president))
    return True


def certs_freed_by_sales(title: Title1870, state: GameState, player: str) -> int:
    """§6.2 "a sale that will drop a company into the yellow zone counts as freeing those
    certificates": ``player``'s certificates of a company with a sale waiting for price
    protection whose drop (its shares, row by row from the price now) would take it into a
    zone outside the limit (18xx.games g_1870 ``num_certs``: any sale in ``sell_queue``;
    oracle fuzzing, seed 1870242)."""
    data = state_1870(state)
    market = title.market(state)
    freeing: set[str] = set()
    for sym, _seller, count, _price, _president in data.pending_sales + data.protection:
        cell = state.corps[sym].cell
        if cell is None or title.zone(state, sym) in ("y", "o", "b"):
            continue  # (a zone outside the limit does not count already)
        for _ in range(count):
            cell = market.down(cell)
        if market.zone(cell) in ("y", "o", "b"):
            freeing.add(sym)
    freed = 0
    for sym in freeing:
        corp = state.corps[sym]
        units = corp.holders.get(player, 0)
        if units and not corp.closed:
            freed += units - 1 if corp.president == player else units
    return freed


class PriceProtection(Step):
    """§6.4: at the end of a turn with sales (a stock-round turn, or the turn of the
    operating company whose president sold shares for a forced train purchase), the
    president of each company sold may buy the shares at the old price (the price then does
    not drop), one sale at a time in the order made; a sale its president cannot or may not
    protect drops the price when its turn comes, as on 18xx.games. In an operating round
    each drop re-sorts the companies still to operate (18xx.games ``recalculate_order``)."""

    game: Title1870
    actions: ClassVar[tuple[type[Action], ...]] = (Protect, Pass)
    rule = RULE_PROTECTION
    skips_idle_players = True

    def active(self, state: GameState) -> bool:
        return bool(state_1870(state).protection)

    def blocking(self, state: GameState) -> bool:
        return True

    def actors(self, state: GameState) -> list[str]:
        return [state_1870(state).protection[0][4]]

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        sym, _seller, _count, _price, who = state_1870(state).protection[0]
        return IllegalAction(RULE_PROTECTION, f"{who} must protect {sym} or pass")

    def accepts(self, state: GameState, action: Action) -> bool:
        sym = state_1870(state).protection[0][0]
        return isinstance(action, Pass) or (isinstance(action, Protect) and action.corp == sym)

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        if ctx is None:
            return
        g = self.game
        st = state.stock
        data = state_1870(state)
        sym, _seller, count, price, _president = data.protection.pop(0)
        if isinstance(action, Pass):
            ctx.emit(f"{action.player} does not protect {sym}")
            self.drop(state, sym, count, ctx)
        else:
            corp = state.corps[sym]
            g.pay(state, action.player, BANK, price * count)
            corp.pool -= count
            corp.holders[action.player] = corp.holders.get(action.player, 0) + count
            ctx.emit(f"{action.player} protects {sym}", corp=sym)
            if state.round == RoundKind.STOCK:  # protecting is the protector's stock turn
                st.last_actor = data.protected_by = state.player_index(action.player)
        if state.round == RoundKind.STOCK:
            st.passes = 0
        self.next_offer(state, ctx)

    def drop(self, state: GameState, sym: str, count: int, ctx: ActionContext) -> None:
        """The sale's price drop; in an operating round the companies still to operate are
        re-sorted (the order of those that operated stays)."""
        self.game.drop_price(state, sym, count, ctx)
        if state.round == RoundKind.OPERATING:
            resort_remaining(self.game, state)

    def choices(self, state: GameState, player: str) -> list[Action]:
        sym = state_1870(state).protection[0][0]
        return [Pass(player=player), Protect(player=player, corp=sym)]

    def can_protect(self, state: GameState, sale: Sale) -> bool:
        g = self.game
        sym, seller, count, price, president = sale
        if not may_protect(state, president, sym, seller):
            return False
        if state.player(president).cash < price * count:
            return False
        room = g.zone(state, sym) in ("y", "o", "b")
        return room or g.certs(state, president, protecting=True) + count <= g.cert_limit(state)

    def offer(self, state: GameState, ctx: ActionContext) -> None:
        """The turn ended: offer protection of its sales (see the class docstring)."""
        data = state_1870(state)
        data.protection = list(data.pending_sales)
        data.pending_sales = []
        data.protected_by = -1
        self.next_offer(state, ctx)

    def next_offer(self, state: GameState, ctx: ActionContext) -> None:
        """Drop the prices of the queued sales nobody can protect, up to the first one its
        president may protect (who then decides); with none left, the turn ends (the next
        player's stock turn, or the operating company's turn end)."""
        data = state_1870(state)
        while data.protection and not self.can_protect(state, data.protection[0]):
            sym, _seller, count, _price, _president = data.protection.pop(0)
            self.drop(state, sym, count, ctx)
        if data.protection:
            return
        if state.round == RoundKind.STOCK:
            after = data.protected_by if data.protected_by >= 0 else state.stock.turn
            self.game.rounds[RoundKind.STOCK].next_turn(state, after)  # type: ignore[attr-defined]
        else:
            self.game.rounds[RoundKind.OPERATING].end_turn(state, ctx)  # type: ignore[attr-defined]


class BuySellParShares1870(BuySellParSharesRedemption):
    """The framework's stock turn with §6.5 redemption and §6.6 reissue (the framework's,
    :mod:`~transcon.eighteen.framework.steps.redemption`), company actions its president
    takes at the start of a turn (each ends that turn), and §9.9 private deals."""

    game: Title1870
    actions: ClassVar[tuple[type[Action], ...]] = (
        *BuySellParSharesRedemption.actions,
        BuyPrivate,
    )

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        if isinstance(action, BuyPrivate):
            if self.must_sell(state, action.player):
                super().process(state, action, ctx)  # (refused: sell first)
            self.buy_private(state, action, ctx)
        else:
            super().process(state, action, ctx)

    def private_deals(self, state: GameState, player: str) -> list[str]:
        """§9.9 the privates ``player`` may buy from another player now: in phases 2-3 (when
        companies may buy them), once per turn as the turn's purchase, with cash to pay
        (18xx.games ``purchasable_companies``: any private another player owns, but the
        SLSF certificate)."""
        g = self.game
        if not g.phase(state).company_buy or state.stock.bought:
            return []
        if state.player(player).cash <= 0:
            return []
        return [
            sym
            for sym, private in state.privates.items()
            if not private.closed
            and private.owner
            and not private.owner.startswith("@")
            and private.owner != player
            and g.spec(state).private(sym).buyable
        ]

    def buy_private(self, state: GameState, action: BuyPrivate, ctx: ActionContext | None) -> None:
        """§9.9 a deal between players: the buyer pays the owner the agreed price (the engine
        takes the buyer's action as the deal, as 18xx.games does: no acceptance step)."""
        g = self.game
        sym, player = action.private, action.player
        if sym not in self.private_deals(state, player):
            raise IllegalAction(RULE_DEALS, f"{player} may not buy {sym} now")
        if g.spec(state).private(sym).share_of:
            raise IllegalAction(RULE_DEALS, f"{sym} comes with a share: it is not traded")
        if not 1 <= action.price <= state.player(player).cash:
            raise IllegalAction(RULE_DEALS, f"the price must be 1-{state.player(player).cash}")
        if ctx is None:
            return
        private = state.privates[sym]
        seller = private.owner
        g.pay(state, player, seller, action.price)
        private.owner = player
        ctx.emit(f"{player} buys {sym} from {seller} for {action.price}")
        # the turn's purchase; brown-zone market shares may still follow (18xx.games
        # ``can_buy_multiple?`` looks only at pars and share buys)
        self.acted(state, player, bought=True)
        state_1870(state).bought_private = True

    def sale_in_order(self, state: GameState) -> bool:
        """With ``sale_order_by_kinds`` (18xx.games ``can_sell_order?``): no sale after a
        purchase when the turn holds exactly two kinds of action among private deals,
        share purchases and sales (the same as Dixon's order unless a deal was made)."""
        if not Options1870.view(state.options).sale_order_by_kinds:
            return super().sale_in_order(state)
        st = state.stock
        deal = state_1870(state).bought_private
        kinds = deal + bool(st.bought_corps) + bool(st.sold_corps)
        return not (kinds == 2 and st.last_bought)

    def can_act(self, state: GameState, player: str) -> bool:
        """18xx.games does not skip a player who could buy a private from another player."""
        return super().can_act(state, player) or bool(self.private_deals(state, player))

    def choices(self, state: GameState, player: str) -> list[Action]:
        out = super().choices(state, player)
        cash = state.player(player).cash
        for sym in self.private_deals(state, player):
            spec = self.game.spec(state).private(sym)
            if not spec.share_of:
                prices = sorted({1, min(spec.value, cash)})
                out.extend(BuyPrivate(player=player, private=sym, price=p) for p in prices)
        return out

    def redemption_rules(self, state: GameState) -> RedemptionRules:
        """§6.5 and §6.6 as 18xx.games plays them; the reissue par capped at $200 with
        ``reissue_cap_200``."""
        cap = 200 if Options1870.view(state.options).reissue_cap_200 else None
        return RedemptionRules(RULE_REDEMPTION, RULE_REISSUE, reissue_cap=cap)


class StockRound1870(StockRound):
    """The stock round with price protection offered at the end of each turn."""

    game: Title1870

    def start(self, state: GameState, ctx: ActionContext) -> None:
        data = state_1870(state)
        start_stock_round(state)
        # the framework starts each stock round with a new StockState, which held these
        data.protection, data.pending_sales, data.protected_by = [], [], -1
        data.bought_private = False
        super().start(state, ctx)

    def next_turn(self, state: GameState, after: int) -> None:
        state_1870(state).bought_private = False
        super().next_turn(state, after)

    def end_turn(self, state: GameState, ctx: ActionContext) -> None:
        protection = self.step_of(PriceProtection)
        assert isinstance(protection, PriceProtection)
        protection.offer(state, ctx)


class OperatingRound1870(OperatingRound):
    """The operating round with 1870's business at the ends of turns, as 18xx.games orders
    it: when a company's turn ends, §6.4 price protection of its president's forced sales
    (its ``PriceProtection`` step after the train and company purchases), then the §8.2
    destination check and the connection runs it starts
    (:mod:`~transcon.titles.t1870.game.destinations`); the destinations are also checked
    when each operating round starts."""

    game: Title1870

    def start_set(self, state: GameState, ctx: ActionContext) -> None:
        data = state_1870(state)  # a set starts with no connection run (the framework's
        data.connection_step = data.connection_revenue = 0  # OperatingState is new too)
        super().start_set(state, ctx)

    def start(self, state: GameState, ctx: ActionContext) -> None:
        op = state.operating
        super().start(state, ctx)
        if state.round == RoundKind.OPERATING and state.operating is op and op.index == 0:
            check_destinations(self.game, state)  # §8.1: a connection made outside an OR

    def begin_turn(self, state: GameState, ctx: ActionContext) -> None:
        state_1870(state).turn_ended = False
        super().begin_turn(state, ctx)

    def end_turn(self, state: GameState, ctx: ActionContext) -> None:
        if state_1870(state).pending_sales:
            protection = self.step_of(PriceProtection)
            assert isinstance(protection, PriceProtection)
            protection.offer(state, ctx)  # calls end_turn again once every sale is decided
            return
        data = state_1870(state)
        op = state.operating
        if not data.turn_ended and not state.corps[op.order[op.index]].closed:
            data.turn_ended = True
            if check_destinations(self.game, state):
                return  # the last connection run calls end_turn again
        data.turn_ended = False
        super().end_turn(state, ctx)


class DemandBestRun(Step):
    """§8.3: after the operating company's run and before its dividend, a shareholder other
    than the president may point out a higher-paying run, which the president must then
    run (the engine finds it; option ``best_run_on_demand``). Only when a higher-paying run
    exists may anyone demand it."""

    game: Title1870
    actions: ClassVar[tuple[type[Action], ...]] = (Demand,)
    rule = RULE_BEST_RUN

    def actors(self, state: GameState) -> list[str]:
        return self.demanders(state)

    def demanders(self, state: GameState) -> list[str]:
        """Shareholders who may demand now: those :meth:`asking` lists, when the company's
        best run pays more than its run (the route optimiser's answer, kept per position)."""
        askers = self.asking(state)
        if not askers or not self.better_run_exists(state, self.game.current_corp(state)):
            return []
        return askers

    def asking(self, state: GameState) -> list[str]:
        """Shareholders other than the president, after the company's run (not a
        connection run) and before its dividend."""
        op = state.operating
        if op.step != TurnStage.DIVIDEND or op.revenue is None or state_1870(state).connection:
            return []
        return self.shareholders(state, self.game.current_corp(state))

    def shareholders(self, state: GameState, sym: str) -> list[str]:
        if not Options1870.view(state.options).best_run_on_demand:
            return []
        corp = state.corps[sym]
        return [p for p in state.names() if p != corp.president and corp.holders.get(p, 0)]

    def better_run_exists(self, state: GameState, sym: str) -> bool:
        """Whether ``sym``'s best run pays more than the run it made (0 before any run)."""
        revenue, _routes = self.game.best_run_text(state, sym)
        return revenue > (state.operating.revenue or 0)

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        op = state.operating
        sym = self.game.current_corp(state)
        if action.player not in self.asking(state):
            raise IllegalAction(
                RULE_BEST_RUN,
                f"{action.player} may not demand a better run now (only a shareholder other "
                f"than the president, after {sym}'s run and before its dividend)",
            )
        revenue, routes = self.game.best_run_text(state, sym)
        assert op.revenue is not None
        if revenue <= op.revenue:
            raise IllegalAction(RULE_BEST_RUN, f"{sym}'s run of {op.revenue} is already the best")
        if ctx is None:
            return
        ctx.emit(
            f"{action.player} demands the best run: {sym} runs {revenue} instead of "
            f"{op.revenue} ({routes})",
            revenue=revenue,
            was=op.revenue,
        )
        op.revenue = revenue

    def choices(self, state: GameState, player: str) -> list[Action]:
        return [Demand(player=player)] if player in self.demanders(state) else []
