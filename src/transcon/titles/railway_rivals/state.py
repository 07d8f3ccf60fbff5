"""The mutable state of a Railway Rivals USA game and its money ledger.

Track is stored incrementally (own links per rival, owners per link, rivals per hex, the union
adjacency) so building, route finding and the GM's checks never rebuild it. Hexes are integer
indices of :class:`~transcon.titles.railway_rivals.mapmodel.RRMap`; :func:`state_to_json`
writes labels. Every movement of cash goes through :meth:`RRState.pay`, which appends to the
ledger, so "cash is conserved" is checkable at any time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from transcon.titles.railway_rivals.config import Config
from transcon.titles.railway_rivals.mapmodel import RRMap

BANK = "bank"

Edge = tuple[int, int]


def edge(a: int, b: int) -> Edge:
    """The order-independent key of the link between hexes a and b."""
    return (a, b) if a < b else (b, a)


@dataclass(slots=True)
class City:
    """A city created in play. ``arrivals`` are the rivals counted for connection bonuses."""

    hex: int
    name: str
    keys: int
    round: int
    cause: str  # start | gm | wco | race
    bonus: bool
    end_of_round: bool = False
    arrivals: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Race:
    """A race on offer: two cities (hex indices), or the Transcontinental race (``tc``)."""

    id: int
    a: int
    b: int
    tc: bool = False
    offers: int = 1
    #: Transcontinental race with ``tc_race_uses_keys``: the cities with a key left for it
    ends: tuple[int, ...] = ()


@dataclass(slots=True)
class Entry:
    """One rival's entry: the exact route (hexes) and whose track each link uses."""

    race: int
    player: str
    route: list[int]
    owners: list[str]
    partner: str | None = None
    exchange: str | None = None  # running powers exchanged with this rival (allowed by option)


@dataclass(slots=True)
class RRState:
    """Everything that changes during a game."""

    players: list[str]
    cfg: Config
    model: RRMap
    round: int = 1
    phase: str = "start"  # start | races | build | over
    cash: dict[str, int] = field(default_factory=dict)
    ledger: list[tuple[int, str, str, int, str]] = field(default_factory=list)
    track: dict[str, set[Edge]] = field(default_factory=dict)
    edge_owners: dict[Edge, list[str]] = field(default_factory=dict)
    hex_owners: dict[int, dict[str, int]] = field(default_factory=dict)
    adj: dict[int, set[int]] = field(default_factory=dict)
    network: dict[str, set[int]] = field(default_factory=dict)
    starts: dict[str, int] = field(default_factory=dict)
    west_start: dict[str, int] = field(default_factory=dict)
    wc_connected: dict[str, bool] = field(default_factory=dict)
    wco_round: dict[str, int] = field(default_factory=dict)
    cities: dict[int, City] = field(default_factory=dict)
    used_names: set[str] = field(default_factory=set)
    picks: dict[str, int] = field(default_factory=dict)
    dice: list[int] = field(default_factory=list)
    segment: int = 0
    cash_mode: bool = False
    pending: dict[str, list[Edge]] = field(default_factory=dict)  # (from, to) links queued
    #: per pending link: built from an unjoined West Coast network (cost multiplied)
    pending_west: dict[str, list[bool]] = field(default_factory=dict)
    spent: dict[str, int] = field(default_factory=dict)  # points (dice) or links (cash) used
    carry: dict[str, int] = field(default_factory=dict)  # points carried (carry_build_points)
    done: set[str] = field(default_factory=set)
    races: list[Race] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    next_race_id: int = 1
    tc_offered: bool = False
    tc_run_round: int | None = None
    tc_first_offered_round: int | None = None
    report: list[str] = field(default_factory=list)  # the GM's post for the current round
    last_report: list[str] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)  # every race run
    version: int = 0  # bumped when track changes (route caches key on it)
    cache: dict[Any, Any] = field(default_factory=dict)

    # -- money -----------------------------------------------------------------------------

    def pay(self, payer: str, payee: str, amount: int, reason: str) -> None:
        """Move cash (``BANK`` on either side) and record it in the ledger."""
        if amount <= 0 or payer == payee:
            return
        if payer != BANK:
            self.cash[payer] -= amount
        if payee != BANK:
            self.cash[payee] += amount
        self.ledger.append((self.round, payer, payee, amount, reason))

    def ledger_balances(self) -> dict[str, int]:
        """Cash of every rival recomputed from the ledger (for the conservation check)."""
        out = {p: self.cfg.starting_cash for p in self.players}
        for _, payer, payee, amount, _ in self.ledger:
            if payer != BANK:
                out[payer] -= amount
            if payee != BANK:
                out[payee] += amount
        return out

    # -- track -----------------------------------------------------------------------------

    def add_link(self, player: str, a: int, b: int) -> None:
        """Add ``player``'s link a-b to every incremental structure (its hexes as the map's
        own int objects, ``RRMap.hex_ids``)."""
        ids = self.model.hex_ids
        a, b = ids[a], ids[b]
        key = edge(a, b)
        self.track[player].add(key)
        self.edge_owners.setdefault(key, []).append(player)
        for h in key:
            owners = self.hex_owners.setdefault(h, {})
            owners[player] = owners.get(player, 0) + 1
            self.network[player].add(h)
        self.adj.setdefault(a, set()).add(b)
        self.adj.setdefault(b, set()).add(a)
        self.version += 1
        self._new_track_version(a, b)

    def _new_track_version(self, a: int, b: int) -> None:
        """Clear the caches of the old track, except those of ``KEPT_CACHES``: each keeps
        the list of links added since it was built (``("new_links", name)``, in order), from
        which the function that builds it brings it up to date when next asked."""
        kept = {name: self.cache[name] for name in KEPT_CACHES if name in self.cache}
        added = {name: self.cache.get(("new_links", name), []) for name in kept}
        self.cache.clear()
        for name, value in kept.items():
            self.cache[name] = value
            self.cache[("new_links", name)] = [*added[name], (a, b)]

    def has_track_in(self, player: str, h: int) -> bool:
        owners = self.hex_owners.get(h)
        return bool(owners and owners.get(player))

    def city_label(self, h: int) -> str:
        city = self.cities.get(h)
        label = self.model.labels[h]
        return f"{city.name} ({label})" if city else label


#: Caches of the track that new links update instead of clearing (``RRState.add_link``): the
#: track graph and its reverse (``tracks``), the count of links per owners and the rows of
#: the links with their owners' seats (``routebounds``).
KEPT_CACHES = ("graph", "reverse_lengths", "line_counts", "owner_rows")


def state_to_json(state: RRState) -> dict[str, Any]:
    """A canonical JSON-able dict (labels instead of indices, sorted containers)."""
    lab = state.model.labels

    def links(edges: set[Edge]) -> list[str]:
        return sorted(f"{lab[a]}-{lab[b]}" for a, b in edges)

    return {
        "map": state.model.board.name,
        "round": state.round,
        "phase": state.phase,
        "segment": state.segment,
        "dice": list(state.dice),
        "cash_mode": state.cash_mode,
        "cash": dict(state.cash),
        "ledger": [list(row) for row in state.ledger],
        "track": {p: links(state.track[p]) for p in state.players},
        "starts": {p: lab[h] for p, h in state.starts.items()},
        "west_start": {p: lab[h] for p, h in state.west_start.items()},
        "wc_connected": dict(state.wc_connected),
        "wco_round": dict(state.wco_round),
        "cities": [
            {
                "hex": lab[c.hex],
                "name": c.name,
                "keys": c.keys,
                "round": c.round,
                "cause": c.cause,
                "bonus": c.bonus,
                "end_of_round": c.end_of_round,
                "arrivals": list(c.arrivals),
            }
            for c in sorted(state.cities.values(), key=lambda c: c.hex)
        ],
        "picks": {p: lab[h] for p, h in sorted(state.picks.items())},
        "pending": {p: [f"{lab[a]}-{lab[b]}" for a, b in v] for p, v in state.pending.items()},
        "pending_west": {p: list(v) for p, v in state.pending_west.items()},
        "spent": dict(state.spent),
        "carry": dict(state.carry),
        "done": sorted(state.done),
        "races": [
            {
                "id": r.id,
                "a": lab[r.a] if r.a >= 0 else None,
                "b": lab[r.b] if r.b >= 0 else None,
                "tc": r.tc,
                "offers": r.offers,
                "ends": [lab[h] for h in r.ends],
            }
            for r in state.races
        ],
        "entries": [
            {
                "race": e.race,
                "player": e.player,
                "partner": e.partner,
                "exchange": e.exchange,
                "route": [lab[h] for h in e.route],
                "owners": list(e.owners),
            }
            for e in state.entries
        ],
        "next_race_id": state.next_race_id,
        "tc_offered": state.tc_offered,
        "tc_run_round": state.tc_run_round,
        "tc_first_offered_round": state.tc_first_offered_round,
        "results": list(state.results),
        "report": list(state.report),
        "last_report": list(state.last_report),
    }
