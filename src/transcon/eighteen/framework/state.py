"""Mutable state of an 18xx game: players, bank, companies, privates, trains, rounds.

Plain dataclasses (JSON-able through :func:`dataclasses.asdict`, no sets). Shares are
counted in units of 10%; a president's certificate is two units held by the president.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import MISSING, dataclass, field, fields
from enum import IntEnum, StrEnum


class RoundKind(StrEnum):
    """The kind of round being played (``GameState.round``)."""

    AUCTION = "auction"
    STOCK = "stock"
    OPERATING = "operating"
    OVER = "over"


class TurnStage(IntEnum):
    """How far an operating company's turn has come (``OperatingState.step``): an action of
    a later stage closes the earlier ones."""

    TRACK = 0
    TOKEN = 1
    RUN = 2
    DIVIDEND = 3
    TRAINS = 4


@dataclass(slots=True)
class PlayerState:
    name: str
    cash: int = 0
    bankrupt: bool = False


@dataclass(slots=True)
class PrivateState:
    sym: str
    owner: str = ""
    """Player name, ``"@SYM"`` for a company, or ``""`` while unsold."""
    closed: bool = False
    discount: int = 0
    used: list[str] = field(default_factory=list)
    """Abilities already used (title-defined names)."""
    bids: list[tuple[str, int]] = field(default_factory=list)
    """Auction bids ``(player, price)`` in bidding order."""


@dataclass(slots=True)
class CorpState:
    sym: str
    ipo: int = 10
    """Units still in the initial offering (president's certificate included)."""
    treasury: int = 0
    """Units the company holds itself (bought back; a title may put them up for sale,
    ``EighteenTitle.hook_treasury_for_sale``)."""
    pool: int = 0
    holders: dict[str, int] = field(default_factory=dict)
    president: str = ""
    par: int = 0
    cell: tuple[int, int] | None = None
    arrival: int = 0
    cash: int = 0
    floated: bool = False
    operated: bool = False
    closed: bool = False
    trains: list[str] = field(default_factory=list)
    tokens_used: int = 0
    tokens: list[str] = field(default_factory=list)
    extra_tokens: list[int] = field(default_factory=list)

    def units(self, player: str) -> int:
        return self.holders.get(player, 0)


@dataclass(slots=True)
class AuctionState:
    """Waterfall auction of the private companies."""

    turn: int = 0
    passes: int = 0
    auctioning: str = ""
    """Private currently contested between several bidders."""
    par_pending: str = ""
    """Company whose par the buyer of a presidency private must choose now."""
    par_player: str = ""
    last_actor: int = -1


@dataclass(slots=True)
class StockState:
    """A stock round."""

    number: int = 1
    turn: int = 0
    passes: int = 0
    acted: bool = False
    bought: bool = False
    bought_corps: list[str] = field(default_factory=list)
    sold_corps: list[str] = field(default_factory=list)
    """Companies sold this turn (titles selling in blocks allow one sale each per turn)."""
    last_bought: bool = False
    """The turn's last share action was a purchase (no sale may follow one after a sale)."""
    bought_outside_pool: bool = False
    """A par or a buy from the initial offering or treasury this turn (no brown multi-buy)."""
    sold: dict[str, list[str]] = field(default_factory=dict)
    """player -> companies sold this round (may not buy them back this round)."""
    last_actor: int = -1


@dataclass(slots=True)
class OperatingState:
    """An operating round and the current company's turn."""

    number: int = 1
    of: int = 1
    order: list[str] = field(default_factory=list)
    index: int = 0
    step: TurnStage = TurnStage.TRACK
    lays: int = 0
    upgraded: bool = False
    laid_hexes: list[str] = field(default_factory=list)
    tokened: bool = False
    revenue: int | None = None
    bought_train: bool = False
    emergency_sold: bool = False
    acted: bool = False


@dataclass(slots=True)
class TitleData:
    """A title's own part of the state (tokens of its privates, ...): a title subclasses it
    with typed fields and returns it from ``EighteenTitle.new_title_data``. The framework's
    is empty."""

    def to_json(self) -> dict[str, object]:
        """The fields that differ from their defaults (a fresh game saves ``{}``)."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            default = f.default if f.default_factory is MISSING else f.default_factory()
            if value != default:
                out[f.name] = copy.deepcopy(value)
        return out


@dataclass(slots=True)
class PositionMemo:
    """Answers derived from a state as it is now, kept until it changes (never saved).

    The rounds ask who may act and which steps are active several times per action (the
    engine's turn check, the title's check, apply, every legal-action candidate), and the
    answers can take a route search (1870's connection runs). The rule that keeps them
    right: every change of a game state goes through ``EighteenTitle.apply``, which forgets
    the memo once it has found the step taking the action (before anything changes) and
    again when the action is done, and nothing is memoised while an action is being applied
    (steps then look at half-made positions). Code that changes a state any other way (tests
    setting up a position) calls :meth:`GameState.changed`. A copy of a state copies the
    step answers, which stay right for the copy, but not :attr:`answers`.
    """

    applying: bool = False
    steps: tuple[str, tuple[int, ...]] | None = None
    """The round and the positions in it of its active steps (``Round.active_steps``)."""
    players: tuple[str, tuple[str, ...]] | None = None
    """The round and who may act in it (``Round.players``)."""
    answers: dict[object, object] = field(default_factory=dict)
    """Other answers, keyed by their asker (the route bridge keeps its position here)."""
    checked: tuple[object, dict[str, object]] | None = None
    """Answers the check of one action found (:meth:`keep_checked`), for the apply of that
    same action (:meth:`checked_answer`)."""

    def forget(self) -> None:
        self.steps = None
        self.players = None
        self.checked = None
        if self.answers:
            self.answers = {}

    def keep_checked(self, action: object, asker: str, answer: object) -> None:
        """Keep what checking ``action`` found (e.g. a tile lay's cost), for its apply. The
        engine checks every action right before applying it, and the apply's own checks
        run on that very position before anything changes; so the apply of the same action
        object (``EighteenTitle.apply`` carries the answers over) may take them instead of
        asking again. Nothing is kept while an action is being applied."""
        if self.applying:
            return
        if self.checked is None or self.checked[0] is not action:
            self.checked = (action, {})
        self.checked[1][asker] = answer

    def checked_answer(self, action: object, asker: str) -> object | None:
        """The answer :meth:`keep_checked` kept for ``action`` (once; None: none), while
        that action is being applied."""
        kept = self.checked
        if not self.applying or kept is None or kept[0] is not action:
            return None
        return kept[1].pop(asker, None)

    @contextmanager
    def settled(self) -> Iterator[None]:
        """A stretch inside an action's apply where the state does not change (e.g. a check
        of every company against the same position): answers are kept during it and
        forgotten when it ends."""
        applying = self.applying
        self.forget()
        self.applying = False
        try:
            yield
        finally:
            self.forget()
            self.applying = applying

    def __deepcopy__(self, _memo: dict[int, object]) -> PositionMemo:
        # answers hold objects shared with the route engine's caches: a copy starts without
        return PositionMemo(self.applying, self.steps, self.players)


@dataclass(slots=True)
class GameState:
    """Everything that changes during an 18xx game (``memo``: derived answers, not saved,
    see :class:`PositionMemo`)."""

    players: list[PlayerState]
    corps: dict[str, CorpState]
    privates: dict[str, PrivateState]
    bank: int
    options: dict[str, object]
    phase: int = 0
    round: RoundKind = RoundKind.AUCTION
    auction: AuctionState = field(default_factory=AuctionState)
    stock: StockState = field(default_factory=StockState)
    operating: OperatingState = field(default_factory=OperatingState)
    priority: int = 0
    stock_rounds: int = 0
    depot: dict[str, int] = field(default_factory=dict)
    """Train type -> copies sold so far (the next copy's index)."""
    pool_trains: list[str] = field(default_factory=list)
    train_owner: dict[str, str] = field(default_factory=dict)
    bought_types: list[str] = field(default_factory=list)
    tiles: dict[str, list[object]] = field(default_factory=dict)
    """Hex -> ``[tile, rotation]`` of the laid tile."""
    tile_used: dict[str, int] = field(default_factory=dict)
    arrivals: int = 0
    bank_broken: bool = False
    end_reason: str = ""
    idle_rounds: int = 0
    """Stock rounds in a row after which no company operated (stalemate count)."""
    end_after: str = ""
    """``""``, ``"set"`` (finish the OR set) or ``"or"`` (finish this OR)."""
    title_data: TitleData = field(default_factory=TitleData)
    memo: PositionMemo = field(default_factory=PositionMemo, compare=False, repr=False)

    # -- helpers -----------------------------------------------------------------------------

    def changed(self) -> None:
        """Forget the derived answers (see :class:`PositionMemo`) after changing the state
        outside ``EighteenTitle.apply``."""
        self.memo.forget()

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def player_index(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise KeyError(name)

    def names(self) -> list[str]:
        return [p.name for p in self.players]
