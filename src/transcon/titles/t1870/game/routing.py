"""Train runs through the route engine: our 1870 state as ROUTES' position, and the best
revenue of a company's trains from ROUTES' exact optimiser.

A thin adapter over :class:`~transcon.titles.t1870.position.Position1870`,
:func:`~transcon.titles.t1870.revenue.stop_values` and
:func:`~transcon.eighteen.optimizer.optimize` (all ROUTES' modules).
"""

from __future__ import annotations

from typing import Any

from transcon.eighteen.framework.state import GameState


def position_of(state: GameState, phase: str) -> Any:
    """ROUTES' position for our state: tiles, station and destination tokens, phase and the
    cattle and port tokens."""
    from transcon.titles.t1870.options import RouteOptions1870
    from transcon.titles.t1870.position import Position1870, PrivateTokens

    options = state.options
    token = "slot" if options.get("destination_blocks", True) else "beside"
    ends = bool(options.get("destination_ends_only", False))
    route_options = RouteOptions1870(
        "dixon" if token == "slot" else "mayfair",
        "first-or-last-stop" if ends else "anywhere",
        token,  # type: ignore[arg-type]
    )
    position = Position1870(options=route_options)
    for label, (tile, rotation) in state.tiles.items():
        position.lay_tile(position.hex(label), str(tile), int(str(rotation)))
    for sym, corp in state.corps.items():
        if corp.closed or not corp.tokens:
            continue
        position.place_home(sym)
        for label in corp.tokens[1:]:
            h = position.hex(label)
            position.place_token(h, position.city_node(h), sym)
    destinations = state.title_data.get("destination_tokens") or {}
    assert isinstance(destinations, dict)
    for sym in destinations:
        position.place_destination(sym)
    position.set_phase(phase)
    owner = {p.sym: p.owner.lstrip("@") for p in state.privates.values()}
    cattle, port = state.title_data.get("cattle"), state.title_data.get("port")
    position.privates = PrivateTokens(
        cattle_hex=position.hex(str(cattle)) if cattle else None,
        cattle_owner=owner.get("SCC") if cattle else None,
        port_hex=position.hex(str(port)) if port else None,
        port_owner=owner.get("GSC") if port else None,
        port_closed=bool(state.title_data.get("port_closed")),
        removed=bool(state.title_data.get("bonus_tokens_removed")),
    )
    return position


_MEMO: dict[str, int] = {}


def _key(state: GameState, sym: str, phase: str) -> str:
    tokens = {s: c.tokens for s, c in state.corps.items() if not c.closed and c.tokens}
    owners = {p.sym: p.owner for p in state.privates.values()}
    return repr(
        (
            sorted((h, str(t[0]), str(t[1])) for h, t in state.tiles.items()),
            sorted(tokens.items()),
            sorted(state.title_data.items()),
            sorted(owners.items()),
            sorted(state.corps[sym].trains),
            sym,
            phase,
            state.options.get("destination_blocks"),
            state.options.get("destination_ends_only"),
        )
    )


def best_revenue(state: GameState, sym: str, phase: str) -> int:
    """The highest revenue ``sym``'s trains can run now (ROUTES' exact optimiser; memoised
    per position)."""
    key = _key(state, sym, phase)
    if key not in _MEMO:
        if len(_MEMO) > 4096:
            _MEMO.clear()
        _MEMO[key] = _best_revenue(state, sym, phase)
    return _MEMO[key]


def _best_revenue(state: GameState, sym: str, phase: str) -> int:
    from transcon.eighteen.optimizer import optimize
    from transcon.eighteen.trains import parse_train
    from transcon.titles.t1870.revenue import stop_values

    trains = [parse_train(t.rsplit("-", 1)[0]) for t in state.corps[sym].trains]
    if not trains:
        return 0
    position = position_of(state, phase)
    graph = position.graph()
    solution = optimize(graph, sym, trains, stop_values(graph, sym, position))
    revenue: int = solution.revenue
    return revenue
