"""The route finder's compiled label loop and ``expand`` (``_labelcore.Expander``,
csrc/labelcore_run.c, labelcore_expand.c, labelcore_offer.c, labelcore_reach.c) against its
Python reference (``RouteSearch.run``, ``take``, ``expand``, ``reach``, ``loads_reach``):
every search of the exact route oracle's random positions and of a crowded real-map listing
run twice, once with each, must make the very same labels in the same order (figures, hex,
predecessor, move, alternatives, dead labels, heap entries, the front and the walks found,
the reach caches); the Python code taking over where a value is not what the compiled code
handles; and flat memory and reference counts over many searches."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals import RailwayRivalsUSA, compiled, routes, routesearch
from transcon.titles.railway_rivals.routebounds import bounds_to_targets, rival_need
from transcon.titles.railway_rivals.routecaps import Loads
from transcon.titles.railway_rivals.routes import find_routes
from transcon.titles.railway_rivals.routesearch import RouteSearch
from transcon.titles.railway_rivals.tracks import track_graph

from .conftest import crowded_position
from .test_label_dominance import assert_flat
from .test_route_oracle import CASE_SETTINGS, exact_position

labelcore: Any
try:
    from transcon.titles.railway_rivals import _labelcore as labelcore
except ImportError:  # not built
    labelcore = None

pytestmark = pytest.mark.skipif(labelcore is None, reason="_labelcore is not built")


def storage(search: RouteSearch) -> tuple[Any, ...]:
    """Everything a search made, in order (and its reach caches)."""
    return (
        search.figures,
        search.node,
        search.pred,
        search.move,
        search.alternatives,
        search.dead,
        search.at_node,
        sorted(search._heap),
        search.front,
        search.found,
        search.front_version,
        search.strong,
        search._reach,
        search._least,
        search._least_version,
    )


class Twins:
    """Runs every search twice, with the Python and the compiled ``expand``, and compares."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.compared = 0
        self.compiled_labels = 0
        #: labels of compiled runs the Python ``expand`` took (figures the compiled one
        #: does not handle: none here)
        self.python_expands = 0
        #: searches whose loads take more than 64 bits (``hopeless`` and ``Loads.add`` on
        #: Python's ints)
        self.wide = 0
        #: calls of the Python ``loads_reach`` by compiled runs (none: the compiled one)
        self.python_reaches = 0
        #: reaches the compiled runs' dominance tests worked out (remembered)
        self.reached = 0
        plain_run, plain_expand = RouteSearch.run, RouteSearch.expand
        plain_loads_reach = RouteSearch.loads_reach

        def counted_loads_reach(
            search: RouteSearch, loads: int, length: int, used: int, own: bool, h: int
        ) -> int:
            self.python_reaches += search.compiled_expand
            return plain_loads_reach(search, loads, length, used, own, h)

        def counted_expand(search: RouteSearch, idx: int) -> None:
            self.python_expands += search.compiled_expand
            plain_expand(search, idx)

        def twin_run(search: RouteSearch, budget: int | None = None) -> bool:
            python = RouteSearch(
                search.q, frozenset(search.capped), search.forbidden, list(search.front)
            )
            python.compiled_expand = False
            assert search.compiled_expand
            expected = plain_run(python, budget)
            got = plain_run(search, budget)
            assert got == expected
            assert storage(search) == storage(python)
            self.compared += 1
            self.reached += len(search._least) + len(search._reach)
            self.wide += search.loads.guard.bit_length() > 64
            self.compiled_labels += len(search.figures)
            return got

        monkeypatch.setattr(compiled, "COMPILED", True)
        monkeypatch.setattr(RouteSearch, "run", twin_run)
        monkeypatch.setattr(RouteSearch, "expand", counted_expand)
        monkeypatch.setattr(RouteSearch, "loads_reach", counted_loads_reach)


def run_position(title: RailwayRivalsUSA, strip_path: str, rnd: random.Random) -> None:
    """One random position of the exact oracle: every team's searches (with and without
    splits, bounded by the payments, the GM's pick)."""
    seed = rnd.randrange(2**32)
    settings_ = [rnd.choice(values) for values in CASE_SETTINGS.values()]
    position = exact_position(title, strip_path, seed, *settings_)
    if position is None:
        return
    s, sources, targets, _ = position
    for team in [(p,) for p in s.players] + [(s.players[0], s.players[2])]:
        for splits in (True, False):
            s.cache.clear()
            find_routes(s, team, sources, targets, splits=splits)
        s.cache.clear()
        find_routes(s, team, sources, targets, splits=False, max_total=rnd.randint(0, 8))
        # the GM's pick (``gm_pick_ties`` one_split): the shortest only, the front known
        front = [(o.length, o.total) for o in find_routes(s, team, sources, targets, splits=False)]
        if front:
            s.cache.clear()
            rng = GameRandom(seed)
            most = min(front)[0]
            find_routes(s, team, sources, targets, rng, splits=False, max_length=most, known=front)


def test_compiled_expand_makes_the_labels_of_the_python_one(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every search of 40 random positions of the exact oracle: the same labels, in the
    same order, with the compiled and the Python ``expand``."""
    twins = Twins(monkeypatch)
    rnd = random.Random(20261140)
    for _ in range(40):
        run_position(title, strip_path, rnd)
    assert twins.compared > 400 and twins.compiled_labels > 3000
    assert twins.python_expands == 0


def test_compiled_expand_with_the_stronger_bounds_and_some_route_first(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same with the stronger bounds from the first label on (``need`` of every set of
    capped rivals, the own-track bounds) and some route looked for before every search (a
    front from the start: the dominance test's reach; 30 positions)."""
    twins = Twins(monkeypatch)
    monkeypatch.setattr(routesearch, "STRONGER_AFTER", -1)
    monkeypatch.setattr(routes, "STOP_AFTER", 0)
    rnd = random.Random(20261141)
    for _ in range(30):
        run_position(title, strip_path, rnd)
    assert twins.compared > 100 and twins.python_expands == 0


def test_compiled_expand_with_every_rival_capped_and_a_front_from_the_start(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same for searches with every rival capped, from no walk found and from the front
    of the uncapped search (the dominance test then compares loads through their reach,
    compiled too: the same reach caches; 40 positions, every team)."""
    twins = Twins(monkeypatch)
    rnd = random.Random(20261143)
    for _ in range(40):
        seed = rnd.randrange(2**32)
        # caps of 1 and 2 hexes, 5 and 6 rivals: several caps bind
        settings_ = [rnd.choice(values) for values in CASE_SETTINGS.values()]
        settings_[0], settings_[4] = rnd.choice([1, 2]), rnd.choice([5, 6])
        position = exact_position(title, strip_path, seed, *settings_)
        if position is None:
            continue
        s, sources, targets, _ = position
        for team in [(p,) for p in s.players] + [(s.players[0], s.players[2])]:
            for splits in (True, False):
                q = routesearch.Query.make(s, team, sources, frozenset(targets), splits)
                capped = frozenset(range(len(q.seat)))
                uncapped = RouteSearch(q, frozenset(), frozenset(), [])
                uncapped.run()
                RouteSearch(q, capped, frozenset(), []).run()
                RouteSearch(q, capped, frozenset(), uncapped.front).run()
    assert twins.python_reaches == 0


def test_compiled_expand_on_a_crowded_real_map_position(
    title: RailwayRivalsUSA, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same on the real map: every search of the legal listing of a 6-rival greedy game
    (seed 7, as the benchmark plays it) at its 610th action, where capped rivals' loads are
    compared through their reach (compiled too: the same reach caches)."""
    game = crowded_position(title)
    twins = Twins(monkeypatch)
    for player in game.current_players():
        title.legal_groups(game.state, player)
    assert twins.reached > 10000 and twins.python_reaches == 0 and twins.python_expands == 0


@pytest.mark.parametrize("extra", [64, 40])
def test_compiled_expand_with_loads_wider_than_64_bits(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch, extra: int
) -> None:
    """The same with every field of the loads ``extra`` bits wider (the same answers: the
    loads are then Python's big ints; 30 positions). Fields 64 bits wider are past the
    compiled code's fields, so ``hopeless`` and ``Loads.add`` run on Python's ints; fields
    40 bits wider still fit, and the compiled ``hopeless`` reads the loads as several words
    (as a crowded 6-rival race's many sets of capped rivals need), never the Python one."""
    twins = Twins(monkeypatch)
    plain_init = Loads.__init__
    plain_hopeless = RouteSearch.hopeless
    python_hopeless = 0

    def counted_hopeless(search: RouteSearch, loads: int, h: int, own: bool) -> bool:
        nonlocal python_hopeless
        python_hopeless += search.compiled_expand
        return plain_hopeless(search, loads, h, own)

    monkeypatch.setattr(RouteSearch, "hopeless", counted_hopeless)

    def wide_init(loads: Loads, *args: Any) -> None:
        plain_init(loads, *args)
        loads.width = w = loads.width + extra
        loads.guard = sum(1 << (k * w + w - 1) for k in range(len(loads.sets)))
        loads.limit = sum(c << (k * w) for k, c in enumerate(loads.capacity))
        loads.field = (1 << (w - 1)) - 1

    monkeypatch.setattr(Loads, "__init__", wide_init)
    rnd = random.Random(20261142)
    for _ in range(30):
        run_position(title, strip_path, rnd)
    assert twins.wide > (20 if extra == 64 else 5) and twins.python_expands == 0
    assert (python_hopeless == 0) == (extra < 62)


def position_search(
    title: RailwayRivalsUSA, strip_path: str, seed: int
) -> tuple[routesearch.Query, list[int]]:
    """The query of the first team of a 6-rival position of the exact oracle, and its
    sources."""
    position = exact_position(title, strip_path, seed, 2, "any", "hexes", 1, 6, (2, 2))
    assert position is not None
    s, sources, targets, _ = position
    q = routesearch.Query.make(s, (s.players[0],), sources, frozenset(targets))
    return q, sources


def search_with_a_long_label(
    q: routesearch.Query, sources: list[int], compiled_expand: bool, top: bool = False
) -> Any:
    """A search from a label at a source with a length of 41 bits (the compiled ``expand``
    hands it, and every label made from it, to the Python code); with ``top``, a length
    whose heap entry's priority is the largest 64-bit int, so the entries of the labels made
    from it go past 64 bits, and a second such label elsewhere."""
    search = RouteSearch(replace(q, sources=[]), frozenset(range(len(q.seat))), frozenset(), [])
    search.compiled_expand = compiled_expand
    zero = (0,) * len(q.seat)
    own = not q.own_needed
    starts = [sources[0]]
    if top:  # and a second start, so the compiled heap holds an entry when it hands over
        starts.append(next(h for h in sorted(search.dist[own]) if h != sources[0]))
    for start in starts:
        length = (1 << 63) - 1 - search.dist[own][start] if top else 1 << 41
        search.offer(-1, start, "", (length, 0, own, zero, search.loads.zero))
    search.run()
    return search


@pytest.mark.parametrize("top", [False, True])
def test_labels_the_compiled_expand_does_not_handle_go_to_the_python_one(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch, top: bool
) -> None:
    """A label whose length does not fit the compiled code's ints is taken by the Python
    ``take`` and expanded by the Python ``expand`` (and the search is the same as the Python
    one's). With ``top`` the heap entries the Python code pushes go past 64 bits: the run's
    compiled heap hands its entries back to the search's heap and the run goes on with it
    (labelcore_run.c)."""
    monkeypatch.setattr(compiled, "COMPILED", True)
    q, sources = position_search(title, strip_path, 7)
    python = search_with_a_long_label(q, sources, False, top)
    plain_expand = RouteSearch.expand
    handed: list[int] = []

    def counted_expand(search: RouteSearch, idx: int) -> None:
        handed.append(idx)
        plain_expand(search, idx)

    plain_take = RouteSearch.take
    taken: list[int] = []

    def counted_take(search: RouteSearch, idx: int, expand: Callable[[int], None]) -> None:
        taken.append(idx)
        plain_take(search, idx, expand)

    monkeypatch.setattr(RouteSearch, "expand", counted_expand)
    monkeypatch.setattr(RouteSearch, "take", counted_take)
    search = search_with_a_long_label(q, sources, True, top)
    assert storage(search) == storage(python)
    assert handed and all(search.figures[idx][0] >= 1 << 40 for idx in handed)
    # the heap entries' first priorities: past 64 bits (the compiled heap's range) with top
    firsts = [f[0] + search.dist[f[2]][h] for f, h in zip(search.figures, search.node, strict=True)]
    assert (max(firsts) >= 1 << 63) == top
    assert set(handed) <= set(taken)  # the compiled loop hands such labels to ``take``
    assert len(search.figures) > 10


def test_compiled_expand_keeps_memory_flat(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many searches with the compiled ``expand`` leave the reference counts of what they
    read (the graph's steps, the bounds, the owners' choices) and the allocated memory the
    same."""
    monkeypatch.setattr(compiled, "COMPILED", True)
    q, _ = position_search(title, strip_path, 7)
    first = RouteSearch(q, frozenset(range(len(q.seat))), frozenset(), [])
    first.run()
    assert len(first.figures) > 30
    node = first.node[-1]
    near = first.near(node)
    watched: list[object] = [near, *near, *(n[2] for n in near), node, *first.cut_hexes]
    watched += [first.loads, q, *q.sources]

    def run(times: int) -> None:
        for _ in range(times):
            search = RouteSearch(q, frozenset(range(len(q.seat))), frozenset(), [])
            search.run()
            search.run()  # again: every label dominated by the first run's (alternatives)

    assert_flat(run, watched, steps=20)


def test_forbidden_states_are_read_as_bits_or_asked_of_the_set(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A subproblem's forbidden (hex, own track used yet) states are read once per search as
    bits, 2 x hex + flag (labelcore_module.c, ``lc_banned_init``). A flag written as 1 or 0
    is the same state as True or False, a flag no walk has bars nothing, and a set holding a
    state the bits cannot write (a hex past their range, a hex that is a float equal to an
    int) is asked itself: every way, the compiled search makes the labels of the Python
    one."""
    monkeypatch.setattr(compiled, "COMPILED", True)
    q, _ = position_search(title, strip_path, 7)
    plain = RouteSearch(q, frozenset(), frozenset(), [])
    plain.run()
    # hexes the search passes, below others it passes (bits are held up to the largest)
    passed = sorted(set(plain.node))
    a, b, c = (passed[len(passed) * k // 8] for k in (1, 2, 3))
    forbidden_sets: list[frozenset[Any]] = [
        frozenset({(a, True), (b, False), (c, True), (c, False)}),
        frozenset({(a, 1), (b, 0), (c, True)}),
        frozenset({(a, 2), (b, False)}),
        frozenset({(b, False), (1 << 40, True)}),
        frozenset({(float(a), True), (b, False)}),
    ]
    for forbidden in forbidden_sets:
        searches = []
        for compiled_expand in (False, True):
            search = RouteSearch(q, frozenset(), forbidden, [])
            search.compiled_expand = compiled_expand
            search.run()
            searches.append(search)
        python, compiled_search = searches
        assert storage(compiled_search) == storage(python)
        barred = {(h, f) for h, f in itertools.product((a, b, c), (False, True))}
        states = {(h, f[2]) for h, f in zip(python.node, python.figures, strict=True)}
        assert not {s for s in barred & states if s in forbidden}  # each bars its states
        assert python.node != plain.node  # and bars some walk


def test_the_track_and_the_route_bounds_share_the_maps_hex_objects(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """The track holds the map's own int object per hex (``RRMap.hex_ids``), whatever ints a
    link was added with, and the route bounds' dicts are keyed by the same objects, so the
    route finder's lookups find its hexes there by identity (a speed matter only: equal ints
    answer the same)."""
    position = exact_position(title, strip_path, 11, 3, "any", "movement_points", 1, 4, (1, 1))
    assert position is not None
    s, sources, _, _ = position
    ids = s.model.hex_ids
    assert len(ids) == len(s.model.q) > 256 and all(ids[h] == h for h in range(len(ids)))
    a, b = next(
        (a, n)
        for a in range(len(ids) - 1, 256, -1)
        for n in s.model.neighbors[a]
        if n > 256 and s.model.cost(a, n) and n not in s.adj.get(a, ())
    )
    s.add_link(s.players[0], int(str(a)), int(str(b)))  # ints made apart from the map's
    graph = track_graph(s)
    for h, links in graph.items():
        assert h is ids[h] and all(n is ids[n] for n, _, _ in links)
    team, ends = (s.players[0],), frozenset({int(str(b))})
    for bounds in bounds_to_targets(s, team, ends, frozenset({(sources[0], False)})):
        for by_hex in bounds:
            assert a in by_hex and all(h is ids[h] for h in by_hex)
    need = rival_need(s, (s.players[1],), ends, 0)
    assert a in need and all(h is ids[h] for h in need)
