"""The route finder's compiled dominance tests (``_labelcore``, csrc/labelcore_*.c) against
their Python reference: ``RouteSearch.dominance_reference`` (the same answer and the same
calls of ``reach`` / ``loads_reach`` on random buckets: loads of one word, several, and wider
than the word path; splits, fee 0, across, front on and off) and the look for some route's
``dominated`` / ``dominated_by``; the Python fallback where the compiled test does not handle
the figures, flat memory over many calls, and the exact route oracle with the Python tests
forced."""

from __future__ import annotations

import gc
import sys
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from transcon.titles.railway_rivals import RailwayRivalsUSA, compiled, routes
from transcon.titles.railway_rivals.routecaps import _CapWalk
from transcon.titles.railway_rivals.routesearch import Figures, RouteSearch

from .test_route_oracle import random_exact_cases

labelcore: Any
try:
    from transcon.titles.railway_rivals import _labelcore as labelcore
except ImportError:  # not built
    labelcore = None

needs_compiled = pytest.mark.skipif(labelcore is None, reason="_labelcore is not built")


@dataclass
class Rules:
    splits: bool
    fee: int


@dataclass
class LoadsOf:
    guard: int


@dataclass
class FakeSearch:
    """What ``dominance_reference`` reads of a search, with deterministic reach functions
    that log their calls."""

    figures: list[Figures]
    q: Rules
    across: bool
    loads: LoadsOf
    front_version: int
    reach_extra: list[int]
    new_reach: list[int]
    calls: list[tuple[Any, ...]] = field(default_factory=list)

    def reach(self, idx: int, h: int) -> int:
        self.calls.append(("reach", idx, h))
        return self.figures[idx][4] | self.reach_extra[idx % len(self.reach_extra)]

    def loads_reach(self, loads: int, length: int, used: int, own: bool, h: int) -> int:
        self.calls.append(("loads_reach", loads, length, used, own, h))
        return self.new_reach[len(self.calls) % len(self.new_reach)]

    _dominance: Any = None

    def dominance_reference(
        self, bucket: list[int], new: Figures, h: int
    ) -> tuple[int | None, list[int]]:
        return RouteSearch.dominance_reference(self, bucket, new, h)  # type: ignore[arg-type]

    reference = dominance_reference

    def attach_compiled(self) -> None:
        """The compiled test as ``RouteSearch`` makes it."""
        self._dominance = labelcore.Dominance(
            self.q.splits, self.q.fee == 0, self.across, self.loads.guard
        )

    def compiled(self, bucket: list[int], new: Figures, h: int) -> Any:
        self.attach_compiled()
        return self._dominance.test(self, bucket, new, h, self.front_version > 0)


def guard_of(sets: int, width: int) -> int:
    return sum(1 << (k * width + width - 1) for k in range(sets))


@st.composite
def guard_and_loads(draw: st.DrawFn) -> tuple[int, st.SearchStrategy[int]]:
    """A guard of 1 to 70 fields (one word to beyond the word path, fields across two words
    too) and loads for it: near a common base (one field up or down, so every field decides),
    any int up to the guard's bits, and small (also negative) ints."""
    sets, width = draw(
        st.sampled_from([(1, 3), (3, 5), (10, 6), (21, 5), (31, 6), (40, 9), (70, 8)])
    )
    guard = guard_of(sets, width)
    field_max = (1 << (width - 1)) - 1
    fields = st.lists(st.integers(0, field_max), min_size=sets, max_size=sets)
    base = draw(fields.map(lambda fs: sum(f << (k * width) for k, f in enumerate(fs))))
    # the fields across two words, drawn as often as all the others
    across = [k for k in range(sets) if (k * width) // 64 != ((k + 1) * width - 1) // 64]
    near = st.builds(
        lambda k, up: base + (1 << (k * width)) if up else max(base - (1 << (k * width)), 0),
        st.one_of(st.integers(0, sets - 1), st.sampled_from(across or [0])),
        st.booleans(),
    )
    return guard, st.one_of(
        near, st.just(base), st.integers(0, guard | (guard >> 1)), st.integers(-8, 8)
    )


@st.composite
def buckets(draw: st.DrawFn) -> tuple[FakeSearch, list[int], Figures, int]:
    """A fake search, a bucket of its labels, a new label and its hex. Figures come from
    small pools, so equal lengths, counts and loads (and equal labels) are common."""
    guard, loads = draw(guard_and_loads())
    loads_pool = draw(st.lists(loads, min_size=1, max_size=4))
    figure = st.tuples(
        st.integers(0, 4),
        st.integers(0, 3),
        st.booleans(),
        st.sampled_from([(0, 1), (1, 0), (0, 0), (1, 1)]),
        st.sampled_from(loads_pool),
    )
    figures: list[Figures] = draw(st.lists(figure, min_size=1, max_size=30))
    bucket = draw(st.lists(st.integers(0, len(figures) - 1), max_size=20, unique=True))
    search = FakeSearch(
        figures=figures,
        q=Rules(splits=draw(st.booleans()), fee=draw(st.sampled_from([0, 1, 2]))),
        across=draw(st.booleans()),
        loads=LoadsOf(guard),
        front_version=draw(st.sampled_from([0, 0, 1, 3])),
        reach_extra=draw(st.lists(st.sampled_from([0, guard >> 1, 1, 2, *loads_pool]), min_size=1)),
        new_reach=draw(
            st.lists(st.one_of(st.sampled_from([0, guard >> 1, -1]), loads), min_size=1)
        ),
    )
    new = draw(st.one_of(figure, st.sampled_from(figures)))
    return search, bucket, new, draw(st.integers(0, 3))


@needs_compiled
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(buckets())
def test_compiled_dominance_equals_the_python_reference(
    case: tuple[FakeSearch, list[int], Figures, int],
) -> None:
    search, bucket, new, h = case
    expected = search.reference(bucket, new, h)
    python_calls = list(search.calls)
    search.calls.clear()
    assert search.compiled(bucket, new, h) == expected
    assert search.calls == python_calls


@needs_compiled
def test_a_test_spans_several_words_and_the_ints_beyond() -> None:
    """Loads of 1, 2, 8 and 9 words (the last beyond the word path) give the same answers."""
    for sets, width in [(8, 8), (16, 8), (64, 8), (72, 8)]:
        guard = guard_of(sets, width)
        low, high = 1, 1 << ((sets - 1) * width)  # the first and the last field loaded once
        figures: list[Figures] = [(1, 1, True, (0,), low), (1, 1, True, (0,), high)]
        for new_loads, answer in [(low | high, (0, [])), (0, (None, [0, 1])), (low, (0, []))]:
            search = FakeSearch(figures, Rules(True, 1), True, LoadsOf(guard), 0, [0], [0])
            new: Figures = (1, 1, True, (0,), new_loads)
            assert search.reference([0, 1], new, 5) == answer
            assert search.compiled([0, 1], new, 5) == answer
    # a borrow through a whole word: (b | g) - a is all ones in the low two words and takes
    # the guard bit of the third word's first field
    guard = guard_of(24, 8)
    odd = (guard & ((1 << 128) - 1)) + 1
    search = FakeSearch(
        [(1, 1, True, (0,), odd)], Rules(True, 1), True, LoadsOf(guard), 0, [0], [0]
    )
    zero: Figures = (1, 1, True, (0,), 0)
    assert search.reference([0], zero, 5) == search.compiled([0], zero, 5) == (None, [0])


@needs_compiled
def test_figures_the_compiled_test_does_not_handle_go_to_the_python_one() -> None:
    """The compiled test answers None (the caller runs the Python one) before calling back
    anything when a length does not fit 64 bits, own is not a bool or a label index is not in
    the list; the search's ``dominance`` then gives the Python answer."""
    odd: list[Any] = [(1 << 70, 0, True, (0,), 0), (1, 0, 1, (0,), 0), (1, 0, True)]
    small: Figures = (1, 0, True, (0,), 0)
    for figure in odd:
        search = FakeSearch([figure], Rules(True, 1), True, LoadsOf(4), 1, [0], [0])
        assert search.compiled([0], small, 0) is None
        assert search.compiled([], figure, 0) is None
        search.attach_compiled()
        if len(figure) == 5:
            assert RouteSearch.dominance(search, [0], small, 0) == search.reference(  # type: ignore[arg-type]
                [0], small, 0
            )
    search = FakeSearch([small], Rules(True, 1), True, LoadsOf(4), 1, [0], [0])
    assert search.compiled([3], small, 0) is None
    assert search.calls == []


def assert_flat(run: Callable[[int], None], watched: list[object], steps: int = 2000) -> None:
    """After a warm-up of ``steps``, ten times as many more ``run`` steps leave the watched
    objects' reference counts and the memory allocated the same."""
    run(steps)
    gc.collect()
    counts = [sys.getrefcount(o) for o in watched]
    tracemalloc.start()
    run(steps)
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    run(10 * steps)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert [sys.getrefcount(o) for o in watched] == counts
    assert after - before < 20_000


@needs_compiled
def test_a_label_replaced_in_the_list_of_figures_is_read_again() -> None:
    """The compiled test keeps each label's figures read, but reads them again when the
    search's list (or the list itself) holds another tuple at that index."""
    short: Figures = (1, 0, True, (0,), 0)
    long: Figures = (9, 0, True, (0,), 0)
    new: Figures = (5, 0, True, (0,), 0)
    search = FakeSearch([short], Rules(True, 1), True, LoadsOf(4), 0, [0], [0])
    search.attach_compiled()
    test = search._dominance
    assert test.test(search, [0], new, 0, False) == (0, [])
    search.figures[0] = long
    assert test.test(search, [0], new, 0, False) == (None, [0])
    search.figures = [short]
    assert test.test(search, [0], new, 0, False) == (0, [])


@needs_compiled
def test_compiled_dominance_keeps_memory_flat() -> None:
    """Many tests (labels kept, killed, dominated; reach called back; multi-word loads) keep
    the objects' reference counts and the allocated memory the same."""
    guard = guard_of(20, 6)
    big = (1 << 100) + 7
    figures: list[Figures] = [(n % 5, n % 3, n % 2 == 0, (n % 2,), big + n) for n in range(40)]
    search = FakeSearch(figures, Rules(True, 1), True, LoadsOf(guard), 2, [big, 0], [big, 0])
    test = labelcore.Dominance(True, False, True, guard)
    news: list[Figures] = [(2, 1, True, (1,), big), (0, 0, True, (0,), 0), figures[3]]
    h = 10**30

    def run(times: int) -> None:
        for k in range(times):
            search.calls.clear()
            test.test(search, list(range(k % 40)), news[k % 3], h, True)

    assert_flat(run, [h, big, figures[5], figures[5][4], news[0], news[0][3], guard])


@dataclass
class FakeCapWalk:
    """What ``_CapWalk.dominated`` and ``dominated_by`` read (the Python tests)."""

    loads: LoadsOf
    cheapest: bool
    compiled: bool = False


@st.composite
def probe_groups(
    draw: st.DrawFn,
) -> tuple[list[dict[int, tuple[int, int]]], int, int, int, bool]:
    """Groups of kept labels (loads -> (used, index)), a new label's loads and used, the
    guard and ``cheapest``."""
    guard, loads = draw(guard_and_loads())
    group = st.dictionaries(loads, st.tuples(st.integers(0, 4), st.integers(0, 99)), max_size=12)
    groups = draw(st.lists(group, min_size=1, max_size=2))
    return groups, draw(loads), draw(st.integers(0, 4)), guard, draw(st.booleans())


@needs_compiled
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(probe_groups())
def test_compiled_probe_dominance_equals_the_python_reference(
    case: tuple[list[dict[int, tuple[int, int]]], int, int, int, bool],
) -> None:
    groups, loads, used, guard, cheapest = case
    walk: Any = FakeCapWalk(LoadsOf(guard), cheapest)
    assert labelcore.dominated(groups, loads, used, guard, cheapest) == _CapWalk.dominated(
        walk, groups, loads, used
    )
    for group in groups:
        expected = _CapWalk.dominated_by(walk, group, loads, used)
        assert labelcore.dominated_by(group, loads, used, guard, cheapest) == expected


@needs_compiled
def test_compiled_probe_dominance_keeps_memory_flat() -> None:
    guard = guard_of(31, 6)
    big = (1 << 150) + 3
    group = {big + n: (n % 4, n) for n in range(30)}
    watched = [big, guard, *group.values()]

    def run(times: int) -> None:
        for k in range(times):
            labelcore.dominated([group, {}], big + k % 40, k % 5, guard, k % 2 == 0)
            labelcore.dominated_by(group, big + k % 40, k % 5, guard, k % 3 == 0)

    assert_flat(run, watched)


def test_route_finder_exact_with_the_python_dominance_test(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Base rules 3.2-3.3: with the Python dominance test forced (``TRANSCON_PURE_PYTHON=1``
    where the compiled one is built) the front still equals brute force's (30 positions of
    the exact oracle, drawn from fixed seeds); the default oracle runs the compiled one."""
    monkeypatch.setattr(compiled, "COMPILED", False)
    random_exact_cases(title, strip_path, 20261130, 30)


def test_route_finder_exact_with_the_python_tests_and_some_route_looked_for_first(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Base rules 3.2-3.3: the same with some route looked for before every search (its
    ``dominated`` / ``dominated_by`` in Python too; 30 positions)."""
    monkeypatch.setattr(compiled, "COMPILED", False)
    monkeypatch.setattr(routes, "STOP_AFTER", 0)
    random_exact_cases(title, strip_path, 20261131, 30)
