"""Tile lays that head for a company's destination, and the MRBC's lays, for 1870's
``seeker`` bot (:class:`~transcon.titles.t1870.game.bots.SeekerBot`).

The candidates are every fitting tile and rotation (:func:`reach.fitting_lays`) on the hexes
the company's network touches (:class:`~transcon.eighteen.network.Network`: its stops and
both sides of every hex side its track reaches), ranked by how close their new track ends
come to the destination (hex steps on the map, around impassable sides). They are only
candidates: the bot keeps the first one the game accepts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from transcon.eighteen.framework.actions import LayTile
from transcon.eighteen.framework.state import GameState
from transcon.titles.t1870.game.reach import (
    _bridge,
    _map,
    fitting_lays,
    lay_colour,
    tile_def,
)

#: A lay's rank: lower is better (the new track's nearest end, then the hex itself).
Rank = tuple[int, int]
FAR = 1_000


def distances_to(label: str) -> dict[str, int]:
    """Hex steps from every hex of the 1870 map to ``label`` (no step through an
    impassable side); kept in the route bridge's memo."""
    key = ("distances_to", label)
    memo = _bridge().memo
    got = memo.get(key)
    if got is None:
        got = memo[key] = _breadth_first(label)
    return got  # type: ignore[return-value]


def _breadth_first(label: str) -> dict[str, int]:
    from transcon.eighteen.position import impassable_sides

    data, m = _map()
    blocked = impassable_sides(data)
    start = m.labels[label]
    seen = {start: 0}
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for side, j in enumerate(m.neighbours[i]):
            if j < 0 or j in seen or (m.hexes[i], side) in blocked:
                continue
            seen[j] = seen[i] + 1
            queue.append(j)
    return {m.names[i]: d for i, d in seen.items()}


def network_hexes(state: GameState, sym: str, phase: str) -> list[str]:
    """The hexes (labels, sorted) where a tile could join ``sym``'s network: those with a
    stop it reaches and both sides of every hex side its track reaches."""
    from transcon.eighteen.network import Network
    from transcon.titles.t1870.game.routing import context_of

    _, m = _map()
    network = Network.of(context_of(state, phase).reach(sym))
    hexes = {h for h, _ in network.edges} | {h for h, _ in network.nodes}
    return sorted(m.names[i] for i, h in enumerate(m.hexes) if h in hexes)


def ranked_lays(
    state: GameState,
    hexes: list[str],
    colours: tuple[str, ...],
    destination: str,
    make: Callable[[str, str, int], LayTile],
    *,
    upgrades: bool = True,
) -> list[tuple[Rank, LayTile]]:
    """Every fitting lay on ``hexes`` (a yellow tile on an empty hex, the next colour of
    ``colours`` on a laid one when ``upgrades``) with its rank toward ``destination``:
    the fewest hex steps from a side its new track leads to, then from the hex itself (a
    lay in the destination hex ranks first)."""
    _, m = _map()
    far = distances_to(destination)
    out: list[tuple[Rank, LayTile]] = []
    for label in hexes:
        laid = state.tiles.get(label)
        if laid is not None and not upgrades:
            continue
        want = lay_colour(state, label, colours)
        if want is None:
            continue
        old = set() if laid is None else set(tile_def(str(laid[0])).exits(int(str(laid[1]))))
        index = m.labels[label]
        here = far.get(label, FAR)
        for tile, rotation in fitting_lays(state, label, want):
            new = set(tile_def(tile).exits(rotation)) - old
            ends = [
                far.get(m.names[m.neighbours[index][side]], FAR)
                for side in new
                if m.neighbours[index][side] >= 0
            ]
            nearest = -1 if here == 0 else min(ends, default=here + 1)
            out.append(((nearest, here), make(label, tile, rotation)))
    return out
