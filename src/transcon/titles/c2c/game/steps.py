"""18C2C's own steps: the starting packet's eliminations and its two columns, the token
purchase at float, and the operating round's turn bookkeeping (tile points, the phase an OR
began in). Rules: docs/rules/18c2c.md "The game".
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import PlaceToken
from transcon.eighteen.framework.base import BANK, corp_key
from transcon.eighteen.framework.rounds import Step, TurnStage
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.auction import WaterfallAuction
from transcon.eighteen.framework.steps.operating import (
    RULE_TOKEN,
    CompanyStep,
    OperatingRound,
    Token,
)
from transcon.titles.c2c.game.actions import (
    BuyTokens,
    DestinationRun,
    Eliminate,
    PlaceBull,
    Transcontinental,
)
from transcon.titles.c2c.game.destination import check_named_destination
from transcon.titles.c2c.game.spec import column_of
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.options import C2COptions
from transcon.titles.c2c.privates import (
    RULE_PACKET,
    Packet,
    eliminable,
    eliminate,
    first_bidder,
    option_holder,
    packet_after_eliminations,
    starting_packet,
)
from transcon.titles.c2c.tokens import (
    allowed_tokens,
    can_make_destination_run,
    float_charter,
    float_cost,
    place_bull,
    place_destination_token,
    place_token,
    return_tokens,
)

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C

RULE_TOKENS = "D variant 3e: token purchase"
RULE_BULL = "D variant 3f: bull token"
RULE_TRANSCONTINENTAL = "D variant 3k: transcontinental bonus"
RULE_DESTINATION = "D variant 3j: destination run"


class EliminatePrivates(Step):
    """D variant 3a: from the priority player, the first options of the starting packet each
    remove one private from play (never the Mississippi River Bridge, Central Pacific or
    Colorado Engineers: ``titles/c2c/privates.py``); the auction then starts with the holder
    of the next option."""

    actions: ClassVar[tuple[type[Action], ...]] = (Eliminate,)
    rule = RULE_PACKET
    game: TitleC2C

    def active(self, state: GameState) -> bool:
        return len(c2c_data(state).eliminated) < self.game.eliminations(state)

    def blocking(self, state: GameState) -> bool:
        return True

    def actors(self, state: GameState) -> list[str]:
        n, done = len(state.players), len(c2c_data(state).eliminated)
        return [state.players[option_holder(state.priority, n, done + 1)].name]

    def refusal(self, state: GameState, action: Action) -> IllegalAction:
        return IllegalAction(RULE_PACKET, "the first options eliminate privates, no bids yet")

    def packet(self, state: GameState) -> Packet:
        """The packet now, the eliminated privates gone."""
        start = starting_packet(self.game.options_of(state), self.game.setup == "super-short")
        return packet_after_eliminations(start, c2c_data(state).eliminated)

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        assert isinstance(action, Eliminate)
        if action.player not in self.actors(state):
            raise IllegalAction(RULE_PACKET, f"it is not {action.player}'s option")
        eliminate(self.packet(state), action.private)
        if ctx is None:
            return
        data = c2c_data(state)
        data.eliminated.append(action.private)
        state.privates[action.private].closed = True
        name = self.game.spec(state).private(action.private).name
        ctx.emit(f"{action.player} eliminates {action.private} ({name})", private=action.private)
        if not self.active(state):
            n = len(state.players)
            state.auction.turn = first_bidder(state.priority, n, len(data.eliminated))

    def choices(self, state: GameState, player: str) -> list[Action]:
        return [Eliminate(player=player, private=p) for p in eliminable(self.packet(state))]


class PacketAuction(WaterfallAuction):
    """The framework's waterfall over 18C2C's packet: eliminated privates are gone (the
    columns close up, D variant 3a) and, with ``packet_tops``, the top private of each
    column is bought at its price (assumed base rule)."""

    game: TitleC2C

    def unsold_privates(self, state: GameState) -> list[str]:
        return [
            p.sym
            for p in self.game.spec(state).privates
            if not state.privates[p.sym].owner and not state.privates[p.sym].closed
        ]

    def at_price(self, state: GameState) -> list[str]:
        unsold = self.unsold_privates(state)
        opts = self.game.options_of(state)
        if not opts.packet_tops:
            return unsold[:1]
        columns = column_of(opts, self.game.setup)
        tops: dict[int, str] = {}
        for sym in unsold:
            tops.setdefault(columns[sym], sym)
        return [s for s in unsold if s in tops.values()]


class TokenPurchase(Step):
    """D variant 3e: when the sixth share floats a corporation, its president chooses which
    of the tokens Table A allows it buys with its new treasury; one bought token is reserved
    for the destination run (no token bought: no destination run). D variant 3f: par $100 and
    all four bought gives a free bull token."""

    actions: ClassVar[tuple[type[Action], ...]] = (BuyTokens,)
    rule = RULE_TOKENS
    skips_idle_players = True
    game: TitleC2C

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
        opts = self.game.options_of(state)
        charter = float_charter(corp.par, action.costs, opts)
        cost = float_cost(action.costs)
        if cost > corp.cash:
            raise IllegalAction(RULE_TOKENS, f"{sym} cannot pay {cost}")
        if ctx is None:
            return
        data = c2c_data(state)
        data.token_choice = ""
        data.charters[sym] = charter
        self.game.pay(state, corp_key(sym), BANK, cost)
        ctx.emit(
            f"{sym} buys tokens {sorted(action.costs) or 'none'} for {cost}"
            + (" and gets a bull token" if charter.bulls else ""),
            corp=sym,
        )

    def choices(self, state: GameState, player: str) -> list[Action]:
        sym = c2c_data(state).token_choice
        allowed = allowed_tokens(state.corps[sym].par, self.game.options_of(state))
        return [
            BuyTokens(player=player, corp=sym, costs=combo)
            for k in range(len(allowed) + 1)
            for combo in combinations(allowed, k)
        ]


class OperatingRoundC2C(OperatingRound):
    """The framework's operating round; each turn starts with no tile points used, and the
    round remembers the phase it began in (D variant 3b)."""

    def start(self, state: GameState, ctx: ActionContext) -> None:
        data = c2c_data(state)
        data.or_phase = self.game.phase(state).name
        data.or_moves = {}
        data.engineer_resold = []  # D variant 4b: markers resold last round are usable now
        super().start(state, ctx)

    def begin_turn(self, state: GameState, ctx: ActionContext) -> None:
        c2c_data(state).turn_lays = []
        c2c_data(state).turn_tokens = 0
        c2c_data(state).turn_discount = {}  # D variant 4a: a discount lasts one turn
        c2c_data(state).turn_labor = 0
        super().begin_turn(state, ctx)


class TokenC2C(Token):
    """Base rules 4.7.2 with D variant 3e and 3g: every token was paid for at float, so
    placing one is free and takes it off the charter; a public corporation places one per
    turn, a merger corporation, Amtrak or Conrail up to two per operating round."""

    game: TitleC2C

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, PlaceToken)
        g = self.game
        corp = state.corps[sym]
        if action.hex in corp.tokens:
            raise IllegalAction(RULE_TOKEN, f"{sym} already has a token in {action.hex}")
        g.hook_check_token(state, sym, action)
        if ctx is None:
            return
        data = c2c_data(state)
        data.charters[sym] = place_token(data.charter(sym))
        g.token_placed(state, sym, action.hex)
        ctx.emit(f"{sym} places a token on {action.hex} (0)")

    def closed(self, state: GameState, sym: str) -> IllegalAction | None:
        problem = self.game.token_turn_problem(state, sym, RULE_TOKEN)
        if problem is None and self.game.token_cost(state, sym) is None:
            return IllegalAction(RULE_TOKEN, f"{sym} has no token left")
        return problem


class BullToken(CompanyStep):
    """D variant 3f: the operating corporation places a bull token (a token of the turn): in
    a free token space or in a city whose spaces are all taken (beside it, using no space;
    one bull per corporation, inherited ones included); a public corporation's tokens left on
    its charter are then forfeit, the destination token included."""

    actions: ClassVar[tuple[type[Action], ...]] = (PlaceBull,)
    rule = RULE_BULL
    game: TitleC2C

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        assert isinstance(action, PlaceBull)
        g = self.game
        data = c2c_data(state)
        corp = state.corps[sym]
        charter = data.charter(sym)
        if charter.bulls < 1:
            raise IllegalAction(RULE_BULL, f"{sym} has no bull token to place")
        problem = g.token_turn_problem(state, sym, RULE_BULL)
        if problem is not None:
            raise problem
        if action.hex in corp.tokens:
            raise IllegalAction(RULE_BULL, f"{sym} already has a token in {action.hex}")
        g.check_bull(state, sym, action.hex)
        full = g.free_spaces(state, sym, action.hex) <= 0
        placed = place_bull(charter, full, g.options_of(state))
        if ctx is None:
            return
        data.charters[sym] = placed
        if full:
            data.beside.setdefault(sym, []).append(action.hex)
        g.token_placed(state, sym, action.hex)
        forfeit = "; its charter tokens are forfeit" if charter.kind == "public" else ""
        ctx.emit(f"{sym} places its bull token on {action.hex}{forfeit}")

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        if c2c_data(state).charter(sym).bulls < 1:
            return []
        return [PlaceBull(player=player, hex=h) for h in self.game.token_hexes(state, sym)]


class TranscontinentalBonus(CompanyStep):
    """D variant 3k: at any point of its turn the operating corporation may take its
    transcontinental bonus by proving a coast-to-coast route of one of its trains (D trains
    may unfold); the price moves right (3m: at most one column with a full dividend)."""

    actions: ClassVar[tuple[type[Action], ...]] = (Transcontinental,)
    rule = RULE_TRANSCONTINENTAL
    game: TitleC2C

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        g = self.game
        data = c2c_data(state)
        if sym in data.transcontinental:
            raise IllegalAction(RULE_TRANSCONTINENTAL, f"{sym} already took its bonus")
        if not state.corps[sym].trains:
            raise IllegalAction(RULE_TRANSCONTINENTAL, f"{sym} has no train")
        proof = g.transcontinental_proof(state, sym)
        if not proof:
            raise IllegalAction(
                RULE_TRANSCONTINENTAL, f"no train of {sym} can run from coast to coast"
            )
        if ctx is None:
            return
        bonus = C2COptions.view(state.options).transcontinental_bonus
        data.transcontinental.append(sym)
        g.pay(state, BANK, corp_key(sym), bonus)
        ctx.emit(f"{sym} proves a transcontinental route ({proof}) and takes {bonus}", corp=sym)
        g.price_moves(state, sym, ctx, transcontinental=1)

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        data = c2c_data(state)
        if sym in data.transcontinental or not state.corps[sym].trains:
            return []
        return [Transcontinental(player=player)]


class DestinationRunStep(CompanyStep):
    """D variant 3e, 3j: a corporation with a token reserved for its destination makes its
    destination run once, as its run of a turn (assumed base rule 4.7.8: instead of the
    ordinary run; it then pays out or withholds as usual). ``destination`` alone: the engine
    finds the best run in which one route joins home and destination, a D train unfolded
    only when no folded train can make it; with routes: the player's run, checked
    (``game/destination.py``). The reserved token is placed in the destination city."""

    actions: ClassVar[tuple[type[Action], ...]] = (DestinationRun,)
    rule = RULE_DESTINATION
    game: TitleC2C

    def company_action(
        self, state: GameState, sym: str, action: Action, ctx: ActionContext | None
    ) -> None:
        g = self.game
        op = state.operating
        data = c2c_data(state)
        corp = state.corps[sym]
        charter = data.charter(sym)
        if not can_make_destination_run(charter):
            raise IllegalAction(RULE_DESTINATION, f"{sym} has no destination token reserved")
        if not corp.trains:
            raise IllegalAction(RULE_DESTINATION, f"{sym} has no train")
        if op.revenue is not None or op.step > TurnStage.RUN:
            raise IllegalAction(RULE_DESTINATION, f"{sym} has already run this turn")
        assert isinstance(action, DestinationRun)
        if action.routes:  # the player's run (D variant 3j)
            revenue: int | None = check_named_destination(g, state, sym, action)
        else:
            revenue = g.destination_revenue(state, sym)
        if revenue is None:
            raise IllegalAction(
                RULE_DESTINATION, f"no train of {sym} can run from its home to its destination"
            )
        if ctx is None:
            return
        destination = g.home_and_destination(state, sym)[1]
        charter = place_destination_token(charter)
        if destination in corp.tokens:
            charter = return_tokens(charter, 1)  # already there: the token stays on the charter
        else:
            corp.tokens.append(destination)
            corp.tokens_used += 1
        data.charters[sym] = charter
        g.price_moves(state, sym, ctx, destination=1)
        op.revenue = revenue
        ctx.emit(f"{sym} makes its destination run for {revenue}", revenue=revenue)
        op.step = TurnStage.DIVIDEND

    def company_choices(self, state: GameState, sym: str, player: str) -> list[Action]:
        charter = c2c_data(state).charter(sym)
        if not can_make_destination_run(charter) or not state.corps[sym].trains:
            return []
        return [DestinationRun(player=player)]
