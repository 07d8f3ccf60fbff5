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
        holders = " ".join(f"{n}:{u * 10}%" for n, u in sorted(corp.holders.items()))
        if corp.closed:
            lines.append(f"    {sym:5} closed")
            continue
        if corp.cell is None:
            lines.append(f"    {sym:5} not started (no par price yet) {holders}")
            continue
        notes = "".join(f" {note}" for note in title.status_company_notes(state, sym))
        lines.append(
            f"    {sym:5} price {title.price(state, sym):3} par {corp.par:3} cash {corp.cash:5} "
            f"pres {corp.president or '-'} ipo {corp.ipo * 10}% pool {corp.pool * 10}% "
            f"treasury {corp.treasury * 10}% trains [{' '.join(corp.trains)}] "
            f"tokens [{' '.join(corp.tokens)}]{notes} {holders}"
        )
    if lines[-1] == "  Companies:":
        lines[-1] = "  Companies: none started yet"
    lines.extend(title.status_company_lines(state))
    lines.extend(_private_lines(title, state))
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


#: The line above the privates in ``status``.
PRIVATES_HEADER = "  Privates (face value, revenue, owner):"


def _private_lines(title: EighteenTitle, state: GameState) -> list[str]:
    """One line per open private: face value (less an auction discount), revenue, owner and
    standing auction bids; the closed ones on one line."""
    spec = title.spec(state)
    lines = [PRIVATES_HEADER]
    closed = []
    for private in state.privates.values():
        if private.closed:
            closed.append(private.sym)
            continue
        face = spec.private(private.sym).value
        price = f"${face - private.discount}" + (
            f" (face ${face}, ${private.discount} off)" if private.discount else ""
        )
        owner = private.owner.lstrip("@") or "unsold"
        bids = ", ".join(f"{who} {amount}" for who, amount in private.bids)
        notes = [f"bids: {bids}"] if bids else []
        notes += title.status_private_notes(state, private.sym)
        lines.append(
            f"    {private.sym:5} {price:>4} revenue {spec.private(private.sym).revenue:3} "
            f"{owner}" + "".join(f"; {note}" for note in notes)
        )
    if closed:
        lines.append(f"    closed: {', '.join(closed)}")
    return lines


def _round_text(state: GameState) -> str:
    if state.round == "operating":
        op = state.operating
        corp = op.order[op.index] if op.index < len(op.order) else "-"
        return f"operating round {op.number} of {op.of}, {corp} operating"
    if state.round == "stock":
        return f"stock round {state.stock.number}"
    return state.round
