"""18C2C's own invariants for tests and simulations (the framework's are in
``eighteen/framework/testing.py``): station tokens match the tokens used, never more tokens
placed and on the charter than the corporation ever got (D variant 3e, 3f, 4c; a merger
corporation: its two corporations', 3g), one token per corporation per city."""

from __future__ import annotations

from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.titles.c2c.game.state import C2CData, c2c_data
from transcon.titles.c2c.options import TOKEN_COSTS

ALL_COSTS = frozenset(TOKEN_COSTS)


def tokens_got(data: C2CData, sym: str) -> int:
    """The most tokens ``sym`` can have had: home, those bought or gained and a bull for a
    public corporation; for a merger corporation those of the two it merged (3f, 3g); for
    Amtrak and Conrail those of the corporations they absorbed and the supply's (3l)."""
    parts = data.merged.get(sym) or data.absorbed.get(sym, [])
    costs = data.charter(sym).costs
    if parts:
        inherited = frozenset().union(*(data.charter(p).costs for p in parts))
        supplied = data.supplied.get(sym, 0)
        return sum(tokens_got(data, p) for p in parts) + len(costs - inherited) + supplied
    return 1 + len(costs) + (costs == ALL_COSTS)


def token_problems(game: Game[GameState]) -> list[str]:
    """Broken token invariants of every open corporation (empty when all hold)."""
    data = c2c_data(game.state)
    out = []
    for sym, corp in game.state.corps.items():
        if corp.closed:
            continue
        charter = data.charter(sym)
        got = tokens_got(data, sym)
        if len(corp.tokens) != corp.tokens_used or corp.tokens_used + charter.left > got:
            out.append(f"{sym}: {len(corp.tokens)} tokens, {corp.tokens_used} used, got {got}")
        if min(charter.tokens, charter.bulls) < 0:
            out.append(f"{sym}: negative charter {charter}")
        if len(set(corp.tokens)) != len(corp.tokens):
            out.append(f"{sym}: two tokens in one city")
    return out
