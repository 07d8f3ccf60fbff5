"""Error types shared by every layer.

Every error a user can cause (a bad file, an illegal action) is a :class:`TransconError`;
the CLI prints its one-line message and exits with status 2.
"""

from __future__ import annotations


class TransconError(Exception):
    """Base class for errors caused by user input; ``str(err)`` is a one-line message."""


class InputError(TransconError):
    """Malformed input: a file, an option, an action text."""


class MapFileError(InputError):
    """A map file failed validation; ``problems`` holds every ``FILE: HEX: reason`` line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        first = problems[0] if problems else "invalid map file"
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        super().__init__(first + more)


class SaveFileError(InputError):
    """A save file could not be read: wrong format, unknown version, corrupt log."""


class IllegalAction(TransconError):
    """An action broke a rule. ``rule`` names the rule (e.g. ``"RR-USA 3: build cost"``)."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"illegal action ({rule}): {message}")
