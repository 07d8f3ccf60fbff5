"""18C2C on the 18xx framework: the "D" variant (``18c2c-d``) and Super-short
(``18c2c-super-short``); rules in docs/rules/18c2c.md ("The game")."""

from transcon.titles.c2c.game.title import TitleC2C, TitleC2CSuperShort

__all__ = ["TitleC2C", "TitleC2CSuperShort"]
