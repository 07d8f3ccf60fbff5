"""What the GM posts (status), the map drawing, and statistics for ``transcon simulate``."""

from __future__ import annotations

from pathlib import Path
from statistics import mean, pstdev
from typing import Any

from transcon.core.hexgrid import Layout
from transcon.core.names import match_name
from transcon.core.title import MapView
from transcon.render import Marker, Overlay, TrackLine, owner_colour, render_svg, write_image
from transcon.render.svg import LegendEntry, RenderOptions
from transcon.titles.railway_rivals.building import points_available
from transcon.titles.railway_rivals.mapmodel import hex_distance
from transcon.titles.railway_rivals.races import coast_cities, race_ends, race_name
from transcon.titles.railway_rivals.secrets import visible_cash
from transcon.titles.railway_rivals.spelling import Spelling
from transcon.titles.railway_rivals.state import Race, RRState


def cash_table(state: RRState, viewer: str | None = None) -> list[str]:
    lines = ["Cash:"]
    cash = visible_cash(state, viewer)
    for p in sorted(state.players, key=lambda q: -cash[q]):
        hexes = len({h for a, b in state.track[p] for h in (a, b)})
        west = ""
        if p in state.west_start:
            joined = "joined" if state.wc_connected.get(p) else "not joined"
            west = f", West Coast start {state.model.labels[state.west_start[p]]} ({joined})"
        lines.append(f"  {p:12} {cash[p]:5}   {len(state.track[p])} links, {hexes} hexes{west}")
    return lines


def city_list(state: RRState, hexes: list[int]) -> str:
    lab = state.model.labels
    return ", ".join(f"{state.cities[h].name} ({lab[h]})" for h in hexes) or "none yet"


def tc_ends(state: RRState) -> str:
    """Seed "Special Transcontinental Race": the cities it may start and finish at now."""
    east = coast_cities(state, state.model.east_coast)
    west = coast_cities(state, state.model.west_coast)
    return (
        f"it may start at an East Coast city: {city_list(state, east)}; "
        f"and finish at a West Coast city: {city_list(state, west)}"
    )


def race_line(state: RRState, race: Race) -> str:
    """A race on offer with its cities' labels (builds and routes are written in labels)."""
    if race.tc:
        starts, ends = race_ends(state, race)
        return (
            f"{race_name(state, race)}: from {city_list(state, starts)} to {city_list(state, ends)}"
        )
    lab = state.model.labels
    return f"{race_name(state, race)} ({lab[race.a]} -- {lab[race.b]})"


def build_allowance(state: RRState, viewer: str | None) -> list[str]:
    """The segment's die or the cash-building limit, and what each rival has left of it
    (sealed: a rival sees its own, the game master everybody's)."""
    cfg = state.cfg
    if state.cash_mode:
        lines = [f"Cash building: up to {cfg.cash_build_max_links} links this round"]
    else:
        die = state.dice[state.segment]
        lines = [f"Building segment {state.segment + 1} of 3: die {die}"]
    for p in state.players:
        if viewer not in (None, p):
            continue
        if state.cash_mode:
            left = cfg.cash_build_max_links - state.spent.get(p, 0)
            lines.append(f"  {p}: {left} links left, cash {state.cash[p]}")
        else:
            lines.append(f"  {p}: {points_available(state, p)} points left in this segment")
    return lines


def describe_status(state: RRState, viewer: str | None = None) -> str:
    """The GM's post: last round's report, this round's so far, races on offer, cash. The
    game master (``viewer`` None) also sees every sealed order; a rival sees only its own."""
    out = ["Railway Rivals: Transcontinental USA"]
    if state.last_report:
        out.append("-- last round --")
        out.extend(state.last_report)
    if state.phase != "over":
        out.append(f"-- round {state.round} of {state.cfg.rounds} --")
        out.extend(state.report)
        if state.phase == "start":
            out.append("Each rival picks an East Coast starting hex: start HEX")
        elif state.phase == "races":
            out.append("Races on offer:")
            out.extend(f"  {race_line(state, r)}" for r in state.races)
            # entries stay sealed until the races are run, as with a postal GM
            shown = [e for e in state.entries if viewer is None or e.player == viewer]
            if shown:
                who = "Entries so far (sealed)" if viewer is None else "Your entries (sealed)"
                out.append(f"{who}:")
                lab = state.model.labels
                for e in shown:
                    extra = f" with {e.partner}" if e.partner else ""
                    extra += f" erp {e.exchange}" if e.exchange else ""
                    route = " ".join(lab[h] for h in e.route)
                    out.append(f"  {e.player}: #{e.race}{extra} {route}")
        else:
            out.extend(build_allowance(state, viewer))
            lab = state.model.labels
            for p in state.players:
                if state.pending.get(p) and viewer in (None, p):
                    links = " ".join(f"{lab[a]}-{lab[b]}" for a, b in state.pending[p])
                    out.append(f"{p}'s build orders (sealed): {links}")
        waiting = [p for p in state.players if p not in state.done and p not in state.picks]
        out.append("Waiting for: " + ", ".join(waiting))
    if state.tc_run_round:
        out.append(f"Transcontinental race run in round {state.tc_run_round}")
    else:
        out.append("Transcontinental race not yet run; " + tc_ends(state))
    out.extend(cash_table(state, viewer))
    if state.phase == "over":
        best = max(state.cash.values())
        winners = [p for p in state.players if state.cash[p] == best]
        out.append("Winner: " + ", ".join(winners))
    return "\n".join(out)


#: Compass areas for ``--region`` (fractions of the US land's columns and rows: west to
#: east, north to south), besides the map's own regions.
AREAS: dict[str, tuple[float, float, float, float]] = {
    "west": (0, 1 / 3, 0, 1),
    "central": (1 / 3, 2 / 3, 0, 1),
    "east": (2 / 3, 1, 0, 1),
    "north": (0, 1, 0, 1 / 2),
    "south": (0, 1, 1 / 2, 1),
    "northwest": (0, 1 / 3, 0, 1 / 2),
    "southwest": (0, 1 / 3, 1 / 2, 1),
    "northeast": (2 / 3, 1, 0, 1 / 2),
    "southeast": (2 / 3, 1, 1 / 2, 1),
}
FULL_MAP_HEX = 18.0
FULL_MAP_FONT = 0.7  # city names, in hex radii (about 12 px on the whole map)
PART_HEX = 40.0


def overlay(
    state: RRState,
    viewer: str | None = None,
    *,
    size: float = FULL_MAP_HEX,
    font: float = FULL_MAP_FONT,
    shown: frozenset[int] | None = None,
) -> Overlay:
    """Track coloured by rival (parallel lines drawn thinner), cities with names and labels
    (a name that would overlap one already placed moves above its city, else is left out and
    counted in the caption), and a legend of the rivals' colours; cash as ``viewer`` may see
    it (sealed construction not yet deducted)."""
    model = state.model
    colour = {p: owner_colour(i) for i, p in enumerate(state.players)}
    lines = []
    for p in state.players:
        for a, b in sorted(state.track[p]):
            owners = state.edge_owners.get((a, b), [p])
            width = 0.22 if len(owners) == 1 else 0.12
            lines.append(TrackLine([model.hexes[a], model.hexes[b]], colour[p], width))
    layout = Layout(model.board.orientation, size)
    placed: list[tuple[float, float, float, float]] = []
    markers = []
    hidden = 0
    cities = sorted(state.cities.values(), key=lambda c: (-c.keys, c.cause != "start", c.hex))
    for city in cities:
        starters = [p for p, h in state.starts.items() if h == city.hex]
        starters += [p for p, h in state.west_start.items() if h == city.hex]
        col = colour[starters[0]] if starters else "#222222"
        keys = f" x{city.keys}" if city.keys > 1 else ""
        text = f"{city.name} {model.labels[city.hex]}{keys}"
        centre = layout.center(model.hexes[city.hex])
        half_w, h = len(text) * font * size * 0.3, font * size
        for offset in (0.75, -0.45):
            y = centre.y + offset * size
            box = (centre.x - half_w, y - h, centre.x + half_w, y)
            if not any(_overlap(box, other) for other in placed):
                placed.append(box)
                markers.append(Marker(model.hexes[city.hex], text, col, "city", offset))
                break
        else:
            hidden += shown is None or city.hex in shown
            markers.append(Marker(model.hexes[city.hex], "", col, "city"))
    visible = visible_cash(state, viewer)
    cash = "  ".join(f"{p} {visible[p]}" for p in state.players)
    caption = f"Round {state.round}  {cash}"
    if hidden:
        caption += f"  ({hidden} city names left out where they overlap: draw with --around HEX)"
    legend = [
        LegendEntry(colour[p], f"{p}: cash {visible[p]}, {len(state.track[p])} links")
        for p in state.players
    ]
    return Overlay(track=lines, markers=markers, caption=caption, legend=legend)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def render_png(
    state: RRState, path: Path, viewer: str | None = None, view: MapView | None = None
) -> None:
    """The whole map, or (``view``) the part around a hex or in a region, drawn larger with
    hex labels; cash as ``viewer`` may see it."""
    board = state.model.board
    shown = None
    if view is None:
        size = 32.0 if len(state.model.hexes) < 500 else FULL_MAP_HEX
        font = 0.36 if size > FULL_MAP_HEX else FULL_MAP_FONT
        opts = RenderOptions(hex_size=size, marker_font=font)
    else:
        size, font = PART_HEX, 0.36
        shown = frozenset(view_hexes(state, view))
        crop = frozenset(state.model.hexes[h] for h in shown)
        opts = RenderOptions(hex_size=size, marker_font=font, crop=crop)
    drawn = overlay(state, viewer, size=size, font=font, shown=shown)
    write_image(render_svg(board, drawn, opts), path)


def view_hexes(state: RRState, view: MapView) -> list[int]:
    """The hexes a view shows: within ``radius`` of ``around``, or in ``region`` (a map region,
    ``east_coast`` or ``west_coast`` as the game reads them, or a compass area: west, central,
    east, north, south, northwest, ...; names in any case or by an unambiguous prefix)."""
    model = state.model
    if view.around:
        centre = model.hex_index(Spelling.of(state).place(view.around))
        return [h for h in range(len(model.hexes)) if hex_distance(model, centre, h) <= view.radius]
    regions: dict[str, list[int] | None] = {
        name: [model.index[h] for h in model.board.region(name)]
        for name in model.board.region_names()
    }
    regions.update(east_coast=sorted(model.east_coast), west_coast=sorted(model.west_coast))
    regions.update({name: None for name in AREAS})
    name = match_name(view.region or "", {name: name for name in regions}, "region")
    listed = regions[name]
    if listed is not None:
        return listed
    west, east, north, south = AREAS[name]
    cols = [model.column[h] for h in model.us_land]
    rows = [model.row[h] for h in model.us_land]
    c0, c1, r0, r1 = min(cols), max(cols), min(rows), max(rows)
    return [
        h
        for h in range(len(model.hexes))
        if west <= (model.column[h] - c0) / max(c1 - c0, 1) <= east
        and north <= (model.row[h] - r0) / max(r1 - r0, 1) <= south
    ]


def game_statistics(state: RRState) -> dict[str, Any]:
    cash = [state.cash[p] for p in state.players]
    return {
        "cash": dict(state.cash),
        "cash_spread": max(cash) - min(cash),
        "tc_run_round": state.tc_run_round,
        "races_run": len(state.results),
        "cities": len(state.cities),
        "wco": sorted(state.west_start),
        "links": {p: len(state.track[p]) for p in state.players},
    }


def aggregate_statistics(games: list[dict[str, Any]]) -> dict[str, Any]:
    if not games:
        return {}
    seats = list(games[0]["cash"])
    wins = {p: 0.0 for p in seats}
    for g in games:
        best = max(g["cash"].values())
        winners = [p for p, c in g["cash"].items() if c == best]
        for p in winners:
            wins[p] += 1 / len(winners)
    rounds = [g["tc_run_round"] for g in games if g["tc_run_round"] is not None]
    spreads = [g["cash_spread"] for g in games]
    all_cash = [c for g in games for c in g["cash"].values()]
    return {
        "wins_by_seat": {p: round(w, 2) for p, w in wins.items()},
        "cash_mean": round(mean(all_cash), 2),
        "cash_stdev": round(pstdev(all_cash), 2),
        "cash_spread_mean": round(mean(spreads), 2),
        "tc_run_share": round(len(rounds) / len(games), 3),
        "tc_run_round_mean": round(mean(rounds), 2) if rounds else None,
        "tc_run_round_hist": {str(r): rounds.count(r) for r in sorted(set(rounds))},
        "races_run_mean": round(mean(g["races_run"] for g in games), 2),
        "wco_share": round(sum(bool(g["wco"]) for g in games) / len(games), 3),
    }
