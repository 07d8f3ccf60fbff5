"""The mutable state of a combined Eastern + Western USA game, and its options.

Plain slotted dataclasses (no pydantic) so that applying an action is cheap; the title's
``state_to_json`` turns a state into canonical JSON. Derived caches (the link graph) live in
fields starting with ``_`` and are rebuilt from the links, never serialised.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from transcon.core.options import Options, OptionValue, option
from transcon.titles.rotw.data import BOUNTY_POINTS, HOTEL_CASH


@dataclass(frozen=True, slots=True)
class RotwOptions(Options):
    """The options of the combined game, typed (field names are option names)."""

    map: str = option("rotw-usa", "Map name or path (rotw-mini: the small built-in map).")
    victory_mode: Literal["most_points", "transcontinental_required"] = option(
        "most_points",
        "Most points wins, or players with a transcontinental route rank first.",
        rule="Variant: Preamble",
    )
    end_on_leader_transcon: bool = option(
        False,
        "Alternative: the game ends at once when the leader completes a transcon.",
        rule="Variant: Game end",
    )
    setup_color_limits: bool = option(
        True,
        "At most one cube of a city's colour and two of any colour at setup.",
        rule="Variant rule 1 (house rule)",
    )
    small_game_minus_one: bool = option(
        True, "2-3 players: one cube fewer per city (min 1).", rule="Base rules: setup"
    )
    auto_bonds: bool = option(True, "Issue the bonds needed to pay for an action automatically.")
    settlers_on_empty: Literal["seed", "robertson"] = option(
        "seed",
        "Settlers for an emptied city: seed (the variant's rule: colour 2, gray 0) or "
        "robertson (gray 1, colour 2, red 3).",
        rule="Variant rule 11",
    )
    urbanized_settlers: Literal["current", "printed"] = option(
        "current",
        "For an urbanized town: current (a coloured city: 2 settlers when emptied, a "
        "settler stops at it while unsettled, it takes 2) or printed (still gray "
        "everywhere).",
        rule="Variant rules 11-12",
    )
    phase1_extra_settler_cubes: int = option(
        0,
        "Eastern cubes a 2nd/3rd settler brings in the Eastern phase.",
        rule="Variant rule 12",
        min=0,
        max=4,
    )
    west_band_scoring: Literal["per_owner", "deliverer_all"] = option(
        "per_owner",
        "Band points per owner's own link count, or all to the deliverer.",
        rule="Variant rule 20",
    )
    raw_stop_at_first_target: bool = option(
        True,
        "A raw material stops at the first value-4 Eastern city it reaches.",
        rule="Variant rule 18",
    )
    transcon_links: Literal["own", "any"] = option(
        "own", "A coast-to-coast route uses own links only, or any links.", rule="Variant: Game end"
    )
    final_income: bool = option(
        True, "One last Income & Dividends phase.", rule="Variant: Game end"
    )
    income_track: Literal["rise_peak_fall", "rise_flat"] = option(
        "rise_peak_fall",
        "[U: printed numbers not found; assumed] Income by score: rise_peak_fall ($1k a "
        "point to 10, slower to $30k at 60, falling after 80 to $20k) or rise_flat (stays "
        "$30k from 60).",
        rule="Base rules 3.3",
    )
    east_game_end: Literal["switch_steps", "barons_only"] = option(
        "switch_steps",
        "Game end before the Western phase: switch_steps (the bond penalty of variant rule "
        "16, repay or discard, the Eastern barons of variant rule 15, a Western baron kept, "
        "then final scoring) or barons_only (only a Western baron is kept before final "
        "scoring).",
        rule="Variant: Game end",
    )
    bond_buyback_limit: Literal["per_event", "per_action"] = option(
        "per_event",
        "Per_event: at most 3 bonds over the event's game turn, priced by the table on "
        "the running total; per_action: one buyback action per event, up to 3 bonds.",
        rule="Event Bond Buyback",
    )
    executive_actions: int = option(
        2,
        "Actions taken at once after taking the card.",
        rule="Operations card Railroad Executive",
        min=1,
        max=2,
    )
    east_goods_per_colour: int = option(
        0,
        "Goods of each colour in the Eastern bag (25 in the box); 0: sized from the map, "
        "enough for every printed Eastern and Western number (at least 25).",
        rule="Base rules 1",
        min=0,
        max=120,
    )
    west_goods_per_colour: int = option(
        25, "Goods of each colour in the Western bag.", rule="Variant rule 19", min=0, max=60
    )
    raw_cubes: int = option(
        20, "Raw-material cubes in the Western bag.", rule="Variant rule 18", min=0, max=40
    )
    hotel_cash: int = option(
        HOTEL_CASH,
        "[U: printed value not found]: $k to the holder for each good delivered to the "
        "hotel's city.",
        rule="Operations cards Hotels",
        min=0,
        max=10,
    )
    bounty_points: int = option(
        BOUNTY_POINTS,
        "[U: printed value not found]: points for the first delivery to the bounty's city"
        " while the card is displayed.",
        rule="Operations cards Service Bounties",
        min=0,
        max=10,
    )
    max_game_turns: int = option(
        60,
        "Safety valve (not a rule of the game): the game ends after this many game turns. Greedy"
        " games on rotw-usa end by the rules in 21-40 game turns (mean 29).",
        min=1,
        max=200,
    )


OPTIONS = RotwOptions.specs()


def cube_kinds(cubes: list[str]) -> list[str]:
    """The kinds among a city's cubes, in order (the bots' loops over cities call this)."""
    return cubes if len(cubes) == 1 else sorted(set(cubes))


class BotCaches:
    """What the bots worked out for one position, kept with the state it belongs to (each
    cache checks the link ids and other facts it depends on before it is reused). Never
    copied with the state (a copy starts empty) and never serialised."""

    __slots__ = ("chain_plans", "chains", "deliveries")

    def __init__(self) -> None:
        #: the delivery searches (``delivery_search._Memo``)
        self.deliveries: Any = None
        #: the planner chains completed by the links (``bot_chains.BuiltChains``)
        self.chains: Any = None
        #: the greedy bots' chain plans per (kind, left-out cities), per origin (the same
        #: for every bot on the board: worked out once per game, not once per bot)
        self.chain_plans: dict[Any, dict[str, Any]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> BotCaches:
        return BotCaches()


@dataclass(slots=True)
class Link:
    """Track owned by one player: a complete link between cities ``a`` and ``b``, or unfinished
    track from city ``a`` (``b`` empty) ending in ``hexes[-1]``."""

    id: int
    owner: str
    a: str
    b: str
    hexes: tuple[str, ...]
    pieces: int
    turn: int

    @property
    def complete(self) -> bool:
        return bool(self.b)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "owner": self.owner,
            "a": self.a,
            "b": self.b,
            "hexes": list(self.hexes),
            "pieces": self.pieces,
            "turn": self.turn,
        }


@dataclass(slots=True)
class PlayerState:
    name: str
    cash: int = 0
    score: int = 0
    bonds: int = 0
    engine: int = 1
    east_dealt: list[str] = field(default_factory=list)
    east_baron: str = ""
    east_baron_claimed: bool = False
    west_dealt: list[str] = field(default_factory=list)
    west_baron: str = ""
    baron_points: int = 0
    kept_cards: list[str] = field(default_factory=list)  # one-shot cards not used yet
    perfect_engineering: bool = False
    pe_used_turn: int = 0
    hotels: list[str] = field(default_factory=list)  # hotel cities
    skip_next: bool = False
    extra_actions: int = 0
    goods_delivered: int = 0
    red_delivered: int = 0
    settlers_delivered: int = 0
    raw_delivered: int = 0
    transcon: bool = False
    final_bonus: dict[str, int] = field(default_factory=dict)
    bought_back: int = 0  # bonds repaid under this game turn's Bond Buyback event

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "cash": self.cash,
            "score": self.score,
            "bonds": self.bonds,
            "engine": self.engine,
            "east_dealt": list(self.east_dealt),
            "east_baron": self.east_baron,
            "east_baron_claimed": self.east_baron_claimed,
            "west_dealt": list(self.west_dealt),
            "west_baron": self.west_baron,
            "baron_points": self.baron_points,
            "kept_cards": list(self.kept_cards),
            "perfect_engineering": self.perfect_engineering,
            "pe_used_turn": self.pe_used_turn,
            "hotels": list(self.hotels),
            "skip_next": self.skip_next,
            "extra_actions": self.extra_actions,
            "goods_delivered": self.goods_delivered,
            "red_delivered": self.red_delivered,
            "settlers_delivered": self.settlers_delivered,
            "raw_delivered": self.raw_delivered,
            "transcon": self.transcon,
            "final_bonus": dict(sorted(self.final_bonus.items())),
            "bought_back": self.bought_back,
        }


@dataclass(slots=True)
class LineRecord:
    """Who scored a major line: the first claimant and the best (links, pieces) so far."""

    claimants: list[str] = field(default_factory=list)
    best_links: int = 0
    best_pieces: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "claimants": list(self.claimants),
            "best_links": self.best_links,
            "best_pieces": self.best_pieces,
        }


@dataclass(slots=True)
class RotwState:
    """Everything that changes in a game. Steps: ``barons`` (choose an Eastern baron),
    ``production`` (Increase Production choices), ``actions``, ``settle`` (Western-phase
    transition choices), ``over``."""

    players: list[str]
    options: dict[str, OptionValue]  # resolved; read through ``opt``
    pl: dict[str, PlayerState]
    step: str = "barons"
    phase: str = "east"
    game_turn: int = 1
    round: int = 1
    rounds_this_turn: int = 3
    first: int = 0  # seat of this game turn's first player
    pos: int = 0  # position in this round's order
    pending: list[str] = field(default_factory=list)  # players still to decide (production)
    cubes: dict[str, list[str]] = field(default_factory=dict)  # city label -> cubes
    east_bag: dict[str, int] = field(default_factory=dict)
    east_per_colour: int = 0  # goods of each colour the Eastern bag started with
    west_bag: dict[str, int] = field(default_factory=dict)
    settler_pool: int = 0
    settlers_arrived: int = 0
    settlers_at: dict[str, int] = field(default_factory=dict)
    settler_given: list[str] = field(default_factory=list)  # emptied cities that got settlers
    first_settler_done: bool = False
    first_raw_done: bool = False
    west_pending: bool = False
    colour: dict[str, str] = field(default_factory=dict)  # urbanized cities
    tiles: dict[str, int] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)
    display: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)  # active event kinds this game turn
    bounties_claimed: list[str] = field(default_factory=list)
    small_market_paid: list[str] = field(default_factory=list)  # "player@city" this turn
    links: list[Link] = field(default_factory=list)
    next_link: int = 1
    lines: dict[str, LineRecord] = field(default_factory=dict)
    transcon_done: list[str] = field(default_factory=list)
    end_triggered: bool = False
    end_reason: str = ""
    final_settle: bool = False  # the game ended in the Eastern phase: settle, then score
    west_began: int = 0
    ended_turn: int = 0
    deliveries: int = 0
    spent: dict[str, int] = field(default_factory=dict)  # cubes delivered out of play
    # caches (not serialised): completed-link adjacency and owners, hex use, unfinished
    # track, typed options; :meth:`invalidate` drops the link caches when a link goes,
    # :meth:`add_link` keeps them up to date
    _adj: dict[str, list[tuple[str, Link]]] | None = None
    _hex_use: dict[str, int] | None = None
    _link_owners: dict[frozenset[str], set[str]] | None = None
    _unfinished: dict[str, Link] | None = None  # player -> unfinished track
    #: longest run of own links per player (Rail Barons), while the links stand
    _runs: dict[str, int] = field(default_factory=dict)
    _opt: tuple[dict[str, OptionValue], RotwOptions] | None = None
    #: the plan :meth:`check` made for the action it passed last (``apply`` follows it at
    #: once in ``core.game``, so the plan is used once, only for that very action object)
    _checked: tuple[object, object] | None = field(default=None, compare=False, repr=False)
    _bots: BotCaches = field(default_factory=BotCaches, compare=False, repr=False)

    @property
    def opt(self) -> RotwOptions:
        """The game's options, typed (made once per options dict)."""
        made = self._opt
        if made is None or made[0] is not self.options:
            made = self._opt = (self.options, RotwOptions.view(self.options))
        return made[1]

    def player(self, name: str) -> PlayerState:
        return self.pl[name]

    def order(self) -> list[str]:
        """This game turn's turn order: clockwise from the first player (seed 6)."""
        n = len(self.players)
        return [self.players[(self.first + i) % n] for i in range(n)]

    def adjacency(self) -> dict[str, list[tuple[str, Link]]]:
        """City label -> (neighbouring city, link) over every completed link."""
        if self._adj is None:
            adj: dict[str, list[tuple[str, Link]]] = {}
            for link in self.links:
                if link.b:
                    adj.setdefault(link.a, []).append((link.b, link))
                    adj.setdefault(link.b, []).append((link.a, link))
            self._adj = adj
        return self._adj

    def link_owners(self) -> dict[frozenset[str], set[str]]:
        """The city pairs of completed links -> the players owning a link between them."""
        if self._link_owners is None:
            owners: dict[frozenset[str], set[str]] = {}
            for link in self.links:
                if link.b:
                    owners.setdefault(frozenset((link.a, link.b)), set()).add(link.owner)
            self._link_owners = owners
        return self._link_owners

    def hex_use(self) -> dict[str, int]:
        """Hex label -> number of tracks through it (complete and unfinished)."""
        if self._hex_use is None:
            use: dict[str, int] = {}
            for link in self.links:
                for h in link.hexes:
                    use[h] = use.get(h, 0) + 1
            self._hex_use = use
        return self._hex_use

    def invalidate(self) -> None:
        self._adj = None
        self._hex_use = None
        self._link_owners = None
        self._unfinished = None
        self._runs.clear()

    def add_link(self, link: Link) -> None:
        """Append a new link (the highest id): the link caches are brought up to date in
        place, exactly as rebuilding them would make them (the new link comes last)."""
        self.links.append(link)
        use = self._hex_use
        if use is not None:
            for h in link.hexes:
                use[h] = use.get(h, 0) + 1
        if not link.b:
            if self._unfinished is not None:
                self._unfinished.setdefault(link.owner, link)
            return
        self._runs.pop(link.owner, None)
        adj = self._adj
        if adj is not None:
            adj.setdefault(link.a, []).append((link.b, link))
            adj.setdefault(link.b, []).append((link.a, link))
        owners = self._link_owners
        if owners is not None:
            owners.setdefault(frozenset((link.a, link.b)), set()).add(link.owner)

    def unfinished(self, player: str) -> Link | None:
        """The player's unfinished track (one at most, base 3.2 A)."""
        found = self._unfinished
        if found is None:
            found = self._unfinished = {}
            for link in reversed(self.links):  # (the first one wins, as a scan finds it)
                if not link.b:
                    found[link.owner] = link
        return found.get(player)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "options": dict(sorted(self.options.items())),
            "pl": {p: self.pl[p].to_json() for p in self.players},
            "step": self.step,
            "phase": self.phase,
            "game_turn": self.game_turn,
            "round": self.round,
            "rounds_this_turn": self.rounds_this_turn,
            "first": self.first,
            "pos": self.pos,
            "pending": list(self.pending),
            "cubes": {k: list(v) for k, v in sorted(self.cubes.items()) if v},
            "east_bag": dict(sorted(self.east_bag.items())),
            "east_per_colour": self.east_per_colour,
            "west_bag": dict(sorted(self.west_bag.items())),
            "settler_pool": self.settler_pool,
            "settlers_arrived": self.settlers_arrived,
            "settlers_at": dict(sorted(self.settlers_at.items())),
            "settler_given": sorted(self.settler_given),
            "first_settler_done": self.first_settler_done,
            "first_raw_done": self.first_raw_done,
            "west_pending": self.west_pending,
            "colour": dict(sorted(self.colour.items())),
            "tiles": dict(sorted(self.tiles.items())),
            "deck": list(self.deck),
            "display": list(self.display),
            "events": list(self.events),
            "bounties_claimed": sorted(self.bounties_claimed),
            "small_market_paid": sorted(self.small_market_paid),
            "links": [link.to_json() for link in self.links],
            "next_link": self.next_link,
            "lines": {k: v.to_json() for k, v in sorted(self.lines.items())},
            "transcon_done": list(self.transcon_done),
            "end_triggered": self.end_triggered,
            "end_reason": self.end_reason,
            "final_settle": self.final_settle,
            "west_began": self.west_began,
            "ended_turn": self.ended_turn,
            "deliveries": self.deliveries,
            "spent": dict(sorted(self.spent.items())),
        }
