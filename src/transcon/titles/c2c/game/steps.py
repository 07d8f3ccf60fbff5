"""18C2C's own steps: the starting packet's eliminations and its two columns, the token
purchase at float, and the operating round's turn bookkeeping (tile points, the phase an OR
began in). Rules: docs/rules/18c2c.md "The game".
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.base import BANK, corp_key
from transcon.eighteen.framework.rounds import Step
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.auction import WaterfallAuction
from transcon.eighteen.framework.steps.operating import OperatingRound
from transcon.titles.c2c.game.actions import BuyTokens, Eliminate
from transcon.titles.c2c.game.standin import TABLE_A, PrivateCard, packet
from transcon.titles.c2c.game.state import c2c_data

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C

RULE_ELIMINATE = "seed 001 3a starting packet"
RULE_TOKENS = "seed 001 3e token purchase"
BULL_PAR = 100
"""Seed 001 3f: a corporation parred at $100 that buys all four extra tokens gets a bull."""


class EliminatePrivates(Step):
    """Seed 001 3a: from the priority player, the first options of the starting packet each
    remove one private from play (never the Mississippi River Bridge, Central Pacific or
    Colorado Engineers); the auction then starts with the next player."""

    actions: ClassVar[tuple[type[Action], ...]] = (Eliminate,)
    rule = RULE_ELIMINATE
    game: TitleC2C

    def active(self, state: GameState) -> bool:
        return len(c2c_data(state).eliminated) < self.game.eliminations(state)

    def blocking(self, state: GameState) -> bool:
        return True

    def actors(self, state: GameState) -> list[str]:
        n = len(state.players)
        return [state.players[(state.priority + len(c2c_data(state).eliminated)) % n].name]

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        return IllegalAction(RULE_ELIMINATE, "the first options eliminate privates, no bids yet")

    def cards(self, state: GameState) -> dict[str, PrivateCard]:
        return {p.sym: p for p in packet(self.game.setup)}

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        assert isinstance(action, Eliminate)
        if action.player not in self.actors(state):
            raise IllegalAction(RULE_ELIMINATE, f"it is not {action.player}'s option")
        card = self.cards(state).get(action.private)
        if card is None or state.privates[card.sym].closed:
            raise IllegalAction(RULE_ELIMINATE, f"{action.private} is not in the packet")
        if not card.eliminable:
            raise IllegalAction(RULE_ELIMINATE, f"{card.name} cannot be eliminated")
        if ctx is None:
            return
        data = c2c_data(state)
        data.eliminated.append(card.sym)
        state.privates[card.sym].closed = True
        ctx.emit(f"{action.player} eliminates {card.sym} ({card.name})", private=card.sym)
        if not self.active(state):
            n = len(state.players)
            state.auction.turn = (state.priority + len(data.eliminated)) % n

    def choices(self, state: GameState, player: str) -> list[Action]:
        return [
            Eliminate(player=player, private=p.sym)
            for p in self.cards(state).values()
            if p.eliminable and not state.privates[p.sym].closed
        ]


class PacketAuction(WaterfallAuction):
    """The framework's waterfall over 18C2C's packet: eliminated privates are gone (the
    columns close up, seed 001 3a) and, with ``packet_tops``, the top private of each column
    is bought at its price (assumed base rule)."""

    game: TitleC2C

    def unsold_privates(self, state: GameState) -> list[str]:
        return [
            p.sym
            for p in self.game.spec(state).privates
            if not state.privates[p.sym].owner and not state.privates[p.sym].closed
        ]

    def at_price(self, state: GameState) -> list[str]:
        unsold = self.unsold_privates(state)
        if not self.game.options_of(state).packet_tops:
            return unsold[:1]
        columns = {p.sym: p.column for p in packet(self.game.setup)}
        tops: dict[str, str] = {}
        for sym in unsold:
            tops.setdefault(columns[sym], sym)
        return [s for s in unsold if s in tops.values()]


def allowed_tokens(par: int) -> tuple[int, ...]:
    """Table A: the extra tokens a corporation parred at ``par`` may buy."""
    return TABLE_A.get(par, ())


class TokenPurchase(Step):
    """Seed 001 3e: when the sixth share floats a corporation, its president chooses which
    of the tokens Table A allows it buys with its new treasury; one bought token is reserved
    for the destination run (no token bought: no destination run). Seed 001 3f: par $100 and
    all four bought gives a free bull token."""

    actions: ClassVar[tuple[type[Action], ...]] = (BuyTokens,)
    rule = RULE_TOKENS
    skips_idle_players = True

    def active(self, state: GameState) -> bool:
        return bool(c2c_data(state).token_choice)

    def blocking(self, state: GameState) -> bool:
        return True

    def actors(self, state: GameState) -> list[str]:
        return [state.corps[c2c_data(state).token_choice].president]

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        sym = c2c_data(state).token_choice
        return IllegalAction(RULE_TOKENS, f"{sym} buys its tokens first")

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        assert isinstance(action, BuyTokens)
        sym = c2c_data(state).token_choice
        corp = state.corps[sym]
        if action.corp != sym or action.player != corp.president:
            raise IllegalAction(RULE_TOKENS, f"the president of {sym} buys its tokens now")
        allowed = allowed_tokens(corp.par)
        costs = sorted(action.costs)
        if len(set(costs)) != len(costs) or any(c not in allowed for c in costs):
            raise IllegalAction(
                RULE_TOKENS, f"{sym} (par {corp.par}) may buy tokens of {list(allowed)} once each"
            )
        if sum(costs) > corp.cash:
            raise IllegalAction(RULE_TOKENS, f"{sym} cannot pay {sum(costs)}")
        if ctx is None:
            return
        data = c2c_data(state)
        data.token_choice = ""
        data.charters[sym] = [0, *costs]
        self.game.pay(state, corp_key(sym), BANK, sum(costs))
        if costs:
            data.reserved.append(sym)
        if corp.par == BULL_PAR and len(costs) == len(TABLE_A[BULL_PAR]):
            data.bulls.append(sym)
        ctx.emit(
            f"{sym} buys tokens {costs or 'none'} for {sum(costs)}"
            + (" and gets a bull token" if sym in data.bulls else ""),
            corp=sym,
        )

    def choices(self, state: GameState, player: str) -> list[Action]:
        sym = c2c_data(state).token_choice
        allowed = allowed_tokens(state.corps[sym].par)
        return [
            BuyTokens(player=player, corp=sym, costs=combo)
            for k in range(len(allowed) + 1)
            for combo in combinations(allowed, k)
        ]


class OperatingRoundC2C(OperatingRound):
    """The framework's operating round; each turn starts with no tile points used, and the
    round remembers the phase it began in (seed 001 3b)."""

    def start(self, state: GameState, ctx: ActionContext) -> None:
        c2c_data(state).or_phase = self.game.phase(state).name
        super().start(state, ctx)

    def begin_turn(self, state: GameState, ctx: ActionContext) -> None:
        c2c_data(state).points_used = 0
        super().begin_turn(state, ctx)
