"""Which of the planner's chains the completed links have built, kept with the state.

A chain (:func:`planner.steps`: the links carrying a cube kind from a city to its nearest
accepting city, worked out on the empty board) is built once each of its city pairs has a
completed link, anyone's. Completed links are never removed (unfinished track is what goes)
and get rising ids, so a built chain stays built: each new link only counts down the chains
still waiting for its pair. The greedy bot asks for the built chains longer than an engine
(an upgrade then carries a cube further) without walking every city's chains each turn.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from transcon.titles.rotw.data import GOODS, RAW, SETTLER
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.planner import ChainLinks, planner_for, steps
from transcon.titles.rotw.state import RotwState

#: the cube kinds whose chains are followed
CHAIN_KINDS = (*GOODS, SETTLER, RAW)


@dataclass(slots=True)
class BuiltChain:
    kind: str
    origin: str
    links: ChainLinks
    missing: int  # links not built yet


@dataclass(slots=True)
class BuiltChains:
    """The chains of two or more links built so far, longest first."""

    graph: BoardGraph
    #: the state's ``next_link`` when the chains were last brought up to date
    next_link: int
    #: city pair -> the chains still missing a link there
    waiting: dict[frozenset[str], list[BuiltChain]]
    built: list[BuiltChain]


def built_chains(g: BoardGraph, s: RotwState) -> list[BuiltChain]:
    """The built chains of two or more links, longest first (see the module docstring)."""
    found: BuiltChains | None = s._bots.chains
    if found is None or found.graph is not g:
        found = s._bots.chains = _start(g, s)
    elif found.next_link != s.next_link:
        _add_links(found, s)
    return found.built


def _start(g: BoardGraph, s: RotwState) -> BuiltChains:
    planner = planner_for(g)
    done = s.link_owners().keys()
    chains = BuiltChains(g, s.next_link, {}, [])
    for kind in CHAIN_KINDS:
        for origin in sorted(g.cities):
            links = steps(planner, kind, origin)
            if len(links.steps) < 2:
                continue  # every engine carries a cube over one link
            missing = links.pairs - done
            chain = BuiltChain(kind, origin, links, len(missing))
            for pair in missing:
                chains.waiting.setdefault(pair, []).append(chain)
            if not missing:
                _built(chains, chain)
    return chains


def _add_links(chains: BuiltChains, s: RotwState) -> None:
    """Count down the chains waiting for the links completed since the last look."""
    for link in s.links:
        if link.id < chains.next_link or not link.b:
            continue
        for chain in chains.waiting.pop(frozenset((link.a, link.b)), ()):
            chain.missing -= 1
            if not chain.missing:
                _built(chains, chain)
    chains.next_link = s.next_link


def _built(chains: BuiltChains, chain: BuiltChain) -> None:
    insort(chains.built, chain, key=lambda c: -len(c.links.steps))
