"""1870 §8.1 connection eligibility: can a train run from the home token to the destination?

1870-base.md §8.1: a company makes its connection run once it "owns a train that could
legally run from its home token to its destination (counting every stop, both ends included,
within the train's length)"; "eligibility may be lost again (token blocks, ...)".

The search runs on the route engine's track layout of our state (the one runs are checked on,
:func:`~transcon.titles.t1870.game.routing.context_of`) and sees the track as a route does:

* it passes through no off-board and no city whose slots are all held by other started
  companies' tokens (:meth:`~transcon.eighteen.graph.TrackGraph.no_pass_mask`, seed §8.1);
  such a stop may still be the destination;
* it crosses no impassable hex side;
* while the Mississippi may not be bridged (§7.1/§9.2, :func:`track.bridging_blocked`), no
  track path joining the two banks of a river hex is used (:func:`river_cut`). Legal lays
  never build one while bridging is blocked, so this only matters for positions set up by
  other means; it keeps the search and the lay rule in agreement.

A breadth-first search from the home city's stops over "next stop along the track" (the
bridge's :meth:`~transcon.eighteen.bridge.RouteContext.next_stops`, kept across layouts) counts
the fewest stops to any stop in the destination hex. Track reuse between two stretches of
the walk is not checked, so the count is a lower bound (a route needs it, and in practice
always has it).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from transcon.eighteen.framework.state import GameState
from transcon.eighteen.layout import TrackLayout
from transcon.eighteen.tiles import NODE_BASE
from transcon.titles.t1870.game.routing import context_of
from transcon.titles.t1870.game.track import bridging_blocked, river_banks

if TYPE_CHECKING:
    from transcon.titles.t1870.game.routing import Context1870


def river_cut(layout: TrackLayout) -> int:
    """Track ids (a mask) of the paths in ``layout`` that join the two banks of the
    Mississippi in a river hex, or leave a river city's bank (memoised on the layout)."""
    got = layout.memo.get("river_cut")
    if isinstance(got, int):
        return got
    cut = 0
    for i, name in enumerate(layout.names):
        banks = river_banks(name)
        if banks is None:
            continue
        inner, outer = banks
        placed = layout.placed[i]
        if placed is None:
            continue
        for k, (a, b) in enumerate(placed.tile.paths_at(placed.rotation)):
            sides = {e for e in (a, b) if e < NODE_BASE}
            if not (sides <= inner or sides <= outer):
                cut |= 1 << (layout.path_base[i] + k)
    layout.memo["river_cut"] = cut
    return cut


def fewest_stops(
    state: GameState,
    home: str,
    destination: str,
    limit: int | None = None,
    *,
    company: str | None = None,
    phase: str = "1",
) -> int | None:
    """Stops on the shortest walk a train of ``company`` could run from ``home`` to
    ``destination`` (both counted), or None when there is none within ``limit`` stops (see
    the module docstring; without ``company`` no token blocks). Memoised per position."""
    ctx = context_of(state, phase)
    blocked = bridging_blocked(state)
    key = ("connect", company, home, destination, limit, blocked)
    if key in ctx.memo:
        known = ctx.memo[key]
        assert known is None or isinstance(known, int)
        return known
    layout = ctx.layout
    position = ctx.position
    start_hex = layout.hex_index.get(position.hex(home))
    goal_hex = layout.hex_index.get(position.hex(destination))
    result: int | None = None
    if start_hex is not None and goal_hex is not None:
        graph = ctx.stops_graph()
        no_pass = graph.no_pass_mask(company) if company else graph.terminal_mask
        # the same search on an earlier layout holds while no hex it looked at has changed
        # and the stops it expanded may still (or still may not) be passed through
        adjacency = ctx.bridge.adjacency
        kept = adjacency.recall(layout, key)
        answer: tuple[int | None, int, int] | None = kept[0] if kept else None  # type: ignore[assignment]
        if answer is not None and no_pass & answer[1] == answer[2]:
            result = answer[0]
        else:
            cut = river_cut(layout) if blocked else 0
            result, expanded, looked = _search(ctx, start_hex, goal_hex, no_pass, cut, limit)
            adjacency.remember(layout, key, (result, expanded, no_pass & expanded), looked)
    ctx.memo[key] = result
    return result


def _stops_of(layout: TrackLayout, i: int) -> range:
    end = layout.first_stop[i + 1] if i + 1 < len(layout.first_stop) else len(layout.stops)
    return range(layout.first_stop[i], end)


def _search(
    ctx: Context1870, start_hex: int, goal_hex: int, no_pass: int, cut: int, limit: int | None
) -> tuple[int | None, int, frozenset[int]]:
    """The fewest stops (or None), the stops taken from the queue (a mask: the answer
    depends on ``no_pass`` at those only) and the hexes the walks from them looked at."""
    layout = ctx.layout
    walk = ctx.bridge.adjacency.walk
    starts = _stops_of(layout, start_hex)
    goals = _stops_of(layout, goal_hex)
    seen = dict.fromkeys(starts, 1)
    queue = deque(starts)
    looked: set[int] = set()
    expanded = 0
    while queue:
        stop = queue.popleft()
        count = seen[stop]
        expanded |= 1 << stop
        if stop in goals:
            return count, expanded, frozenset(looked)
        if (no_pass >> stop) & 1 and stop not in starts:
            continue  # a route may end here, not pass through
        if limit is not None and count >= limit:
            continue
        nexts, hexes = walk(layout, stop, cut)
        for nxt in nexts:
            if nxt not in seen:
                seen[nxt] = count + 1
                queue.append(nxt)
        looked |= hexes
    return None, expanded, frozenset(looked)
