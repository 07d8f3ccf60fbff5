"""Merger corporations: two public corporations merge into one in a stock round (base rules
4.3.5 and 4.8 as assumed, D variant 3f, 3g, 3h, 3m). Rules and what is assumed:
docs/rules/18c2c.md "Mergers".

A merger corporation takes one of the merger charters (``M1``, ``M2``, ...: corporations of
the spec that stay out of play until a merger opens one). It gets both corporations' cash,
trains, privates and station tokens; where both had a token in one city, one goes back to
the charter, a token using no space first (3f); its charter is ``tokens.merged_charter`` of
the two (every token free, two per operating round: 3g; inherited bulls, one of them into a
full city: 3f). Its price is the sum of the two prices, placed on the grid by
``market.merger_cell`` (3h). Shareholders exchange two shares for one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from transcon.core.errors import IllegalAction
from transcon.core.title import Action, ActionContext
from transcon.eighteen.framework.base import corp_key
from transcon.eighteen.framework.rounds import RoundKind, Step
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.stock import RULE_LIMIT, BuySellParShares, StockRound
from transcon.titles.c2c.game import private_powers as powers
from transcon.titles.c2c.game.actions import Merge
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.market import merger_cell, merger_price
from transcon.titles.c2c.tokens import (
    Charter,
    CityToken,
    CorpKind,
    merged_charter,
    return_tokens,
    tokens_to_remove,
)

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C

RULE_DECLARE = "Base rules 4.3.5: declare mergers"


def exchanged_units(state: GameState, first: str, second: str) -> dict[str, tuple[int, int]]:
    """Player -> (shares of the merger corporation, odd shares sold to the bank): two shares
    of the merging corporations become one (assumed, base rule 4.8 unseen)."""
    a, b = state.corps[first], state.corps[second]
    out = {}
    for player in state.names():
        units = a.holders.get(player, 0) + b.holders.get(player, 0)
        if units:
            out[player] = (units // 2, units % 2)
    return out


class DeclareMerger(Step):
    """Base rules 4.3.5 (assumed details, options ``merger_*``): on their stock-round turn a
    player declares the merger of two public corporations that have operated; it does not
    end the turn."""

    actions: ClassVar[tuple[type[Action], ...]] = (Merge,)
    rule = RULE_DECLARE
    game: TitleC2C

    def actors(self, state: GameState) -> list[str]:
        return [state.players[state.stock.turn].name]

    def process(self, state: GameState, action: Action, ctx: ActionContext | None) -> None:
        assert isinstance(action, Merge)
        if action.player not in self.actors(state):
            raise IllegalAction(RULE_DECLARE, f"it is not {action.player}'s turn")
        shares = self.shares_step()
        if shares.must_sell(state, action.player):
            raise IllegalAction(
                RULE_LIMIT, f"{action.player} is over the certificate limit: sell first"
            )
        problem = self.problem(state, action.player, action.corp, action.other)
        if problem:
            raise IllegalAction(RULE_DECLARE, problem)
        if ctx is None:
            return
        form_merger(self.game, state, action.player, action.corp, action.other, ctx)
        shares.acted(state, action.player)

    def shares_step(self) -> BuySellParShares:
        stock = self.game.rounds[RoundKind.STOCK]
        assert isinstance(stock, StockRound)
        return stock.shares_step()

    def problem(self, state: GameState, player: str, first: str, second: str) -> str:
        """Why ``player`` may not merge ``first`` and ``second`` now ("" when they may)."""
        g = self.game
        opts = g.options_of(state)
        data = c2c_data(state)
        if first == second:
            return "a corporation cannot merge with itself"
        for sym in (first, second):
            corp = state.corps.get(sym)
            if corp is None or corp.closed or not corp.operated:
                return f"{sym} is not a public corporation that has operated"
            if data.charter(sym).kind != "public":
                return f"{sym} is not a public corporation (only two public corporations merge)"
        names = [p.name for p in g.spec(state).phases]
        if state.phase < names.index(opts.merger_from_phase):
            return f"mergers are declared from phase {opts.merger_from_phase} on"
        presides = [state.corps[s].president == player for s in (first, second)]
        if opts.merger_declarer == "president_of_both" and not all(presides):
            return f"{player} must be the president of both {first} and {second}"
        if not any(presides):
            return f"{player} is the president of neither {first} nor {second}"
        if g.free_merger_charter(state) is None:
            return "no merger charter is left"
        if max(new for new, _ in exchanged_units(state, first, second).values()) < 2:
            return "no player would hold the merger corporation's president's certificate"
        return ""

    def choices(self, state: GameState, player: str) -> list[Action]:
        """Every pair of operated corporations the player presides (with the option
        ``merger_declarer`` ``either_president``: one of the two); ``check`` keeps the legal."""
        live = sorted(s for s, c in state.corps.items() if c.operated and not c.closed)
        mine = {s for s in live if state.corps[s].president == player}
        either = self.game.options_of(state).merger_declarer == "either_president"
        return [
            Merge(player=player, corp=a, other=b)
            for i, a in enumerate(live)
            for b in live[i + 1 :]
            if (a in mine and b in mine) or (either and (a in mine or b in mine))
        ]


def form_merger(
    g: TitleC2C, state: GameState, player: str, first: str, second: str, ctx: ActionContext
) -> None:
    """Apply the merger of ``first`` and ``second`` declared by ``player`` (checked)."""
    sym = g.free_merger_charter(state)
    assert sym is not None
    data = c2c_data(state)
    a, b, merged = state.corps[first], state.corps[second], state.corps[sym]
    ctx.emit(f"{player} merges {first} and {second} into {sym}", corp=sym)
    data.merged[sym] = [first, second]
    merged.closed = False
    merged.floated = merged.operated = True
    _exchange_shares(g, state, player, first, second, sym, ctx)
    # price (3h): the sum of the two current prices, on the grid as the options say
    price = merger_price(g.price(state, first), g.price(state, second))
    market = g.market(state)
    assert a.cell is not None
    cell = merger_cell(market, price, g.options_of(state), par_row=a.cell[0])
    g.move_to(state, sym, cell, ctx)
    merged.par = market.price(cell)
    # treasury, trains, privates
    for part in (a, b):
        g.pay(state, corp_key(part.sym), corp_key(sym), part.cash)
        for train in list(part.trains):
            part.trains.remove(train)
            g.give_train(state, sym, train)
        for private in state.privates.values():
            if private.owner == corp_key(part.sym) and not private.closed:
                private.owner = corp_key(sym)
    combine_tokens(state, (first, second), sym, "merger", ctx)
    powers.merge_markers(state, first, second, sym, ctx)
    if data.charter(first).destination == "reserved":
        data.destination_of[sym] = first
    elif data.charter(second).destination == "reserved":
        data.destination_of[sym] = second
    for gone in (first, second):
        g.close_corp(state, gone, ctx)
    g.discard_over_limit(state, sym, ctx)


def _exchange_shares(
    g: TitleC2C,
    state: GameState,
    player: str,
    first: str,
    second: str,
    sym: str,
    ctx: ActionContext,
) -> None:
    """Two shares of the merging corporations for one of the merger corporation; an odd
    share is bought by the bank at half the merger price (assumed); the market's shares
    likewise, the rest unsold (initial offering)."""
    a, b, merged = state.corps[first], state.corps[second], state.corps[sym]
    price = merger_price(g.price(state, first), g.price(state, second))
    merged.holders = {}
    for name, (units, odd) in exchanged_units(state, first, second).items():
        if units:
            merged.holders[name] = units
        if odd:
            g.pay(state, "bank", name, price // 2)
            ctx.emit(f"{name} sells an odd share to the bank for {price // 2}")
    merged.pool = (a.pool + b.pool) // 2
    merged.ipo = 10 - merged.pool - sum(merged.holders.values())
    merged.treasury = 0
    merged.president = ""
    g.update_president(state, sym, player)
    ctx.emit(
        f"{sym}: "
        + ", ".join(f"{n} {u * 10}%" for n, u in merged.holders.items())
        + f", president {merged.president}",
        corp=sym,
    )


def combine_tokens(
    state: GameState,
    parts: Sequence[str],
    sym: str,
    kind: CorpKind,
    ctx: ActionContext | None,
) -> None:
    """The station tokens and charters of ``parts`` become ``sym``'s (a merger corporation,
    or Amtrak or Conrail absorbing a failed corporation: ``sym`` may be one of ``parts``);
    where two of them had a token in a city one returns to the charter, a token using no
    space first (3f)."""
    data = c2c_data(state)
    beside: list[str] = []
    returned = 0
    tokens: list[str] = []
    for label in dict.fromkeys(t for part in parts for t in state.corps[part].tokens):
        here = [
            CityToken(part, label not in data.beside.get(part, ()))
            for part in parts
            if label in state.corps[part].tokens
        ]
        removed = tokens_to_remove(here, parts)
        returned += len(removed)
        kept = [t for t in here if t not in removed] or here[:1]
        tokens.append(label)
        if not kept[0].occupies_space:
            beside.append(label)
        if removed and ctx is not None:
            ctx.emit(f"{sym}: a token in {label} returns to the charter")
    charter = Charter(kind=kind)
    for part in parts:
        charter = merged_charter(charter, data.charter(part), kind)
    charter = replace(return_tokens(charter, returned), full_city_bull_used=bool(beside))
    data.charters[sym] = charter
    if beside:
        data.beside[sym] = beside
    else:
        data.beside.pop(sym, None)
    for part in parts:
        state.corps[part].tokens = []
        state.corps[part].tokens_used = 0
    state.corps[sym].tokens = tokens
    state.corps[sym].tokens_used = len(tokens)
