"""Railways of the World, Eastern + Western USA combined: the :class:`Title`.

The rules live in one module per job (build, deliveries, cards, flow, scoring); this class
checks each action completely (``atomic_apply``), dispatches, and presents the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.interaction import Interaction, Panel, Played
from transcon.core.legal import LegalGroup, group_actions
from transcon.core.options import OptionSpec
from transcon.core.rng import GameRandom
from transcon.core.title import Action, ActionContext, PathQuote, Score, Setup, Title
from transcon.titles.rotw import build as building
from transcon.titles.rotw import cards, deliveries, flow, hidden, notation, scoring
from transcon.titles.rotw.actions import (
    ACTION_TYPES,
    Build,
    Buyback,
    ChooseBaron,
    Deliver,
    Grow,
    IssueBond,
    Pass,
    Settle,
    TakeCard,
    Upgrade,
    Urbanize,
)
from transcon.titles.rotw.candidates import build_candidates
from transcon.titles.rotw.data import (
    BOND_REPAY,
    CARDS,
    ENGINE_COST,
    GRAY,
    LETTER,
    NEW_CITY_TILES,
    next_engine,
)
from transcon.titles.rotw.economy import bond_value, can_pay, pay
from transcon.titles.rotw.graph import BoardGraph, graph_for
from transcon.titles.rotw.state import OPTIONS, RotwOptions, RotwState

if TYPE_CHECKING:
    from transcon.core.bots import BotFactory

RULE_STEP = "turn structure: this action is not possible now"
RULE_BARON = "variant rule 2: keep one of your two dealt Eastern barons"
RULE_ENGINE = "variant rule 10: engine upgrades go 1-2-3-4-6-8-10-12-Super-Chief"
RULE_CARD = "ops cards: you must hold the card you use"
TARGETS_PER_CARD = 3

MAIN_ACTIONS = (Build, Urbanize, Upgrade, Deliver, TakeCard, Pass)
FREE_ACTIONS = (IssueBond, Buyback)


class RailwaysOfTheWorldEastWest(Title[RotwState]):
    """The combined Eastern + Western USA game of Railways of the World (Robertson/Brown)."""

    name: ClassVar[str] = "rotw-east-west"
    display_name: ClassVar[str] = "Railways of the World: Eastern + Western USA"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    atomic_apply: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    notation: ClassVar[str] = notation.NOTATION
    strongest_bot: ClassVar[str] = "greedy"

    def graph(self, state: RotwState) -> BoardGraph:
        return graph_for(state.opt.map)

    # -- setup and flow ---------------------------------------------------------------------
    def initial_state(self, setup: Setup, rng: GameRandom) -> RotwState:
        return flow.setup_state(graph_for(RotwOptions.view(setup.options).map), setup, rng)

    def current_players(self, state: RotwState) -> list[str]:
        return flow.current(state)

    def is_over(self, state: RotwState) -> bool:
        return state.step == "over"

    def result(self, state: RotwState) -> dict[str, Score]:
        return {p: scoring.final_points(state, p) for p in state.players}

    def winners(self, state: RotwState) -> list[str]:
        """Most points; with ``transcontinental_required`` players with a coast-to-coast
        railroad rank above those without. Ties: more cash left, then fewer bonds."""
        if not self.is_over(state):
            return []

        def key(p: str) -> tuple[int, int, int, int]:
            ps = state.pl[p]
            need = state.opt.victory_mode == "transcontinental_required"
            return (
                int(ps.transcon) if need else 0,
                scoring.final_points(state, p),
                ps.cash % 10,
                -ps.bonds,
            )

        best = max(key(p) for p in state.players)
        return [p for p in state.players if key(p) == best]

    # -- rules -------------------------------------------------------------------------------
    def check(self, state: RotwState, action: Action) -> None:
        g = self.graph(state)
        step = state.step
        if step == "barons":
            if not isinstance(action, ChooseBaron):
                raise IllegalAction(RULE_STEP, "choose your Eastern baron first (baron CARD)")
            if action.card not in state.pl[action.player].east_dealt:
                raise IllegalAction(RULE_BARON, f"{action.card} was not dealt to you")
            return
        if step == "production":
            if not isinstance(action, Grow):
                raise IllegalAction(RULE_STEP, "Increase Production: grow CITY or grow none")
            cards.check_grow(g, state, action)
            return
        if step == "settle":
            if not isinstance(action, Settle):
                first = "the game ends" if state.final_settle else "the Western phase begins"
                raise IllegalAction(RULE_STEP, f"{first}: settle WB.. first")
            flow.check_settle(g, state, action)
            return
        if not isinstance(action, MAIN_ACTIONS + FREE_ACTIONS):
            raise IllegalAction(RULE_STEP, f"{action.type} is not possible now")
        if isinstance(action, Build):
            state._checked = (action, building.plan_build(g, state, action))
        elif isinstance(action, Deliver):
            state._checked = (action, deliveries.plan_delivery(g, state, action))
        elif isinstance(action, Urbanize):
            building.check_urbanize(g, state, action)
        elif isinstance(action, Upgrade):
            self._upgrade_cost(state, action)
        elif isinstance(action, TakeCard):
            cards.check_take(g, state, action)
        elif isinstance(action, Buyback):
            cards.check_buyback(state, action)

    def _upgrade_cost(self, state: RotwState, action: Upgrade) -> int:
        p = state.pl[action.player]
        target = next_engine(p.engine)
        if target is None:
            raise IllegalAction(RULE_ENGINE, "you already have the Super-Chief")
        cost = ENGINE_COST[target]
        if "used_engines" in state.events and any(
            state.pl[q].engine > p.engine for q in state.players if q != action.player
        ):
            cost -= min(target - p.engine, 2) if target < 99 else 1
        if action.coal:
            if "coal_engines" not in p.kept_cards:
                raise IllegalAction(RULE_CARD, "you hold no Coal-Fueled Engines card")
            cost = -(-cost // 2)
        can_pay(state, action.player, cost)
        return cost

    def apply(self, state: RotwState, action: Action, ctx: ActionContext) -> None:
        g = self.graph(state)
        player = action.player
        p = state.pl[player]
        checked, state._checked = state._checked, None  # the plan check() made, if for this
        if isinstance(action, ChooseBaron):
            p.east_baron = action.card
            ctx.emit_private(
                [player],
                f"{player} keeps Eastern baron {hidden.baron_label(action.card)}",
                f"{player} keeps an Eastern baron",
            )
            if all(state.pl[q].east_baron for q in state.players):
                flow.start_game_turn(g, state, ctx)
            return
        if isinstance(action, Grow):
            cards.apply_grow(g, state, action, ctx)
            flow.production_done(g, state, ctx)
            return
        if isinstance(action, Settle):
            flow.apply_settle(g, state, action, ctx)
            return
        if isinstance(action, IssueBond):
            value = bond_value(state)
            p.bonds += 1
            p.cash += value
            ctx.emit(f"{player} issues a bond for ${value}k")
            return
        if isinstance(action, Buyback):
            cards.apply_buyback(state, action, ctx)
            return
        if isinstance(action, Build):
            plan = checked[1] if checked is not None and checked[0] is action else None
            if not isinstance(plan, building.BuildPlan):
                plan = building.plan_build(g, state, action)
            link = building.apply_build(g, state, action, plan, ctx)
            if link is not None:
                scoring.after_link(g, state, link, ctx)
        elif isinstance(action, Deliver):
            dplan = checked[1] if checked is not None and checked[0] is action else None
            if not isinstance(dplan, deliveries.DeliveryPlan):
                dplan = deliveries.plan_delivery(g, state, action)
            deliveries.apply_delivery(g, state, action, dplan, ctx)
        elif isinstance(action, Urbanize):
            building.apply_urbanize(g, state, action, ctx)
        elif isinstance(action, Upgrade):
            cost = self._upgrade_cost(state, action)
            pay(state, player, cost, ctx)
            if action.coal:
                p.kept_cards.remove("coal_engines")
            target = next_engine(p.engine)
            assert target is not None
            p.engine = target
            ctx.emit(f"{player} upgrades to engine {target} for ${cost}k")
        elif isinstance(action, TakeCard):
            cards.apply_take(g, state, action, ctx)
        else:
            ctx.emit(f"{player} passes")
        flow.end_action(g, state, ctx)

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self, state: RotwState, player: str) -> list[Action]:
        """Every legal action, except that builds are the representative subset of
        :mod:`~transcon.titles.rotw.candidates`, deliveries are capped per cube, and card or
        urbanize targets are limited to a few cities."""
        if player not in flow.current(state):
            return []
        g = self.graph(state)
        p = state.pl[player]
        if state.step == "barons":
            return [ChooseBaron(player=player, card=c) for c in p.east_dealt]
        if state.step == "production":
            targets = self._targets(g, state, player, coloured=True)
            return [Grow(player=player), *(Grow(player=player, city=c) for c in targets)]
        if state.step == "settle":
            if flow.final_barons_only(state):
                return [Settle(player=player, west_baron=w) for w in p.west_dealt]
            out: list[Action] = []
            repay = min(p.bonds, p.cash // BOND_REPAY)
            for w in p.west_dealt:
                out.append(Settle(player=player, west_baron=w))
                if repay:
                    out.append(Settle(player=player, west_baron=w, repay=repay))
                if p.bonds - repay:
                    out.append(
                        Settle(player=player, west_baron=w, repay=repay, discard=p.bonds - repay)
                    )
            return out
        actions: list[Action] = [Pass(player=player), IssueBond(player=player)]
        candidates: list[Action] = []
        if "bond_buyback" in state.events:
            candidates.extend(Buyback(player=player, count=n) for n in (1, 2, 3))
        candidates.append(Upgrade(player=player))
        if "coal_engines" in p.kept_cards:
            candidates.append(Upgrade(player=player, coal=True))
        for city in self._targets(g, state, player, gray=True):
            for colour in NEW_CITY_TILES:
                candidates.append(Urbanize(player=player, city=city, colour=colour))
        for card_id in state.display:
            kind = CARDS[card_id].kind
            if kind in ("new_industry", "boomtown"):
                for city in self._targets(g, state, player, gray=True):
                    colour = next((c for c in NEW_CITY_TILES if state.tiles.get(c, 0)), "")
                    candidates.append(
                        TakeCard(player=player, card=card_id, city=city, colour=colour)
                    )
            elif kind == "city_growth":
                for city in self._targets(g, state, player, coloured=True):
                    candidates.append(TakeCard(player=player, card=card_id, city=city))
            else:
                candidates.append(TakeCard(player=player, card=card_id))
        actions.extend(a for a in candidates if self.is_legal(state, a))
        actions.extend(deliveries.enumerate_deliveries(g, state, player))
        actions.extend(build_candidates(g, state, player))
        return actions

    def _targets(
        self,
        g: BoardGraph,
        s: RotwState,
        player: str,
        *,
        gray: bool = False,
        coloured: bool = False,
    ) -> list[str]:
        """A few target cities for cards and urbanizing: those on the player's links first."""
        mine = sorted({c for lk in s.links if lk.owner == player and lk.b for c in (lk.a, lk.b)})
        pool = mine + [c for c in sorted(g.cities) if c not in mine]
        out = []
        for city in pool:
            colour = building.city_colour(g, s, city)
            if gray and colour != GRAY:
                continue
            if coloured and colour == GRAY:
                continue
            out.append(city)
            if len(out) >= TARGETS_PER_CARD:
                break
        return out

    # -- notation -------------------------------------------------------------------------
    def parse_action(self, text: str, state: RotwState, player: str) -> Action:
        parsed = notation.parse(self.graph(state), state, text, player)
        return parsed if parsed is not None else super().parse_action(text, state, player)

    def format_action(self, action: Action) -> str:
        text = notation.fmt(action)
        return text if text is not None else super().format_action(action)

    def legal_groups(self, state: RotwState, player: str) -> list[LegalGroup]:
        """Deliveries by cube, builds as one group (`transcon path` finds a given one), the
        rest by type."""
        return group_actions(self.legal_actions(state, player), self.format_action, _group_of)

    def state_to_json(self, state: RotwState) -> dict[str, Any]:
        return state.to_json()

    # -- presentation ---------------------------------------------------------------------
    def describe_status(self, state: RotwState) -> str:
        from transcon.titles.rotw.status import describe

        return describe(self.graph(state), state)

    def describe_status_for(self, state: RotwState, viewer: str | None) -> str:
        """The status as ``viewer`` may read it: other players' barons stay hidden."""
        from transcon.titles.rotw.status import describe

        return describe(self.graph(state), state, viewer)

    def describe_status_full(self, state: RotwState, viewer: str | None) -> str:
        """Every major line and every city's cubes (``status --full``)."""
        from transcon.titles.rotw.status import describe

        return describe(self.graph(state), state, viewer, full=True)

    def player_view(self, state: RotwState, viewer: str | None) -> dict[str, Any]:
        """The state ``viewer`` may see, plus ``progress``: the live goal counters
        (progress.py; ``transcon status --json``)."""
        from transcon.titles.rotw.progress import progress

        data = hidden.player_view(state, viewer)
        data["progress"] = progress(self.graph(state), state, viewer)
        return data

    def format_action_for(self, action: Action, state: RotwState, viewer: str | None) -> str:
        return hidden.format_action_for(action, state, viewer, self.format_action(action))

    def render_png(self, state: RotwState, path: Path) -> None:
        from transcon.titles.rotw.render import render_state

        render_state(self.graph(state), state, path)

    def cheapest_path(
        self, state: RotwState, player: str, start: str, end: str
    ) -> PathQuote | None:
        """Cheapest track between two cities for ``player`` now (own links free; seed 23's
        $20k included when due); see :mod:`~transcon.titles.rotw.pathfind`."""
        from transcon.titles.rotw.pathfind import cheapest_path

        return cheapest_path(self.graph(state), state, player, start, end)

    # -- the browser client (interaction.py) ------------------------------------------------

    def board_svg(
        self,
        state: RotwState,
        viewer: str | None,
        colour_blind: bool,
        labels: bool,
        played: Played | None = None,
    ) -> str:
        """Cube and owner letters are always drawn (colour-blind mode is the default)."""
        from transcon.render import RenderOptions
        from transcon.titles.rotw.render import rotw_svg

        return rotw_svg(self.graph(state), state, RenderOptions(show_labels=labels, hit_layer=True))

    def choices(self, state: RotwState, player: str) -> Interaction:
        from transcon.titles.rotw.interaction import choices

        legal = self.legal_actions(state, player)
        return choices(self.graph(state), state, player, legal, self.format_action)

    def path_action(self, state: RotwState, player: str, tool: str, hexes: Sequence[str]) -> Action:
        from transcon.titles.rotw.interaction import path_action

        return path_action(self.graph(state), player, tool, hexes)

    def action_cost(self, state: RotwState, action: Action) -> int | None:
        """A build's cost in $k (with the Western surcharge); None when it breaks a rule."""
        from transcon.titles.rotw.interaction import build_cost

        return build_cost(self.graph(state), state, action) if isinstance(action, Build) else None

    def panels(self, state: RotwState, viewer: str | None) -> list[Panel]:
        from transcon.titles.rotw.interaction import panels

        return panels(self.graph(state), state, viewer, flow.current(state))

    def hex_info(self, state: RotwState, viewer: str | None, hex_id: str) -> list[str]:
        from transcon.titles.rotw.interaction import hex_info

        return hex_info(self.graph(state), state, hex_id)

    def timeline_values(self, state: RotwState, viewer: str | None) -> dict[str, float]:
        """Each player's score on the track (barons count only at the end)."""
        return {p: float(state.pl[p].score) for p in state.players}

    def round_label(self, state: RotwState) -> str:
        return f"turn {state.game_turn}"

    def bots(self) -> dict[str, BotFactory]:
        from transcon.titles.rotw.bots import GreedyBot

        return {"greedy": GreedyBot}

    def game_statistics(self, state: RotwState) -> dict[str, Any]:
        from transcon.titles.rotw.status import game_statistics

        return game_statistics(state, self.winners(state))

    def aggregate_statistics(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        from transcon.titles.rotw.status import aggregate_statistics

        return aggregate_statistics(games)


def _group_of(action: Action) -> str:
    if isinstance(action, Build):
        return "build (or ask `transcon path GAME FROM TO`)"
    if isinstance(action, Deliver):
        return f"deliver {LETTER[action.cube]}"
    return action.type
