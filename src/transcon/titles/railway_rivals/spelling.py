"""How a player may write a place or a rival in the notation (issue: names everywhere).

A place is a hex label (``Q49``, any case) or the name of a city in play (``Baltimore``,
``balt``, ``new york``, ``New-York``): case-insensitive, and any unambiguous prefix of the
name. A rival is a player name in any case, or an unambiguous prefix of it. Names are turned
into the canonical spelling (hex label, player name) when an action is parsed, so the log
and every later check see labels and exact names only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from transcon.core.names import match_name, name_key
from transcon.titles.railway_rivals.state import RRState

LABEL_SHAPE = re.compile(r"^[A-Za-z]+[0-9]+$")
#: The longest city name, in words, looked for across spaces (``Salt Lake City``).
MAX_NAME_WORDS = 3


@dataclass(frozen=True, slots=True)
class Spelling:
    """The labels, city names and rivals of one position."""

    labels: Mapping[str, int]
    cities: Mapping[str, str]  # city name -> hex label
    rivals: tuple[str, ...]

    @classmethod
    def of(cls, state: RRState) -> Spelling:
        model = state.model
        cities = {city.name: model.labels[h] for h, city in state.cities.items()}
        return cls(model.by_label, cities, tuple(state.players))

    def place(self, text: str) -> str:
        """The hex label ``text`` means: a label as written (upper-cased; a label missing
        from the map is left for the check to refuse), else a city name or prefix."""
        word = text.strip()
        if word.upper() in self.labels or LABEL_SHAPE.match(word):
            return word.upper()
        return match_name(word, self.cities, "hex or city")

    def rival(self, text: str) -> str:
        return match_name(text, {p: p for p in self.rivals}, "rival")

    def name_words(self, words: Sequence[str]) -> int:
        """How many of the leading ``words`` (2 or more) spell one city's full name, else 0."""
        keys = {name_key(name) for name in self.cities}
        for n in range(min(MAX_NAME_WORDS, len(words)), 1, -1):
            phrase = " ".join(words[:n])
            if name_key(phrase.partition(":")[0]) in keys:
                return n
        return 0

    def group_places(self, words: Sequence[str]) -> list[str]:
        """``words`` with multi-word city names joined into one word each."""
        out: list[str] = []
        i = 0
        while i < len(words):
            n = self.name_words(words[i:]) or 1
            out.append(" ".join(words[i : i + n]))
            i += n
        return out
