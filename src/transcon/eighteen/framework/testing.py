"""Small positions for tests and examples: skip the auction, float companies, start rounds.

These helpers change a game's state directly (bypassing the log), so a game built with them
cannot be replayed from its log; they exist to test one rule at a time from a known position.
Each ends with ``GameState.changed`` (the position memo is only kept right by ``apply``).
"""

from __future__ import annotations

from collections.abc import Mapping

from transcon.core.game import Game
from transcon.core.title import ActionContext, Event
from transcon.eighteen.framework.base import BANK, corp_key
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.title import EighteenTitle


def context(game: Game[GameState]) -> ActionContext:
    """An event sink for direct state changes (events are discarded)."""
    sink: list[Event] = []
    return ActionContext(game.rng, len(game.log), sink)


def title_of(game: Game[GameState]) -> EighteenTitle:
    title = game.title
    assert isinstance(title, EighteenTitle)
    return title


def skip_auction(game: Game[GameState], owners: Mapping[str, str] | None = None) -> None:
    """Give privates to players (``{private: player}``, paid at face value) and start the
    first stock round with the first player holding priority."""
    title = title_of(game)
    state = game.state
    spec = title.spec(state)
    for sym, player in (owners or {}).items():
        private = state.privates[sym]
        title.pay(state, player, BANK, spec.private(sym).value)
        private.owner = player
        linked = spec.private(sym)
        if linked.share_of:
            corp = state.corps[linked.share_of]
            corp.ipo -= 1
            corp.holders[player] = corp.holders.get(player, 0) + 1
    for private in state.privates.values():
        if not private.owner:
            private.owner = "@bank"
            private.closed = True
    state.priority = 0
    title.start_stock_round(state, context(game))
    state.changed()


def float_corp(
    game: Game[GameState],
    sym: str,
    president: str,
    par: int,
    holders: Mapping[str, int] | None = None,
) -> None:
    """Start ``sym`` at ``par`` with ``president`` holding the 20% certificate plus the units
    in ``holders`` (default: the president holds 60%), paid from the players' cash, and
    float it (the company receives 10 x par)."""
    title = title_of(game)
    state = game.state
    corp = state.corps[sym]
    units = dict(holders or {president: 6})
    units.setdefault(president, 2)
    for player, n in units.items():
        title.pay(state, player, BANK, n * par)
        corp.holders[player] = corp.holders.get(player, 0) + n
        corp.ipo -= n
    corp.president = president
    corp.par = par
    title.move_to(state, sym, title.market(state).par_cell(par), None)
    corp.floated = True
    title.pay(state, BANK, corp_key(sym), 10 * par)
    state.changed()


def start_operating(game: Game[GameState]) -> None:
    """End the stock round now and start a set of operating rounds."""
    title = title_of(game)
    title.start_operating_set(game.state, context(game))
    game.state.changed()


def give_train(game: Game[GameState], sym: str, name: str) -> str:
    """Give ``sym`` a train of type ``name`` from the depot (free, no phase change)."""
    title = title_of(game)
    train_id = title.take_from_depot(game.state, name)
    title.give_train(game.state, sym, train_id)
    game.state.changed()
    return train_id


def place_tiles(game: Game[GameState], tiles: Mapping[str, tuple[str, int]]) -> None:
    """Put tiles on the board as they are (hex -> (tile, rotation)): no lay, no cost, no
    rule checked (tests that need track, such as a route for a company to run)."""
    state = game.state
    for hex_label, (tile, rotation) in tiles.items():
        state.tiles[hex_label] = [tile, rotation]
        state.tile_used[tile] = state.tile_used.get(tile, 0) + 1
    state.changed()


def total_money(game: Game[GameState]) -> int:
    """Bank + players + companies (constant in a correct game)."""
    state = game.state
    return (
        state.bank + sum(p.cash for p in state.players) + sum(c.cash for c in state.corps.values())
    )


def invariant_problems(game: Game[GameState]) -> list[str]:
    """Broken invariants: money, 100% of every company's shares, train limits."""
    title = title_of(game)
    state = game.state
    spec = title.spec(state)
    problems = []
    if total_money(game) != spec.bank:
        problems.append(f"money {total_money(game)} != {spec.bank}")
    for sym, corp in state.corps.items():
        if corp.closed:
            continue
        units = corp.ipo + corp.treasury + corp.pool + sum(corp.holders.values())
        if units != 10:
            problems.append(f"{sym} shares total {units * 10}%")
        if any(n < 0 for n in corp.holders.values()) or min(corp.ipo, corp.pool) < 0:
            problems.append(f"{sym} negative holding")
        if corp.president and corp.holders.get(corp.president, 0) < 2:
            problems.append(f"{sym} president holds under 20%")
    if not title.over_limit(state):
        return problems
    if state.round != "operating":
        problems.append("a company is over its train limit outside an operating round")
    return problems
