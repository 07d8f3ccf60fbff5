"""1870 board and tile questions on the route engine's data: tile fit (§7.1), city slots,
neighbouring hexes and tile names (for checks and bots).

Questions on the route bridge's map data and numbering
(:class:`~transcon.eighteen.bridge.MapIndex`, :class:`~transcon.eighteen.tiles.TileDef`).
Connection eligibility (§8.1) is in :mod:`transcon.titles.t1870.game.connection`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from transcon.eighteen.bridge import MapIndex
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.position import MapData
from transcon.eighteen.tiles import NodeKind, TileDef

if TYPE_CHECKING:
    from transcon.eighteen.bridge import RouteBridge
    from transcon.titles.t1870.position import Position1870


def _bridge() -> RouteBridge[Position1870]:
    """1870's route bridge (the map is the same under every option)."""
    from transcon.titles.t1870.game.routing import bridge_for

    return bridge_for(True, False)


def _map() -> tuple[MapData, MapIndex]:
    """1870's map data and its numbering, from the route bridge."""
    bridge = _bridge()
    return bridge.data, bridge.index


def lay_problem(state: GameState, hex_label: str, tile_name: str, rotation: int) -> str | None:
    """Why laying ``tile_name`` at ``rotation`` on ``hex_label`` breaks the standard upgrade
    rule (next colour, same stops, old track kept, hex label), using the route engine's tile
    data and :func:`transcon.eighteen.tiles.upgrade_problem`; None when the lay fits. A
    function of the hex, the tile on it and the new tile alone: kept in the bridge's memo."""
    laid = state.tiles.get(hex_label)
    on_hex = None if laid is None else (str(laid[0]), int(str(laid[1])))
    key = ("lay_problem", hex_label, on_hex, tile_name, rotation)
    memo = _bridge().memo
    if key in memo:
        return memo[key]  # type: ignore[return-value]
    got = memo[key] = _lay_problem(hex_label, on_hex, tile_name, rotation)
    return got


def fitting_lays(state: GameState, hex_label: str, color: str) -> tuple[tuple[str, int], ...]:
    """Every tile of ``color`` and rotation that fits ``hex_label`` as it is now
    (:func:`lay_problem` is None), in :func:`tiles_of_color` order; kept in the bridge's memo."""
    laid = state.tiles.get(hex_label)
    on_hex = None if laid is None else (str(laid[0]), int(str(laid[1])))
    key = ("fitting_lays", hex_label, on_hex, color)
    memo = _bridge().memo
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(
            (tile, rotation)
            for tile in tiles_of_color(color)
            for rotation in range(6)
            if lay_problem(state, hex_label, tile, rotation) is None
        )
    return got  # type: ignore[return-value]


def lay_colour(state: GameState, hex_label: str, colours: tuple[str, ...]) -> str | None:
    """The colour a lay on ``hex_label`` takes now: yellow on an empty hex, else the next
    colour after its tile's, if ``colours`` (the phase's) has it."""
    from transcon.titles.t1870.game import data

    laid = state.tiles.get(hex_label)
    if laid is None:
        return data.Y
    rank = data.color_rank(data.TILE_COLOR.get(str(laid[0]), "")) + 1
    return next((c for c in colours if data.color_rank(c) == rank), None)


def _lay_problem(
    hex_label: str, on_hex: tuple[str, int] | None, tile_name: str, rotation: int
) -> str | None:
    from transcon.eighteen.graph import PlacedTile
    from transcon.eighteen.position import impassable_sides
    from transcon.eighteen.tiles import Color, upgrade_problem

    data, m = _map()
    index = m.labels.get(hex_label)
    if index is None:
        return f"{hex_label} is not on the 1870 map"
    if tile_name not in data.tiles:
        return f"no tile {tile_name} in the 1870 tile set"
    tile = data.tiles[tile_name]
    if on_hex is not None:
        before = PlacedTile(data.tiles[on_hex[0]], on_hex[1])
    elif index in m.preprinted:
        before = PlacedTile(*m.preprinted[index])
    else:
        before = PlacedTile(TileDef("blank", Color.WHITE))
    h = data.board.hex(hex_label)
    blocked = impassable_sides(data)
    for side in sorted(tile.exits(rotation)):
        if m.neighbours[index][side] < 0 or (h, side) in blocked:
            # §7.1 (and 18xx.games ``hex_neighbor_exists?``): no track off the map or
            # through an impassable side
            return f"the tile's track in {hex_label} would run off the map or into a barrier"
    label = data.layer.label_for(h, tile.color)
    problem: str | None = upgrade_problem(before.tile, before.rotation, tile, rotation, label)
    return problem


def city_slots(state: GameState, hex_label: str) -> int:
    """Token slots of the city (or off-board) on the hex's current tile; 0 if none."""
    data, m = _map()
    index = m.labels.get(hex_label)
    if index is None:
        return 0
    laid = state.tiles.get(hex_label)
    if laid is not None:
        tile = data.tiles[str(laid[0])]
    elif index in m.preprinted:
        tile = m.preprinted[index][0]
    else:
        return 0
    return sum(n.slots for n in tile.nodes if n.kind is not NodeKind.TOWN)


def nearby(hexes: list[str]) -> list[str]:
    """The hexes given and their neighbours on the 1870 map (labels, sorted)."""
    _, m = _map()
    out: set[str] = set()
    for label in hexes:
        index = m.labels.get(label)
        if index is None:
            continue
        out.add(label)
        out.update(m.names[j] for j in m.neighbours[index] if j >= 0)
    return sorted(out)


def tile_names() -> list[str]:
    """Every tile design of the route engine's 1870 tile set."""
    data, _ = _map()
    names: list[str] = data.tiles.names()
    return names


def tiles_of_color(color: str) -> tuple[str, ...]:
    """The 1870 tile designs of ``color`` (a colour name of
    :data:`transcon.titles.t1870.game.data.TILE_COLOR`), in :func:`tile_names` order."""
    from transcon.titles.t1870.game.data import TILE_COLOR

    key = ("tiles_of_color", color)
    memo = _bridge().memo
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(t for t in tile_names() if TILE_COLOR.get(t) == color)
    return got  # type: ignore[return-value]


def city_hexes() -> list[str]:
    """Hexes whose printed tile has a city or an off-board with token spaces."""
    _, m = _map()
    return sorted(
        m.names[i] for i, (tile, _) in m.preprinted.items() if any(n.slots for n in tile.nodes)
    )


def tile_def(name: str) -> TileDef:
    """The route engine's design of tile ``name`` (KeyError when the 1870 set has none)."""
    data, _ = _map()
    tile: TileDef = data.tiles[name]
    return tile
