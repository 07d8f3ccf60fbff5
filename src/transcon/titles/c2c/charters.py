"""Charters added by option: the two of the 34 corporations our sources do not name.

18C2C has 34 corporations; the Rails draft (our only source for the charters) has 32. A group
holding the printed rulebook adds the missing two as data with the option ``extra_charters``
(docs/rules/18c2c.md, "Corporations"): ``SYM:Name:HOME:DESTINATION:ZONE`` per charter,
charters separated by ``;``. ``HOME`` and ``DESTINATION`` are hex labels of cities on the map
(a destination off-board too; an off-board area of two hexes by either hex or both joined by
``+``), ``ZONE`` the home's zone (eastern, plains, west, canada), checked against the map so
that a mistyped hex is caught. Added charters play in the full-map game only (the Super-short
game has the seed's twelve corporations).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from transcon.core.board import Board
from transcon.core.errors import InputError
from transcon.titles.c2c.data import (
    CORPORATIONS,
    ZONES,
    Corporation,
    load_board,
    offboard_area,
    zone,
)

if TYPE_CHECKING:
    from transcon.titles.c2c.options import C2COptions

FORMAT = "SYM:Name:HOME:DESTINATION:ZONE"


@functools.lru_cache(maxsize=1)
def _board() -> Board:
    return load_board()


def extra_charters(opts: C2COptions) -> tuple[Corporation, ...]:
    """The charters of the option ``extra_charters`` (empty by default); InputError (one line,
    naming the entry and what is wrong) when an entry is malformed or a hex is not a city on
    the map."""
    return parse_charters(opts.extra_charters)


@functools.lru_cache(maxsize=16)
def parse_charters(text: str) -> tuple[Corporation, ...]:
    """:func:`extra_charters` of the option's text."""
    out: list[Corporation] = []
    for entry in (e.strip() for e in text.split(";")):
        if not entry:
            continue
        fields = [f.strip() for f in entry.split(":")]
        if len(fields) != 5 or not all(fields[:3]) or not fields[4]:
            raise _bad(entry, f"want {FORMAT}")
        sym, name, home, dest, home_zone = fields
        taken = set(CORPORATIONS) | {c.sym for c in out}
        if sym in taken:
            raise _bad(entry, f"corporation {sym} exists already")
        if sym[:1] == "M" and sym[1:].isdigit():
            raise _bad(entry, f"{sym} names a merger corporation")
        if home_zone not in ZONES:
            raise _bad(entry, f"zone {home_zone!r} is not one of {', '.join(ZONES)}")
        board = _board()
        _check_city(board, entry, home, "home", ("city",))
        destination = tuple(dest.split("+")) if dest else ()
        for h in destination:
            _check_city(board, entry, h, "destination", ("city", "offboard"))
        if destination:  # an off-board area's hexes, its token place first (one off-board)
            area = offboard_area(board, destination[0])
            if len(destination) > 1 and set(destination) != set(area):
                raise _bad(entry, f"destination {dest} is not one off-board area")
            destination = area
        actual = zone(board, board.hex(home))
        if actual != home_zone:
            raise _bad(entry, f"home {home} is in the {actual} zone, not {home_zone}")
        out.append(Corporation(sym, name, home, destination))
    return tuple(out)


def _check_city(board: Board, entry: str, label: str, what: str, kinds: tuple[str, ...]) -> None:
    try:
        site = board.info(board.hex(label)).site
    except (KeyError, ValueError, InputError):
        raise _bad(entry, f"{what} {label} is not a hex of the 18C2C map") from None
    if site is None or site.kind not in kinds:
        raise _bad(entry, f"{what} {label} has no city")


def _bad(entry: str, why: str) -> InputError:
    return InputError(f"option 'extra_charters': bad charter {entry!r}: {why}")
