"""Finding titles by name without the core importing any of them.

Titles are found, in this order of precedence:

1. titles registered in this process with :func:`register_title` (tests, notebooks);
2. the ``TRANSCON_EXTRA_TITLES`` environment variable, a comma-separated list of
   ``name=module:Class`` entries (handy for out-of-tree titles and CLI tests);
3. Python entry points in the group ``transcon.titles`` (how installed titles, including
   the ones shipped with transcon, announce themselves in ``pyproject.toml``).

An entry may name a :class:`~transcon.core.title.Title` subclass (instantiated without
arguments) or a ready title object. Loaded titles are cached; a title's ``name`` must equal
the name it is registered under, because save files refer to titles by that name.
"""

from __future__ import annotations

import importlib
import os
from importlib.metadata import entry_points
from typing import Any

from transcon.core.errors import InputError
from transcon.core.title import Title

ENTRY_POINT_GROUP = "transcon.titles"
EXTRA_TITLES_ENV = "TRANSCON_EXTRA_TITLES"

_registered: dict[str, Title[Any]] = {}
_loaded: dict[tuple[str, str], Title[Any]] = {}


def register_title(title: Title[Any], *, replace: bool = False) -> None:
    """Make a title object available under ``title.name`` for this process."""
    if not isinstance(title, Title):
        raise TypeError(f"expected a Title object, got {title!r}")
    if title.name in _registered and not replace:
        raise ValueError(f"title {title.name!r} is already registered")
    _registered[title.name] = title


def unregister_title(name: str) -> None:
    """Forget a title registered with :func:`register_title` (no error if absent)."""
    _registered.pop(name, None)


def available_titles() -> list[str]:
    """Names of every title that can be looked up (not loaded yet, so some may be broken)."""
    return sorted({*_registered, *_sources()})


def get_title(name: str) -> Title[Any]:
    """The title called ``name``; InputError if it is unknown or fails to load."""
    if name in _registered:
        return _registered[name]
    target = _sources().get(name)
    if target is None:
        known = ", ".join(available_titles()) or "none installed"
        raise InputError(f"unknown title {name!r} (available: {known})")
    key = (name, target)
    if key not in _loaded:
        _loaded[key] = _load(name, target)
    return _loaded[key]


def _sources() -> dict[str, str]:
    """name -> ``module:attr`` from entry points, overridden by the environment variable."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    found.update(_parse_env(os.environ.get(EXTRA_TITLES_ENV, "")))
    return found


def _parse_env(value: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for entry in value.split(","):
        entry = entry.strip()
        if not entry:
            continue
        name, sep, target = entry.partition("=")
        if not sep or not name.strip() or ":" not in target:
            raise InputError(f"{EXTRA_TITLES_ENV}: expected name=module:Class, got {entry!r}")
        found[name.strip()] = target.strip()
    return found


def _load(name: str, target: str) -> Title[Any]:
    module_name, _, attr_path = target.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
        for attr in attr_path.split("."):
            obj = getattr(obj, attr)
        title = obj() if isinstance(obj, type) and issubclass(obj, Title) else obj
    except Exception as err:  # any failure to import a title is the same problem to the user
        raise InputError(f"title {name!r} could not be loaded from {target}: {err}") from None
    if not isinstance(title, Title):
        raise InputError(f"title {name!r}: {target} is not a Title")
    if title.name != name:
        raise InputError(f"title {name!r}: {target} calls itself {title.name!r}")
    return title
