"""Live goal counters for the status (the online base game shows them for every player):
how far each player is from each major line and the coast-to-coast railroad, and where each
player stands on the Rail Barons they hold (hidden from the others, see hidden.py).

A line's counter is the fewest builds the player still needs to connect its ends with their
own links ("builds to go"): a link of at most 5 pieces (one normal build) counts 1, a long
link of 6-10 pieces 2 (it takes the next turn too, seed 9). Which cities a link can join
is worked out on the empty board (water and other cities in between excluded; terrain cost,
sharp turns and full hexes are ignored), once per board (about 0.1 s for rotw-usa), so
the status stays fast. 0 is shown as ``connected`` (joined but not scored: a longer route
after someone else's claim).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from transcon.core.paths import cheapest_paths
from transcon.titles.rotw.data import (
    BARON_MEASURES,
    BARONS,
    BUILD_LIMIT,
    LONG_FACTOR,
    MAJOR_LINES,
    TRANSCON_ID,
    TRANSCON_LADDER,
)
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.hidden import HIDDEN, baron_visible
from transcon.titles.rotw.scoring import coasts, line_ends, measures
from transcon.titles.rotw.state import RotwState

LINK_PIECES = BUILD_LIMIT * LONG_FACTOR  # the longest link one (long) build can make

_HOPS: dict[int, tuple[BoardGraph, dict[str, dict[str, int]]]] = {}


def link_neighbours(g: BoardGraph) -> dict[str, dict[str, int]]:
    """City -> {city one link could join it to: builds that link takes (1 or 2)}."""
    cached = _HOPS.get(id(g))
    if cached is not None and cached[0] is g:
        return cached[1]
    table = {city: _reach(g, city) for city in g.cities}
    _HOPS[id(g)] = (g, table)
    return table


def _reach(g: BoardGraph, city: str) -> dict[str, int]:
    """Cities a track of at most ``LINK_PIECES`` pieces from ``city`` can end in, with the
    builds it takes: 1 up to ``BUILD_LIMIT`` pieces, else 2."""
    seen = {city}
    frontier = [city]
    found: dict[str, int] = {}
    for pieces in range(LINK_PIECES + 1):  # frontier: the hexes ``pieces`` pieces away
        nxt = []
        for here in frontier:
            for hx in g.neighbours.get(here, ()):
                if hx in seen:
                    continue
                if hx in g.cities:
                    if hx not in found:
                        found[hx] = 1 if max(pieces, 1) <= BUILD_LIMIT else 2
                elif hx in g.passable and pieces < LINK_PIECES:
                    seen.add(hx)
                    nxt.append(hx)
        frontier = nxt
        if not frontier:
            break
    found.pop(city, None)
    return found


def builds_to_go(
    g: BoardGraph, free: dict[str, set[str]], sources: Sequence[str], targets: AbstractSet[str]
) -> int | None:
    """Fewest builds joining a source to a target when the ``free`` links cost nothing
    (None: no way at all)."""
    hops = link_neighbours(g)

    def steps(here: str, n: int) -> list[tuple[str, int]]:
        out = [(nb, n) for nb in free.get(here, ())]
        return out + [(nb, n + w) for nb, w in hops.get(here, {}).items()]

    found = cheapest_paths([(c, 0) for c in sorted(sources)], steps, goals=targets)
    return None if found.reached is None else found.cost[found.reached]


def _network(s: RotwState, player: str | None) -> dict[str, set[str]]:
    """City -> neighbours over the completed links of ``player`` (None: everyone's)."""
    adj: dict[str, set[str]] = {}
    for lk in s.links:
        if lk.b and (player is None or lk.owner == player):
            adj.setdefault(lk.a, set()).add(lk.b)
            adj.setdefault(lk.b, set()).add(lk.a)
    return adj


def line_progress(g: BoardGraph, s: RotwState) -> list[dict[str, Any]]:
    """Per major line (on this map) and the coast-to-coast railroad: who claimed it and, per
    player, ``"claimed"``, ``"connected"`` (joined, but not scored: a longer route after
    the claim) or the number of builds still needed (None: no way on this board)."""
    nets = {p: _network(s, p) for p in s.players}
    out: list[dict[str, Any]] = []
    for line in MAJOR_LINES:
        a, b = line_ends(g, line)
        if not a or not b:
            continue
        record = s.lines.get(line.id)
        claimants = list(record.claimants) if record else []
        players: dict[str, Any] = {}
        for p in s.players:
            if p in claimants:
                players[p] = "claimed"
                continue
            n = builds_to_go(g, nets[p], a, set(b))
            players[p] = "connected" if n == 0 else n
        out.append(
            {"id": line.id, "title": line.title, "points": line.points}
            | {"claimed_by": claimants, "players": players}
        )
    east, west = coasts(g)
    if east and west:
        everyone = None if s.opt.transcon_links == "own" else _network(s, None)
        players = {}
        for p in s.players:
            if s.pl[p].transcon:
                players[p] = "claimed"
                continue
            n = builds_to_go(g, everyone if everyone is not None else nets[p], east, west)
            players[p] = "connected" if n == 0 else n
        ladder = "/".join(str(x) for x in TRANSCON_LADDER)
        out.append(
            {"id": TRANSCON_ID, "title": "East Coast to West Coast", "points": ladder}
            | {"claimed_by": list(s.transcon_done), "players": players}
        )
    return out


def baron_progress(
    s: RotwState, name: str, viewer: str | None, all_measures: dict[str, dict[str, int]]
) -> list[dict[str, Any]]:
    """The barons ``name`` holds (kept, or dealt and still to choose from), each with the
    player's count toward it and the leaders' count; barons ``viewer`` may not see read
    ``{"card": "?"}``."""
    p = s.pl[name]
    held = [(c, "east") for c in [p.east_baron] if c] + [(c, "west") for c in [p.west_baron] if c]
    if s.step == "barons" and not p.east_baron:
        held += [(c, "east dealt") for c in p.east_dealt]
    if not p.west_baron:  # seed 2: "Players may look at their Western Barons"
        held += [(c, "west dealt") for c in p.west_dealt]
    out: list[dict[str, Any]] = []
    for card, kind in held:
        dealt = kind.endswith("dealt")  # cards to choose from: never shown to the others
        visible = viewer in (None, name) if dealt else baron_visible(s, name, card, viewer)
        if not visible:
            out.append({"card": HIDDEN, "kind": kind})
            continue
        baron = BARONS[card]
        best = max(all_measures[q][baron.measure] for q in s.players)
        leaders = [q for q in s.players if all_measures[q][baron.measure] == best] if best else []
        out.append(
            {
                "card": card,
                "kind": kind,
                "name": baron.name,
                "measure": baron.measure,
                "goal": BARON_MEASURES[baron.measure],
                "points": baron.points,
                "count": all_measures[name][baron.measure],
                "leaders": leaders,
                "leader_count": best,
                "claimed": card == p.east_baron and p.east_baron_claimed,
            }
        )
    return out


def progress(g: BoardGraph, s: RotwState, viewer: str | None) -> dict[str, Any]:
    """Every goal counter ``viewer`` may see: major lines for all, barons as hidden.py says."""
    all_measures = {p: measures(g, s, p) for p in s.players}
    return {
        "major_lines": line_progress(g, s),
        "barons": {p: baron_progress(s, p, viewer, all_measures) for p in s.players},
    }
