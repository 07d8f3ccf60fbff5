"""1870's own actions: price protection, destinations (connection runs) and the best run on
demand, with the framework's share redemption and reissue (rules: docs/rules/1870.md)."""

from __future__ import annotations

from typing import Literal

from transcon.core.title import Action
from transcon.eighteen.framework.actions import ACTION_TYPES
from transcon.eighteen.framework.steps.redemption import Redeem, Reissue


class Protect(Action):
    """Price protection: the president buys the shares just sold at the old price."""

    type: Literal["protect"] = "protect"
    corp: str


class Demand(Action):
    """A shareholder of the operating company points out a higher-paying run, which the
    president must then run (1870 §8.3); the engine finds it."""

    type: Literal["demand"] = "demand"


class Connect(Action):
    """Destination reached: put the destination token on the ``map`` or keep it on the
    ``charter``; then the company makes its connection run."""

    type: Literal["connect"] = "connect"
    corp: str
    choice: Literal["map", "charter"]


__all__ = ["ACTIONS_1870", "ACTION_TYPES_1870", "Connect", "Demand", "Protect", "Redeem", "Reissue"]

ACTIONS_1870: tuple[type[Action], ...] = (Protect, Redeem, Reissue, Demand, Connect)
ACTION_TYPES_1870: tuple[type[Action], ...] = ACTION_TYPES + ACTIONS_1870
