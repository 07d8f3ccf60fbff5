"""18C2C positions for the route engine: the title's hooks on the generic
:class:`~transcon.eighteen.bridge.RouteBridge`.

The map is the D variant's layer of the setup (full map or Super-short,
:func:`transcon.titles.c2c.data.load_layer`), stop values are the printed ones (seed 001 3j:
destination tokens double nothing; D trains double the company's own stations themselves),
and every graph groups the hexes of a multi-hex off-board area into one stop
(:func:`transcon.titles.c2c.routes.group_offboard_areas`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from transcon.core.board import Board
from transcon.eighteen.bridge import RouteBridge, RouteContext
from transcon.eighteen.graph import stops_within_reach
from transcon.eighteen.position import Position18xx
from transcon.eighteen.tilefile import Board18xx
from transcon.eighteen.tiles import TileSet
from transcon.titles.c2c.bonuses import PlacedBonus, bonus_at
from transcon.titles.c2c.data import Setup, load_board, load_layer, load_tiles
from transcon.titles.c2c.options import NETWORK_WALK_BUDGET, C2COptions
from transcon.titles.c2c.routes import coast_stops, group_offboard_areas, stop_values

if TYPE_CHECKING:
    from transcon.core.hexgrid import Hex
    from transcon.eighteen.framework.state import GameState
    from transcon.eighteen.graph import PlacedTile, TrackGraph
    from transcon.eighteen.routes import StopValues


@dataclass(frozen=True, slots=True)
class C2CMap:
    """The board, the D variant's 18xx layer of a setup and the D tile set."""

    board: Board
    layer: Board18xx
    tiles: TileSet


@dataclass(slots=True)
class PositionC2C(Position18xx):
    """An 18C2C position: the 18xx one and the base privates' bonus tokens on the map."""

    bonus_tokens: tuple[PlacedBonus, ...] = ()


@dataclass(frozen=True, slots=True)
class RoutesC2C:
    """18C2C's hooks for the route bridge: no destination tokens on the map (D variant 3j);
    the bonuses are the base privates' bonus tokens (``base_powers.placed_bonuses``)."""

    data: C2CMap
    network_walk_budget: int = NETWORK_WALK_BUDGET
    """Option ``network_walk_budget`` (:func:`transcon.eighteen.network.company_reach`)."""

    def new_position(self, tiles: dict[Hex, PlacedTile]) -> Position18xx:
        return PositionC2C(self.data, tiles)

    def destinations(self, state: GameState) -> tuple[str, ...]:
        return ()

    def bonuses(self, state: GameState) -> tuple[object, ...]:
        from transcon.titles.c2c.game.base_powers import placed_bonuses

        return placed_bonuses(state)

    def place_destination(self, position: Position18xx, company: str) -> None:
        raise AssertionError("18C2C puts no destination token on the map")

    def apply_bonuses(self, position: Position18xx, bonuses: tuple[object, ...]) -> None:
        assert isinstance(position, PositionC2C)
        position.bonus_tokens = tuple(b for b in bonuses if isinstance(b, PlacedBonus))

    def stop_values(self, graph: TrackGraph, company: str, position: Position18xx) -> StopValues:
        """The printed values plus the bonus tokens' for ``company`` (a D train doubles a
        stop holding the company's token bonus included: the engine doubles a stop's value)."""
        tokens = position.bonus_tokens if isinstance(position, PositionC2C) else ()
        bonus = {position.hex(h): v for h, v in bonus_at(tokens, company).items()}
        return stop_values(graph, bonus)


@lru_cache(maxsize=4)
def bridge_for(setup: Setup, walk_budget: int = NETWORK_WALK_BUDGET) -> RouteBridge[Position18xx]:
    """The route bridge of a setup and network walk budget (it owns the caches)."""
    data = C2CMap(load_board(), load_layer("d", setup), load_tiles("d"))
    hooks = RoutesC2C(data, walk_budget)
    return RouteBridge(hooks, prepare_graph=partial(group_offboard_areas, data.board))


def context_of(state: GameState, setup: Setup, phase: str) -> RouteContext[Position18xx]:
    """The cached position of ``state`` at ``phase`` and what is built from it."""
    budget = C2COptions.view(state.options).network_walk_budget
    return bridge_for(setup, budget).context_of(state, phase)


def track_reach(ctx: RouteContext[Position18xx], company: str, starts: Iterable[int]) -> set[int]:
    """The stops walked from ``starts`` along track, never onward from a stop ``company`` may
    only end at (off-boards, cities its tokens may not pass), found with the layout's stop
    adjacency (no graph hops needed). A superset of the stops of any route of ``company``
    joining a stop of ``starts``: a stop outside it rules such a route out at once."""
    return stops_within_reach(ctx.stops_graph(), company, starts, lambda s: ctx.next_stops(s, 0))


def coasts_within_reach(ctx: RouteContext[Position18xx], board: Board, company: str) -> bool:
    """Whether ``company``'s track could join a west-coast and an east-coast stop
    (:func:`track_reach` from its tokens): False rules a transcontinental proof out without
    building the full graph (the proof's own first test, made cheap)."""
    graph = ctx.stops_graph()
    west, east = coast_stops(board, graph)
    if not west or not east:
        return False
    tokens = graph.token_mask(company)
    seen = track_reach(ctx, company, (s for s in range(len(graph.stops)) if tokens >> s & 1))
    return not seen.isdisjoint(west) and not seen.isdisjoint(east)


def joined_by_track(
    ctx: RouteContext[Position18xx],
    board: Board,
    company: str,
    home: str,
    destination: tuple[str, ...],
) -> bool:
    """Whether track could join the city on hex ``home`` and one on a ``destination`` hex (an
    off-board area: any of its hexes) in a route of ``company`` (:func:`track_reach` from
    home): False rules a destination run out without building the full graph."""
    stops = {board.label(s.hex): s.id for s in ctx.stops_graph().stops if s.index == 0}
    ends = {stops[d] for d in destination if d in stops}
    if home not in stops or not ends:
        return False
    return not ends.isdisjoint(track_reach(ctx, company, (stops[home],)))
