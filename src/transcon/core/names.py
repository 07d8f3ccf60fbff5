"""Matching what a player types against a set of names: case-insensitive, unambiguous prefixes.

Used wherever the notation expects a city or a player and the player writes a name instead of
the exact spelling: ``match_name("phil", cities)`` finds "Philadelphia", ``"new york"``,
``"New-York"`` and ``"newyork"`` all find "New York", ``"new"`` is refused when "New York" and
"New Haven" both exist (the error lists them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeVar

from transcon.core.errors import InputError

T = TypeVar("T")

_IGNORED = re.compile(r"[\s._'\-]+")


def name_key(text: str) -> str:
    """The comparison form of a name: case-folded, without spaces, dots, dashes, quotes."""
    return _IGNORED.sub("", text).casefold()


def name_word(name: str) -> str:
    """A name as one word of a notation: spaces become ``_`` (names are matched with
    :func:`name_key`, which ignores both, so ``Bot_1`` reads back as the seat "Bot 1")."""
    return "_".join(name.split())


def find_name(text: str, names: Mapping[str, T]) -> tuple[list[str], T | None]:
    """(names matched, the value when exactly one matched): an exact match (ignoring case,
    spaces and punctuation) wins, else every name that starts with ``text``."""
    key = name_key(text)
    if not key:
        return [], None
    exact = [name for name in names if name_key(name) == key]
    if len(exact) == 1:
        return exact, names[exact[0]]
    found = exact or [name for name in names if name_key(name).startswith(key)]
    return sorted(found), names[found[0]] if len(found) == 1 else None


def match_name(text: str, names: Mapping[str, T], what: str) -> T:
    """The value of the one name ``text`` means; InputError naming the candidates otherwise."""
    found, value = find_name(text, names)
    if len(found) == 1:
        return value  # type: ignore[return-value]
    if found:
        raise InputError(f"{what} {text!r} is ambiguous: {', '.join(found)}")
    known = ", ".join(sorted(names)) or "none"
    raise InputError(f"no {what} {text!r} (known: {known})")
