"""Bot choices shared by 18xx titles' builder bots."""

from __future__ import annotations

import random

from transcon.core.title import Action
from transcon.eighteen.framework import actions as A
from transcon.eighteen.framework.state import GameState


def builder_stock_choice(
    state: GameState,
    player: str,
    by_type: dict[str, list[Action]],
    actions: list[Action],
    rng: random.Random,
) -> Action:
    """A builder bot's stock-round action: complete the float of a company it presides
    (initial-offering shares), pass once it has acted, else start a company at a random par
    (one time in two) or buy a random initial-offering share (four times in five), else pass.
    ``by_type`` groups the legal ``actions`` by type; ``rng`` is the bot's own generator."""
    buys = [a for a in by_type.get("buy", []) if isinstance(a, A.BuyShare)]
    own = [b for b in buys if state.corps[b.corp].president == player and b.source == "ipo"]
    if own:
        return own[0]
    if state.stock.acted:
        return by_type.get("pass", actions)[0]
    if "par" in by_type and rng.random() < 0.5:
        return rng.choice(by_type["par"])
    ipo = [b for b in buys if b.source == "ipo"]
    if ipo and rng.random() < 0.8:
        return rng.choice(ipo)
    return by_type.get("pass", actions)[0]
