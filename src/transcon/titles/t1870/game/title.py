"""1870: The Trans-Mississippi on the 18xx framework (rules: docs/rules/1870.md).

Dixon's rules are the default; every Mayfair difference is an option. The hooks here add
1870's tile lays (two yellow or one upgrade, terrain, manifest, phase colours), the
Mississippi River Bridge Company, cattle and port tokens, price protection, share redemption
and reissue, destinations with connection runs, and the diesel and $400 variants.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from transcon.core.errors import IllegalAction, InputError
from transcon.core.inputs import brief, strip_note
from transcon.core.legal import LegalGroup
from transcon.core.options import OptionSpec
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.actions import Assign, LayTile, PlaceToken, RunRoutes
from transcon.eighteen.framework.format1 import Format1Fields
from transcon.eighteen.framework.notation import need
from transcon.eighteen.framework.ports import PortMove, port_move
from transcon.eighteen.framework.rounds import RoundKind, TurnStage
from transcon.eighteen.framework.spec import EndTiming, GameEndSpec, GameSpec
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.operating import LaySlot, OperatingRound, Track
from transcon.eighteen.framework.steps.redemption import (
    format_redemption,
    parse_redemption,
    treasury_for_sale,
)
from transcon.eighteen.framework.steps.stock import StockRound
from transcon.eighteen.framework.title import EighteenTitle
from transcon.eighteen.routes import RouteError
from transcon.titles.t1870.game import data
from transcon.titles.t1870.game.actions import (
    ACTION_TYPES_1870,
    Connect,
    Demand,
    Protect,
)
from transcon.titles.t1870.game.destinations import ConnectionRun, ConnectionToken
from transcon.titles.t1870.game.state import State1870, format_1_fields, state_1870
from transcon.titles.t1870.game.steps import (
    BuySellParShares1870,
    DemandBestRun,
    OperatingRound1870,
    PriceProtection,
    StockRound1870,
    certs_freed_by_sales,
    queue_sale,
)
from transcon.titles.t1870.game.title_views import Views1870
from transcon.titles.t1870.options import OPTIONS, Options1870

if TYPE_CHECKING:
    pass

MRBC = "MRBC"
MRBC_BUYERS = ("MP", "SSW")
"""The companies that may buy the MRBC in phase 1 (§9.2)."""
RULE_TRACK = "1870 §7.1 track"
#: The 1870 rule section of each rule the framework's steps name in their errors.
FRAMEWORK_SECTIONS = {
    "initial auction": "§3",
    "stock round": "§6.1",
    "sell": "§6.1",
    "certificate limit": "§6.2",
    "holding limit": "§6.2",
    "operating round": "§7",
    "track": "§7.1",
    "token": "§7.2",
    "run": "§7.3",
    "dividend": "§7.4",
    "buying trains": "§7.5",
    "private": "§9.7",
    "bankruptcy": "§11",
}


def rule_name(rule: str) -> str:
    """A rule the framework names (``run``) as 1870 players know it (``1870 §7.3 run``)."""
    section = FRAMEWORK_SECTIONS.get(rule)
    return rule if section is None else f"1870 {section} {rule}"


RULE_RUN = "1870 §7.3 runs"
RULE_FORCED_SALE = "1870 §7.5 buying trains"
RULE_HOLDING_LIMIT = "1870 §6.2 holding limit"


@lru_cache(maxsize=64)
def _spec(
    diesels: bool,
    market: str,
    twelves: int,
    column8: bool,
    ledge: str,
    finish_on_400: bool,
    finish_turn: bool,
) -> GameSpec:
    limits = data.CERT_LIMITS
    if not column8:
        limits = {n: {k: v for k, v in t.items() if k != 8} for n, t in limits.items()}
    return GameSpec(
        corps=data.CORPS,
        privates=data.PRIVATES,
        trains=data.trains(diesels, twelves or None),
        phases=data.phases(diesels),
        market=data.market(market == "dixon"),
        par_prices=data.PAR_PRICES,
        bank=data.BANK,
        starting_cash=data.STARTING_CASH,
        cert_limits=limits,
        ledge=ledge,
        # §11 the bank breaks: the set of ORs finishes; §12 option: a price of $400 ends
        # the game after the current company's turn (Dixon) or at once (18xx.games)
        game_end=GameEndSpec(
            stock_market=400 if finish_on_400 else None,
            stock_market_timing=EndTiming.NOW if finish_turn else EndTiming.ACTION,
        ),
    )


class Title1870(Views1870):
    """1870: The Trans-Mississippi."""

    name: ClassVar[str] = "1870"
    display_name: ClassVar[str] = "1870: The Trans-Mississippi"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    strongest_bot: ClassVar[str] = "builder"
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES_1870
    notation: ClassVar[str] = EighteenTitle.notation + (
        " | protect MP | redeem MP [pool|PLAYER] | reissue MP | connect MP map|charter | demand"
    )
    #: §7.1: two yellow tiles, or one upgrade (18xx.games: the second lay is no upgrade and
    #: not after an upgrade).
    TILE_LAYS = (LaySlot(), LaySlot(upgrade=False, after_upgrade=False))
    #: §7.5 companies over the limit after a phase change discard in 18xx.games' order
    #: (its 1870 charter order, ``crowded_corps``; the rules give none)
    DISCARD_ORDER = ("ATSF", "SSW", "SP", "SLSF", "MP", "MKT", "IC", "GMO", "FW", "TP")
    #: §11 a closing company's trains go to the market (18xx.games' 1870; the rules
    #: summary is silent)
    CLOSED_TRAINS_TO_POOL = True
    SELL_AFTER_OPERATING = False
    SELL_IN_BLOCKS = True

    # -- rule sections in errors --------------------------------------------------------------

    def check(self, state: GameState, action: Action) -> None:
        """The framework's check, its errors naming the 1870 rule section players know
        (``illegal action (1870 §7.3 run): ...``)."""
        try:
            super().check(state, action)
        except IllegalAction as err:
            rule = rule_name(err.rule)
            if rule == err.rule:
                raise
            raise IllegalAction(rule, err.message) from None

    # -- rounds: the framework's steps plus 1870's own (titles/t1870/game/steps.py) ----------

    def stock_round(self) -> StockRound:
        return StockRound1870(self, [PriceProtection(self), BuySellParShares1870(self)])

    def operating_round(self) -> OperatingRound:
        framework = super().operating_round()
        discard, *turn = framework.steps
        steps = [
            discard,
            PriceProtection(self),
            ConnectionToken(self),
            ConnectionRun(self),
            *turn,
            DemandBestRun(self),
        ]
        return OperatingRound1870(self, steps)

    def new_title_data(self) -> State1870:
        return State1870()

    def format_1_fields(self, state: GameState) -> Format1Fields:
        return format_1_fields(state)

    def game_spec(self, options: dict[str, object]) -> GameSpec:
        opt = Options1870.view(options)
        return _spec(
            opt.diesels,
            opt.market,
            opt.twelve_trains,
            opt.cert_column_8,
            opt.ledge,
            opt.finish_on_400,
            opt.finish_turn_on_400,
        )

    # -- track -------------------------------------------------------------------------------

    def hook_lay(self, state: GameState, sym: str, action: LayTile) -> tuple[int, bool, bool]:
        tile = action.tile.rsplit("-", 1)[0] if action.tile not in data.TILE_COLOR else action.tile
        color = data.TILE_COLOR.get(tile)
        if color is None:
            raise IllegalAction(RULE_TRACK, f"no tile {action.tile} in 1870")
        if color not in self.phase(state).tiles:
            raise IllegalAction(RULE_TRACK, f"{color} tiles are not available yet")
        old = state.tiles.get(action.hex)
        upgrade = old is not None
        if old is None and color != data.Y:
            raise IllegalAction(RULE_TRACK, "an empty hex takes a yellow tile")
        if old is not None:
            old_color = data.TILE_COLOR.get(str(old[0]), "")
            if data.color_rank(color) != data.color_rank(old_color) + 1:
                raise IllegalAction(RULE_TRACK, f"a {old_color} tile upgrades one colour up")
        counts = data.tile_counts(Options1870.view(state.options).tiles == "dixon")
        if state.tile_used.get(tile, 0) >= counts.get(tile, 0):
            raise IllegalAction(RULE_TRACK, f"no tile {tile} left")
        problem = self._geometry_problem(state, action.hex, tile, action.rotation)
        if problem:
            raise IllegalAction(RULE_TRACK, problem)
        from transcon.titles.t1870.game.track import river_problem

        crossing = river_problem(state, action.hex, tile, action.rotation)
        if crossing:
            raise IllegalAction(RULE_TRACK, crossing)
        if Options1870.view(state.options).check_reach:
            from transcon.titles.t1870.game.track import lay_unconnected

            phase = self.phase(state).name
            apart = lay_unconnected(state, sym, phase, action.hex, tile, action.rotation)
            if apart:
                raise IllegalAction(RULE_TRACK, apart)
            if upgrade and Options1870.view(state.options).upgrade_must_add:
                from transcon.titles.t1870.game.track import upgrade_gives_nothing

                idle = upgrade_gives_nothing(state, sym, phase, action.hex, tile, action.rotation)
                if idle:
                    raise IllegalAction(RULE_TRACK, idle)
        cost = 0 if upgrade else data.TERRAIN.get(action.hex, 0)
        if action.private:
            self._check_bridge_lay(state, sym, action)
            if color != data.Y and Options1870.view(state.options).bridge_lay_counts:
                raise IllegalAction(
                    RULE_TRACK, f"{MRBC} lays a yellow tile (option bridge_lay_counts)"
                )
            if self._home_lay(state, sym, action):
                return (0, False, upgrade)
            return (max(0, cost - 40), False, upgrade)
        return (cost, True, upgrade)

    def counts_as_a_lay(self, state: GameState, sym: str, action: LayTile) -> bool:
        """Whether a lay is one of the company's tile lays of the turn: a normal lay, or with
        ``bridge_lay_counts`` an MRBC lay other than the free home lay (18xx.games G1870
        ``SpecialTrack``: ``num_laid_track += 1 unless home``)."""
        if not action.private:
            return True
        counts = Options1870.view(state.options).bridge_lay_counts
        return counts and not self._home_lay(state, sym, action)

    def _home_lay(self, state: GameState, sym: str, action: LayTile) -> bool:
        """§9.2: MP or SSW that buys the MRBC in phase 1 during its first OR lays a tile in
        its home city free, in addition to its normal lays (the hex then takes no other tile
        that turn, so it is not upgraded in the same OR). Otherwise the MRBC lay is one lay
        in a Mississippi hex with a $40 discount."""
        return (
            sym in MRBC_BUYERS
            and self.phase(state).name == "1"
            and not state.corps[sym].operated
            and action.hex == self.spec(state).corp(sym).home
        )

    def _geometry_problem(self, state: GameState, hex_: str, tile: str, rotation: int) -> str:
        """The route engine's upgrade rule (track kept, stops, labels); "" when it fits."""
        from transcon.titles.t1870.game.reach import lay_problem

        return lay_problem(state, hex_, tile, rotation) or ""

    def bridge_lay_waits(self, state: GameState, sym: str) -> bool:
        """§9.2: the track step stays open for the MRBC's lay while ``sym`` owns the MRBC with
        its lay unused, or could buy it now (phases 2-3; 18xx.games
        ``tile_lay_abilities_should_block?``, ``can_buy_tile_laying_company?``)."""
        bridge = state.privates.get(MRBC)
        if bridge is None or bridge.closed:
            return False
        if bridge.owner == "@" + sym:
            return "lay" not in bridge.used
        if not bridge.owner or bridge.owner.startswith("@"):
            return False
        if not self.phase(state).company_buy:
            return False
        low, high = self.hook_private_price(state, sym, MRBC)
        return high >= low and state.corps[sym].cash >= low

    def _check_bridge_lay(self, state: GameState, sym: str, action: LayTile) -> None:
        private = state.privates.get(action.private)
        if action.private != MRBC or private is None:
            raise IllegalAction(RULE_TRACK, f"{action.private} cannot lay tiles")
        if private.owner != "@" + sym or private.closed or "lay" in private.used:
            raise IllegalAction(RULE_TRACK, f"{sym} cannot use {MRBC} now")
        if action.hex not in data.MISSISSIPPI:
            raise IllegalAction(RULE_TRACK, f"{MRBC} lays only in Mississippi hexes")

    def hook_after_lay(
        self, state: GameState, sym: str, action: LayTile, ctx: ActionContext
    ) -> None:
        if action.private == MRBC:
            state.privates[MRBC].used.append("lay")
            if self.counts_as_a_lay(state, sym, action):
                state.operating.lays += 1
        track = self.rounds[RoundKind.OPERATING].step_of(Track)
        assert isinstance(track, Track)
        if track.next_slot(state, sym) is None and not self.bridge_lay_waits(state, sym):
            # 18xx.games passes the track step once no lay is left: buying the MRBC later
            # gives no lay this turn (its lay is a track-step power, ``when: 'track'``)
            state.operating.step = max(state.operating.step, TurnStage.TOKEN)
        # Store the plain tile name (18xx.games ids carry a copy index).
        tile = state.tiles[action.hex]
        name = str(tile[0])
        if name not in data.TILE_COLOR:
            base = name.rsplit("-", 1)[0]
            state.tile_used[name] -= 1
            state.tile_used[base] = state.tile_used.get(base, 0) + 1
            tile[0] = base
            if not state.tile_used[name]:
                del state.tile_used[name]

    # -- forced sales ------------------------------------------------------------------------

    def sold_this_turn(self, state: GameState) -> set[str]:
        """§7.5: the companies the operating company's president sold in this turn's forced
        sales (their sales wait for the turn's end, §6.4). 18xx.games takes each company's
        shares in one sale per turn (``Step::Train#can_sell?`` with ``MUST_SELL_IN_BLOCKS``,
        as a stock turn's §6.1 sales), and its bankruptcy asks the same."""
        if state.round != RoundKind.OPERATING:
            return set()
        return {sale[0] for sale in state_1870(state).pending_sales}

    def check_sale(self, state: GameState, player: str, sym: str, count: int) -> None:
        if sym in self.sold_this_turn(state):
            raise IllegalAction(
                RULE_FORCED_SALE, f"{sym} was already sold this turn (one sale each)"
            )
        limit = self.spec(state).max_percent
        left = state.corps[sym].holders.get(player, 0) - count
        if (
            Options1870.view(state.options).sell_to_holding_limit
            and left * 10 > limit
            and self.zone(state, sym) not in ("o", "b")
        ):
            raise IllegalAction(
                RULE_HOLDING_LIMIT,
                f"{player} holds more than {limit}% of {sym}: a sale must bring it down to "
                f"{limit}% (option sell_to_holding_limit)",
            )
        super().check_sale(state, player, sym, count)

    def sellable_units(self, state: GameState, player: str, operating: str) -> dict[str, int]:
        units = super().sellable_units(state, player, operating)
        for sym in self.sold_this_turn(state):
            units.pop(sym, None)
        return units

    # -- tokens ------------------------------------------------------------------------------

    def hook_check_token(self, state: GameState, sym: str, action: PlaceToken) -> None:
        """§7.2: a city with a free slot, reachable from the company's network (with
        ``check_reach``); the home slot of a company that has not started yet stays
        reserved, and with ``destination_blocks`` a destination token takes a slot."""
        from transcon.titles.t1870.game.reach import city_slots

        if state_1870(state).destination_tokens.get(sym) == action.hex:
            # not twice in a hex: its destination token is its token there (18xx.games
            # counts it as placed in the city; oracle fuzzing, seed 1870224)
            raise IllegalAction(
                "1870 §7.2 tokens", f"{sym} already has its destination token in {action.hex}"
            )
        slots = city_slots(state, action.hex)
        used = sum(1 for c in state.corps.values() if not c.closed and action.hex in c.tokens)
        if Options1870.view(state.options).destination_blocks:
            # §8.4: a destination token on the map takes a token space (18xx.games
            # station_wars: it is a token in the city)
            destinations = state_1870(state).destination_tokens
            used += sum(
                1
                for other, at in destinations.items()
                if at == action.hex and not state.corps[other].closed
            )
        reserved = sum(
            1
            for other, corp in state.corps.items()
            if other != sym
            and not corp.closed
            and not corp.tokens
            and self.spec(state).corp(other).home == action.hex
        )
        if used + reserved >= slots:
            raise IllegalAction("1870 §7.2 tokens", f"no free token space in {action.hex}")
        if Options1870.view(state.options).check_reach:
            from transcon.titles.t1870.game.track import token_unreachable

            problem = token_unreachable(state, sym, self.phase(state).name, action.hex)
            if problem:
                raise IllegalAction("1870 §7.2 tokens", problem)

    # -- privates ----------------------------------------------------------------------------

    def hook_private_price(self, state: GameState, sym: str, private: str) -> tuple[int, int]:
        if self.phase(state).name == "1":
            if private == MRBC and sym in MRBC_BUYERS:
                return (20, 40)
            return (0, -1)
        return super().hook_private_price(state, sym, private)

    def hook_assign(
        self, state: GameState, sym: str, action: Assign, ctx: ActionContext | None
    ) -> None:
        private = state.privates[action.private]
        tokens = state_1870(state)
        if action.private == "SCC":
            if action.hex not in data.CATTLE_CITIES or "token" in private.used:
                raise IllegalAction("1870 §9.3", "the cattle token goes on a western city once")
            if ctx is None:
                return
            private.used.append("token")
            tokens.cattle = action.hex
        elif action.private == "GSC":
            move = port_move(tokens.port, tokens.port_closed, action.hex)
            if action.hex not in data.PORT_CITIES or isinstance(move, str):
                raise IllegalAction("1870 §9.4", "the port token goes on a port city")
            if ctx is None:
                return
            if move is PortMove.CLOSE:
                tokens.port_closed = True
                private.closed = True
                ctx.emit("GSC places its closed port and closes")
            else:
                tokens.port = action.hex
        else:
            raise IllegalAction("1870 §9", f"{action.private} has no token")
        ctx.emit(f"{action.private} token on {action.hex}")

    def hook_phase_event(self, state: GameState, event: str, ctx: ActionContext) -> None:
        if event == "remove_bonus_tokens":
            tokens = state_1870(state)
            tokens.cattle = tokens.port = ""
            tokens.port_closed = False
            ctx.emit("Cattle and port tokens are removed")
            return
        super().hook_phase_event(state, event, ctx)

    def hook_trade_in_to_pool(self, state: GameState) -> bool:
        """§12 with ``trade_in_to_pool``: 18xx.games ``reclaim_train`` puts the train traded
        in on the discard pile, for sale (oracle fuzzing, seed 1870096)."""
        return Options1870.view(state.options).trade_in_to_pool

    # -- stock -------------------------------------------------------------------------------

    def certs(self, state: GameState, player: str, *, protecting: bool = False) -> int:
        """§6.2: certificates counted toward the limit; shares of a company whose waiting
        sale will drop it out of the limit's zones do not count, except for a president
        judging his room to protect (18xx.games ``num_certs(price_protecting:)``)."""
        total = super().certs(state, player)
        return total if protecting else total - certs_freed_by_sales(self, state, player)

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
        """§6.4: a sale (in a stock round, or a president's forced sale in an operating
        round) waits for the price protection offer at the end of the turn."""
        if not queue_sale(state, player, sym, count, price, president):
            self.drop_price(state, sym, count, ctx)

    # -- runs ------------------------------------------------------------------------------

    def hook_check_run(self, state: GameState, sym: str, action: RunRoutes) -> None:
        """§7.3/§8.3: each route named is checked with the route engine (§8.1–8.2)
        and revalued; the revenue must be their sum. With ``check_routes`` a paying run
        must name its routes (without it, a run naming none is taken on trust)."""
        from transcon.titles.t1870.game.runs import check_run

        if not action.routes:
            if action.revenue and Options1870.view(state.options).check_routes:
                raise IllegalAction(RULE_RUN, "a run names its routes (run REVENUE STOPS ...)")
            return
        try:
            value = check_run(state, sym, self.phase(state).name, action.routes, action.trains)
        except RouteError as err:
            # the route engine names the generic rule; players read 1870's section
            raise IllegalAction(f"1870 §{err.clause} {err.rule}", err.message) from None
        if value != action.revenue:
            raise IllegalAction(
                RULE_RUN, f"the routes named are worth {value}, not {action.revenue}"
            )

    def hook_can_run(self, state: GameState, sym: str) -> bool:
        """§7.3: a company runs only with a legal route (18xx.games ``route_available``)."""
        from transcon.titles.t1870.game.track import has_route

        return has_route(state, sym, self.phase(state).name)

    def hook_must_buy_train(self, state: GameState, sym: str) -> bool:
        """§7.5: a company without a train must buy one only when it has a legal route."""
        from transcon.titles.t1870.game.track import has_route

        return not state.corps[sym].trains and has_route(state, sym, self.phase(state).name)

    def hook_treasury_for_sale(self, state: GameState, sym: str) -> int:
        """§6.6: a company's shares are for sale from its treasury once it reissued them."""
        return treasury_for_sale(state, sym)

    def hook_turn_interrupted(self, state: GameState) -> bool:
        """§8.4: a company's connection run interrupts the operating company's turn."""
        return bool(state_1870(state).connection)

    def hook_run_may_change(self, state: GameState, sym: str) -> bool:
        """§8.3: a shareholder may still demand a better run (there is one, and someone
        other than the president holds shares)."""
        operating = self.rounds[RoundKind.OPERATING]
        step = operating.step_of(DemandBestRun)
        assert isinstance(step, DemandBestRun)
        return bool(step.shareholders(state, sym)) and step.better_run_exists(state, sym)

    def best_run_text(self, state: GameState, sym: str) -> tuple[int, str]:
        """§8.3: the company's best run now (the route engine's exact optimiser), as
        (revenue, routes)."""
        from transcon.titles.t1870.game.runs import best_run

        revenue, routes, trains = best_run(state, sym, self.phase(state).name)
        text = " ".join(f"{t}:{','.join(r)}" for t, r in zip(trains, routes, strict=True))
        return (revenue, text)

    # -- notation ------------------------------------------------------------------------

    def parse_action(self, text: str, state: GameState, player: str) -> Action:
        text = strip_note(text)
        words = text.split()
        generic = "=" in text or text.lstrip().startswith("{")
        verb, args = (words[0].lower(), words[1:]) if words and not generic else ("", [])
        if verb == "buy" and args and state.round == RoundKind.AUCTION:
            from transcon.titles.t1870.legal import auction_buy

            return auction_buy(self, state, player, args[0].upper())
        if verb == "protect":
            need(args, 1, "protect CORP")
            return Protect(player=player, corp=args[0].upper())
        redemption = parse_redemption(verb, args, player)
        if redemption is not None:
            return redemption
        if verb == "demand":
            if args:
                raise InputError(f"demand: cannot read {brief(args[0])}; usage: demand")
            return Demand(player=player)
        if verb == "connect":
            need(args, 2, "connect CORP map|charter")
            choice = args[1].lower()
            if choice not in ("map", "charter"):
                raise InputError("connect CORP map|charter")
            return Connect(player=player, corp=args[0].upper(), choice=choice)
        return super().parse_action(text, state, player)

    def legal_groups(self, state: GameState, player: str) -> list[LegalGroup]:
        """Every kind of legal action by round, with prices and rule sections
        (:mod:`~transcon.titles.t1870.legal`)."""
        from transcon.titles.t1870.legal import legal_groups

        return legal_groups(self, state, player)

    def format_action(self, action: Action) -> str:
        if isinstance(action, Protect):
            return f"protect {action.corp}"
        redemption = format_redemption(action)
        if redemption is not None:
            return redemption
        if isinstance(action, Connect):
            return f"connect {action.corp} {action.choice}"
        return super().format_action(action)

    # -- destinations ------------------------------------------------------------------------

    def hook_can_connect(self, state: GameState, sym: str) -> bool | None:
        """§8.1: a train of the company can reach its destination from home (route engine
        search that passes no off-board, no city blocked by other companies' tokens and no
        unbridgeable Mississippi, :mod:`~transcon.titles.t1870.game.connection`; track reuse
        is not checked, so True means "very likely")."""
        from transcon.titles.t1870.game.connection import fewest_stops

        spec = self.spec(state)
        corp = spec.corp(sym)
        lengths = [spec.train(t.rsplit("-", 1)[0]).distance for t in state.corps[sym].trains]
        limit = None if any(d is None for d in lengths) else max(d or 0 for d in lengths)
        stops = fewest_stops(
            state,
            corp.home,
            corp.destination,
            limit,
            company=sym,
            phase=self.phase(state).name,
        )
        return stops is not None
