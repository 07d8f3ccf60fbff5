"""Trains: the bank's depot, the pool of discarded trains, phases and rusting.

Train ids are ``"<type>-<copy>"`` (copy numbers from 0 in purchase order, as 18xx.games
numbers them). A type is sold only when every train of the previous types is sold. The first
purchase of a type starts every phase triggered by it and rusts the types that rust on it.
"""

from __future__ import annotations

from typing import ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import ActionContext
from transcon.eighteen.framework.actions import BuyTrain
from transcon.eighteen.framework.base import EngineBase
from transcon.eighteen.framework.spec import TrainSpec
from transcon.eighteen.framework.state import GameState

RULE_TRAIN = "buying trains"


def train_type(train_id: str) -> str:
    """``"4-2"`` -> ``"4"``."""
    return train_id.rsplit("-", 1)[0]


class DepotMixin(EngineBase):
    """Depot, phases and rusting."""

    DISCARD_ORDER: ClassVar[tuple[str, ...]] = ()
    """The order in which companies over the train limit discard (18xx.games
    ``crowded_corps``: the title's charter order); empty: by name."""

    def depot_train(self, state: GameState) -> TrainSpec | None:
        """The train type the bank sells now (None when the depot is empty)."""
        for spec in self.spec(state).trains:
            sold = state.depot.get(spec.name, 0)
            if spec.count is None or sold < spec.count:
                return spec
        return None

    def depot_types(self, state: GameState) -> list[TrainSpec]:
        """Types on sale from the bank: the current one plus any type made available early
        (``available_on``) that still has copies."""
        current = self.depot_train(state)
        out = [] if current is None else [current]
        for spec in self.spec(state).trains:
            left = spec.count is None or state.depot.get(spec.name, 0) < spec.count
            early = spec.available_on and spec.available_on in state.bought_types
            if early and left and spec not in out:
                out.append(spec)
        return out

    def remaining(self, state: GameState, name: str) -> int | None:
        spec = self.spec(state).train(name)
        if spec.count is None:
            return None
        return spec.count - state.depot.get(name, 0)

    def take_from_depot(self, state: GameState, name: str) -> str:
        index = state.depot.get(name, 0)
        state.depot[name] = index + 1
        return f"{name}-{index}"

    def give_train(self, state: GameState, sym: str, train_id: str) -> None:
        state.corps[sym].trains.append(train_id)
        state.train_owner[train_id] = "@" + sym

    def remove_train(self, state: GameState, train_id: str) -> None:
        owner = state.train_owner.pop(train_id, "")
        if owner.startswith("@"):
            state.corps[owner[1:]].trains.remove(train_id)
        elif train_id in state.pool_trains:
            state.pool_trains.remove(train_id)

    def trade_in(self, state: GameState, train_id: str) -> None:
        """A train traded in towards a new one: to the open market when the title says so
        (:meth:`hook_trade_in_to_pool`), else out of the game."""
        self.remove_train(state, train_id)
        if self.hook_trade_in_to_pool(state):
            state.pool_trains.append(train_id)
            state.train_owner[train_id] = "pool"

    def hook_trade_in_to_pool(self, state: GameState) -> bool:
        return False

    def first_of_type(self, state: GameState, name: str, ctx: ActionContext) -> None:
        """Phase changes and rusting caused by the first purchase of ``name``."""
        if name in state.bought_types:
            return
        state.bought_types.append(name)
        phases = self.spec(state).phases
        for index, phase in enumerate(phases):
            if phase.on_train == name and index > state.phase:
                state.phase = index
                ctx.emit(f"Phase {phase.name} starts", phase=phase.name)
                for event in phase.events:
                    self.hook_phase_event(state, event, ctx)
        for spec in self.spec(state).trains:
            if spec.rusts_on == name:
                rusted = [t for t in list(state.train_owner) if train_type(t) == spec.name]
                for train_id in rusted:
                    self.remove_train(state, train_id)
                if rusted:
                    ctx.emit(f"{spec.name}-trains rust ({len(rusted)})", rusted=rusted)

    def hook_phase_event(self, state: GameState, event: str, ctx: ActionContext) -> None:
        """Phase events; the framework knows ``close_privates``; titles add their own."""
        if event == "close_privates":
            for private in state.privates.values():
                if not private.closed:
                    private.closed = True
            ctx.emit("Private companies close")

    def over_limit(self, state: GameState) -> list[str]:
        """Companies holding more trains than the phase allows (``DISCARD_ORDER``)."""
        limit = self.train_limit(state)
        over = [
            s
            for s, corp in state.corps.items()
            if len(corp.trains) > limit and len(corp.trains) > self.corp_train_limit(state, s)
        ]
        if len(over) < 2:
            return over
        rank = {sym: i for i, sym in enumerate(self.DISCARD_ORDER)}
        return sorted(over, key=lambda s: (rank.get(s, len(rank)), s))

    def train_price(self, state: GameState, action: BuyTrain, sym: str) -> tuple[str, int]:
        """The train id bought and its price; raises on a bad purchase."""
        if action.seller == "bank":
            name = train_type(action.train) if "-" in action.train else action.train
            on_sale = {t.name: t for t in self.depot_types(state)}
            current = on_sale.get(name)
            if current is None:
                raise IllegalAction(RULE_TRAIN, f"the bank does not sell {name}-trains now")
            price = current.price
            if action.exchange:
                if action.exchange not in state.corps[sym].trains:
                    raise IllegalAction(RULE_TRAIN, f"{sym} has no train {action.exchange}")
                if train_type(action.exchange) not in current.trade_in:
                    raise IllegalAction(RULE_TRAIN, f"{action.exchange} cannot be traded in")
                price -= current.trade_in_discount
            return name, price
        if action.exchange:
            raise IllegalAction(RULE_TRAIN, "trade-ins only with the bank")
        if action.seller == "pool":
            if action.train not in state.pool_trains:
                raise IllegalAction(RULE_TRAIN, f"no train {action.train} in the pool")
            first = self.pool_offer(state, train_type(action.train))
            if action.train != first:
                raise IllegalAction(
                    RULE_TRAIN,
                    f"the pool sells its {first} first (trains in the order it got them)",
                )
            return action.train, self.spec(state).train(train_type(action.train)).price
        seller = state.corps.get(action.seller)
        if seller is None or action.seller == sym or action.train not in seller.trains:
            raise IllegalAction(RULE_TRAIN, f"{action.seller} has no train {action.train}")
        if action.price is None or action.price < 1:
            raise IllegalAction(RULE_TRAIN, "a train from another company needs a price >= 1")
        return action.train, action.price

    def pool_offer(self, state: GameState, kind: str) -> str:
        """The pool's train of type ``kind`` for sale: the first it got (trains of a type are
        alike; 18xx.games offers ``discarded.uniq(&:name)``, so ids stay the same there)."""
        return next(t for t in state.pool_trains if train_type(t) == kind)

    def cheapest_train(self, state: GameState) -> int | None:
        prices = [self.spec(state).train(train_type(t)).price for t in state.pool_trains]
        prices.extend(t.price for t in self.depot_types(state))
        return min(prices) if prices else None
