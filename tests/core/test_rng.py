"""GameRandom: seeded, counted, and restorable exactly from a JSON state."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from transcon.core.errors import InputError
from transcon.core.rng import GameRandom


def test_same_seed_same_draws_different_seed_different_draws() -> None:
    a, b, c = GameRandom(7), GameRandom(7), GameRandom(8)
    assert a.roll(20) == b.roll(20)
    assert GameRandom(7).roll(20) != c.roll(20)


def test_draw_kinds_and_counter() -> None:
    rng = GameRandom(1)
    assert 1 <= rng.die() <= 6
    assert all(1 <= face <= 4 for face in rng.roll(10, sides=4))
    assert rng.draws == 11
    assert 3 <= rng.randint(3, 5) <= 5
    assert rng.choice("abc") in "abc"
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10))
    assert len(set(rng.sample(range(10), 4))) == 4
    assert 0 <= rng.random() < 1
    assert rng.draws == 16
    assert rng.roll(0) == []


def test_bad_arguments() -> None:
    rng = GameRandom()
    with pytest.raises(ValueError):
        rng.die(0)
    with pytest.raises(ValueError):
        rng.roll(-1)
    with pytest.raises(ValueError):
        rng.choice([])
    assert rng.draws == 0


@pytest.mark.parametrize("seed", [True, "7", 1.5])
def test_seed_must_be_an_int(seed: object) -> None:
    with pytest.raises(InputError, match="seed must be an integer"):
        GameRandom(seed)  # type: ignore[arg-type]


@given(seed=st.integers(min_value=-(2**70), max_value=2**70), before=st.integers(0, 50))
def test_json_state_round_trip_restores_exactly(seed: int, before: int) -> None:
    rng = GameRandom(seed)
    rng.roll(before)
    state = json.loads(json.dumps(rng.get_state()))
    expected = rng.roll(5), rng.random(), rng.draws
    other = GameRandom(0)
    other.set_state(state)
    assert (other.roll(5), other.random(), other.draws) == expected
    assert other.seed == seed


def test_set_state_rejects_garbage() -> None:
    with pytest.raises(InputError, match="invalid random generator state"):
        GameRandom().set_state({"seed": 1})


def test_checkpoint_rewind_and_fork() -> None:
    rng = GameRandom(3)
    mark = rng.checkpoint()
    first = rng.roll(3)
    rng.rewind(mark)
    assert rng.draws == 0
    assert rng.roll(3) == first
    fork = rng.fork()
    assert fork.roll(4) == rng.roll(4)
    fork.die()
    assert fork.draws == rng.draws + 1


def test_transaction_rolls_back_only_draws_made_after_begin() -> None:
    rng = GameRandom(5)
    rng.roll(2)
    rng.begin()
    rng.begin()  # restarting is harmless
    first = rng.roll(3)
    rng.rollback()
    assert rng.draws == 2
    assert rng.roll(3) == first
    rng.begin()
    rng.rollback()  # nothing drawn: nothing to undo
    assert rng.draws == 5
    rng.begin()
    kept = rng.die()
    rng.commit()
    rng.rollback()  # no transaction open any more
    assert rng.draws == 6
    assert GameRandom(5).roll(6)[-1] == kept
