"""The full game of 1870 on the 18xx framework: :class:`Title1870` (registry name ``1870``)."""

from transcon.titles.t1870.game.title import Title1870

__all__ = ["Title1870"]
