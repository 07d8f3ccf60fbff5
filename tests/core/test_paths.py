"""The shared path-finding module (core/paths.py) and the one definition of river sides."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable, Iterator
from itertools import pairwise
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transcon.core import paths
from transcon.core.board import RIVER_SIDE_KINDS, SideKind
from transcon.core.hexgrid import Hex
from transcon.core.paths import (
    LabelSearch,
    cheapest_paths,
    cheapest_paths_over,
    dominates,
    front_of,
    pareto_fronts,
    simple_path_nodes,
    zero_one_costs,
    zero_one_costs_over,
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


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 14), st.integers(0, 3))
def test_cheapest_paths_over_a_table_is_cheapest_paths(seed: int, nodes: int, goal: int) -> None:
    """Fixed step costs in a table give exactly what the per-node search gives: costs,
    parents (ties included: many equal weights), settled order and the goal reached."""
    graph = random_graph(seed, nodes, (0, 1, 1, 2))
    table = {n: graph.get(n, []) for n in range(nodes)}
    starts = [(0, 0), (nodes - 1, 1)]
    goals = {nodes - 1 - goal} if goal else None
    fast = cheapest_paths_over(starts, table, goals=goals)
    slow = cheapest_paths(starts, steps_of(graph), goals=goals)
    assert (fast.cost, fast.parent, fast.settled, fast.reached) == (
        slow.cost,
        slow.parent,
        slow.settled,
        slow.reached,
    )
    # the compiled search (when built) and the Python one: the same dicts in the same order
    with mock.patch.object(paths, "_PATHCORE", None):
        python = cheapest_paths_over(starts, table, goals=goals)
    assert list(fast.cost.items()) == list(python.cost.items())
    assert list(fast.parent.items()) == list(python.parent.items())
    assert (fast.settled, fast.reached) == (python.settled, python.reached)
    # nodes that are no plain ints: the Python search, the same costs (ties break by the
    # names' order, so the order may differ)
    named = {f"n{a}": [(f"n{b}", w) for b, w in near] for a, near in table.items()}
    words = cheapest_paths_over([(f"n{n}", c) for n, c in starts], named)
    whole = cheapest_paths_over(starts, table)
    assert words.cost == {f"n{n}": c for n, c in whole.cost.items()}


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


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 7), st.sampled_from([2, 3]))
def test_pareto_fronts_match_every_walk(seed: int, nodes: int, size: int) -> None:
    """Every front vector is a walk's cost, and every walk's cost is no better than some
    front vector, for pairs and triples: checked against all walks
    of up to one step fewer than the nodes (costs are at least 1: a front walk is a simple
    path)."""
    rnd = random.Random(seed)
    graph = {
        a: [(b, tuple(rnd.randint(1, 4) for _ in range(size))) for b in range(nodes) if b != a]
        for a in range(nodes)
        if rnd.random() < 0.9
    }
    fronts = pareto_fronts([(0, (0,) * size)], lambda n: graph.get(n, ()))
    walks: dict[int, set[tuple[int, ...]]] = {0: {(0,) * size}}
    layer = [(0, (0,) * size)]
    for _ in range(nodes - 1):
        nxt_layer = []
        for node, cost in layer:
            for b, step in graph.get(node, ()):
                new = tuple(x + y for x, y in zip(cost, step, strict=True))
                walks.setdefault(b, set()).add(new)
                nxt_layer.append((b, new))
        layer = nxt_layer
    assert set(fronts) == set(walks)
    for node, costs in walks.items():
        assert fronts[node] == front_of(costs)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 30))
def test_zero_one_costs_over_a_table_is_zero_one_costs(seed: int, nodes: int) -> None:
    """The table search (compiled when built) gives the same costs in the same order as the
    reference search, and a node missing from the table is a KeyError in both."""
    rnd = random.Random(seed)
    table = {
        a: [(rnd.randrange(nodes), rnd.randint(0, 1)) for _ in range(rnd.randint(0, 4))]
        for a in range(nodes)
    }
    starts = [rnd.randrange(nodes) for _ in range(rnd.randint(1, 3))]
    want = zero_one_costs(starts, table.__getitem__)
    got = zero_one_costs_over(starts, table)
    assert list(got.items()) == list(want.items())
    assert zero_one_costs_over([], table) == {}
    broken = {0: [(1, 1)]}
    for search in (zero_one_costs_over, lambda s, t: zero_one_costs(s, t.__getitem__)):
        with pytest.raises(KeyError):
            search([0], broken)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 14))
def test_table_searches_avoiding_nodes_are_searches_of_the_table_without_them(
    seed: int, nodes: int
) -> None:
    """``avoid`` leaves nodes out (no step leads into one; the starts stand): the same costs,
    compiled and in Python, as the searches of the table with those steps removed."""
    rnd = random.Random(seed)
    table = {
        a: [(rnd.randrange(nodes), rnd.randint(0, 2)) for _ in range(rnd.randint(0, 4))]
        for a in range(nodes)
    }
    avoid = frozenset(rnd.sample(range(nodes), rnd.randint(0, nodes // 2)))
    without = {a: [(b, w) for b, w in near if b not in avoid] for a, near in table.items()}
    zero_one = {a: [(b, min(w, 1)) for b, w in near] for a, near in table.items()}
    zero_one_without = {a: [(b, min(w, 1)) for b, w in near] for a, near in without.items()}
    starts = [rnd.randrange(nodes) for _ in range(rnd.randint(1, 3))]
    for core in (paths._PATHCORE, None):
        with mock.patch.object(paths, "_PATHCORE", core):
            got = cheapest_paths_over([(n, 0) for n in starts], table, avoid=avoid)
            want = cheapest_paths_over([(n, 0) for n in starts], without)
            assert (got.cost, got.parent, got.settled) == (want.cost, want.parent, want.settled)
            costs = zero_one_costs_over(starts, zero_one, avoid)
            plain = zero_one_costs_over(starts, zero_one_without)
            assert list(costs.items()) == list(plain.items())


def _split_by_layer(costs: dict[int, int], layers: int) -> tuple[dict[int, int], ...]:
    out: tuple[dict[int, int], ...] = tuple({} for _ in range(layers))
    for node, c in costs.items():
        out[node % layers][node // layers] = c
    return out


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 30), st.integers(1, 3))
def test_layered_steps_are_the_table_searches_per_layer(seed: int, nodes: int, layers: int) -> None:
    """``LayeredSteps`` (compiled and its Python reference) gives, per layer, the costs of
    ``cheapest_paths_over`` on the lengths and of ``zero_one_costs_over`` counting the steps
    whose label is a mask within ``within``, avoiding the same nodes, each dict in the same
    order; a start beyond the table has cost 0 and no steps."""
    rnd = random.Random(seed)
    table = {
        a: [
            (rnd.randrange(nodes), rnd.randint(0, 3), rnd.choice((-1, 0, 1, 2, 3, 5, 6)))
            for _ in range(rnd.randint(0, 4))
        ]
        for a in range(nodes)
        if rnd.random() < 0.9
    }
    avoid = frozenset(rnd.sample(range(nodes), rnd.randint(0, nodes // 2)))
    starts = [rnd.randrange(nodes + 2) for _ in range(rnd.randint(0, 3))]
    within = rnd.choice((-1, 0, 1, 3, 4))
    full = {n: table.get(n, []) for n in range(nodes + 2)}
    lengths = {a: [(b, length) for b, length, _ in near] for a, near in full.items()}
    ones = {
        a: [(b, int(label >= 0 and label & ~within == 0)) for b, _, label in near]
        for a, near in full.items()
    }
    want_cheapest = cheapest_paths_over([(n, 0) for n in starts], lengths, avoid=avoid).cost
    want_zero_one = zero_one_costs_over(starts, ones, avoid)
    steps = paths.LayeredSteps(table, layers)
    assert steps._compiled is not None or paths._PATHCORE is None
    for found in (steps.cheapest(starts, avoid), steps.cheapest_python(starts, avoid)):
        want = _split_by_layer(want_cheapest, layers)
        assert [list(d.items()) for d in found] == [list(d.items()) for d in want]
    for found in (
        steps.zero_one(starts, avoid, within),
        steps.zero_one_python(starts, avoid, within),
    ):
        want = _split_by_layer(want_zero_one, layers)
        assert [list(d.items()) for d in found] == [list(d.items()) for d in want]


def test_layered_steps_copy_and_pickle() -> None:
    """A state's caches hold the tables: a deep copy of the state (``Game.clone``, atomic
    actions) shares them, a pickle makes them again with the same answers."""
    table = {0: [(1, 2, 1)], 1: [(2, 1, -1)], 2: [], 3: [(0, 1, 2)]}
    steps = paths.LayeredSteps(table)
    assert copy.deepcopy({"cache": steps})["cache"] is steps
    again = pickle.loads(pickle.dumps(steps))
    assert again.table == steps.table and again.layers == steps.layers
    assert again.cheapest([3]) == steps.cheapest([3]) == ({0: 1, 1: 4}, {1: 0, 0: 3})
    assert again.zero_one([3], within=1) == steps.zero_one([3], within=1)


def test_layered_steps_give_the_key_objects_they_were_given() -> None:
    """With ``keys`` the searches' dicts (compiled and the reference) are keyed by those very
    objects, so a caller holding them looks up by identity (ints above 256 made apart are
    different objects); keys beyond them are plain ints; a key that is not the int of its
    place is refused, and a pickle keeps the keys."""
    keys = [*range(300), int("300"), int("301")]
    table = {300: [(301, 1, 1), (302, 2, 1)], 301: [], 302: []}
    assert keys[301] is not int("301")
    steps = paths.LayeredSteps(table, 1, keys)
    for found in (steps.cheapest([300])[0], steps.zero_one_python([300])[0]):
        assert list(found) == [300, 301, 302]
        assert [k is keys[k] for k in list(found)[:2]] == [True, True]
    again = pickle.loads(pickle.dumps(steps))
    assert again.keys == steps.keys and again.zero_one([300]) == steps.zero_one([300])
    for bad in ([0, 2], [0, "1"], [0, True]):
        with pytest.raises(ValueError, match="keys"):
            paths.LayeredSteps(table, 1, bad)  # type: ignore[arg-type]


def test_layered_steps_refuse_a_malformed_table() -> None:
    """A node that is no non-negative int, or a step that is no triple, is refused when the
    table is read (compiled: once, into arrays)."""
    if paths._PATHCORE is None:
        pytest.skip("the compiled core is not built")
    for table, error in (
        ({-1: []}, ValueError),
        ({0: [(1, 1)]}, TypeError),
        ({0: [("a", 1, 0)]}, TypeError),
        ({"a": []}, TypeError),
    ):
        with pytest.raises(error):
            paths.LayeredSteps(table)  # type: ignore[arg-type]


def test_hex_distance_is_the_grids() -> None:
    assert Hex(0, 0).distance(Hex(3, -1)) == 3


def test_river_sides_are_rivers_and_estuaries() -> None:
    """Railway Rivals seed "Estuaries" and RotW base 3.2 A: one definition for both titles."""
    assert {SideKind.RIVER.value, SideKind.ESTUARY.value} == RIVER_SIDE_KINDS


#: A capped graph: node -> [(next node, cost, the owner whose cap the step counts against or
#: -1 for none)].
Capped = dict[int, list[tuple[int, int, int]]]


class CappedCheapest(LabelSearch[int, tuple[int, tuple[int, ...]], int]):
    """The cheapest walk from 0 to the goal using at most ``cap`` steps of each owner: labels
    (cost, steps per owner) with Pareto dominance on both, taken A*-first (cost + cheapest
    cost to the goal ignoring the caps), stopping at the first goal label taken."""

    def __init__(self, graph: Capped, owners: int, cap: int, goal: int) -> None:
        super().__init__()
        self.graph, self.cap, self.goal = graph, cap, goal
        back: dict[int, list[tuple[int, int]]] = {}
        for a, out in graph.items():
            for b, w, _ in out:
                back.setdefault(b, []).append((a, w))
        self.rest = cheapest_paths(
            [(goal, 0)], lambda n, d: ((m, d + w) for m, w in back.get(n, ()))
        ).cost
        self.zero = (0,) * owners

    def dominance(
        self, bucket: list[int], new: tuple[int, tuple[int, ...]], node: int
    ) -> tuple[int | None, list[int]]:
        killed = []
        for other in bucket:
            if dominates((self.figures[other][0], *self.figures[other][1]), (new[0], *new[1])):
                return other, []
            if dominates((new[0], *new[1]), (self.figures[other][0], *self.figures[other][1])):
                killed.append(other)
        return None, killed

    def cheapest(self) -> int | None:
        if 0 in self.rest:
            self.add(-1, 0, -1, (0, self.zero), self.rest[0])
        while (idx := self.pop()) is not None:
            cost, used = self.figures[idx]
            node = self.node[idx]
            if node == self.goal:
                nodes, moves = self.walk(idx)
                assert nodes[0] == 0 and len(moves) == len(nodes) - 1
                return cost
            for nxt, w, owner in self.graph.get(node, ()):
                if nxt not in self.rest:
                    continue
                counts = list(used)
                if owner >= 0:
                    counts[owner] += 1
                    if counts[owner] > self.cap:
                        continue
                self.add(idx, nxt, owner, (cost + w, tuple(counts)), cost + w + self.rest[nxt])
        return None


def brute_capped(graph: Capped, owners: int, cap: int, goal: int) -> int | None:
    """The cheapest simple path within the caps, by trying every one (with positive costs a
    loop only adds cost and steps, so the cheapest walk is a simple path)."""
    best: int | None = None

    def walk(node: int, seen: set[int], cost: int, used: list[int]) -> None:
        nonlocal best
        if node == goal:
            best = cost if best is None else min(best, cost)
            return
        for nxt, w, owner in graph.get(node, ()):
            if nxt in seen or (owner >= 0 and used[owner] >= cap):
                continue
            if owner >= 0:
                used[owner] += 1
            walk(nxt, seen | {nxt}, cost + w, used)
            if owner >= 0:
                used[owner] -= 1

    walk(0, {0}, 0, [0] * owners)
    return best


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(2, 9),
    st.integers(1, 5),
    st.integers(0, 3),
)
def test_label_search_with_several_caps_matches_brute_force(
    seed: int, nodes: int, owners: int, cap: int
) -> None:
    """Several per-owner caps at once: the label search finds a walk exactly when a capped
    path exists, at the same cheapest cost."""
    rng = random.Random(seed)
    graph: Capped = {}
    for _ in range(nodes * 3):
        a, b = rng.randrange(nodes), rng.randrange(nodes)
        if a != b:
            graph.setdefault(a, []).append((b, rng.choice((1, 1, 2, 3)), rng.randrange(-1, owners)))
    goal = nodes - 1
    assert CappedCheapest(graph, owners, cap, goal).cheapest() == brute_capped(
        graph, owners, cap, goal
    )


def test_label_search_keeps_equal_labels_as_alternatives() -> None:
    """Two equal ways to a node: one label, the other way an alternative a pick can take."""
    graph: Capped = {0: [(1, 1, -1), (2, 1, -1)], 1: [(3, 1, -1)], 2: [(3, 1, -1)]}
    search = CappedCheapest(graph, 1, 1, 3)
    assert search.cheapest() == 2
    (goal,) = [i for i, n in enumerate(search.node) if n == 3]
    assert search.walk(goal)[0] == [0, 1, 3]
    assert search.walk(goal, lambda n: n)[0] == [0, 2, 3]


def simple_paths(
    graph: dict[int, set[int]], sources: set[int], targets: set[int]
) -> Iterator[list[int]]:
    """Every simple path from a source to a target with no other target on it (brute force)."""

    def extend(path: list[int]) -> Iterator[list[int]]:
        if path[-1] in targets:
            yield path
            return
        for nxt in sorted(graph.get(path[-1], ())):
            if nxt not in path:
                yield from extend([*path, nxt])

    for s in sorted(sources - targets):
        yield from extend([s])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 100_000), st.integers(2, 9), st.integers(1, 3), st.integers(1, 3))
def test_simple_path_nodes_are_exactly_those_of_some_simple_path(
    seed: int, nodes: int, n_sources: int, n_targets: int
) -> None:
    """The blocks give exactly the nodes of the simple paths, and an edge lies on one exactly
    when its ends are among those nodes and the targets (not both targets): the route
    finder's test that some route can use the team's own track (Railway Rivals, base rules
    3.2) and its confinement of the search both rest on this."""
    rnd = random.Random(seed)
    graph: dict[int, set[int]] = {n: set() for n in range(nodes)}
    for a in range(nodes):
        for b in range(a + 1, nodes):
            if rnd.random() < 0.35:
                graph[a].add(b)
                graph[b].add(a)
    sources = set(rnd.sample(range(nodes), min(n_sources, nodes)))
    targets = set(rnd.sample(range(nodes), min(n_targets, nodes)))
    # each edge listed one way only: the function takes it both ways
    one_way = {a: [b for b in near if b > a] for a, near in graph.items()}
    found = simple_path_nodes(one_way, sources, targets)
    walks = list(simple_paths(graph, sources, targets))
    assert found == {n for w in walks for n in w if n not in targets}
    on_walks = {frozenset(e) for w in walks for e in pairwise(w)}
    region = found | targets
    for a, near in graph.items():
        for b in near:
            by_region = a in region and b in region and not (a in targets and b in targets)
            assert by_region == (frozenset((a, b)) in on_walks), (a, b)


def test_simple_path_nodes_leave_out_spurs_and_loops_beyond_a_cut() -> None:
    """A spur and a loop hung off a cut node are on no simple path; a cycle through both
    ends is; an unreachable target gives nothing."""
    graph = {1: [2], 2: [3, 5], 3: [4], 4: [2], 5: [6], 6: [7, 8], 7: [8], 8: [9]}
    # 1-2-5-6-{7,8}-8-9 with the loop 2-3-4-2 off node 2
    assert simple_path_nodes(graph, [1], [9]) == {1, 2, 5, 6, 7, 8}
    assert simple_path_nodes(graph, [1], [10]) == set()
    assert simple_path_nodes(graph, [1], [4]) == {1, 2, 3}
