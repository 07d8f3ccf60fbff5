"""A simple 1870 bot that plays purposefully enough to reach the late game.

``builder``: in the auction it buys the cheapest private or passes; in stock rounds it
completes the floats of companies it presides, otherwise starts a company or buys initial
offering shares, and never sells; its companies lay a random fitting tile, place a token
when they can, run their best routes, always pay out, and buy a train when they have none
or can afford the current type. Every choice is one of the game's legal actions.
"""

from __future__ import annotations

import random
from typing import Any

from transcon.core.game import Game
from transcon.core.title import Action
from transcon.eighteen.framework import actions as A
from transcon.eighteen.framework.bots import builder_stock_choice


class BuilderBot:
    """See the module docstring; ``seed`` drives its own random generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game[Any], player: str) -> Action:
        actions = game.legal_actions(player)
        state = game.state
        by_type: dict[str, list[Action]] = {}
        for action in actions:
            by_type.setdefault(action.type, []).append(action)
        pick = self._rng.choice
        for kind in ("discard", "connect", "protect"):
            if kind in by_type:
                return pick(by_type[kind])
        if state.round == "auction":
            bids = [a for a in by_type.get("bid", []) if isinstance(a, A.Bid)]
            if "par" in by_type:
                return by_type["par"][0]
            cheapest = [b for b in bids if b.private == bids[0].private] if bids else []
            if cheapest and self._rng.random() < 0.7:
                return cheapest[0]
            return by_type.get("pass", actions)[0]
        if state.round == "stock":
            return self._stock(game, player, by_type, actions)
        return self._operate(by_type, actions)

    def _stock(
        self, game: Game[Any], player: str, by_type: dict[str, list[Action]], actions: list[Action]
    ) -> Action:
        return builder_stock_choice(game.state, player, by_type, actions, self._rng)

    def _operate(self, by_type: dict[str, list[Action]], actions: list[Action]) -> Action:
        if "lay" in by_type and self._rng.random() < 0.8:
            return self._rng.choice(by_type["lay"])
        if "token" in by_type and self._rng.random() < 0.5:
            return self._rng.choice(by_type["token"])
        if "run" in by_type:
            return by_type["run"][0]
        for action in by_type.get("dividend", []):
            if isinstance(action, A.Dividend) and action.kind == "payout":
                return action
        trains = [a for a in by_type.get("train", []) if isinstance(a, A.BuyTrain)]
        bank = [t for t in trains if t.seller == "bank" and not t.exchange]
        if bank and self._rng.random() < 0.7:
            return bank[0]
        if "done" in by_type:
            return by_type["done"][0]
        if "sell" in by_type:
            return self._rng.choice(by_type["sell"])
        return by_type.get("bankrupt", actions)[0]
