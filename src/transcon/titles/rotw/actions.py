"""The actions of the combined game (see ``RailwaysOfTheWorldEastWest.notation``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from transcon.core.title import Action


class ChooseBaron(Action):
    """Keep one of the two dealt Eastern Rail Barons (seed 2)."""

    type: Literal["baron"] = "baron"
    card: str


class Build(Action):
    """Lay track along ``path`` (hex labels), from a city or from the end of your unfinished
    track. ``long``: a build of up to two turns' worth that skips your next turn (seed 9);
    ``grant``/``tunnel``: use a kept Land Grant / Tunnel Engineer card."""

    type: Literal["build"] = "build"
    path: tuple[str, ...] = Field(min_length=2)
    long: bool = False
    grant: bool = False
    tunnel: bool = False


class Urbanize(Action):
    type: Literal["urbanize"] = "urbanize"
    city: str
    colour: str


class Upgrade(Action):
    """Move up one engine step (seed 10); ``coal`` uses a Coal-Fueled Engines card."""

    type: Literal["upgrade"] = "upgrade"
    coal: bool = False


class Deliver(Action):
    """Move one ``cube`` from ``path[0]`` along completed links to ``path[-1]``; ``owners``
    names the owner of the link used for each step. ``bonus`` is the first raw material's
    choice (seed 18)."""

    type: Literal["deliver"] = "deliver"
    cube: str
    path: tuple[str, ...] = Field(min_length=2)
    owners: tuple[str, ...] = Field(min_length=1)
    bonus: Literal["points", "cash"] = "points"


class TakeCard(Action):
    """Take an operations card from the display; ``city``/``colour`` for City Growth, New
    Industry and Boomtown."""

    type: Literal["take"] = "take"
    card: str
    city: str = ""
    colour: str = ""


class IssueBond(Action):
    """Issue one bond (no action used)."""

    type: Literal["bond"] = "bond"


class Buyback(Action):
    """Bond Buyback event: repay 1, 2 or 3 bonds for $7k, $15k, $24k (no action used)."""

    type: Literal["buyback"] = "buyback"
    count: int = Field(ge=1, le=3)


class Pass(Action):
    type: Literal["pass"] = "pass"


class Grow(Action):
    """Increase Production event: add a random cube to ``city`` (empty: decline)."""

    type: Literal["grow"] = "grow"
    city: str = ""


class Settle(Action):
    """The switch to the Western phase (seeds 2, 15, 16): keep ``west_baron``; repay and
    discard bonds; ``hold`` keeps a met Eastern baron for the end instead of claiming it."""

    type: Literal["settle"] = "settle"
    west_baron: str
    repay: int = Field(default=0, ge=0)
    discard: int = Field(default=0, ge=0)
    hold: bool = False


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseBaron,
    Build,
    Urbanize,
    Upgrade,
    Deliver,
    TakeCard,
    IssueBond,
    Buyback,
    Pass,
    Grow,
    Settle,
)
