"""The cheapest path a rival could build now between two places (``transcon path``).

A cheapest-path search over hexes (``core.paths.cheapest_paths``): links the rival already
owns or has queued this segment are free; every other link costs its construction (seed
terrain table, doubled on an unjoined West Coast network as seed "West Coast Operations"
says, the joining link normal) plus the building fees the rival would pay now (base 2.3:
joining, crossing, alongside). Fees depend on the rivals' sealed orders of this segment too,
which nobody but the GM knows, so they are quoted as of the built track. The path is cheapest
in construction + fees, then in links.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from transcon.core.paths import cheapest_paths
from transcon.core.title import PathQuote
from transcon.titles.railway_rivals.building import (
    link_fees,
    own_components,
    points_available,
)
from transcon.titles.railway_rivals.spelling import Spelling
from transcon.titles.railway_rivals.state import RRState, edge

#: A search node: (hex, on the unjoined West Coast network).
_Node = tuple[int, bool]


def cheapest_path(state: RRState, player: str, start_word: str, end_word: str) -> PathQuote | None:
    spelling = Spelling.of(state)
    model = state.model
    start = model.hex_index(spelling.place(start_word))
    end = model.hex_index(spelling.place(end_word))
    found = _search(state, player, start, end)
    if found is None:
        return None
    hexes, construction, fees = found
    labels = tuple(model.labels[h] for h in hexes)
    cash = state.cash_mode
    unit = "cash" if cash else "points"
    text = f"{construction} {unit} of construction"
    if fees:
        paid = ", ".join(f"{fees[r]} to {r}" for r in sorted(fees))
        text += f" + {sum(fees.values())} cash in building fees ({paid})"
    notes = _notes(state, player, hexes, construction)
    actions = _build_actions(state, player, hexes)
    return PathQuote(
        _place_name(state, start),
        _place_name(state, end),
        labels,
        construction + sum(fees.values()),
        text,
        actions=actions if hexes[0] in _network(state, player) else (),
        notes=notes,
    )


def _place_name(state: RRState, h: int) -> str:
    label = state.model.labels[h]
    city = state.cities.get(h)
    return f"{city.name} ({label})" if city else label


def _network(state: RRState, player: str) -> set[int]:
    nodes = set(state.network[player])
    for a, b in state.pending.get(player, []):
        nodes.update((a, b))
    return nodes


def _owned(state: RRState, player: str) -> set[tuple[int, int]]:
    return set(state.track[player]) | {edge(a, b) for a, b in state.pending.get(player, [])}


def _search(
    state: RRState, player: str, start: int, end: int
) -> tuple[list[int], int, dict[str, int]] | None:
    """(hexes, construction, fees per rival) of the cheapest path, or None."""
    model = state.model
    owned = _owned(state, player)
    east, west = own_components(state, player, state.pending.get(player, []))
    mult = state.cfg.wco_build_multiplier
    double_fees = state.cfg.wc_double_fees
    hex_owners = state.hex_owners

    def onward(node: _Node, cost: tuple[int, int]) -> Iterator[tuple[_Node, tuple[int, int]]]:
        """Each step on with (construction + fees, links) after it."""
        here, doubled = node
        for nxt, base in model.out_links[here]:
            double_here = doubled and nxt not in east
            if edge(here, nxt) in owned:
                yield (nxt, double_here), (cost[0], cost[1] + 1)
                continue
            step = base * mult if double_here else base
            if nxt in hex_owners:
                factor = mult if double_fees and double_here else 1
                step += sum(r for _, r in link_fees(state, player, here, nxt, factor))
            yield (nxt, double_here), (cost[0] + step, cost[1] + 1)

    first = (start, start in west)
    found = cheapest_paths(
        [(first, (0, 0))], onward, goals={(end, False), (end, True)}, ties="insertion"
    )
    if found.reached is None:
        return None
    chain = found.path(found.reached)
    return _unwind(state, player, chain, owned)


def _unwind(
    state: RRState, player: str, chain: list[tuple[int, bool]], owned: set[tuple[int, int]]
) -> tuple[list[int], int, dict[str, int]]:
    mult = state.cfg.wco_build_multiplier
    construction = 0
    fees: dict[str, int] = {}
    for (a, _), (b, doubled) in itertools.pairwise(chain):
        if edge(a, b) in owned:
            continue
        base = state.model.link_cost[(a, b)]
        construction += base * mult if doubled else base
        factor = mult if doubled and state.cfg.wc_double_fees else 1
        for rival, amount in link_fees(state, player, a, b, factor):
            fees[rival] = fees.get(rival, 0) + amount
    return [h for h, _ in chain], construction, fees


def _build_actions(state: RRState, player: str, hexes: list[int]) -> tuple[str, ...]:
    """``build`` orders laying the path's links the rival does not own yet, in order."""
    owned = _owned(state, player)
    labels = state.model.labels
    runs: list[list[int]] = []
    for a, b in itertools.pairwise(hexes):
        if edge(a, b) in owned:
            continue
        if runs and runs[-1][-1] == a:
            runs[-1].append(b)
        else:
            runs.append([a, b])
    return tuple("build " + " ".join(labels[h] for h in run) for run in runs)


def _notes(state: RRState, player: str, hexes: list[int], construction: int) -> tuple[str, ...]:
    labels = state.model.labels
    notes = []
    if hexes[0] not in _network(state, player):
        notes.append(f"{labels[hexes[0]]} is not on your network: a build starts on it (base 2.2)")
    if state.cash_mode:
        left = state.cfg.cash_build_max_links - state.spent.get(player, 0)
        notes.append(f"cash building: {left} links left this round, cash {state.cash[player]}")
    elif state.phase == "build":
        notes.append(f"{points_available(state, player)} die points left in this segment")
    notes.append("fees as of the built track: rivals' sealed orders of this segment may add more")
    return tuple(notes)
