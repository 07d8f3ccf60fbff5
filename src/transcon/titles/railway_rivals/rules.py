"""Railway Rivals, Transcontinental USA variant: the Title (check, apply and round flow).

Round skeleton (notes §0): setup picks and the first random cities, Round 1 builds only,
Rounds 2-16 run races then builds, four random cities at the end of rounds 1-14, and the
rival with the most cash after Round 16 wins. Phases: ``start`` (simultaneous picks),
``races`` (entries until every rival says ``done``), ``build`` (three dice segments, or one
cash segment after the Transcontinental race), ``over``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from transcon.core.errors import IllegalAction, InputError
from transcon.core.gcpause import fewer_collections
from transcon.core.interaction import Interaction, Panel, Played
from transcon.core.legal import LegalGroup
from transcon.core.options import OptionSpec, OptionValue
from transcon.core.rng import GameRandom
from transcon.core.title import (
    Action,
    ActionContext,
    MapView,
    PathQuote,
    Score,
    Setup,
    Title,
)
from transcon.titles.railway_rivals import actions as act
from transcon.titles.railway_rivals import secrets
from transcon.titles.railway_rivals.building import (
    check_build,
    path_costs,
    points_available,
    queue_build,
    resolve_builds,
)
from transcon.titles.railway_rivals.cities import (
    create_gm_cities,
    create_printed_cities,
    create_start_cities,
    new_city,
)
from transcon.titles.railway_rivals.config import OPTIONS, Config
from transcon.titles.railway_rivals.mapmodel import rr_map, with_coasts
from transcon.titles.railway_rivals.races import (
    check_entry,
    entry_team,
    offer_races,
    pick_route,
    race_by_id,
    race_name,
    resolve_races,
)
from transcon.titles.railway_rivals.spelling import Spelling
from transcon.titles.railway_rivals.state import BANK, Entry, RRState, state_to_json

if TYPE_CHECKING:
    from transcon.core.bots import BotFactory

RULE_PHASE = "variant Rounds of Play: not now"
RULE_START = "variant Game Start: pick an East Coast hex"
RULE_WCO = "variant West Coast Operations"


def roll_build_dice(rng: GameRandom, cfg: Config) -> list[int]:
    """Seed "Die Rolling Scheme": three dice, 1s rerolled, all rerolled below the minimum."""
    while True:
        dice = []
        for _ in range(3):
            die = rng.die()
            if cfg.reroll_ones == "once":
                if die == 1:
                    die = rng.die()
            else:
                while die == 1:
                    die = rng.die()
            dice.append(die)
        if sum(dice) >= cfg.build_dice_min_total:
            return dice


class RailwayRivalsUSA(Title[RRState]):
    """Railway Rivals on the Transcontinental USA map (Eric Brosius's postal variant)."""

    name: ClassVar[str] = "railway-rivals-usa"
    display_name: ClassVar[str] = "Railway Rivals: Transcontinental USA"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    retired_options: ClassVar[Mapping[str, OptionValue]] = Config.RETIRED
    action_types: ClassVar[tuple[type[Action], ...]] = act.ACTION_TYPES
    atomic_apply: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    notation: ClassVar[str] = act.NOTATION
    strongest_bot: ClassVar[str] = "greedy"

    # -- setup and flow -------------------------------------------------------------------

    def initial_state(self, setup: Setup, rng: GameRandom) -> RRState:
        try:
            cfg = Config.from_options(setup.options)
        except ValueError as err:
            raise InputError(str(err)) from None
        try:
            model = with_coasts(rr_map(cfg.map), cfg)
        except (InputError, ValueError) as err:  # a missing or broken map file
            raise InputError(f"cannot load map {cfg.map!r}: {err}") from None
        players = list(setup.players)
        return RRState(
            players=players,
            cfg=cfg,
            model=model,
            cash={p: cfg.starting_cash for p in players},
            track={p: set() for p in players},
            network={p: set() for p in players},
        )

    def current_players(self, state: RRState) -> list[str]:
        if state.phase == "over":
            return []
        if state.phase == "start":
            return [p for p in state.players if p not in state.picks]
        return [p for p in state.players if p not in state.done]

    def is_over(self, state: RRState) -> bool:
        return state.phase == "over"

    def result(self, state: RRState) -> dict[str, Score]:
        return dict(state.cash)

    # -- checking -------------------------------------------------------------------------

    def _hex(self, state: RRState, label: str) -> int:
        try:
            return state.model.hex_index(label)
        except KeyError as err:
            raise InputError(str(err.args[0])) from None

    def check(self, state: RRState, action: Action) -> None:
        p = action.player
        if isinstance(action, act.StartPick):
            if state.phase != "start":
                raise IllegalAction(RULE_PHASE, "starting hexes are picked at the start")
            h = self._hex(state, action.hex)
            if h not in state.model.east_coast or not state.model.buildable[h]:
                raise IllegalAction(RULE_START, f"{action.hex} is not an East Coast hex")
        elif isinstance(action, act.Build):
            if state.phase != "build":
                raise IllegalAction(RULE_PHASE, "building happens in the build phase")
            path = [self._hex(state, label) for label in action.path]
            check_build(state, p, path)
        elif isinstance(action, act.WestCoast):
            self._check_wco(state, p, action.hex)
        elif isinstance(action, act.Enter):
            if state.phase != "races":
                raise IllegalAction(RULE_PHASE, "races are entered at the start of a round")
            route = [self._hex(state, label) for label in action.route]
            check_entry(
                state, p, action.race, route, action.owners, action.partner, action.exchange
            )
        elif isinstance(action, act.Done) and state.phase not in ("build", "races"):
            raise IllegalAction(RULE_PHASE, "nothing to finish now")

    def _check_wco(self, state: RRState, player: str, label: str) -> int:
        cfg = state.cfg
        rounds = f"rounds {cfg.wco_first_round}-{cfg.wco_last_round}"
        if state.phase == "start" or not cfg.wco_first_round <= state.round <= cfg.wco_last_round:
            raise IllegalAction(
                RULE_WCO, f"only in {rounds}, at the start of the builds (round {state.round})"
            )
        if state.phase != "build" or state.segment != 0:
            raise IllegalAction(RULE_WCO, f"only at the start of the builds ({rounds})")
        if player in state.west_start:
            raise IllegalAction(RULE_WCO, "once per game")
        if state.pending.get(player) or state.spent.get(player):
            raise IllegalAction(RULE_WCO, "before building this round")
        if state.cash[player] < cfg.wco_cost:
            raise IllegalAction(RULE_WCO, f"costs {cfg.wco_cost}, you have {state.cash[player]}")
        h = self._hex(state, label)
        if h not in state.model.west_coast or not state.model.buildable[h]:
            raise IllegalAction(RULE_WCO, f"{label} is not a West Coast hex")
        if h in state.cities and cfg.wco_on_existing_city == "forbid":
            raise IllegalAction(RULE_WCO, f"{label} is already a city")
        if h in state.network[player]:
            raise IllegalAction(RULE_WCO, f"{label} is already on your network")
        return h

    # -- applying -------------------------------------------------------------------------

    def apply(self, state: RRState, action: Action, ctx: ActionContext) -> None:
        p = action.player
        if isinstance(action, act.StartPick):
            state.picks[p] = state.model.hex_index(action.hex)
            ctx.emit_private(
                [p], f"{p} picks {action.hex} (sealed)", f"{p} has picked a starting hex"
            )
            if len(state.picks) == len(state.players):
                self._begin_game(state, ctx)
        elif isinstance(action, act.Build):
            path = [state.model.hex_index(label) for label in action.path]
            check_build(state, p, path)
            cost, west = path_costs(state, p, path)
            queue_build(state, p, path, cost, west)
            ctx.emit_private(
                [p],
                f"{p} orders build {' '.join(action.path)} (cost {cost}, sealed)",
                f"{p} hands in a build order",
                cost=cost,
            )
        elif isinstance(action, act.WestCoast):
            self._apply_wco(state, p, action.hex, ctx)
        elif isinstance(action, act.Enter):
            self._apply_entry(state, action, ctx)
        elif isinstance(action, act.Done):
            state.done.add(p)
            if len(state.done) == len(state.players):
                if state.phase == "races":
                    resolve_races(state, ctx.rng, ctx.emit)
                    self._begin_builds(state, ctx)
                else:
                    self._end_segment(state, ctx)

    def _begin_game(self, state: RRState, ctx: ActionContext) -> None:
        state.report.append("Round 1 (building round)")
        create_start_cities(state, ctx.emit)
        if state.cfg.gm_cities == "printed":
            create_printed_cities(state, ctx.emit)
        else:
            create_gm_cities(state, len(state.players), 1, ctx.rng, ctx.emit, end=False)
        self._roll(state, ctx)
        self._begin_builds(state, ctx)

    def _roll(self, state: RRState, ctx: ActionContext) -> None:
        state.dice = roll_build_dice(ctx.rng, state.cfg)
        line = f"Building dice for round {state.round}: {' '.join(map(str, state.dice))}"
        state.report.append(line)
        ctx.emit(line, dice=list(state.dice))

    def _begin_builds(self, state: RRState, ctx: ActionContext) -> None:
        state.phase = "build"
        state.segment = 0
        state.done.clear()
        state.spent.clear()
        state.pending.clear()
        state.pending_west.clear()
        state.carry.clear()
        if state.cash_mode:
            line = (
                f"Round {state.round} builds: up to {state.cfg.cash_build_max_links} "
                "hexes paid in cash"
            )
            state.report.append(line)
            ctx.emit(line)

    def _end_segment(self, state: RRState, ctx: ActionContext) -> None:
        resolve_builds(state, ctx.emit)
        state.done.clear()
        if state.cfg.carry_build_points and not state.cash_mode:
            state.carry = {
                p: points_available(state, p) for p in state.players if points_available(state, p)
            }
        state.spent.clear()
        if not state.cash_mode and state.segment < len(state.dice) - 1:
            state.segment += 1
            return
        self._end_round(state, ctx)

    def _end_round(self, state: RRState, ctx: ActionContext) -> None:
        cfg = state.cfg
        if cfg.gm_cities == "during_play" and state.round <= cfg.city_creation_last_round:
            count = cfg.gm_cities_per_round
            create_gm_cities(state, count, state.round, ctx.rng, ctx.emit, end=True)
        state.last_report = state.report
        state.report = []
        if state.round >= cfg.rounds:
            state.phase = "over"
            ranking = sorted(state.players, key=lambda p: -state.cash[p])
            line = "Game over. Cash: " + ", ".join(f"{p} {state.cash[p]}" for p in ranking)
            state.last_report.append(line)
            ctx.emit(line)
            return
        state.round += 1
        state.report.append(f"Round {state.round}")
        ctx.emit(f"Round {state.round} begins")
        if cfg.cash_build_starts == "next_round" and state.tc_run_round is not None:
            state.cash_mode = True
        if not state.cash_mode:
            self._roll(state, ctx)
        state.phase = "races"
        state.done.clear()
        offer_races(state, ctx.rng, ctx.emit)
        if not state.races:
            self._begin_builds(state, ctx)

    def _apply_wco(self, state: RRState, player: str, label: str, ctx: ActionContext) -> None:
        h = self._check_wco(state, player, label)
        state.pay(player, BANK, state.cfg.wco_cost, "West Coast operations")
        city = state.cities.get(h)
        if city is None:
            city = new_city(state, h, "wco")
            what = f"founds {city.name}"
        else:
            city.keys += 1
            what = f"adds a key to {city.name}"
        state.west_start[player] = h
        state.wco_round[player] = state.round
        state.wc_connected[player] = False
        state.network[player].add(h)
        state.version += 1
        state.cache.clear()
        line = f"{player} starts West Coast operations at {label}: {what}"
        state.report.append(line)
        ctx.emit(line)

    def _apply_entry(self, state: RRState, action: act.Enter, ctx: ActionContext) -> None:
        p = action.player
        route = [state.model.hex_index(label) for label in action.route]
        checked = check_entry(
            state, p, action.race, route, action.owners, action.partner, action.exchange
        )
        race = race_by_id(state, action.race)
        if checked is None:
            team = entry_team(p, action.partner, action.exchange)
            option = pick_route(state, race, team, ctx.rng)
            route, owners = list(option.route), list(option.owners)
        else:
            route, owners = checked
        state.entries.append(Entry(action.race, p, route, owners, action.partner, action.exchange))
        line = f"{p} enters race {race_name(state, race)} (sealed)"
        if action.partner:
            line += f" with {action.partner}"
        if action.exchange:
            line += f", exchanging running powers with {action.exchange}"
        shown = " ".join(state.model.labels[h] for h in route)
        ctx.emit_private([p], f"{line}: {shown}", f"{p} hands in a race entry")

    # -- legal actions, notation, presentation -------------------------------------------

    def legal_actions(self, state: RRState, player: str) -> list[Action]:
        from transcon.titles.railway_rivals.legal import legal_actions

        with fewer_collections():  # thousands of route labels and entries
            return legal_actions(self, state, player)

    def legal_groups(self, state: RRState, player: str) -> list[LegalGroup]:
        from transcon.titles.railway_rivals.legaltext import legal_groups

        with fewer_collections():
            return legal_groups(self, state, player)

    def parse_action(self, text: str, state: RRState, player: str) -> Action:
        parsed = act.parse(text, player, Spelling.of(state))
        return parsed if parsed is not None else super().parse_action(text, state, player)

    def format_action(self, action: Action) -> str:
        text = act.format_action(action)
        return text if text is not None else super().format_action(action)

    def state_to_json(self, state: RRState) -> dict[str, Any]:
        return state_to_json(state)

    def describe_status(self, state: RRState) -> str:
        from transcon.titles.railway_rivals.presentation import describe_status

        return describe_status(state)

    # -- hidden information (sealed orders, see ``secrets``) ----------------------------------

    def player_view(self, state: RRState, viewer: str | None) -> dict[str, Any]:
        return secrets.player_view(state, viewer)

    def describe_status_for(self, state: RRState, viewer: str | None) -> str:
        from transcon.titles.railway_rivals.presentation import describe_status

        return describe_status(state, viewer)

    def format_action_for(self, action: Action, state: RRState, viewer: str | None) -> str:
        sealed = secrets.format_action_for(action, state, viewer)
        return sealed if sealed is not None else self.format_action(action)

    def cheapest_path(self, state: RRState, player: str, start: str, end: str) -> PathQuote | None:
        from transcon.titles.railway_rivals.pathquote import cheapest_path

        return cheapest_path(state, player, start, end)

    def describe_hex(self, state: RRState, player: str | None, place: str) -> str:
        from transcon.titles.railway_rivals.hexinfo import describe_hex

        return describe_hex(state, player, place)

    def render_png(self, state: RRState, path: Path) -> None:
        self.render_png_for(state, path, None)

    def render_png_for(self, state: RRState, path: Path, viewer: str | None) -> None:
        from transcon.titles.railway_rivals.presentation import render_png

        render_png(state, path, viewer)

    def render_png_view(
        self, state: RRState, path: Path, view: MapView, viewer: str | None
    ) -> None:
        from transcon.titles.railway_rivals.presentation import render_png

        render_png(state, path, viewer, view)

    # -- the browser client (interaction.py) ------------------------------------------------

    def board_svg(
        self,
        state: RRState,
        viewer: str | None,
        colour_blind: bool,
        labels: bool,
        played: Played | None = None,
    ) -> str:
        from transcon.titles.railway_rivals.interaction import board_svg

        return board_svg(state, viewer, colour_blind, labels)

    def choices(self, state: RRState, player: str) -> Interaction:
        from transcon.titles.railway_rivals.interaction import choices

        return choices(self.legal_actions(state, player), state, player)

    def path_action(self, state: RRState, player: str, tool: str, hexes: Sequence[str]) -> Action:
        from transcon.titles.railway_rivals.interaction import path_action

        return path_action(state, player, tool, hexes)

    def action_cost(self, state: RRState, action: Action) -> int | None:
        from transcon.titles.railway_rivals.interaction import action_cost

        return action_cost(state, action)

    def panels(self, state: RRState, viewer: str | None) -> list[Panel]:
        from transcon.titles.railway_rivals.interaction import panels

        return panels(state, viewer, self.current_players(state))

    def timeline_values(self, state: RRState, viewer: str | None) -> dict[str, float]:
        """Cash as ``viewer`` may see it (sealed construction not yet deducted)."""
        from transcon.titles.railway_rivals.interaction import timeline_values

        return timeline_values(state, viewer)

    def bots(self) -> dict[str, BotFactory]:
        from transcon.titles.railway_rivals.bots import GreedyBot, RandomLegalBot

        return {"random-legal": RandomLegalBot, "greedy": GreedyBot}

    def game_statistics(self, state: RRState) -> dict[str, Any]:
        from transcon.titles.railway_rivals.presentation import game_statistics

        return game_statistics(state)

    def aggregate_statistics(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        from transcon.titles.railway_rivals.presentation import aggregate_statistics

        return aggregate_statistics(games)
