"""18C2C's own part of the game state (the framework's :class:`TitleData`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from transcon.eighteen.framework.state import GameState, TitleData


@dataclass(slots=True)
class C2CData(TitleData):
    """What 18C2C keeps besides the framework's state."""

    eliminated: list[str] = field(default_factory=list)
    """Privates removed from play before the auction, in order (D variant 3a)."""
    token_choice: str = ""
    """Corporation whose president chooses its extra tokens now (D variant 3e)."""
    charters: dict[str, list[int]] = field(default_factory=dict)
    """Corporation -> costs of the tokens on its charter bought at float, the free home
    token first (D variant 3e)."""
    bulls: list[str] = field(default_factory=list)
    """Corporations holding a bull token (D variant 3f)."""
    bull_placed: dict[str, str] = field(default_factory=dict)
    """Corporation -> hex of its placed bull token (D variant 3f)."""
    bull_beside: list[str] = field(default_factory=list)
    """Corporations whose bull sits beside a full city, using no token space (3f)."""
    forfeited: list[str] = field(default_factory=list)
    """Corporations whose charter tokens were forfeit when their bull was placed (3f)."""
    reserved: list[str] = field(default_factory=list)
    """Corporations with a token reserved for their destination run (D variant 3e)."""
    turn_lays: list[list[str]] = field(default_factory=list)
    """The operating corporation's lays this turn as ``[zone, colour]`` (D variant 3c)."""
    destination_done: list[str] = field(default_factory=list)
    """Corporations that made their destination run (D variant 3j)."""
    transcontinental: list[str] = field(default_factory=list)
    """Corporations that took their transcontinental bonus (D variant 3k)."""
    moved_right: list[str] = field(default_factory=list)
    """Corporations whose price moved right this operating round (D variant 3m)."""
    or_phase: str = ""
    """The phase in which the current operating round began (D variant 3b)."""


def c2c_data(state: GameState) -> C2CData:
    """The 18C2C part of ``state``."""
    data = state.title_data
    assert isinstance(data, C2CData)
    return data
