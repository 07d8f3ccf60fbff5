"""The route bridge (:mod:`transcon.eighteen.bridge`) over a position that is not 1870's.

The hooks are the 18C2C title's own (:class:`~transcon.titles.c2c.game.routing.RoutesC2C`):
a title supplies hooks, the bridge builds the position, its graph and values, and
caches them by the position's description. Seed 001 3j: destination tokens double nothing, so
18C2C's stop values are the printed ones (:func:`transcon.titles.c2c.routes.stop_values`).
"""

from __future__ import annotations

from transcon.eighteen.bridge import RouteBridge, RoutePosition, train_of
from transcon.eighteen.optimizer import optimize
from transcon.eighteen.routes import check_routes
from transcon.eighteen.tiles import Color
from transcon.titles.c2c.data import load_board, load_layer, load_tiles
from transcon.titles.c2c.game.routing import C2CMap, RoutesC2C


def _two_cities(data: C2CMap) -> tuple[str, str, str, int]:
    """Two empty printed cities two hexes apart in a line with an empty hex between them:
    their labels, the middle hex's and the direction (a side number)."""
    board, pre = data.board, data.layer.preprinted
    for h, placed in pre.items():
        if placed.tile.color is not Color.WHITE or not placed.tile.nodes:
            continue
        for side in range(6):
            mid = h.neighbor(side, board.orientation)
            far = mid.neighbor(side, board.orientation)
            if mid in board and far in board and mid not in pre and far in pre:
                other = pre[far].tile
                if other.color is Color.WHITE and len(other.nodes) == 1:
                    return board.label(h), board.label(mid), board.label(far), side
    raise AssertionError("no two printed cities two hexes apart")


def test_a_bridge_over_an_18c2c_position() -> None:
    data = C2CMap(load_board(), load_layer("d"), load_tiles("d"))
    bridge = RouteBridge(RoutesC2C(data))
    a, mid, b, side = _two_cities(data)
    rotation = side % 3  # tiles 57 (city) and 9 (track) run between sides r and r + 3
    desc = RoutePosition(
        tile_hexes=(a, mid, b),
        tile_values=("57", rotation, "9", rotation, "57", rotation),
        stations=(("CO", (a,)), ("XA", (b,))),
        destinations=(),
        phase="2",
    )
    ctx = bridge.context(desc)
    assert bridge.context(desc) is ctx  # cached by the description
    graph = ctx.graph()
    home, far = graph.stops_in(data.board.hex(a))[0], graph.stops_in(data.board.hex(b))[0]
    assert graph.slot_tokens[home.id] == ("CO",) and graph.slot_tokens[far.id] == ("XA",)
    values = ctx.stop_values(graph, "CO")
    assert values.values[home.id] == values.values[far.id] == 20
    # a full city of another company may end a route: a 2-train runs 20 + 20
    sol = optimize(graph, "CO", [train_of("2-1")], values)
    check_routes(graph, "CO", list(sol.routes))
    assert sol.revenue == 40
    # a D train doubles the company's own station (seed 001 3i)
    assert optimize(graph, "CO", [train_of("3D-1")], values).revenue == 60
    # XA's network reaches CO's city through the track, and CO's reaches XA's
    assert ctx.reach("XA").reaches(home.id) and ctx.reach("CO").reaches(far.id)
    # a later position (a token more) is a new context; the layout is shared
    later = bridge.context(
        RoutePosition(desc.tile_hexes, desc.tile_values, (("CO", (a,)),), (), "2")
    )
    assert later is not ctx and later.layout is ctx.layout
    assert bridge.context(desc) is ctx
