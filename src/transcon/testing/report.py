"""What a conformance run is asked to do (:class:`Settings`) and what it found
(:class:`ConformanceReport`); :class:`Violation` is how a check says a promise was broken."""

from __future__ import annotations

import traceback
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from transcon.core.game import Game

#: The checks, in the order the report lists them, each with what it verifies.
CHECKS: dict[str, str] = {
    "setup": "a new game starts for every player count; the title's constants are sound",
    "drive": "somebody can always act until the game is over, with a legal action",
    "queries-pure": "status, views, legal actions, checks and logs never change the game",
    "legal-apply": "every listed legal action passes the check and applies",
    "notation": "action text reads back as the same action (also as 'NAME: text')",
    "json": "action JSON reads back as the same action",
    "illegal-refused": "an illegal action raises a rule error and changes nothing",
    "undo": "undoing n actions gives the game as it was n actions ago",
    "save-load": "a saved game loads as the same game (state, generator, events)",
    "replay": "the same setup, seed and actions give the same state and events, every time",
    "secrets": "one player's hidden information never reaches another viewer",
    "crash-never-accepted": "a crash inside a rule check or apply raises; the move is not made",
    "game-end": "a finished game has scores, no player to act and refuses every action",
}


class Violation(Exception):
    """A broken promise, found by a check; the message says what and where."""


class ConformanceError(AssertionError):
    """Raised by :func:`~transcon.testing.check_title` when a title fails; carries the report."""

    def __init__(self, report: ConformanceReport) -> None:
        self.report = report
        super().__init__(report.summary())


@dataclass(frozen=True, slots=True)
class Settings:
    """How much of a game a conformance run plays and how hard it probes each position.

    The defaults keep a run of one title to seconds (the default test run); :meth:`thorough`
    is for ``--runslow``. ``options`` are the title's options (defaults filled in).
    """

    seed: int = 1
    players: int | None = None
    options: Mapping[str, object] | None = None
    #: Plies of random-ish play (fewer when the game ends first).
    moves: int = 160
    #: Probe the position after every ``probe_every``-th ply (and the first and last one).
    probe_every: int = 4
    #: Every ``deep_every``-th probed position also gets the costly checks: undo, save/load,
    #: replay, hidden information and crash injection.
    deep_every: int = 5
    #: Legal actions applied (on copies) per probed position, every action type included.
    apply_sample: int = 6
    #: Legal actions whose text and JSON are round-tripped per probed position.
    notation_sample: int = 40
    #: Illegal variants of legal actions tried per probed position.
    illegal_sample: int = 6
    #: Pairs of secret-differing moves compared per deep position (hidden information).
    secret_pairs: int = 2
    #: Functions crashed on purpose over the whole run (each in one move's check or apply).
    crash_sites: int = 20

    def thorough(self) -> Settings:
        """A long run: play to the end (up to 3000 plies), probe every other position."""
        return replace(
            self,
            moves=3000,
            probe_every=2,
            deep_every=8,
            apply_sample=20,
            notation_sample=400,
            illegal_sample=12,
            secret_pairs=4,
            crash_sites=200,
        )


@dataclass
class ConformanceReport:
    """What one :func:`~transcon.testing.check_title` run checked and found."""

    title: str
    settings: Settings
    players: tuple[str, ...] = ()
    plies: int = 0
    over: bool = False
    seconds: float = 0.0
    #: Check name -> how many times it held.
    counts: Counter[str] = field(default_factory=Counter)
    #: Check name -> the first violation found (a check stops after its first failure).
    failures: dict[str, str] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return not self.failures

    def count(self, check: str, n: int = 1) -> None:
        self.counts[check] += n

    def run(self, check: str, game: Game[Any] | None, probe: Callable[[], int]) -> None:
        """Run one probe of ``check`` unless it already failed and count how many times it
        held (what ``probe`` returns); record its first violation (or an unexpected
        exception from the title, which is a violation too)."""
        if check in self.failures:
            return
        try:
            self.counts[check] += probe()
        except Violation as err:
            self.failures[check] = f"{err}{where(game)}"
        except Exception as err:  # a crash in title code is a finding, not a suite error
            self.failures[check] = f"crashed: {crash_text(err)}{where(game)}"

    def summary(self) -> str:
        """One line per check: held N times, or the violation."""
        state = "game over" if self.over else "game not over"
        lines = [
            f"{self.title}: {'PASS' if self.passed else 'FAIL'} ({len(self.players)} players, "
            f"seed {self.settings.seed}, {self.plies} plies, {state}, {self.seconds:.1f}s)"
        ]
        for check in CHECKS:
            if check in self.failures:
                lines.append(f"  {check}: FAILED: {self.failures[check]}")
            elif self.counts[check]:
                lines.append(f"  {check}: held {self.counts[check]} times")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "passed": self.passed,
            "players": list(self.players),
            "seed": self.settings.seed,
            "plies": self.plies,
            "over": self.over,
            "seconds": round(self.seconds, 2),
            "counts": dict(self.counts),
            "failures": dict(self.failures),
        }


def where(game: Game[Any] | None) -> str:
    """`` (after N actions, last: P: text)`` for a failure message."""
    if game is None:
        return ""
    if not game.log:
        return " (at the start)"
    last = game.log[-1]
    try:
        text = f"{last.player}: {game.format(last)}"
    except Exception:  # a broken formatter is reported by its own check
        text = repr(last)
    return f" (after {len(game.log)} actions, last: {text[:120]})"


def crash_text(err: BaseException) -> str:
    """``TypeError: message at module.py:42 in function`` (the innermost frame)."""
    text = f"{type(err).__name__}: {str(err)[:300]}"
    frames = traceback.extract_tb(err.__traceback__)
    if not frames:
        return text
    last = frames[-1]
    return f"{text} at {last.filename.rsplit('/', 1)[-1]}:{last.lineno} in {last.name}"
