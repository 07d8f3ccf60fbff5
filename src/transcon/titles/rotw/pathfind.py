"""The cheapest track a player could build now between two cities (``transcon path``).

A search over cities: the player's own completed links are free, every other step is the
cheapest track the player could lay now between two cities (base 3.2 A costs, full hexes
avoided, at most a long build's pieces per link, seeds 8-9). Seed 23's $20k is due once
when no city of the chain touches the player's own track and every link to build has a
Western end (a link with an Eastern end at both sides can be built first, from the East).
The chain is the cheapest one before that surcharge (a dearer chain that avoids it is not
looked for).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from transcon.core.paths import cheapest_paths
from transcon.core.title import PathQuote
from transcon.titles.rotw.build import build_limit, own_cities
from transcon.titles.rotw.data import WEST_START_SURCHARGE
from transcon.titles.rotw.graph import MAX_ROUTE_PIECES, BoardGraph, Route
from transcon.titles.rotw.notation import city_ref
from transcon.titles.rotw.state import Link, RotwState


@dataclass(frozen=True, slots=True)
class _Step:
    """One link of the chain: built (``route``) or one of the player's own (route None)."""

    a: str
    b: str
    route: Route | None
    own_hexes: tuple[str, ...] = ()  # an own link's hexes between the cities, from ``a``


def _own_hexes(link: Link, start: str) -> tuple[str, ...]:
    return link.hexes if link.a == start else tuple(reversed(link.hexes))


def cheapest_path(
    g: BoardGraph, s: RotwState, player: str, start_word: str, end_word: str
) -> PathQuote | None:
    start, end = city_ref(g, start_word), city_ref(g, end_word)
    if start == end:
        return PathQuote(start, end, (start,), 0, "$0k", notes=("the same city",))
    found = _search(g, s, player, start, end)
    if found is None:
        return None
    steps, surcharge = found
    cost = sum(st.route.cost for st in steps if st.route) + surcharge
    hexes: list[str] = [start]
    for st in steps:
        middle = st.route.hexes[1:-1] if st.route else st.own_hexes
        if st.route and st.route.a != st.a:
            middle = tuple(reversed(middle))
        hexes.extend((*middle, st.b))
    return PathQuote(
        start=g.cities[start].name,
        end=g.cities[end].name,
        hexes=tuple(hexes),
        cost=cost,
        cost_text=f"${cost}k",
        actions=tuple(_build_texts(g, s, player, steps)),
        notes=tuple(_notes(g, s, player, steps, surcharge)),
    )


def _search(
    g: BoardGraph, s: RotwState, player: str, start: str, end: str
) -> tuple[list[_Step], int] | None:
    """Cheapest chain of links (a search over cities, ties to the way found first), then
    seed 23's $20k if due."""
    own = {frozenset((lk.a, lk.b)): lk for lk in s.links if lk.owner == player and lk.b}
    own_links = set(own)
    use = s.hex_use()
    step_of: dict[tuple[str, str], _Step] = {}

    def onward(city: str, cost: int) -> list[tuple[str, int]]:
        nexts = [
            (other, route.cost, _Step(city, other, route))
            for other, route in g.search(city, None, MAX_ROUTE_PIECES, use).items()
            if frozenset((city, other)) not in own_links
        ]
        nexts += [
            (other, 0, _Step(city, other, None, _own_hexes(own[pair], city)))
            for pair in own_links
            if city in pair
            for other in pair - {city}
        ]
        for other, _, step in nexts:
            step_of[(city, other)] = step
        return [(other, cost + step_cost) for other, step_cost, _ in nexts]

    found = cheapest_paths([(start, 0)], onward, goals={end}, ties="insertion")
    if found.reached is None:
        return None
    chain = found.path(end)
    steps = [step_of[(a, b)] for a, b in pairwise(chain)]
    return steps, _chain_surcharge(g, s, player, steps)


def _chain_surcharge(g: BoardGraph, s: RotwState, player: str, steps: list[_Step]) -> int:
    """Seed 23 for a whole chain: free when a city of it touches the player's own track or
    a link to build is all Eastern (build that one first, the rest then joins it)."""
    built = [st for st in steps if st.route]
    if s.phase != "west" or not built:
        return 0
    mine = own_cities(s, player)
    if any(st.a in mine or st.b in mine for st in steps):
        return 0
    if any(not g.cities[st.a].west and not g.cities[st.b].west for st in built):
        return 0
    return WEST_START_SURCHARGE


def _build_texts(g: BoardGraph, s: RotwState, player: str, steps: list[_Step]) -> list[str]:
    """Build actions for the links to build, first those next to the player's own track
    (written from that side), so that no build pays seed 23's surcharge needlessly."""
    mine = own_cities(s, player)
    todo = [st for st in steps if st.route]
    texts: list[str] = []
    limit = build_limit(s, player)
    while todo:
        pick = next(
            (st for st in todo if st.a in mine or st.b in mine),
            next(
                (st for st in todo if not g.cities[st.a].west and not g.cities[st.b].west), todo[0]
            ),
        )
        todo.remove(pick)
        assert pick.route is not None
        hexes = pick.route.hexes
        if hexes[0] not in mine and hexes[-1] in mine:
            hexes = tuple(reversed(hexes))
        long = " long" if pick.route.pieces > limit else ""
        texts.append(f"build {' '.join(hexes)}{long}")
        mine |= {pick.a, pick.b}
    return texts


def _notes(
    g: BoardGraph, s: RotwState, player: str, steps: list[_Step], surcharge: int
) -> list[str]:
    chain = [steps[0].a, *(st.b for st in steps)]
    notes = ["via " + " - ".join(f"{g.cities[c].name} ({c})" for c in chain)]
    owned = [st for st in steps if st.route is None]
    if owned:
        names = ", ".join(f"{g.cities[st.a].name}-{g.cities[st.b].name}" for st in owned)
        notes.append(f"uses your own link(s) {names} (free)")
    built = [st for st in steps if st.route]
    if built:
        notes.append(f"{len(built)} link(s) to build, one build action each")
    limit = build_limit(s, player)
    if any(st.route and st.route.pieces > limit for st in built):
        notes.append(
            f"a link of more than {limit} pieces is a long build (variant rule 9: skips your next "
            "turn, not in round 3) or two builds in one game turn"
        )
    if surcharge:
        notes.append(
            f"includes variant rule 23's ${surcharge}k for new Western track not joined to yours"
        )
    return notes
