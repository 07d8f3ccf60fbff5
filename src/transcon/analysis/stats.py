"""The statistics of the analysis: rates and means with 95% intervals, and the luck share.

Everything here works on plain numbers, so it is tested on synthetic data with known answers
(tests/analysis/test_stats.py). The method is explained in docs/analysis.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

Z95 = 1.959963984540054  # two-sided 95% normal quantile


@dataclass(frozen=True)
class Estimate:
    """A point estimate with a 95% interval ``[low, high]`` and the sample size behind it."""

    value: float
    low: float
    high: float
    n: int

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    def text(self, digits: int = 3, percent: bool = False) -> str:
        if percent:
            return f"{100 * self.value:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"
        return f"{self.value:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"


def wilson(successes: float, n: int) -> Estimate:
    """A proportion with its Wilson score 95% interval (shared wins may count fractionally)."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the interval always holds p; min/max only guard against rounding at p = 0 or 1
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), n)


def mean_interval(values: Sequence[float]) -> Estimate:
    """A mean with its normal-approximation 95% interval (mean ± 1.96 standard errors)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan, 1)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


@dataclass(frozen=True)
class Components:
    """Variance components of a crossed dice x decisions table (two-way random effects).

    ``dice`` is Var(E[Y | dice]), ``decisions`` Var(E[Y | decisions]) and ``interaction``
    the rest (what neither explains alone), all unbiased ANOVA estimates (may be < 0).
    """

    dice: float
    decisions: float
    interaction: float

    @property
    def total(self) -> float:
        return self.dice + self.decisions + self.interaction


def components(table: np.ndarray) -> Components:
    """ANOVA variance components of ``table[dice, decisions]`` (one game per cell).

    With D dice seeds and K decision seeds: MS_D = K·Σ(row mean − grand)²/(D−1),
    MS_K = D·Σ(column mean − grand)²/(K−1), MS_E = residual mean square; then
    σ²_dice = (MS_D − MS_E)/K, σ²_decisions = (MS_K − MS_E)/D, σ²_interaction = MS_E.
    """
    d, k = table.shape
    if d < 2 or k < 2:
        raise ValueError(f"a luck table needs at least 2x2 games, got {d}x{k}")
    grand = table.mean()
    rows = table.mean(axis=1)
    cols = table.mean(axis=0)
    ms_dice = k * float(((rows - grand) ** 2).sum()) / (d - 1)
    ms_decisions = d * float(((cols - grand) ** 2).sum()) / (k - 1)
    residual = table - rows[:, None] - cols[None, :] + grand
    ms_error = float((residual**2).sum()) / ((d - 1) * (k - 1))
    return Components(
        dice=(ms_dice - ms_error) / k,
        decisions=(ms_decisions - ms_error) / d,
        interaction=ms_error,
    )


@dataclass(frozen=True)
class LuckShare:
    """The dice's share of the outcome variance, with the other shares and intervals."""

    luck: Estimate  # the dice alone: Var(E[Y | dice]) / Var(Y) (first-order index)
    decisions: Estimate
    interaction: Estimate
    luck_total: Estimate  # the dice with their interaction: 1 - decisions' share (total index)
    dice_seeds: int
    decision_seeds: int
    luck_draws: tuple[float, ...]  # the bootstrap replicates of ``luck``, for comparisons


def _shares(tables: Sequence[np.ndarray]) -> tuple[float, float, float, float]:
    """Pooled shares over seats: averaged components, each divided by the averaged total."""
    parts = [components(t) for t in tables]
    # a negative ANOVA estimate means "no detectable variance": count it as 0
    dice = max(0.0, sum(p.dice for p in parts) / len(parts))
    decisions = max(0.0, sum(p.decisions for p in parts) / len(parts))
    interaction = max(0.0, sum(p.interaction for p in parts) / len(parts))
    total = dice + decisions + interaction
    if total <= 0:
        return math.nan, math.nan, math.nan, math.nan
    return dice / total, decisions / total, interaction / total, (dice + interaction) / total


def luck_share(tables: Sequence[np.ndarray], resamples: int = 1000, seed: int = 0) -> LuckShare:
    """Luck share of one or more seats' ``table[dice, decisions]`` with bootstrap intervals.

    The point estimate pools the seats' ANOVA components. The 95% interval is the percentile
    interval of a two-way ("pigeonhole") bootstrap: dice seeds and decision seeds are
    resampled with replacement independently, the same draw for every seat.
    """
    if not tables:
        raise ValueError("no luck tables")
    d, k = tables[0].shape
    point = _shares(tables)
    rng = random.Random(seed)
    draws: list[tuple[float, float, float, float]] = []
    for _ in range(resamples):
        rows = np.array([rng.randrange(d) for _ in range(d)])
        cols = np.array([rng.randrange(k) for _ in range(k)])
        if len(set(rows.tolist())) < 2 or len(set(cols.tolist())) < 2:
            continue
        draws.append(_shares([t[np.ix_(rows, cols)] for t in tables]))
    estimates = []
    for index in range(4):
        values = sorted(v[index] for v in draws if not math.isnan(v[index]))
        low, high = _percentiles(values)
        estimates.append(Estimate(point[index], low, high, d * k))
    luck_draws = tuple(v[0] for v in draws if not math.isnan(v[0]))
    luck, decisions, interaction, total = estimates
    return LuckShare(luck, decisions, interaction, total, d, k, luck_draws)


def _percentiles(values: Sequence[float]) -> tuple[float, float]:
    if not values:
        return math.nan, math.nan
    low = values[int(0.025 * (len(values) - 1))]
    high = values[math.ceil(0.975 * (len(values) - 1))]
    return low, high


def share_difference(a: LuckShare, b: LuckShare) -> Estimate:
    """Luck share of ``a`` minus that of ``b`` (independent experiments) with the percentile
    interval of the differences of their bootstrap replicates."""
    count = min(len(a.luck_draws), len(b.luck_draws))
    diffs = sorted(a.luck_draws[i] - b.luck_draws[i] for i in range(count))
    low, high = _percentiles(diffs)
    return Estimate(a.luck.value - b.luck.value, low, high, a.luck.n + b.luck.n)


def rate_difference(a: Estimate, b: Estimate) -> Estimate:
    """Difference of two independent proportions with the normal (Wald) 95% interval."""
    if a.n == 0 or b.n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    se = math.sqrt(a.value * (1 - a.value) / a.n + b.value * (1 - b.value) / b.n)
    diff = a.value - b.value
    return Estimate(diff, diff - Z95 * se, diff + Z95 * se, a.n + b.n)
