"""Our 1870 game state as a route-engine position (tiles, tokens, phase, cattle and port).

A thin adapter onto :class:`~transcon.titles.t1870.position.Position1870`, used to validate
runs and to let bots run the optimiser's best routes.
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
