"""Amtrak and Conrail, the government railroads that take over failed corporations (D variant
3l, with 3f, 3g, 3m; the base rules on them are not in our sources: options
``government_*``). Rules and what is assumed: docs/rules/18c2c.md "Amtrak and Conrail".

A public or merger corporation *fails* when its share price reaches a closing space (option
``government_failure``), where the framework would otherwise close it. The government railroad
the option ``government_assignment`` names for it then takes its cash, trains, privates,
Engineer markers and station tokens (a duplicate in a city returns to the charter, a token
using no space first: 3f); the failed corporation closes and its shares are void. The first
failed corporation *forms* the government railroad: its charter gets tokens from the supply
until the tokens on the board and on the charter reach 8 (3l); its shares are all in the
initial offering until a player starts it at a par price (privatization), or the failed
corporation's shareholders keep theirs one for one (option ``government_shares``). Later
failed corporations *join* it. Its tokens are free, two per operating round (3g), its price
moves as a merger corporation's (3m) and each of its two train shells holds the phase's limit.
A government railroad whose own price reaches a closing space closes, as any corporation.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from transcon.core.title import ActionContext
from transcon.eighteen.framework.base import corp_key
from transcon.eighteen.framework.state import GameState
from transcon.titles.c2c.game import private_powers as powers
from transcon.titles.c2c.game import track
from transcon.titles.c2c.game.mergers import combine_tokens
from transcon.titles.c2c.game.spec import GOVERNMENT_CHARTERS
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.tokens import CorpKind, government_top_up

if TYPE_CHECKING:
    from transcon.titles.c2c.game.title import TitleC2C

RULE_GOVERNMENT = "D variant 3l: Amtrak and Conrail"
EASTERN_ZONES = ("eastern", "canada")
"""Zones whose failed corporations go to Conrail (option ``government_assignment``
``by_zone``: the historical Conrail took the bankrupt north-eastern lines)."""


def is_government(state: GameState, sym: str) -> bool:
    return c2c_data(state).charter(sym).kind in GOVERNMENT_CHARTERS


def fails(title: TitleC2C, state: GameState, sym: str) -> bool:
    """Whether ``sym`` has failed now: a floated public or merger corporation whose price is
    on a closing space (option ``government_failure`` ``closing_space``)."""
    corp = state.corps[sym]
    if title.options_of(state).government_failure != "closing_space":
        return False
    if corp.closed or not corp.floated or is_government(state, sym):
        return False
    return title.zone(state, sym) == "c" or title.price(state, sym) == 0


def home_zone(title: TitleC2C, state: GameState, sym: str) -> str:
    """The zone of ``sym``'s home (a merger corporation: its first corporation's)."""
    parts = c2c_data(state).merged.get(sym)
    home = title.spec(state).corp(parts[0] if parts else sym).home
    return track.hex_zone(title.setup, home)


def government_for(title: TitleC2C, state: GameState, sym: str) -> CorpKind:
    """Which government railroad takes the failed ``sym`` (option ``government_assignment``)."""
    if title.options_of(state).government_assignment == "by_zone":
        return "conrail" if home_zone(title, state, sym) in EASTERN_ZONES else "amtrak"
    absorbed = c2c_data(state).absorbed
    formed = [k for k, charter in GOVERNMENT_CHARTERS.items() if charter in absorbed]
    if "amtrak" not in formed:
        return "amtrak"
    if "conrail" not in formed:
        return "conrail"
    sizes = {k: len(absorbed[GOVERNMENT_CHARTERS[k]]) for k in formed}
    return "conrail" if sizes["conrail"] < sizes["amtrak"] else "amtrak"


def fail(title: TitleC2C, state: GameState, sym: str, ctx: ActionContext | None) -> None:
    """``sym`` failed: its government railroad forms from it or absorbs it, then ``sym``
    closes. If that government railroad has closed itself, ``sym`` just closes."""
    kind = government_for(title, state, sym)
    gov = GOVERNMENT_CHARTERS[kind]
    data = c2c_data(state)
    if gov in data.absorbed and state.corps[gov].closed:
        title.close_corp(state, sym, ctx)
        return
    if ctx is not None:
        ctx.emit(f"{sym} has failed: {kind.capitalize()} ({gov}) takes it over", corp=gov)
    if gov in data.absorbed:
        data.absorbed[gov].append(sym)
        _take_over(title, state, (gov, sym), gov, kind, ctx)
    else:
        data.absorbed[gov] = [sym]
        _form(title, state, sym, gov, kind, ctx)
    title.close_corp(state, sym, ctx)
    title.discard_over_limit(state, gov, ctx)


def _form(
    title: TitleC2C,
    state: GameState,
    sym: str,
    gov: str,
    kind: CorpKind,
    ctx: ActionContext | None,
) -> None:
    """Open the government charter ``gov`` with the failed ``sym``'s assets and shares, and
    top its tokens up to 8 (3l)."""
    failed, corp = state.corps[sym], state.corps[gov]
    corp.closed = False
    corp.operated = True
    exchange = title.options_of(state).government_shares == "exchange"
    if exchange and failed.president:
        corp.holders = dict(failed.holders)
        corp.pool = failed.pool
        corp.ipo = 10 - corp.pool - sum(corp.holders.values())
        corp.president = failed.president
        corp.par = min(title.spec(state).par_prices)
        corp.floated = True
        title.move_to(state, gov, title.market(state).par_cell(corp.par), ctx)
    else:
        corp.holders, corp.pool, corp.ipo, corp.president = {}, 0, 10, ""
    corp.treasury = 0
    _take_over(title, state, (sym,), gov, kind, ctx)
    data = c2c_data(state)
    charter = data.charters[gov]
    supply = government_top_up(len(corp.tokens), charter.tokens + charter.bulls)
    data.charters[gov] = replace(charter, tokens=charter.tokens + supply)
    data.supplied[gov] = supply
    if ctx is not None:
        ctx.emit(
            f"{gov}: {len(corp.tokens)} tokens on the board, "
            f"{data.charters[gov].left} on its charter ({supply} from the supply)",
            corp=gov,
        )


def _take_over(
    title: TitleC2C,
    state: GameState,
    parts: tuple[str, ...],
    gov: str,
    kind: CorpKind,
    ctx: ActionContext | None,
) -> None:
    """``gov`` takes the failed corporation's (the last of ``parts``) cash, trains, privates,
    Engineer markers and tokens; a reserved destination token becomes an ordinary one (a
    government railroad makes no destination run: assumed)."""
    sym = parts[-1]
    failed = state.corps[sym]
    title.pay(state, corp_key(sym), corp_key(gov), failed.cash)
    for train in list(failed.trains):
        failed.trains.remove(train)
        title.give_train(state, gov, train)
    for private in state.privates.values():
        if private.owner == corp_key(sym) and not private.closed:
            private.owner = corp_key(gov)
    combine_tokens(state, parts, gov, kind, ctx)
    powers.merge_markers(state, gov, sym, gov, ctx)
    data = c2c_data(state)
    charter = data.charters[gov]
    if charter.destination == "reserved":
        data.charters[gov] = replace(charter, tokens=charter.tokens + 1, destination="none")


def waiting(state: GameState, sym: str) -> bool:
    """A government railroad nobody runs yet (its shares in the initial offering)."""
    return is_government(state, sym) and not state.corps[sym].president


def status_lines(state: GameState) -> list[str]:
    """``  Amtrak (AMTK): absorbed Erie, B&O; not started`` per government railroad."""
    data = c2c_data(state)
    out = []
    for kind, gov in GOVERNMENT_CHARTERS.items():
        if gov not in data.absorbed:
            continue
        corp = state.corps[gov]
        how = "closed" if corp.closed else "not started" if waiting(state, gov) else "running"
        absorbed = ", ".join(data.absorbed[gov])
        out.append(f"  {kind.capitalize()} ({gov}, D variant 3l): absorbed {absorbed}; {how}")
    return out
