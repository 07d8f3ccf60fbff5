"""The one seeded random generator of a game.

Every random draw a title makes (dice, shuffles, random start player) goes through the game's
:class:`GameRandom`, so replaying the action log from the same seed reproduces every roll.
Bots and tools keep their own generators: they must never draw from the game's.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from transcon.core.errors import InputError

T = TypeVar("T")


class GameRandom:
    """A seeded generator (``random.Random``) with a draw counter and a JSON-able state.

    ``draws`` counts the values handed out: ``die()`` is one draw, ``roll(3)`` three,
    ``choice``/``shuffle``/``sample``/``randint``/``random`` one each. It makes "did this
    action roll anything?" cheap to check and shows up in status output.
    """

    __slots__ = ("_random", "_saved", "_watch", "draws", "seed")

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f"seed must be an integer, got {seed!r}")
        self.seed = seed
        self.draws = 0
        self._random = random.Random(seed)
        self._watch = False
        self._saved: tuple[Any, int] | None = None

    def __repr__(self) -> str:
        return f"GameRandom(seed={self.seed}, draws={self.draws})"

    # -- draws -----------------------------------------------------------------------------

    def die(self, sides: int = 6) -> int:
        """Roll one die with ``sides`` faces: 1..sides."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, got {sides}")
        if self._watch:
            self._remember()
        self.draws += 1
        return self._random.randint(1, sides)

    def roll(self, n: int, sides: int = 6) -> list[int]:
        """Roll ``n`` dice with ``sides`` faces each, in order."""
        if n < 0:
            raise ValueError(f"cannot roll {n} dice")
        return [self.die(sides) for _ in range(n)]

    def randint(self, a: int, b: int) -> int:
        """A random integer N with ``a <= N <= b``."""
        if self._watch:
            self._remember()
        self.draws += 1
        return self._random.randint(a, b)

    def random(self) -> float:
        """A float in [0, 1)."""
        if self._watch:
            self._remember()
        self.draws += 1
        return self._random.random()

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        if not seq:
            raise ValueError("cannot choose from an empty sequence")
        if self._watch:
            self._remember()
        self.draws += 1
        return self._random.choice(seq)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle a list in place (one draw)."""
        if self._watch:
            self._remember()
        self.draws += 1
        self._random.shuffle(items)

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements of ``population``, in draw order (one draw)."""
        if self._watch:
            self._remember()
        self.draws += 1
        return self._random.sample(population, k)

    # -- state -----------------------------------------------------------------------------

    def get_state(self) -> dict[str, Any]:
        """The full generator state as a JSON-able dict; :meth:`set_state` restores it exactly."""
        version, internal, gauss_next = self._random.getstate()
        return {"seed": self.seed, "draws": self.draws, "mt": [version, list(internal), gauss_next]}

    def set_state(self, state: dict[str, Any]) -> None:
        """Restore a state from :meth:`get_state` (also after a JSON round trip)."""
        try:
            version, internal, gauss_next = state["mt"]
            raw = (int(version), tuple(int(x) for x in internal), gauss_next)
            self._random.setstate(raw)
            self.seed = int(state["seed"])
            self.draws = int(state["draws"])
        except (KeyError, TypeError, ValueError) as err:
            raise InputError(f"invalid random generator state: {err}") from None

    def checkpoint(self) -> tuple[Any, int]:
        """A cheap opaque in-memory checkpoint for :meth:`rewind` (not JSON-able)."""
        return self._random.getstate(), self.draws

    def rewind(self, checkpoint: tuple[Any, int]) -> None:
        """Go back to a :meth:`checkpoint`: the next draws repeat the ones made since."""
        raw, self.draws = checkpoint
        self._random.setstate(raw)

    # A transaction for Game.apply: copying the generator state costs ~20 µs, so it is
    # taken lazily, just before the first draw, and actions that draw nothing pay nothing.

    def begin(self) -> None:
        """Start a transaction: :meth:`rollback` will undo every draw made after this."""
        self._saved = None
        self._watch = True

    def rollback(self) -> None:
        """Undo the draws made since :meth:`begin` and end the transaction."""
        if self._saved is not None:
            self.rewind(self._saved)
        self.commit()

    def commit(self) -> None:
        """End the transaction, keeping the draws."""
        self._saved = None
        self._watch = False

    def _remember(self) -> None:
        self._saved = self.checkpoint()
        self._watch = False

    def fork(self) -> GameRandom:
        """An independent copy in the same state (for look-ahead that must not touch this one)."""
        other = GameRandom(self.seed)
        other._random.setstate(self._random.getstate())
        other.draws = self.draws
        return other
