"""The union track graph as races see it: step lengths, components, the fastest time and
the seed's "better route" comparison (shared by the route finder, races, bots and the
legal-action lists; cached in the state until the track changes)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence

from transcon.core.paths import cheapest_paths, cheapest_paths_over
from transcon.titles.railway_rivals.state import RRState, edge


def step_points(state: RRState, a: int, b: int) -> int:
    """Die points to move from hex a into hex b (1, plus the mountain/swamp delays)."""
    cfg, model = state.cfg, state.model
    cost = 1
    if model.mountain[b] and (cfg.hill_penalty_mode == "every_entry" or not model.mountain[a]):
        cost += cfg.hill_race_penalty
    if model.swamp[b]:
        cost += cfg.swamp_race_penalty
    return cost


def track_graph(state: RRState) -> dict[int, list[tuple[int, int, tuple[str, ...]]]]:
    """The union track graph with race lengths: hex -> [(next hex, length, owners)], in the
    order of ``state.adj``.

    Cached in the state and kept across new links: only the hexes of links added since
    (``RRState.add_link``) are rebuilt."""
    graph: dict[int, list[tuple[int, int, tuple[str, ...]]]] | None = state.cache.get("graph")
    if graph is None:
        graph = state.cache["graph"] = {node: _links_from(state, node) for node in state.adj}
    for link in new_links(state, "graph"):
        for node in link:  # new hexes join the graph in the order they joined ``adj``
            graph[node] = _links_from(state, node)
    return graph


def new_links(state: RRState, name: str) -> list[tuple[int, int]]:
    """The links added since the kept cache ``name`` was brought up to date (then cleared)."""
    links: list[tuple[int, int]] = state.cache.pop(("new_links", name), [])
    return links


def _links_from(state: RRState, node: int) -> list[tuple[int, int, tuple[str, ...]]]:
    """A hex's entries of ``track_graph``."""
    hexes_metric = state.cfg.route_length_metric == "hexes"
    return [
        (
            nxt,
            1 if hexes_metric else step_points(state, node, nxt),
            tuple(state.edge_owners[edge(node, nxt)]),
        )
        for nxt in sorted(state.adj[node])
    ]


def components(state: RRState) -> dict[int, int]:
    """Connected component id of every hex with track (cached until the track changes)."""
    comp: dict[int, int] | None = state.cache.get("components")
    if comp is not None:
        return comp
    comp = {}
    for start in sorted(state.adj):
        if start in comp:
            continue
        comp[start] = start
        stack = [start]
        while stack:
            node = stack.pop()
            for nxt in state.adj[node]:
                if nxt not in comp:
                    comp[nxt] = start
                    stack.append(nxt)
    state.cache["components"] = comp
    return comp


def reverse_lengths(state: RRState) -> dict[int, list[tuple[int, int]]]:
    """The reverse track graph with race lengths: hex -> [(previous hex, length of the step
    from it)] (any team's; kept across new links like ``track_graph``: only the hexes of
    links added since are rebuilt; the order within a hex's list does not matter)."""
    rev: dict[int, list[tuple[int, int]]] | None = state.cache.get("reverse_lengths")
    if rev is None:
        graph = track_graph(state)
        rev = {node: [] for node in graph}
        for a, near in graph.items():
            for b, step, _ in near:
                rev[b].append((a, step))
        state.cache["reverse_lengths"] = rev
    hexes_metric = state.cfg.route_length_metric == "hexes"
    for link in new_links(state, "reverse_lengths"):
        for node in link:
            rev[node] = [
                (prev, 1 if hexes_metric else step_points(state, prev, node))
                for prev in sorted(state.adj[node])
            ]
    return rev


def fastest_points(state: RRState, sources: Iterable[int], targets: Iterable[int]) -> int | None:
    """Fewest die points between the sets over anybody's track (a bound for every entrant)."""
    target_set = frozenset(targets)
    source_set = frozenset(sources)
    key = ("fastest", source_set, target_set)
    if key in state.cache:
        cached: int | None = state.cache[key]
        return cached
    graph = track_graph(state)
    if state.cfg.route_length_metric == "hexes":

        def onward(node: int, d: int) -> Iterator[tuple[int, int]]:
            return ((nxt, d + step_points(state, node, nxt)) for nxt, _, _ in graph[node])

        starts = [(h, 0) for h in sorted(source_set) if h in graph]
        found = cheapest_paths(starts, onward, goals=target_set)
    else:  # the race lengths are the die points: search back from the targets
        ends = [(h, 0) for h in sorted(target_set) if h in graph]
        found = cheapest_paths_over(ends, reverse_lengths(state), goals=source_set)
    result = None if found.reached is None else found.cost[found.reached]
    state.cache[key] = result
    return result


def route_points(state: RRState, route: Sequence[int]) -> int:
    return sum(step_points(state, a, b) for a, b in itertools.pairwise(route))


def route_length(state: RRState, route: Sequence[int]) -> int:
    if state.cfg.route_length_metric == "hexes":
        return len(route) - 1
    return route_points(state, route)


def better(a_len: int, a_total: int, b_len: int, b_total: int) -> bool:
    """The seed's rule: route a is better than b (shorter without paying more, or cheaper
    without being longer)."""
    return (a_len < b_len and a_total <= b_total) or (a_total < b_total and a_len <= b_len)


def any_track_path(state: RRState, sources: Iterable[int], targets: Iterable[int]) -> bool:
    """True when the union of everybody's track joins some source to some target."""
    target_set = set(targets)
    seen = set(s for s in sources if s in state.adj)
    if seen & target_set:
        return True
    stack = list(seen)
    while stack:
        node = stack.pop()
        for nxt in state.adj.get(node, ()):
            if nxt not in seen:
                if nxt in target_set:
                    return True
                seen.add(nxt)
                stack.append(nxt)
    return False
