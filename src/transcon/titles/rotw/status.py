"""The text status (``describe_status``) and the statistics for ``transcon simulate``."""

from __future__ import annotations

from statistics import mean
from typing import Any

from transcon.titles.rotw.build import city_colour
from transcon.titles.rotw.data import (
    CARDS,
    LETTER,
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


def describe(g: BoardGraph, s: RotwState, viewer: str | None = None) -> str:
    """What a player needs at a glance: money, score, engine, links, goals and the cubes.
    ``viewer``: only the barons that player may see (None: the game master sees all)."""
    head = (
        f"Railways of the World East+West - {s.phase}ern phase, game turn {s.game_turn}, "
        f"round {min(s.round, s.rounds_this_turn)}/{s.rounds_this_turn}; settlers arrived "
        f"{s.settlers_arrived}/10 (pool {s.settler_pool})"
    )
    lines = [head]
    if s.events:
        lines.append("Events: " + ", ".join(CARDS_TITLE.get(e, e) for e in s.events))
    lines.append("Display: " + ", ".join(f"{c} {CARDS[c].title}" for c in s.display))
    all_measures = {p: measures(g, s, p) for p in s.players}
    for name in s.players:
        p = s.pl[name]
        m = all_measures[name]
        lines.append(
            f"  {name:8} ${p.cash}k income ${income(s, name)}k score {p.score} "
            f"bonds {p.bonds} engine {engine_name(p.engine)} links {m['links']} "
            f"run {m['run']} cities {m['cities']}"
            + (" TRANSCON" if p.transcon else "")
            + (f" cards: {', '.join(p.kept_cards)}" if p.kept_cards else "")
            + (" PE" if p.perfect_engineering else "")
        )
        lines.extend(_baron_lines(s, name, all_measures, viewer))
    lines.append("Major lines (per player: builds to go, 'connected' or claimed):")
    for item in line_progress(g, s):
        who = ", ".join(item["claimed_by"]) or "open"
        lines.append(f"  {item['title']} ({item['points']}): {who}{_line_counters(item)}")
    cubes = [
        f"{g.cities[c].name}({c})[{LETTER.get(city_colour(g, s, c), '-')}]:{cube_letters(v)}"
        for c, v in sorted(s.cubes.items(), key=lambda kv: g.cities[kv[0]].name)
        if v
    ]
    lines.append("Cubes (R Y B P G=black S=settler M=raw): " + " ".join(cubes))
    if s.step == "over":
        scores = ", ".join(f"{p} {final_points(s, p)}" for p in s.players)
        lines.append(f"Game over ({s.end_reason}): {scores}")
    else:
        from transcon.titles.rotw.flow import current

        lines.append(f"To act ({s.step}): {', '.join(current(s))}")
    return "\n".join(lines)


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
            f"{name} {item['count']}, {_leaders(item)}"
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


def _leaders(item: dict[str, Any]) -> str:
    if not item["leaders"]:
        return "nobody leads yet"
    return f"leader {', '.join(item['leaders'])} {item['leader_count']}"


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
