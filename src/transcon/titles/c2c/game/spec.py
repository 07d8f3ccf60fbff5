"""18C2C's data for the framework: the :class:`GameSpec` of the D variant (full map) and of
the Super-short variant (seed 001), from the title's data modules.

Sourced: corporations and their homes and destinations (``titles/c2c/data.py``), the train
roster (``titles/c2c/trains.py``: D trains, Super-short one third), bank $75,000 / $25,000
(seed 001 2h, Super-short 5), par prices. Assumed (docs/rules/18c2c.md "The game"): phases
(1870-like, named by the D trains), the market (1870's grid extended to 25 columns as the
Rails draft extends it); starting cash, certificate limits, the D privates' figures and the
game end are options (``titles/c2c/options.py``).
"""

from __future__ import annotations

from functools import lru_cache

from transcon.eighteen.framework.market_grids import MAYFAIR_1870_PARS, frozen, mayfair_1870_rows
from transcon.eighteen.framework.spec import (
    CorpSpec,
    EndTiming,
    GameEndSpec,
    GameSpec,
    PhaseSpec,
    PrivateSpec,
    TrainSpec,
)
from transcon.titles.c2c.charters import extra_charters
from transcon.titles.c2c.data import CORPORATIONS, Corporation, Setup, load_board
from transcon.titles.c2c.options import C2COptions, certificate_limit, starting_cash_each
from transcon.titles.c2c.privates import private, starting_packet
from transcon.titles.c2c.trains import roster

SUPER_SHORT = "super-short"
MAX_TOKENS = 6
"""Home, four bought tokens ($40/$60/$80/$100) and a bull token (seed 001 3e, 3f)."""

PAR_PRICES = MAYFAIR_1870_PARS
GOVERNMENT_CHARTERS = {"amtrak": "AMTK", "conrail": "CR"}
"""The government railroads' charters (D variant 3l; their reporting marks): out of play
until a failed corporation forms one."""


def merger_symbols(count: int) -> tuple[str, ...]:
    """The merger charters' symbols (``M1`` ...; base rules 4.8)."""
    return tuple(f"M{i}" for i in range(1, count + 1))


_EXTENSION = (
    "425 450 475 500",
    "400 425 450 475",
    "375L 400L 425L 450L",
    "350L 375L 400L 425L",
)


def market() -> tuple[tuple[str, ...], ...]:
    """1870's market (Mayfair cells) with its four upper rows extended to 25 columns ($500
    top right) like the Rails draft's 18C2C market (assumed: 18c2c-base.md A8)."""
    rows = mayfair_1870_rows()
    for row, more in zip(rows, _EXTENSION, strict=False):
        row.extend(more.split())
    return frozen(rows)


PLAYERS = range(2, 9)

Y, G, B, R = "yellow", "green", "brown", "gray"


def trains(setup: Setup) -> tuple[TrainSpec, ...]:
    """The D roster (seed 001 2b, 3i; Super-short 3) with what each type rusts on."""
    cards = roster("d", setup)
    rusts_on = {c.rusts: c.name for c in cards if c.rusts}
    return tuple(
        TrainSpec(c.name, c.cost, c.count, c.train().cities, rusts_on=rusts_on.get(c.name, ""))
        for c in cards
    )


def phases() -> tuple[PhaseSpec, ...]:
    """Phases named by the D trains (Table B's names); colours, limits and ORs per set as
    the Rails draft (1870-like, assumed); privates close when phase 5 starts (seed 001 4a,
    Prospectors; the draft for the base privates)."""
    steps = load_board().meta["steps"]["d"]
    table = (
        ("2", (Y,), 4, 1, ()),
        ("3", (Y, G), 4, 2, ()),
        ("4", (Y, G), 3, 2, ()),
        ("5", (Y, G, B), 2, 3, ("close_privates",)),
        ("3D", (Y, G, B, R), 2, 3, ()),
        ("4D", (Y, G, B, R), 2, 3, ()),
        ("5D", (Y, G, B, R), 2, 3, ()),
        ("6D", (Y, G, B, R), 2, 3, ()),
    )
    return tuple(
        PhaseSpec(
            name,
            name,
            colours,
            limit,
            rounds,
            int(steps[name]),
            company_buy=True,
            events=events,
        )
        for name, colours, limit, rounds, events in table
    )


def corps(
    setup: Setup, merger_charters: int = 0, extra: tuple[Corporation, ...] = ()
) -> tuple[CorpSpec, ...]:
    """The corporations of ``setup`` (Super-short: the twelve of seed 001 Super-short 1) with
    the D destinations (seed 001 2g) and, on the full map, the ``extra`` charters of the
    option ``extra_charters``; token costs are paid at float (seed 001 3e), so every
    placement is free. The merger charters (``M1``...: option ``merger_charters``) follow;
    they stay out of play until a merger opens one; then Amtrak and Conrail (D variant 3l),
    out of play until a failed corporation forms one."""
    from transcon.titles.c2c.data import destination

    out = []
    for c in (*CORPORATIONS.values(), *extra):
        if setup == SUPER_SHORT and not c.super_short:
            continue
        dest = destination(c.sym, "d") if c.sym in CORPORATIONS else c.destination
        out.append(CorpSpec(c.sym, c.name, c.home, dest[0] if dest else "", (0,) * MAX_TOKENS, 60))
    for sym in merger_symbols(merger_charters):
        out.append(CorpSpec(sym, f"merger corporation {sym}", "", "", (), 60))
    for kind, sym in GOVERNMENT_CHARTERS.items():
        out.append(CorpSpec(sym, kind.capitalize(), "", "", (), 60))
    return tuple(out)


def auction_order(opts: C2COptions, setup: Setup) -> tuple[str, ...]:
    """The packet's privates in the order the auction lists them (the framework's "cheapest
    first"): by face value, the western column first at equal value, each column's own order
    kept (full map); the Super-short column top to bottom."""
    columns = starting_packet(opts, setup == SUPER_SHORT)
    if len(columns) == 1:
        return columns[0]
    place = {
        sym: (col, row) for col, column in enumerate(columns) for row, sym in enumerate(column)
    }
    return tuple(sorted(place, key=lambda s: (private(s, opts).value, place[s])))


def column_of(opts: C2COptions, setup: Setup) -> dict[str, int]:
    """Private -> its packet column (0 western or the Super-short column, 1 eastern)."""
    columns = starting_packet(opts, setup == SUPER_SHORT)
    return {sym: col for col, column in enumerate(columns) for sym in column}


def privates(setup: Setup, opts: C2COptions) -> tuple[PrivateSpec, ...]:
    """The starting packet (D variant 2f; Super-short 4) in auction order, with face values
    and revenues (the D privates' from the options)."""
    corps_in_play = {c.sym for c in corps(setup)}
    out = []
    for sym in auction_order(opts, setup):
        p = private(sym, opts)
        share = p.share_of if p.share_of in corps_in_play else ""
        out.append(PrivateSpec(p.sym, p.name, p.value, p.revenue, share_of=share))
    return tuple(out)


@lru_cache(maxsize=8)
def game_spec(setup: Setup, opts: C2COptions) -> GameSpec:
    """The whole spec of a setup (cached per setup and options)."""
    short = setup == SUPER_SHORT
    return GameSpec(
        corps=corps(setup, opts.merger_charters, extra_charters(opts)),
        privates=privates(setup, opts),
        trains=trains(setup),
        phases=phases(),
        market=market(),
        par_prices=PAR_PRICES,
        bank=25_000 if short else 75_000,
        starting_cash={n: starting_cash_each(opts, n, short) for n in PLAYERS},
        cert_limits={n: {0: certificate_limit(opts, n)} for n in PLAYERS},
        game_end=GameEndSpec(
            bank=EndTiming.SET if opts.game_end == "set_of_ors" else EndTiming.ROUND
        ),
    )
