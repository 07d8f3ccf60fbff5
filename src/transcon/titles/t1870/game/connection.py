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

A breadth-first search from the home city's stops over "next stop along the track" counts
the fewest stops to any stop in the destination hex. Track reuse between two stretches of
the walk is not checked, so the count is a lower bound (a route needs it, and in practice
always has it).
"""

from __future__ import annotations

from collections import deque

from transcon.eighteen.framework.state import GameState
from transcon.eighteen.layout import TrackLayout
from transcon.eighteen.tiles import NODE_BASE


def river_cut(layout: TrackLayout) -> int:
    """Track ids (a mask) of the paths in ``layout`` that join the two banks of the
    Mississippi in a river hex, or leave a river city's bank (memoised on the layout)."""
    got = layout.memo.get("river_cut")
    if isinstance(got, int):
        return got
    from transcon.titles.t1870.game.track import river_banks

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


class _Adjacency:
    """:func:`next_stops` results kept from one layout to the next.

    Each result records the hexes its walk looked at (tiles entered and neighbours probed);
    when the layout changes, a result stays valid unless one of those hexes changed (in 1870
    every stop is printed on the map, so stop numbers survive new tiles; results are dropped
    when the hex or stop numbering changes). Results are keyed by stop and by whether the
    river is cut (the cut of a path depends on its tile only).
    """

    def __init__(self) -> None:
        self.layout: TrackLayout | None = None
        self.results: dict[tuple[int, bool], tuple[tuple[int, ...], frozenset[int]]] = {}

    def sync(self, layout: TrackLayout) -> None:
        old = self.layout
        if old is layout:
            return
        self.layout = layout
        if (
            old is None
            or old.hex_order is not layout.hex_order
            or (old.index is not layout.index and old.index != layout.index)
        ):
            self.results.clear()
            return
        changed = {
            i for i, (a, b) in enumerate(zip(layout.placed, old.placed, strict=True)) if a is not b
        }
        if changed:
            self.results = {
                key: got for key, got in self.results.items() if got[1].isdisjoint(changed)
            }


_ADJACENCY = _Adjacency()


def reset_adjacency() -> None:
    """Forget the stop adjacency kept across layouts."""
    global _ADJACENCY
    _ADJACENCY = _Adjacency()


def next_stops(layout: TrackLayout, stop: int, cut: int) -> tuple[int, ...]:
    """Stops reached from ``stop`` along track without stopping in between, using no path in
    ``cut`` (``cut`` is 0 or :func:`river_cut` of ``layout``; memoised across layouts, see
    :class:`_Adjacency`)."""
    _ADJACENCY.sync(layout)
    key = (stop, bool(cut))
    got = _ADJACENCY.results.get(key)
    if got is not None:
        return got[0]
    ends_of, stop_at, base = layout.ends_of, layout.stop_at, layout.path_base
    table = layout.across_table
    s = layout.stops[stop]
    i = layout.hex_index[s.hex]
    found: set[int] = set()
    todo: list[tuple[int, int]] = []
    looked: set[int] = {i}

    def follow(j: int, end: int) -> None:
        for k, other in ends_of[j].get(end, ()):
            if (cut >> (base[j] + k)) & 1:
                continue
            if other >= NODE_BASE:
                found.add(stop_at[(j, other - NODE_BASE)])
            else:
                todo.append((j, other))

    follow(i, NODE_BASE + s.index)
    seen: set[int] = set()
    while todo:
        at, side = todo.pop()
        j = table[at * 6 + side]
        if j == -2:
            j = layout.across(at, side)
        entry = (side + 3) % 6
        if j < 0 or j * 6 + entry in seen:
            continue  # no numbered hex there (it can never get a tile), or walked already
        looked.add(j)
        seen.add(j * 6 + entry)
        follow(j, entry)
    found.discard(stop)
    result = tuple(sorted(found))
    _ADJACENCY.results[key] = (result, frozenset(looked))
    return result


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
    from transcon.titles.t1870.game.routing import context_of
    from transcon.titles.t1870.game.track import bridging_blocked

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
        result = _search(
            layout, start_hex, goal_hex, no_pass, river_cut(layout) if blocked else 0, limit
        )
    ctx.memo[key] = result
    return result


def _stops_of(layout: TrackLayout, i: int) -> range:
    end = layout.first_stop[i + 1] if i + 1 < len(layout.first_stop) else len(layout.stops)
    return range(layout.first_stop[i], end)


def _search(
    layout: TrackLayout, start_hex: int, goal_hex: int, no_pass: int, cut: int, limit: int | None
) -> int | None:
    starts = _stops_of(layout, start_hex)
    goals = _stops_of(layout, goal_hex)
    seen = dict.fromkeys(starts, 1)
    queue = deque(starts)
    while queue:
        stop = queue.popleft()
        count = seen[stop]
        if stop in goals:
            return count
        if (no_pass >> stop) & 1 and stop not in starts:
            continue  # a route may end here, not pass through
        if limit is not None and count >= limit:
            continue
        for nxt in next_stops(layout, stop, cut):
            if nxt not in seen:
                seen[nxt] = count + 1
                queue.append(nxt)
    return None
