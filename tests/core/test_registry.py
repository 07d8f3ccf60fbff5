"""Title lookup: programmatic registration, the environment variable, entry points."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest
from toy_title import ToyTitle

from transcon.core import registry
from transcon.core.errors import InputError
from transcon.core.registry import (
    EXTRA_TITLES_ENV,
    available_titles,
    get_title,
    register_title,
    unregister_title,
)


def test_registered_titles(pig: ToyTitle) -> None:
    assert isinstance(get_title("pig"), ToyTitle)
    assert {"pig", "pig-atomic"} <= set(available_titles())
    with pytest.raises(ValueError, match="already registered"):
        register_title(pig)
    with pytest.raises(TypeError):
        register_title("pig")  # type: ignore[arg-type]


def test_unknown_title() -> None:
    with pytest.raises(InputError, match=r"unknown title 'chess' \(available: .*pig"):
        get_title("chess")


def test_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(EXTRA_TITLES_ENV, " pig2=toy_title:ToyTitle , broken=nowhere.mod:X,")
    assert {"pig2", "broken"} <= set(available_titles())
    with pytest.raises(InputError, match="'pig2': toy_title:ToyTitle calls itself 'pig'"):
        get_title("pig2")
    with pytest.raises(InputError, match=r"'broken' could not be loaded from nowhere\.mod:X"):
        get_title("broken")
    monkeypatch.setenv(EXTRA_TITLES_ENV, "oops")
    with pytest.raises(InputError, match="expected name=module:Class, got 'oops'"):
        available_titles()


def test_environment_title_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    unregister_title("pig")
    try:
        monkeypatch.setenv(EXTRA_TITLES_ENV, "pig=toy_title:ToyTitle")
        title = get_title("pig")
        assert type(title).__name__ == "ToyTitle"
        assert get_title("pig") is title  # cached
    finally:
        register_title(ToyTitle(), replace=True)


def test_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry point may name a Title class or a ready title object."""
    points = [
        EntryPoint("pig-ep", "toy_title:make_named", registry.ENTRY_POINT_GROUP),
        EntryPoint("not-a-title", "toy_title:Roll", registry.ENTRY_POINT_GROUP),
    ]

    def fake_entry_points(group: str) -> list[EntryPoint]:
        assert group == "transcon.titles"
        return points

    import toy_title

    class Named(ToyTitle):
        name = "pig-ep"

    monkeypatch.setattr(toy_title, "make_named", Named(), raising=False)
    monkeypatch.setattr(registry, "entry_points", fake_entry_points)
    assert {"pig-ep", "not-a-title"} <= set(available_titles())
    assert get_title("pig-ep").name == "pig-ep"
    with pytest.raises(InputError, match="'not-a-title': toy_title:Roll is not a Title"):
        get_title("not-a-title")
