"""18xx.games share certificates: ``MP_0`` is the president's (20%), ``MP_1``..``MP_8`` the
10% shares. Our state counts units per holder; the importer and the exporter both follow
which certificate each holder has with :class:`ShareLedger`, moving the certificates an
action names and then matching our state's counts (presidency changes, private shares).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from transcon.eighteen.framework.state import GameState

CERTS = 9
"""Certificates per company: the president's (20%) and eight 10% shares."""


Sale = tuple[str, str, list[int], int]
"""A sale as 18xx.games records it: ``(company, seller, certificates, units sold)`` (a
president's certificate may be sold for one unit, the other going back to the seller)."""


@dataclass(slots=True)
class ShareLedger:
    """Who holds each 18xx.games certificate: ``ipo``, ``pool``, ``treasury`` or a player,
    and in which order each holder got them (18xx.games moves a holder's first ones)."""

    owner: dict[str, list[str]] = field(default_factory=dict)
    arrival: dict[str, list[int]] = field(default_factory=dict)
    """When each certificate reached its holder (a clock tick per move)."""
    clock: int = 0

    def start(self, corps: list[str]) -> None:
        self.owner = {sym: ["ipo"] * CERTS for sym in corps}
        self.arrival = {sym: list(range(CERTS)) for sym in corps}
        self.clock = CERTS

    def held(self, sym: str, holder: str) -> list[int]:
        """Certificate numbers ``holder`` has, 10% shares first (lowest first)."""
        mine = [i for i, who in enumerate(self.owner[sym]) if who == holder]
        return sorted(mine, key=lambda i: (i == 0, i))

    def in_arrival_order(self, sym: str, holder: str) -> list[int]:
        """``holder``'s certificates in the order they came (18xx.games ``shares_of``)."""
        mine = [i for i, who in enumerate(self.owner[sym]) if who == holder]
        return sorted(mine, key=lambda i: self.arrival[sym][i])

    def names(self, sym: str, numbers: list[int]) -> list[str]:
        return [f"{sym}_{i}" for i in numbers]

    def take(self, sym: str, holder: str, units: int) -> list[int]:
        """Certificates making ``units`` 10% units from ``holder``: 10% shares, and the
        president's certificate with the rest when they are not enough."""
        shares = [i for i in self.held(sym, holder) if i != 0]
        if units <= len(shares) or 0 not in self.held(sym, holder):
            return shares[:units]
        return [*shares[: max(0, units - 2)], 0]

    def move(self, sym: str, numbers: list[int], to: str) -> None:
        for i in numbers:
            if self.owner[sym][i] != to:
                self.owner[sym][i] = to
                self.arrival[sym][i] = self.clock
                self.clock += 1

    def follow_presidency(
        self, state: GameState, before: dict[str, str], sale: Sale | None = None
    ) -> None:
        """Presidencies our last action changed, swapped as 18xx.games does
        (``share_pool.rb`` ``change_president``, ``handle_partial``): the new president's
        first two 10% certificates go to the old president (to the market when a sale left
        him under 20%), the president's certificate to the new one; after a sale of half the
        president's certificate the market's first certificate goes back to the seller."""
        for sym, old in before.items():
            new = state.corps[sym].president
            sold_chief = sale is not None and sale[0] == sym and 0 in sale[2]
            if not old or not new or new == old or (self.owner[sym][0] != old and not sold_chief):
                continue
            swap_to, partial = old, 0
            if sale is not None and sale[0] == sym and sale[1] == old:
                if state.corps[sym].holders.get(old, 0) < 2:
                    swap_to = "pool"
                partial = sum(2 if i == 0 else 1 for i in sale[2]) - sale[3]
            firsts = [i for i in self.in_arrival_order(sym, new) if i != 0][:2]
            self.move(sym, firsts, swap_to)
            self.move(sym, [0], new)
            for _ in range(partial):
                self.move(sym, self.in_arrival_order(sym, "pool")[:1], old)

    def reconcile(self, state: GameState) -> None:
        """Follow our state: the president's certificate with the president, then 10%
        shares moved from holders with too many (highest numbers) to holders with too few."""
        for sym, corp in state.corps.items():
            owners = self.owner[sym]
            target: dict[str, int] = {"ipo": corp.ipo, "pool": corp.pool}
            target["treasury"] = corp.treasury
            target.update(corp.holders)
            if corp.president and corp.holders.get(corp.president, 0) >= 2:
                chief = corp.president
            else:
                chief = owners[0] if target.get(owners[0], 0) >= 2 else "ipo"
            if owners[0] != chief:
                self.move(sym, [0], chief)
            have: dict[str, int] = {}
            for i, who in enumerate(owners):
                have[who] = have.get(who, 0) + (2 if i == 0 else 1)
            spare: list[int] = []
            for who in sorted(have, key=str):
                extra = have[who] - target.get(who, 0)
                if extra > 0:
                    # the initial offering gives its first share (the MKT private's is MKT_1)
                    mine = sorted(
                        (i for i in range(1, CERTS) if owners[i] == who), reverse=who != "ipo"
                    )
                    spare.extend(mine[:extra])
            spare.sort()
            for who in sorted(target, key=str):
                short = target[who] - have.get(who, 0)
                for _ in range(max(0, short)):
                    if spare:
                        self.move(sym, [spare.pop(0)], who)
