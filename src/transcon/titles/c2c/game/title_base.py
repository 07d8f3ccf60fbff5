"""What every part of the 18C2C title shares: its setup, spec and options, and which
corporations run as merger corporations (the base of the title's mixins)."""

from __future__ import annotations

from typing import ClassVar

from transcon.eighteen.framework.spec import GameSpec
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.title import EighteenTitle
from transcon.titles.c2c.data import Setup
from transcon.titles.c2c.game.spec import game_spec
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.options import C2COptions


class C2CBase(EighteenTitle):
    """The setup (full map or Super-short), the spec and the options of an 18C2C game."""

    setup: ClassVar[Setup] = "full"

    def game_spec(self, options: dict[str, object]) -> GameSpec:
        return game_spec(self.setup, C2COptions.view(options))

    def options_of(self, state: GameState) -> C2COptions:
        return C2COptions.view(state.options)

    @property
    def super_short(self) -> bool:
        return self.setup == "super-short"

    def is_merger(self, state: GameState, sym: str) -> bool:
        """Whether ``sym`` runs as a merger corporation: a merger corporation (base rules
        4.8), Amtrak or Conrail (D variant 3l)."""
        return c2c_data(state).charter(sym).kind != "public"
