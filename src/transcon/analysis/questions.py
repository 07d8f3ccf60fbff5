"""The answers, computed from results rows: seat advantage, skill signal and luck share.

A shared win counts ``1/k`` to each of the ``k`` winners. The luck share is measured on each
seat's *relative* score (its score minus the game's mean score): what decides who wins, not
how rich the whole table gets. See docs/analysis.md.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from transcon.analysis.stats import Estimate, LuckShare, luck_share, mean_interval, wilson

Row = dict[str, Any]


@dataclass(frozen=True)
class SeatAnswer:
    wins: Estimate
    score: Estimate


@dataclass(frozen=True)
class Answers:
    """Everything the report says about one setting."""

    setting: str
    players: int
    games: int
    incomplete: int
    errors: int
    first_error: str
    mean_length: float
    seats: list[SeatAnswer] = field(default_factory=list)
    skill: dict[str, Estimate] = field(default_factory=dict)  # opponent -> strong bot's wins
    luck: LuckShare | None = None  # on relative scores
    luck_wins: LuckShare | None = None  # on the win indicator
    figures: dict[str, float] = field(default_factory=dict)  # title figures, seat-game means


def win_shares(row: Row) -> list[float]:
    """Each seat's share of the win: 1/k for each of k winners, else 0."""
    winners = json.loads(row["winners"])
    shares = [0.0] * row["players"]
    for seat in winners:
        shares[seat] = 1 / len(winners)
    return shares


def scores(row: Row) -> list[float]:
    return [float(s) for s in json.loads(row["scores"])]


def answer(setting: str, rows: Sequence[Row], main_bot: str) -> Answers:
    """The answers for one setting's rows (any mix of experiments)."""
    done = [r for r in rows if r["completed"]]
    errors = [r for r in rows if r["error"]]
    players = rows[0]["players"] if rows else 0
    lengths = [r["length"] for r in done]
    return Answers(
        setting=setting,
        players=players,
        games=len(rows),
        incomplete=len(rows) - len(done) - len(errors),
        errors=len(errors),
        first_error=f"{errors[0]['key']}: {errors[0]['error']}" if errors else "",
        mean_length=sum(lengths) / len(lengths) if lengths else 0.0,
        seats=seat_advantage([r for r in done if r["experiment"] == "seat"], players),
        skill=skill_signal([r for r in done if r["experiment"] == "skill"], main_bot),
        luck=luck_of([r for r in rows if r["experiment"] == "luck"], relative_scores),
        luck_wins=luck_of([r for r in rows if r["experiment"] == "luck"], win_shares),
        figures=mean_figures([r for r in done if r["experiment"] == "seat"]),
    )


def mean_figures(rows: Sequence[Row]) -> dict[str, float]:
    """The mean of each numeric title figure over ``rows`` (a missing value counts as absent:
    e.g. the round of a race that was never run)."""
    values: dict[str, list[float]] = {}
    for row in rows:
        for name, value in json.loads(row["figures"]).items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                values.setdefault(name, []).append(float(value))
    return {name: sum(v) / len(v) for name, v in sorted(values.items())}


def seat_advantage(rows: Sequence[Row], players: int) -> list[SeatAnswer]:
    found = []
    for seat in range(players):
        wins = sum(win_shares(r)[seat] for r in rows)
        found.append(
            SeatAnswer(wilson(wins, len(rows)), mean_interval([scores(r)[seat] for r in rows]))
        )
    return found


def skill_signal(rows: Sequence[Row], main_bot: str) -> dict[str, Estimate]:
    """For each opponent kind: how often the one ``main_bot`` seat won (fair share 1/players)."""
    by_opponent: dict[str, list[float]] = {}
    for row in rows:
        bots = json.loads(row["bots"])
        strong = bots.index(main_bot)
        opponent = next(b for i, b in enumerate(bots) if i != strong)
        by_opponent.setdefault(opponent, []).append(win_shares(row)[strong])
    return {name: wilson(sum(w), len(w)) for name, w in by_opponent.items()}


def relative_scores(row: Row) -> list[float]:
    values = scores(row)
    mean = sum(values) / len(values)
    return [v - mean for v in values]


def luck_of(rows: Sequence[Row], outcome: Any) -> LuckShare | None:
    """Luck share from the crossed grid; dice rows with a failed game are left out."""
    grid: dict[int, dict[int, Row]] = {}
    for row in rows:
        grid.setdefault(row["dice"], {})[row["decisions"]] = row
    if not grid:
        return None
    columns = sorted({r["decisions"] for r in rows})
    complete = [
        d for d in sorted(grid) if all(c in grid[d] and grid[d][c]["completed"] for c in columns)
    ]
    if len(complete) < 2 or len(columns) < 2:
        return None
    players = rows[0]["players"]
    values = {(d, c): outcome(grid[d][c]) for d in complete for c in columns}
    tables = [
        np.array([[values[d, c][seat] for c in columns] for d in complete])
        for seat in range(players)
    ]
    return luck_share(tables)
