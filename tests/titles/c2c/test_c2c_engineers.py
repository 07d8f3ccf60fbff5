"""The US Army Corps of Engineers' markers (seed 001 4b)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transcon.core.errors import IllegalAction
from transcon.titles.c2c.engineers import (
    BANK,
    MARKERS,
    Engineers,
    buy_marker,
    can_use,
    close,
    merge,
    new_operating_round,
    private_bought,
    seller_of_unsold,
    water_hazard_cost,
)


def test_the_buyer_takes_one_and_sells_the_other_four() -> None:
    """Seed 001 4b: the purchasing corporation receives one marker; the other four are bought
    from it for $50 each."""
    state = private_bought(Engineers(), "PRR")
    assert state.markers("PRR") == 1 and state.unsold == 4 and can_use(state, "PRR")
    assert seller_of_unsold(state, False) == "PRR"
    state, paid = buy_marker(state, "NYC", "PRR", False)
    assert paid == "PRR" and state.markers("NYC") == 1 and state.unsold == 3
    assert can_use(state, "NYC")
    with pytest.raises(IllegalAction) as err:
        buy_marker(state, "NYC", "PRR", False)
    assert "4b" in err.value.rule
    with pytest.raises(IllegalAction):
        private_bought(state, "B&O")


def test_while_a_player_holds_it_the_bank_sells_after_a_4_train() -> None:
    """Seed 001 4b: still owned by a player and a 4-train bought: any corporation may buy a
    marker, the money going to the bank."""
    state = Engineers()
    assert seller_of_unsold(state, False) is None
    with pytest.raises(IllegalAction):
        buy_marker(state, "NYC", BANK, False)
    state, paid = buy_marker(state, "NYC", BANK, True)
    assert paid == BANK and state.unsold == MARKERS - 1


def test_resale_at_50_not_usable_that_round() -> None:
    """Seed 001 4b: markers may be resold between corporations; the buyer may not use the
    ability that operating round."""
    state = private_bought(Engineers(), "PRR")
    state = merge(state, "PRR", "B&O", "PRR+B&O")
    state, _ = buy_marker(state, "Erie", "PRR+B&O", False)  # from the unsold ones
    state = new_operating_round(state)
    state, paid = buy_marker(state, "C&O", "Erie", False)
    assert paid == "Erie" and not can_use(state, "C&O") and state.markers("Erie") == 0
    assert can_use(new_operating_round(state), "C&O")


def test_closes_on_the_first_5_train_markers_stay() -> None:
    """Seed 001 4b: closed with the first 5-train; unsold markers stay with the corporation
    that bought it; markers stay in play."""
    state = close(private_bought(Engineers(), "PRR"))
    assert state.closed and can_use(state, "PRR") and seller_of_unsold(state, True) == "PRR"
    assert seller_of_unsold(close(Engineers()), True) == BANK


def test_merged_corporation_uses_one_and_sells_the_extra() -> None:
    """Seed 001 4b: two markers in a merger: only one counts; the excess is for sale to any
    eligible corporation; no corporation buys beyond its need."""
    state = private_bought(Engineers(), "PRR")
    state, _ = buy_marker(state, "B&O", "PRR", False)
    state = merge(state, "PRR", "B&O", "M1")
    assert state.markers("M1") == 2 and state.owner == "M1"
    state, paid = buy_marker(state, "Erie", "M1", False)
    assert paid == "M1" and state.unsold == 2  # the owner sells the unsold ones first
    with pytest.raises(IllegalAction):
        buy_marker(state, "M1", "Erie", False)


def test_half_price_before_the_bridge_discount() -> None:
    """Seed 001 4b: combined with the Mississippi River Bridge, halve first."""
    assert water_hazard_cost(80, True, 20) == 20
    assert water_hazard_cost(80, False, 20) == 60
    assert water_hazard_cost(40, True, 40) == 0


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["A", "B", "C", "D", "E", "F"]), st.booleans()), max_size=12)
)
def test_never_more_than_five_markers(buys: list[tuple[str, bool]]) -> None:
    """Seed 001 4b: five markers, at most one bought per corporation."""
    state = Engineers()
    for buyer, four in buys:
        seller = seller_of_unsold(state, four)
        if seller is None or seller == buyer or state.markers(buyer):
            continue
        state, _ = buy_marker(state, buyer, seller, four)
    assert sum(state.held.values()) + state.unsold == MARKERS
    assert all(count == 1 for count in state.held.values())
