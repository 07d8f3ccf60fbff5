"""The route finder's compiled dominance tests and label expansion (``_labelcore``,
``csrc/labelcore_*.c``, built by setup.py), when built: ``RouteSearch.dominance``,
``RouteSearch.expand``, the walk within the caps (routecaps' ``_CapWalk.first_walk``, the
look for some route and the check that some walk keeps every cap) and the route listing's
walk (legal.py's ``_RouteLister.walk``) run them unless
``TRANSCON_PURE_PYTHON=1`` (as for the 18xx optimiser). Their Python code stays the
reference. ``COMPILED`` is read when a search starts (tests switch it)."""

from __future__ import annotations

import os

__all__ = ["COMPILED", "core"]

try:
    from transcon.titles.railway_rivals import _labelcore as core
except ImportError:  # not built: the Python tests run
    core = None  # type: ignore[assignment]

COMPILED = core is not None and os.environ.get("TRANSCON_PURE_PYTHON") != "1"
"""Whether the route finder runs the compiled dominance tests and expansion."""
