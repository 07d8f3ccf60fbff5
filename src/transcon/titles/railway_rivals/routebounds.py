"""What the route finder knows about the track before it searches, per team and track
version (cached in the state until the track changes): each hex's links with the team member
whose line a link uses free, the team's view of the rival links, and lower bounds on the way
on from a hex to a race's targets (length, rival hexes, hexes of one rival), each knowing the
own-track rule (a walk that has not used own track yet must still reach some)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from transcon.core.paths import LayeredSteps, cheapest_paths_over
from transcon.titles.railway_rivals.state import RRState, edge
from transcon.titles.railway_rivals.tracks import new_links, reverse_lengths, track_graph

#: A link out of a hex: (next hex, length, owners, the team member whose line it uses free).
Near = tuple[int, int, tuple[str, ...], str | None]


def forbids_after_own_only(forbidden: frozenset[tuple[int, bool]]) -> bool:
    """Whether ``forbidden`` (a subproblem's (hex, own track used yet) states) bars some hex
    after own track only: there a walk that has used own track cannot stand in for one that
    has not (the other may still pass the hex). A hex barred in both states bars both walks
    alike."""
    return any(own and (h, False) not in forbidden for h, own in forbidden)


def team_steps(state: RRState, team: Sequence[str]) -> Callable[[int], list[Near]]:
    """The links from a hex with the team member whose line each uses free, if any (the
    first member in ``team`` order with a line there; shared by the team's queries and
    route listings until the track changes: the cache is cleared with it)."""
    members = tuple(team)
    cache = team_step_cache(state, members)
    graph = track_graph(state)

    def near_of(h: int) -> list[Near]:
        near = cache.get(h)
        if near is None:
            near = [(n, step, o, _member_on(members, o)) for n, step, o in graph.get(h, ())]
            cache[h] = near
        return near

    return near_of


def team_step_cache(state: RRState, team: Sequence[str]) -> dict[int, list[Near]]:
    """The answers ``team_steps`` gave so far, per hex (compiled callers look here first and
    call the function only for a hex not in it)."""
    cache: dict[int, list[Near]] = state.cache.setdefault(("near", tuple(team)), {})
    return cache


def _member_on(team: tuple[str, ...], owners: tuple[str, ...]) -> str | None:
    """The first team member with a line among ``owners``, if any."""
    for member in team:
        if member in owners:
            return member
    return None


def owner_steps(state: RRState) -> LayeredSteps:
    """The track as one table for every team's zero-one bounds (``core.paths.LayeredSteps``,
    one layer): per hex, [(next hex, length, the link's owners' seats as a bit mask)]. A
    search counting the steps whose mask is within a set of seats counts the links with no
    line of anybody else: with every seat but a team's, the links without a team member's
    line; with one rival's seat, the links only that rival's line is on (links join both ways,
    so the table is also the reverse graph). Read once per track version, from rows kept
    across new links (``_owner_rows``)."""
    cached: LayeredSteps | None = state.cache.get("owner_steps")
    if cached is None:
        rows = _owner_rows(state)  # results keyed by the hex objects the track holds
        cached = state.cache["owner_steps"] = LayeredSteps(rows, 1, state.model.hex_ids)
    return cached


def _owner_rows(state: RRState) -> dict[int, list[tuple[int, int, int]]]:
    """``owner_steps``' rows, kept across new links (``KEPT_CACHES``): only the hexes of the
    links added since are rebuilt."""
    graph = track_graph(state)
    touched = {h for link in new_links(state, "owner_rows") for h in link}
    masks = edge_masks(state)
    rows: dict[int, list[tuple[int, int, int]]] | None = state.cache.get("owner_rows")
    if rows is None:
        rows = state.cache["owner_rows"] = {
            h: [(nxt, step, masks[edge(h, nxt)]) for nxt, step, _ in near]
            for h, near in graph.items()
        }
    for h in touched:
        rows[h] = [(nxt, step, masks[edge(h, nxt)]) for nxt, step, _ in graph[h]]
    return rows


def edge_masks(state: RRState) -> dict[tuple[int, int], int]:
    """Each link's owners' seats as a bit mask, by link (a rival has one line on a link at
    most: base 2.2; cached until the track changes)."""
    cached: dict[tuple[int, int], int] | None = state.cache.get("edge_masks")
    if cached is None:
        seat = {p: 1 << i for i, p in enumerate(state.players)}
        cached = state.cache["edge_masks"] = {
            key: sum(seat[o] for o in owners) for key, owners in state.edge_owners.items()
        }
    return cached


def seats_of(state: RRState, players: Sequence[str]) -> int:
    """The seats of ``players`` as a bit mask (as ``owner_steps`` writes owners)."""
    return sum(1 << state.players.index(p) for p in set(players))


def team_lines(state: RRState, team: tuple[str, ...]) -> dict[tuple[str, ...], int]:
    """The owners of the links that carry no team member's line, with how many links each
    owner set has (from ``line_counts``; cached until the track changes)."""
    key = ("team_lines", team)
    cached: dict[tuple[str, ...], int] | None = state.cache.get(key)
    if cached is None:
        members = frozenset(team)
        cached = {o: n for o, n in line_counts(state).items() if members.isdisjoint(o)}
        state.cache[key] = cached
    return cached


def line_counts(state: RRState) -> dict[tuple[str, ...], int]:
    """How many links each set of owners has (as ``track_graph`` writes them): every team's
    ``team_lines`` in one pass. Kept across new links: a link's count moves from the owners
    it had before the links added since to those it has now."""
    counts: dict[tuple[str, ...], int] | None = state.cache.get("line_counts")
    if counts is None:
        counts = {}
        for node, near in track_graph(state).items():
            for nxt, _, owners in near:
                if node < nxt:
                    counts[owners] = counts.get(owners, 0) + 1
        state.cache["line_counts"] = counts
    added: dict[tuple[int, int], int] = {}
    for a, b in new_links(state, "line_counts"):
        key = edge(a, b)
        added[key] = added.get(key, 0) + 1
    for key, times in added.items():
        owners = tuple(state.edge_owners[key])
        before = owners[:-times]
        if before:
            counts[before] -= 1
            if not counts[before]:
                del counts[before]
        counts[owners] = counts.get(owners, 0) + 1
    return counts


#: Per own-track flag (indexed by it: ``bounds[own][hex]``), a bound per hex.
OwnBounds = tuple[dict[int, int], dict[int, int]]


def bounds_to_targets(
    state: RRState,
    team: tuple[str, ...],
    targets: frozenset[int],
    forbidden: frozenset[tuple[int, bool]] = frozenset(),
    own_track: bool = False,
) -> tuple[OwnBounds, OwnBounds]:
    """Lower bounds on the way on from a walk at a hex to a target: the shortest length and
    the fewest hexes of rival track (for ``team``), each per own-track flag -- a walk that
    has not used own track yet (flag False) must still use some when the rules ask for it,
    which often means a long detour. A hex missing from a bound cannot reach a target with
    that flag. Walks never go through (hex, flag) pairs of ``forbidden`` (the route finder's
    subproblems); they may pass a target (``legal_routes`` lists such routes). Each bound on
    its own; cached until the track changes. Without ``forbidden`` (most queries never split
    into subproblems) the cheaper bounds that ignore the flag are used (``_plain_bounds``),
    unless ``own_track`` asks for the flag's bounds."""
    if not forbidden and not own_track:
        return _plain_bounds(state, team, targets)
    key = ("to_targets", team, targets, forbidden)
    cached: tuple[OwnBounds, OwnBounds] | None = state.cache.get(key)
    if cached is not None:
        return cached
    own_needed = state.cfg.min_own_track == "any"
    steps = layered_steps(state, team)
    ends = [2 * t + 1 for t in sorted(targets) if t in track_graph(state)]
    banned = frozenset(2 * h + own for h, own in forbidden)
    # compiled searches over the team's table (``core.paths.LayeredSteps``), leaving out the
    # forbidden states; a rival link's label is its owners' mask, a team link's -1
    lengths = steps.cheapest(ends, banned)
    rivals = steps.zero_one(ends, banned)
    result = (by_flag(lengths, own_needed), by_flag(rivals, own_needed))
    state.cache[key] = result
    return result


def _plain_bounds(
    state: RRState, team: tuple[str, ...], targets: frozenset[int]
) -> tuple[OwnBounds, OwnBounds]:
    """The shortest length and the fewest rival hexes to a target, the same for both own-track
    flags (the lengths shared by every team's queries of the targets; cached until the track
    changes)."""
    key = ("plain_bounds", team, targets)
    cached: tuple[OwnBounds, OwnBounds] | None = state.cache.get(key)
    if cached is not None:
        return cached
    graph = track_graph(state)
    starts = sorted(t for t in targets if t in graph)
    len_key = ("target_lengths", targets)
    lengths: dict[int, int] | None = state.cache.get(len_key)
    if lengths is None:
        lengths = cheapest_paths_over([(t, 0) for t in starts], reverse_lengths(state)).cost
        state.cache[len_key] = lengths
    others = (1 << len(state.players)) - 1 - seats_of(state, team)
    rivals = owner_steps(state).zero_one(starts, (), others)[0]
    result = ((lengths, lengths), (rivals, rivals))
    state.cache[key] = result
    return result


def layered_steps(state: RRState, team: tuple[str, ...]) -> LayeredSteps:
    """The team's reverse graph over (hex, own-track flag) states, a state written 2 x hex +
    flag: state -> [(previous state, length of the step, the link's owners' seats as a bit
    mask, or -1 for a team link)], every state reached listed. A team link sets the flag (its
    start may be on either side of own track), a rival link keeps it; without the own-track
    rule every walk counts as on own track. The bounds and the caps' set needs are searches
    of it (``core.paths.LayeredSteps``, read once: shared by the team's queries until the
    track changes)."""
    key = ("layered_steps", team)
    cached: LayeredSteps | None = state.cache.get(key)
    if cached is None:
        flags_before = (1, 0) if state.cfg.min_own_track == "any" else (1,)
        members, masks = seats_of(state, team), edge_masks(state)
        table: dict[int, list[tuple[int, int, int]]] = {}
        for h, into in reverse_lengths(state).items():
            for prev, step in into:
                mask = masks[edge(h, prev)]
                if mask & members:  # a team link: onto own track from either side
                    row = table.setdefault(2 * h + 1, [])
                    row.extend((2 * prev + flag, step, -1) for flag in flags_before)
                    continue
                for flag in flags_before:
                    table.setdefault(2 * h + flag, []).append((2 * prev + flag, step, mask))
        for steps in list(table.values()):
            for p, _, _ in steps:  # a state with no way into it has no steps
                table.setdefault(p, [])
        cached = state.cache[key] = LayeredSteps(table, 2, state.model.hex_ids)
    return cached


def by_flag(layers: tuple[dict[int, int], ...], own_needed: bool) -> OwnBounds:
    """The bounds per own-track flag from a ``layered_steps`` search's costs per layer (without
    the own-track rule every walk counts as on own track)."""
    return (layers[0] if own_needed else layers[1]), layers[1]


def rival_need(
    state: RRState, team: tuple[str, ...], targets: frozenset[int], seat: int
) -> dict[int, int]:
    """Per hex: the fewest hexes of one rival's track (links only that rival's line is on)
    every way from there to a target uses (cached until the track changes)."""
    key = ("rival_need", team, targets, seat)
    cached: dict[int, int] | None = state.cache.get(key)
    if cached is None:
        graph = track_graph(state)
        starts = sorted(t for t in targets if t in graph)
        cached = owner_steps(state).zero_one(starts, (), 1 << seat)[0]
        state.cache[key] = cached
    return cached
