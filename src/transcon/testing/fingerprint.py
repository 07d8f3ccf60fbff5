"""Everything that makes up a game's position, compared byte for byte."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from transcon.core.game import Game, canonical_json
from transcon.core.title import Event


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """A game's canonical state JSON, random generator, log length and events."""

    state: bytes
    rng: tuple[Any, int]
    log: int
    events: tuple[Event, ...]


def fingerprint(game: Game[Any]) -> Fingerprint:
    return Fingerprint(game.state_json(), game.rng.checkpoint(), len(game.log), tuple(game.events))


def difference(before: Fingerprint, after: Fingerprint) -> str | None:
    """What differs between two fingerprints (None: nothing)."""
    if before.log != after.log:
        return f"the log has {after.log} actions instead of {before.log}"
    if before.state != after.state:
        return f"the state differs: {first_difference(before.state, after.state)}"
    if before.rng != after.rng:
        return f"the random generator moved ({before.rng[1]} draws, now {after.rng[1]})"
    if before.events != after.events:
        return f"the events differ: {event_difference(before.events, after.events)}"
    return None


def first_difference(a: bytes, b: bytes) -> str:
    """Where two JSON encodings first differ, with a little context."""
    at = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    lo = max(0, at - 40)
    left = a[lo : at + 40].decode("utf-8", "replace")
    right = b[lo : at + 40].decode("utf-8", "replace")
    return f"at byte {at}: ...{left}... vs ...{right}..."


def event_difference(a: tuple[Event, ...], b: tuple[Event, ...]) -> str:
    for number, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"event {number}: {x.text!r} vs {y.text!r}"
    return f"{len(a)} events vs {len(b)}"


def game_digest(game: Game[Any]) -> str:
    """One SHA-256 over the state, the generator and every event (to compare processes)."""
    digest = hashlib.sha256(game.state_json())
    digest.update(canonical_json(game.rng.get_state()))
    digest.update(canonical_json([event.to_json() for event in game.events]))
    return digest.hexdigest()
