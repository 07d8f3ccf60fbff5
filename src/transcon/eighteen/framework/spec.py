"""Static description of an 18xx title: the data a title hands to the framework.

Everything here is immutable configuration (no game state): companies, privates, trains,
phases, the stock market grid and the bank. A title builds one :class:`GameSpec` per set
of options (for example 1870 with or without diesels) and the framework reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar


@dataclass(frozen=True, slots=True)
class CorpSpec:
    """A public company: symbol, name, home and destination hexes, token costs.

    ``tokens`` lists the cost of every station token in placement order; the first (home)
    token is normally free. ``float_percent`` is the share of the company that must be sold
    before it operates.
    """

    sym: str
    name: str
    home: str
    destination: str = ""
    tokens: tuple[int, ...] = (0, 40, 100)
    float_percent: int = 60


@dataclass(frozen=True, slots=True)
class PrivateSpec:
    """A private company: face value, revenue, and an optional linked share or presidency.

    ``share_of`` gives one 10% share of that company to the buyer; ``president_of`` gives the
    buyer that company's president's certificate (and then a par price is chosen at once).
    ``buyable`` is False when no company may ever buy it.
    """

    sym: str
    name: str
    value: int
    revenue: int
    share_of: str = ""
    president_of: str = ""
    buyable: bool = True


@dataclass(frozen=True, slots=True)
class TrainSpec:
    """A train type: its name, price and number of copies (None: unlimited).

    ``rusts_on`` is the train type whose first purchase removes these trains; ``distance``
    is the number of stops counted (None: unlimited, e.g. diesels). ``trade_in`` lists the
    types that may be exchanged for ``trade_in_discount`` off the price.
    """

    name: str
    price: int
    count: int | None
    distance: int | None
    rusts_on: str = ""
    trade_in: tuple[str, ...] = ()
    trade_in_discount: int = 0
    available_on: str = ""
    """Also on sale (before the earlier types sell out) once this type has been bought."""


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """A phase: the train type that starts it, tile colours, train limit and ORs per set.

    ``band`` selects the off-board value column; ``events`` names title events fired when
    the phase starts (e.g. ``"close_privates"``); ``company_buy`` says whether companies may
    buy private companies from players in this phase.
    """

    name: str
    on_train: str
    tiles: tuple[str, ...]
    train_limit: int
    operating_rounds: int
    band: int = 0
    company_buy: bool = False
    events: tuple[str, ...] = ()


class EndTiming(StrEnum):
    """When a game-end condition ends the game (``GameState.end_after``)."""

    ACTION = "action"
    """At once, when the action that met the condition is done (18xx.games ``:immediate``);
    at the end of a stock round: before anyone operates."""
    NOW = "now"
    """After the current company's turn; at the end of a stock round: before anyone
    operates."""
    ROUND = "or"
    """At the end of the current operating round."""
    SET = "set"
    """At the end of the current set of operating rounds."""


@dataclass(frozen=True, slots=True)
class GameEndSpec:
    """The game-end conditions (18xx.games ``GAME_END_CHECK``); bankruptcy always ends the
    game at once. When several conditions are met the soonest end applies."""

    bank: EndTiming | None = EndTiming.SET
    """The bank runs out of money."""
    stock_market: int | None = None
    """A share price at or above this ends the game (None: no such condition)."""
    stock_market_timing: EndTiming = EndTiming.NOW
    stalemate_rounds: int | None = 5
    """Stock rounds in a row after which no company operates (None: no such condition)."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """All the data of one configured title."""

    corps: tuple[CorpSpec, ...]
    privates: tuple[PrivateSpec, ...]
    trains: tuple[TrainSpec, ...]
    phases: tuple[PhaseSpec, ...]
    market: tuple[tuple[str, ...], ...]
    """Rows of cells as text: ``"100p"``, ``"64y"``, ``"250L"``; empty string = no cell."""
    par_prices: tuple[int, ...]
    bank: int
    starting_cash: dict[int, int]
    cert_limits: dict[int, dict[int, int]]
    """players -> {companies in play -> limit}."""
    ledge: str = "upper"
    """Ledge rule of the market (see :class:`~transcon.eighteen.framework.market.StockMarket`)."""
    max_percent: int = 60
    pool_max_percent: int = 50
    min_bid_increment: int = 5
    private_price_range: tuple[float, float] = (0.5, 2.0)
    game_end: GameEndSpec = GameEndSpec()
    extra: dict[str, object] = field(default_factory=dict)
    _by_name: tuple[dict[str, CorpSpec], dict[str, PrivateSpec], dict[str, TrainSpec]] = field(
        init=False, repr=False, compare=False
    )
    """Companies, privates and trains by symbol or name (the first of each, for the rules
    that look one up on every action)."""

    def __post_init__(self) -> None:
        by_name = (
            _first_by(self.corps, lambda c: c.sym),
            _first_by(self.privates, lambda p: p.sym),
            _first_by(self.trains, lambda t: t.name),
        )
        object.__setattr__(self, "_by_name", by_name)

    def corp(self, sym: str) -> CorpSpec:
        return self._by_name[0][sym]

    def private(self, sym: str) -> PrivateSpec:
        return self._by_name[1][sym]

    def train(self, name: str) -> TrainSpec:
        return self._by_name[2][name]


_T = TypeVar("_T")


def _first_by(items: tuple[_T, ...], name: Callable[[_T], str]) -> dict[str, _T]:
    """``items`` by name; the first one where names repeat."""
    out: dict[str, _T] = {}
    for item in items:
        out.setdefault(name(item), item)
    return out
