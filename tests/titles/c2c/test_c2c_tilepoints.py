"""Tile points, Table B (seed 001 3c, 3d; Super-short 6)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transcon.core.errors import IllegalAction
from transcon.titles.c2c.options import C2COptions
from transcon.titles.c2c.tilepoints import (
    TABLE_B,
    Lay,
    central_pacific_bonus,
    check_turn,
    first_turn_bonus,
    lay_points,
    points_left,
    turn_budget,
)

OPTS = C2COptions.view({})
ZONES = ("eastern", "plains", "west", "canada")


def test_table_b() -> None:
    """Seed 001 3c: 2 & 3: 3/3; 4 & 5: 3/4; 3D & 4D: 4/5; 5D & 6D: 5/5."""
    expected = {"2": 3, "3": 3, "4": 3, "5": 3, "3D": 4, "4D": 4, "5D": 5, "6D": 5}
    for phase, normal in expected.items():
        assert turn_budget(phase, ["eastern"], OPTS) == normal
    exclusive = {"2": 3, "3": 3, "4": 4, "5": 4, "3D": 5, "4D": 5, "5D": 5, "6D": 5}
    for phase, points in exclusive.items():
        assert turn_budget(phase, ["west", "plains"], OPTS) == points
    with pytest.raises(ValueError):
        turn_budget("6", [], OPTS)


def test_canada_is_a_normal_build() -> None:
    """Seed 001 3d: Canada no longer 4; equal to the Eastern zone throughout."""
    for phase in TABLE_B:
        assert turn_budget(phase, ["canada"], OPTS) == turn_budget(phase, ["eastern"], OPTS)
        assert turn_budget(phase, ["west", "canada"], OPTS) == TABLE_B[phase][0]


def test_bonuses_are_still_added() -> None:
    """Seed 001 3d: the first-turn bonus point of Plains/West corporations and the Central
    Pacific token points are still added."""
    assert first_turn_bonus("plains", True) == 1 and first_turn_bonus("west", True) == 1
    assert first_turn_bonus("eastern", True) == 0 and first_turn_bonus("west", False) == 0
    assert first_turn_bonus("west", True, super_short=True) == 0
    assert central_pacific_bonus(2, OPTS) == 2
    assert turn_budget("4", ["west"], OPTS, bonus=2) == 6


def test_the_exclusive_figure_needs_the_whole_lay_in_west_and_plains() -> None:
    """Seed 001 3d: bonus lays included — one tile elsewhere drops the turn to the normal
    figure, and the turn is refused if it has already spent more."""
    west = [Lay("west", "yellow")] * 4
    assert check_turn("4", west, OPTS) == 0
    with pytest.raises(IllegalAction) as err:
        check_turn("4", [*west[:3], Lay("eastern", "yellow")], OPTS)
    assert "Table B" in err.value.rule and "West & Plains" in err.value.message
    # With the first-turn bonus, three western lays and one Canadian: 3 + 1 = 4, fine.
    assert check_turn("4", [*west[:3], Lay("canada", "yellow")], OPTS, bonus=1) == 0
    assert points_left("4", west[:3], OPTS) == {"exclusive": 1, "normal": 0}
    assert points_left("4", west, OPTS) == {"exclusive": 0, "normal": -1}


def test_super_short_never_takes_the_exclusive_figure() -> None:
    """Super-short 6: disregard any rules pertaining to the Plains and Western zones."""
    assert turn_budget("4", [], OPTS, super_short=True) == 3


def test_merger_option() -> None:
    """Base rules 4.8.1 (unknown): option merger_tile_points."""
    opts = C2COptions.view({"merger_tile_points": "exclusive"})
    assert turn_budget("4", ["eastern"], opts, merger=True) == 4
    assert turn_budget("4", ["eastern"], OPTS, merger=True) == 3


def test_tile_costs_by_colour() -> None:
    """Base rules 4.7.1 (assumed point costs, options)."""
    assert [lay_points(c, OPTS) for c in ("yellow", "green", "brown", "gray")] == [1, 2, 2, 2]
    assert lay_points("yellow", C2COptions.view({"yellow_tile_points": 2})) == 2
    with pytest.raises(ValueError):
        lay_points("red", OPTS)


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(sorted(TABLE_B)),
    st.lists(st.tuples(st.sampled_from(ZONES), st.sampled_from(("yellow", "green"))), max_size=6),
    st.integers(0, 2),
)
def test_a_turn_is_legal_exactly_when_its_cost_fits_its_figure(
    phase: str, raw: list[tuple[str, str]], bonus: int
) -> None:
    """Seed 001 3c/3d as a property: exclusive figure iff every lay is West/Plains."""
    lays = [Lay(z, c) for z, c in raw]
    normal, exclusive = TABLE_B[phase]
    figure = exclusive if all(z in ("west", "plains") for z, _ in raw) else normal
    cost = sum(1 if c == "yellow" else 2 for _, c in raw)
    if cost <= figure + bonus:
        assert check_turn(phase, lays, OPTS, bonus) == figure + bonus - cost
    else:
        with pytest.raises(IllegalAction):
            check_turn(phase, lays, OPTS, bonus)
