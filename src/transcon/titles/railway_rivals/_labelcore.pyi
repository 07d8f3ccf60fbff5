"""Type stub of the route finder's compiled dominance tests and label expansion
(``csrc/*.c``, built by setup.py); see ``RouteSearch.dominance``, ``RouteSearch.expand``,
routecaps' ``_Probe`` and the route listing's walk (legal.py's ``_RouteLister``)."""

from collections.abc import Sequence
from typing import Literal

MAX_WORDS: int

class Dominance:
    """``RouteSearch.dominance`` of one search (its rules' flags and loads guard; it reads
    the labels' figures from ``search.figures``)."""

    def __init__(self, splits: bool, fee_zero: bool, across: bool, guard: int) -> None: ...
    def test(
        self, search: object, bucket: list[int], new: object, h: int, front: bool, /
    ) -> tuple[int | None, list[int]] | None: ...

class Expander:
    """``RouteSearch.run``'s loop and ``expand`` of one run (it takes the search's storage
    when made)."""

    figures: list[object]
    def __init__(self, search: object) -> None: ...
    def expand(self, idx: int, /) -> None: ...
    def run(self, most: int, stronger_after: int, /) -> bool: ...
    def reach(self, idx: int, h: int, /) -> int: ...
    def loads_reach(self, loads: int, length: int, used: int, own: bool, h: int, /) -> int: ...

def dominated(
    groups: list[dict[int, tuple[int, int]]], loads: int, used: int, guard: int, cheapest: bool, /
) -> bool: ...
def dominated_by(
    group: dict[int, tuple[int, int]], loads: int, used: int, guard: int, cheapest: bool, /
) -> list[int]: ...
def list_walk(lister: object, length: int, total: int, own: bool, limit: int, /) -> bool: ...
def cap_walk(
    walk: object, sources: Sequence[int], budget: int, own_start: bool, /
) -> list[tuple[int, bool]] | Literal[False] | None: ...
