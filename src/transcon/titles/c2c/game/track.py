"""18C2C track and tokens on the board: which tile fits where, tile points (seed 001 3c/3d,
Table B), first-tile costs, reach from the company's network, token spaces, and the
candidate lays and tokens bots are offered.

Tile fit is the route engine's upgrade rule (:func:`transcon.eighteen.tiles.upgrade_problem`:
next colour, the hex's label for that colour, old track and stops kept) on the D variant's
layer; track may not run off the map nor, in the Super-short game, out of the play area
(seed 001 Super-short 2).
"""

from __future__ import annotations

from functools import lru_cache

from transcon.core.hexgrid import Hex
from transcon.eighteen.bridge import MapIndex
from transcon.eighteen.framework.actions import LayTile
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.graph import PlacedTile
from transcon.eighteen.position import impassable_sides
from transcon.eighteen.tiles import Color, NodeKind, TileDef, upgrade_problem
from transcon.titles.c2c.data import Setup, offboard_area, playable, zone
from transcon.titles.c2c.game.routing import C2CMap, bridge_for, context_of
from transcon.titles.c2c.game.state import c2c_data

BLANK = TileDef("blank", Color.WHITE)
WEST_AND_PLAINS = ("west", "plains")


def map_of(setup: Setup) -> tuple[C2CMap, MapIndex]:
    bridge = bridge_for(setup)
    data = bridge.data
    assert isinstance(data, C2CMap)
    return data, bridge.index


@lru_cache(maxsize=2)
def in_play(setup: Setup) -> frozenset[str]:
    """Labels of the hexes in play (Super-short: seed 001 Super-short 2)."""
    data, _ = map_of(setup)
    return frozenset(data.board.label(h) for h in playable(data.board, setup))


@lru_cache(maxsize=2)
def first_tile_costs(setup: Setup) -> dict[str, int]:
    """Hex label -> cost of its first tile (the map's ``cost:N`` regions)."""
    data, _ = map_of(setup)
    board = data.board
    out: dict[str, int] = {}
    for tag in board.region_names():
        if tag.startswith("cost:"):
            for h in board.region(tag):
                out[board.label(h)] = int(tag[5:])
    return out


@lru_cache(maxsize=2048)
def hex_zone(setup: Setup, label: str) -> str:
    data, _ = map_of(setup)
    return zone(data.board, data.board.hex(label))


def current_tile(state: GameState, setup: Setup, label: str) -> PlacedTile:
    """The tile on a hex now: the laid one, the printed one, or a blank hex."""
    data, m = map_of(setup)
    laid = state.tiles.get(label)
    if laid is not None:
        return PlacedTile(data.tiles[str(laid[0])], int(str(laid[1])))
    index = m.labels[label]
    if index in m.preprinted:
        return PlacedTile(*m.preprinted[index])
    return PlacedTile(BLANK)


def hex_now(state: GameState, label: str) -> tuple[object, ...]:
    """What a tile fit on ``label`` depends on in the state (the memo keys of
    :func:`lay_problem`, :func:`fitting_tiles`, :func:`lay_actions`): the tile laid there
    (name, rotation; None when none was laid) and whether a Prospectors made it a P city,
    which changes the label its brown and grey tiles need (D variant 4a)."""
    laid = state.tiles.get(label)
    tile = None if laid is None else (str(laid[0]), int(str(laid[1])))
    return (tile, label in c2c_data(state).p_cities)


def tile_left(state: GameState, setup: Setup, name: str) -> bool:
    """Whether a copy of tile ``name`` is left (the D manifest's counts)."""
    copies = map_of(setup)[0].tiles.counts.get(name)
    return copies is None or state.tile_used.get(name, 0) < copies


def lay_problem(state: GameState, setup: Setup, label: str, tile_name: str, rotation: int) -> str:
    """Why ``tile_name`` at ``rotation`` does not fit on ``label`` ("" when it fits). A
    function of the hex, :func:`hex_now` and the new tile alone: kept in the bridge's memo."""
    key = ("lay problem", label, hex_now(state, label), tile_name, rotation)
    memo = bridge_for(setup).memo
    got = memo.get(key)
    if got is None:
        got = memo[key] = _lay_problem(state, setup, label, tile_name, rotation)
    assert isinstance(got, str)
    return got


def _lay_problem(state: GameState, setup: Setup, label: str, tile_name: str, rotation: int) -> str:
    data, m = map_of(setup)
    index = m.labels.get(label)
    if index is None or label not in in_play(setup):
        return f"{label} is not a hex in play"
    if tile_name not in data.tiles:
        return f"no tile {tile_name} in the 18C2C D tile set"
    tile = data.tiles[tile_name]
    h = data.board.hex(label)
    blocked = impassable_sides(data)
    playing = in_play(setup)
    for side in sorted(tile.exits(rotation)):
        j = m.neighbours[index][side]
        if j < 0 or m.names[j] not in playing or (h, side) in blocked:
            return f"the tile's track in {label} would run off the map or out of play"
    before = current_tile(state, setup, label)
    problem: str | None = upgrade_problem(
        before.tile, before.rotation, tile, rotation, hex_label(state, setup, label, tile.color)
    )
    return problem or ""


P_COLOURS = (Color.BROWN, Color.GRAY)


def hex_label(state: GameState, setup: Setup, label: str, colour: Color) -> str:
    """The label a tile of ``colour`` must carry on ``label``: the layer's, or "P" for the
    brown and grey tiles of a city a Prospectors made a P city (D variant 4a)."""
    if colour in P_COLOURS and label in c2c_data(state).p_cities:
        return "P"
    data, _ = map_of(setup)
    return data.layer.label_for(data.board.hex(label), colour)


def unconnected(
    state: GameState, setup: Setup, phase: str, sym: str, label: str, tile: str, rotation: int
) -> str:
    """Why the tile would not join ``sym``'s network ("" when it does)."""
    ctx = context_of(state, setup, phase)
    h = ctx.position.hex(label)
    exits = ctx.position.data.tiles[tile].exits(rotation)
    if ctx.reach(sym).connects(h, exits):
        return ""
    return f"the tile in {label} does not connect to {sym}'s network"


def city_slots(state: GameState, setup: Setup, label: str) -> int:
    """Token spaces of the city or off-board on the hex's current tile (0: none)."""
    tile = current_tile(state, setup, label).tile
    return sum(n.slots for n in tile.nodes if n.kind is not NodeKind.TOWN)


def token_unreachable(state: GameState, setup: Setup, phase: str, sym: str, label: str) -> str:
    """Why ``sym`` cannot reach the city on ``label`` ("" when its network reaches it; an
    off-board area is reached at any of its hexes)."""
    ctx = context_of(state, setup, phase)
    layout = ctx.layout
    reach = ctx.reach(sym)
    for hex_label in area_of(setup, label):
        i = layout.hex_index.get(ctx.position.hex(hex_label))
        placed = layout.placed[i] if i is not None else None
        if i is None or placed is None:
            continue
        for n in placed.tile.nodes:
            stop = layout.stop_at.get((i, n.index))
            if n.kind is not NodeKind.TOWN and stop is not None and reach.reaches(stop):
                return ""
    return f"{label} is not reachable from {sym}'s network"


def area_of(setup: Setup, label: str) -> tuple[str, ...]:
    """The hexes of the off-board area on ``label``, its token place first (``(label,)`` for
    any other hex; :func:`transcon.titles.c2c.data.offboard_area`)."""
    return offboard_area(map_of(setup)[0].board, label)


def no_token_place(setup: Setup, label: str) -> str:
    """Why ``label`` takes no token: out of play, no city, or a hex of an off-board area
    whose one token place is another hex (seed 001 2a, 2d)."""
    area = area_of(setup, label)
    if label in in_play(setup) and area[0] != label:
        name = map_of(setup)[0].board.hex_at_label(label).site
        called = f"{name.name} " if name is not None else ""
        return f"{called}({'+'.join(area)}) is one off-board: its token place is {area[0]}"
    return f"{label} has no city in play"


LAY_ACTIONS_KEPT = 4096
"""Hexes whose bot lays :func:`lay_actions` keeps (a few kilobytes each; a long run of games
starts again when full)."""
_UPGRADE_ORDER = (Color.WHITE, Color.YELLOW, Color.GREEN, Color.BROWN, Color.GRAY)


def fitting_tiles(state: GameState, setup: Setup, label: str) -> tuple[tuple[str, int], ...]:
    """Tiles and rotations that may go on ``label`` now by the upgrade rule alone (the next
    colour, with the hex's label for it); kept in the bridge's memo by hex and :func:`hex_now`."""
    key = ("fitting tiles", label, hex_now(state, label))
    memo = bridge_for(setup).memo
    got = memo.get(key)
    if got is None:
        got = memo[key] = _fitting_tiles(state, setup, label)
    return got  # type: ignore[return-value]


def _fitting_tiles(state: GameState, setup: Setup, label: str) -> tuple[tuple[str, int], ...]:
    data, _ = map_of(setup)
    placed = current_tile(state, setup, label)
    old = placed.tile
    if old.color not in _UPGRADE_ORDER[:-1]:
        return ()
    colour = _UPGRADE_ORDER[_UPGRADE_ORDER.index(old.color) + 1]
    needed = hex_label(state, setup, label, colour)
    # the same answer for every hex with this tile design, rotation and label
    key = ("fitting tiles by design", old.color, old.spec(), placed.rotation, needed)
    memo = bridge_for(setup).memo
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(
            (tile.name, r)
            for tile, rotations in data.tiles.upgrades_for(old, placed.rotation, needed)
            if tile.color is colour
            for r in rotations
        )
    return got  # type: ignore[return-value]


def lay_actions(
    state: GameState, setup: Setup, player: str, label: str, colours: tuple[str, ...]
) -> tuple[LayTile, ...]:
    """``player``'s lays of the :func:`fitting_tiles` of ``colours`` on ``label`` (bot
    candidates; kept in the bridge's memo, as building them is a large part of a bot's
    choice)."""
    key = (player, label, hex_now(state, label), colours)
    memo = bridge_for(setup).memo.setdefault("lay actions", {})
    assert isinstance(memo, dict)
    got = memo.get(key)
    if got is None:
        if len(memo) >= LAY_ACTIONS_KEPT:
            memo.clear()
        tiles = map_of(setup)[0].tiles
        got = memo[key] = tuple(
            LayTile(player=player, hex=label, tile=name, rotation=rotation)
            for name, rotation in fitting_tiles(state, setup, label)
            if str(tiles[name].color) in colours
        )
    assert isinstance(got, tuple)
    return got


def candidate_hexes(state: GameState, setup: Setup, phase: str, sym: str) -> tuple[str, ...]:
    """Hexes where ``sym`` might lay track: its token hexes, the hexes its network's track
    touches, and their neighbours (labels, sorted; kept in the position's memo)."""
    ctx = context_of(state, setup, phase)
    key = ("candidate hexes", sym)
    got = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = _candidate_hexes(state, setup, phase, sym)
    return got  # type: ignore[return-value]


def _candidate_hexes(state: GameState, setup: Setup, phase: str, sym: str) -> tuple[str, ...]:
    ctx = context_of(state, setup, phase)
    layout = ctx.layout
    _, m = map_of(setup)
    hexes: set[int] = set()
    for label in state.corps[sym].tokens:
        if label in m.labels:
            hexes.add(m.labels[label])
    names = layout.names
    for hex_number in {touched // 6 for touched in ctx.reach(sym).touched}:
        label = names[hex_number]
        if label in m.labels:
            hexes.add(m.labels[label])
    out: set[str] = set()
    playing = in_play(setup)
    for i in hexes:
        out.add(m.names[i])
        out.update(m.names[j] for j in m.neighbours[i] if j >= 0)
    return tuple(sorted(h for h in out if h in playing))


def is_west_or_plains(setup: Setup, label: str) -> bool:
    return hex_zone(setup, label) in WEST_AND_PLAINS


def hex_of(setup: Setup, label: str) -> Hex:
    data, _ = map_of(setup)
    return data.board.hex(label)
