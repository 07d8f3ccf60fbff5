"""The Prospectors (seed 001 4a, 3b)."""

from __future__ import annotations

import pytest

from transcon.core.errors import IllegalAction
from transcon.titles.c2c.prospectors import (
    Prospector,
    designate,
    discount,
    must_discount_now,
    p_cities,
    phase_started,
)

EAST = Prospector("EPR", "eastern")


def test_designate_a_normal_or_l_city_of_its_zone_as_p() -> None:
    """Seed 001 4a: a normal or L city in the zone becomes a P city, permanently; no
    connection needed; the private stays open but loses the discount."""
    used = designate(EAST, "L59", "eastern", "L", "green", "4")
    assert used.designated == "L59" and not used.closed
    assert p_cities([used, EAST]) == {"L59"}
    with pytest.raises(IllegalAction) as err:
        discount(used, 200)
    assert "4a" in err.value.rule
    with pytest.raises(IllegalAction):
        designate(used, "N59", "eastern", "plain", "yellow", "4")


@pytest.mark.parametrize(
    ("zone", "ctype", "colour", "phase"),
    [
        ("plains", "plain", "yellow", "3"),  # wrong zone
        ("eastern", "K", "yellow", "3"),  # not a 595/596 city
        ("eastern", "B", "yellow", "3"),
        ("eastern", "plain", "brown", "4"),  # already brown
        ("eastern", "plain", "yellow", "5"),  # lost at phase 5
    ],
)
def test_designation_limits(zone: str, ctype: str, colour: str, phase: str) -> None:
    """Seed 001 4a."""
    with pytest.raises(IllegalAction):
        designate(EAST, "X1", zone, ctype, colour, phase)


def test_discount_140_once_then_closed() -> None:
    """Seed 001 4a: $140 off one turn's track in the zone; using it closes the private."""
    amount, closed = discount(EAST, 200)
    assert amount == 140 and closed.closed
    assert discount(EAST, 60)[0] == 60
    with pytest.raises(IllegalAction):
        discount(closed, 100)


def test_bought_in_phase_two_only_the_discount_at_once() -> None:
    """Seed 001 3b, 4a."""
    early = Prospector("GPP", "plains", bought_in_phase_two=True)
    assert must_discount_now(early)
    with pytest.raises(IllegalAction):
        designate(early, "K44", "plains", "plain", "yellow", "2")
    assert not must_discount_now(discount(early, 100)[1])


def test_phase_5_closes_it_designation_stays() -> None:
    """Seed 001 4a: closes at the start of phase 5; the P city is permanent."""
    used = designate(EAST, "L59", "eastern", "plain", "yellow", "4")
    assert phase_started(used, "5").closed and p_cities([phase_started(used, "5")]) == {"L59"}
    assert not phase_started(EAST, "4").closed
