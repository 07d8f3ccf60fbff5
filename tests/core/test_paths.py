"""The shared path-finding module (core/paths.py) and the one definition of river sides."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from transcon.core.board import RIVER_SIDE_KINDS, SideKind
from transcon.core.hexgrid import Hex
from transcon.core.paths import (
    cheapest_paths,
    dominates,
    front_of,
    pareto_fronts,
    zero_one_costs,
)

Graph = dict[int, list[tuple[int, int]]]


def steps_of(graph: Graph) -> Callable[[int, int], Iterator[tuple[int, int]]]:
    def steps(node: int, d: int) -> Iterator[tuple[int, int]]:
        return ((nxt, d + w) for nxt, w in graph.get(node, ()))

    return steps


def floyd(graph: Graph, nodes: int) -> list[list[float]]:
    inf = float("inf")
    dist = [[0.0 if i == j else inf for j in range(nodes)] for i in range(nodes)]
    for a, out in graph.items():
        for b, w in out:
            dist[a][b] = min(dist[a][b], w)
    for k in range(nodes):
        for i in range(nodes):
            for j in range(nodes):
                dist[i][j] = min(dist[i][j], dist[i][k] + dist[k][j])
    return dist


def random_graph(seed: int, nodes: int, weights: tuple[int, ...]) -> Graph:
    rng = random.Random(seed)
    graph: Graph = {}
    for _ in range(nodes * 3):
        a, b = rng.randrange(nodes), rng.randrange(nodes)
        graph.setdefault(a, []).append((b, rng.choice(weights)))
    return graph


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 12))
def test_cheapest_costs_match_all_pairs(seed: int, nodes: int) -> None:
    graph = random_graph(seed, nodes, (1, 2, 3, 5))
    dist = floyd(graph, nodes)
    found = cheapest_paths([(0, 0)], steps_of(graph))
    assert found.cost == {n: int(d) for n, d in enumerate(dist[0]) if d != float("inf")}
    for node in found.cost:  # every path is a real walk of that cost
        path = found.path(node)
        assert path[0] == 0 and path[-1] == node
        cost = sum(min(w for n, w in graph[a] if n == b) for a, b in pairwise(path))
        assert cost == found.cost[node]
    zero_one = random_graph(seed, nodes, (0, 1))
    assert zero_one_costs([0], lambda n: zero_one.get(n, ())) == {
        n: int(d) for n, d in enumerate(floyd(zero_one, nodes)[0]) if d != float("inf")
    }


def test_goal_bound_budget_and_ties() -> None:
    #   0 -1- 1 -1- 3
    #   0 -1- 2 -1- 3   (two equal ways to 3)
    graph: Graph = {0: [(2, 1), (1, 1)], 1: [(3, 1)], 2: [(3, 1)], 3: [(4, 5)]}
    steps = steps_of(graph)
    found = cheapest_paths([(0, 0)], steps, goals={3})
    assert found.reached == 3 and found.cost[3] == 2
    assert found.path(3) == [0, 1, 3]  # ties by node: 1 is settled before 2
    assert 4 not in found.cost  # stopped at the goal
    least = cheapest_paths([(0, 0)], steps, parent_ties="least")
    assert least.path(3) == [0, 1, 3] and least.cost[4] == 7
    assert 4 not in cheapest_paths([(0, 0)], steps, bound=6).cost
    budget = cheapest_paths([(0, 0)], steps, max_settled=2)
    assert [n for n, _ in budget.settled] == [0, 1]
    # tuple costs compare in order: fewest links, then pieces
    pieces = {0: [(1, 5), (2, 1)], 2: [(1, 1)]}
    tuples = cheapest_paths(
        [(0, (0, 0))],
        lambda n, c: ((m, (c[0] + 1, c[1] + p)) for m, p in pieces.get(n, ())),
    )
    assert tuples.cost[1] == (1, 5)


def test_pareto_fronts_keep_every_non_dominated_vector() -> None:
    # two ways from 0 to 3: (links, pieces) (2, 10) and (3, 4); a dominated third (3, 11)
    graph = {0: [(1, (1, 5)), (4, (1, 1))], 1: [(3, (1, 5))], 4: [(5, (1, 1)), (6, (1, 5))]}
    graph |= {5: [(3, (1, 2))], 6: [(3, (1, 5))]}
    fronts = pareto_fronts([(0, (0, 0))], lambda n: graph.get(n, ()), goals={3})
    assert fronts[3] == [(2, 10), (3, 4)]
    assert front_of([(3, 4), (2, 10), (3, 11), (2, 10)]) == [(2, 10), (3, 4)]
    assert dominates((1, 2), (1, 3)) and not dominates((1, 4), (2, 3))


def test_hex_distance_is_the_grids() -> None:
    assert Hex(0, 0).distance(Hex(3, -1)) == 3


def test_river_sides_are_rivers_and_estuaries() -> None:
    """Railway Rivals seed "Estuaries" and RotW base 3.2 A: one definition for both titles."""
    assert {SideKind.RIVER.value, SideKind.ESTUARY.value} == RIVER_SIDE_KINDS
