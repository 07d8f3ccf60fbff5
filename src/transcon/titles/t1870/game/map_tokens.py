"""1870's own part of the game state: the tokens of its privates and destinations on the map,
and the destination checks' queue of connection runs."""

from __future__ import annotations

from dataclasses import dataclass, field

from transcon.eighteen.framework.state import GameState, TitleData


@dataclass(slots=True)
class MapTokens1870(TitleData):
    """Tokens 1870 puts on the map besides station tokens."""

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


def map_tokens(state: GameState) -> MapTokens1870:
    """The 1870 part of ``state``."""
    data = state.title_data
    assert isinstance(data, MapTokens1870)
    return data
