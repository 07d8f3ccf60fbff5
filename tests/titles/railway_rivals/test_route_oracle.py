"""The route finder against brute force: on random small track networks, its front equals
the Pareto front of every simple route (with every choice of line), under the 10-hex cap
(here small) and the own-track rule."""

from __future__ import annotations

import collections
import itertools
import random
from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState, routes, routesearch
from transcon.titles.railway_rivals.routecaps import route_within_caps, walk_within_caps
from transcon.titles.railway_rivals.routes import RouteOption, find_routes
from transcon.titles.railway_rivals.state import edge
from transcon.titles.railway_rivals.tracks import better, route_length

from .conftest import started
from .test_building import clean


def brute_front(
    state: RRState,
    team: tuple[str, ...],
    a: int,
    b: int,
    forbidden: frozenset[tuple[int, bool]] = frozenset(),
) -> set[tuple[int, int]]:
    """The exact front (length, rival hexes) of every route from ``a`` to ``b``, by walking
    every simple path; never standing on a (hex, own track used yet) pair of ``forbidden``."""
    cap = state.cfg.max_foreign_hexes_per_owner
    points: set[tuple[int, int]] = set()

    def walk(path: list[int], counts: dict[str, int], own: bool) -> None:
        node = path[-1]
        if (node, own) in forbidden:
            return
        if node == b:
            if own:
                points.add((route_length(state, path), sum(counts.values())))
            return
        for nxt in sorted(state.adj.get(node, ())):
            if nxt in path:
                continue
            owners = state.edge_owners[edge(node, nxt)]
            if any(o in team for o in owners):
                walk([*path, nxt], counts, True)
                continue
            for o in owners:
                if counts.get(o, 0) < cap:
                    walk([*path, nxt], {**counts, o: counts.get(o, 0) + 1}, own)

    walk([a], {}, False)
    return {p for p in points if not any(better(q[0], q[1], p[0], p[1]) for q in points)}


def random_network_case(
    title: RailwayRivalsUSA, strip_path: str, seed: int
) -> tuple[RRState, int, int]:
    """Three rivals' random links in a 6x5 patch of the small map; two random track hexes."""
    rnd = random.Random(seed)
    game = started(
        title,
        strip_path,
        {"Ann": "E29", "Bob": "G29", "Cy": "C29"},
        max_foreign_hexes_per_owner=rnd.choice([1, 2, 3, 10]),
    )
    s = clean(game)
    model = s.model
    area = [h for h in model.us_land if 20 <= model.column[h] <= 25 and 2 <= model.row[h] <= 6]
    for player in s.players:
        for _ in range(rnd.randint(6, 14)):
            a = rnd.choice(area)
            nexts = [n for n in model.neighbors[a] if n in area and model.cost(a, n)]
            if nexts:
                b = rnd.choice(nexts)
                if edge(a, b) not in s.track[player]:
                    s.add_link(player, a, b)
    a, b = rnd.sample(sorted(s.adj), 2)
    return s, a, b


def test_route_finder_matches_brute_force(title: RailwayRivalsUSA, strip_path: str) -> None:
    """300 random networks x 3 teams (a rival alone, another, a joint team): the same front."""
    mismatches = []
    nonempty = 0
    for seed in range(300):
        s, a, b = random_network_case(title, strip_path, seed)
        for team in (("Ann",), ("Bob",), ("Ann", "Cy")):
            got = {(o.length, o.total) for o in find_routes(s, team, [a], [b])}
            want = brute_front(s, team, a, b)
            nonempty += bool(want)
            if got != want:
                mismatches.append((seed, team, got, want))
    assert nonempty > 200
    assert not mismatches, mismatches


def test_no_walk_within_the_caps_means_no_route(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Base rules 3.3 (at most ``max_foreign_hexes_per_owner`` hexes of one rival's track):
    the pre-check that proves "no route" cheaply (no walk keeps every cap) never refutes a
    race brute force finds a route for, and it does refute some."""
    refuted = 0
    for seed in range(300):
        s, a, b = random_network_case(title, strip_path, seed)
        for team in (("Ann",), ("Bob",), ("Ann", "Cy")):
            if not walk_within_caps(s, team, [a], frozenset({b})):
                refuted += 1
                assert not brute_front(s, team, a, b), (seed, team)
    assert refuted > 100


def brute_points(
    state: RRState, team: tuple[str, ...], sources: list[int], targets: list[int]
) -> set[tuple[int, int, tuple[tuple[str, int], ...], int]]:
    """Every front route by brute force, as (length, payments, hexes per rival, end hex): all
    simple paths from a source to the first target they reach, every choice of line."""
    cfg = state.cfg
    cap, fee = cfg.max_foreign_hexes_per_owner, cfg.track_use_fee_per_hex
    own_needed = cfg.min_own_track == "any"
    target_set = set(targets)
    found: set[tuple[int, int, tuple[tuple[str, int], ...], int]] = set()

    def walk(path: list[int], counts: dict[str, int], own: bool) -> None:
        node = path[-1]
        if node in target_set:
            if own or not own_needed:
                foreign = tuple((p, counts[p]) for p in state.players if counts.get(p))
                found.add((route_length(state, path), sum(counts.values()) * fee, foreign, node))
            return
        for nxt in sorted(state.adj.get(node, ())):
            if nxt in path:
                continue
            owners = state.edge_owners[edge(node, nxt)]
            if any(o in team for o in owners):
                walk([*path, nxt], counts, True)
                continue
            for o in owners:
                if counts.get(o, 0) < cap:
                    walk([*path, nxt], {**counts, o: counts.get(o, 0) + 1}, own)

    for s in sorted(set(sources) - target_set):
        if s in state.adj:
            walk([s], {}, False)
    return {p for p in found if not any(better(q[0], q[1], p[0], p[1]) for q in found)}


def check_option(
    state: RRState, team: tuple[str, ...], sources: list[int], targets: list[int], opt: RouteOption
) -> None:
    """A route the finder returns is legal and its figures are right."""
    cfg = state.cfg
    route = list(opt.route)
    assert len(set(route)) == len(route), "a hex twice"
    assert route[0] in sources and route[0] not in targets and route[-1] in targets
    assert not any(h in targets for h in route[:-1])
    assert len(opt.owners) == len(route) - 1
    counts: dict[str, int] = {}
    own = False
    for (a, b), owner in zip(itertools.pairwise(route), opt.owners, strict=True):
        assert owner in state.edge_owners[edge(a, b)]
        if owner in team:
            own = True
        else:
            assert not any(m in state.edge_owners[edge(a, b)] for m in team)
            counts[owner] = counts.get(owner, 0) + 1
    assert own or cfg.min_own_track == "none"
    assert all(c <= cfg.max_foreign_hexes_per_owner for c in counts.values())
    assert opt.foreign == tuple((p, counts[p]) for p in state.players if counts.get(p))
    assert opt.total == sum(counts.values()) * cfg.track_use_fee_per_hex
    assert opt.length == route_length(state, route)


#: The rivals of the random networks and their start picks (3 to 6 of them).
RIVAL_PICKS = {"Ann": "E29", "Bob": "G29", "Cy": "C29", "Di": "H29", "Ed": "D29", "Flo": "F29"}


def exact_position(
    title: RailwayRivalsUSA,
    strip_path: str,
    seed: int,
    cap: int,
    own_rule: str,
    metric: str,
    fee: int,
    rivals: int,
    ends: tuple[int, int],
) -> tuple[RRState, list[int], list[int], random.Random] | None:
    """One random network of the exact oracle (a 6x5 patch, 3 to 6 rivals), with random
    sources and targets, and the generator that drew them (None: too little track)."""
    rnd = random.Random(seed)
    picks = dict(list(RIVAL_PICKS.items())[:rivals])
    if rivals > 4:
        cap = min(cap, 3)  # several caps binding at once; brute force stays small
    game = started(
        title,
        strip_path,
        picks,
        max_foreign_hexes_per_owner=cap,
        min_own_track=own_rule,
        route_length_metric=metric,
        track_use_fee_per_hex=fee,
    )
    s = clean(game)
    model = s.model
    area = [h for h in model.us_land if 20 <= model.column[h] <= 25 and 2 <= model.row[h] <= 6]
    for player in s.players:
        for _ in range(rnd.randint(4, 14) if rivals <= 4 else rnd.randint(3, 8)):
            a = rnd.choice(area)
            nexts = [n for n in model.neighbors[a] if n in area and model.cost(a, n)]
            if nexts:
                b = rnd.choice(nexts)
                if edge(a, b) not in s.track[player]:
                    s.add_link(player, a, b)
    track = sorted(s.adj)
    if len(track) < 2:
        return None
    picked = rnd.sample(track, min(len(track), ends[0] + ends[1]))
    return s, picked[: ends[0]], picked[ends[0] :] or picked[:1], rnd


def exact_case(
    title: RailwayRivalsUSA,
    strip_path: str,
    seed: int,
    cap: int,
    own_rule: str,
    metric: str,
    fee: int,
    rivals: int,
    ends: tuple[int, int],
) -> None:
    """One random network (``exact_position``); every team of one rival and one joint team:
    the finder's routes are legal and its front (with every split of the payments, per end
    hex) equals brute force's -- so a route exists exactly when brute force finds one, and
    the GM's route (shortest, then cheapest) has the same length and payments -- also
    without the splits and when bounded by the payments. With 5 and 6 rivals and small caps
    several caps bind at once."""
    position = exact_position(title, strip_path, seed, cap, own_rule, metric, fee, rivals, ends)
    if position is None:
        return
    s, sources, targets, rnd = position
    teams = [(p,) for p in s.players] + [(s.players[0], s.players[2])]
    for team in teams:
        options = find_routes(s, team, sources, targets)
        for opt in options:
            check_option(s, team, sources, targets, opt)
        got = {(o.length, o.total, o.foreign, o.route[-1]) for o in options}
        want = brute_points(s, team, sources, targets)
        assert got == want, (seed, team)
        starts = sorted(set(sources) - set(targets))
        if not walk_within_caps(s, team, starts, frozenset(targets)):
            assert not want, (seed, team)  # the cheap "no route" proof is sound
        gm = min(((o.length, o.total) for o in options), default=None)
        assert gm == min(((length, total) for length, total, _, _ in want), default=None)
        # without payment splits: the same front points, each with a legal route
        points = find_routes(s, team, sources, targets, splits=False)
        for opt in points:
            check_option(s, team, sources, targets, opt)
        assert {(o.length, o.total) for o in points} == {(o.length, o.total) for o in options}
        # bounded by the payments (searched afresh): the front points paying at most that
        bound = rnd.randint(0, 8)
        s.cache.clear()
        cheap = find_routes(s, team, sources, targets, splits=False, max_total=bound)
        for opt in cheap:
            check_option(s, team, sources, targets, opt)
        want = {(o.length, o.total) for o in options if o.total <= bound}
        assert {(o.length, o.total) for o in cheap} == want, (seed, team, bound)
        bounded_by_length(s, team, sources, targets, options, rnd)


def bounded_by_length(
    s: RRState,
    team: tuple[str, ...],
    sources: list[int],
    targets: list[int],
    options: list[RouteOption],
    rnd: random.Random,
) -> None:
    """``exact_case`` bounded by the length (searched afresh, with every split and with the
    front's points known from the start): the front routes at most that long; and the GM's
    pick with ``gm_pick_ties`` one_split (the shortest only, a random draw, the front known):
    legal routes of the shortest, then cheapest length and payments."""
    lengths = sorted({o.length for o in options})
    if not lengths:
        return
    bound = rnd.choice([*lengths, lengths[0] - 1, lengths[-1] + 1])
    s.cache.clear()
    short = find_routes(s, team, sources, targets, max_length=bound)
    want = {(o.length, o.total, o.foreign, o.route[-1]) for o in options if o.length <= bound}
    assert {(o.length, o.total, o.foreign, o.route[-1]) for o in short} == want, (team, bound)
    known = [(o.length, o.total) for o in options]
    s.cache.clear()
    points = find_routes(s, team, sources, targets, splits=False, max_length=bound, known=known)
    for opt in points:
        check_option(s, team, sources, targets, opt)
    assert {(o.length, o.total) for o in points} == {p[:2] for p in want}, (team, bound)
    s.cache.clear()
    rng = GameRandom(rnd.randrange(2**32))
    picks = find_routes(
        s, team, sources, targets, rng, splits=False, max_length=lengths[0], known=known
    )
    for opt in picks:
        check_option(s, team, sources, targets, opt)
    assert {(o.length, o.total) for o in picks} == {min(known)}, team


#: The random positions both route-finder oracles draw (the slow one draws more).
#: The settings of ``exact_case`` besides its seed, each with the values both oracles draw
#: from (in ``exact_case``'s order; repeats weight a value).
CASE_SETTINGS: dict[str, list[Any]] = {
    "cap": [1, 2, 3, 10],
    "own_rule": ["any", "any", "none"],
    "metric": ["movement_points", "hexes"],
    "fee": [1, 1, 2, 0],
    "rivals": [3, 4, 5, 6],
    "ends": [(1, 1), (1, 1), (2, 1), (1, 2), (2, 2)],
}
EXACT_CASES = given(
    seed=st.integers(0, 2**32 - 1),
    **{name: st.sampled_from(values) for name, values in CASE_SETTINGS.items()},
)


# The default run draws the same 150 positions every time (derandomize; no example database):
# a fresh random draw could hit a network whose brute force runs for minutes, which stalled
# loaded CI runs twice. The slow run below keeps drawing new positions.
@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@EXACT_CASES
def test_route_finder_exact_against_brute_force(
    title: RailwayRivalsUSA,
    strip_path: str,
    seed: int,
    cap: int,
    own_rule: str,
    metric: str,
    fee: int,
    rivals: int,
    ends: tuple[int, int],
) -> None:
    exact_case(title, strip_path, seed, cap, own_rule, metric, fee, rivals, ends)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@EXACT_CASES
def test_slow_route_finder_exact_against_brute_force(
    title: RailwayRivalsUSA,
    strip_path: str,
    seed: int,
    cap: int,
    own_rule: str,
    metric: str,
    fee: int,
    rivals: int,
    ends: tuple[int, int],
) -> None:
    exact_case(title, strip_path, seed, cap, own_rule, metric, fee, rivals, ends)


def test_route_finder_exact_with_the_caps_precheck_on_every_search(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Base rules 3.3: with the caps pre-check run before every search (on the real map only
    after a search outgrew its budget without a walk;
    here every search with capped rivals stops at once and is made again after it),
    subproblems included, the front still equals brute
    force's (120 positions of the exact oracle, drawn from fixed seeds). The pre-check alone,
    as the GM's random pick makes it: the look for some route never answers."""
    monkeypatch.setattr(routes, "PROBE_LABELS", 0)
    monkeypatch.setattr(routes, "STOP_AFTER", 0)
    random_exact_cases(title, strip_path, 20261126, 120)


def test_route_finder_exact_with_some_route_looked_for_first(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Base rules 3.2-3.3: with some route looked for (``route_within_caps``) before every
    search while no route is known (on the real map only after a search grew large without a
    walk), its route bounding the search or its
    "no route" ending the subproblem, the front
    still equals brute force's (120 positions of the exact oracle, drawn from fixed seeds)."""
    monkeypatch.setattr(routes, "STOP_AFTER", 0)
    random_exact_cases(title, strip_path, 20261127, 120)


#: Routes as (hexes, whose line each link uses).
Routes = list[tuple[tuple[int, ...], tuple[str, ...]]]


def test_route_finder_exact_with_the_stronger_bounds_from_the_start(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Base rules 3.2-3.3: with every search with capped rivals dropping labels by the
    stronger bounds from its first label on (the own-track bounds, and the fewest links of
    every set of capped rivals per own-track flag; on the real map only once a search grew
    large), the front still equals brute force's (120 positions of the exact oracle, drawn
    from fixed seeds)."""
    monkeypatch.setattr(routesearch, "STRONGER_AFTER", -1)
    random_exact_cases(title, strip_path, 20261128, 120)


def test_the_stronger_bounds_and_stopped_searches_pick_the_same_routes(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What keeps games the same: the stronger bounds only drop labels no front walk passes,
    and the labels are taken in the same order, so the routes found -- every route of the
    front, each split's, and the GM's random pick among equals -- are the very same hexes
    and lines with them from the first label on as without them; and a GM's pick whose
    searches stop at once (checked, then made again) draws the same route (120 positions of
    the exact oracle, every team, with and without splits)."""
    rnd = random.Random(20261129)
    compared = 0
    for _ in range(120):
        settings_ = (
            rnd.randrange(2**32),
            rnd.choice([1, 2, 3, 10]),
            rnd.choice(["any", "any", "none"]),
            rnd.choice(["movement_points", "hexes"]),
            rnd.choice([1, 1, 2, 0]),
            rnd.choice([3, 4, 5, 6]),
            rnd.choice([(1, 1), (1, 1), (2, 1), (1, 2), (2, 2)]),
        )
        position = exact_position(title, strip_path, *settings_)
        if position is None:
            continue
        s, sources, targets, _ = position
        seed = settings_[0]
        fronts, picks = found(monkeypatch, s, sources, targets, seed, 1 << 30, 1 << 30)
        stronger = found(monkeypatch, s, sources, targets, seed, -1, 1 << 30)
        assert stronger == (fronts, picks), settings_
        stopped = found(monkeypatch, s, sources, targets, seed, 1 << 30, 0)
        assert stopped[1] == picks, settings_
        compared += 1
    assert compared > 100


def found(
    monkeypatch: pytest.MonkeyPatch,
    s: RRState,
    sources: list[int],
    targets: list[int],
    seed: int,
    stronger_after: int,
    stop_after: int,
) -> tuple[list[Routes], list[Routes]]:
    """Every front route (per team, with and without splits), and the GM's random pick (per
    team), with the finder's ``STRONGER_AFTER`` and ``STOP_AFTER`` as given."""
    monkeypatch.setattr(routesearch, "STRONGER_AFTER", stronger_after)
    monkeypatch.setattr(routes, "STOP_AFTER", stop_after)
    fronts, picks = [], []
    for team in [(p,) for p in s.players] + [(s.players[0], s.players[2])]:
        for splits in (True, False):
            s.cache.clear()
            options = find_routes(s, team, sources, targets, splits=splits)
            fronts.append([(o.route, o.owners) for o in options])
        s.cache.clear()
        options = find_routes(s, team, sources, targets, GameRandom(seed))
        picks.append([(o.route, o.owners) for o in options])
    return fronts, picks


def random_exact_cases(title: RailwayRivalsUSA, strip_path: str, seed: int, count: int) -> None:
    """``count`` positions of the exact oracle, their settings drawn from ``seed``."""
    rnd = random.Random(seed)
    for _ in range(count):
        seed_of_case = rnd.randrange(2**32)
        settings_of_case = [rnd.choice(values) for values in CASE_SETTINGS.values()]
        exact_case(title, strip_path, seed_of_case, *settings_of_case)


def lines_within_cap(links: list[tuple[str, ...]], cap: int) -> bool:
    """Whether each link can use one of its owners' lines with no owner used more than
    ``cap`` times (a bipartite matching by augmenting paths)."""
    holder: dict[tuple[str, int], int] = {}  # (owner, slot) -> link

    def place(k: int, seen: set[tuple[str, int]]) -> bool:
        for slot in ((o, n) for o in links[k] for n in range(cap)):
            if slot not in seen:
                seen.add(slot)
                if slot not in holder or place(holder[slot], seen):
                    holder[slot] = k
                    return True
        return False

    return all(place(k, set()) for k in range(len(links)))


def test_some_route_within_the_caps_is_a_route(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Base rules 3.2-3.3: ``route_within_caps`` gives a legal route (simple, within the caps,
    on own track) when brute force finds one, and says there is none only when brute force
    finds none."""
    found = refuted = 0
    for seed in range(300):
        s, a, b = random_network_case(title, strip_path, seed)
        for team in (("Ann",), ("Bob",), ("Ann", "Cy")):
            some = route_within_caps(s, team, [a], frozenset({b}), 100_000)
            want = brute_front(s, team, a, b)
            assert some is not True, (seed, team)  # decided within the budget
            if some is False:
                refuted += 1
                assert not want, (seed, team)
                continue
            found += 1
            assert want, (seed, team)
            assert some[0] == a and some[-1] == b and len(set(some)) == len(some)
            links = [s.edge_owners[edge(x, y)] for x, y in itertools.pairwise(some)]
            assert any(m in owners for owners in links for m in team)
            rival = [owners for owners in links if not any(m in owners for m in team)]
            assert lines_within_cap(rival, s.cfg.max_foreign_hexes_per_owner), (seed, team)
    assert found > 200 and refuted > 100


class RandomSubproblem(NamedTuple):
    seed: int
    state: RRState
    source: int
    target: int
    team: tuple[str, ...]
    forbidden: frozenset[tuple[int, bool]]
    rnd: random.Random  # the case's generator, for the caller's further draws


def random_subproblems(
    title: RailwayRivalsUSA, strip_path: str, seeds: int, least: int, after: float
) -> Iterator[RandomSubproblem]:
    """Per random network (``random_network_case``, seeds 0 to ``seeds`` - 1) and team (Ann,
    Bob, Ann with Cy): ``least`` to 3 of its track hexes (not the ends) forbidden as a
    subproblem forbids them, each after own track is used with probability ``after``, else
    before."""
    for seed in range(seeds):
        s, a, b = random_network_case(title, strip_path, seed)
        rnd = random.Random(seed)
        track = sorted(set(s.adj) - {a, b})
        for team in (("Ann",), ("Bob",), ("Ann", "Cy")):
            picked = rnd.sample(track, min(len(track), rnd.randint(least, 3)))
            forbidden = frozenset((h, rnd.random() < after) for h in picked)
            yield RandomSubproblem(seed, s, a, b, team, forbidden, rnd)


def test_subproblems_forbidding_hexes_after_own_track_are_exact(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """The route finder's subproblems (a hex forbidden before, or after, own track is used:
    base 3.2 "part of the route must be on your own track") have the exact front of their
    routes: in one that forbids a hex only after own track, a walk that has used own track
    does not stand in for one that has not (that one may still pass the hex)."""
    checked = 0
    for seed, s, a, b, team, forbidden, _ in random_subproblems(title, strip_path, 150, 1, 0.7):
        query = routes.Query.make(s, team, [a], frozenset({b}))
        got = {(o.length, o.total) for o in routes._front_of_routes(query, None, forbidden)}
        want = brute_front(s, team, a, b, forbidden)
        checked += bool(want)
        assert got == want, (seed, team, sorted(forbidden))
    assert checked > 100


def test_a_walk_on_own_track_does_not_stand_in_where_the_hex_after_it_is_forbidden(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Base 3.2 (own track): Ann's route S z x h o p T (Bob's track, then her own o-p) must
    pass h before her own track. In the subproblem that forbids h after own track, her walk
    S x on her own line is shorter and cheaper at x, but cannot go on through h (only round
    by a longer detour on her own track): it must not stand in for the walk S z x, which
    can. Both routes are on the subproblem's front."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    model = s.model
    at = model.hex_index

    start, x, h, o, p, target = (at(f"E{c}") for c in range(21, 27))  # a line east
    z = min(n for n in model.neighbors[start] if n in model.neighbors[x])
    # the detour: the shortest way from x to T two rows off row E (but for its first and
    # last hex, and away from S, z and the line), longer than the line
    ends = set(model.neighbors[x]) | set(model.neighbors[target]) | {target}
    came: dict[int, int] = {x: x}
    queue = collections.deque([x])
    while target not in came:
        cur = queue.popleft()
        for n in model.neighbors[cur]:
            far = abs(model.row[n] - model.row[x]) >= 2
            off_line = (far or n in ends) and n not in (start, z, h, o, p)
            if n not in came and off_line and model.cost(cur, n):
                came[n] = cur
                queue.append(n)
    detour = [target]
    while detour[-1] != x:
        detour.append(came[detour[-1]])
    detour.reverse()
    for a, b in ((start, x), (o, p), *itertools.pairwise(detour)):
        s.add_link("Ann", a, b)
    for a, b in ((start, z), (z, x), (x, h), (h, o), (p, target)):
        s.add_link("Bob", a, b)
    forbidden = frozenset({(h, True)})
    query = routes.Query.make(s, ("Ann",), [start], frozenset({target}))
    got = {o.route for o in routes._front_of_routes(query, None, forbidden)}
    assert got == {(start, z, x, h, o, p, target), (start, *detour)}
    assert len(brute_front(s, ("Ann",), start, target, forbidden)) == 2
