"""An 1870 board position for routing: the 18xx position plus destination and private tokens.

:class:`Position1870` is :class:`~transcon.eighteen.position.Position18xx` with 1870's facts:
homes and destinations from the company table, the destination token in a slot or beside the
city (rule option), the Southern Cattle and Gulf Shipping tokens.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from transcon.core.hexgrid import Hex
from transcon.eighteen.position import Position18xx, board_hexes, impassable_sides
from transcon.titles.t1870.data import Data1870, load_1870
from transcon.titles.t1870.game.data import COMPANIES
from transcon.titles.t1870.options import Options1870

__all__ = ["Position1870", "PrivateTokens", "board_hexes", "impassable_sides"]


@dataclass(slots=True)
class PrivateTokens:
    """Where the Southern Cattle and Gulf Shipping tokens lie and whose bonus they are."""

    cattle_hex: Hex | None = None
    cattle_owner: str | None = None
    port_hex: Hex | None = None
    port_owner: str | None = None
    port_closed: bool = False
    removed: bool = False
    """True once the first 6-train was bought: both tokens are gone (1870-base.md §10)."""


@dataclass(slots=True)
class Position1870(Position18xx):
    """Tiles, tokens, phase, destinations reached and private tokens of an 1870 game."""

    data: Data1870 = field(default_factory=load_1870)
    options: Options1870 = field(default_factory=Options1870)
    """The game's options; the route engine reads ``destination_blocks`` and
    ``destination_ends_only``."""
    destinations: set[str] = field(default_factory=set)
    """Companies that placed their destination token on the map (bonus active)."""
    privates: PrivateTokens = field(default_factory=PrivateTokens)

    def close_company(self, company: str) -> None:
        """Remove ``company`` from play with all its tokens."""
        self.destinations.discard(company)
        Position18xx.close_company(self, company)

    def place_home(self, company: str) -> None:
        """The company starts: its home token goes on its home city (idempotent)."""
        info = COMPANIES.get(company)
        self.start(company, info.home if info is not None else None)

    def place_destination(self, company: str) -> None:
        """The company put its destination token on the map (1870-base.md §8.4)."""
        info = COMPANIES[company]
        h = self.hex(info.destination)
        key = (h, self.city_node(h))
        if self.options.destination_blocks:
            self.place_token(*key, company)
        else:
            self.extra_tokens.setdefault(key, []).append(company)
        self.destinations.add(company)
        self.changed(track=False)
