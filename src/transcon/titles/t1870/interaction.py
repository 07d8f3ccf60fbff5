"""1870 in the browser: the clickable map with the companies' last runs, choices (tile lays
and tokens as clicks on the map, the optimiser's best run), panels (players, companies, the
market, best routes), hover text — the hooks of :mod:`transcon.core.interaction`, built on
the title's public functions (its checks decide what is legal)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from transcon.core.errors import IllegalAction, InputError, TransconError
from transcon.core.interaction import Choice, Interaction, Panel, Pick, Played
from transcon.core.title import Action, Event
from transcon.eighteen.framework.actions import (
    Bid,
    BuyShare,
    LayTile,
    Par,
    PlaceToken,
    RunRoutes,
    SellShares,
)
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.title import EighteenTitle
from transcon.eighteen.routes import RouteError
from transcon.eighteen.tiles import Color
from transcon.render import LegendEntry, TrackLine
from transcon.titles.t1870.game.render import (
    OPTIONS,
    ROUTE_COLOURS,
    overlay_1870,
    position_svg,
    state_position,
)
from transcon.titles.t1870.game.state import state_1870

#: Headings of the action types (forms and buttons of the page).
GROUPS = {
    "bid": "Auction",
    "par": "Stock",
    "buy": "Stock",
    "sell": "Stock",
    "protect": "Stock",
    "redeem": "Stock",
    "reissue": "Stock",
    "lay": "Track",
    "token": "Token",
    "run": "Run",
    "demand": "Run",
    "dividend": "Dividend",
    "train": "Trains",
    "discard": "Trains",
    "bankrupt": "Trains",
    "private": "Privates",
    "assign": "Privates",
    "connect": "Destination",
    "done": "Pass",
    "pass": "Pass",
}
#: Most tile lays offered (the page builds a trie over them).
MAX_LAYS = 3000


# -- the board ------------------------------------------------------------------------------


def board_svg(title: EighteenTitle, state: GameState, labels: bool, played: Played) -> str:
    """The map with clickable hexes and each company's last run drawn over it (company
    tokens carry their symbols, so colour-blind mode needs nothing more)."""
    overlay = overlay_1870(title, state)
    for i, (sym, run) in enumerate(sorted(last_runs(played.actions, played.events).items())):
        colour = ROUTE_COLOURS[i % len(ROUTE_COLOURS)]
        drawn = _run_lines(title, state, sym, run, colour)
        if drawn:
            overlay.routes.extend(drawn)
            overlay.legend.append(LegendEntry(colour, f"{sym} last ran {run.revenue}"))
    options = dataclasses.replace(OPTIONS, show_labels=labels, hit_layer=True)
    return position_svg(state_position(title, state), overlay, options)


def last_runs(log: Sequence[Action], events: Sequence[Event]) -> dict[str, RunRoutes]:
    """Each company's latest run with routes named (the run event names the company)."""
    found: dict[str, RunRoutes] = {}
    for event in events:
        action = log[event.index] if 0 <= event.index < len(log) else None
        if not isinstance(action, RunRoutes) or not action.routes:
            continue
        for marker in (" runs for ", " makes its connection run for "):
            if marker in event.text:
                found[event.text.split(marker, 1)[0]] = action
    return found


def _run_lines(
    title: EighteenTitle, state: GameState, sym: str, run: RunRoutes, colour: str
) -> list[TrackLine]:
    """The run's track (hex centre to hex centre), if it can still be traced on today's
    map (a later upgrade or a rusted train may have changed it: then nothing)."""
    from transcon.titles.t1870.game.runs import realised_run

    if sym not in state.corps:
        return []
    try:
        routes = realised_run(state, sym, title.phase(state).name, run.routes, run.trains)
    except (RouteError, TransconError, KeyError, ValueError):
        return []
    board = state_position(title, state).data.board
    return [
        TrackLine([board.hex(h) for h in hexes], colour, 0.12)
        for route in routes
        for hexes in route["connections"]
        if hexes
    ]


# -- choices --------------------------------------------------------------------------------


def choices(title: EighteenTitle, state: GameState, player: str) -> Interaction:
    """Every legal action: tile lays as [hex, tile, rotation], tokens as [hex (, city)],
    the optimiser's best run first among the runs, the rest as buttons by group."""
    legal = title.legal_actions(state, player)
    found: list[Choice] = []
    sym = operating_company(title, state, player)
    if sym is not None:
        found.extend(lay_choices(title, state, player, sym))
        found.extend(token_choices(title, state, player, sym))
    for action in legal:
        if isinstance(action, LayTile | PlaceToken) and sym is not None:
            continue  # offered in full above
        found.append(_button(title, state, action))
        if isinstance(action, Bid):
            found.extend(higher_bids(title, state, action))
    return Interaction(_prompt(title, state, player), tuple(found))


#: Bids offered above the minimum: this many, in steps of :data:`BID_STEP`.
HIGHER_BIDS = 12
BID_STEP = 5


def higher_bids(title: EighteenTitle, state: GameState, low: Bid) -> list[Choice]:
    """Bids above the minimum on the same private, as far as the bidder's cash allows."""
    out = []
    for k in range(1, HIGHER_BIDS + 1):
        bid = Bid(player=low.player, private=low.private, price=low.price + k * BID_STEP)
        if not passes(title, state, bid):
            break
        out.append(_button(title, state, bid))
    return out


def _prompt(title: EighteenTitle, state: GameState, player: str) -> str:
    if state.round == "operating":
        try:
            return f"{player}: operate {title.current_corp(state)}"
        except (IndexError, KeyError):
            pass
    return f"{player}: {state.round} round"


def operating_company(title: EighteenTitle, state: GameState, player: str) -> str | None:
    """The company ``player`` operates now as its president, if any."""
    if state.round != "operating" or state_1870(state).connection:
        return None
    try:
        sym = title.current_corp(state)
    except (IndexError, KeyError):
        return None
    return sym if state.corps[sym].president == player else None


def _button(title: EighteenTitle, state: GameState, action: Action) -> Choice:
    text = title.format_action(action)
    group = GROUPS.get(action.type, action.type)
    summary = text
    if isinstance(action, RunRoutes):
        summary = f"run for {action.revenue}" + (
            " (the best run: the route optimiser's)" if action.routes else ""
        )
        hexes = tuple(dict.fromkeys(s.split("-")[0] for r in action.routes for s in r))
        return Choice(
            (Pick.button(f"Run for {action.revenue}"),), text, summary, None, hexes, group
        )
    two_step = _two_step(action)
    if two_step is not None:
        return Choice(
            tuple(Pick.button(x) for x in two_step), text, " ".join(two_step), None, (), group
        )
    return Choice((Pick.button(text),), text, summary, group=group)


SOURCES = {"ipo": "from the IPO", "pool": "from the market", "treasury": "from the treasury"}


def _two_step(action: Action) -> tuple[str, str] | None:
    """Share and auction actions as [what, how much] (a compact form on the page)."""
    if isinstance(action, Bid):
        return (f"Bid on {action.private}", f"${action.price}")
    if isinstance(action, Par):
        return (f"Par {action.corp}", f"${action.price}")
    if isinstance(action, BuyShare):
        return (f"Buy {action.corp}", SOURCES.get(action.source, action.source))
    if isinstance(action, SellShares):
        return (f"Sell {action.corp}", f"{action.count} share{'s' * (action.count != 1)}")
    return None


def lay_choices(title: EighteenTitle, state: GameState, player: str, sym: str) -> list[Choice]:
    """Every legal tile lay of ``sym`` now: on the hexes its network touches, every tile
    and rotation that fits (§7.1) and passes the title's check."""
    from transcon.titles.t1870.game.reach import lay_problem, tile_def, tile_names
    from transcon.titles.t1870.game.track import network_of

    op = state.operating
    if op.step > 0 or op.lays >= len(title.tile_lays(state, sym)):
        return []
    try:
        position, net = network_of(state, sym, title.phase(state).name)
    except (TransconError, KeyError):
        return []
    board = position.data.board
    hexes = {board.label(h) for h, _ in net.edges} | {board.label(h) for h, _ in net.nodes}
    by_rank: dict[int, list[str]] = {}
    for tile in tile_names():
        by_rank.setdefault(tile_def(tile).color.rank, []).append(tile)
    out: list[Choice] = []
    for hex_label in sorted(hexes | set(state.corps[sym].tokens)):
        if hex_label in op.laid_hexes:
            continue
        placed = position.tiles.get(board.hex(hex_label))
        rank = placed.tile.color.rank if placed is not None else Color.WHITE.rank
        for tile in by_rank.get(rank + 1, []):
            for rotation in range(6):
                if lay_problem(state, hex_label, tile, rotation) is not None:
                    continue
                action = LayTile(player=player, hex=hex_label, tile=tile, rotation=rotation)
                if not passes(title, state, action):
                    continue
                picks = (
                    Pick.at(hex_label),
                    Pick.button(f"Tile {tile}"),
                    Pick.button(f"Rotation {rotation}"),
                )
                summary = f"{sym} lays tile {tile} on {hex_label}, rotation {rotation}"
                cost = _lay_cost(title, state, sym, action)
                text = title.format_action(action)
                out.append(Choice(picks, text, summary, cost, (hex_label,), "Track"))
                if len(out) >= MAX_LAYS:
                    return out
    return out


def check_problem(title: EighteenTitle, state: GameState, action: Action) -> str | None:
    """Why the title's own check refuses ``action`` (its message), or None when it passes
    (the engine's turn rules hold: the player operates now)."""
    try:
        title.check(state, action)
    except (IllegalAction, InputError) as err:
        return getattr(err, "message", str(err))
    return None


def passes(title: EighteenTitle, state: GameState, action: Action) -> bool:
    """Whether the title's own check accepts ``action`` (see :func:`check_problem`)."""
    return check_problem(title, state, action) is None


def _lay_cost(title: EighteenTitle, state: GameState, sym: str, action: LayTile) -> int | None:
    try:
        cost, _counts, _upgrade = title.hook_lay(state, sym, action)
    except (IllegalAction, InputError):
        return None
    return int(cost)


def token_choices(title: EighteenTitle, state: GameState, player: str, sym: str) -> list[Choice]:
    """Every legal token of ``sym`` now: [hex] or, in a hex with several cities, [hex,
    city]."""
    from transcon.titles.t1870.game.track import network_of

    if state.operating.tokened or state.operating.step > 1:
        return []
    try:
        position, net = network_of(state, sym, title.phase(state).name)
    except (TransconError, KeyError):
        return []
    label = position.data.board.label
    cities: dict[str, set[int]] = {}
    for h, node in net.nodes:
        cities.setdefault(label(h), set()).add(node)
    cost = title.token_cost(state, sym)
    out: list[Choice] = []
    for hex_label in sorted(cities):
        legal = [
            city
            for city in sorted(cities[hex_label])
            if passes(title, state, PlaceToken(player=player, hex=hex_label, city=city))
        ]
        for city in legal:
            action = PlaceToken(player=player, hex=hex_label, city=city)
            picks: tuple[Pick, ...] = (Pick.at(hex_label),)
            if len(legal) > 1:
                picks += (Pick.button(f"City {city}"),)
            out.append(
                Choice(
                    picks,
                    title.format_action(action),
                    f"{sym} places a token on {hex_label}"
                    + (f" (city {city})" if len(legal) > 1 else ""),
                    cost,
                    (hex_label,),
                    "Token",
                )
            )
    return out


# -- panels ---------------------------------------------------------------------------------


def panels(title: EighteenTitle, state: GameState) -> list[Panel]:
    out = [
        Panel.note("Turn", _turn_text(title, state)),
        players_panel(title, state),
        companies_panel(title, state),
        market_panel(title, state),
    ]
    best = best_routes_panel(title, state)
    if best is not None:
        out.append(best)
    return out


def _turn_text(title: EighteenTitle, state: GameState) -> str:
    from transcon.eighteen.framework.status import status_text

    first = status_text(title, state).splitlines()
    to_act = next(
        (line for line in reversed(first) if line.startswith(("To act", "Game over"))), ""
    )
    return f"{first[0]}\n{to_act}"


def players_panel(title: EighteenTitle, state: GameState) -> Panel:
    corps = [sym for sym, corp in state.corps.items() if corp.holders]
    header = ["Player", "Cash", "Certs", "Value", *corps]
    rows = []
    for p in state.players:
        shares = [
            f"{state.corps[s].holders.get(p.name, 0) * 10}%"
            + ("P" if state.corps[s].president == p.name else "")
            if state.corps[s].holders.get(p.name)
            else ""
            for s in corps
        ]
        rows.append(
            [
                p.name,
                p.cash,
                f"{title.certs(state, p.name)}/{title.cert_limit(state)}",
                title.player_value(state, p.name),
                *shares,
            ]
        )
    to_act = set(title.current_players(state))
    highlight = [(i, 0) for i, p in enumerate(state.players) if p.name in to_act]
    return Panel.table("Players", header, rows, highlight)


def companies_panel(title: EighteenTitle, state: GameState) -> Panel:
    header = ["Company", "Price", "Par", "Cash", "President", "IPO", "Pool", "Trains", "Tokens"]
    rows: list[list[object]] = []
    syms = [s for s, c in state.corps.items() if c.cell is not None or c.holders]
    for sym in sorted(syms, key=lambda s: -title.price(state, s)):
        corp = state.corps[sym]
        if corp.closed:
            rows.append([sym, "closed", "", "", "", "", "", "", ""])
            continue
        total = len(title.spec(state).corp(sym).tokens) + len(corp.extra_tokens)
        rows.append(
            [
                sym,
                title.price(state, sym),
                corp.par,
                corp.cash,
                corp.president or "-",
                f"{corp.ipo * 10}%",
                f"{corp.pool * 10}%",
                " ".join(t.rsplit("-", 1)[0] for t in corp.trains) or "-",
                f"{len(corp.tokens)}/{max(total, len(corp.tokens))} " + " ".join(corp.tokens),
            ]
        )
    return Panel.table("Companies", header, rows)


def market_panel(title: EighteenTitle, state: GameState) -> Panel:
    """The market chart: each space's price (and the companies on it), highlighted where a
    company's marker stands."""
    market = title.market(state)
    on: dict[tuple[int, int], list[str]] = {}
    for sym, corp in state.corps.items():
        if corp.cell is not None and not corp.closed:
            on.setdefault(tuple(corp.cell), []).append(sym)  # type: ignore[arg-type]
    rows = []
    for r, row in enumerate(market.rows):
        cells = []
        for c, cell in enumerate(row):
            if cell is None:
                cells.append("")
                continue
            here = " ".join(on.get((r, c), []))
            cells.append(f"{cell.price}{'p' if cell.par else ''}" + (f" {here}" if here else ""))
        rows.append(cells)
    return Panel("Market", "market", (), tuple(tuple(r) for r in rows), tuple(sorted(on)))


def best_routes_panel(title: EighteenTitle, state: GameState) -> Panel | None:
    """For the operating company with trains: the optimiser's best run and the gap to the
    run chosen (once it ran)."""
    from transcon.titles.t1870.game.runs import best_run

    if state.round != "operating":
        return None
    try:
        sym = title.current_corp(state)
    except (IndexError, KeyError):
        return None
    if not state.corps[sym].trains:
        return None
    try:
        revenue, routes, trains = best_run(state, sym, title.phase(state).name)
    except (RouteError, TransconError):
        return None
    rows = [
        [t, "-".join(s.rsplit("-", 1)[0] for s in r)] for t, r in zip(trains, routes, strict=True)
    ]
    ran = state.operating.revenue
    text = f"{sym}'s best run (the exact route optimiser): {revenue}"
    if ran is not None:
        gap = "the best run" if ran >= revenue else f"{revenue - ran} less than the best"
        text += f"; it ran {ran}: {gap}"
    return Panel(
        "Best routes", "table", ("Train", "Stops"), tuple(tuple(r) for r in rows), (), text
    )


# -- hover --------------------------------------------------------------------------------


def hex_info(title: EighteenTitle, state: GameState, hex_id: str) -> list[str]:
    """The hex's name, terrain cost, tile, city values and tokens."""
    position = state_position(title, state)
    board = position.data.board
    label = hex_id.strip().upper()
    try:
        h = board.hex(label)
    except (KeyError, InputError):
        raise InputError(f"no hex {hex_id!r} on the 1870 map") from None
    info = board.info(h)
    lines = [label + (f": {info.site.name}" if info.site is not None and info.site.name else "")]
    cost = next((int(r[5:]) for r in info.regions if r.startswith("cost:")), 0)
    lines.append(f"terrain {info.terrain}" + (f", lay cost {cost}" if cost else ""))
    laid = state.tiles.get(label)
    if laid is not None:
        lines.append(f"tile {laid[0]} (rotation {laid[1]})")
    placed = position.tiles.get(h)
    if placed is not None:
        band = position.data.layer.band(position.phase)
        for node in placed.tile.nodes:
            text = f"{node.kind.name.lower()} {node.index}: value {node.value(band)}"
            if node.slots:
                text += f", {node.slots} token slot{'s' * (node.slots != 1)}"
            lines.append(text)
    tokens = [sym for sym, corp in state.corps.items() if label in corp.tokens]
    if tokens:
        lines.append("tokens: " + ", ".join(tokens))
    homes = [sym for sym in state.corps if title.spec(state).corp(sym).home == label]
    if homes:
        lines.append("home of " + ", ".join(homes))
    return lines


def round_label(state: GameState) -> str:
    if state.round == "operating":
        return f"OR {state.stock_rounds}.{state.operating.number}"
    if state.round == "stock":
        return f"SR {state.stock.number}"
    return state.round
