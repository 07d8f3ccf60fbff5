"""Path-finding over boards (hexes, cities, track): the one implementation the titles share.

* :func:`cheapest_paths` -- Dijkstra's search from several starts with a caller's cost function
  (any ordered cost: an int, or a tuple compared in order such as ``(links, pieces)``), an
  optional A* priority, a cost bound, a work budget and stopping at the first goal reached.
  The caller's ``neighbours(node, cost)`` gives each step with the cost *after* it, so costs
  that depend on the way (zero on own track, a surcharge crossing a river) stay with the title.
* :func:`cheapest_paths_over` -- the same search over fixed step costs given as a table
  (no call per node): the same result as :func:`cheapest_paths` with default ties, faster.
* :func:`zero_one_costs` -- the same costs when every step costs 0 or 1, faster;
  :func:`zero_one_costs_over` the same over a table of steps (compiled: ``csrc/pathcore.c``,
  as is :func:`cheapest_paths_over` for int nodes); :class:`LayeredSteps` both searches over
  one fixed table read once (for many searches that leave out other nodes), costs per layer.
* :func:`pareto_fronts` -- the multi-criteria search: at every node the Pareto front of cost
  vectors (no kept vector is at least as large in every component as another), for rules
  that compare routes on several measures at once ("shorter without paying more").
* :func:`simple_path_nodes` -- the nodes that lie on some simple path from a source to a target
  (by the graph's blocks, exact and in linear time): what a search for simple paths may
  confine itself to, and whether any edge of a kind can be on one at all.
* :class:`LabelSearch` -- the label-setting engine under resource-constrained searches (a
  label is a walk to a node with its figures: cost, resources used per owner, ...): labels
  taken best first by a caller's priority (A* with lower bounds), a new label dropped when a
  kept label at its node dominates it and dropping those it dominates (the caller's
  dominance test, e.g. Pareto on cost and usage vectors), equal labels kept as alternatives
  for a random pick, walks rebuilt from predecessor links. Railway Rivals' race-route finder
  is built on it (several per-rival caps at once).

Hex distance is :meth:`transcon.core.hexgrid.Hex.distance` (an admissible A* estimate when
every step costs at least one).

Ties are broken deterministically: the heap orders entries by (priority, cost, node) -- with
``ties="insertion"`` by (priority, cost, order pushed) -- so the same board always gives the
same path.
"""

from __future__ import annotations

import heapq
import os
from collections import deque
from collections.abc import (
    Callable,
    Collection,
    Container,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import dataclass, field
from itertools import count
from typing import Any, Generic, Literal, Protocol, TypeVar

try:
    from transcon.core import _pathcore
except ImportError:  # not built: the Python search runs
    _pathcore = None  # type: ignore[assignment]

#: The compiled core of ``zero_one_costs_over``, unless not built or ``TRANSCON_PURE_PYTHON=1``.
_PATHCORE = _pathcore if os.environ.get("TRANSCON_PURE_PYTHON") != "1" else None


class Ordered(Protocol):
    """A cost or priority: anything ``<`` orders (ints, tuples of ints)."""

    def __lt__(self, other: Any, /) -> bool: ...


class Node(Protocol):
    """A node: hashable and ordered (hexes' indices or labels, city names), so ties break
    the same way on every run."""

    def __hash__(self) -> int: ...

    def __lt__(self, other: Any, /) -> bool: ...


N = TypeVar("N", bound=Node)
C = TypeVar("C", bound=Ordered)


@dataclass(slots=True)
class Paths(Generic[N, C]):
    """What :func:`cheapest_paths` found: the best cost and the step before, per node."""

    cost: dict[N, C]
    parent: dict[N, N]
    #: the goal the search stopped at (None: no goal reached)
    reached: N | None = None
    #: every node taken off the heap, in order, with its cost then (a node can repeat when an
    #: inconsistent A* priority finds it again more cheaply)
    settled: list[tuple[N, C]] = field(default_factory=list)

    def path(self, node: N) -> list[N]:
        """The nodes from a start to ``node`` (the cheapest way found)."""
        out = [node]
        while out[-1] in self.parent:
            out.append(self.parent[out[-1]])
        out.reverse()
        return out


def cheapest_paths(
    starts: Iterable[tuple[N, C]],
    neighbours: Callable[[N, C], Iterable[tuple[N, C]]],
    *,
    goals: Container[N] | None = None,
    priority: Callable[[N, C], Ordered] | None = None,
    bound: C | None = None,
    max_settled: int | None = None,
    ties: Literal["node", "insertion"] = "node",
    parent_ties: Literal["first", "least"] = "first",
) -> Paths[N, C]:
    """Cheapest costs from ``starts`` ((node, cost there) pairs) to every node reached.

    ``neighbours(node, cost)`` yields (next node, cost at it); steps must not lower the
    cost. The search stops at the first node of ``goals`` taken off the heap (``reached``),
    never records a cost above ``bound``, and gives up after ``max_settled`` nodes. With
    ``priority(node, cost)`` nodes are taken in that order (A*; the default is the cost).
    Of several equally cheap ways to a node the first found is kept, or with
    ``parent_ties="least"`` the one from the least node (found before the node is settled).
    """
    cost: dict[N, C] = {}
    parent: dict[N, N] = {}
    paths: Paths[N, C] = Paths(cost, parent)
    tick = count() if ties == "insertion" else None
    heap: list[tuple[Any, C, int, N]] = []
    for node, c in starts:
        if node not in cost or c < cost[node]:
            cost[node] = c
            order = next(tick) if tick is not None else 0
            heap.append((c if priority is None else priority(node, c), c, order, node))
    heapq.heapify(heap)
    # The loop below is the hot path of every route search: options are tested once here,
    # and names are bound locally.
    least = parent_ties == "least"
    done: set[N] = set()  # settled nodes (kept only for ``parent_ties="least"``)
    settled = paths.settled
    budget = -1 if max_settled is None else max_settled
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        _, c, _, node = pop(heap)
        if cost[node] < c:
            continue  # a cheaper way was found after this entry was pushed
        if budget == 0:
            break
        budget -= 1
        settled.append((node, c))
        if least:
            done.add(node)
        if goals is not None and node in goals:
            paths.reached = node
            break
        for nxt, nc in neighbours(node, c):
            if bound is not None and bound < nc:
                continue
            old = cost.get(nxt)
            if old is not None and not nc < old:
                if least and nc == old and nxt not in done and node < parent.get(nxt, node):
                    parent[nxt] = node
                continue
            cost[nxt] = nc
            parent[nxt] = node
            if priority is None:
                push(heap, (nc, nc, 0 if tick is None else next(tick), nxt))
            else:
                push(heap, (priority(nxt, nc), nc, 0 if tick is None else next(tick), nxt))
    return paths


def cheapest_paths_over(
    starts: Iterable[tuple[N, int]],
    steps: Mapping[N, Iterable[tuple[N, int]]],
    *,
    goals: Container[N] | None = None,
    avoid: Container[N] | None = None,
) -> Paths[N, int]:
    """:func:`cheapest_paths` (default ties, no priority, bound or budget) when each step's
    cost is fixed: ``steps[node]`` = (next node, cost of the step) pairs, for every node
    reached. The same costs, parents, settled nodes and goal reached, without a call per
    node (the heap holds (cost, node) entries: the order of ``cheapest_paths``' entries).
    No step leads into a node of ``avoid`` (the starts are taken as they are), so one table
    serves searches that each leave out other nodes. Run by the compiled core
    (``_pathcore``) when the table is a dict and its nodes and costs are plain ints (and the
    core is built, unless ``TRANSCON_PURE_PYTHON=1``)."""
    if _PATHCORE is not None and isinstance(steps, dict):
        start_list = list(starts)
        try:
            found = _PATHCORE.cheapest_over(start_list, steps, goals, avoid)
        except NotImplementedError:
            starts = start_list  # not plain ints: the Python search below
        else:
            return Paths(found[0], found[1], found[3], found[2])
    cost: dict[N, int] = {}
    parent: dict[N, N] = {}
    paths: Paths[N, int] = Paths(cost, parent)
    heap: list[tuple[int, N]] = []
    for node, c in starts:
        if node not in cost or c < cost[node]:
            cost[node] = c
            heap.append((c, node))
    heapq.heapify(heap)
    settled = paths.settled
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        c, node = pop(heap)
        if cost[node] < c:
            continue  # a cheaper way was found after this entry was pushed
        settled.append((node, c))
        if goals is not None and node in goals:
            paths.reached = node
            break
        for nxt, step in steps[node]:
            nc = c + step
            old = cost.get(nxt)
            if (old is not None and old <= nc) or (avoid is not None and nxt in avoid):
                continue
            cost[nxt] = nc
            parent[nxt] = node
            push(heap, (nc, nxt))
    return paths


def zero_one_costs_over(
    starts: Iterable[N],
    table: dict[N, list[tuple[N, int]]],
    avoid: Container[N] | None = None,
) -> dict[N, int]:
    """:func:`zero_one_costs` when the steps are a table: ``table[node]`` = (next node, 0 or
    1) pairs for every node reached, no step leading into a node of ``avoid``. The same
    costs (in the same order); run by the compiled core (``_pathcore``, built by setup.py)
    unless it is not built or the environment sets ``TRANSCON_PURE_PYTHON=1``, else by
    :func:`zero_one_costs` (the reference)."""
    if _PATHCORE is not None:
        costs: dict[N, int] = _PATHCORE.zero_one_costs_over(starts, table, avoid)
        return costs
    if avoid is None:
        return zero_one_costs(starts, table.__getitem__)
    return zero_one_costs(starts, lambda n: [s for s in table[n] if s[0] not in avoid])


class LayeredSteps:
    """A fixed table of steps over non-negative int nodes, searched many times with other
    nodes left out: ``table[node]`` = [(next node, length, label), ...], where a label is a
    bit mask (say, of a link's owners) or -1 for none. Nodes are read in ``layers``: node =
    layers x key + layer (Railway Rivals' race states are 2 x hex + own-track flag), and the
    searches give their costs per layer, key -> cost:

    * ``cheapest(starts, avoid)``: the least total length from a start (each at 0):
      :func:`cheapest_paths_over`'s costs;
    * ``zero_one(starts, avoid, within)``: the fewest steps whose label is a mask within
      ``within`` (a label >= 0 with no bit outside it; the default -1 counts every labelled
      step): :func:`zero_one_costs_over`'s costs.

    No step leads into a node of ``avoid``; the starts are taken as they are. Each dict lists
    its keys in the order their nodes were first reached, as those functions' dicts do. With
    ``keys`` (``keys[k] == k``) key k is the object ``keys[k]``: a dict lookup with the very
    object as key compares no values (a caller whose nodes are these objects looks them up
    fast; an equal int found elsewhere is a different object above 256). Run
    compiled (``csrc/layeredsteps.c``: the table is read into arrays once, where a search of
    a dict of steps reads it again every time) unless not built or ``TRANSCON_PURE_PYTHON=1``;
    the ``*_python`` methods are the reference. Never changed once made: a deep copy is the
    same object, and a pickle makes it again from the table."""

    def __init__(
        self,
        table: Mapping[int, Sequence[tuple[int, int, int]]],
        layers: int = 2,
        keys: Sequence[int] | None = None,
    ):
        self.table = dict(table)  # rows shared: the table is never changed once made
        self.layers = layers
        self.keys = tuple(keys) if keys is not None else ()  # a tuple as it is
        self._compiled: Any = (  # the compiled table checks the keys
            _PATHCORE.LayeredSteps(self.table, layers, self.keys) if _PATHCORE is not None else None
        )
        if self._compiled is None and any(
            type(k) is not int or k != i for i, k in enumerate(self.keys)
        ):
            raise ValueError("LayeredSteps: keys[k] must be the int k")

    def __deepcopy__(self, memo: dict[int, object]) -> LayeredSteps:
        return self  # never changed once made: copies of a state share it

    def __reduce__(
        self,
    ) -> tuple[type[LayeredSteps], tuple[dict[int, Any], int, tuple[int, ...]]]:
        return LayeredSteps, (self.table, self.layers, self.keys)

    def cheapest(
        self, starts: Sequence[int], avoid: Collection[int] = frozenset()
    ) -> tuple[dict[int, int], ...]:
        if self._compiled is not None:
            found: tuple[dict[int, int], ...] = self._compiled.cheapest(starts, avoid)
            return found
        return self.cheapest_python(starts, avoid)

    def zero_one(
        self, starts: Sequence[int], avoid: Collection[int] = frozenset(), within: int = -1
    ) -> tuple[dict[int, int], ...]:
        if self._compiled is not None:
            found: tuple[dict[int, int], ...] = self._compiled.zero_one(starts, avoid, within)
            return found
        return self.zero_one_python(starts, avoid, within)

    def cheapest_python(
        self, starts: Sequence[int], avoid: Collection[int] = frozenset()
    ) -> tuple[dict[int, int], ...]:
        # :func:`cheapest_paths_over` on the lengths (every node reached needs a row there)
        lengths = {
            node: [(nxt, length) for nxt, length, _ in row] for node, row in self.table.items()
        }
        for node in [*starts, *(nxt for row in self.table.values() for nxt, _, _ in row)]:
            lengths.setdefault(node, [])
        return self._by_layer(
            cheapest_paths_over([(node, 0) for node in starts], lengths, avoid=avoid).cost
        )

    def zero_one_python(
        self, starts: Sequence[int], avoid: Collection[int] = frozenset(), within: int = -1
    ) -> tuple[dict[int, int], ...]:
        table = self.table
        return self._by_layer(
            zero_one_costs(
                starts,
                lambda n: [
                    (nxt, int(label >= 0 and label & ~within == 0))
                    for nxt, _, label in table.get(n, ())
                    if nxt not in avoid
                ],
            )
        )

    def _by_layer(self, costs: dict[int, int]) -> tuple[dict[int, int], ...]:
        layers: tuple[dict[int, int], ...] = tuple({} for _ in range(self.layers))
        keys, known = self.keys, len(self.keys)
        for node, c in costs.items():
            k = node // self.layers
            layers[node % self.layers][keys[k] if k < known else k] = c
        return layers


def zero_one_costs(
    starts: Iterable[N], neighbours: Callable[[N], Iterable[tuple[N, int]]]
) -> dict[N, int]:
    """The cheapest costs from ``starts`` when every step costs 0 or 1 (a breadth-first search
    with a double-ended queue: the same costs as :func:`cheapest_paths`, faster)."""
    cost: dict[N, int] = dict.fromkeys(starts, 0)
    queue = deque((0, node) for node in cost)
    pop, push, push_front, known = queue.popleft, queue.append, queue.appendleft, cost.get
    while queue:  # the hot loop of every Railway Rivals race bound: names bound locally
        d, node = pop()
        if d > cost[node]:
            continue
        for nxt, weight in neighbours(node):
            nd = d + weight
            old = known(nxt)
            if old is None or nd < old:
                cost[nxt] = nd
                if weight:
                    push((nd, nxt))
                else:
                    push_front((nd, nxt))
    return cost


Vector = tuple[int, ...]


def dominates(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether cost vector ``a`` is at least as good as ``b`` in every component."""
    return all(x <= y for x, y in zip(a, b, strict=True))


def pareto_fronts(
    starts: Iterable[tuple[N, Vector]],
    neighbours: Callable[[N], Iterable[tuple[N, Vector]]],
    *,
    goals: Container[N] = (),
) -> dict[N, list[Vector]]:
    """Per node, the Pareto front of the cost vectors of the walks from ``starts`` ((node,
    vector there) pairs): vectors add up component-wise over the steps (all non-negative);
    each front vector is kept once, in increasing order.

    Labels are taken in increasing (lexicographic) order, so a label no kept label at its
    node dominates belongs to the front. Walks do not go on from a node of ``goals``."""
    fronts: dict[N, list[Vector]] = {}
    heap = [(vector, node) for node, vector in starts]
    heapq.heapify(heap)
    while heap:
        label, node = heapq.heappop(heap)
        kept = fronts.setdefault(node, [])
        if any(dominates(k, label) for k in kept):
            continue
        kept.append(label)
        if node in goals:
            continue
        for nxt, step in neighbours(node):
            new = tuple(x + y for x, y in zip(label, step, strict=True))
            if not any(dominates(k, new) for k in fronts.get(nxt, ())):
                heapq.heappush(heap, (new, nxt))
    return fronts


def front_of(vectors: Iterable[Vector]) -> list[Vector]:
    """The Pareto front of ``vectors`` (each kept once), in increasing order."""
    front: list[Vector] = []
    for v in sorted(set(vectors)):
        if not any(dominates(k, v) for k in front):
            front.append(v)
    return front


def simple_path_nodes(
    neighbours: Mapping[N, Iterable[N]], sources: Iterable[N], targets: Collection[N]
) -> set[N]:
    """The nodes, other than targets, of every simple path from a source to a target that
    meets no other target (an undirected graph; an edge listed one way is taken both ways).

    Exact and in linear time, by the blocks (biconnected components): with the targets
    merged into one node T and a new node S joined to every source (sources that are targets
    are left out), a simple path from S to T passes through exactly the blocks on the path
    from S to T in the block-cut tree, and every node and edge of those blocks lies on one
    (within a block, two disjoint paths join any node, or edge, to the block's entry and
    exit). So an edge lies on some such path exactly when neither end is outside these nodes
    and the targets and not both are targets: a rule that wants a path to use some edge of a
    kind can tell at once whether any path can, and a search for such paths can leave out
    every other node.

    >>> line = {1: [2], 2: [3, 4], 3: [], 4: []}  # 1-2-3 with a spur 2-4
    >>> sorted(simple_path_nodes(line, [1], [3]))
    [1, 2]
    """
    target_set = set(targets)
    nodes: list[N] = []
    ids: dict[N, int] = {}
    adj: list[set[int]] = [set(), set()]  # 0: S, 1: T (the targets), then ``nodes``

    def node_id(node: N) -> int:
        if node in target_set:
            return 1
        known = ids.get(node)
        if known is None:
            known = ids[node] = len(adj)
            adj.append(set())
            nodes.append(node)
        return known

    for node, near in neighbours.items():
        a = node_id(node)
        for other in near:
            b = node_id(other)
            if a != b:
                adj[a].add(b)
                adj[b].add(a)
    for source in sources:
        if source not in target_set:
            adj[0].add(node_id(source))
            adj[node_id(source)].add(0)
    blocks = _blocks_from(adj, 0)
    on_path = _block_path(blocks, len(adj), 0, 1)
    return {nodes[i - 2] for block in on_path for i in block if i >= 2}


def _blocks_from(adj: Sequence[Iterable[int]], root: int) -> list[set[int]]:
    """The blocks (biconnected components, as node sets) reached from ``root``: Tarjan's
    depth-first search with a stack of edges, without recursion."""
    order = [-1] * len(adj)
    low = [0] * len(adj)
    order[root] = 0
    counter = 1
    edges: list[tuple[int, int]] = []
    blocks: list[set[int]] = []
    stack: list[tuple[int, int, Iterator[int]]] = [(root, -1, iter(adj[root]))]
    while stack:
        u, parent, rest = stack[-1]
        for v in rest:
            if v == parent:
                continue
            if order[v] < 0:  # a tree edge: go deeper
                edges.append((u, v))
                order[v] = low[v] = counter
                counter += 1
                stack.append((v, u, iter(adj[v])))
                break
            if order[v] < order[u]:  # a back edge
                edges.append((u, v))
                low[u] = min(low[u], order[v])
        else:
            stack.pop()
            if stack:
                p = stack[-1][0]
                low[p] = min(low[p], low[u])
                if low[u] >= order[p]:  # p separates u's subtree: one block ends here
                    block: set[int] = set()
                    while True:
                        edge = edges.pop()
                        block.update(edge)
                        if edge == (p, u):
                            break
                    blocks.append(block)
    return blocks


def _block_path(blocks: list[set[int]], size: int, start: int, end: int) -> list[set[int]]:
    """The blocks on the path from node ``start`` to node ``end`` in the block-cut tree
    (none when ``end`` is in no block reached)."""
    of_node: list[list[int]] = [[] for _ in range(size)]
    for k, block in enumerate(blocks):
        for node in block:
            of_node[node].append(k)
    # breadth first over nodes (ids) and blocks (size + index)
    came: dict[int, int] = {start: -1}
    todo = deque([start])
    while todo and end not in came:
        x = todo.popleft()
        nxt = [size + k for k in of_node[x]] if x < size else list(blocks[x - size])
        for y in nxt:
            if y not in came:
                came[y] = x
                todo.append(y)
    path: list[set[int]] = []
    x = end if end in came else -1
    while x >= 0:
        if x >= size:
            path.append(blocks[x - size])
        x = came[x]
    return path


F = TypeVar("F")  # a label's figures (cost, resources used, ...)
M = TypeVar("M")  # what a step records besides its node (e.g. whose line it uses)


class LabelSearch(Generic[N, F, M]):
    """Best-first label setting over walks: the storage, the heap and the dominance bookkeeping
    of a resource-constrained (multi-criteria) path search. A subclass says what dominates
    (:meth:`dominance`) and drives the loop: :meth:`add` offers a label, :meth:`pop` takes
    the live label of least priority, :meth:`walk` rebuilds a label's walk.

    A label is an index: ``node[i]``, ``figures[i]``, ``pred[i]`` (the label it extends, -1
    for a start) and ``move[i]`` (what the step into ``node[i]`` records). A label that a later
    label dominates is dead: kept for the walks through it, never taken off the heap.
    """

    def __init__(self) -> None:
        self.figures: list[F] = []
        self.node: list[N] = []
        self.pred: list[int] = []
        self.move: list[M] = []
        #: per label, other (pred, move) steps giving equal figures
        self.alternatives: dict[int, list[tuple[int, M]]] = {}
        self.dead: set[int] = set()
        self.at_node: dict[N, list[int]] = {}
        self._heap: list[tuple[Any, int]] = []

    def dominance(self, bucket: list[int], new: F, node: N) -> tuple[int | None, list[int]]:
        """A kept label of ``bucket`` (the live labels at ``node``) dominating ``new`` (the
        first found), else the labels of ``bucket`` that ``new`` dominates."""
        raise NotImplementedError

    def add(self, pred: int, node: N, move: M, figures: F, priority: Ordered) -> int | None:
        """Offer a label (None: dominated, or equal to a kept one and recorded as its
        alternative); the labels it dominates die."""
        bucket = self.at_node.setdefault(node, [])
        # an empty bucket has nothing to compare (a hot path: most nodes hold one label)
        over, killed = self.dominance(bucket, figures, node) if bucket else (None, [])
        if over is not None:
            if self.figures[over] == figures:
                self.alternatives.setdefault(over, []).append((pred, move))
            return None
        if killed:
            self.dead.update(killed)
            bucket[:] = [o for o in bucket if o not in self.dead]
        idx = len(self.figures)
        self.figures.append(figures)
        self.node.append(node)
        self.pred.append(pred)
        self.move.append(move)
        bucket.append(idx)
        heapq.heappush(self._heap, (priority, idx))
        return idx

    def pop(self) -> int | None:
        """The live label of least priority (ties: the first added), or None when none is
        left."""
        heap, dead = self._heap, self.dead
        while heap:
            idx = heapq.heappop(heap)[1]
            if idx not in dead:
                return idx
        return None

    def walk(self, idx: int, pick: Callable[[int], int] | None = None) -> tuple[list[N], list[M]]:
        """The nodes of a label's walk and the moves between them; with ``pick(n)`` (a
        number in 0..n) a label with alternatives takes its own step (0) or alternative k."""
        nodes: list[N] = []
        moves: list[M] = []
        cur = idx
        while cur >= 0:
            nodes.append(self.node[cur])
            pred, move = self.pred[cur], self.move[cur]
            alts = self.alternatives.get(cur)
            if pick is not None and alts:
                k = pick(len(alts))
                if k:
                    pred, move = alts[k - 1]
            if pred >= 0:
                moves.append(move)
            cur = pred
        nodes.reverse()
        moves.reverse()
        return nodes, moves
