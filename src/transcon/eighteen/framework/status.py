"""Human-readable status of an 18xx game: round, phase, market, companies, players, trains."""

from __future__ import annotations

from typing import TYPE_CHECKING

from transcon.eighteen.framework.state import GameState

if TYPE_CHECKING:
    from transcon.eighteen.framework.title import EighteenTitle


def status_text(title: EighteenTitle, state: GameState) -> str:
    """A multi-line summary (``transcon status``)."""
    phase = title.phase(state)
    lines = [
        f"{title.display_name}: {_round_text(state)}; phase {phase.name} "
        f"(train limit {phase.train_limit}); bank {state.bank}"
    ]
    current = title.depot_train(state)
    lines.append(
        f"  Depot: {current.name}-trains for {current.price}" if current else "  Depot: empty"
    )
    if state.pool_trains:
        lines.append("  Pool trains: " + ", ".join(state.pool_trains))
    lines.append("  Companies:")
    for sym in sorted(state.corps, key=lambda s: -title.price(state, s)):
        corp = state.corps[sym]
        if corp.cell is None and not corp.holders:
            continue
        if corp.closed:
            lines.append(f"    {sym:5} closed")
            continue
        holders = " ".join(f"{n}:{u * 10}%" for n, u in sorted(corp.holders.items()))
        lines.append(
            f"    {sym:5} price {title.price(state, sym):3} par {corp.par:3} cash {corp.cash:5} "
            f"pres {corp.president or '-'} ipo {corp.ipo * 10}% pool {corp.pool * 10}% "
            f"treasury {corp.treasury * 10}% trains [{' '.join(corp.trains)}] "
            f"tokens [{' '.join(corp.tokens)}] {holders}"
        )
    lines.append(
        "  Privates: "
        + ", ".join(
            f"{p.sym}:{p.owner.lstrip('@') or '-'}{' (closed)' if p.closed else ''}"
            for p in state.privates.values()
        )
    )
    lines.append("  Players:")
    for p in state.players:
        lines.append(
            f"    {p.name:10} cash {p.cash:5} certs {title.certs(state, p.name):2}/"
            f"{title.cert_limit(state)} value {title.player_value(state, p.name)}"
        )
    if state.round == "over":
        lines.append("Game over. Winner: " + ", ".join(title.winners(state)))
    else:
        lines.append("To act: " + ", ".join(title.current_players(state)))
    return "\n".join(lines)


def _round_text(state: GameState) -> str:
    if state.round == "operating":
        op = state.operating
        corp = op.order[op.index] if op.index < len(op.order) else "-"
        return f"operating round {op.number} of {op.of}, {corp} operating"
    if state.round == "stock":
        return f"stock round {state.stock.number}"
    return state.round
