"""Printed hex labels ("Q49", "AA12") and their mapping to axial coordinates.

Three conventions cover the games we play:

* ``offset``: a letter row and a number column; neighbours in a row differ by 1. Pointy maps
  shift every other row half a hex east (``stagger`` says which: ``odd`` or ``even`` rows, the
  first row being row 0). Flat maps shift every other column half a hex down.
* ``double-width`` (pointy, the 18xx convention): a letter row and a number column where a row
  holds only even or only odd numbers, so neighbours in a row differ by 2. ``stagger="even"``
  means the first row holds even numbers.
* ``double-height`` (flat, the 18xx convention for flat maps): a letter column and a number row,
  where a column holds only even or only odd numbers.

Rows are lettered spreadsheet style: A..Z, AA..AZ, BA...

Layers in map files address hexes by *cells*: ``(row, index)`` where ``index`` counts the hexes
that exist in that row from the west. For offset labels that is the column; for double-width
labels it skips the numbers of the other parity.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from transcon.core.hexgrid import Hex, Orientation


class LabelStyle(StrEnum):
    OFFSET = "offset"
    DOUBLE_WIDTH = "double-width"
    DOUBLE_HEIGHT = "double-height"


class Stagger(StrEnum):
    ODD = "odd"
    EVEN = "even"


_LABEL_RE = re.compile(r"^([A-Z]+)(-?\d+)$")


# Cached: a map's load names every hex, and a map has only a few hundred rows.
@lru_cache(maxsize=1024)
def letters_to_index(letters: str) -> int:
    """``A`` -> 0, ``Z`` -> 25, ``AA`` -> 26 (spreadsheet style)."""
    if not letters or not letters.isalpha() or not letters.isupper():
        raise ValueError(f"not a row name: {letters!r}")
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


@lru_cache(maxsize=1024)
def index_to_letters(index: int) -> str:
    """0 -> ``A``, 25 -> ``Z``, 26 -> ``AA``."""
    if index < 0:
        raise ValueError(f"negative row index {index}")
    out = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


@dataclass(frozen=True, slots=True)
class HexLabels:
    """One map's labelling convention. Row 0 is ``first_row``; see the module docstring."""

    style: LabelStyle = LabelStyle.OFFSET
    orientation: Orientation = Orientation.POINTY
    stagger: Stagger = Stagger.ODD
    first_row: str = "A"
    first_column: int = 1

    def __post_init__(self) -> None:
        if self.style is LabelStyle.DOUBLE_WIDTH and self.orientation is not Orientation.POINTY:
            raise ValueError("double-width labels need pointy-top hexes")
        if self.style is LabelStyle.DOUBLE_HEIGHT and self.orientation is not Orientation.FLAT:
            raise ValueError("double-height labels need flat-top hexes")

    @property
    def _row0(self) -> int:
        return letters_to_index(self.first_row)

    # -- label <-> (letter index, number) ----------------------------------------------
    def split(self, label: str) -> tuple[int, int]:
        """``"Q49"`` -> (letter index relative to ``first_row``, number)."""
        m = _LABEL_RE.match(label.strip().upper())
        if not m:
            raise ValueError(f"not a hex label: {label!r}")
        return letters_to_index(m.group(1)) - self._row0, int(m.group(2))

    def join(self, letter_index: int, number: int) -> str:
        return f"{self.letters(letter_index)}{number}"

    def letters(self, letter_index: int) -> str:
        """The letters of the labels on row (or, double-height, column) ``letter_index``."""
        return index_to_letters(letter_index + self._row0)

    # -- (letter index, number) <-> axial -----------------------------------------------
    def _parity(self, line: int) -> int:
        """For doubled styles: the parity of the numbers allowed on ``line``."""
        first = 0 if self.stagger is Stagger.EVEN else 1
        return (first + line) % 2

    def to_hex(self, letter_index: int, number: int) -> Hex:
        """The hex named by a letter index and number; ValueError if that label can't exist."""
        if self.style is LabelStyle.OFFSET:
            col = number - self.first_column
            row = letter_index
            odd = self.stagger is Stagger.ODD
            if self.orientation is Orientation.POINTY:
                # odd-r / even-r offset rows (Red Blob Games' naming)
                q = col - (row - (row & 1)) // 2 if odd else col - (row + (row & 1)) // 2
                return Hex(q, row)
            r = row - (col - (col & 1)) // 2 if odd else row - (col + (col & 1)) // 2
            return Hex(col, r)
        line = letter_index
        if (number % 2) != self._parity(line):
            raise ValueError("number has the wrong parity for this row")
        base = self._parity(0)
        if self.style is LabelStyle.DOUBLE_WIDTH:
            return Hex((number - base - line) // 2, line)
        return Hex(line, (number - base - line) // 2)

    def from_hex(self, h: Hex) -> tuple[int, int]:
        """The (letter index, number) of a hex."""
        if self.style is LabelStyle.OFFSET:
            if self.orientation is Orientation.POINTY:
                row = h.r
                if self.stagger is Stagger.ODD:
                    col = h.q + (row - (row & 1)) // 2
                else:
                    col = h.q + (row + (row & 1)) // 2
                return row, col + self.first_column
            col = h.q
            if self.stagger is Stagger.ODD:
                row = h.r + (col - (col & 1)) // 2
            else:
                row = h.r + (col + (col & 1)) // 2
            return row, col + self.first_column
        base = self._parity(0)
        if self.style is LabelStyle.DOUBLE_WIDTH:
            return h.r, 2 * h.q + h.r + base
        return h.q, 2 * h.r + h.q + base

    # -- public helpers -----------------------------------------------------------------
    def label(self, h: Hex) -> str:
        line, number = self.from_hex(h)
        return self.join(line, number)

    def parse(self, label: str) -> Hex:
        line, number = self.split(label)
        if line < 0:
            raise ValueError(f"row of {label!r} is before the first row {self.first_row}")
        return self.to_hex(line, number)

    def cell_number(self, row: int, index: int) -> int:
        """The label number of the hex at cell ``index`` of layer row ``row`` (its label's
        letters are row ``row``'s)."""
        if self.style is LabelStyle.OFFSET:
            return index + self.first_column
        first = self.first_column
        if first % 2 != self._parity(row):
            first += 1
        return first + 2 * index

    def cell_to_hex(self, row: int, index: int) -> Hex:
        """The hex at cell ``index`` of layer row ``row``."""
        return self.to_hex(row, self.cell_number(row, index))

    def hex_to_cell(self, h: Hex) -> tuple[int, int]:
        line, number = self.from_hex(h)
        if self.style is LabelStyle.OFFSET:
            return line, number - self.first_column
        first = self.first_column
        if first % 2 != self._parity(line):
            first += 1
        return line, (number - first) // 2
