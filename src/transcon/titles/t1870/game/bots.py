"""Simple 1870 bots that play purposefully enough to reach the late game.

``builder``: in the auction it buys the cheapest private or passes; in stock rounds it
completes the floats of companies it presides, otherwise starts a company or buys initial
offering shares, and never sells; its companies lay a random fitting tile, place a token
when they can, run their best routes, always pay out, and buy a train when they have none
or can afford the current type. Every choice is one of the game's legal actions.

``seeker``: a builder that seeks the rules' rare corners, for fuzzing: its companies buy the
Mississippi River Bridge Company from a player when they may and use its lay, build toward
their destinations (so connection runs happen) and spend their treasuries (trains bought
whenever they can pay, market shares redeemed, now and then reissued), while its players
spend theirs on shares (initial offering and market), so that when trains rust presidents
pay and sell shares for forced train purchases, or go bankrupt; it now and then sells in a
stock round and declines price protection one time in three. Its lays are checked with the
game (``Game.is_legal``) before it plays them.
"""

from __future__ import annotations

import random
from typing import Any

from transcon.core.game import Game
from transcon.core.title import Action
from transcon.eighteen.framework import actions as A
from transcon.eighteen.framework.bots import builder_stock_choice
from transcon.eighteen.framework.rounds import TurnStage
from transcon.titles.t1870.game.data import BRIDGE_PRIVATE, MISSISSIPPI


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


class SeekerBot(BuilderBot):
    """See the module docstring (``seeker``)."""

    #: How many ranked lays it asks the game about before falling back to a builder's lay.
    TRIES = 40

    def choose(self, game: Game[Any], player: str) -> Action:
        state = game.state
        actions = game.legal_actions(player)
        by_type: dict[str, list[Action]] = {}
        for action in actions:
            by_type.setdefault(action.type, []).append(action)
        if "protect" in by_type and self._rng.random() < 1 / 3:
            return by_type.get("pass", by_type["protect"])[0]
        if state.round == "operating" and not {"discard", "connect", "protect"} & by_type.keys():
            chosen = self._seek(game, player, by_type)
            if chosen is not None:
                return chosen
        if state.round == "stock" and not {"protect", "discard"} & by_type.keys():
            return self._stock_seeking(game, player, by_type, actions)
        return super().choose(game, player)

    def _stock_seeking(
        self, game: Game[Any], player: str, by_type: dict[str, list[Action]], actions: list[Action]
    ) -> Action:
        state = game.state
        sells = [a for a in by_type.get("sell", []) if isinstance(a, A.SellShares)]
        if sells and not state.stock.acted and self._rng.random() < 0.05:
            return self._rng.choice(sells)
        if "redeem" in by_type and self._rng.random() < 0.5:
            return self._rng.choice(by_type["redeem"])
        if "reissue" in by_type and self._rng.random() < 0.3:
            return self._rng.choice(by_type["reissue"])
        choice = builder_stock_choice(state, player, by_type, actions, self._rng)
        if choice.type != "pass" or state.stock.acted:
            return choice
        if "par" in by_type and self._rng.random() < 0.5:
            return self._rng.choice(by_type["par"])
        buys = [a for a in by_type.get("buy", []) if isinstance(a, A.BuyShare)]
        if buys and self._rng.random() < 0.9:
            return self._rng.choice(buys)
        return choice

    def _seek(
        self, game: Game[Any], player: str, by_type: dict[str, list[Action]]
    ) -> Action | None:
        """The seeker's own operating choices; None: play as a builder, except for trains."""
        state = game.state
        sym = game.title.current_corp(state)  # type: ignore[attr-defined]
        bridge = state.privates.get(BRIDGE_PRIVATE)
        for buy in by_type.get("private", []):
            if isinstance(buy, A.BuyPrivate) and buy.private == BRIDGE_PRIVATE:
                return buy
        if state.operating.step <= TurnStage.TRACK:
            if bridge is not None and bridge.owner == "@" + sym and "lay" not in bridge.used:
                lay = self._first_legal(game, self._lays(game, player, sym, bridge=True))
                if lay is not None:
                    return lay
            if self._rng.random() < 0.85 and sym not in _connected(state):
                lay = self._first_legal(game, self._lays(game, player, sym, bridge=False))
                if lay is not None:
                    return lay
        trains = [a for a in by_type.get("train", []) if isinstance(a, A.BuyTrain)]
        bank = [t for t in trains if t.seller == "bank" and not t.exchange]
        at_trains = not {"lay", "run", "dividend"} & by_type.keys()
        if bank and at_trains and self._rng.random() < 0.9:
            return bank[0]
        return None

    def _lays(self, game: Game[Any], player: str, sym: str, *, bridge: bool) -> list[A.LayTile]:
        """Candidate lays toward ``sym``'s destination, best first (ties in random order);
        ``bridge``: the MRBC's lays in Mississippi hexes."""
        from transcon.titles.t1870.game.seeking import network_hexes, ranked_lays

        state = game.state
        title = game.title
        phase = title.phase(state)  # type: ignore[attr-defined]
        op = state.operating
        hexes = [h for h in network_hexes(state, sym, phase.name) if h not in op.laid_hexes]
        if bridge:
            hexes = [h for h in hexes if h in MISSISSIPPI]
        destination = title.spec(state).corp(sym).destination  # type: ignore[attr-defined]
        if not destination:
            return []
        private = BRIDGE_PRIVATE if bridge else ""

        def make(hex_: str, tile: str, rotation: int) -> A.LayTile:
            return A.LayTile(player=player, hex=hex_, tile=tile, rotation=rotation, private=private)

        upgrades = bridge or not op.lays
        ranked = ranked_lays(state, hexes, phase.tiles, destination, make, upgrades=upgrades)
        keyed = [(rank, self._rng.random(), lay) for rank, lay in ranked]
        keyed.sort(key=lambda item: (item[0], item[1]))
        return [lay for _, _, lay in keyed[: self.TRIES]]

    @staticmethod
    def _first_legal(game: Game[Any], lays: list[A.LayTile]) -> A.LayTile | None:
        return next((lay for lay in lays if game.is_legal(lay)), None)


def _connected(state: Any) -> dict[str, str]:
    from transcon.titles.t1870.game.state import state_1870

    return state_1870(state).connected
