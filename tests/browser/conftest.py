"""Browser tests: Playwright (pytest-playwright) driving Debian's Chromium against a server
started on loopback with a temporary SQLite file.

Browsers are never downloaded: the tests use the ``chromium`` on the PATH (``apt-get install
chromium``; ``.ci/run`` installs it). Without it they are skipped, except under CI, where that is
a failure.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from server.conftest import ServerThread

from .driver import Seat

CHROMIUM = shutil.which("chromium")
#: The test run writes screenshots of each title's game page here (git-ignored).
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM is None and not os.environ.get("CI"):
        skip = pytest.mark.skip(reason="Chromium is not installed (apt-get install chromium)")
        for item in items:
            if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
                item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if CHROMIUM is None:
        pytest.fail("Chromium is not installed; .ci/run installs it (apt-get install chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--disable-gpu", "--disable-dev-shm-usage", "--mute-audio"],
    }


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """One server per test module on a fresh SQLite file."""
    with ServerThread(str(tmp_path_factory.mktemp("db") / "transcon.db")) as running:
        yield running


@pytest.fixture
def seats(browser: Browser, site: ServerThread) -> Iterator[list[Seat]]:
    """Two people in their own browser contexts (cookie jars), not yet signed up."""
    found = [Seat(browser, site.url, name) for name in ("ann", "bob")]
    try:
        yield found
    finally:
        for seat in found:
            seat.close()


@pytest.fixture(scope="session")
def screenshots_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
