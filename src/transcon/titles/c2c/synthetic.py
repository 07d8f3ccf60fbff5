"""Synthetic late-game 18C2C positions on the full map (for the benchmark and the tests).

A seeded generator joins cities by shortest hex paths and lays one tile per hex that carries
every path through it (cities get a grey-valued city tile with all the sides used, other
hexes plain track sections), keeps the printed off-boards, and spreads a company's tokens
coast to coast. The tiles are synthetic (not from the manifest): the point is a network of
late-game size for the route engine.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from transcon.core.board import Board
from transcon.core.hexgrid import Hex
from transcon.eighteen.graph import PlacedTile, TrackGraph, build_graph
from transcon.eighteen.routes import StopValues
from transcon.eighteen.tiles import parse_tile
from transcon.titles.c2c.data import Variant, load_board, load_layer, zone
from transcon.titles.c2c.routes import group_offboard_areas

COMPANY = "CO"
OTHERS = ("XA", "XB", "XC")
GREY_VALUE = {"NY": 100, "CHI": 100, "B": 80}


@dataclass(frozen=True, slots=True)
class Position:
    graph: TrackGraph
    values: StopValues
    tokens: dict[tuple[Hex, int], tuple[str, ...]]
    home: Hex


def _path(board: Board, a: Hex, b: Hex, red: set[Hex]) -> list[Hex] | None:
    """A shortest hex path from ``a`` to ``b`` not passing through off-boards."""
    prev: dict[Hex, Hex | None] = {a: None}
    todo = deque([a])
    while todo:
        h = todo.popleft()
        if h == b:
            out = [h]
            while (p := prev[out[-1]]) is not None:
                out.append(p)
            return out[::-1]
        if h in red and h != a:
            continue
        for n in board.neighbors(h):
            if n not in prev:
                prev[n] = h
                todo.append(n)
    return None


def _side(a: Hex, b: Hex) -> int:
    return a.neighbors().index(b)


def synthetic_position(seed: int, links: int = 3, variant: Variant = "d") -> Position:
    """Cities each joined to ``links`` near cities, 5-8 company tokens from west to east."""
    rng = random.Random(seed)
    board = load_board()
    layer = load_layer(variant)
    red = {h for h, p in layer.preprinted.items() if p.tile.color.value == "red"}
    stops = sorted(layer.preprinted, key=lambda h: (h.q, h.r))
    sides: dict[Hex, set[int]] = {}
    pairs: dict[Hex, set[tuple[int, int]]] = {}
    for a in stops:
        near = sorted(stops, key=lambda b: a.distance(b))[1 : 2 + links * 2]
        for b in rng.sample(near, min(links, len(near))):
            path = _path(board, a, b, red)
            if path is None:
                continue
            for i, h in enumerate(path):
                used = [_side(h, n) for n in (path[i - 1 : i] + path[i + 1 : i + 2])]
                if h in layer.preprinted:
                    sides.setdefault(h, set()).update(used)
                elif len(used) == 2:
                    pairs.setdefault(h, set()).add((min(used), max(used)))
    tiles: dict[Hex, PlacedTile] = {}
    for h, placed in layer.preprinted.items():
        if h in red:
            tiles[h] = placed
            continue
        info = board.info(h)
        kind = info.site.label if info.site else ""
        value = GREY_VALUE.get(kind, 60)
        used = sorted(sides.get(h, set()))
        if len(placed.tile.nodes) == 2:
            spec = f"c0:{value}:2 c1:{value}:2 " + " ".join(
                f"{s}-c{0 if s < 3 else 1}" for s in used
            )
        else:
            spec = f"c0:{value}:3 " + " ".join(f"{s}-c0" for s in used)
        tiles[h] = PlacedTile(parse_tile(info.label, "gray", spec))
    for h, ps in pairs.items():
        spec = " ".join(f"{a}-{b}" for a, b in sorted(ps))
        tiles[h] = PlacedTile(parse_tile(board.label(h), "gray", spec))
    tokens = _tokens(board, rng, [h for h in stops if h not in red or rng.random() < 0.5])
    home = next(h for (h, _), t in tokens.items() if COMPANY in t)
    graph = build_graph(
        tiles,
        label=board.label,
        band=layer.band("6D" if variant == "d" else "12"),
        tokens=tokens,
        started={COMPANY, *OTHERS},
    )
    group_offboard_areas(board, graph)
    n = len(graph.stops)
    values = StopValues(tuple(s.value for s in graph.stops), (0,) * n)
    return Position(graph, values, tokens, home)


def _tokens(
    board: Board, rng: random.Random, cities: list[Hex]
) -> dict[tuple[Hex, int], tuple[str, ...]]:
    """5-8 company tokens: at least one in the West, one in the Eastern zone; other
    companies fill some slots (their tokens block routes through full cities)."""
    by_zone = {z: [h for h in cities if zone(board, h) == z] for z in ("west", "eastern")}
    own = {rng.choice(by_zone["west"]), rng.choice(by_zone["eastern"])}
    while len(own) < rng.randint(5, 8):
        own.add(rng.choice(cities))
    tokens: dict[tuple[Hex, int], tuple[str, ...]] = {(h, 0): (COMPANY,) for h in own}
    for h in rng.sample(cities, len(cities) // 4):
        if (h, 0) not in tokens:
            tokens[(h, 0)] = tuple(rng.sample(OTHERS, rng.choice((2, 3))))
    return tokens
