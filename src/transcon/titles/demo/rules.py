"""Demo Rails: a tiny build-to-connect game on the demo board.

It exists to exercise the engine core end to end (options, dice through the game's generator,
rule checks, events, rendering) until the real titles land. Rules:

1. **Homes.** Each player starts at a home city, by seat: Westport, Centerville, Eastham.
2. **Turn.** A turn is ``roll`` (one die; you get that many build points plus one), then any
   number of ``build`` actions, then ``pass``. Unused points are lost.
3. **Building.** ``build B1 B2 C3`` lays track along a path of neighbouring hexes that starts
   on your network (your home or a hex your track reaches). Each hex entered costs its terrain
   (plain 1, hill 2, swamp 2, mountain 3) plus 2 for crossing a river side. No track into water,
   into a foreign country, or across an impassable side; a side carries one player's track.
4. **End.** After ``rounds`` rounds (option, default 6) the player whose network reaches the
   most sites (cities, towns, the off-board) wins; ties share the win.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from transcon.core.board import Board, Terrain
from transcon.core.errors import IllegalAction, InputError
from transcon.core.hexgrid import Hex
from transcon.core.interaction import Played
from transcon.core.mapfile import load_map
from transcon.core.options import Options, OptionSpec, option
from transcon.core.rng import GameRandom
from transcon.core.title import Action, ActionContext, Score, Setup, Title

MAP_NAME = "demo"
HOME_SITES = ("B1", "C4", "B6")
TERRAIN_COST = {Terrain.PLAIN: 1, Terrain.HILL: 2, Terrain.SWAMP: 2, Terrain.MOUNTAIN: 3}
RIVER_COST = 2

RULE_ROLL = "demo 2: roll first"
RULE_POINTS = "demo 2: build points"
RULE_NETWORK = "demo 3: build from your network"
RULE_TERRAIN = "demo 3: no track into water, foreign land or across impassable sides"
RULE_PATH = "demo 3: a path of neighbouring hexes"
RULE_TAKEN = "demo 3: one player's track per side"


class Roll(Action):
    type: Literal["roll"] = "roll"


class Build(Action):
    type: Literal["build"] = "build"
    path: tuple[str, ...] = Field(min_length=2)


class Pass(Action):
    type: Literal["pass"] = "pass"


class DemoState(BaseModel):
    """Everything that changes during a demo game (JSON-friendly: lists, not sets)."""

    players: list[str]
    rounds: int
    round: int = 1
    turn: int = 0  # index into players
    points: int | None = None  # None until this turn's roll
    homes: dict[str, str]
    track: list[tuple[str, str, str]] = Field(default_factory=list)  # (owner, hex, hex)
    last_roll: int | None = None
    over: bool = False


def _side(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class DemoOptions(Options):
    """The options of Demo Rails."""

    rounds: int = option(
        6, "Rounds before the game ends.", rule="Demo rules 4 (End)", min=1, max=50
    )


class DemoTitle(Title[DemoState]):
    name: ClassVar[str] = "demo"
    display_name: ClassVar[str] = "Demo Rails"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 3
    options: ClassVar[tuple[OptionSpec, ...]] = DemoOptions.specs()
    action_types: ClassVar[tuple[type[Action], ...]] = (Roll, Build, Pass)
    atomic_apply: ClassVar[bool] = True
    notation: ClassVar[str] = (
        "`roll`; `build B1 B2 C3` (a path of hex labels starting on your network); `pass`."
    )

    @functools.cached_property
    def board(self) -> Board:
        return load_map(MAP_NAME)

    # -- setup and flow -----------------------------------------------------------------
    def initial_state(self, setup: Setup, rng: GameRandom) -> DemoState:
        homes = {p: HOME_SITES[i] for i, p in enumerate(setup.players)}
        return DemoState(
            players=list(setup.players), rounds=DemoOptions.view(setup.options).rounds, homes=homes
        )

    def current_players(self, state: DemoState) -> list[str]:
        return [] if state.over else [state.players[state.turn]]

    def is_over(self, state: DemoState) -> bool:
        return state.over

    def result(self, state: DemoState) -> dict[str, Score]:
        return {p: len(self.sites_reached(state, p)) for p in state.players}

    # -- rules ----------------------------------------------------------------------------
    def network(self, state: DemoState, player: str) -> set[str]:
        hexes = {state.homes[player]}
        for owner, a, b in state.track:
            if owner == player:
                hexes.update((a, b))
        return hexes

    def sites_reached(self, state: DemoState, player: str) -> list[str]:
        board = self.board
        return sorted(
            h for h in self.network(state, player) if board.hex_at_label(h).site is not None
        )

    def build_cost(self, state: DemoState, action: Build) -> int:
        """The cost of a build; raises IllegalAction naming the broken rule."""
        board = self.board
        taken = {_side(a, b) for _, a, b in state.track}
        if action.path[0] not in self.network(state, action.player):
            raise IllegalAction(RULE_NETWORK, f"{action.path[0]} is not on your network")
        cost = 0
        seen: set[tuple[str, str]] = set()
        for a_label, b_label in zip(action.path, action.path[1:], strict=False):
            try:
                a, b = board.hex(a_label), board.hex(b_label)
            except KeyError as err:
                raise InputError(str(err.args[0])) from None
            if not a.is_neighbor(b):
                raise IllegalAction(RULE_PATH, f"{a_label} and {b_label} are not neighbours")
            info = board.info(b)
            if info.is_water or info.country != "US" or board.has_side_feature(a, b, "impassable"):
                raise IllegalAction(RULE_TERRAIN, f"cannot build {a_label}-{b_label}")
            side = _side(a_label, b_label)
            if side in taken or side in seen:
                raise IllegalAction(RULE_TAKEN, f"{a_label}-{b_label} already has track")
            seen.add(side)
            cost += TERRAIN_COST.get(Terrain(info.terrain), 1)
            if board.has_side_feature(a, b, "river"):
                cost += RIVER_COST
        return cost

    def check(self, state: DemoState, action: Action) -> None:
        if isinstance(action, Roll):
            if state.points is not None:
                raise IllegalAction(RULE_ROLL, "you have already rolled this turn")
        elif state.points is None:
            raise IllegalAction(RULE_ROLL, "roll before building or passing")
        if isinstance(action, Build):
            cost = self.build_cost(state, action)
            assert state.points is not None
            if cost > state.points:
                raise IllegalAction(RULE_POINTS, f"costs {cost}, you have {state.points} points")

    def apply(self, state: DemoState, action: Action, ctx: ActionContext) -> None:
        player = action.player
        if isinstance(action, Roll):
            die = ctx.rng.die()
            state.points = die + 1
            state.last_roll = die
            ctx.emit(f"{player} rolls {die}: {die + 1} build points", die=die)
        elif isinstance(action, Build):
            cost = self.build_cost(state, action)
            assert state.points is not None
            state.points -= cost
            for a, b in zip(action.path, action.path[1:], strict=False):
                state.track.append((player, a, b))
            ctx.emit(f"{player} builds {'-'.join(action.path)} for {cost}", cost=cost)
        else:
            ctx.emit(f"{player} passes")
            state.points = None
            state.turn += 1
            if state.turn == len(state.players):
                state.turn = 0
                state.round += 1
                if state.round > state.rounds:
                    state.over = True
                    scores = self.result(state)
                    ctx.emit("Game over: " + ", ".join(f"{p} {s}" for p, s in scores.items()))

    def legal_actions(self, state: DemoState, player: str) -> list[Action]:
        if state.over or player != state.players[state.turn]:
            return []
        if state.points is None:
            return [Roll(player=player)]
        actions: list[Action] = [Pass(player=player)]
        board = self.board
        for start in sorted(self.network(state, player)):
            for n in board.neighbors(board.hex(start)):
                build = Build(player=player, path=(start, board.label(n)))
                if self.is_legal(state, build):
                    actions.append(build)
        return actions

    # -- notation and presentation --------------------------------------------------------
    def parse_action(self, text: str, state: DemoState, player: str) -> Action:
        words = text.split()
        if words and words[0] == "build" and all("=" not in w for w in words[1:]):
            if len(words) < 3:
                raise InputError("build needs a path of at least two hexes: build B1 B2")
            return Build(player=player, path=tuple(w.upper() for w in words[1:]))
        if words in (["roll"], ["pass"]):
            return self.action_from_json({"type": words[0], "player": player})
        return super().parse_action(text, state, player)

    def format_action(self, action: Action) -> str:
        if isinstance(action, Build):
            return "build " + " ".join(action.path)
        return action.type

    def state_to_json(self, state: DemoState) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def describe_status(self, state: DemoState) -> str:
        lines = [f"Demo Rails, round {min(state.round, state.rounds)} of {state.rounds}"]
        for p in state.players:
            sites = ", ".join(self.sites_reached(state, p))
            lines.append(f"  {p:10} home {state.homes[p]:4} sites reached: {sites}")
        if state.over:
            lines.append("Game over. Winner: " + ", ".join(self.winners(state)))
        else:
            pts = "not rolled" if state.points is None else f"{state.points} points"
            lines.append(f"To act: {state.players[state.turn]} ({pts})")
        return "\n".join(lines)

    def render_png(self, state: DemoState, path: Path) -> None:
        from transcon.titles.demo.render import render_state

        render_state(self.board, state, path)

    def board_svg(
        self,
        state: DemoState,
        viewer: str | None,
        colour_blind: bool,
        labels: bool,
        played: Played | None = None,
    ) -> str:
        from transcon.titles.demo.render import demo_svg

        return demo_svg(self.board, state, colour_blind, labels)

    def hexes(self, labels: tuple[str, ...]) -> list[Hex]:
        board = self.board
        return [board.hex(label) for label in labels]
