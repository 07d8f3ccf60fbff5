"""Demo Rails: a small game on the demo board that exercises the engine end to end."""

from transcon.titles.demo.rules import DemoState, DemoTitle

__all__ = ["DemoState", "DemoTitle"]
