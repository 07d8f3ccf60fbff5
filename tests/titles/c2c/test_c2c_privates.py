"""18C2C's privates and the starting packet (seed 001 2f, 3a, 3b, 4a, 4b; Super-short 4)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transcon.core.errors import IllegalAction
from transcon.titles.c2c.options import C2COptions
from transcon.titles.c2c.privates import (
    ARCHITECTS,
    ARMY_CORPS,
    CENTRAL_PACIFIC,
    COLORADO_ENGINEERS,
    EASTERN_PROSPECTORS,
    GREAT_PLAINS_PROSPECTORS,
    KEYSTONE_TUNNEL,
    MISSISSIPPI_RIVER_BRIDGE,
    TERMINALS,
    WESTERN_PROSPECTORS,
    all_privates,
    closes_on_phase,
    eliminable,
    eliminate,
    eliminations_for,
    first_bidder,
    option_holder,
    packet_after_eliminations,
    phase_two_discount_only,
    purchase_price_range,
    starting_packet,
    voided_hexes,
)

OPTS = C2COptions.view({})


def test_d_privates_sit_in_their_columns_by_price_and_listed_order() -> None:
    """Seed 001 2f: Great Plains Prospectors, Western Prospectors, Fellheimer & Wagner in the
    western column by price (listed order within a price); the other three eastern."""
    western, eastern = starting_packet(OPTS)
    every = all_privates(OPTS)
    for column in (western, eastern):
        prices = [every[s].value for s in column]
        assert prices == sorted(prices)
    d_west = [s for s in western if every[s].d_private]
    d_east = [s for s in eastern if every[s].d_private]
    assert d_west == [GREAT_PLAINS_PROSPECTORS, WESTERN_PROSPECTORS, ARCHITECTS]
    assert set(d_east) == {EASTERN_PROSPECTORS, ARMY_CORPS, TERMINALS}
    # Equal prices: the listed order, whatever the options say.
    swapped = C2COptions.view({"architects_price": 100, "great_plains_prospectors_price": 100})
    west = [s for s in starting_packet(swapped)[0] if all_privates(swapped)[s].d_private]
    assert west == [GREAT_PLAINS_PROSPECTORS, WESTERN_PROSPECTORS, ARCHITECTS]
    cheap = C2COptions.view({"architects_price": 30})
    west = [s for s in starting_packet(cheap)[0] if all_privates(cheap)[s].d_private]
    assert west == [ARCHITECTS, GREAT_PLAINS_PROSPECTORS, WESTERN_PROSPECTORS]


def test_super_short_has_one_column_of_eight_in_the_printed_order() -> None:
    """Seed 001 Super-short 4."""
    (column,) = starting_packet(OPTS, super_short=True)
    names = [all_privates(OPTS)[s].name for s in column]
    assert names == [
        "The Keystone Tunnel Company",
        "The Azure Fisheries",
        "The Appalachian Coal Mining Company",
        "The Grace Mountain Lumber Company",
        "The Gulf Shipping Company",
        "The Terminals Building Company",
        "US Army Corps of Engineers",
        "Eastern Prospectors",
    ]
    assert eliminations_for(OPTS, super_short=True) == 0
    assert eliminations_for(C2COptions.view({"super_short_eliminations": 6}), True) == 6
    assert eliminations_for(OPTS, super_short=False) == 6


def test_bridge_central_pacific_and_colorado_engineers_cannot_be_eliminated() -> None:
    """Seed 001 3a."""
    packet = starting_packet(OPTS)
    protected = {MISSISSIPPI_RIVER_BRIDGE, CENTRAL_PACIFIC, COLORADO_ENGINEERS}
    assert protected.isdisjoint(eliminable(packet))
    assert len(eliminable(packet)) == sum(map(len, packet)) - 3
    for sym in protected:
        with pytest.raises(IllegalAction) as err:
            eliminate(packet, sym)
        assert "3a" in err.value.rule
    with pytest.raises(IllegalAction):
        eliminate(packet, "NOPE")
    with pytest.raises(IllegalAction):  # not twice
        packet_after_eliminations(packet, ["GRS", "GRS"])


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_eliminations_close_up_each_column(data: st.DataObject) -> None:
    """Seed 001 3a: six eliminated; each column closes up keeping its order."""
    packet = starting_packet(OPTS)
    choices = data.draw(st.permutations(eliminable(packet)))[:6]
    after = packet_after_eliminations(packet, choices)
    assert sum(map(len, after)) == sum(map(len, packet)) - 6
    for before, now in zip(packet, after, strict=True):
        assert list(now) == [s for s in before if s not in choices]


@pytest.mark.parametrize(("players", "first"), [(2, 0), (3, 0), (4, 2), (5, 1), (6, 0), (8, 6)])
def test_bidding_starts_with_the_seventh_option(players: int, first: int) -> None:
    """Seed 001 3a: from the priority player in seat order, six eliminations, then the 7th
    option bids first ('in a 4 player game, the 3rd player')."""
    assert first_bidder(0, players) == first
    assert [option_holder(1, 4, k) for k in range(1, 8)] == [1, 2, 3, 0, 1, 2, 3]
    assert first_bidder(1, 4) == 3


def test_eliminated_privates_lose_their_hexes() -> None:
    """Seed 001 3a: rules tied to a removed private (control of hexes) no longer apply."""
    assert voided_hexes(["DGJ"], OPTS) == {"L27"}
    assert voided_hexes(["GRS"], OPTS) == frozenset()


def test_phase_two_purchases_at_half_face_value() -> None:
    """Seed 001 3b: in an OR begun in phase 2 the three Prospectors, the Army Corps, the
    Colorado Engineers and the Central Pacific at half face value only; the Bridge and the
    Keystone Tunnel as the main rules say; nothing else."""
    every = all_privates(OPTS)
    for sym in (
        GREAT_PLAINS_PROSPECTORS,
        WESTERN_PROSPECTORS,
        EASTERN_PROSPECTORS,
        ARMY_CORPS,
        COLORADO_ENGINEERS,
        CENTRAL_PACIFIC,
    ):
        half = every[sym].value // 2
        assert purchase_price_range(sym, "2", False, OPTS) == (half, half)
    assert purchase_price_range(MISSISSIPPI_RIVER_BRIDGE, "2", False, OPTS) == (40, 40)
    assert purchase_price_range(KEYSTONE_TUNNEL, "2", False, OPTS) == (40, 40)
    ranged = C2COptions.view({"phase_two_base_privates_at_face": False})
    assert purchase_price_range(KEYSTONE_TUNNEL, "2", False, ranged) == (20, 80)
    for sym in ("GRS", TERMINALS, ARCHITECTS, "GSC"):
        assert purchase_price_range(sym, "2", False, OPTS) is None


def test_prospectors_bought_in_phase_two_only_discount() -> None:
    """Seed 001 3b, 4a: bought in phase 2, a Prospectors must give its $140 discount at once."""
    assert phase_two_discount_only(EASTERN_PROSPECTORS, "2")
    assert not phase_two_discount_only(EASTERN_PROSPECTORS, "3")
    assert not phase_two_discount_only(ARMY_CORPS, "2")


def test_from_phase_three_after_the_first_stock_round_the_base_range() -> None:
    """Seed 001 4a ('after the first stock round once phase 3 begins', main rules 4.1.2)."""
    value = all_privates(OPTS)[TERMINALS].value
    assert purchase_price_range(TERMINALS, "3", False, OPTS) is None
    assert purchase_price_range(TERMINALS, "3", True, OPTS) == (value // 2, value * 2)
    face = C2COptions.view({"private_sale_range": "face_only"})
    assert purchase_price_range(TERMINALS, "4", True, face) == (value, value)
    assert purchase_price_range(TERMINALS, "5", True, OPTS) is None


def test_privates_close_when_phase_five_starts() -> None:
    """Seed 001 4a (Prospectors close at the start of phase 5), 4b (Army Corps: first
    5-train, which starts phase 5)."""
    assert closes_on_phase("5")
    assert not any(closes_on_phase(p) for p in ("2", "3", "4", "3D"))
    every = all_privates(OPTS)
    assert every[EASTERN_PROSPECTORS].closes_when_used
    assert not every[ARMY_CORPS].closes_when_used


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(20, 200).map(lambda p: p - p % 10), min_size=6, max_size=6))
def test_packet_columns_stay_in_price_order_for_any_d_prices(prices: list[int]) -> None:
    """Seed 001 2f as a property over the D price options: each column in price order, the D
    privates of one price in the listed order, after the base privates of that price."""
    names = ["great_plains_prospectors", "western_prospectors", "architects"]
    names += ["eastern_prospectors", "army_corps", "terminals"]
    opts = C2COptions.view({f"{n}_price": p for n, p in zip(names, prices, strict=True)})
    every = all_privates(opts)
    listed = [GREAT_PLAINS_PROSPECTORS, WESTERN_PROSPECTORS, ARCHITECTS]
    listed += [EASTERN_PROSPECTORS, ARMY_CORPS, TERMINALS]
    for column in starting_packet(opts):
        keys = [(every[s].value, every[s].d_private) for s in column]
        assert keys == sorted(keys)
        d_order = [s for s in column if every[s].d_private]
        for a, b in itertools.pairwise(d_order):
            if every[a].value == every[b].value:
                assert listed.index(a) < listed.index(b)
