"""The 18C2C builder bot: plays purposefully enough to reach the late game.

In the packet it eliminates or buys the first private offered (or passes); in stock rounds it
completes the floats of corporations it presides, starts corporations at a random par, buys
initial-offering shares, and never sells; at float it buys every token Table A allows. Its
corporations lay the tile that brings their track closest to their destination, place a
token when they can, take the transcontinental bonus as soon as they can prove it, make
their destination run as soon as they can, otherwise run the optimiser's best routes, always
pay out, and buy a train when they have none or can afford the current type. With the option
``share_redemption`` on, its corporations now and then redeem a share (keeping a train's
price) or reissue their treasury shares, and its players now and then buy reissued shares.
Now and then they buy a private at its lowest price (keeping a train's price), an unused
Engineer marker, or designate a P city; a Prospectors' discount is used on the costly lays of
its zone, the Keystone Tunnel on a hill, a Central Pacific token placed each turn it can.
Every choice is one of the legal actions: in operating rounds the candidates are checked in order
of preference and the first legal one is taken (checking every fitting tile first is slow).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from transcon.core.errors import IllegalAction, InputError
from transcon.core.game import Game
from transcon.core.title import Action
from transcon.eighteen.framework import actions as A
from transcon.eighteen.framework.bots import builder_stock_choice
from transcon.eighteen.framework.rounds import Step
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.operating import Route
from transcon.eighteen.framework.steps.redemption import Redeem
from transcon.titles.c2c.game.actions import BuyMarker, BuyTokens
from transcon.titles.c2c.game.private_powers import new_marker_seller
from transcon.titles.c2c.game.track import tile_left
from transcon.titles.c2c.privates import PROSPECTORS

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C


class BuilderBot:
    """See the module docstring; ``seed`` drives its own random generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game[Any], player: str) -> Action:
        state = game.state
        if state.round == "operating":
            # Many candidates (every fitting tile): check them in order of preference and
            # take the first legal one instead of checking them all.
            chosen = self._operate(game, player)
            if chosen is not None:
                return chosen
        actions = game.legal_actions(player)
        by_type: dict[str, list[Action]] = {}
        for action in actions:
            by_type.setdefault(action.type, []).append(action)
        pick = self._rng.choice
        if "discard" in by_type:
            return pick(by_type["discard"])
        if "eliminate" in by_type:
            return pick(by_type["eliminate"])
        if "tokens" in by_type:
            return max(
                (a for a in by_type["tokens"] if isinstance(a, BuyTokens)),
                key=lambda a: len(a.costs),
            )
        if state.round == "auction":
            if "par" in by_type:
                return by_type["par"][0]
            bids = [a for a in by_type.get("bid", []) if isinstance(a, A.Bid)]
            if bids and self._rng.random() < 0.7:
                return bids[0]
            return by_type.get("pass", actions)[0]
        if state.round == "stock":
            return self._stock(game, player, by_type, actions)
        return by_type.get("done", by_type.get("bankrupt", actions))[0]

    def _stock(
        self, game: Game[Any], player: str, by_type: dict[str, list[Action]], actions: list[Action]
    ) -> Action:
        redemption = self._redemption(game, by_type)
        if redemption is not None:
            return redemption
        return builder_stock_choice(game.state, player, by_type, actions, self._rng)

    def _redemption(self, game: Game[Any], by_type: dict[str, list[Action]]) -> Action | None:
        """With the option ``share_redemption`` on (else none is legal and nothing is drawn):
        now and then redeem a share when the corporation keeps a train's price, reissue, or
        buy a reissued share."""
        from transcon.titles.c2c.game.title import TitleC2C

        title, state = game.title, game.state
        assert isinstance(title, TitleC2C)
        train = title.cheapest_train(state) or 0
        redeems = [
            a
            for a in by_type.get("redeem", [])
            if isinstance(a, Redeem)
            and state.corps[a.corp].cash - title.price(state, a.corp) >= train
        ]
        if redeems and self._rng.random() < 0.3:
            return self._rng.choice(redeems)
        if "reissue" in by_type and self._rng.random() < 0.3:
            return self._rng.choice(by_type["reissue"])
        buys = by_type.get("buy", [])
        reissued = [a for a in buys if isinstance(a, A.BuyShare) and a.source == "treasury"]
        if reissued and self._rng.random() < 0.5:
            return self._rng.choice(reissued)
        return None

    def _operate(self, game: Game[Any], player: str) -> Action | None:
        """The first legal action in the order of preference (None: none found)."""
        from transcon.titles.c2c.game.title import TitleC2C

        title = game.title
        assert isinstance(title, TitleC2C)
        state = game.state
        round_ = title.current_round(state)
        if round_ is None:
            return None
        by_type: dict[str, list[Action]] = {}
        for step in round_.active_steps(state):
            for action in _step_choices(title, step, state, player):
                by_type.setdefault(action.type, []).append(action)
        shuffled = {kind: self._rng.sample(got, len(got)) for kind, got in by_type.items()}
        lays = [a for a in by_type.get("lay", []) if isinstance(a, A.LayTile)]
        payout = [a for a in by_type.get("dividend", []) if getattr(a, "kind", "") == "payout"]
        trains: list[Action] = list(by_type.get("train", []))
        bank: list[Action] = [
            t for t in trains if isinstance(t, A.BuyTrain) and t.seller == "bank" and not t.exchange
        ]
        buy_train = bank if self._rng.random() < 0.7 else []
        # the random draws in the order the candidates are listed (the same games as before)
        private_powers = self._private_powers(game, shuffled)
        toward = self._toward_destination(game, lays) if self._rng.random() < 0.9 else []
        sym = title.current_corp(state)
        preferences: list[Sequence[Action] | Callable[[], Iterable[Action]]] = [
            shuffled.get("discard", []),
            private_powers,
            by_type.get("transcontinental", []),
            lambda: _maybe_legal_lays(title, state, sym, toward),
            shuffled.get("token", []),
            by_type.get("destination", []),
            lambda: [title.hook_bot_run(state, sym, player)] if "run" in by_type else [],
            payout,
            by_type.get("dividend", []),
            buy_train,
            by_type.get("done", []),
            trains,
            shuffled.get("sell", []),
            by_type.get("bankrupt", []),
        ]
        for candidates in preferences:
            for action in candidates() if callable(candidates) else candidates:
                if game.is_legal(action):
                    return action
        return None

    def _private_powers(self, game: Game[Any], shuffled: dict[str, list[Action]]) -> list[Action]:
        """A Central Pacific token (its tile point) first; now and then: buy a private from a
        player at its lowest price when the treasury keeps enough for a train, buy an
        Engineer marker, designate a P city."""
        from transcon.titles.c2c.game.title import TitleC2C

        title, state = game.title, game.state
        assert isinstance(title, TitleC2C)
        cash = state.corps[title.current_corp(state)].cash
        train = title.cheapest_train(state) or 0
        out: list[Action] = list(shuffled.get("assign", [])[:1])  # a Central Pacific token
        roll = self._rng.random()
        if roll < 0.3:
            offers = [a for a in shuffled.get("private", []) if isinstance(a, A.BuyPrivate)]
            lowest = {a.private: a.price for a in sorted(offers, key=lambda a: -a.price)}
            # a Prospectors bought in phase 2 only gives its discount: mostly wait for phase 3
            early = title.phase(state).name == "2"
            out.extend(
                a
                for a in offers
                if a.price == lowest[a.private]
                and cash - a.price >= train
                and not (early and a.private in PROSPECTORS and roll > 0.1)
            )
        if roll < 0.5:
            out.extend(
                a
                for a in shuffled.get("marker", [])
                if isinstance(a, BuyMarker) and new_marker_seller(state, a.seller)
            )
        if roll < 0.2:
            out.extend(shuffled.get("prospect", [])[:3])
        return out

    def _toward_destination(self, game: Game[Any], lays: list[A.LayTile]) -> list[A.LayTile]:
        """The lays nearest the operating corporation's destination first (ties at random)."""
        from transcon.titles.c2c.game.title import TitleC2C
        from transcon.titles.c2c.game.track import hex_of

        title = game.title
        assert isinstance(title, TitleC2C)
        state = game.state
        sym = title.current_corp(state)
        setup = title.setup
        destination = title.spec(state).corp(sym).destination
        if not destination:
            return list(self._rng.sample(lays, len(lays)))
        goal = hex_of(setup, destination)
        distances: dict[str, int] = {}
        for lay in lays:
            if lay.hex not in distances:
                distances[lay.hex] = hex_of(setup, lay.hex).distance(goal)
        rng = self._rng
        # one draw per lay, in list order (as the key function of ``sorted`` draws them)
        keyed = [
            (distances[lay.hex], 0 if lay.private else 1, rng.random(), i)
            for i, lay in enumerate(lays)
        ]
        return [lays[i] for *_, i in sorted(keyed)]


LAZY_RUN = A.RunRoutes(player="", revenue=0)
"""Stands for the Route step's candidate (the optimiser's best run) until the bot gets to it:
the run is only worked out when no earlier preference is legal."""


def _step_choices(title: TitleC2C, step: Step, state: GameState, player: str) -> list[Action]:
    """``step``'s candidates, the run's stood for by :data:`LAZY_RUN` (same count and order
    as ``step.choices``, so the bot's random draws stay the same)."""
    if isinstance(step, Route):
        sym = title.current_corp(state)
        open_ = state.corps[sym].president == player and step.closed(state, sym) is None
        return [LAZY_RUN] if open_ else []
    return step.choices(state, player)


def _maybe_legal_lays(
    title: TitleC2C, state: GameState, sym: str, lays: list[A.LayTile]
) -> Iterator[A.LayTile]:
    """``lays`` less those with no tile left or that the title's own track check
    (``hook_lay``) refuses: quick necessary conditions, the full check (``is_legal``) still
    follows."""
    left: dict[str, bool] = {}
    for lay in lays:
        if lay.tile not in left:
            left[lay.tile] = tile_left(state, title.setup, lay.tile)
        if not left[lay.tile]:
            continue
        try:
            title.hook_lay(state, sym, lay)
        except (IllegalAction, InputError):
            continue
        yield lay
