"""The stock market grid and its movements (1870 market, rules §5)."""

from __future__ import annotations

from transcon.eighteen.framework.market import StockMarket
from transcon.titles.t1870.game import data

MAYFAIR = data.market(dixon=False)


def market(ledge: str = "single") -> StockMarket:
    return StockMarket(MAYFAIR, ledge)


def test_cells_zones_and_par() -> None:
    m = market()
    assert m.price((0, 6)) == 100 and m.cell((0, 6)) and m.cell((0, 6)).par  # type: ignore[union-attr]
    assert m.par_cell(68) == (5, 6)
    assert m.zone((0, 0)) == "y" and m.zone((3, 0)) == "o" and m.zone((4, 0)) == "b"
    assert m.zone((8, 0)) == "c"
    assert m.cell((2, 16)).lower  # type: ignore[union-attr]


def test_dixon_market_differs_in_three_cells() -> None:
    dixon = StockMarket(data.market(dixon=True))
    assert dixon.zone((4, 0)) == "o" and market().zone((4, 0)) == "b"
    assert dixon.zone((6, 5)) == "" and market().zone((6, 5)) == "y"
    assert dixon.zone((7, 6)) == "" and market().zone((7, 6)) == "y"


def test_dividend_right_and_up_at_row_end_or_ledge() -> None:
    m = market()
    assert m.right((0, 6)) == (0, 7)
    assert m.right((0, 20)) == (0, 20)  # $400 top-right: nowhere to go
    assert m.right((1, 20)) == (0, 20)  # row end: up
    assert m.right((2, 15)) == (1, 15)  # would cross into the lower area: up instead
    assert market("lower").right((2, 15)) == (2, 16)


def test_withhold_left_and_down_at_row_start() -> None:
    m = market()
    assert m.left((0, 6)) == (0, 5)
    assert m.left((3, 0)) == (4, 0)


def test_sale_moves_down_one_row_per_share() -> None:
    m = market()
    assert m.sold((0, 6), 3) == (3, 6)
    assert m.sold((10, 0), 2) == (10, 0)  # bottom: no move


def test_ledge_single_share_does_not_move_more_move_fully() -> None:
    m = market("single")
    on_ledge = (1, 16)  # 275, above 275L
    assert m.on_ledge(on_ledge)
    assert m.sold(on_ledge, 1) == on_ledge
    assert m.sold(on_ledge, 2) == (3, 16)


def test_ledge_upper_absorbs_one_share_of_any_sale() -> None:
    m = market("upper")
    assert m.sold((1, 16), 1) == (1, 16)
    assert m.sold((1, 16), 2) == (2, 16)


def test_ledge_lower_ignores_one_share_in_the_lower_area() -> None:
    m = market("lower")
    assert m.sold((2, 16), 1) == (2, 16)
    assert m.sold((1, 16), 1) == (2, 16)


def test_sold_out_rises_and_moves_right_down_on_the_top_row() -> None:
    m = market()
    assert m.sold_out((3, 6)) == (2, 6)
    assert m.sold_out((0, 6)) == (1, 7)
    assert m.price(m.sold_out((0, 6))) == 100
    assert m.sold_out((0, 20)) == (0, 20)


def test_ledge_per_share_stops_a_sale_whose_last_share_would_step_off() -> None:
    """1870-base.md §5.3 ledge / U4; 18xx.games ``price_protection.rb`` ``process_pass``
    applies a sale share by share and holds back the share that would leave the ledge
    (issue 12: MP sold 2 at $110, r3c10, and "hits the ledge" at $100, not $90)."""
    m = market("per_share")
    assert m.price((3, 10)) == 110 and m.on_ledge((4, 10))
    assert m.sold((3, 10), 2) == (4, 10)  # second share held back on the ledge
    assert m.sold((3, 10), 3) == (6, 10)  # the third share moves it past: full movement
    assert m.sold((4, 10), 1) == (4, 10)
    assert m.sold((4, 10), 2) == (6, 10)
    assert market("single").sold((3, 10), 2) == (5, 10)  # Dixon default: full movement
