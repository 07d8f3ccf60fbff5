"""Which of the planner's chains the completed links have built, kept with the state.

A chain (:func:`planner.steps`: the links carrying a cube kind from a city to its nearest
accepting city, worked out on the empty board) is built once each of its city pairs has a
completed link, anyone's. Completed links are never removed (unfinished track is what goes)
and get rising ids, so a built chain stays built: each new link only counts down the chains
that pass its city pair. The greedy bot asks for the built chains longer than an engine (an
upgrade then carries a cube further) without walking every city's chains each turn.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.planner import LongChain, LongChains, long_chains, planner_for
from transcon.titles.rotw.state import RotwState


@dataclass(slots=True)
class BuiltChains:
    """The chains of two or more links built so far, longest first."""

    graph: BoardGraph
    index: LongChains
    #: the state's ``next_link`` when the chains were last brought up to date
    next_link: int
    #: links not built yet, per chain (by position in ``index.chains``)
    missing: list[int]
    #: the city pairs counted so far
    done: set[frozenset[str]]
    built: list[LongChain]


def built_chains(g: BoardGraph, s: RotwState) -> list[LongChain]:
    """The built chains of two or more links, longest first (see the module docstring)."""
    found: BuiltChains | None = s._bots.chains
    if found is None or found.graph is not g:
        index = long_chains(planner_for(g))
        missing = [len(chain.links.pairs) for chain in index.chains]
        found = s._bots.chains = BuiltChains(g, index, 0, missing, set(), [])
    if found.next_link != s.next_link:
        _add_links(found, s)
    return found.built


def _add_links(chains: BuiltChains, s: RotwState) -> None:
    """Count down the chains passing the city pairs linked since the last look."""
    by_pair, missing = chains.index.by_pair, chains.missing
    for link in s.links:
        if link.id < chains.next_link or not link.b:
            continue
        pair = frozenset((link.a, link.b))
        if pair in chains.done:
            continue  # (a second player's link between the same cities)
        chains.done.add(pair)
        for at in by_pair.get(pair, ()):
            missing[at] -= 1
            if not missing[at]:
                insort(chains.built, chains.index.chains[at], key=_longest_first)
    chains.next_link = s.next_link


def _longest_first(chain: LongChain) -> int:
    return -len(chain.links.steps)
