"""1870 track and token reach (1870-base.md §7.1, §7.2): new track and new tokens must be
reachable from the company's network.

The network is :func:`transcon.eighteen.network.company_reach` on the route engine's
position of our state (:func:`transcon.titles.t1870.game.runs.stops_graph_of`): from the
company's tokens along its track, never through an off-board nor a city full of other
companies' tokens.
"""

from __future__ import annotations

from typing import Any

from transcon.eighteen.framework.state import GameState
from transcon.eighteen.network import Network
from transcon.eighteen.tiles import NODE_BASE, NodeKind
from transcon.titles.t1870.game.data import BRIDGE_PRIVATE


def network_of(state: GameState, sym: str, phase: str) -> tuple[Any, Network]:
    """The route engine's position of our state and ``sym``'s network in it, as a
    :class:`Network` of hexes (for inspection; the checks below use the cached :class:`Reach`)."""
    from transcon.titles.t1870.game.routing import context_of

    ctx = context_of(state, phase)
    return ctx.position, Network.of(ctx.reach(sym))


def lay_unconnected(
    state: GameState, sym: str, phase: str, hex_label: str, tile: str, rotation: int
) -> str | None:
    """Why laying ``tile`` on ``hex_label`` does not extend ``sym``'s network (§7.1: one of
    the tile's exits must meet the network's track, or the company has a token in the hex);
    None when it does."""
    from transcon.titles.t1870.game.routing import context_of

    ctx = context_of(state, phase)
    position = ctx.position
    h = position.hex(hex_label)
    exits = position.data.tiles[tile].exits(rotation)
    if ctx.reach(sym).connects(h, exits):
        return None
    return f"the tile in {hex_label} does not connect to {sym}'s network"


def upgrade_gives_nothing(
    state: GameState, sym: str, phase: str, hex_label: str, tile: str, rotation: int
) -> str | None:
    """Why an upgrade gives ``sym`` neither new track nor a new city value (18xx.games'
    ``TRACK_RESTRICTION = :semi_restrictive``, ``check_track_restrictions!``: on the board
    with the new tile laid, among its paths the company's network walks, one must be new
    track or lead to a stop whose value changed); None when it does, or when the hex had no
    track."""
    from transcon.titles.t1870.game.routing import bridge_of, context_of

    ctx = context_of(state, phase)
    h = ctx.position.hex(hex_label)
    i = ctx.layout.hex_index.get(h)
    old = ctx.layout.placed[i] if i is not None else None
    if i is None or old is None or not old.tile.paths:
        return None
    laid = bridge_of(state).context_with_tile(state, phase, hex_label, tile, rotation)
    j = laid.layout.hex_index[h]
    reach = laid.reach(sym)
    new = laid.position.data.tiles[tile]
    old_paths = [set(p) for p in old.tile.paths_at(old.rotation)]
    old_values = {n.index: n.values for n in old.tile.nodes}
    for k, path in enumerate(new.paths_at(rotation)):
        if not reach.walked(j, k):
            continue
        if not any(set(path) <= old_path for old_path in old_paths):
            return None  # new track the company can use
        nodes = [end - NODE_BASE for end in path if end >= NODE_BASE]
        if any(old_values.get(m) != n.values for m in nodes for n in new.nodes if n.index == m):
            return None  # a stop on its network changes value
    return f"the upgrade in {hex_label} gives {sym} no new track and no new city value"


def has_route(state: GameState, sym: str, phase: str) -> bool:
    """§7.5: whether ``sym`` has a legal route (two stops or more its network reaches), so
    that without a train it must buy one (18xx.games ``MUST_BUY_TRAIN = :route``)."""
    from transcon.eighteen.network import route_to_run
    from transcon.titles.t1870.game.routing import context_of

    ctx = context_of(state, phase)
    key = ("has_route", sym)
    got = ctx.memo.get(key)
    if got is None:  # asked at every check of the train step: once per position
        got = ctx.memo[key] = route_to_run(ctx.layout, ctx.stops_graph(), sym)
    return bool(got)


def token_unreachable(state: GameState, sym: str, phase: str, hex_label: str) -> str | None:
    """Why ``sym`` may not place a token in the city on ``hex_label`` (§7.2: the city must be
    reachable from its network); None when it may."""
    from transcon.titles.t1870.game.routing import context_of

    ctx = context_of(state, phase)
    position = ctx.position
    h = position.hex(hex_label)
    layout = ctx.layout
    i = layout.hex_index.get(h)
    placed = layout.placed[i] if i is not None else None
    if i is not None and placed is not None:
        reach = ctx.reach(sym)
        for n in placed.tile.nodes:
            if n.kind is not NodeKind.TOWN and reach.reaches(layout.stop_at[(i, n.index)]):
                return None
    return f"{hex_label} is not reachable from {sym}'s network"


RIVER: dict[str, tuple[int, int, str]] = {
    "A16": (0, 3, "inner"),
    "B17": (0, 2, ""),
    "C18": (0, 2, "inner"),
    "D17": (4, 5, "outer"),
    "E18": (3, 5, ""),
    "F19": (1, 3, ""),
    "G18": (1, 3, ""),
    "H17": (1, 3, "outer"),
    "I16": (1, 3, ""),
    "J15": (0, 3, ""),
    "K14": (0, 4, "outer"),
    "L13": (0, 4, ""),
    "M14": (0, 2, "outer"),
    "N15": (2, 5, ""),
    "O16": (3, 4, ""),
    "O18": (0, 2, ""),
}
"""The Mississippi's line through each river hex (1870-base.md §2.6/§7.1): it runs from hex
corner ``a`` to corner ``b`` (corner 0 at the bottom, clockwise; side ``i`` lies between
corners ``i`` and ``i + 1``, so the sides ``a .. b-1`` are on one bank, the "inner" one).
``restrict`` names the bank of the hex's city or town: while the river may not be bridged,
its track stays on that bank (St. Louis: only W and SW; Memphis: NE, E, SE and SW). The
corners are those of the 18xx.games map (its ``partition`` of each river hex)."""


def river_banks(hex_label: str) -> tuple[frozenset[int], frozenset[int]] | None:
    """The sides on each bank of the Mississippi in ``hex_label`` (a restricted bank is
    empty), or None for a hex the river does not cross."""
    river = RIVER.get(hex_label)
    if river is None:
        return None
    a, b, restrict = river
    inner = frozenset(range(a, b))
    outer = frozenset(range(6)) - inner
    return (
        frozenset() if restrict == "outer" else inner,
        frozenset() if restrict == "inner" else outer,
    )


def bridging_blocked(state: GameState) -> bool:
    """§7.1/§9.2: while the MRBC is open and not owned by a company, the Mississippi may
    not be bridged."""
    mrbc = state.privates.get(BRIDGE_PRIVATE)
    return mrbc is not None and not mrbc.closed and not mrbc.owner.startswith("@")


def river_problem(state: GameState, hex_label: str, tile: str, rotation: int) -> str | None:
    """Why ``tile`` at ``rotation`` bridges the Mississippi in ``hex_label`` while bridging
    is blocked: a track path with ends on both banks (or on the bank away from the hex's
    city); None when it does not."""
    from transcon.titles.t1870.game.reach import tile_def

    banks = river_banks(hex_label)
    if banks is None or not bridging_blocked(state):
        return None
    inner, outer = banks
    for a, b in tile_def(tile).paths_at(rotation):
        sides = {e for e in (a, b) if e < 6}
        if not (sides <= inner or sides <= outer):
            return (
                f"the tile's track in {hex_label} crosses the Mississippi, which may not be "
                "bridged while the MRBC is held by a player"
            )
    return None
