"""Building: checking queued build paths, their costs, and resolving a build segment.

Two modes (seed "Building" and "Die Rolling Scheme"): until the Transcontinental race is run
each round has three dice segments and a rival spends at most the die on construction; after
it, a rival builds up to ``cash_build_max_links`` links per round and pays construction in
cash. Construction cost per link comes from the map model; links on a West Coast network not
yet joined to the rival's East Coast network cost ``wco_build_multiplier`` times as much
(a link that joins the two networks costs the normal amount).

Rivals' builds of one segment are queued, then resolved together step by step (``link_steps``:
by default a link's step is its hex count from the rival's network, as postal GMs ordered a
segment; option ``segment_step_order``): a rival entering a hex that held another rival's
track before the step pays that rival (base 2.3), same-step arrivals pay nobody, and bonuses
follow (base 2.4).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterator, Sequence

from transcon.core.errors import IllegalAction
from transcon.titles.railway_rivals.cities import award_arrivals
from transcon.titles.railway_rivals.state import BANK, Edge, RRState, edge

Emit = Callable[[str], None]

RULE_NETWORK = "base 2.2: a build starts on your own network"
RULE_PATH = "base 2.2: a build is a path of neighbouring hexes"
RULE_TERRAIN = "variant Foreign Countries / base 2.2: no track into water or foreign hexes"
RULE_TWICE = "base 2.2: you already have track on that link"
RULE_POINTS = "variant Die Rolling Scheme: construction beyond this segment's die"
RULE_CASH = "variant Building: cash building beyond your cash"
RULE_LINKS = "variant Building: at most six hexes per round after the Transcontinental race"


def own_components(
    state: RRState, player: str, extra: Sequence[Edge] = ()
) -> tuple[set[int], set[int]]:
    """(East component, West Coast component) of the player's own track plus ``extra`` links.

    The West set is empty when the rival has no West Coast city or both are joined."""
    east_start = state.starts[player]
    west_start = state.west_start.get(player)
    if west_start is None or state.wc_connected.get(player, False):
        return set(), set()
    adj: dict[int, list[int]] = {}
    for a, b in list(state.track[player]) + list(extra):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)

    def reach(start: int) -> set[int]:
        seen = {start}
        stack = [start]
        while stack:
            node = stack.pop()
            for nxt in adj.get(node, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    east = reach(east_start)
    if west_start in east:
        return set(), set()
    return east, reach(west_start)


def path_cost(state: RRState, player: str, path: Sequence[int]) -> int:
    """Construction cost of queuing ``path`` after the player's pending links.

    Raises IllegalAction naming the broken rule."""
    return path_costs(state, player, path)[0]


def path_costs(state: RRState, player: str, path: Sequence[int]) -> tuple[int, list[bool]]:
    """``path_cost`` and, per link, whether it is built from an unjoined West Coast network
    (its cost multiplied by ``wco_build_multiplier``)."""
    total = 0
    west_links: list[bool] = []
    for cost, doubled in _link_costs(state, player, path):
        total += cost
        west_links.append(doubled)
    return total, west_links


def prefix_costs(state: RRState, player: str, path: Sequence[int]) -> list[int]:
    """``path_cost`` of every prefix of ``path`` that is a legal build path, by length (the
    cost of ``path[:n]`` is item n - 2): as many as links before the first illegal one."""
    costs: list[int] = []
    total = 0
    try:
        for cost, _ in _link_costs(state, player, path):
            total += cost
            costs.append(total)
    except IllegalAction:
        pass
    return costs


def _link_costs(state: RRState, player: str, path: Sequence[int]) -> Iterator[tuple[int, bool]]:
    """Per link of a build path queued after the player's pending links: its construction
    cost and whether it is built from an unjoined West Coast network. Raises IllegalAction
    naming the broken rule when the path reaches a link it may not build."""
    model = state.model
    pending = state.pending.get(player, [])
    own = state.track[player]
    queued = {edge(a, b) for a, b in pending}
    network = state.network[player]
    start = path[0]
    if start not in network and not any(start in link for link in pending):
        raise IllegalAction(RULE_NETWORK, f"{model.labels[start]} is not on your network")
    east, west = own_components(state, player, pending)
    joined = False
    mult = state.cfg.wco_build_multiplier
    seen: set[Edge] = set()
    for a, b in itertools.pairwise(path):
        la, lb = model.labels[a], model.labels[b]
        if b not in model.neighbors[a]:
            near = " ".join(model.labels[n] for n in model.neighbors[a])
            raise IllegalAction(
                RULE_PATH, f"{la} and {lb} are not neighbours ({la}'s neighbours: {near})"
            )
        cost = model.link_cost.get((a, b))
        if cost is None:
            raise IllegalAction(RULE_TERRAIN, f"cannot build {la}-{lb} (water, foreign or blocked)")
        key = edge(a, b)
        if key in own or key in queued or key in seen:
            raise IllegalAction(RULE_TWICE, f"{la}-{lb}")
        seen.add(key)
        doubled = False
        if west and not joined and a in west:
            if b in east:
                joined = True
            else:
                west.add(b)
                cost *= mult
                doubled = True
        yield cost, doubled


def check_build(state: RRState, player: str, path: Sequence[int]) -> int:
    """Full check of a build order in the current mode; returns its cost."""
    cost = path_cost(state, player, path)
    spent = state.spent.get(player, 0)
    if state.cash_mode:
        links = len(path) - 1
        if spent + links > state.cfg.cash_build_max_links:
            raise IllegalAction(
                RULE_LINKS,
                f"{spent} links built, {links} more exceed {state.cfg.cash_build_max_links}",
            )
        if cost > state.cash[player]:
            raise IllegalAction(RULE_CASH, f"costs {cost}, you have {state.cash[player]}")
    else:
        left = points_available(state, player)
        if cost > left:
            raise IllegalAction(RULE_POINTS, f"costs {cost}, {left} points left this segment")
    return cost


def points_available(state: RRState, player: str) -> int:
    """Die points left in this segment (plus carried points with ``carry_build_points``)."""
    die = state.dice[state.segment] + state.carry.get(player, 0)
    return die - state.spent.get(player, 0)


def queue_build(
    state: RRState, player: str, path: Sequence[int], cost: int, west_links: Sequence[bool]
) -> None:
    """Queue a checked path (``path_costs`` gives the cost and West Coast flags); in cash
    mode the construction is paid to the bank at once."""
    links = state.pending.setdefault(player, [])
    links.extend(itertools.pairwise(path))
    state.pending_west.setdefault(player, []).extend(west_links)
    if state.cash_mode:
        state.spent[player] = state.spent.get(player, 0) + len(path) - 1
        state.pay(player, BANK, cost, "construction")
    else:
        state.spent[player] = state.spent.get(player, 0) + cost


def link_fees(
    state: RRState, player: str, a: int, b: int, mult: int = 1, entered: Collection[int] = ()
) -> list[tuple[str, int]]:
    """Payments to rivals for building a-b now (joining, crossing, running alongside), times
    ``mult`` (``wc_double_fees`` on an unjoined West Coast network). ``entered``: hexes the
    player entered earlier in the same step (already paid for, so not entered again)."""
    cities = state.cities
    exempt = state.cfg.town_half_hex_exempt
    owners_ab = state.edge_owners.get(edge(a, b), ())
    present = b in state.network[player] or b in entered
    join_alongside = 0 if present and state.cfg.alongside_join_fee == "on_entry" else 1
    out: list[tuple[str, int]] = []
    for r in state.players:
        if r == player:
            continue
        if r in owners_ab:
            halves = sum(1 for h in (a, b) if not (exempt and h in cities))
            amount = join_alongside + 2 * halves
            if amount:
                out.append((r, amount * mult))
        elif not present and b not in cities and state.has_track_in(r, b):
            out.append((r, mult))
    return out


def link_steps(state: RRState, player: str, links: Sequence[Edge]) -> list[int]:
    """The step (1, 2, ...) in which each queued link is built (notes §10).

    ``hex_count`` (postal GMs): a link's step is its hex count from the rival's network as
    it stood before the segment, so every branch starts at step 1; ``order_given``: the k-th
    link written is built in step k."""
    if state.cfg.segment_step_order == "order_given":
        return list(range(1, len(links) + 1))
    network = state.network[player]
    depth: dict[int, int] = {}
    steps = []
    for a, b in links:
        step = (0 if a in network else depth.get(a, 0)) + 1
        if b not in network:
            depth[b] = min(depth.get(b, step), step)
        steps.append(step)
    return steps


def resolve_builds(state: RRState, emit: Emit) -> None:
    """Resolve every rival's queued links step by step (base 2.3 simultaneity)."""
    lab = state.model.labels
    double = state.cfg.wc_double_fees
    mult = state.cfg.wco_build_multiplier
    by_step: dict[int, list[tuple[str, Edge, bool]]] = {}
    for p in state.players:
        queue = state.pending.get(p, [])
        west_links = state.pending_west.get(p, [])
        for step, ab, west in zip(link_steps(state, p, queue), queue, west_links, strict=True):
            by_step.setdefault(step, []).append((p, ab, west))
    built: dict[str, list[str]] = {p: [] for p in state.players}
    for k in sorted(by_step):
        movers = by_step[k]
        entered: dict[str, set[int]] = {p: set() for p in state.players}
        fees = []
        for p, (a, b), west in movers:
            fees.append(
                (p, b, link_fees(state, p, a, b, mult if double and west else 1, entered[p]))
            )
            entered[p].add(b)
        for p, b, owed in fees:
            for r, amount in owed:
                state.pay(p, r, amount, "building fee")
                line = f"{p} pays {r} {amount} for building into {lab[b]}"
                state.report.append(line)
                emit(line)
        arrivals: dict[int, list[str]] = {}
        for p, (a, b), _west in movers:
            new_hex = b not in state.network[p]
            state.add_link(p, a, b)
            built[p].append(f"{lab[a]}-{lab[b]}")
            if new_hex and b in state.cities:
                arrivals.setdefault(b, []).append(p)
        award_arrivals(state, arrivals, emit)
    for p in state.players:
        if built[p]:
            line = f"{p} builds {' '.join(built[p])}"
            state.report.append(line)
            emit(line)
        if p in state.west_start and not state.wc_connected.get(p, False):
            _east, west_part = own_components(state, p)
            if not west_part:
                state.wc_connected[p] = True
                line = f"{p}'s West Coast network is joined to the East Coast network"
                state.report.append(line)
                emit(line)
    state.pending.clear()
    state.pending_west.clear()
