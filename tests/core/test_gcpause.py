"""``core.gcpause.fewer_collections``: the collector's young threshold is raised inside and put
back after, also when the body raises; a use inside another keeps the outer one's; it works
as a decorator; and a program that set a higher threshold keeps it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

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
