"""Stock market grids that more than one title plays on (data only, written as
:class:`~transcon.eighteen.framework.market.StockMarket` reads them).

The 1870 family: 1870's market as Mayfair printed it (1870 rules §5.1), with the ledge that
ends the lower rows, and its par prices. 1870 plays it (Dixon's original edition changes
three cells) and 18C2C extends its four upper rows.
"""

from __future__ import annotations

Rows = tuple[tuple[str, ...], ...]

_MAYFAIR_1870 = """
64y 68 72 76 82 90 100p 110 120 140 160 180 200 225 250 275 300 325 350 375 400
60y 64y 68 72 76 82 90p 100 110 120 140 160 180 200 225 250 275 300 325 350 375
55y 60y 64y 68 72 76 82p 90 100 110 120 140 160 180 200 225 250L 275L 300L 325L 350L
50o 55y 60y 64y 68 72 76p 82 90 100 110 120 140 160L 180L 200L 225L 250L 275L 300L 325L
40b 50o 55y 60y 64 68 72p 76 82 90 100 110L 120L 140L 160L 180L
30b 40o 50o 55y 60y 64 68p 72 76 82 90L 100L 110L
20b 30b 40o 50o 55y 60y 64 68 72 76L 82L
10b 20b 30b 40o 50y 55y 60y 64 68L 72L
0c 10b 20b 30b 40o 50y 55y 60L 64L
0c 0c 10b 20b 30b 40o 50y
0c 0c 0c 10b 20b 30b 40o
"""

#: The par prices of the 1870 family's market (its ``p`` cells, top row first).
MAYFAIR_1870_PARS = (100, 90, 82, 76, 72, 68)


def mayfair_1870_rows() -> list[list[str]]:
    """1870's Mayfair market as rows of cells, a fresh copy a title may change."""
    return [line.split() for line in _MAYFAIR_1870.strip().splitlines()]


def frozen(rows: list[list[str]]) -> Rows:
    """``rows`` as the immutable grid a ``GameSpec`` holds."""
    return tuple(tuple(row) for row in rows)
