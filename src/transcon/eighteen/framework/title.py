""":class:`EighteenTitle`: the 18xx framework as a transcon :class:`~transcon.core.title.Title`.

A title subclasses it, sets ``name``/``display_name``/``options``, implements
:meth:`~transcon.eighteen.framework.base.EngineBase.game_spec` (its data), builds its rounds
from the framework's steps plus its own (:meth:`EighteenTitle.stock_round`,
:meth:`EighteenTitle.operating_round`) and overrides whichever ``hook_*`` methods its rules
need. The state is a :class:`~transcon.eighteen.framework.state.GameState` built from the
spec. See docs/writing-an-18xx-title.md.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import Any, ClassVar

from transcon.core.errors import IllegalAction, InputError
from transcon.core.rng import GameRandom
from transcon.core.title import Action, ActionContext, Score, Setup, Title
from transcon.eighteen.framework.actions import (
    ACTION_TYPES,
    Assign,
    LayTile,
    PlaceToken,
    RunRoutes,
)
from transcon.eighteen.framework.depot import DepotMixin
from transcon.eighteen.framework.format1 import Format1Fields, default_fields, format_1_json
from transcon.eighteen.framework.notation import format_action, parse_action
from transcon.eighteen.framework.rounds import Round, RoundKind
from transcon.eighteen.framework.spec import EndTiming
from transcon.eighteen.framework.state import (
    CorpState,
    GameState,
    PlayerState,
    PositionMemo,
    PrivateState,
    TitleData,
)
from transcon.eighteen.framework.steps.auction import AuctionRound, PendingPar, WaterfallAuction
from transcon.eighteen.framework.steps.operating import (
    RULE_OR,
    DiscardTrains,
    Dividends,
    LaySlot,
    OperatingRound,
    Route,
    Token,
    Track,
)
from transcon.eighteen.framework.steps.purchases import (
    BuyCompany,
    BuyTrains,
    EmergencySell,
    EndTurn,
    GoBankrupt,
    UsePrivate,
)
from transcon.eighteen.framework.steps.stock import BuySellParShares, StockRound


class EighteenTitle(DepotMixin, Title[GameState]):
    """Base class of 18xx titles (see the module docstring)."""

    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    atomic_apply: ClassVar[bool] = True
    notation: ClassVar[str] = (
        "bid SCC 55 | pass | par MP 76 | buy MP [pool|treasury] | sell MP 2 | "
        "lay E12 57 rot 2 [with MRBC] | token C18 [1] | "
        "run 160 [A2-0,D5-0 F5-0,B9-0] | dividend payout|half|withhold | "
        "train 4 | train 3-1 from pool | train 5-0 from SSW price 1 | train D exchange 4-4 | "
        "discard MP 2-1 | private SCC 100 | assign SCC B11 | done | bankrupt"
    )
    #: The tile lays of a company's turn, in order (see :class:`LaySlot`).
    TILE_LAYS: ClassVar[tuple[LaySlot, ...]] = (LaySlot(),)

    # -- rounds ------------------------------------------------------------------------------

    def auction_round(self) -> Round:
        """The private auction's steps (titles override to change them)."""
        return AuctionRound(self, [PendingPar(self), WaterfallAuction(self)])

    def stock_round(self) -> StockRound:
        """The stock round's steps (titles insert their own, e.g. price protection)."""
        return StockRound(self, [BuySellParShares(self)])

    def operating_round(self) -> OperatingRound:
        """The operating round's steps in order (titles insert their own)."""
        return OperatingRound(
            self,
            [
                DiscardTrains(self),
                Track(self),
                Token(self),
                Route(self),
                Dividends(self),
                BuyTrains(self),
                BuyCompany(self),
                EmergencySell(self),
                EndTurn(self),
                GoBankrupt(self),
                UsePrivate(self),
            ],
        )

    @cached_property
    def rounds(self) -> dict[RoundKind, Round]:
        """The title's rounds, built once from :meth:`auction_round` and the others."""
        return {
            RoundKind.AUCTION: self.auction_round(),
            RoundKind.STOCK: self.stock_round(),
            RoundKind.OPERATING: self.operating_round(),
        }

    def current_round(self, state: GameState) -> Round | None:
        return self.rounds.get(state.round)

    def start_stock_round(self, state: GameState, ctx: ActionContext) -> None:
        stock = self.rounds[RoundKind.STOCK]
        assert isinstance(stock, StockRound)
        stock.start(state, ctx)

    def start_operating_set(self, state: GameState, ctx: ActionContext) -> None:
        operating = self.rounds[RoundKind.OPERATING]
        assert isinstance(operating, OperatingRound)
        operating.start_set(state, ctx)

    def game_over(self, state: GameState, ctx: ActionContext) -> None:
        state.round = RoundKind.OVER
        ctx.emit(f"Game over ({state.end_reason or 'end'})")

    def current_corp(self, state: GameState) -> str:
        op = state.operating
        return op.order[op.index]

    def min_bid(self, state: GameState, sym: str) -> int:
        auction = self.rounds[RoundKind.AUCTION].step_of(WaterfallAuction)
        assert isinstance(auction, WaterfallAuction)
        return auction.min_bid(state, sym)

    # -- setup -------------------------------------------------------------------------------

    def initial_state(self, setup: Setup, rng: GameRandom) -> GameState:
        options: dict[str, object] = dict(setup.options)
        spec = self.game_spec(options)
        n = len(setup.players)
        cash = spec.starting_cash[n]
        state = GameState(
            players=[PlayerState(name, cash) for name in setup.players],
            corps={c.sym: CorpState(c.sym) for c in spec.corps},
            privates={p.sym: PrivateState(p.sym) for p in spec.privates},
            bank=spec.bank - cash * n,
            options=options,
            title_data=self.new_title_data(),
        )
        self.hook_setup(state)
        return state

    def new_title_data(self) -> TitleData:
        """The title's own part of a new game's state (a :class:`TitleData` subclass)."""
        return TitleData()

    def hook_setup(self, state: GameState) -> None:
        """Title-specific setup after the state is built."""

    # -- flow --------------------------------------------------------------------------------

    def current_players(self, state: GameState) -> list[str]:
        round_ = self.current_round(state)
        return [] if round_ is None else round_.players(state)

    def is_over(self, state: GameState) -> bool:
        return state.round == RoundKind.OVER

    def result(self, state: GameState) -> dict[str, Score]:
        return {p.name: self.player_value(state, p.name) for p in state.players}

    def check(self, state: GameState, action: Action) -> None:
        self._round(state).process(state, action, None)

    def apply(self, state: GameState, action: Action, ctx: ActionContext) -> None:
        round_ = self._round(state)
        step = round_.step_for(state, action)
        # The position memo (who may act, active steps) is right for the state as it was
        # until here; from now on the state changes: forget it and keep nothing until the
        # action is done (steps look at half-made positions meanwhile).
        memo = state.memo
        checked = memo.checked  # what the check of this action found: still right here
        memo.forget()
        memo.checked = checked
        memo.applying = True
        try:
            round_.process_in(step, state, action, ctx)
            if state.end_after == EndTiming.ACTION and state.round != RoundKind.OVER:
                self.game_over(state, ctx)
        finally:
            memo.forget()
            memo.applying = False

    def _round(self, state: GameState) -> Round:
        round_ = self.current_round(state)
        if round_ is None:
            raise IllegalAction("game over", "the game is over")
        return round_

    def legal_actions(self, state: GameState, player: str) -> list[Action]:
        """The active steps' candidates that pass ``check``. The full action space is huge
        (every tile, rotation, route and price), so the steps list a documented subset:
        every share action, minimum and maximum bids and private prices, trains from the
        bank and pool, the title's suggested tile lays, tokens and run (``hook_bot_*``),
        and every dividend."""
        round_ = self.current_round(state)
        if round_ is None or player not in round_.players(state):
            return []
        # The engine's rules (game not over, the player may act) hold for every candidate of
        # ``player``: checked once above, so each candidate only needs the title's ``check``.
        return [
            a
            for a in round_.choices(state, player)
            if a.player == player and self._passes(state, a)
        ]

    def _passes(self, state: GameState, action: Action) -> bool:
        try:
            self.check(state, action)
        except (IllegalAction, InputError):
            return False
        return True

    # -- operating hooks (titles override) ---------------------------------------------------

    def tile_lays(self, state: GameState, sym: str) -> tuple[LaySlot, ...]:
        """The lay slots of ``sym``'s track step now (default: :attr:`TILE_LAYS`)."""
        return self.TILE_LAYS

    def hook_lay(self, state: GameState, sym: str, action: LayTile) -> tuple[int, bool, bool]:
        """Check a tile lay; return ``(cost, uses_a_lay_slot, is_upgrade)``."""
        return (0, True, action.hex in state.tiles)

    def hook_after_lay(
        self, state: GameState, sym: str, action: LayTile, ctx: ActionContext
    ) -> None:
        """Called after a lay (e.g. to mark a private's power used)."""

    def hook_check_token(self, state: GameState, sym: str, action: PlaceToken) -> None:
        """Extra token rules (reachability, free spaces)."""

    def hook_check_run(self, state: GameState, sym: str, action: RunRoutes) -> None:
        """Check the routes run (titles plug in the route engine here)."""

    def hook_turn_interrupted(self, state: GameState) -> bool:
        """Whether another company's business interrupts the operating company's turn now
        (1870's connection runs): its actions then do not count as the turn's."""
        return False

    def hook_run_may_change(self, state: GameState, sym: str) -> bool:
        """Whether a run of 0 may still change before the dividend (a title's step between
        run and dividend, such as 1870's best run on demand); then it waits there."""
        return False

    def hook_home_token(self, state: GameState, sym: str, ctx: ActionContext) -> None:
        corp = state.corps[sym]
        corp.tokens.append(self.spec(state).corp(sym).home)
        corp.tokens_used = 1

    def hook_half_allowed(self, state: GameState, sym: str) -> bool:
        return True

    def hook_assign(
        self, state: GameState, sym: str, action: Assign, ctx: ActionContext | None
    ) -> None:
        raise IllegalAction(RULE_OR, f"{action.private} has no token power")

    def hook_can_run(self, state: GameState, sym: str) -> bool:
        """Whether ``sym``, which owns trains, has a route to run them (default: yes)."""
        return True

    def hook_must_buy_train(self, state: GameState, sym: str) -> bool:
        return not state.corps[sym].trains

    def hook_private_price(self, state: GameState, sym: str, private: str) -> tuple[int, int]:
        """The price range at which ``sym`` may buy ``private`` now ((0, -1) = not allowed)."""
        if not self.phase(state).company_buy:
            return (0, -1)
        spec = self.spec(state)
        value = spec.private(private).value
        low, high = spec.private_price_range
        return (int(value * low), int(value * high))

    def hook_private_bought(
        self, state: GameState, sym: str, private: str, ctx: ActionContext
    ) -> None:
        """Company ``sym`` just bought ``private`` from a player (e.g. a power that acts at
        once on purchase)."""

    def token_cost(self, state: GameState, sym: str) -> int | None:
        corp = state.corps[sym]
        costs = self.spec(state).corp(sym).tokens
        if corp.tokens_used < len(costs):
            return costs[corp.tokens_used]
        if corp.extra_tokens:
            return corp.extra_tokens[0]
        return None

    # -- bot candidates (titles override) ----------------------------------------------------

    def hook_bot_lays(self, state: GameState, sym: str, player: str) -> list[LayTile]:
        return []

    def hook_bot_tokens(self, state: GameState, sym: str, player: str) -> list[PlaceToken]:
        return []

    def hook_bot_revenue(self, state: GameState, sym: str) -> int:
        return 0

    def hook_bot_run(self, state: GameState, sym: str, player: str) -> RunRoutes:
        """The run a bot offers (default: ``hook_bot_revenue`` with no routes named)."""
        return RunRoutes(player=player, revenue=self.hook_bot_revenue(state, sym))

    # -- serialisation and presentation ------------------------------------------------------

    def state_to_json(self, state: GameState) -> dict[str, Any]:
        data = dataclasses.asdict(dataclasses.replace(state, memo=PositionMemo()))
        del data["memo"]
        data["title_data"] = state.title_data.to_json()
        return data

    def state_to_json_in_format(self, state: GameState, version: int) -> dict[str, Any] | None:
        data = self.state_to_json(state)
        if version >= 2:
            return data
        fields = self.format_1_fields(state)
        return None if fields is None else format_1_json(data, fields)

    def format_1_fields(self, state: GameState) -> Format1Fields | None:
        """The values save format 1 had in fields today's state does not have (see
        :mod:`~transcon.eighteen.framework.format1`): default, their defaults, known until
        the first stock round; a title that used them rebuilds them from its own state."""
        return default_fields(state)

    def parse_action(self, text: str, state: GameState, player: str) -> Action:
        parsed = parse_action(text, player)
        return parsed if parsed is not None else super().parse_action(text, state, player)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def status_company_notes(self, state: GameState, sym: str) -> list[str]:
        """Facts the title adds to a company's ``status`` line after its tokens (1870: its
        destination and where its destination token is)."""
        return []

    def status_company_lines(self, state: GameState) -> list[str]:
        """Lines the title adds to ``status`` after the companies (18C2C: its mergers)."""
        return []

    def status_private_notes(self, state: GameState, private: str) -> list[str]:
        """Facts the title adds to an open private's ``status`` line (1870: where its token
        is)."""
        return []

    def describe_status(self, state: GameState) -> str:
        from transcon.eighteen.framework.status import status_text

        return status_text(self, state)

    def game_statistics(self, state: GameState) -> dict[str, Any]:
        return {
            "stock_rounds": state.stock_rounds,
            "phase": self.phase(state).name,
            "end_reason": state.end_reason,
            "floated": sum(1 for c in state.corps.values() if c.floated),
        }

    def aggregate_statistics(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        if not games:
            return {}
        reasons: dict[str, int] = {}
        for g in games:
            reasons[g["end_reason"]] = reasons.get(g["end_reason"], 0) + 1
        return {
            "average_stock_rounds": round(sum(g["stock_rounds"] for g in games) / len(games), 2),
            "end_reasons": reasons,
        }
