"""Railways of the World: the Eastern + Western USA combined game (seed 002)."""

from transcon.titles.rotw.state import RotwState
from transcon.titles.rotw.title import RailwaysOfTheWorldEastWest

__all__ = ["RailwaysOfTheWorldEastWest", "RotwState"]
