"""Small hand-built 18xx boards for route-rule tests (double-width labels, pointy hexes).

Sides: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE. In a row, neighbours differ by 2 (C4 - C6).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence

from transcon.core.hexgrid import Orientation
from transcon.core.labels import HexLabels, LabelStyle, Stagger
from transcon.eighteen.graph import PlacedTile, TrackGraph, build_graph
from transcon.eighteen.routes import Route
from transcon.eighteen.tiles import parse_tile
from transcon.eighteen.trains import Train

LABELS = HexLabels(LabelStyle.DOUBLE_WIDTH, Orientation.POINTY, Stagger.EVEN)


def graph(
    tiles: Mapping[str, str],
    *,
    tokens: Mapping[str, Sequence[str]] | None = None,
    started: Iterable[str] | None = None,
    band: int = 0,
    impassable: Iterable[tuple[str, int]] = (),
) -> TrackGraph:
    """``tiles``: label -> tile spec (``"c0:20:1 1-c0 c0-4"``); tokens: ``"C4-0" -> [co]``."""
    placed = {
        LABELS.parse(k): PlacedTile(parse_tile(k, "yellow", spec)) for k, spec in tiles.items()
    }
    toks = {}
    for sig, companies in (tokens or {}).items():
        label, k = sig.rsplit("-", 1)
        toks[(LABELS.parse(label), int(k))] = tuple(companies)
    return build_graph(
        placed,
        label=LABELS.label,
        band=band,
        tokens=toks,
        started=set(started) if started is not None else None,
        blocked_sides={(LABELS.parse(h), s) for h, s in impassable},
    )


def route(
    g: TrackGraph, train: Train, *sigs: str, via: Sequence[Sequence[str]] | None = None
) -> Route:
    """A route through stops ``sigs``; each hop is the shortest one (or the one whose hexes
    are ``via[i]``, when given and not None) between consecutive stops."""
    stops = [g.index[s] for s in sigs]
    hops = []
    for i, (a, b) in enumerate(itertools.pairwise(stops)):
        found = g.find_hops(a, b)
        if via is not None and via[i]:
            want = tuple(LABELS.parse(h) for h in via[i])
            found = [h for h in found if g.hops[h.id].hexes == want]
        assert found, f"no hop {sigs[i]} -> {sigs[i + 1]}"
        hops.append(min(found, key=lambda h: len(g.hops[h.id].hexes)).id)
    return Route(train, tuple(stops), tuple(hops))


# Tile specs used across tests (definition sides already rotated into place).
CITY_W_E = "c0:20:1 1-c0 c0-4"  # a city with track west and east
CITY_E = "c0:20:1 c0-4"  # a city with track east only
CITY_W = "c0:20:1 1-c0"
STRAIGHT_W_E = "1-4"
