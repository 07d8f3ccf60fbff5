"""The compiled core of :mod:`transcon.core.paths` (``csrc/pathcore.c``)."""

from typing import Any

def zero_one_costs_over(
    starts: Any, table: dict[Any, Any], avoid: Any = None
) -> dict[Any, int]: ...
def cheapest_over(
    starts: list[Any], steps: dict[Any, Any], goals: Any, avoid: Any = None
) -> tuple[dict[Any, int], dict[Any, Any], list[tuple[Any, int]], Any]: ...
