"""Checks that rebuild a game from its log: replay identity, undo, save and load."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from transcon.core.game import Game
from transcon.core.savefile import dumps_record, game_from_record, game_record, parse_record
from transcon.testing.fingerprint import difference, fingerprint
from transcon.testing.probes import viewers
from transcon.testing.report import Violation

#: How many actions the undo check takes back (each that the log is long enough for).
UNDO_DEPTHS = (1, 2, 5)


@dataclass(frozen=True, slots=True)
class Mark:
    """A past position in little memory: digests of the state and generator, event count."""

    state: str
    rng: int
    events: int


def mark(game: Game[Any]) -> Mark:
    state = hashlib.sha256(game.state_json()).hexdigest()
    return Mark(state, hash(game.rng.checkpoint()), len(game.events))


def check_undo(game: Game[Any], history: list[Mark]) -> int:
    """``undo(n)`` gives the position of ``n`` actions ago (``history[i]`` is the position
    after ``i`` actions), and the same game as replaying the log without the last ``n``."""
    checked = 0
    for n in UNDO_DEPTHS:
        if n > len(game.log):
            break
        copy = game.clone()
        undone = copy.undo(n)
        if list(undone) != list(game.log[-n:]):
            raise Violation(f"undo({n}) took back {undone!r}, not the last {n} actions")
        then = history[len(game.log) - n]
        if mark(copy) != then or tuple(copy.events) != tuple(game.events[: then.events]):
            raise Violation(f"undo({n}) does not give the game as it was {n} actions ago")
        fresh = Game.from_log(game.title, game.players, game.log[:-n], game.options, game.seed)
        changed = difference(fingerprint(fresh), fingerprint(copy))
        if changed:
            raise Violation(f"undo({n}) differs from a replay without the last {n}: {changed}")
        checked += 1
    return checked


def check_save_load(game: Game[Any]) -> int:
    """Save-file text, read and replayed, gives the same game (and the stored checksum)."""
    record = game_record(game)
    text = dumps_record(record)
    loaded = game_from_record(
        parse_record(json.loads(text), "save"), "save", titles=lambda _name: game.title
    )
    changed = difference(fingerprint(game), fingerprint(loaded))
    if changed:
        raise Violation(f"the loaded game differs: {changed}")
    if record["checksum"] != loaded.state_digest():
        raise Violation("the loaded game's checksum differs from the saved one")
    if (loaded.players, dict(loaded.options), loaded.seed) != (
        game.players,
        dict(game.options),
        game.seed,
    ):
        raise Violation("the loaded game has other players, options or seed")
    return 1


def check_replay(game: Game[Any]) -> int:
    """Two replays of the log (with the process-wide random generators disturbed in between,
    which a title must never use) give this game: state, generator, events, legal actions in
    the same order, and every viewer's status."""
    replays = []
    for salt in (1, 2):
        with disturbed_global_random(salt):
            replays.append(game.replay())
    for number, other in enumerate(replays, start=1):
        changed = difference(fingerprint(game), fingerprint(other))
        if changed:
            raise Violation(f"replay {number} differs from the game played: {changed}")
    other = replays[0]
    for player in game.current_players():
        if game.legal_actions(player) != other.legal_actions(player):
            raise Violation(f"after a replay {player}'s legal actions differ (or their order)")
    for viewer in viewers(game):
        if game.status_for(viewer) != other.status_for(viewer):
            raise Violation(f"after a replay the status for {viewer!r} differs")
    verdict = game.verify_replay()
    if not verdict:
        raise Violation(f"verify_replay: {verdict.detail}")
    return 1


@contextmanager
def disturbed_global_random(salt: int) -> Iterator[None]:
    """Reseed ``random`` (and numpy's global generator if loaded); restore them afterwards."""
    saved = random.getstate()
    numpy = sys.modules.get("numpy")
    numpy_saved = numpy.random.get_state() if numpy is not None else None
    random.seed(salt * 7919)
    if numpy is not None:
        numpy.random.seed(salt * 7919)
    try:
        yield
    finally:
        random.setstate(saved)
        if numpy is not None:
            numpy.random.set_state(numpy_saved)


def same_start(make: Callable[[], Game[Any]]) -> int:
    """Two games made with the same setup start identically."""
    one = make()
    with disturbed_global_random(3):
        two = make()
    changed = difference(fingerprint(one), fingerprint(two))
    if changed:
        raise Violation(f"two games with the same setup and seed start differently: {changed}")
    return 1
