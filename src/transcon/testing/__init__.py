"""The conformance suite: what every title must satisfy to run on the engine.

``check_title(title)`` plays a bounded, seeded, random-ish game of ``title`` through the
uniform :class:`~transcon.core.game.Game` API and checks, at the positions it passes
through, the promises every title makes (see ``docs/engine.md``, "The conformance suite"):
replays are identical, queries never change the state, every listed legal action applies,
action text and JSON round-trip, illegal actions are refused and change nothing, save/load
and undo rebuild the same game, one player's secrets never reach another viewer, and a
crash inside a rule check is never an accepted move.

The suite knows no title: it uses only the core API, so a new title gets it for free.
"""

from transcon.testing.conformance import check_title
from transcon.testing.report import ConformanceError, ConformanceReport, Settings

__all__ = ["ConformanceError", "ConformanceReport", "Settings", "check_title"]
