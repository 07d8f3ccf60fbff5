"""The statistics recover known answers from synthetic data (docs/analysis.md)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from transcon.analysis.questions import answer
from transcon.analysis.stats import components, luck_share, mean_interval, wilson


def test_wilson_interval_matches_the_textbook_values() -> None:
    est = wilson(8, 10)
    assert est.value == 0.8
    assert est.low == pytest.approx(0.4902, abs=1e-4)
    assert est.high == pytest.approx(0.9433, abs=1e-4)


def test_mean_interval_is_mean_plus_minus_two_standard_errors() -> None:
    est = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert est.value == 2.5
    assert est.high - est.value == pytest.approx(1.96 * (5 / 3) ** 0.5 / 2, rel=1e-3)


def test_components_of_an_additive_table_are_exact() -> None:
    # y = dice effect + decision effect, no interaction: the residual is zero
    dice = np.array([0.0, 2.0, 4.0])
    bots = np.array([0.0, 1.0])
    parts = components(dice[:, None] + bots[None, :])
    assert parts.interaction == pytest.approx(0.0)
    assert parts.dice == pytest.approx(np.var(dice, ddof=1))
    assert parts.decisions == pytest.approx(np.var(bots, ddof=1))


def _coin_flip_rows(dice_seeds: int, bot_seeds: int, rng: random.Random) -> list[dict[str, object]]:
    """A 2-player coin-flip "game" with a known answer.

    Seat 1 wins the coin with probability 0.6 (the seat bias). In the luck grid each seat's
    score is dice effect (variance 4) + decision effect (variance 1) + interaction (variance
    1), drawn independently per seat: the luck share of the relative score is 4/6.
    """
    rows: list[dict[str, object]] = []

    def row(experiment: str, score: list[float], **extra: int) -> None:
        winners = [s for s in (0, 1) if score[s] == max(score)]
        rows.append(
            {"key": f"{experiment}/{len(rows)}", "experiment": experiment, "players": 2,
             "completed": True, "error": "", "length": 1, "scores": json.dumps(score),
             "winners": json.dumps(winners), "bots": json.dumps(["coin", "coin"]),
             "figures": "{}", **extra}
        )  # fmt: skip

    for _ in range(4000):
        first = rng.random() < 0.6
        row("seat", [1.0, 0.0] if first else [0.0, 1.0])
    dice = [[rng.gauss(0, 2) for _ in (0, 1)] for _ in range(dice_seeds)]
    bots = [[rng.gauss(0, 1) for _ in (0, 1)] for _ in range(bot_seeds)]
    for d in range(dice_seeds):
        for k in range(bot_seeds):
            score = [10 + dice[d][s] + bots[k][s] + rng.gauss(0, 1) for s in (0, 1)]
            row("luck", score, dice=d, decisions=k)
    return rows


def test_coin_flip_game_seat_bias_and_luck_share_are_recovered() -> None:
    rows = _coin_flip_rows(40, 30, random.Random(5))
    found = answer("coin", rows, "coin")
    assert found.seats[0].wins.contains(0.6)
    assert found.seats[1].wins.contains(0.4)
    assert found.seats[0].wins.high - found.seats[0].wins.low < 0.04
    assert found.luck is not None
    assert found.luck.luck.contains(4 / 6)
    assert found.luck.decisions.contains(1 / 6)
    assert found.luck.interaction.contains(1 / 6)
    assert found.luck.luck_total.contains(5 / 6)  # dice with their interaction
    assert found.luck.luck.high - found.luck.luck.low < 0.4


def test_the_luck_interval_covers_the_true_share_in_most_experiments() -> None:
    # 20 independent small experiments: a 95% interval should miss rarely (allow 4 misses)
    rng = random.Random(11)
    misses = 0
    for _ in range(20):
        d, k = 12, 8
        dice = [rng.gauss(0, 2) for _ in range(d)]
        bots = [rng.gauss(0, 1) for _ in range(k)]
        table = np.array(
            [[dice[i] + bots[j] + rng.gauss(0, 1) for j in range(k)] for i in range(d)]
        )
        share = luck_share([table], resamples=300, seed=rng.randrange(1000))
        misses += not share.luck.contains(4 / 6)
    assert misses <= 4
