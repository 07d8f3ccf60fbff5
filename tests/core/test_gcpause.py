"""``core.gcpause.fewer_collections``: the collector's young threshold is raised inside and put
back after, also when the body raises; a use inside another keeps the outer one's; it works
as a decorator; a program that set a higher threshold keeps it; and what the body keeps joins
the oldest generation unwalked."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

import pytest

from transcon.core.gcpause import YOUNG_THRESHOLD, fewer_collections


@pytest.fixture
def threshold() -> Iterator[tuple[int, ...]]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield gc.get_threshold()
    gc.set_threshold(*before)


def test_raised_inside_and_put_back(threshold: tuple[int, ...]) -> None:
    with fewer_collections():
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
        with fewer_collections():  # nested: the outer one's stays
            assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
    assert gc.get_threshold() == threshold


def test_put_back_when_the_body_raises(threshold: tuple[int, ...]) -> None:
    with pytest.raises(ValueError), fewer_collections():
        raise ValueError("boom")
    assert gc.get_threshold() == threshold


def test_as_a_decorator(threshold: tuple[int, ...]) -> None:
    @fewer_collections()
    def inside() -> int:
        return gc.get_threshold()[0]

    assert inside() == YOUNG_THRESHOLD
    assert inside() == YOUNG_THRESHOLD  # each call enters afresh
    assert gc.get_threshold() == threshold


def test_a_higher_threshold_is_kept(threshold: tuple[int, ...]) -> None:
    gc.set_threshold(YOUNG_THRESHOLD * 2, 10, 10)
    with fewer_collections():
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD * 2
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD * 2


def collections_during(body: Callable[[], object]) -> list[int]:
    """The generations of the collections made while ``body`` runs."""
    made: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            made.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        body()
    finally:
        gc.callbacks.remove(seen)
    return made


def test_what_the_body_keeps_joins_the_old_generation_unwalked(
    threshold: tuple[int, ...],
) -> None:
    """What a computation keeps is not walked by a young collection as the threshold comes
    back (nor by the older ones on its way up): it joins the oldest generation, and a cycle
    it made is still collected by the next full collection."""
    kept: list[list[int]] = []

    class Node:
        other: object = None

    def compute() -> None:
        with fewer_collections():
            kept.extend([i] for i in range(20_000))  # far past the usual threshold of 700
            a, b = Node(), Node()
            a.other, b.other = b, a  # a cycle, unreachable once the body ends

    gc.collect()
    assert collections_during(compute) == []
    assert gc.get_count()[0] < 700  # no young collection is due
    assert gc.is_tracked(kept[0])
    assert gc.collect() >= 2  # the full collection finds the cycle


def test_objects_the_program_froze_stay_frozen(threshold: tuple[int, ...]) -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with fewer_collections():
            pass
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
