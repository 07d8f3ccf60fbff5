"""Our 1870 game state as a route-engine position: 1870's hooks on the generic bridge.

:class:`Routes1870` supplies what :class:`~transcon.eighteen.bridge.RouteBridge` needs from
1870: the map (:func:`~transcon.titles.t1870.data.load_1870`), the position class
(:class:`~transcon.titles.t1870.position.Position1870`), destination tokens (in a slot or
beside the city, rule option), the Southern Cattle and Gulf Shipping tokens as bonus facts and
the stop values (:func:`transcon.titles.t1870.revenue.stop_values`). One bridge per set of
route options (:func:`bridge_of`) owns the caches, keyed by the position's description.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from transcon.eighteen.bridge import RouteBridge, RouteContext
from transcon.eighteen.framework.state import GameState
from transcon.titles.t1870.data import Data1870, load_1870
from transcon.titles.t1870.game.data import CATTLE_PRIVATE, PORT_PRIVATE
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.options import Options1870
from transcon.titles.t1870.position import Position1870, PrivateTokens

if TYPE_CHECKING:
    from transcon.core.hexgrid import Hex
    from transcon.eighteen.graph import PlacedTile, TrackGraph
    from transcon.eighteen.routes import StopValues

Context1870 = RouteContext[Position1870]
"""One 1870 position and what is built from it (:class:`~transcon.eighteen.bridge.RouteContext`)."""


@dataclass(frozen=True, slots=True)
class Routes1870:
    """1870's hooks for the route bridge, for one set of route options."""

    options: Options1870
    """Only the route options are set (``destination_blocks``, ``destination_ends_only``)."""

    @property
    def data(self) -> Data1870:
        return load_1870()

    @property
    def network_walk_budget(self) -> int:
        """No limit: 18xx.games' walk exactly (the 1870 map stays small enough)."""
        return -1

    def new_position(self, tiles: dict[Hex, PlacedTile]) -> Position1870:
        return Position1870(options=self.options, tiles=tiles)

    def destinations(self, state: GameState) -> tuple[str, ...]:
        return tuple(state_1870(state).destination_tokens)

    def bonuses(self, state: GameState) -> tuple[object, ...]:
        """Cattle hex and owner, port hex and owner, port closed, both tokens removed."""
        tokens = state_1870(state)
        cattle, port = tokens.cattle, tokens.port
        return (
            cattle or None,
            _owner(state, CATTLE_PRIVATE) if cattle else None,
            port or None,
            _owner(state, PORT_PRIVATE) if port else None,
            tokens.port_closed,
            False,  # the phase event clears both tokens (State1870), nothing to mark
        )

    def place_destination(self, position: Position1870, company: str) -> None:
        position.place_destination(company)

    def apply_bonuses(self, position: Position1870, bonuses: tuple[object, ...]) -> None:
        cattle, cattle_owner, port, port_owner, port_closed, removed = bonuses
        position.privates = PrivateTokens(
            cattle_hex=position.hex(str(cattle)) if cattle else None,
            cattle_owner=str(cattle_owner) if cattle_owner is not None else None,
            port_hex=position.hex(str(port)) if port else None,
            port_owner=str(port_owner) if port_owner is not None else None,
            port_closed=bool(port_closed),
            removed=bool(removed),
        )

    def stop_values(self, graph: TrackGraph, company: str, position: Position1870) -> StopValues:
        from transcon.titles.t1870.revenue import stop_values

        return stop_values(graph, company, position)


def _owner(state: GameState, private: str) -> str | None:
    got = state.privates.get(private)
    return got.owner.lstrip("@") if got is not None else None


def route_options(slot: bool, ends: bool) -> Options1870:
    """The options the route engine reads: the destination token in a slot (option
    ``destination_blocks``) or beside the city; destination doubling anywhere or at a route's
    ends only (``destination_ends_only``); the others keep their defaults."""
    return Options1870(destination_blocks=slot, destination_ends_only=ends)


_BRIDGES: dict[tuple[bool, bool], RouteBridge[Position1870]] = {}
"""The route bridge of each set of route options (at most four)."""


def bridge_for(slot: bool, ends: bool) -> RouteBridge[Position1870]:
    """The route bridge of 1870 with these route options (one per set of options)."""
    got = _BRIDGES.get((slot, ends))
    if got is None:
        got = _BRIDGES[(slot, ends)] = RouteBridge(Routes1870(route_options(slot, ends)))
    return got


def bridge_of(state: GameState) -> RouteBridge[Position1870]:
    """The route bridge for our game's options."""
    options = Options1870.view(state.options)
    return bridge_for(options.destination_blocks, options.destination_ends_only)


def context_of(state: GameState, phase: str) -> Context1870:
    """The cached position of our state and what is built from it."""
    return bridge_of(state).context_of(state, phase)


def position_of(state: GameState, phase: str) -> Position1870:
    """The route engine's position for our state: tiles, station and destination tokens,
    phase and the cattle and port tokens (a new object; :func:`context_of` caches one)."""
    return bridge_of(state).position_of(state, phase)


def clear_caches() -> None:
    """Forget every cached position, layout and tiles (benchmarks measure cold replays)."""
    for bridge in _BRIDGES.values():
        bridge.clear()  # a context refers to its bridge: emptied first, the caches are freed
    _BRIDGES.clear()  # at once instead of waiting for the cycle collector
