"""18C2C's own part of the game state (the framework's :class:`TitleData`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from transcon.eighteen.framework.state import GameState, TitleData
from transcon.eighteen.framework.steps.redemption import RedemptionData
from transcon.titles.c2c.tokens import Charter


@dataclass(slots=True)
class C2CData(RedemptionData):
    """What 18C2C keeps besides the framework's state (share redemption and reissue, option
    ``share_redemption``, in the framework's :class:`RedemptionData`: empty while off)."""

    eliminated: list[str] = field(default_factory=list)
    """Privates removed from play before the auction, in order (D variant 3a)."""
    token_choice: str = ""
    """Corporation whose president chooses its extra tokens now (D variant 3e)."""
    charters: dict[str, Charter] = field(default_factory=dict)
    """Corporation -> the tokens on its charter (``titles/c2c/tokens.py``: bought at float,
    reserved for the destination, bulls; D variant 3e, 3f, 4c). The home token is not on it:
    it is placed at home when the corporation first operates."""
    beside: dict[str, list[str]] = field(default_factory=dict)
    """Corporation -> cities where its token sits beside a city with no space left, using
    none (a bull, D variant 3f, or a destination token)."""
    turn_tokens: int = 0
    """Tokens the operating corporation placed this turn (D variant 3g: two for mergers)."""
    turn_lays: list[list[str]] = field(default_factory=list)
    """The operating corporation's lays this turn as ``[zone, colour]`` (D variant 3c)."""
    transcontinental: list[str] = field(default_factory=list)
    """Corporations that took their transcontinental bonus (D variant 3k)."""
    or_moves: dict[str, dict[str, int]] = field(default_factory=dict)
    """Corporation -> what moves its price right this operating round (D variant 3m):
    ``dividend`` (full dividend paid), ``transcontinental`` (runs), ``destination`` (1 when
    the dividend was a destination run's), ``moved`` (columns moved so far)."""
    merged: dict[str, list[str]] = field(default_factory=dict)
    """Merger corporation -> the two public corporations that formed it (base rules 4.8)."""
    absorbed: dict[str, list[str]] = field(default_factory=dict)
    """Amtrak or Conrail -> the failed corporations it absorbed, in order (D variant 3l)."""
    supplied: dict[str, int] = field(default_factory=dict)
    """Amtrak or Conrail -> tokens it took from the supply when formed (3l: at least 8)."""
    destination_of: dict[str, str] = field(default_factory=dict)
    """Merger corporation -> the merged corporation whose reserved destination token (and so
    whose home and destination run) it keeps (assumed: base rules 4.8.4 unseen)."""
    or_phase: str = ""
    """The phase in which the current operating round began (D variant 3b)."""
    p_cities: dict[str, str] = field(default_factory=dict)
    """Hex -> the Prospectors that designated it a P city (D variant 4a; permanent)."""
    phase_two_prospectors: list[str] = field(default_factory=list)
    """Prospectors bought in phase 2: build discount only, used at once (D variant 3b, 4a)."""
    turn_discount: dict[str, int] = field(default_factory=dict)
    """Zone -> what is left this turn of a Prospectors' $140 build discount (D variant 4a)."""
    engineer_owner: str = ""
    """The corporation that bought the US Army Corps of Engineers (D variant 4b)."""
    engineer_markers: dict[str, int] = field(default_factory=dict)
    """Corporation -> Engineer markers it holds (D variant 4b)."""
    engineer_unsold: int = 5
    """Engineer markers not sold yet (D variant 4b: five in all)."""
    engineer_resold: list[str] = field(default_factory=list)
    """Corporations that bought a marker from another corporation this operating round: they
    cannot use it yet (D variant 4b)."""
    engineer_closed: bool = False
    """The Army Corps closed with the first 5-train (its markers stay in play, 4b)."""
    bonus_tokens: dict[str, list[str]] = field(default_factory=dict)
    """Private -> hexes of its bonus tokens, in placing order (base privates: cattle, lumber,
    gold, fish, coal, ports)."""
    labor_tokens: dict[str, str] = field(default_factory=dict)
    """Hex -> corporation that placed a Central Pacific token there (D variant 3d)."""
    turn_labor: int = 0
    """Central Pacific tokens placed this turn (their bonus tile points, D variant 3d)."""

    def charter(self, sym: str) -> Charter:
        """``sym``'s charter (an empty one before it floats)."""
        return self.charters.get(sym, Charter())

    def to_json(self) -> dict[str, object]:
        out = TitleData.to_json(self)
        if "charters" in out:
            out["charters"] = {
                sym: {**asdict(c), "costs": sorted(c.costs)} for sym, c in self.charters.items()
            }
        return out


def c2c_data(state: GameState) -> C2CData:
    """The 18C2C part of ``state``."""
    data = state.title_data
    assert isinstance(data, C2CData)
    return data
