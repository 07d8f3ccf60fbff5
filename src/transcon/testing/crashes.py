"""A crash inside a rule check is a bug report, never an accepted move.

The suite records which functions of the package a legal move runs (its check and its
apply), then makes one of them crash on purpose: the first call of that function raises
:class:`InjectedCrash` (through a trace function, so no code is patched and every caller is
reached). The move must then fail with that very exception, and the game must be exactly
as before. A ``try: ... except Exception`` around a check would wave the move through (or
turn the bug into a bogus rule error), and this check names the function where it happened.
"""

from __future__ import annotations

import inspect
import random
import sys
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import transcon
from transcon.core.errors import TransconError
from transcon.core.game import Game
from transcon.core.title import Action
from transcon.testing.fingerprint import difference, fingerprint
from transcon.testing.probes import show
from transcon.testing.report import Violation

PACKAGE = Path(transcon.__file__).resolve().parent
#: Code whose crashes are not the title's: the game's own apply/rollback and this suite.
EXCLUDED = (PACKAGE / "core" / "game.py", PACKAGE / "testing")
#: The generator's transaction, which the game runs around apply (not part of any rule).
TRANSACTION = frozenset({"GameRandom.begin", "GameRandom.commit", "GameRandom.rollback"})


class InjectedCrash(Exception):
    """The crash the suite injects; no title code may catch it."""


TraceFunction = Any  # sys.settrace's callable type is not public


def home(game: Game[Any]) -> Path:
    """The folder of the title's own code (inside this package, or out of tree)."""
    return Path(inspect.getfile(type(game.title))).resolve().parent


def in_scope(filename: str, title_home: Path) -> bool:
    """Is code in this file a crash candidate: the package's (outside the machinery that
    runs a move) or the title's own?"""
    path = Path(filename)
    if not (path.is_relative_to(PACKAGE) or path.is_relative_to(title_home)):
        return False
    return not any(path == part or path.is_relative_to(part) for part in EXCLUDED)


def site_name(code: CodeType) -> str:
    path = Path(code.co_filename)
    if path.is_relative_to(PACKAGE.parent):
        path = path.relative_to(PACKAGE.parent)
    return f"{path}:{code.co_firstlineno} {code.co_qualname}"


def functions_run(game: Game[Any], action: Action) -> list[CodeType]:
    """The package functions a move runs, in the order first called (on a copy)."""
    seen: dict[CodeType, None] = {}
    known: dict[str, bool] = {}
    title_home = home(game)

    def tracer(frame: FrameType, event: str, _arg: object) -> TraceFunction:
        if event == "call":
            code = frame.f_code
            if code not in seen:
                eligible = known.get(code.co_filename)
                if eligible is None:
                    eligible = known[code.co_filename] = in_scope(code.co_filename, title_home)
                if eligible and code.co_qualname not in TRANSACTION:
                    seen[code] = None
        return None

    copy = game.clone()
    with tracing(tracer):
        copy.apply(action)
    return list(seen)


class tracing:
    """Install a trace function for a block; restore the previous one (a coverage tool's)."""

    def __init__(self, tracer: TraceFunction) -> None:
        self._tracer = tracer
        self._previous: TraceFunction = None

    def __enter__(self) -> None:
        self._previous = sys.gettrace()
        sys.settrace(self._tracer)

    def __exit__(self, *_exc: object) -> None:
        sys.settrace(self._previous)


def crash_in(game: Game[Any], action: Action, code: CodeType) -> bool:
    """Make ``code`` crash on its first call during ``action`` (applied to a copy); Violation
    unless the move fails with that crash and leaves the copy as it was. False when the
    function was not called this time (e.g. its result was cached)."""
    copy = game.clone()
    before = fingerprint(copy)
    fired = False

    def tracer(frame: FrameType, event: str, _arg: object) -> TraceFunction:
        nonlocal fired
        if event == "call" and frame.f_code is code and not fired:
            fired = True
            raise InjectedCrash(site_name(code))
        return None

    site = site_name(code)
    outcome: BaseException | None = None
    with tracing(tracer):
        try:
            copy.apply(action)
        except Exception as err:
            outcome = err
    if not fired:
        return False
    move = show(game, action)
    if outcome is None:
        raise Violation(f"a crash in {site} was swallowed and the move {move} accepted")
    if isinstance(outcome, TransconError):
        raise Violation(f"a crash in {site} during {move} was turned into the error {outcome}")
    if not caused_by_injection(outcome):
        raise Violation(f"a crash in {site} during {move} surfaced as {outcome!r}")
    changed = difference(before, fingerprint(copy))
    if changed:
        raise Violation(f"a crash in {site} during {move} left the game changed: {changed}")
    return True


def caused_by_injection(err: BaseException | None) -> bool:
    """True if ``err`` is the injected crash or was raised while handling it."""
    seen = 0
    while err is not None and seen < 20:
        if isinstance(err, InjectedCrash):
            return True
        err = err.__cause__ or err.__context__
        seen += 1
    return False


class CrashSites:
    """The functions crashed so far and how many more the run may crash."""

    def __init__(self, budget: int) -> None:
        self.left = budget
        self.tried: set[CodeType] = set()

    def check(self, game: Any, actions: list[Action], rng: random.Random, per_position: int) -> int:
        """Crash up to ``per_position`` new functions of one of ``actions``; returns how
        many crashes were checked."""
        if self.left <= 0 or not actions:
            return 0
        action = rng.choice(actions)
        fresh = [code for code in functions_run(game, action) if code not in self.tried]
        checked = 0
        for code in rng.sample(fresh, min(len(fresh), per_position, self.left)):
            self.tried.add(code)
            if crash_in(game, action, code):
                checked += 1
                self.left -= 1
        return checked
