"""1870's own actions: price protection, share redemption and reissue, destinations
(connection runs) and the best run on demand (rules: docs/rules/1870.md)."""

from __future__ import annotations

from typing import Literal

from transcon.core.title import Action
from transcon.eighteen.framework.actions import ACTION_TYPES


class Protect(Action):
    """Price protection: the president buys the shares just sold at the old price."""

    type: Literal["protect"] = "protect"
    corp: str


class Redeem(Action):
    """A company buys back one of its shares (from the pool or from a named player)."""

    type: Literal["redeem"] = "redeem"
    corp: str
    source: str = "pool"


class Reissue(Action):
    """A company puts its redeemed shares back on sale at a new par."""

    type: Literal["reissue"] = "reissue"
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


ACTIONS_1870: tuple[type[Action], ...] = (Protect, Redeem, Reissue, Demand, Connect)
ACTION_TYPES_1870: tuple[type[Action], ...] = ACTION_TYPES + ACTIONS_1870
