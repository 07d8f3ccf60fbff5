"""Destination reachability for 1870 connection runs (§8.1), on the route engine's data.

A thin adapter over ROUTES' board and tile data (:func:`transcon.titles.t1870.data.load_1870`,
:class:`~transcon.eighteen.tiles.TileDef` paths): starting from the home city, a
breadth-first search follows the laid (and preprinted) track from stop to stop and counts
the fewest stops to the destination, never passing through an off-board area. It ignores
token blocking, track reuse and the Mississippi barrier, so "no track" is certain while a
stop count is a lower bound (the connection is then very likely).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any

from transcon.eighteen.framework.state import GameState
from transcon.eighteen.tiles import NODE_BASE, NodeKind, TileDef


@lru_cache(maxsize=1)
def _board() -> tuple[Any, dict[str, int], list[list[int]], dict[int, tuple[TileDef, int]]]:
    """ROUTES' 1870 data, hex label -> index, neighbour table, preprinted tiles by index."""
    from transcon.titles.t1870.data import load_1870

    data = load_1870()
    board = data.board
    hexes = [info.hex for info in board]
    index = {h: i for i, h in enumerate(hexes)}
    neighbours = [
        [index.get(h.neighbor(side, board.orientation), -1) for side in range(6)] for h in hexes
    ]
    preprinted = {
        index[h]: (placed.tile, placed.rotation) for h, placed in data.layer.preprinted.items()
    }
    labels = {board.label(h): i for i, h in enumerate(hexes)}
    return data, labels, neighbours, preprinted


def _tiles(state: GameState) -> dict[int, tuple[TileDef, int]]:
    data, labels, _, preprinted = _board()
    tiles = dict(preprinted)
    for label, (name, rotation) in state.tiles.items():
        tiles[labels[label]] = (data.tiles[str(name)], int(str(rotation)))
    return tiles


def _next_stops(
    tiles: dict[int, tuple[TileDef, int]], neighbours: list[list[int]], h: int, node: int
) -> set[tuple[int, int]]:
    """Stops reached from stop ``(h, node)`` along track without stopping in between."""
    found: set[tuple[int, int]] = set()
    seen: set[tuple[int, int]] = set()
    tile, rotation = tiles[h]
    todo: list[tuple[int, int]] = []
    me = NODE_BASE + node
    for a, b in tile.paths_at(rotation):
        for here, there in ((a, b), (b, a)):
            if here == me:
                if there >= NODE_BASE:
                    found.add((h, there - NODE_BASE))
                else:
                    todo.append((h, there))
    while todo:
        at, side = todo.pop()
        nxt = neighbours[at][side]
        entry = (side + 3) % 6
        if nxt < 0 or (nxt, entry) in seen or nxt not in tiles:
            continue
        seen.add((nxt, entry))
        tile, rotation = tiles[nxt]
        for a, b in tile.paths_at(rotation):
            for here, there in ((a, b), (b, a)):
                if here != entry:
                    continue
                if there >= NODE_BASE:
                    found.add((nxt, there - NODE_BASE))
                else:
                    todo.append((nxt, there))
    return found


_MEMO: dict[Any, Any] = {}
"""Per tile layout: fewest-stop results and stop adjacency (cleared when tiles change)."""


def fewest_stops(
    state: GameState, home: str, destination: str, limit: int | None = None
) -> int | None:
    """Stops on the shortest track walk from ``home`` to ``destination`` (both counted), or
    None when no track joins them within ``limit`` stops (memoised per tile layout)."""
    layout = tuple(sorted((h, str(t[0]), str(t[1])) for h, t in state.tiles.items()))
    if _MEMO.get("layout") != layout:
        _MEMO.clear()
        _MEMO["layout"] = layout
    key = f"{home}>{destination}>{limit}"
    if key not in _MEMO:
        _MEMO[key] = _fewest_stops(state, home, destination, limit)
    result: int | None = _MEMO[key]
    return result


def _fewest_stops(state: GameState, home: str, destination: str, limit: int | None) -> int | None:
    _, labels, neighbours, _ = _board()
    tiles = _MEMO.get("tiles")
    if tiles is None:
        tiles = _MEMO["tiles"] = _tiles(state)
    start_hex, goal_hex = labels[home], labels[destination]
    if start_hex not in tiles or goal_hex not in tiles:
        return None
    starts = [(start_hex, n.index) for n in tiles[start_hex][0].nodes]
    seen = dict.fromkeys(starts, 1)
    queue = deque(starts)
    while queue:
        stop = queue.popleft()
        if stop[0] == goal_hex:
            return seen[stop]
        tile = tiles[stop[0]][0]
        terminal = tile.nodes[stop[1]].kind is NodeKind.OFFBOARD
        if (terminal and stop not in starts) or (limit is not None and seen[stop] >= limit):
            continue
        adjacent = _MEMO.get(stop)
        if adjacent is None:
            adjacent = _MEMO[stop] = _next_stops(tiles, neighbours, *stop)
        for nxt in adjacent:
            if nxt not in seen:
                seen[nxt] = seen[stop] + 1
                queue.append(nxt)
    return None


def lay_problem(state: GameState, hex_label: str, tile_name: str, rotation: int) -> str | None:
    """Why laying ``tile_name`` at ``rotation`` on ``hex_label`` breaks the standard upgrade
    rule (next colour, same stops, old track kept, hex label), using ROUTES' tile data and
    :func:`transcon.eighteen.tiles.upgrade_problem`; None when the lay fits."""
    from transcon.eighteen.graph import PlacedTile
    from transcon.eighteen.tiles import Color, upgrade_problem

    data, labels, _, preprinted = _board()
    index = labels.get(hex_label)
    if index is None:
        return f"{hex_label} is not on the 1870 map"
    if tile_name not in data.tiles:
        return f"no tile {tile_name} in the 1870 tile set"
    tile = data.tiles[tile_name]
    laid = state.tiles.get(hex_label)
    if laid is not None:
        before = PlacedTile(data.tiles[str(laid[0])], int(str(laid[1])))
    elif index in preprinted:
        before = PlacedTile(*preprinted[index])
    else:
        before = PlacedTile(TileDef("blank", Color.WHITE))
    h = data.board.hex(hex_label)
    label = data.layer.label_for(h, tile.color)
    problem: str | None = upgrade_problem(before.tile, before.rotation, tile, rotation, label)
    return problem


def city_slots(state: GameState, hex_label: str) -> int:
    """Token slots of the city (or off-board) on the hex's current tile; 0 if none."""
    data, labels, _, preprinted = _board()
    index = labels.get(hex_label)
    if index is None:
        return 0
    laid = state.tiles.get(hex_label)
    if laid is not None:
        tile = data.tiles[str(laid[0])]
    elif index in preprinted:
        tile = preprinted[index][0]
    else:
        return 0
    return sum(n.slots for n in tile.nodes if n.kind is not NodeKind.TOWN)


def nearby(hexes: list[str]) -> list[str]:
    """The hexes given and their neighbours on the 1870 map (labels, sorted)."""
    _, labels, neighbours, _ = _board()
    names = {i: label for label, i in labels.items()}
    out: set[str] = set()
    for label in hexes:
        index = labels.get(label)
        if index is None:
            continue
        out.add(label)
        out.update(names[j] for j in neighbours[index] if j >= 0)
    return sorted(out)


def tile_names() -> list[str]:
    """Every tile design of ROUTES' 1870 tile set."""
    data, _, _, _ = _board()
    names: list[str] = data.tiles.names()
    return names


def city_hexes() -> list[str]:
    """Hexes whose printed tile has a city or an off-board with token spaces."""
    _, labels, _, preprinted = _board()
    names = {i: label for label, i in labels.items()}
    return sorted(
        names[i] for i, (tile, _) in preprinted.items() if any(n.slots for n in tile.nodes)
    )


def tile_def(name: str) -> TileDef:
    """ROUTES' design of tile ``name`` (KeyError when the 1870 set has none)."""
    data, _, _, _ = _board()
    tile: TileDef = data.tiles[name]
    return tile
