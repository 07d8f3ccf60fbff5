"""Shared test configuration: the --runslow flag for long runs (fuzzed games, full oracles)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

# Timing is measured by benchmarks/, never by tests: Hypothesis' per-example deadline only
# turns a loaded machine into a flaky failure (seen in test_rng/test_hexgrid under load).
settings.register_profile("transcon", deadline=None)
settings.load_profile("transcon")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--runslow",
        action="store_true",
        default=False,
        help="also run tests marked slow (thousands of fuzzed games)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
