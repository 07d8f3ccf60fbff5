"""Company share redemption and reissue (1870 §6.5, §6.6; 18C2C base rules 4.4, 4.5 as the
option ``share_redemption`` plays them), company actions a president takes at the start of a
stock turn, each ending that turn:

- ``redeem SYM pool|PLAYER``: once per stock round, a company that has operated buys back one
  of its shares at the current price with cash it held when the stock round began; it must
  take a market share while there is one, else a player's ordinary share (never from a
  president holding only the 20% certificate). Redeemed shares sit in the treasury: not for
  sale, their dividends go to the company, and they count as sold for the sold-out rise.
- ``reissue SYM``: with no initial-offering share left, the company puts every treasury share
  on sale at a new par (the top-row price nearest 3/4 of the current price, ties upward,
  never below the old par, capped as the title says); players buy them at par with
  ``buy SYM treasury``, the money going to the company. Shares redeemed after a reissue are
  not for sale until the next reissue.

A title adds :class:`BuySellParSharesRedemption` to its stock round, says how it plays the
rules (:meth:`~BuySellParSharesRedemption.redemption_rules`), keeps
:class:`RedemptionData` in its part of the state, calls :func:`start_stock_round` when a stock
round starts and answers ``hook_treasury_for_sale`` with :func:`treasury_for_sale`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.base import BANK, RULE_STOCK, corp_key
from transcon.eighteen.framework.market import StockMarket
from transcon.eighteen.framework.notation import need
from transcon.eighteen.framework.state import CorpState, GameState, TitleData
from transcon.eighteen.framework.steps.stock import BuySellParShares


class Redeem(Action):
    """A company buys back one of its shares (from the pool or from a named player)."""

    type: Literal["redeem"] = "redeem"
    corp: str
    source: str = "pool"


class Reissue(Action):
    """A company puts its redeemed shares back on sale at a new par."""

    type: Literal["reissue"] = "reissue"
    corp: str


REDEMPTION_ACTIONS: tuple[type[Action], ...] = (Redeem, Reissue)


@dataclass(slots=True)
class RedemptionData(TitleData):
    """What redemption and reissue keep in a title's part of the state (a title's
    :class:`TitleData` subclasses this)."""

    reissued: list[str] = field(default_factory=list)
    """Companies that reissued their treasury shares (§6.6): those shares are for sale."""
    treasury_held: dict[str, int] = field(default_factory=dict)
    """Company -> treasury units it redeemed since its last reissue: not for sale (§6.5)."""
    redeemed: list[str] = field(default_factory=list)
    """Companies that redeemed a share this stock round (§6.5: one per stock round)."""
    cash_at_sr_start: dict[str, int] = field(default_factory=dict)
    """Company -> its cash when the stock round began (§6.5 pays redemptions from it)."""


@dataclass(frozen=True, slots=True)
class RedemptionRules:
    """How a title plays redemption and reissue in a game: the rule names its errors give,
    and the limits (1870's by default)."""

    redemption: str
    """Rule name of redemption, in errors."""
    reissue: str
    """Rule name of reissue, in errors."""
    played: bool = True
    """False: the game plays without them; ``redeem`` and ``reissue`` are refused, naming
    :attr:`not_played`."""
    not_played: str = ""
    """Why they are refused when not played (e.g. the option that turns them on)."""
    treasury_limit: int = 4
    """A company redeems only while its initial offering and treasury hold fewer units."""
    reissue_cap: int | None = None
    """The highest reissue par (None: no cap)."""


def redemption_data(state: GameState) -> RedemptionData:
    """The redemption part of ``state``'s title data."""
    data = state.title_data
    assert isinstance(data, RedemptionData)
    return data


def start_stock_round(state: GameState) -> None:
    """A stock round begins: no company redeemed yet; note every company's cash (§6.5)."""
    data = redemption_data(state)
    data.redeemed = []
    data.cash_at_sr_start = {sym: corp.cash for sym, corp in state.corps.items()}


def treasury_for_sale(state: GameState, sym: str) -> int:
    """§6.6: units of ``sym``'s treasury for sale (those of its last reissue not bought
    yet; none before a reissue)."""
    data = redemption_data(state)
    if sym not in data.reissued:
        return 0
    return state.corps[sym].treasury - data.treasury_held.get(sym, 0)


def reissue_price(market: StockMarket, price: int, par: int, cap: int | None) -> int:
    """§6.6: the top-row price nearest 3/4 of ``price`` (ties upward), at least ``par``,
    at most ``cap``."""
    target = price * 3 / 4
    top = [c.price for c in market.rows[0] if c is not None]
    best = max(min(top, key=lambda p: (abs(p - target), -p)), par)
    return best if cap is None else min(best, cap)


def parse_redemption(verb: str, args: list[str], player: str) -> Action | None:
    """``redeem SYM [pool|PLAYER]`` and ``reissue SYM``; None for another verb."""
    if verb == "redeem":
        need(args, 1, "redeem CORP [pool|PLAYER]")
        source = args[1] if len(args) > 1 else "pool"
        return Redeem(player=player, corp=args[0].upper(), source=source)
    if verb == "reissue":
        need(args, 1, "reissue CORP")
        return Reissue(player=player, corp=args[0].upper())
    return None


def format_redemption(action: Action) -> str | None:
    """The notation of a redemption or reissue; None for another action."""
    if isinstance(action, Reissue):
        return f"reissue {action.corp}"
    if isinstance(action, Redeem):
        return f"redeem {action.corp} {action.source}"
    return None


class BuySellParSharesRedemption(BuySellParShares):
    """The framework's stock turn plus redemption and reissue (see the module docstring)."""

    actions: ClassVar[tuple[type[Action], ...]] = (*BuySellParShares.actions, *REDEMPTION_ACTIONS)

    def redemption_rules(self, state: GameState) -> RedemptionRules:
        """How this game plays redemption and reissue (the title's step says)."""
        raise NotImplementedError

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        if isinstance(action, Redeem | Reissue):
            rules = self.redemption_rules(state)
            if not rules.played:
                rule = rules.redemption if isinstance(action, Redeem) else rules.reissue
                raise IllegalAction(rule, rules.not_played)
            if isinstance(action, Redeem):
                self.redeem(state, action, rules, ctx)
            else:
                self.reissue(state, action, rules, ctx)
        else:
            super().process(state, action, ctx)

    def corp_choices(
        self, state: GameState, player: str, sym: str, corp: CorpState
    ) -> list[Action]:
        out = super().corp_choices(state, player, sym, corp)
        president = corp.cell is not None and corp.president == player
        if president and self.redemption_rules(state).played:
            out.append(Redeem(player=player, corp=sym, source="pool"))
            out.append(Reissue(player=player, corp=sym))
        return out

    def may_redeem(self, state: GameState, sym: str, rules: RedemptionRules) -> bool:
        """A company that has operated, with fewer than the limit's units in its initial
        offering and treasury (titles may narrow it)."""
        corp = state.corps[sym]
        return corp.operated and corp.ipo + corp.treasury < rules.treasury_limit

    def reissue_par(self, state: GameState, sym: str, rules: RedemptionRules) -> int | None:
        """§6.6 the new par (:func:`reissue_price`); None when nothing is to reissue."""
        g = self.game
        corp = state.corps[sym]
        if corp.ipo or not corp.treasury:
            return None
        return reissue_price(g.market(state), g.price(state, sym), corp.par, rules.reissue_cap)

    def check_president(self, state: GameState, player: str, sym: str) -> CorpState:
        corp = state.corps.get(sym)
        if corp is None or corp.president != player:
            raise IllegalAction(RULE_STOCK, f"{player} is not the president of {sym}")
        return corp

    def redeem(
        self, state: GameState, action: Redeem, rules: RedemptionRules, ctx: ActionContext | None
    ) -> None:
        g = self.game
        sym = action.corp
        corp = self.check_president(state, action.player, sym)
        data = redemption_data(state)
        rule = rules.redemption
        if state.stock.acted or not self.may_redeem(state, sym, rules) or sym in data.redeemed:
            raise IllegalAction(rule, f"{sym} may not redeem a share now")
        price = g.price(state, sym)
        if price > min(corp.cash, data.cash_at_sr_start.get(sym, 0)):
            raise IllegalAction(rule, f"{sym} cannot pay {price}")
        if corp.pool and action.source != "pool":
            raise IllegalAction(rule, "a market share must be redeemed first")
        if action.source != "pool":
            units = corp.holders.get(action.source, 0)
            if units < 1 or (action.source == corp.president and units < 3):
                raise IllegalAction(rule, f"{action.source} has no share to sell")
        elif not corp.pool:
            raise IllegalAction(rule, f"no {sym} share in the market")
        if ctx is None:
            return
        seller = BANK if action.source == "pool" else action.source
        g.pay(state, corp_key(sym), seller, price)
        if action.source == "pool":
            corp.pool -= 1
        else:
            corp.holders[action.source] -= 1
        corp.treasury += 1
        if sym in data.reissued:  # §6.5: shares redeemed after a reissue are not for sale
            data.treasury_held[sym] = data.treasury_held.get(sym, 0) + 1
        data.redeemed.append(sym)
        ctx.emit(f"{sym} redeems a share for {price}", corp=sym)
        self.acted(state, action.player)
        self.stock_round().next_turn(state, state.player_index(action.player))

    def reissue(
        self, state: GameState, action: Reissue, rules: RedemptionRules, ctx: ActionContext | None
    ) -> None:
        sym = action.corp
        corp = self.check_president(state, action.player, sym)
        par = self.reissue_par(state, sym, rules)
        for_sale = self.game.hook_treasury_for_sale(state, sym)
        if state.stock.acted or par is None or corp.ipo or not corp.treasury or for_sale:
            raise IllegalAction(rules.reissue, f"{sym} may not reissue now")
        if ctx is None:
            return
        data = redemption_data(state)
        if sym not in data.reissued:
            data.reissued.append(sym)
        data.treasury_held.pop(sym, None)  # (a reissue again puts every treasury share on sale)
        corp.par = par
        ctx.emit(f"{sym} reissues {corp.treasury * 10}% at {par}", corp=sym)
        self.acted(state, action.player)
        self.stock_round().next_turn(state, state.player_index(action.player))
