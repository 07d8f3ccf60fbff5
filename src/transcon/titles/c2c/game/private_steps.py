"""The operating round's steps for the D privates' powers (rules: docs/rules/18c2c.md "The
game"): a Prospectors' P city (D variant 4a), Engineer markers (4b), the private
purchase with the phase-2 Prospectors' discount at once (3b, 4a), the Central Pacific's
labor tokens (3d). The powers' rules are in
:mod:`transcon.titles.c2c.game.private_powers`."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import Assign, BuyPrivate
from transcon.eighteen.framework.base import BANK, corp_key
from transcon.eighteen.framework.notation import need
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.operating import CompanyStep
from transcon.eighteen.framework.steps.purchases import BuyCompany, UsePrivate
from transcon.titles.c2c.engineers import MARKER_PRICE, RULE_ENGINEERS
from transcon.titles.c2c.game import base_powers, track
from transcon.titles.c2c.game import private_powers as powers
from transcon.titles.c2c.game.actions import BuyMarker, Prospect
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.privates import CENTRAL_PACIFIC
from transcon.titles.c2c.prospectors import RULE_PROSPECTORS

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C


class BuyCompanyC2C(BuyCompany):
    """The framework's private purchase; a Prospectors bought in phase 2 must give its
    discount at once (D variant 3b, 4a), so it is bought during the buyer's track step."""

    game: TitleC2C

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, BuyPrivate)
        powers.check_phase_two_purchase(self.game, state, action.private)
        super().company_action(state, sym, action, ctx)


class DesignatePCity(CompanyStep):
    """D variant 4a: the operating corporation's Prospectors designates a normal or L city of
    its zone as a P city, at any point of its turn (no connection needed); permanent."""

    actions: ClassVar[tuple[type[Action], ...]] = (Prospect,)
    rule = RULE_PROSPECTORS
    game: TitleC2C

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, Prospect)
        powers.check_designation(self.game, state, sym, action.private, action.hex)
        if ctx is None:
            return
        c2c_data(state).p_cities[action.hex] = action.private
        ctx.emit(
            f"{sym} uses {action.private} to make {action.hex} a P city", private=action.private
        )

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        return [
            Prospect(player=player, private=p, hex=h)
            for p, h in powers.designation_candidates(self.game, state, sym)
        ]


class EngineerMarkers(CompanyStep):
    """D variant 4b: the operating corporation buys an Engineer marker for exactly $50 (from
    the corporation owning the Army Corps, from the bank after a 4-train while a player holds
    it, or resold by another corporation: then not usable this operating round)."""

    actions: ClassVar[tuple[type[Action], ...]] = (BuyMarker,)
    rule = RULE_ENGINEERS
    game: TitleC2C

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, BuyMarker)
        powers.check_marker(state, sym, action.seller)
        if ctx is None:
            return
        payee = powers.buy_marker_now(state, sym, action.seller)
        to = BANK if payee == BANK else corp_key(payee)
        self.game.pay(state, corp_key(sym), to, MARKER_PRICE)
        ctx.emit(f"{sym} buys an Engineer marker from {payee} for {MARKER_PRICE}", corp=sym)

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        return [BuyMarker(player=player, seller=s) for s in powers.marker_sellers(state, sym)]


class UsePrivateC2C(UsePrivate):
    """The framework's private power step; it offers the Central Pacific's labor tokens on
    the Plains and West hexes next to the corporation's network (D variant 3d) and the base
    privates' bonus tokens on their cities there."""

    game: TitleC2C

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        g = self.game
        bonus: list[Action] = [
            Assign(player=player, private=p, hex=h)
            for p, h in base_powers.bonus_candidates(g, state, sym)
        ]
        if not base_powers.owns(state, sym, CENTRAL_PACIFIC) or c2c_data(state).turn_labor:
            return bonus
        phase = g.phase(state).name
        return bonus + [
            Assign(player=player, private=CENTRAL_PACIFIC, hex=h)
            for h in track.candidate_hexes(state, g.setup, phase, sym)
            if track.hex_zone(g.setup, h) in base_powers.LABOR_ZONES
        ]


def parse_power(verb: str, args: list[str], state: GameState, player: str) -> Action | None:
    """``prospect PRIVATE HEX`` and ``marker SELLER`` (None: another verb)."""
    if verb == "prospect":
        need(args, 2, "prospect PRIVATE HEX")
        return Prospect(player=player, private=args[0].upper(), hex=args[1].upper())
    if verb == "marker":
        need(args, 1, "marker SELLER")
        by_upper = {s.upper(): s for s in state.corps}
        seller = "bank" if args[0].lower() == "bank" else by_upper.get(args[0].upper(), args[0])
        return BuyMarker(player=player, seller=seller)
    return None


def format_power(action: Action) -> str | None:
    if isinstance(action, Prospect):
        return f"prospect {action.private} {action.hex}"
    if isinstance(action, BuyMarker):
        return f"marker {action.seller}"
    return None
