"""The conformance suite itself: it passes titles that keep their promises and catches each
broken promise (a title variant that breaks exactly one)."""

from __future__ import annotations

import pytest
import race_titles as race

from transcon.core.title import AnyTitle
from transcon.testing import ConformanceError, Settings, check_title

QUICK = Settings(moves=60, probe_every=2, deep_every=3, crash_sites=40)


@pytest.mark.parametrize("title", [race.Race(), race.SealedBids(), race.HiddenDie()])
def test_a_title_that_keeps_its_promises_passes(title: AnyTitle) -> None:
    report = check_title(title, QUICK)
    assert report.passed
    for check in ("queries-pure", "legal-apply", "notation", "json", "illegal-refused"):
        assert report.counts[check] > 0, check
    for check in ("undo", "save-load", "replay", "secrets", "crash-never-accepted"):
        assert report.counts[check] > 0, check


@pytest.mark.parametrize(
    ("title", "check", "found"),
    [
        (race.MutatingCheck(), "legal-apply", "checking the listed legal actions changed"),
        (race.GlobalDice(), "replay", "differs"),
        (race.SwallowingCheck(), "crash-never-accepted", "was swallowed"),
        (race.BadNotation(), "notation", "does not read back"),
        (race.ListsIllegal(), "legal-apply", "is refused"),
        (race.Stuck(), "drive", "has no legal action"),
        (race.LeakyBids(), "secrets", "status differs"),
        (race.LeakyDie(), "secrets", "status differs"),
    ],
    ids=lambda value: value.name if isinstance(value, race.Race) else None,
)
def test_each_broken_promise_is_caught(title: AnyTitle, check: str, found: str) -> None:
    report = check_title(title, QUICK, raise_on_failure=False)
    assert check in report.failures, report.summary()
    assert found in report.failures[check]


def test_a_failure_raises_with_the_report() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_title(race.BadNotation(), QUICK)
    assert caught.value.report.failures
    assert "notation: FAILED" in str(caught.value)


def test_the_crash_check_names_the_function_that_swallowed_it() -> None:
    report = check_title(race.SwallowingCheck(), QUICK, raise_on_failure=False)
    found = report.failures["crash-never-accepted"]
    assert "race_titles.py" in found
    assert "stop_rule" in found or "Race.check" in found
