"""Save format 1's layout of an 18xx game state, over which format-1 save files took their
checksum (``core/savefile.py``).

Format 2 moved 1870's own fields out of the framework's company, stock-round and
operating-round states into 1870's part of the state. Format 1 had them in every 18xx
title's state, at their defaults unless the title used them; a title that did rebuilds
their values from its own state (``EighteenTitle.format_1_fields``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from transcon.eighteen.framework.state import GameState


@dataclass(frozen=True, slots=True)
class Format1Fields:
    """The values of the fields format 1 had and format 2 does not."""

    corps: dict[str, dict[str, object]]
    """Per company: ``destination``, ``reissued``, ``redeemed_this_sr``, ``cash_at_sr_start``."""
    stock: dict[str, object]
    """``protection``, ``pending_sales``, ``protected_by``."""
    operating: dict[str, object]
    """``connection``, ``connection_step``, ``connection_revenue``."""
    new_title_fields: tuple[str, ...] = ()
    """Fields of the title's own state that format 1 did not have."""
    new_options: tuple[str, ...] = ()
    """Options the title gained after format 1 (a format-1 game plays them at their
    defaults, which keep the rules it was played under)."""


def default_fields(state: GameState) -> Format1Fields | None:
    """The fields at their defaults, as in a title that never used them; None once a stock
    round began (format 1 then held each company's cash at its start, which only a title
    with redemptions keeps)."""
    if state.stock_rounds:
        return None
    return Format1Fields(
        corps={sym: corp_fields("", False, False, 0) for sym in state.corps},
        stock=stock_fields([], [], -1),
        operating=operating_fields("", 0, 0),
    )


def corp_fields(destination: str, reissued: bool, redeemed: bool, cash: int) -> dict[str, object]:
    return {
        "destination": destination,
        "reissued": reissued,
        "redeemed_this_sr": redeemed,
        "cash_at_sr_start": cash,
    }


def stock_fields(
    protection: list[Any], pending_sales: list[Any], protected_by: int
) -> dict[str, object]:
    return {
        "protection": copy.deepcopy(protection),
        "pending_sales": copy.deepcopy(pending_sales),
        "protected_by": protected_by,
    }


def operating_fields(connection: str, step: int, revenue: int) -> dict[str, object]:
    return {"connection": connection, "connection_step": step, "connection_revenue": revenue}


def format_1_json(data: dict[str, Any], fields: Format1Fields) -> dict[str, Any]:
    """Today's state JSON ``data`` (changed in place) laid out as format 1 had it."""
    for sym, extra in fields.corps.items():
        data["corps"][sym].update(extra)
    data["stock"].update(fields.stock)
    data["operating"].update(fields.operating)
    for name in fields.new_title_fields:
        data["title_data"].pop(name, None)
    for name in fields.new_options:
        data["options"].pop(name, None)
    return data
