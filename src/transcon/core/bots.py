"""Bots: anything that picks an action for a player, through the uniform game API.

A bot never draws from the game's random generator (that would change the dice of a replay);
each bot owns its own seeded ``random.Random``. Titles add their own bots with
``Title.bots()``, a ``name -> factory(seed)`` dict; ``"random"`` is always available.

Any bot name may carry a noise level: ``"greedy~0.2"`` is the ``greedy`` bot that, before
each choice, plays a uniformly random legal action instead with probability 0.2 (an
"epsilon-greedy" player, used to grade skill). Its coin has its own generator, seeded from
the bot's seed, so such games stay reproducible from their seeds.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from transcon.core.errors import InputError
from transcon.core.game import Game
from transcon.core.title import Action, Title


class Bot(Protocol):
    """Picks the next action of ``player``; it must be one :meth:`Game.apply` accepts."""

    def choose(self, game: Game[Any], player: str) -> Action: ...


#: Builds a bot from a seed (every bot gets its own, derived with :func:`bot_seed`).
BotFactory = Callable[[int], Bot]


class RandomBot:
    """Picks uniformly among ``game.legal_actions(player)`` with its own generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game[Any], player: str) -> Action:
        actions = game.legal_actions(player)
        if not actions:
            raise InputError(f"{player} has no legal action")
        return self._rng.choice(actions)


class NoisyBot:
    """Plays ``inner``'s choice, or with probability ``noise`` a uniformly random legal action."""

    def __init__(self, inner: Bot, noise: float, seed: int) -> None:
        self._inner = inner
        self._noise = noise
        self._rng = random.Random(bot_seed(seed, "noise"))

    def choose(self, game: Game[Any], player: str) -> Action:
        if self._noise > 0 and self._rng.random() < self._noise:
            actions = game.legal_actions(player)
            if actions:
                return self._rng.choice(actions)
        return self._inner.choose(game, player)


BUILTIN_BOTS: dict[str, BotFactory] = {"random": RandomBot}
NOISE_MARK = "~"


def available_bots(title: Title[Any]) -> dict[str, BotFactory]:
    """Every bot usable with ``title``: the built-in ones plus ``title.bots()``."""
    return {**BUILTIN_BOTS, **title.bots()}


def make_bot(title: Title[Any], name: str, seed: int) -> Bot:
    """A bot by name; InputError naming the choices if there is no such bot."""
    base, noise = split_noise(name)
    factories = available_bots(title)
    factory = factories.get(base)
    if factory is None:
        known = ", ".join(sorted(factories))
        raise InputError(
            f"unknown bot {name!r} for {title.name} "
            f"(bots: {known}; add {NOISE_MARK}P for random moves with probability P)"
        )
    bot = factory(seed)
    return NoisyBot(bot, noise, seed) if noise > 0 else bot


def split_noise(name: str) -> tuple[str, float]:
    """``"greedy~0.2"`` -> ``("greedy", 0.2)``; a plain name has noise 0."""
    base, mark, level = name.partition(NOISE_MARK)
    if not mark:
        return name, 0.0
    try:
        noise = float(level)
    except ValueError:
        noise = -1.0
    if not 0.0 <= noise <= 1.0:
        raise InputError(f"bot {name!r}: the noise after {NOISE_MARK!r} must be in 0..1")
    return base, noise


def bot_seed(*parts: object) -> int:
    """A stable 64-bit seed from any parts, e.g. ``bot_seed(run_seed, game_no, seat)``."""
    text = ":".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def play_out(
    game: Game[Any],
    bots: Mapping[str, Bot],
    max_actions: int = 100_000,
    on_action: Callable[[int], None] | None = None,
) -> int:
    """Let bots play until the game is over or ``max_actions`` were applied; returns the count
    (``on_action`` is told the count after each action, e.g. for a progress display).

    When several players may act at once, the first one listed moves first. Errors from
    bots or the title (e.g. an illegal choice) propagate; the game stays consistent.
    """
    applied = 0
    while applied < max_actions and not game.is_over():
        current = game.current_players()
        if not current:
            raise InputError("nobody may act, but the game is not over")
        player = current[0]
        bot = bots.get(player)
        if bot is None:
            raise InputError(f"no bot plays {player}")
        game.apply(bot.choose(game, player))
        applied += 1
        if on_action is not None:
            on_action(applied)
    return applied
