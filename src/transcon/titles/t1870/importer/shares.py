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


@dataclass(slots=True)
class ShareLedger:
    """Who holds each 18xx.games certificate: ``ipo``, ``pool``, ``treasury`` or a player."""

    owner: dict[str, list[str]] = field(default_factory=dict)

    def start(self, corps: list[str]) -> None:
        self.owner = {sym: ["ipo"] * CERTS for sym in corps}

    def held(self, sym: str, holder: str) -> list[int]:
        """Certificate numbers ``holder`` has, 10% shares first (lowest first)."""
        mine = [i for i, who in enumerate(self.owner[sym]) if who == holder]
        return sorted(mine, key=lambda i: (i == 0, i))

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
            self.owner[sym][i] = to

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
                owners[0] = chief
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
                        owners[spare.pop(0)] = who
