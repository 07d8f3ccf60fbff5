"""The stock market grid: cells with prices and zones, and the token movements.

Cells are written ``"<price><marks>"``: ``p`` par space, ``y`` yellow, ``o`` green/orange,
``b`` brown, ``c`` closing, ``L`` lower area (below the ledge, 1850/1870 style). Rows are
numbered from the top, columns from the left. Movement rules follow the common 18xx
conventions described in docs/rules/1870.md (dividend right / up at a row end or before the
ledge, withhold left / down at a row start, sales down with the ledge absorbing one share).
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class MarketCell:
    """One space of the market."""

    price: int
    marks: str

    @property
    def zone(self) -> str:
        """``y``, ``o``, ``b``, ``c`` or ``""`` (white)."""
        for mark in "yobc":
            if mark in self.marks:
                return mark
        return ""

    @property
    def lower(self) -> bool:
        return "L" in self.marks

    @property
    def par(self) -> bool:
        return "p" in self.marks


def parse_cell(text: str) -> MarketCell | None:
    if not text:
        return None
    digits = "".join(ch for ch in text if ch.isdigit())
    marks = "".join(ch for ch in text if not ch.isdigit())
    return MarketCell(int(digits), marks)


class StockMarket:
    """A market grid built from rows of cell texts (see the module docstring)."""

    def __init__(self, rows: tuple[tuple[str, ...], ...], ledge: str = "upper") -> None:
        self.rows: list[list[MarketCell | None]] = [[parse_cell(t) for t in row] for row in rows]
        #: ``"upper"``: a token on the ledge ignores one share sold and a dividend never
        #: carries it into the lower area; ``"lower"`` (18xx.games): a token *in* the lower
        #: area ignores one share sold, and dividends move right freely.
        self.ledge = ledge

    def cell(self, at: Cell) -> MarketCell | None:
        row, col = at
        if 0 <= row < len(self.rows) and 0 <= col < len(self.rows[row]):
            return self.rows[row][col]
        return None

    def price(self, at: Cell) -> int:
        cell = self.cell(at)
        if cell is None:
            raise KeyError(at)
        return cell.price

    def zone(self, at: Cell) -> str:
        cell = self.cell(at)
        return cell.zone if cell else ""

    def par_cell(self, price: int) -> Cell:
        """The par space with this price."""
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                if cell is not None and cell.par and cell.price == price:
                    return (r, c)
        raise KeyError(f"no par space at {price}")

    def find(self, price: int, row_hint: int = 0) -> Cell:
        """The upper-area cell with ``price`` nearest to ``row_hint`` (for reissue pars)."""
        best: tuple[int, Cell] | None = None
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                if cell is not None and cell.price == price and not cell.lower:
                    key = abs(r - row_hint)
                    if best is None or key < best[0]:
                        best = (key, (r, c))
        if best is None:
            raise KeyError(price)
        return best[1]

    # -- movements ---------------------------------------------------------------------------

    def right(self, at: Cell) -> Cell:
        """Full dividend: one right; up instead at a row end or where right crosses the ledge."""
        row, col = at
        here = self.cell(at)
        nxt = self.cell((row, col + 1))
        crosses = nxt is not None and nxt.lower and here is not None and not here.lower
        if nxt is not None and not (crosses and self.ledge in ("upper", "single", "per_share")):
            return (row, col + 1)
        return self.up(at)

    def left(self, at: Cell) -> Cell:
        """Withheld dividend: one left; down instead at the start of a row."""
        row, col = at
        if self.cell((row, col - 1)) is not None:
            return (row, col - 1)
        return self.down(at)

    def up(self, at: Cell) -> Cell:
        """One row up (no move on the top row)."""
        row, col = at
        if self.cell((row - 1, col)) is not None:
            return (row - 1, col)
        return at

    def down(self, at: Cell) -> Cell:
        """One row down (no move on the bottom of a column)."""
        row, col = at
        if self.cell((row + 1, col)) is not None:
            return (row + 1, col)
        return at

    def on_ledge(self, at: Cell) -> bool:
        """True when the token sits in the upper area directly above a lower-area cell."""
        here = self.cell(at)
        below = self.cell((at[0] + 1, at[1]))
        return here is not None and not here.lower and below is not None and below.lower

    def sold(self, at: Cell, shares: int, ledge_absorbs: bool = True) -> Cell:
        """Where a token goes when ``shares`` 10% shares are sold into the market."""
        here = self.cell(at)
        if self.ledge == "per_share":
            return self._sold_share_by_share(at, shares)
        if self.ledge == "single":
            if ledge_absorbs and shares == 1 and self.on_ledge(at):
                return at
            for _ in range(shares):
                at = self.down(at)
            return at
        if self.ledge == "lower":
            if ledge_absorbs and here is not None and here.lower:
                shares -= 1
            for _ in range(shares):
                at = self.down(at)
            return at
        absorbed = not ledge_absorbs
        for _ in range(shares):
            if not absorbed and self.on_ledge(at):
                absorbed = True
                continue
            at = self.down(at)
        return at

    def _sold_share_by_share(self, at: Cell, shares: int) -> Cell:
        """18xx.games' 1870 sale (``price_protection.rb`` ``process_pass``): one share at a
        time; a share that would take the token off the ledge is held back and the next
        share of the same sale moves it past. So a sale whose last share would step off
        the ledge stops on it."""
        held_back = False
        for _ in range(shares):
            if held_back:
                at = self.down(at)
                held_back = False
            if self.on_ledge(at):
                held_back = True
            else:
                at = self.down(at)
        return at

    def sold_out(self, at: Cell) -> Cell:
        """End of a stock round with every share sold: one row up; on the top row one right
        and one down (same price); at the top-right no move."""
        row, col = at
        if row > 0 and self.cell((row - 1, col)) is not None:
            return (row - 1, col)
        if row == 0 and self.cell((row + 1, col + 1)) is not None:
            return (row + 1, col + 1)
        return at
