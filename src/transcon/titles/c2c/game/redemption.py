"""Base rules 4.4 corporation share redemption and 4.5 corporation share reissue, as the
option ``share_redemption`` plays them: ``off`` (default) without them, ``1870`` with the
18xx framework's redemption and reissue as 1870 §6.5, §6.6 (the 1870 title's reading; our
sources give only that 18C2C has these rules). Rules: docs/rules/18c2c.md "Share redemption
and reissue".

What 1870 does not settle, read the simplest consistent way (assumed):

- 18C2C is fully capitalised like 1870, so reissue puts redeemed treasury shares on sale
  (once no initial-offering share is left) and the buyer pays the corporation;
- merger corporations redeem and reissue like public corporations; Amtrak and Conrail do not;
- a merger or a government take-over retires the old corporation's treasury shares with it
  (only players' and market shares are exchanged; the merger corporation's treasury starts
  empty).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.state import CorpState, GameState
from transcon.eighteen.framework.steps.redemption import (
    BuySellParSharesRedemption,
    Redeem,
    RedemptionRules,
    start_stock_round,
)
from transcon.eighteen.framework.steps.stock import StockRound
from transcon.titles.c2c.game.government import is_government
from transcon.titles.c2c.options import C2COptions

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C

RULE_REDEMPTION = "18C2C rules 4.4 corporation share redemption (as 1870 §6.5)"
RULE_REISSUE = "18C2C rules 4.5 corporation share reissue (as 1870 §6.6)"
NOT_PLAYED = (
    "not played in this game: our sources do not give the rule; the option "
    "share_redemption=1870 plays 1870's §6.5 and §6.6 by analogy"
)
REISSUE_CAP = 200
"""The 1870 title's default (``reissue_cap_200``, Dixon's rules)."""


def redemption_rules(state: GameState) -> RedemptionRules:
    """How the game plays 4.4 and 4.5 (option ``share_redemption``)."""
    played = C2COptions.view(state.options).share_redemption == "1870"
    return RedemptionRules(
        RULE_REDEMPTION,
        RULE_REISSUE,
        played=played,
        not_played=NOT_PLAYED,
        reissue_cap=REISSUE_CAP,
    )


class BuySellParSharesC2C(BuySellParSharesRedemption):
    """The stock turn with redemption and reissue when the option plays them."""

    game: TitleC2C

    def redemption_rules(self, state: GameState) -> RedemptionRules:
        return redemption_rules(state)

    def corp_choices(
        self, state: GameState, player: str, sym: str, corp: CorpState
    ) -> list[Action]:
        """The framework's candidates; with no market share left, also a redemption from
        each player holding the corporation's shares (so bots, whose corporations' shares
        are seldom in the market, can redeem too; the check keeps the legal ones)."""
        out = super().corp_choices(state, player, sym, corp)
        if any(isinstance(a, Redeem) for a in out) and not corp.pool:
            out.extend(Redeem(player=player, corp=sym, source=p) for p in sorted(corp.holders))
        return out

    def may_redeem(self, state: GameState, sym: str, rules: RedemptionRules) -> bool:
        """As 1870 §6.5, but never Amtrak or Conrail (assumed: see the module docstring)."""
        return not is_government(state, sym) and super().may_redeem(state, sym, rules)

    def reissue_par(self, state: GameState, sym: str, rules: RedemptionRules) -> int | None:
        if is_government(state, sym):
            return None
        return super().reissue_par(state, sym, rules)


class StockRoundC2C(StockRound):
    """The stock round; with redemption played it notes every corporation's cash at its
    start (§6.5 pays redemptions from it). Off, the state stays as without the option."""

    def start(self, state: GameState, ctx: ActionContext) -> None:
        if redemption_rules(state).played:
            start_stock_round(state)
        super().start(state, ctx)
