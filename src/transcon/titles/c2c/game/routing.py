"""18C2C positions for the route engine: the title's hooks on the generic
:class:`~transcon.eighteen.bridge.RouteBridge`.

The map is the D variant's layer of the setup (full map or Super-short,
:func:`transcon.titles.c2c.data.load_layer`), stop values are the printed ones (seed 001 3j:
destination tokens double nothing; D trains double the company's own stations themselves),
and every graph groups the hexes of a multi-hex off-board area into one stop
(:func:`transcon.titles.c2c.routes.group_offboard_areas`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from transcon.core.board import Board
from transcon.eighteen.bridge import RouteBridge, RouteContext
from transcon.eighteen.position import Position18xx
from transcon.eighteen.tilefile import Board18xx
from transcon.eighteen.tiles import TileSet
from transcon.titles.c2c.data import Setup, load_board, load_layer, load_tiles
from transcon.titles.c2c.routes import group_offboard_areas, stop_values

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


@dataclass(frozen=True, slots=True)
class RoutesC2C:
    """18C2C's hooks for the route bridge (no destination tokens or bonuses on the map yet)."""

    data: C2CMap

    def new_position(self, tiles: dict[Hex, PlacedTile]) -> Position18xx:
        return Position18xx(self.data, tiles)

    def destinations(self, state: GameState) -> tuple[str, ...]:
        return ()

    def bonuses(self, state: GameState) -> tuple[object, ...]:
        return ()

    def place_destination(self, position: Position18xx, company: str) -> None:
        raise AssertionError("18C2C puts no destination token on the map")

    def apply_bonuses(self, position: Position18xx, bonuses: tuple[object, ...]) -> None:
        return None

    def stop_values(self, graph: TrackGraph, company: str, position: Position18xx) -> StopValues:
        return stop_values(graph)


@lru_cache(maxsize=2)
def bridge_for(setup: Setup) -> RouteBridge[Position18xx]:
    """The route bridge of a setup (one per setup: it owns the caches)."""
    data = C2CMap(load_board(), load_layer("d", setup), load_tiles("d"))
    return RouteBridge(RoutesC2C(data), prepare_graph=partial(group_offboard_areas, data.board))


def context_of(state: GameState, setup: Setup, phase: str) -> RouteContext[Position18xx]:
    """The cached position of ``state`` at ``phase`` and what is built from it."""
    return bridge_for(setup).context_of(state, phase)
