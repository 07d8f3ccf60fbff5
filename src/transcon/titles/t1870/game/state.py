"""1870's own part of the game state (the framework's :class:`TitleData`): the tokens of its
privates and destinations on the map, the connection runs (§8), redemption and reissue
(§6.5, §6.6) and price protection (§6.4)."""

from __future__ import annotations

from dataclasses import dataclass, field

from transcon.eighteen.framework.format1 import (
    Format1Fields,
    corp_fields,
    operating_fields,
    stock_fields,
)
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.redemption import RedemptionData

Sale = tuple[str, str, int, int, str]
"""A share sale ``(company, seller, units, price, president before the sale)``; in the
protection queue the last field is the president who may protect it."""


@dataclass(slots=True)
class State1870(RedemptionData):
    """What 1870 keeps besides the framework's state (redemption and reissue, §6.5 and §6.6,
    in the framework's :class:`RedemptionData`)."""

    cattle: str = ""
    """Hex of the Southern Cattle Company's token (§9.3), ``""`` while unplaced or removed."""
    port: str = ""
    """Hex of the Gulf Shipping Company's port token (§9.4)."""
    port_closed: bool = False
    """The closed port token replaced the open one (§9.4)."""
    destination_tokens: dict[str, str] = field(default_factory=dict)
    """Company -> destination hex, for destination tokens put on the map (§8.4)."""
    connection_queue: list[str] = field(default_factory=list)
    """Companies whose connection run comes next, in order, as the last destination check
    found them (§8.2; :mod:`~transcon.titles.t1870.game.destinations`)."""
    turn_ended: bool = False
    """The operating company's turn has ended and its destination check was made: the
    connection runs it started finish the turn."""
    connected: dict[str, str] = field(default_factory=dict)
    """Company -> ``"map"`` or ``"charter"``: where it put its destination token at its
    connection run (§8.4)."""
    connection: str = ""
    """Company making its connection run now (interrupting the turn), if any (§8.4)."""
    connection_step: int = 0
    """0 choose map or charter, 1 run, 2 dividend."""
    connection_revenue: int = 0
    protection: list[Sale] = field(default_factory=list)
    """Pending price protection offers (§6.4), the president who may protect last."""
    pending_sales: list[Sale] = field(default_factory=list)
    """Sales of the current turn (a stock turn, or an operating company's turn with its
    president's forced sales) waiting for the protection offer at the turn's end."""
    protected_by: int = -1
    """Seat of the last president who protected in this offer (the turn goes on after
    them), -1 for none."""
    bought_private: bool = False
    """A private was bought from another player in this stock turn (§9.9)."""


def state_1870(state: GameState) -> State1870:
    """The 1870 part of ``state``."""
    data = state.title_data
    assert isinstance(data, State1870)
    return data


#: Fields of :class:`State1870` that save format 1 kept in the framework's state.
MOVED_IN_FORMAT_2 = (
    "connected",
    "connection",
    "connection_step",
    "connection_revenue",
    "reissued",
    "redeemed",
    "cash_at_sr_start",
    "protection",
    "pending_sales",
    "protected_by",
)


#: Options of 1870 added after save format 1; their defaults play as format-1 games did.
OPTIONS_SINCE_FORMAT_1 = (
    "finish_turn_on_400",
    "sale_order_by_kinds",
    "bridge_lay_counts",
    "sell_to_holding_limit",
    "trade_in_to_pool",
)


def format_1_fields(state: GameState) -> Format1Fields:
    """Where save format 1 kept 1870's fields (its checksums were taken over that layout)."""
    data = state_1870(state)
    corps = {
        sym: corp_fields(
            data.connected.get(sym, ""),
            sym in data.reissued,
            sym in data.redeemed,
            data.cash_at_sr_start.get(sym, 0),
        )
        for sym in state.corps
    }
    return Format1Fields(
        corps,
        stock_fields(data.protection, data.pending_sales, data.protected_by),
        operating_fields(data.connection, data.connection_step, data.connection_revenue),
        MOVED_IN_FORMAT_2,
        OPTIONS_SINCE_FORMAT_1,
    )
