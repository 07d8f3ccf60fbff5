"""18C2C's own actions (rules: docs/rules/18c2c.md "The game")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from transcon.core.title import Action
from transcon.eighteen.framework.actions import ACTION_TYPES
from transcon.eighteen.framework.steps.redemption import REDEMPTION_ACTIONS


class Eliminate(Action):
    """Seed 001 3a: one of the first six options of the starting packet removes a private
    from play."""

    type: Literal["eliminate"] = "eliminate"
    private: str


class BuyTokens(Action):
    """Seed 001 3e: when its sixth share is sold a corporation buys the extra tokens its
    president chooses among those Table A allows (``costs``; empty: none)."""

    type: Literal["tokens"] = "tokens"
    corp: str
    costs: tuple[int, ...] = ()


class PlaceBull(Action):
    """D variant 3f: place the bull token, as a normal token or in a city with no token space
    left; the tokens still on the charter are then forfeit."""

    type: Literal["bull"] = "bull"
    hex: str


class Transcontinental(Action):
    """D variant 3k: the operating corporation takes its transcontinental bonus by proving
    one of its trains could run coast to coast (a D train may unfold for the proof)."""

    type: Literal["transcontinental"] = "transcontinental"


class DestinationRun(Action):
    """D variant 3e, 3j: the operating corporation makes its destination run as its run of
    the turn; its reserved token goes to the destination. Without ``routes`` the engine makes
    the best run (one route joining home and destination, a D train unfolded only when
    needed); with them the run is the player's: ``revenue``, each route's stops, optionally
    each route's train (``trains``) and the D train ``unfold`` runs as twice its number."""

    type: Literal["destination"] = "destination"
    revenue: int = Field(default=0, ge=0)
    routes: tuple[tuple[str, ...], ...] = ()
    trains: tuple[str, ...] = ()
    unfold: str = ""


class Prospect(Action):
    """D variant 4a: the operating corporation's Prospectors designates a normal or L city
    of its zone as a P city (its brown and grey upgrades become the P tiles)."""

    type: Literal["prospect"] = "prospect"
    private: str
    hex: str


class BuyMarker(Action):
    """D variant 4b: the operating corporation buys an Engineer marker for exactly $50 from
    ``seller`` (a corporation, or ``bank`` once a 4-train has been bought while a player
    holds the US Army Corps of Engineers)."""

    type: Literal["marker"] = "marker"
    seller: str


class Merge(Action):
    """Base rules 4.3.5 (D variant 3f, 3g, 3h): in a stock round a player declares the
    merger of two public corporations into a merger corporation."""

    type: Literal["merge"] = "merge"
    corp: str
    other: str


ACTION_TYPES_C2C: tuple[type[Action], ...] = (
    *ACTION_TYPES,
    Eliminate,
    BuyTokens,
    PlaceBull,
    Transcontinental,
    DestinationRun,
    Merge,
    Prospect,
    BuyMarker,
    *REDEMPTION_ACTIONS,
)
