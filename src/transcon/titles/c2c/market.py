"""18C2C's share-price rules of the D variant: the merger price (3h) and the new movement
rule for public and merger corporations (3m).

The market grid itself is the game's (:class:`StockMarket`); these functions say where a
merger corporation's token starts and how many columns a corporation moves right in an
operating round. Withheld dividends, sales and sold-out moves are the base rules the framework
already plays.
"""

from __future__ import annotations

from transcon.eighteen.framework.market import Cell, StockMarket
from transcon.titles.c2c.options import C2COptions
from transcon.titles.c2c.tokens import CorpKind


def merger_price(first_price: int, second_price: int) -> int:
    """A merger corporation's price: the sum of the two merging corporations' current prices
    (D variant 3h, which replaces the Stock Merger Multiplier)."""
    return first_price + second_price


def _candidates(market: StockMarket) -> list[tuple[int, Cell]]:
    return [
        (cell.price, (r, c))
        for r, row in enumerate(market.rows)
        for c, cell in enumerate(row)
        if cell is not None and not cell.lower and cell.zone != "c" and cell.price > 0
    ]


def merger_cell(market: StockMarket, price: int, opts: C2COptions, par_row: int = 0) -> Cell:
    """The market space a merger corporation's token starts on for ``price``.

    The D rules give only the price (3h); where it lands is assumed: the space with exactly
    that price, else the one the option ``merger_price_rounding`` picks (down, nearest or up;
    beyond either end of the market, its top or bottom price); among spaces with that price,
    the top-most row or the row nearest ``par_row`` (option ``merger_price_row``)."""
    cells = _candidates(market)
    if not cells:
        raise ValueError("the market has no space a merger could start on")
    prices = sorted({p for p, _ in cells})
    below = [p for p in prices if p <= price]
    above = [p for p in prices if p >= price]
    if opts.merger_price_rounding == "down":
        target = below[-1] if below else prices[0]
    elif opts.merger_price_rounding == "up":
        target = above[0] if above else prices[-1]
    else:
        target = min(prices, key=lambda p: (abs(p - price), p))
    spots = [at for p, at in cells if p == target]
    if opts.merger_price_row == "par":
        return min(spots, key=lambda at: (abs(at[0] - par_row), at[0], at[1]))
    return min(spots)


def columns_right(
    kind: CorpKind,
    *,
    full_dividend: int,
    transcontinental_runs: int = 0,
    shells_with_trains: int = 0,
    destination_run: bool = False,
    opts: C2COptions,
) -> int:
    """How many columns right a corporation's token moves for one operating round (D variant
    3m, replacing the third bullet of base rule 3.4 and part of 4.8.3).

    * Public corporation: one column if it paid a non-zero full dividend and/or made a
      transcontinental run (both together: still one).
    * Merger corporation (Amtrak and Conrail alike, assumed): one column per train shell
      holding a train when it pays a non-zero full dividend, or one per transcontinental run;
      when both happen the option ``merger_moves`` says whether they add up or the larger
      counts. A paid destination run moves it one space only (3m's closing note).

    ``full_dividend`` is the amount paid out in full (0: withheld, half paid or nothing).
    """
    paid = full_dividend > 0
    if kind == "public":
        return int(paid or transcontinental_runs > 0)
    if destination_run:
        return int(paid)
    for_dividend = shells_with_trains if paid else 0
    if opts.merger_moves == "add":
        return for_dividend + transcontinental_runs
    return max(for_dividend, transcontinental_runs)


def move_right(market: StockMarket, at: Cell, columns: int) -> Cell:
    """Apply ``columns`` dividend moves (each right, or up at a row end: the base rule)."""
    for _ in range(columns):
        at = market.right(at)
    return at
