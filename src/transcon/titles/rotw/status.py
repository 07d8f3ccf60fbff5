"""The text status (``describe_status``) and the statistics for ``transcon simulate``."""

from __future__ import annotations

from statistics import mean
from typing import Any

from transcon.titles.rotw.build import city_colour
from transcon.titles.rotw.data import (
    CARDS,
    LETTER,
    SETTLERS_TO_SWITCH,
    SUPER_CHIEF,
    engine_name,
)
from transcon.titles.rotw.economy import income
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.hidden import HIDDEN
from transcon.titles.rotw.progress import baron_progress, line_progress
from transcon.titles.rotw.scoring import final_points, measures
from transcon.titles.rotw.state import RotwState


def cube_letters(cubes: list[str]) -> str:
    return "".join(sorted(LETTER[c] for c in cubes))


ENGINE_FROM_MEASURE = {13: SUPER_CHIEF}  # scoring.measures counts the Super-Chief as 14 - 1

#: Compact status: open major lines shown (the nearest for the viewer first).
LINES_SHOWN = 5
NO_WAY = 1 << 20  # builds to go for a line a player has claimed or cannot reach
#: Compact status without a network to show: cities holding at least this many cubes.
RICH_CITY = 3


def describe(g: BoardGraph, s: RotwState, viewer: str | None = None, full: bool = False) -> str:
    """What a player needs at a glance: the turn, money, score, engine, goals and cubes.
    ``viewer``: only the barons that player may see (None: the game master sees all).
    Compact by default (the nearest open major lines, cubes on the viewer's network);
    ``full``: every major line and every city's cubes."""
    lines = [_head(s)]
    if s.events:
        lines.append("Events: " + ", ".join(CARDS_TITLE.get(e, e) for e in s.events))
    lines.append("Display: " + ", ".join(f"{c} {CARDS[c].title}" for c in s.display))
    all_measures = {p: measures(g, s, p) for p in s.players}
    for name in s.players:
        p = s.pl[name]
        m = all_measures[name]
        held = [CARDS_TITLE.get(c, c) for c in p.kept_cards]
        lines.append(
            f"  {name:8} ${p.cash}k income ${income(s, name)}k score {p.score} "
            f"bonds {p.bonds} engine {engine_name(p.engine)} links {m['links']} "
            f"run {m['run']} cities {m['cities']}"
            + (" TRANSCON" if p.transcon else "")
            + (f" cards: {', '.join(held)}" if held else "")
            + (" Perfect Engineering" if p.perfect_engineering else "")
        )
        lines.extend(_baron_lines(s, name, all_measures, viewer))
    lines.extend(_major_lines(g, s, viewer, full))
    lines.extend(_cube_lines(g, s, viewer, full))
    if s.step == "over":
        scores = ", ".join(f"{p} {final_points(s, p)}" for p in s.players)
        lines.append(f"Game over ({s.end_reason}): {scores}")
    else:
        from transcon.titles.rotw.flow import current

        lines.append(f"To act ({s.step}): {', '.join(current(s))}")
    return "\n".join(lines)


def _head(s: RotwState) -> str:
    if s.phase == "east":
        settlers = f"settlers arrived {s.settlers_arrived} of {SETTLERS_TO_SWITCH} to open the West"
    else:
        settlers = (
            f"settlers arrived {s.settlers_arrived} (the West opened at {SETTLERS_TO_SWITCH})"
        )
    return (
        f"Railways of the World East+West - {s.phase}ern phase, game turn {s.game_turn}, "
        f"round {min(s.round, s.rounds_this_turn)}/{s.rounds_this_turn}; {settlers}, "
        f"{s.settler_pool} settlers left to place"
    )


def _major_lines(g: BoardGraph, s: RotwState, viewer: str | None, full: bool) -> list[str]:
    items = line_progress(g, s)
    if full:
        out = ["Major lines (per player: builds to go, 'connected' or claimed):"]
        for item in items:
            who = ", ".join(item["claimed_by"]) or "open"
            out.append(f"  {item['title']} ({item['points']}): {who}{_line_counters(item)}")
        return out
    players = [viewer] if viewer in s.players else list(s.players)

    def nearest(item: dict[str, Any]) -> int:
        counts = [item["players"][p] for p in players]
        builds = [n for n in counts if isinstance(n, int)]
        return 0 if "connected" in counts else min(builds, default=NO_WAY)

    open_items = sorted((i for i in items if nearest(i) < NO_WAY), key=nearest)
    whose = "your" if viewer in s.players else "each player's"
    out = [f"Major lines nearest to completion ({whose} builds to go; `status --full`: all):"]
    for item in open_items[:LINES_SHOWN]:
        who = ", ".join(item["claimed_by"]) or "open"
        out.append(f"  {item['title']} ({item['points']}): {who}{_line_counters(item)}")
    claimed = [f"{i['title']} ({', '.join(i['claimed_by'])})" for i in items if i["claimed_by"]]
    if claimed:
        out.append("  claimed: " + "; ".join(claimed))
    return out


def _cube_lines(g: BoardGraph, s: RotwState, viewer: str | None, full: bool) -> list[str]:
    def entry(c: str) -> str:
        colour = LETTER.get(city_colour(g, s, c), "-")
        return f"{g.cities[c].name}({c})[{colour}]:{cube_letters(s.cubes[c])}"

    held = sorted((c for c, v in s.cubes.items() if v), key=lambda c: g.cities[c].name)
    legend = "Cubes (R Y B P G=black S=settler M=raw)"
    if full:
        return [f"{legend}: " + " ".join(entry(c) for c in held)]
    owners = [viewer] if viewer in s.players else list(s.players)
    network = {c for lk in s.links if lk.owner in owners and lk.b for c in (lk.a, lk.b)}
    if network:
        shown = [c for c in held if c in network]
        where = "on your network" if viewer in s.players else "on the players' networks"
    else:
        shown = [c for c in held if len(s.cubes[c]) >= RICH_CITY]
        where = f"in cities with {RICH_CITY}+ cubes"
    rest = len(held) - len(shown)
    tail = f"; {rest} more cities hold cubes (`status --full`)" if rest else ""
    return [f"{legend} {where}: " + (" ".join(entry(c) for c in shown) or "none") + tail]


def _baron_lines(
    s: RotwState,
    name: str,
    all_measures: dict[str, dict[str, int]],
    viewer: str | None,
) -> list[str]:
    """A player's barons with the player's count and the leaders', as far as ``viewer`` may
    see them (hidden.py); the dealt cards to choose from only to their owner."""
    out = []
    choose: dict[str, list[str]] = {"east dealt": [], "west dealt": []}
    for item in baron_progress(s, name, viewer, all_measures):
        dealt = item["kind"].endswith("dealt")
        if item["card"] == HIDDEN:
            if not dealt:
                side = "Eastern" if item["kind"] == "east" else "Western"
                out.append(f"      baron: one {side} baron (hidden)")
            continue
        text = (
            f"{item['card']} {item['name']} ({item['goal']}, {item['points']} pts): "
            f"{name} {_measure_text(item, item['count'])}, {_leaders(item)}"
        )
        if dealt:
            choose[item["kind"]].append(text)
        else:
            out.append(f"      baron {text}" + (" (claimed)" if item["claimed"] else ""))
    if choose["east dealt"]:
        out.append("      to choose from: " + "; ".join(choose["east dealt"]))
    if choose["west dealt"]:
        when = "now" if s.step == "settle" else "when the Western phase begins"
        out.append(f"      Western barons (keep one {when}): " + "; ".join(choose["west dealt"]))
    return out


def _measure_text(item: dict[str, Any], value: int) -> str:
    """A baron measure as players read it: the best-engine baron counts levels above 1, so
    show the engine itself (8, not 7)."""
    if item["measure"] == "engine":
        return f"engine {engine_name(ENGINE_FROM_MEASURE.get(value, value + 1))}"
    return str(value)


def _leaders(item: dict[str, Any]) -> str:
    if not item["leaders"]:
        return "nobody leads yet"
    return f"leader {', '.join(item['leaders'])} {_measure_text(item, item['leader_count'])}"


def _line_counters(item: dict[str, Any]) -> str:
    """`` [Ann 2, Bob connected, Cat -]`` for the players who have not claimed the line."""
    notes = [f"{p} {'-' if n is None else n}" for p, n in item["players"].items() if n != "claimed"]
    return f" [{', '.join(notes)}]" if notes else ""


CARDS_TITLE = {c.kind: c.title for c in CARDS.values()}


def game_statistics(s: RotwState, winners: list[str]) -> dict[str, Any]:
    return {
        "winner_seats": [s.players.index(w) for w in winners],
        "points": {p: final_points(s, p) for p in s.players},
        "west_began": s.west_began,
        "ended_turn": s.ended_turn,
        "end_reason": s.end_reason,
        "deliveries": s.deliveries,
        "settlers_arrived": s.settlers_arrived,
        "transcons": len(s.transcon_done),
        "links": sum(1 for lk in s.links if lk.b),
        "max_bonds": max(s.pl[p].bonds for p in s.players),
        "ended_in_east": s.final_settle,
        "west_barons_kept": sum(1 for p in s.players if s.pl[p].west_baron),
        "players": len(s.players),
    }


def aggregate_statistics(games: list[dict[str, Any]]) -> dict[str, Any]:
    if not games:
        return {}
    seats: dict[int, int] = {}
    reasons: dict[str, int] = {}
    for game in games:
        for seat in game["winner_seats"]:
            seats[seat] = seats.get(seat, 0) + 1
        reasons[game["end_reason"]] = reasons.get(game["end_reason"], 0) + 1
    west = [g["west_began"] for g in games if g["west_began"]]
    return {
        "wins_by_seat": dict(sorted(seats.items())),
        "end_reasons": dict(sorted(reasons.items())),
        "west_phase_reached": len(west),
        "mean_west_began": round(mean(west), 2) if west else None,
        "mean_ended_turn": round(mean(g["ended_turn"] for g in games), 2),
        "mean_points": round(mean(p for g in games for p in g["points"].values()), 2),
        "mean_deliveries": round(mean(g["deliveries"] for g in games), 2),
        "mean_links": round(mean(g.get("links", 0) for g in games), 2),
        "max_bonds": max(g.get("max_bonds", 0) for g in games),
        "max_ended_turn": max(g["ended_turn"] for g in games),
        "ended_in_east": sum(1 for g in games if g.get("ended_in_east")),
        "west_barons_scored_in_every_seat": sum(
            1 for g in games if g.get("west_barons_kept", 0) == g.get("players", -1)
        ),
    }
