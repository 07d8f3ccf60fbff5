"""Printed labels (issue 2, part 2): "Q49", "AA12" and the 18xx double-width convention."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from transcon.core.hexgrid import Orientation
from transcon.core.labels import (
    HexLabels,
    LabelStyle,
    Stagger,
    index_to_letters,
    letters_to_index,
)

SYSTEMS = [
    HexLabels(LabelStyle.OFFSET, Orientation.POINTY, Stagger.ODD),
    HexLabels(LabelStyle.OFFSET, Orientation.POINTY, Stagger.EVEN),
    HexLabels(LabelStyle.OFFSET, Orientation.FLAT, Stagger.ODD),
    HexLabels(LabelStyle.OFFSET, Orientation.FLAT, Stagger.EVEN, first_column=0),
    HexLabels(LabelStyle.DOUBLE_WIDTH, Orientation.POINTY, Stagger.EVEN),
    HexLabels(LabelStyle.DOUBLE_WIDTH, Orientation.POINTY, Stagger.ODD),
    HexLabels(LabelStyle.DOUBLE_HEIGHT, Orientation.FLAT, Stagger.EVEN),
]


@given(st.integers(min_value=0, max_value=5000))
def test_row_letters_round_trip(index: int) -> None:
    assert letters_to_index(index_to_letters(index)) == index


def test_row_letters_spreadsheet_style() -> None:
    assert [index_to_letters(i) for i in (0, 25, 26, 27, 51, 52)] == [
        "A",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
    ]


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: f"{s.style}-{s.orientation}-{s.stagger}")
@given(row=st.integers(min_value=0, max_value=80), index=st.integers(min_value=0, max_value=120))
def test_cell_label_hex_round_trips(system: HexLabels, row: int, index: int) -> None:
    h = system.cell_to_hex(row, index)
    assert system.hex_to_cell(h) == (row, index)
    label = system.label(h)
    assert system.parse(label) == h
    assert system.label(system.parse(label)) == label
    # A map's load names a cell's hex from its row and number (mapfile._Builder._cells).
    assert label == f"{system.letters(row)}{system.cell_number(row, index)}"


def test_offset_pointy_neighbours_differ_by_one_in_a_row() -> None:
    labels = HexLabels()  # offset, pointy, odd rows shifted east
    q49 = labels.parse("Q49")
    assert labels.label(q49.neighbor(1)) == "Q48"
    assert labels.label(q49.neighbor(4)) == "Q50"
    assert sorted(labels.label(n) for n in q49.neighbors()) == sorted(
        ["P48", "P49", "Q48", "Q50", "R48", "R49"]
    )
    assert labels.label(labels.parse("aa12")) == "AA12"


def test_double_width_matches_the_18xx_convention() -> None:
    # ../shared/reference/18xx-games/README.md: B3's neighbours across edges 0..5
    labels = HexLabels(LabelStyle.DOUBLE_WIDTH, Orientation.POINTY, Stagger.EVEN)
    b3 = labels.parse("B3")
    assert [labels.label(n) for n in b3.neighbors()] == ["C2", "B1", "A2", "A4", "B5", "C4"]
    with pytest.raises(ValueError):
        labels.parse("B4")  # row B holds odd numbers only


@pytest.mark.parametrize("bad", ["", "49", "Q", "Q-", "?3", "Q4.5"])
def test_bad_labels_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError):
        HexLabels().parse(bad)


def test_double_width_needs_pointy_hexes() -> None:
    with pytest.raises(ValueError):
        HexLabels(LabelStyle.DOUBLE_WIDTH, Orientation.FLAT)
