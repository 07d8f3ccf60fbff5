"""Share prices in the D variant (seed 001 3h, 3m)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transcon.eighteen.framework.market import StockMarket
from transcon.titles.c2c.market import columns_right, merger_cell, merger_price, move_right
from transcon.titles.c2c.options import C2COptions

OPTS = C2COptions.view({})
# A small 1870-shaped grid (top row rises to the right, a closing space bottom left).
MARKET = StockMarket(
    (
        ("64", "68", "72", "76", "82", "90", "100p", "110", "120", "140", "160", "180", "200"),
        ("60y", "64", "68", "72p", "76", "82", "90p", "100", "110", "120", "140", "160"),
        ("55y", "60y", "64", "68p", "72", "76", "82p", "90", "100", "110", "120"),
        ("0c", "50y", "55y", "60y", "64", "68", "72", "76", "82"),
    )
)


def test_merger_price_is_the_sum_of_the_current_prices() -> None:
    """Seed 001 3h."""
    assert merger_price(72, 68) == 140


def test_merger_price_lands_on_the_grid() -> None:
    """Seed 001 3h (the sum) with the assumed placement options."""
    assert MARKET.price(merger_cell(MARKET, 140, OPTS)) == 140
    assert merger_cell(MARKET, 140, OPTS) == (0, 9)
    assert merger_cell(MARKET, 140, OPTS, par_row=1) == (0, 9)
    assert merger_cell(MARKET, 140, C2COptions.view({"merger_price_row": "par"}), 1) == (1, 10)
    assert MARKET.price(merger_cell(MARKET, 150, OPTS)) == 140
    up = C2COptions.view({"merger_price_rounding": "up"})
    assert MARKET.price(merger_cell(MARKET, 150, up)) == 160
    near = C2COptions.view({"merger_price_rounding": "nearest"})
    assert MARKET.price(merger_cell(MARKET, 155, near)) == 160
    assert MARKET.price(merger_cell(MARKET, 150, near)) == 140  # ties go down
    assert MARKET.price(merger_cell(MARKET, 400, OPTS)) == 200
    assert MARKET.price(merger_cell(MARKET, 400, up)) == 200


@settings(max_examples=60, deadline=None)
@given(st.integers(100, 400))
def test_merger_cell_never_rounds_the_wrong_way(price: int) -> None:
    """Seed 001 3h: 'down' never lands above the sum, 'up' never below (inside the grid)."""
    down = MARKET.price(merger_cell(MARKET, price, OPTS))
    up = MARKET.price(merger_cell(MARKET, price, C2COptions.view({"merger_price_rounding": "up"})))
    assert down <= price or down == 200
    assert up >= price or up == 200
    assert down <= up


@pytest.mark.parametrize(
    ("dividend", "transcon", "moves"), [(0, 0, 0), (100, 0, 1), (0, 1, 1), (100, 1, 1), (100, 2, 1)]
)
def test_public_corporation_moves_one_column(dividend: int, transcon: int, moves: int) -> None:
    """Seed 001 3m: a non-zero full dividend and/or a transcontinental run: one column."""
    got = columns_right("public", full_dividend=dividend, transcontinental_runs=transcon, opts=OPTS)
    assert got == moves


def test_merger_corporation_moves_per_train_shell_or_transcontinental_run() -> None:
    """Seed 001 3m: one column per train shell with a train on a non-zero full dividend (the
    old 'both shells' condition is deleted), or one per transcontinental run; a destination
    run moves it one space."""
    assert columns_right("merger", full_dividend=50, shells_with_trains=2, opts=OPTS) == 2
    assert columns_right("merger", full_dividend=50, shells_with_trains=1, opts=OPTS) == 1
    assert columns_right("merger", full_dividend=0, shells_with_trains=2, opts=OPTS) == 0
    assert columns_right("merger", full_dividend=0, transcontinental_runs=2, opts=OPTS) == 2
    assert (
        columns_right(
            "merger", full_dividend=50, shells_with_trains=2, transcontinental_runs=1, opts=OPTS
        )
        == 2
    )
    add = C2COptions.view({"merger_moves": "add"})
    assert (
        columns_right(
            "amtrak", full_dividend=50, shells_with_trains=2, transcontinental_runs=1, opts=add
        )
        == 3
    )
    assert (
        columns_right(
            "merger", full_dividend=80, shells_with_trains=2, destination_run=True, opts=OPTS
        )
        == 1
    )


def test_move_right_uses_the_base_dividend_move() -> None:
    """Base rule 3.4: right one column, up at the end of a row."""
    assert move_right(MARKET, (1, 6), 2) == (1, 8)
    assert move_right(MARKET, (0, 11), 2) == (0, 12)
