"""18C2C on the 18xx framework: the "D" train variant v2.00 on the full map (``18c2c-d``) and
the Super-short variant (``18c2c-super-short``), seed 001 on the base rules as
shared/rules/18c2c-base.md reconstructs them. Rules and what is assumed or not yet done:
docs/rules/18c2c.md ("The game").

The framework's rounds with 18C2C's steps (``steps.py``): the packet's eliminations before
the auction, the two-column packet, the token purchase at float, tile points per turn; the
hooks here add track (tile fit, points, first-tile costs, reach), tokens (prepaid, free to
place), mergers, Amtrak and Conrail, the private purchase windows and powers. Runs, dividends
and price moves are in ``title_runs.py``, notation and status in ``title_notation.py``, what
they share in ``title_base.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.options import OptionSpec
from transcon.core.title import Action, ActionContext
from transcon.eighteen.dtrains import DestinationRun as DestinationRunFound
from transcon.eighteen.framework.actions import Assign, LayTile, PlaceToken
from transcon.eighteen.framework.rounds import Round, TurnStage
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.auction import AuctionRound, PendingPar
from transcon.eighteen.framework.steps.operating import OperatingRound, Token
from transcon.eighteen.framework.steps.purchases import BuyCompany, UsePrivate
from transcon.eighteen.framework.steps.redemption import treasury_for_sale
from transcon.eighteen.framework.steps.stock import StockRound
from transcon.eighteen.framework.title import EighteenTitle
from transcon.eighteen.tiles import Color
from transcon.titles.c2c.bonuses import BONUS_HEXES
from transcon.titles.c2c.data import Setup
from transcon.titles.c2c.game import base_powers, government, track
from transcon.titles.c2c.game import private_powers as powers
from transcon.titles.c2c.game.actions import (
    ACTION_TYPES_C2C,
)
from transcon.titles.c2c.game.destination import (
    destination_found,
)
from transcon.titles.c2c.game.mergers import DeclareMerger
from transcon.titles.c2c.game.private_steps import (
    BuyCompanyC2C,
    DesignatePCity,
    EngineerMarkers,
    UsePrivateC2C,
)
from transcon.titles.c2c.game.redemption import BuySellParSharesC2C, StockRoundC2C
from transcon.titles.c2c.game.spec import GOVERNMENT_CHARTERS, merger_symbols
from transcon.titles.c2c.game.state import C2CData, c2c_data
from transcon.titles.c2c.game.steps import (
    BullToken,
    DestinationRunStep,
    EliminatePrivates,
    OperatingRoundC2C,
    PacketAuction,
    TokenC2C,
    TokenPurchase,
    TranscontinentalBonus,
)
from transcon.titles.c2c.game.title_notation import NotationC2C
from transcon.titles.c2c.game.title_runs import RunsC2C
from transcon.titles.c2c.options import OPTIONS
from transcon.titles.c2c.privates import (
    CENTRAL_PACIFIC,
    KEYSTONE_TUNNEL,
    PROSPECTORS,
    eliminations_for,
    purchase_price_range,
)
from transcon.titles.c2c.privates import MISSISSIPPI_RIVER_BRIDGE as BRIDGE
from transcon.titles.c2c.tilepoints import (
    Lay,
    check_turn,
    first_turn_bonus,
    lay_points,
    points_left,
    turn_budget,
)
from transcon.titles.c2c.tokens import (
    RULE_MERGER_TOKENS,
    gain_from_private,
    tokens_per_or,
    unbought_costs,
)

if TYPE_CHECKING:
    from transcon.core.bots import BotFactory

RULE_TRACK = "18C2C rules 4.7.1 track"
RULE_TOKEN = "18C2C rules 4.7.2 tokens"
RULE_RUN = "18C2C rules 4.7.3 runs"


class TitleC2C(RunsC2C, NotationC2C):
    """18C2C, "D" variant (see the module docstring); the Super-short title subclasses it."""

    name: ClassVar[str] = "18c2c-d"
    display_name: ClassVar[str] = '18C2C: Manifest Destiny, "D" train variant'
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    options: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES_C2C
    notation: ClassVar[str] = (
        EighteenTitle.notation.replace("[with MRBC]", "[with GPP]")
        + " | eliminate GRS | tokens B&O 40,60 | bull M74 | transcontinental"
        + " | destination [REVENUE [TRAIN:]STOP,STOP... ... [unfold TRAIN]]"
        + " | prospect GPP K44 | marker B&O|bank"
        + " | redeem B&O [pool|PLAYER] | reissue B&O"
    )
    setup: ClassVar[Setup] = "full"
    SELL_AFTER_OPERATING = False

    # -- rounds ------------------------------------------------------------------------------

    def auction_round(self) -> Round:
        return AuctionRound(self, [EliminatePrivates(self), PendingPar(self), PacketAuction(self)])

    def stock_round(self) -> StockRound:
        steps = [TokenPurchase(self), BuySellParSharesC2C(self), DeclareMerger(self)]
        return StockRoundC2C(self, steps)

    def operating_round(self) -> OperatingRound:
        framework = [
            TokenC2C(self)
            if type(step) is Token
            else BuyCompanyC2C(self)
            if isinstance(step, BuyCompany)
            else UsePrivateC2C(self)
            if isinstance(step, UsePrivate)
            else step
            for step in super().operating_round().steps
        ]
        steps = [
            *framework,
            DesignatePCity(self),
            EngineerMarkers(self),
            BullToken(self),
            TranscontinentalBonus(self),
            DestinationRunStep(self),
        ]
        return OperatingRoundC2C(self, steps)

    def new_title_data(self) -> C2CData:
        return C2CData()

    # -- data --------------------------------------------------------------------------------

    def eliminations(self, state: GameState) -> int:
        """D variant 3a: six options eliminate privates (Super-short: an option)."""
        return eliminations_for(self.options_of(state), self.super_short)

    def check_float(self, state: GameState, sym: str, ctx: ActionContext) -> None:
        """Seed 001 3e: the sixth share floats the corporation, which then buys its tokens."""
        floated = state.corps[sym].floated
        super().check_float(state, sym, ctx)
        if not state.corps[sym].floated or floated:
            return
        if not government.is_government(state, sym):  # its tokens came with the failures
            c2c_data(state).token_choice = sym

    def set_par(self, state: GameState, sym: str, price: int, ctx: ActionContext) -> None:
        """A player starts a government railroad (option ``government_shares`` ``offering``):
        from now on its train limit counts, so trains over it go to the pool at once, oldest
        first, as at a merger (assumed: D variant 3l, base rules 4.3.1 unseen)."""
        super().set_par(state, sym, price, ctx)
        if government.is_government(state, sym):
            self.discard_over_limit(state, sym, ctx)

    # -- track -------------------------------------------------------------------------------

    def turn_bonus(self, state: GameState, sym: str) -> int:
        """D variant 3d: +1 on the first turn of a corporation whose home is in the Plains
        or the West (not in Super-short; a merger corporation has operated already), and the
        Central Pacific tokens' points."""
        labor = base_powers.labor_bonus(self, state)
        if state.corps[sym].operated:
            return labor
        home = track.hex_zone(self.setup, self.spec(state).corp(sym).home)
        return first_turn_bonus(home, True, self.super_short) + labor

    def tile_points(self, state: GameState, sym: str, hexes: list[str]) -> int:
        """D variant 3c/3d: the tile points of a turn laying on ``hexes`` (Table B's normal
        build, or the exclusive West & Plains build when every hex lies there; Canada at the
        normal figure) plus the first-turn bonus."""
        zones = [track.hex_zone(self.setup, h) for h in hexes]
        bonus = self.turn_bonus(state, sym)
        phase = self.phase(state).name
        opts = self.options_of(state)
        merger = self.is_merger(state, sym)
        return turn_budget(phase, zones, opts, bonus, merger=merger, super_short=self.super_short)

    def turn_lays(self, state: GameState) -> list[Lay]:
        return [Lay(zone, colour) for zone, colour in c2c_data(state).turn_lays]

    def hook_lay(self, state: GameState, sym: str, action: LayTile) -> tuple[int, bool, bool]:
        setup = self.setup
        if action.private and action.private not in (*PROSPECTORS, KEYSTONE_TUNNEL, BRIDGE):
            raise IllegalAction(RULE_TRACK, f"{action.private} has no track power")
        base_powers.check_blocked(self, state, action.hex)
        tiles = track.map_of(setup)[0].tiles
        if action.tile not in tiles:
            raise IllegalAction(RULE_TRACK, f"no tile {action.tile} in 18C2C")
        tile = tiles[action.tile]
        if str(tile.color) not in self.phase(state).tiles:
            raise IllegalAction(RULE_TRACK, f"{tile.color} tiles are not available yet")
        if not track.tile_left(state, setup, action.tile):
            raise IllegalAction(RULE_TRACK, f"no tile {action.tile} left")
        problem = track.lay_problem(state, setup, action.hex, action.tile, action.rotation)
        if problem:
            raise IllegalAction(RULE_TRACK, problem)
        phase = self.phase(state).name
        if self.options_of(state).check_reach:
            apart = track.unconnected(
                state, setup, phase, sym, action.hex, action.tile, action.rotation
            )
            if apart:
                raise IllegalAction(RULE_TRACK, apart)
        upgrade = tile.color is not Color.YELLOW
        if action.private == BRIDGE:
            base_powers.check_bridge_home_lay(self, state, sym, action.hex, not upgrade)
        if self.extra_lay(state, action):
            return (0, False, upgrade)
        lays = [*self.turn_lays(state), Lay(track.hex_zone(setup, action.hex), str(tile.color))]
        check_turn(
            phase,
            lays,
            self.options_of(state),
            self.turn_bonus(state, sym),
            merger=self.is_merger(state, sym),
            super_short=self.super_short,
        )
        return (self.lay_price(state, sym, action).cost, False, upgrade)

    def extra_lay(self, state: GameState, action: LayTile) -> bool:
        """The Bridge's home-hex lay outside the turn's tile points (``bridge_home_lay``
        free_extra, as 1870's bridge company)."""
        opts = self.options_of(state)
        return action.private == BRIDGE and opts.bridge_home_lay == "free_extra"

    def lay_price(self, state: GameState, sym: str, action: LayTile) -> powers.LayPrice:
        """The lay's price: the first tile on a hex pays its cost (a yellow tile is always
        the first; upgrades are free, assumed), water at half price with an Engineer marker
        then the bridge discount (D variant 4b), the Prospectors' discount (4a); the Bridge's
        home-hex lay is free (the D variant 4b note: the half price does not matter there)."""
        tile = track.map_of(self.setup)[0].tiles[action.tile]
        fresh = tile.color is Color.YELLOW
        if action.private == BRIDGE:
            zone = track.hex_zone(self.setup, action.hex)
            base = track.first_tile_costs(self.setup).get(action.hex, 0)
            return powers.LayPrice(base, 0, 0, zone, "")
        return powers.lay_price(self, state, sym, action.hex, fresh, action.private)

    def hook_after_lay(
        self, state: GameState, sym: str, action: LayTile, ctx: ActionContext
    ) -> None:
        tile = track.map_of(self.setup)[0].tiles[action.tile]
        if action.private == BRIDGE:
            state.privates[BRIDGE].used.append("home")
            ctx.emit(f"{sym} lays its home tile free with the Mississippi River Bridge", corp=sym)
        if not self.extra_lay(state, action):
            zone = track.hex_zone(self.setup, action.hex)
            c2c_data(state).turn_lays.append([zone, str(tile.color)])
        price = self.lay_price(state, sym, action)
        powers.record_lay(state, price)
        if price.used:
            ctx.emit(f"{price.used} gives its discount and closes", corp=sym)

    # -- tokens ------------------------------------------------------------------------------

    def token_cost(self, state: GameState, sym: str) -> int | None:
        """D variant 3e: tokens are bought at float, so placing one is free; the token
        reserved for the destination stays on the charter for the destination run."""
        return 0 if c2c_data(state).charter(sym).tokens else None

    def token_turn_problem(self, state: GameState, sym: str, rule: str) -> IllegalAction | None:
        """Why ``sym`` may place no more tokens this turn, or None: one per turn for a public
        corporation (base rules 4.7.2), two per operating round for a merger corporation,
        Amtrak and Conrail (D variant 3g); always before running."""
        op = state.operating
        most = tokens_per_or(c2c_data(state).charter(sym).kind)
        if op.step <= TurnStage.TOKEN and c2c_data(state).turn_tokens < most:
            return None
        if most == 1:
            return IllegalAction(rule, "one token per turn, before running")
        return IllegalAction(RULE_MERGER_TOKENS, f"{most} tokens per turn, before running")

    def token_placed(self, state: GameState, sym: str, label: str) -> None:
        """Bookkeeping of a token just placed on ``label`` (a token of the turn)."""
        corp = state.corps[sym]
        corp.tokens.append(label)
        corp.tokens_used += 1
        c2c_data(state).turn_tokens += 1
        op = state.operating
        op.tokened = True
        op.step = TurnStage.TOKEN

    def free_spaces(self, state: GameState, sym: str, label: str) -> int:
        """Token spaces of the city on ``label`` that ``sym`` may take: its spaces less the
        tokens in them (a bull beside a full city uses none) and the spaces kept for the homes
        of corporations not started yet."""
        data = c2c_data(state)
        used = sum(
            1
            for other, c in state.corps.items()
            if not c.closed and label in c.tokens and label not in data.beside.get(other, ())
        )
        reserved = sum(
            1
            for other, corp in state.corps.items()
            if other != sym
            and not corp.closed
            and not corp.tokens
            and self.spec(state).corp(other).home == label
        )
        return track.city_slots(state, self.setup, label) - used - reserved

    def home_and_destination(self, state: GameState, sym: str) -> tuple[str, str]:
        """The home and destination cities of ``sym``'s destination run (a merger
        corporation: those of the merged corporation whose reserved token it kept)."""
        corp = self.spec(state).corp(c2c_data(state).destination_of.get(sym, sym))
        return corp.home, corp.destination

    def hook_home_token(self, state: GameState, sym: str, ctx: ActionContext) -> None:
        """A merger corporation has no home of its own (its tokens came with the merger)."""
        if self.spec(state).corp(sym).home:
            super().hook_home_token(state, sym, ctx)

    # -- mergers (base rules 4.3.5, 4.8; D variant 3f, 3g, 3h) -------------------------------

    def hook_setup(self, state: GameState) -> None:
        """The merger charters stay out of play until a merger opens one, Amtrak and Conrail
        until a failed corporation forms them (D variant 3l)."""
        for sym in merger_symbols(self.options_of(state).merger_charters):
            state.corps[sym].closed = True
        for sym in GOVERNMENT_CHARTERS.values():
            state.corps[sym].closed = True

    def hook_treasury_for_sale(self, state: GameState, sym: str) -> int:
        """Base rules 4.5 (option ``share_redemption``, as 1870 §6.6): reissued treasury
        shares are for sale."""
        return treasury_for_sale(state, sym)

    def hook_price_moved(self, state: GameState, sym: str, ctx: ActionContext | None) -> None:
        """A corporation on a closing space has failed: Amtrak or Conrail takes it over
        (D variant 3l, ``game/government.py``) instead of it just closing."""
        if government.fails(self, state, sym):
            government.fail(self, state, sym, ctx)
        super().hook_price_moved(state, sym, ctx)

    def over_limit(self, state: GameState) -> list[str]:
        """Corporations over their train limit, but not a government railroad nobody runs
        yet: it discards when it is started (``set_par``)."""
        return [s for s in super().over_limit(state) if not government.waiting(state, s)]

    def free_merger_charter(self, state: GameState) -> str | None:
        """The next merger charter no merger has used, or None."""
        data = c2c_data(state)
        for sym in merger_symbols(self.options_of(state).merger_charters):
            if sym not in data.merged:
                return sym
        return None

    def corp_train_limit(self, state: GameState, sym: str) -> int:
        """A merger corporation's two train shells each hold the phase's limit (option
        ``merger_train_limit``, assumed: base rules 4.8.3)."""
        limit = self.train_limit(state)
        if self.is_merger(state, sym) and self.options_of(state).merger_train_limit == "double":
            return 2 * limit
        return limit

    def discard_over_limit(self, state: GameState, sym: str, ctx: ActionContext | None) -> None:
        """Trains over ``sym``'s limit go to the pool, oldest first (a merger formed, a
        government railroad took a failed corporation over or was started)."""
        corp = state.corps[sym]
        while len(corp.trains) > self.corp_train_limit(state, sym):
            train = corp.trains.pop(0)
            state.pool_trains.append(train)
            state.train_owner[train] = "pool"
            if ctx is not None:
                ctx.emit(f"{sym} is over its train limit: {train} goes to the pool")

    def check_reachable_city(self, state: GameState, sym: str, label: str, rule: str) -> None:
        """A city or off-board in play, reachable from the network (``check_reach``)."""
        setup = self.setup
        if label not in track.in_play(setup) or not track.city_slots(state, setup, label):
            raise IllegalAction(rule, track.no_token_place(setup, label))
        if self.options_of(state).check_reach:
            phase = self.phase(state).name
            problem = track.token_unreachable(state, setup, phase, sym, label)
            if problem:
                raise IllegalAction(rule, problem)

    def hook_check_token(self, state: GameState, sym: str, action: PlaceToken) -> None:
        self.check_reachable_city(state, sym, action.hex, RULE_TOKEN)
        if self.free_spaces(state, sym, action.hex) <= 0:
            raise IllegalAction(RULE_TOKEN, f"no free token space in {action.hex}")

    def check_bull(self, state: GameState, sym: str, label: str) -> None:
        """D variant 3f: a bull goes where a normal token may, or into a full city."""
        self.check_reachable_city(state, sym, label, "D variant 3f: bull token")

    def token_hexes(self, state: GameState, sym: str) -> list[str]:
        """Cities and off-boards on or next to the corporation's network (bot candidates)."""
        phase = self.phase(state).name
        return [
            h
            for h in track.candidate_hexes(state, self.setup, phase, sym)
            if track.city_slots(state, self.setup, h)
        ]

    def destination_found(self, state: GameState, sym: str) -> DestinationRunFound | None:
        """The engine's best destination run (``game/destination.py``; memoised)."""
        return destination_found(self, state, sym)

    def destination_revenue(self, state: GameState, sym: str) -> int | None:
        """The best destination run's revenue, or None when no train can make it."""
        found = self.destination_found(state, sym)
        if found is None or not found.solution.feasible:
            return None
        return int(found.solution.revenue)

    # -- privates ----------------------------------------------------------------------------

    def hook_private_price(self, state: GameState, sym: str, private: str) -> tuple[int, int]:
        """D variant 3b: the price range in an OR by the phase it began in
        (``titles/c2c/privates.py``: phase 2 half price for the D list and face value for the
        base phase-2 privates; from phase 3 the base rules' range)."""
        opts = self.options_of(state)
        got = purchase_price_range(private, c2c_data(state).or_phase, state.stock_rounds >= 1, opts)
        return (0, -1) if got is None else got

    def hook_private_bought(
        self, state: GameState, sym: str, private: str, ctx: ActionContext
    ) -> None:
        """D variant 4c: the Terminals give the buyer the $40 and $60 tokens it did not buy
        at float, the Architects any two it did not buy (the first two missing by cost: once
        prepaid, a token's cost makes no difference in play); Table A's par limit does not
        apply. A buyer without a reserved destination token (and no destination run made)
        reserves one of them; no bull token comes this way (a bull holder bought all four
        costs at float, so these privates give it nothing). D variant 4b: the buyer of the
        Army Corps takes an Engineer marker; 3b, 4a: a Prospectors bought in phase 2 gives its
        discount this turn."""
        if powers.d_private_bought(self, state, sym, private, ctx):
            return
        data = c2c_data(state)
        charter = data.charter(sym)
        gained = unbought_costs(charter, private)
        if not gained:
            return
        data.charters[sym] = gain_from_private(charter, private, gained)
        reserve = charter.destination != data.charters[sym].destination
        ctx.emit(
            f"{private} gives {sym} free tokens {list(gained)}"
            + (" (one reserved for its destination)" if reserve else ""),
            corp=sym,
        )

    def hook_assign(
        self, state: GameState, sym: str, action: Assign, ctx: ActionContext | None
    ) -> None:
        """The Central Pacific's labor tokens (``assign CEP HEX``, D variant 3d) and the base
        privates' bonus tokens (``assign SCC HEX``, ``titles/c2c/bonuses.py``)."""
        if action.private in BONUS_HEXES:
            base_powers.check_bonus(self, state, sym, action.private, action.hex)
            if ctx is not None:
                c2c_data(state).bonus_tokens.setdefault(action.private, []).append(action.hex)
                ctx.emit(f"{sym} places a {action.private} bonus token on {action.hex}", corp=sym)
                if base_powers.has_port(self, state, action.private):
                    base_powers.port_placed(state, sym, ctx)
            return
        if action.private != CENTRAL_PACIFIC:
            super().hook_assign(state, sym, action, ctx)
        base_powers.check_labor(self, state, sym, action.hex)
        if ctx is None:
            return
        base_powers.place_labor(state, sym, action.hex)
        ctx.emit(f"{sym} places a Central Pacific token on {action.hex}", corp=sym)

    def hook_phase_event(self, state: GameState, event: str, ctx: ActionContext) -> None:
        """Phase 5 closes the privates (D variant 4a, 4b: the Army Corps with the first
        5-train; its markers stay in play; P cities designated stay)."""
        super().hook_phase_event(state, event, ctx)
        if event == "close_privates":
            powers.privates_closed(state)

    # -- bots --------------------------------------------------------------------------------

    def bots(self) -> dict[str, BotFactory]:
        from transcon.titles.c2c.game.bots import BuilderBot

        return {"builder": BuilderBot}

    def hook_bot_lays(self, state: GameState, sym: str, player: str) -> list[LayTile]:
        """Every fitting tile and rotation on the hexes next to the corporation's network
        (the title's check then keeps those it may afford and that connect)."""
        op = state.operating
        if op.step > TurnStage.TRACK:
            return []
        home = base_powers.bridge_home_candidates(self, state, sym, player)
        left = points_left(
            self.phase(state).name,
            self.turn_lays(state),
            self.options_of(state),
            self.turn_bonus(state, sym),
            merger=self.is_merger(state, sym),
            super_short=self.super_short,
        )
        if max(left.values()) < lay_points("yellow", self.options_of(state)):
            return home
        colours = self.phase(state).tiles
        out: list[LayTile] = []
        phase = self.phase(state).name
        for label in track.candidate_hexes(state, self.setup, phase, sym):
            if label not in op.laid_hexes:
                out.extend(track.lay_actions(state, self.setup, player, label, colours))
        return home + out + powers.discount_lays(self, state, sym, out)

    def hook_bot_tokens(self, state: GameState, sym: str, player: str) -> list[PlaceToken]:
        """Cities and off-boards on or next to the corporation's network."""
        if self.token_cost(state, sym) is None:
            return []
        return [PlaceToken(player=player, hex=h) for h in self.token_hexes(state, sym)]

    def render_png(self, state: GameState, path: Path) -> None:
        from transcon.titles.c2c.game.render import render_game

        render_game(self, state, path)


class TitleC2CSuperShort(TitleC2C):
    """18C2C Super-short (seed 001, Super-short): the twelve eastern corporations, the
    Eastern zone and Canada east of the Mississippi, a third of the trains, one private
    column, bank $25,000."""

    name: ClassVar[str] = "18c2c-super-short"
    display_name: ClassVar[str] = '18C2C: Manifest Destiny, "Super-short" variant'
    setup: ClassVar[Setup] = "super-short"
