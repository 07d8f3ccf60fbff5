"""Engine-core test fixtures: the toy Pig title, registered programmatically."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from toy_title import AtomicToyTitle, ToyTitle

from transcon.core.registry import register_title, unregister_title


@pytest.fixture(autouse=True, scope="session")
def _register_toy_titles() -> Iterator[None]:
    titles = (ToyTitle(), AtomicToyTitle())
    for title in titles:
        register_title(title, replace=True)
    yield
    for title in titles:
        unregister_title(title.name)


@pytest.fixture
def pig() -> ToyTitle:
    return ToyTitle()


@pytest.fixture(params=[ToyTitle, AtomicToyTitle], ids=["snapshot", "atomic"])
def any_pig(request: pytest.FixtureRequest) -> ToyTitle:
    """Both ways of making apply atomic: snapshot/restore and check-then-mutate."""
    title: ToyTitle = request.param()
    return title
