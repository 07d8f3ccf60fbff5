"""Choosing what to try: samples of legal actions that cover every action type, and
variants of legal actions with one field changed (candidates for illegal moves)."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import ValidationError

from transcon.core.game import Game
from transcon.core.title import Action

#: Action fields every action has; variants change the others.
COMMON_FIELDS = ("type", "player")
#: How many values of one field the pool remembers (from legal actions seen so far).
POOL_SIZE = 40


def by_type(actions: Sequence[Action]) -> dict[str, list[Action]]:
    groups: dict[str, list[Action]] = defaultdict(list)
    for action in actions:
        groups[action.type].append(action)
    return groups


def sample_actions(actions: Sequence[Action], k: int, rng: random.Random) -> list[Action]:
    """Up to ``k`` actions: one of every type first (so rare types are tried), then any."""
    if len(actions) <= k:
        return list(actions)
    chosen = [rng.choice(group) for group in by_type(actions).values()][:k]
    rest = [action for action in actions if action not in chosen]
    chosen += rng.sample(rest, k - len(chosen))
    return chosen


def pick_move(actions: Sequence[Action], rng: random.Random) -> Action:
    """A random-ish move: a uniformly chosen action type, then an action of that type (so a
    type with thousands of instances does not crowd out the rare ones)."""
    groups = by_type(actions)
    return rng.choice(groups[rng.choice(sorted(groups))])


def play_random(game: Game[Any], plies: int, seed: int) -> int:
    """Make up to ``plies`` random-ish legal moves (fewer if the game ends); returns how many."""
    rng = random.Random(seed)
    for made in range(plies):
        if game.is_over():
            return made
        player = rng.choice(game.current_players())
        game.apply(pick_move(game.legal_actions(player), rng))
    return plies


class FieldPool:
    """Values seen in each action field, to build plausible variants of other actions."""

    def __init__(self) -> None:
        self._values: dict[str, list[Any]] = defaultdict(list)

    def learn(self, actions: Sequence[Action]) -> None:
        for action in actions:
            for name in type(action).model_fields:
                if name in COMMON_FIELDS:
                    continue
                value = getattr(action, name)
                seen = self._values[name]
                if value not in seen and len(seen) < POOL_SIZE:
                    seen.append(value)

    def values(self, name: str) -> list[Any]:
        return self._values.get(name, [])


def hostile_values(value: Any) -> list[Any]:
    """Values of the same shape as ``value`` that are likely wrong."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, -value - 1, value + 1000, 0]
    if isinstance(value, str):
        return ["", value + "X", "Z99", value[:-1]]
    if isinstance(value, tuple | list):
        items = list(value)
        variants: list[list[Any]] = [[], items[:-1], items + items[-1:], items[::-1]]
        return [type(value)(v) if isinstance(value, tuple) else v for v in variants]
    if isinstance(value, dict):
        return [{}]
    return []


def variants(action: Action, pool: FieldPool, rng: random.Random) -> Iterator[Action]:
    """``action`` with one field changed, in random order (only values its model accepts)."""
    fields = [name for name in type(action).model_fields if name not in COMMON_FIELDS]
    rng.shuffle(fields)
    for name in fields:
        current = getattr(action, name)
        candidates = [v for v in pool.values(name) if v != current] + hostile_values(current)
        rng.shuffle(candidates)
        for value in candidates[:3]:
            data = action.model_dump()
            data[name] = value
            try:
                yield type(action).model_validate(data)
            except ValidationError:
                continue
