"""Train types (seed 003 §8.2 and the pluggable families later titles need)."""

from __future__ import annotations

import pytest

from transcon.eighteen.tiles import NodeKind
from transcon.eighteen.trains import TrainType, parse_train

C, T, OFF = NodeKind.CITY, NodeKind.TOWN, NodeKind.OFFBOARD


def test_n_train() -> None:
    t = parse_train("3")
    assert t.max_stops == 3
    assert t.length_problem([C, T, OFF]) is None
    assert t.length_problem([C, T, OFF, C]) is not None
    assert t.revenue([20, 10, 40], [C, T, OFF], [True, False, False]) == 70


def test_diesel_is_unlimited() -> None:
    d = parse_train("D")
    assert d.max_stops is None and d.length_problem([C] * 30) is None


def test_n_plus_m_train() -> None:
    t = parse_train("2+2")
    assert t.length_problem([C, C, T, T]) is None
    assert t.length_problem([C, T, T, T]) is None  # a town may use a city place
    assert t.length_problem([C, C, C]) is not None
    assert t.length_problem([C, C, T, T, T]) is not None


def test_express_counts_only_cities() -> None:
    e = parse_train("4E")
    assert e.length_problem([C, T, T, T, C, C, C]) is None
    assert e.length_problem([C] * 5) is not None
    assert e.revenue([20, 10, 30], [C, T, C], [False] * 3) == 50


def test_token_doubling_train() -> None:
    t = TrainType("2D", 2, token_multiplier=2)
    assert t.revenue([20, 30], [C, C], [True, False]) == 70


def test_unknown_train_name() -> None:
    with pytest.raises(ValueError):
        parse_train("X9")
