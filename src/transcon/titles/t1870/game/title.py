"""1870: The Trans-Mississippi on the 18xx framework (rules: docs/rules/1870.md).

Dixon's rules are the default; every Mayfair difference is an option. The hooks here add
1870's tile lays (two yellow or one upgrade, terrain, manifest, phase colours), the
Mississippi River Bridge Company, cattle and port tokens, price protection, share redemption
and reissue, destinations with connection runs, and the diesel and $400 variants.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.options import OptionSpec
from transcon.core.title import ActionContext
from transcon.eighteen.framework.actions import Assign, LayTile, PlaceToken, RunRoutes
from transcon.eighteen.framework.spec import GameSpec
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.title import EighteenTitle
from transcon.titles.t1870.game import data
from transcon.titles.t1870.options import OPTIONS

if TYPE_CHECKING:
    from transcon.core.bots import BotFactory

MRBC = "MRBC"
MRBC_BUYERS = ("MP", "SSW")
"""The companies that may buy the MRBC in phase 1 (§9.2)."""
RULE_TRACK = "1870 §7.1 track"
RULE_RUN = "1870 §7.3 runs"


@lru_cache(maxsize=64)
def _spec(diesels: bool, market: str, twelves: int, column8: bool, ledge: str) -> GameSpec:
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
    )


class Title1870(EighteenTitle):
    """1870: The Trans-Mississippi."""

    name: ClassVar[str] = "1870"
    display_name: ClassVar[str] = "1870: The Trans-Mississippi"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    TILE_LAYS = 2
    SELL_AFTER_OPERATING = False
    SELL_IN_BLOCKS = True

    def game_spec(self, options: dict[str, object]) -> GameSpec:
        return _spec(
            bool(options.get("diesels", False)),
            str(options.get("market", "dixon")),
            int(options.get("twelve_trains", 6)),  # type: ignore[call-overload]
            bool(options.get("cert_column_8", True)),
            str(options.get("ledge", "single")),
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
        counts = data.tile_counts(state.options.get("tiles", "dixon") == "dixon")
        if state.tile_used.get(tile, 0) >= counts.get(tile, 0):
            raise IllegalAction(RULE_TRACK, f"no tile {tile} left")
        problem = self._geometry_problem(state, action.hex, tile, action.rotation)
        if problem:
            raise IllegalAction(RULE_TRACK, problem)
        from transcon.titles.t1870.game.track import river_problem

        crossing = river_problem(state, action.hex, tile, action.rotation)
        if crossing:
            raise IllegalAction(RULE_TRACK, crossing)
        if state.options.get("check_reach", True):
            from transcon.titles.t1870.game.track import lay_unconnected

            phase = self.phase(state).name
            apart = lay_unconnected(state, sym, phase, action.hex, tile, action.rotation)
            if apart:
                raise IllegalAction(RULE_TRACK, apart)
            if upgrade and state.options.get("upgrade_must_add", False):
                from transcon.titles.t1870.game.track import upgrade_gives_nothing

                idle = upgrade_gives_nothing(state, sym, phase, action.hex, tile, action.rotation)
                if idle:
                    raise IllegalAction(RULE_TRACK, idle)
        cost = 0 if upgrade else data.TERRAIN.get(action.hex, 0)
        if action.private:
            self._check_bridge_lay(state, sym, action)
            if self._home_lay(state, sym, action):
                return (0, False, upgrade)
            return (max(0, cost - 40), False, upgrade)
        return (cost, True, upgrade)

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

    # -- tokens ------------------------------------------------------------------------------

    def hook_check_token(self, state: GameState, sym: str, action: PlaceToken) -> None:
        """§7.2: a city with a free slot, reachable from the company's network (with
        ``check_reach``); the home slot of a company that has not started yet stays
        reserved."""
        from transcon.titles.t1870.game.reach import city_slots

        slots = city_slots(state, action.hex)
        used = sum(1 for c in state.corps.values() if not c.closed and action.hex in c.tokens)
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
        if state.options.get("check_reach", True):
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
        if action.private == "SCC":
            if action.hex not in data.CATTLE_CITIES or "token" in private.used:
                raise IllegalAction("1870 §9.3", "the cattle token goes on a western city once")
            if ctx is None:
                return
            private.used.append("token")
            state.title_data["cattle"] = action.hex
        elif action.private == "GSC":
            port = state.title_data.get("port")
            if action.hex not in data.PORT_CITIES or (port and port != action.hex):
                raise IllegalAction("1870 §9.4", "the port token goes on a port city")
            if ctx is None:
                return
            if port:
                state.title_data["port_closed"] = True
                private.closed = True
                ctx.emit("GSC places its closed port and closes")
            else:
                state.title_data["port"] = action.hex
        else:
            raise IllegalAction("1870 §9", f"{action.private} has no token")
        ctx.emit(f"{action.private} token on {action.hex}")

    def hook_phase_event(self, state: GameState, event: str, ctx: ActionContext) -> None:
        if event == "remove_bonus_tokens":
            for key in ("cattle", "port", "port_closed"):
                state.title_data.pop(key, None)
            ctx.emit("Cattle and port tokens are removed")
            return
        super().hook_phase_event(state, event, ctx)

    # -- stock -------------------------------------------------------------------------------

    def hook_protection_enabled(self, state: GameState) -> bool:
        return True

    def hook_may_protect(self, state: GameState, president: str, sym: str, seller: str) -> bool:
        if president == seller:
            return False
        if state.options.get("protect_if_sold", True):
            return True
        return sym not in state.stock.sold.get(president, [])

    def hook_may_redeem(self, state: GameState, sym: str) -> bool:
        corp = state.corps[sym]
        return corp.operated and corp.ipo + corp.treasury < 4

    def hook_reissue_par(self, state: GameState, sym: str) -> int | None:
        corp = state.corps[sym]
        if corp.ipo or not corp.treasury:
            return None
        target = self.price(state, sym) * 3 / 4
        top = [c.price for c in self.market(state).rows[0] if c is not None]
        best = min(top, key=lambda p: (abs(p - target), -p))
        best = max(best, corp.par)
        if state.options.get("reissue_cap_200", True):
            best = min(best, 200)
        return best

    def hook_price_moved(self, state: GameState, sym: str, ctx: ActionContext | None) -> None:
        super().hook_price_moved(state, sym, ctx)
        if (
            state.options.get("finish_on_400")
            and self.price(state, sym) >= 400
            and state.end_after != "now"
        ):
            state.end_after = "now"
            state.end_reason = "stock_market"

    # -- presentation ----------------------------------------------------------------------

    def render_png(self, state: GameState, path: Path) -> None:
        from transcon.titles.t1870.game.render import render_1870

        render_1870(self, state, path)

    # -- runs ------------------------------------------------------------------------------

    def hook_check_run(self, state: GameState, sym: str, action: RunRoutes) -> None:
        """§7.3/§8.3: each route named is checked with the route engine (seed 003 §8.1–8.2)
        and revalued; the revenue must be their sum. With ``check_routes`` a paying run
        must name its routes (without it, a run naming none is taken on trust)."""
        from transcon.titles.t1870.game.runs import check_run

        if not action.routes:
            if action.revenue and state.options.get("check_routes", True):
                raise IllegalAction(RULE_RUN, "a run names its routes (run REVENUE STOPS ...)")
            return
        value = check_run(state, sym, self.phase(state).name, action.routes, action.trains)
        if value != action.revenue:
            raise IllegalAction(
                RULE_RUN, f"the routes named are worth {value}, not {action.revenue}"
            )

    def hook_best_run_on_demand(self, state: GameState) -> bool:
        return bool(state.options.get("best_run_on_demand", True))

    def hook_best_run(self, state: GameState, sym: str) -> tuple[int, str] | None:
        """§8.3: the company's best run now (ROUTES' exact optimiser)."""
        from transcon.titles.t1870.game.runs import best_run

        revenue, routes, trains = best_run(state, sym, self.phase(state).name)
        text = " ".join(f"{t}:{','.join(r)}" for t, r in zip(trains, routes, strict=True))
        return (revenue, text)

    # -- bots ----------------------------------------------------------------------------

    def bots(self) -> dict[str, BotFactory]:
        from transcon.titles.t1870.game.bots import BuilderBot

        return {"builder": BuilderBot}

    def hook_bot_lays(self, state: GameState, sym: str, player: str) -> list[LayTile]:
        """Tile lays for bots: every fitting tile and rotation on the company's token hexes
        and their neighbours (new track need not join the network, see docs)."""
        from transcon.titles.t1870.game.reach import lay_problem, nearby, tile_names

        op = state.operating
        if op.step > 0 or op.upgraded or op.lays >= self.TILE_LAYS:
            return []
        colors = self.phase(state).tiles
        out: list[LayTile] = []
        for hex_ in nearby(state.corps[sym].tokens):
            if hex_ in op.laid_hexes:
                continue
            laid = state.tiles.get(hex_)
            want = data.Y if laid is None else None
            if laid is not None:
                rank = data.color_rank(data.TILE_COLOR.get(str(laid[0]), "")) + 1
                want = next((c for c in colors if data.color_rank(c) == rank), None)
                if want is None or op.lays:
                    continue
            for tile in tile_names():
                if data.TILE_COLOR.get(tile) != want:
                    continue
                for rotation in range(6):
                    if lay_problem(state, hex_, tile, rotation) is None:
                        out.append(LayTile(player=player, hex=hex_, tile=tile, rotation=rotation))
        return out

    def hook_bot_tokens(self, state: GameState, sym: str, player: str) -> list[PlaceToken]:
        """Tokens for bots: any city next to the company's tokens."""
        from transcon.titles.t1870.game.reach import city_hexes, nearby

        cities = set(city_hexes())
        return [
            PlaceToken(player=player, hex=h)
            for h in nearby(state.corps[sym].tokens)
            if h in cities or h in state.tiles
        ]

    def hook_bot_run(self, state: GameState, sym: str, player: str) -> RunRoutes:
        """With ``check_routes``: the best run (route engine's optimiser), naming its routes.
        Otherwise a rough unnamed estimate: each train counts $20 for up to (1 + station
        tokens) stops."""
        from transcon.titles.t1870.game.runs import best_run

        if state.options.get("check_routes", True):
            revenue, routes, trains = best_run(state, sym, self.phase(state).name)
            return RunRoutes(player=player, revenue=revenue, routes=routes, trains=trains)
        corp = state.corps[sym]
        spec = self.spec(state)
        total = 0
        for train in corp.trains:
            distance = spec.train(train.rsplit("-", 1)[0]).distance or 99
            total += 20 * min(distance, 1 + len(corp.tokens))
        return RunRoutes(player=player, revenue=total)

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

    def hook_connect(self, state: GameState, sym: str, choice: str, ctx: ActionContext) -> None:
        corp = state.corps[sym]
        if choice == "charter":
            corp.extra_tokens.append(100)
        else:
            dest = state.title_data.setdefault("destination_tokens", {})
            assert isinstance(dest, dict)
            dest[sym] = self.spec(state).corp(sym).destination
