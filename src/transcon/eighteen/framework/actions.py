"""The actions any 18xx title built on the framework has (a title adds its own and declares
its ``action_types``).

``player`` is always the person acting: for a company's action it is the company's
president (the framework knows which company is operating). See docs/rules/1870.md for the
text notation of each action.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from transcon.core.title import Action


class Bid(Action):
    """Auction: buy the cheapest private at its price, or bid on a later one."""

    type: Literal["bid"] = "bid"
    private: str
    price: int


class Pass(Action):
    """Pass (auction, stock round), end a stock turn after acting, or decline an offer."""

    type: Literal["pass"] = "pass"


class Par(Action):
    """Start a company: buy its president's certificate at a par price."""

    type: Literal["par"] = "par"
    corp: str
    price: int


class BuyShare(Action):
    """Buy one 10% share from the initial offering (``ipo``), the market (``pool``) or a
    company's treasury of reissued shares (``treasury``)."""

    type: Literal["buy"] = "buy"
    corp: str
    source: Literal["ipo", "pool", "treasury"] = "ipo"


class SellShares(Action):
    """Sell ``count`` 10% shares of a company into the market."""

    type: Literal["sell"] = "sell"
    corp: str
    count: int = Field(default=1, ge=1)


class LayTile(Action):
    """Lay or upgrade a tile. ``private`` uses a private company's tile-laying power."""

    type: Literal["lay"] = "lay"
    hex: str
    tile: str
    rotation: int = Field(default=0, ge=0, le=5)
    private: str = ""


class PlaceToken(Action):
    """Place a station token in a city (``city`` = node index on the tile)."""

    type: Literal["token"] = "token"
    hex: str
    city: int = 0


class RunRoutes(Action):
    """Run the trains: the total ``revenue``, each route's stops (``"HEX-k"`` signatures in
    route order) and optionally the train running each route (``trains``, parallel to
    ``routes``; empty: the title assigns the company's trains)."""

    type: Literal["run"] = "run"
    revenue: int = Field(ge=0)
    routes: tuple[tuple[str, ...], ...] = ()
    trains: tuple[str, ...] = ()


class Dividend(Action):
    """Pay out, pay half, or withhold the revenue just run."""

    type: Literal["dividend"] = "dividend"
    kind: Literal["payout", "half", "withhold"]


class BuyTrain(Action):
    """Buy a train: a type from the bank (``seller="bank"``), or a train id from the pool
    (``seller="pool"``) or from another company (``seller=SYM``, any ``price``)."""

    type: Literal["train"] = "train"
    train: str
    seller: str = "bank"
    price: int | None = None
    exchange: str = ""


class DiscardTrain(Action):
    """Put a train of a company over its train limit into the pool."""

    type: Literal["discard"] = "discard"
    corp: str
    train: str


class BuyPrivate(Action):
    """The operating company buys a private company from its owner."""

    type: Literal["private"] = "private"
    private: str
    price: int


class Assign(Action):
    """Use a private company's token power on a hex (e.g. cattle or port token)."""

    type: Literal["assign"] = "assign"
    private: str
    hex: str


class Done(Action):
    """End the operating company's turn."""

    type: Literal["done"] = "done"


class Bankrupt(Action):
    """Declare bankruptcy when a forced train purchase cannot be paid."""

    type: Literal["bankrupt"] = "bankrupt"


ACTION_TYPES: tuple[type[Action], ...] = (  # the framework's own; titles extend
    Bid,
    Pass,
    Par,
    BuyShare,
    SellShares,
    LayTile,
    PlaceToken,
    RunRoutes,
    Dividend,
    BuyTrain,
    DiscardTrain,
    BuyPrivate,
    Assign,
    Done,
    Bankrupt,
)
