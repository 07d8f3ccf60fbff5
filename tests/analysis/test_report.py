"""The report's conclusion on a title's luck claim follows from the numbers (issue 19)."""

from __future__ import annotations

import pytest

from transcon.analysis.design import RR_LUCK_CLAIM, profile
from transcon.analysis.questions import Answers
from transcon.analysis.report import _claim_conclusion
from transcon.analysis.stats import Estimate, LuckShare


def share(value: float, low: float, high: float) -> Estimate:
    return Estimate(value, low, high, 96)


def answers(setting: str, upper: Estimate, decisions: Estimate) -> Answers:
    luck = LuckShare(share(0.0, 0.0, 0.2), decisions, upper, upper, 12, 8, ())
    return Answers(setting, 4, 204, 0, 0, "", 500.0, luck=luck)


VARIANT = answers("variant", share(0.885, 0.672, 0.969), share(0.115, 0.031, 0.328))
ORDINARY = answers("ordinary", share(0.697, 0.480, 0.839), share(0.303, 0.161, 0.520))


@pytest.mark.parametrize(
    ("difference", "upper", "expected"),
    [
        (share(-0.2, -0.3, -0.1), ORDINARY, "is borne out by these 408 games"),
        (share(0.2, 0.1, 0.3), ORDINARY, "is contradicted by these 408 games"),
        # the report of docs/analysis/railway-rivals-usa.md: the README's verdict
        (share(0.002, -0.124, 0.133), ORDINARY, "is consistent with these 408 games but not"),
        (
            share(0.0, -0.1, 0.1),
            answers("ordinary", share(0.3, 0.2, 0.4), share(0.7, 0.6, 0.8)),
            "is supported only by its upper bound in 408 games but not established",
        ),
        (
            share(0.0, -0.1, 0.1),
            answers("ordinary", share(0.95, 0.8, 0.99), share(0.05, 0.01, 0.2)),
            "is not borne out by these 408 games (nor contradicted)",
        ),
    ],
)
def test_the_conclusion_on_a_luck_claim_follows_the_numbers(
    difference: Estimate, upper: Answers, expected: str
) -> None:
    text = _claim_conclusion(VARIANT, upper, difference, RR_LUCK_CLAIM)
    assert text.startswith(f'**Conclusion:** the claim "{RR_LUCK_CLAIM}" {expected}')
    assert f"{100 * difference.value:+.1f} [" in text  # the difference with its interval


def test_railway_rivals_claims_more_luck_than_the_ordinary_game() -> None:
    assert profile("railway-rivals-usa").luck_claims == {"ordinary": RR_LUCK_CLAIM}
    assert "considerably more luck" in RR_LUCK_CLAIM
