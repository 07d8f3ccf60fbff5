"""Track-use fees of a race (base 3.3), paid before the race whatever the result.

A train pays ``track_use_fee_per_hex`` to the owner of every hex of rival track it uses
(not its own, its joint partner's, or, with ``allow_running_power_exchange``, its exchange
partner's track); a joint team splits the units, the richer partner paying the odd one.

Default (``fee_netting = False``, postal practice): every train pays in full, and using more
than ``max_foreign_hexes_per_owner`` hexes of one rival's track is refused at entry.

``fee_netting = True`` (Dampfross, base 3.3): when rivals use each other's track in the same
race only the net amount is paid (A owes B 19, B owes A 11: A pays B 8), and the cap counts
the net: an entry may use more hexes of a rival than the cap, but if, after the other
entries of the race are known, its hexes of that rival minus the hexes of its own (team's)
track that rival's trains use still exceed the cap, the entry is void (it pays nothing and
does not run). Void entries are removed one at a time until every remaining train is within
the cap (removing one never helps another).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from transcon.titles.railway_rivals.state import RRState

Emit = Callable[[str], None]


@dataclass(slots=True)
class Train:
    """One train in a race: a rival or a joint team on a fixed route. ``free`` are the rivals
    whose track it uses without fees (the team, plus an exchange-of-running-powers partner)."""

    team: tuple[str, ...]
    route: list[int]
    owners: list[str]
    free: tuple[str, ...] = ()
    steps: list[int] = field(default_factory=list)
    pos: int = 0
    finished: int | None = None
    leftover: int = 0
    carry: int = 0
    throws: list[int] = field(default_factory=list)
    fees: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.free:
            self.free = self.team

    def foreign(self) -> dict[str, int]:
        """Hexes of each rival's track used (fees are due on them)."""
        out: dict[str, int] = {}
        for o in self.owners:
            if o not in self.free:
                out[o] = out.get(o, 0) + 1
        return out


def split(amount: int, team: tuple[str, ...], state: RRState, richer_first: bool) -> list[int]:
    """Shares of an amount among a team; the odd unit goes to the richer (costs) or the
    poorer (prizes) partner."""
    if len(team) == 1:
        return [amount]
    base, rest = divmod(amount, len(team))
    order = sorted(range(len(team)), key=lambda i: state.cash[team[i]], reverse=richer_first)
    shares = [base] * len(team)
    for i in order[:rest]:
        shares[i] += 1
    return shares


def void_over_cap(state: RRState, race_id: int, trains: list[Train], emit: Emit) -> list[Train]:
    """With ``fee_netting``: drop the trains whose net use of one rival's track exceeds the
    cap (see the module docstring); without it every train is within the cap already."""
    if not state.cfg.fee_netting:
        return trains
    cap = state.cfg.max_foreign_hexes_per_owner
    live = list(trains)
    while True:
        use = [t.foreign() for t in live]
        bad: tuple[int, str, int, int] | None = None
        for i, t in enumerate(live):
            for o, n in sorted(use[i].items()):
                if n <= cap:
                    continue
                back = sum(
                    use[j].get(m, 0) for j, u in enumerate(live) if o in u.team for m in t.team
                )
                if n - back > cap:
                    bad = (i, o, n, back)
                    break
            if bad is not None:
                break
        if bad is None:
            return live
        i, o, n, back = bad
        t = live.pop(i)
        line = (
            f"{'/'.join(t.team)}'s entry in race #{race_id} is void: {n} hexes of {o}'s "
            f"track, {back} back, net above {cap}"
        )
        state.report.append(line)
        emit(line)


def pay_fees(state: RRState, race_id: int, trains: list[Train], emit: Emit) -> None:
    """Pay every train's fees (netted between rivals with ``fee_netting``)."""
    fee = state.cfg.track_use_fee_per_hex
    netting = state.cfg.fee_netting
    reason = f"track use race #{race_id}"
    owed: dict[tuple[str, str], int] = {}
    for t in trains:
        units = [o for o in t.owners if o not in t.free]
        for o in units:
            t.fees[o] = t.fees.get(o, 0) + fee
        # unit by unit, the richer partner paying the odd unit
        payers = split(len(units), t.team, state, richer_first=True)
        who = [p for p, n in zip(t.team, payers, strict=True) for _ in range(n)]
        for payer, owner in zip(who, units, strict=True):
            if netting:
                owed[(payer, owner)] = owed.get((payer, owner), 0) + fee
            else:
                state.pay(payer, owner, fee, reason)
    for (payer, owner), amount in sorted(owed.items()):
        back = owed.get((owner, payer), 0)
        if amount > back:
            state.pay(payer, owner, amount - back, reason)
            if back:
                line = f"  fees netted: {payer} owes {owner} {amount}, {owner} owes {payer} {back}"
                line += f"; {payer} pays {amount - back}"
                state.report.append(line)
                emit(line)
        elif amount == back and payer < owner:
            line = f"  fees netted: {payer} and {owner} owe each other {amount}; nobody pays"
            state.report.append(line)
            emit(line)
