"""The report's PNG plots (matplotlib, no display needed)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from transcon.analysis.questions import Answers
from transcon.analysis.stats import Estimate


def _bars(
    ax: Axes, groups: Sequence[str], series: dict[str, Sequence[Estimate]], scale: float = 1.0
) -> None:
    width = 0.8 / max(1, len(series))
    for number, (label, estimates) in enumerate(series.items()):
        xs = [i + (number - (len(series) - 1) / 2) * width for i in range(len(groups))]
        values = [scale * e.value for e in estimates]
        errors = [  # no bar where an interval is unknown (NaN) or empty
            [scale * max(0.0, e.value - e.low) if e.low == e.low else 0.0 for e in estimates],
            [scale * max(0.0, e.high - e.value) if e.high == e.high else 0.0 for e in estimates],
        ]
        ax.bar(xs, values, width, yerr=errors, capsize=3, label=label)
    ax.set_xticks(range(len(groups)), groups)
    if len(series) > 1:
        ax.legend(fontsize=8)


MISSING = Estimate(math.nan, math.nan, math.nan, 0)  # no games of this kind (yet)


def _save(fig: Figure, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def seat_plot(answers: Sequence[Answers], path: Path) -> None:
    """Win rate and mean score by seat, 95% intervals, one bar colour per setting."""
    usable = [a for a in answers if a.seats]
    if not usable:
        return
    seats = [f"seat {i + 1}" for i in range(usable[0].players)]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    _bars(left, seats, {a.setting: [s.wins for s in a.seats] for a in usable}, 100)
    left.axhline(100 / usable[0].players, color="grey", linestyle="--", linewidth=1)
    left.set_ylabel("win rate, % (dashed: fair share)")
    _bars(right, seats, {a.setting: [s.score for s in a.seats] for a in usable})
    right.set_ylabel("mean score")
    fig.suptitle("Seat advantage (identical bots, 95% intervals)")
    _save(fig, path)


def skill_plot(answers: Sequence[Answers], path: Path) -> None:
    """The strong bot's win rate against each opponent kind."""
    usable = [a for a in answers if a.skill]
    if not usable:
        return
    opponents = list(usable[0].skill)
    fig, ax = plt.subplots(figsize=(8, 4))
    _bars(
        ax,
        opponents,
        {a.setting: [a.skill.get(o, MISSING) for o in opponents] for a in usable},
        100,
    )
    ax.axhline(100 / usable[0].players, color="grey", linestyle="--", linewidth=1)
    ax.set_ylabel("strong bot's win rate, % (dashed: fair share)")
    ax.set_xlabel("opponents (~p: random move with probability p)")
    ax.set_title("Skill signal (95% intervals)")
    _save(fig, path)


def luck_plot(answers: Sequence[Answers], path: Path) -> None:
    """Luck share (relative scores and wins) per setting."""
    usable = [a for a in answers if a.luck is not None and a.luck_wins is not None]
    if not usable:
        return
    fig, ax = plt.subplots(figsize=(7, 4))
    series = {
        "relative score": [a.luck for a in usable if a.luck is not None],
        "win": [a.luck_wins for a in usable if a.luck_wins is not None],
    }
    _bars(ax, [a.setting for a in usable], {k: [s.luck for s in v] for k, v in series.items()}, 100)
    ax.set_ylabel("variance share of the dice, %")
    ax.set_title("Luck share (95% bootstrap intervals)")
    _save(fig, path)
