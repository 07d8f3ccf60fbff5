"""The compiled core of :mod:`transcon.core.paths` (``csrc/pathcore.c``)."""

from typing import Any

def zero_one_costs_over(starts: Any, table: dict[Any, Any]) -> dict[Any, int]: ...
