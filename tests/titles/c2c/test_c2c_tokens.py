"""Tokens in the D variant (seed 001 3e, 3f, 3g, 3l, 4c)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from transcon.core.errors import IllegalAction
from transcon.titles.c2c.options import C2COptions, token_table
from transcon.titles.c2c.tokens import (
    Charter,
    CityToken,
    allowed_tokens,
    can_make_destination_run,
    float_charter,
    float_cost,
    gain_from_private,
    government_top_up,
    merged_charter,
    place_bull,
    place_destination_token,
    place_token,
    return_tokens,
    tokens_per_or,
    tokens_to_remove,
    unbought_costs,
)

OPTS = C2COptions.view({})


def test_prepurchase_at_float_by_table_a() -> None:
    """Seed 001 3e: home free, then $40/$60/$80/$100 as Table A allows; one bought token is
    reserved for the destination."""
    charter = float_charter(90, [40, 60, 80], OPTS)
    assert float_cost([40, 60, 80]) == 180
    assert (charter.tokens, charter.destination, charter.bulls) == (2, "reserved", 0)
    assert charter.left == 3
    with pytest.raises(IllegalAction) as err:
        float_charter(72, [40, 60], OPTS)
    assert "3e" in err.value.rule and "$60" in err.value.message
    with pytest.raises(IllegalAction):
        float_charter(95, [], OPTS)
    with pytest.raises(IllegalAction):
        float_charter(100, [40, 40], OPTS)


def test_the_company_chooses_which_allowed_tokens_to_buy() -> None:
    """Seed 001 3e (and 4c's example: buying the $80 and $100 but not the $40 and $60)."""
    charter = float_charter(100, [80, 100], OPTS)
    assert charter.costs == {80, 100} and charter.bulls == 0


def test_no_extra_token_no_destination_run() -> None:
    """Seed 001 3e: if no extra tokens are purchased it may not make a destination run."""
    charter = float_charter(68, [], OPTS)
    assert not can_make_destination_run(charter) and charter.left == 0
    with pytest.raises(IllegalAction):
        place_destination_token(charter)
    with pytest.raises(IllegalAction):
        place_token(charter)
    placed = place_destination_token(float_charter(68, [40], OPTS))
    assert placed.destination == "placed" and not can_make_destination_run(placed)


def test_returned_tokens_are_prepaid() -> None:
    """Seed 001 3e: tokens returned to the charter are placed again for free."""
    charter = return_tokens(float_charter(68, [40], OPTS), 2)
    assert charter.tokens == 2
    assert place_token(place_token(charter)).tokens == 0


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_prepurchase_follows_table_a(data: st.DataObject) -> None:
    """Seed 001 3e/3f as a property over Table A: any subset of the allowed costs is legal,
    the bull only for par $100 with all four."""
    table = token_table(OPTS)
    par = data.draw(st.sampled_from(sorted(table)))
    bought = data.draw(st.sets(st.sampled_from((40, 60, 80, 100))))
    if bought <= set(allowed_tokens(par, OPTS)):
        charter = float_charter(par, bought, OPTS)
        assert charter.left == len(bought) + charter.bulls
        assert charter.bulls == int(par == 100 and len(bought) == 4)
    else:
        with pytest.raises(IllegalAction):
            float_charter(par, bought, OPTS)


def test_bull_token() -> None:
    """Seed 001 3f: par $100 and all four ($280) gives a bull; it may go into a full city;
    placing it forfeits every token left on the charter."""
    charter = float_charter(100, [40, 60, 80, 100], OPTS)
    assert charter.bulls == 1 and float_cost([40, 60, 80, 100]) == 280
    after = place_bull(charter, city_full=True, opts=OPTS)
    assert (after.tokens, after.bulls, after.destination) == (0, 0, "forfeited")
    assert after.full_city_bull_used and not can_make_destination_run(after)
    keep = place_bull(charter, False, C2COptions.view({"bull_keeps_destination_token": True}))
    assert (keep.tokens, keep.destination) == (0, "reserved")
    with pytest.raises(IllegalAction) as err:
        place_bull(float_charter(90, [40], OPTS), False, OPTS)
    assert "3f" in err.value.rule


def test_only_one_inherited_bull_in_a_full_city() -> None:
    """Seed 001 3f: merged corporations, Amtrak and Conrail inherit every bull, but only one
    may go into a city with no space; the others are played as normal tokens."""
    bull = float_charter(100, [40, 60, 80, 100], OPTS)
    merged = merged_charter(bull, bull, "merger")
    assert merged.bulls == 2 and merged.tokens == 7 and merged.destination == "reserved"
    once = place_bull(merged, city_full=True, opts=OPTS)
    assert once.bulls == 1 and once.tokens == 7
    with pytest.raises(IllegalAction):
        place_bull(once, city_full=True, opts=OPTS)
    assert place_bull(once, city_full=False, opts=OPTS).bulls == 0
    # A bull already in a full city before the merger uses the one allowed.
    used = place_bull(bull, city_full=True, opts=OPTS)
    amtrak = merged_charter(used, bull, "amtrak")
    with pytest.raises(IllegalAction):
        place_bull(amtrak, city_full=True, opts=OPTS)


def test_tokens_using_no_space_are_removed_first_in_mergers() -> None:
    """Seed 001 3f, the B&O/Pennsylvania example: B&O's bull in New York (no space) goes
    back to the charter, the Pennsylvania token in a space stays."""
    city = [CityToken("B&O", occupies_space=False), CityToken("PRR"), CityToken("NYC")]
    assert tokens_to_remove(city, {"B&O", "PRR"}) == [CityToken("B&O", False)]
    assert tokens_to_remove([CityToken("PRR"), CityToken("B&O", False)], {"B&O", "PRR"}) == [
        CityToken("B&O", False)
    ]
    assert tokens_to_remove(city, {"B&O", "Erie"}) == []


def test_mergers_amtrak_and_conrail_place_two_free_tokens_per_or() -> None:
    """Seed 001 3g."""
    assert tokens_per_or("public") == 1
    assert [tokens_per_or(k) for k in ("merger", "amtrak", "conrail")] == [2, 2, 2]


def test_amtrak_and_conrail_get_at_least_eight_tokens() -> None:
    """Seed 001 3l: replaced on the board plus on the charter, topped up from the supply."""
    assert government_top_up(3, 2) == 3
    assert government_top_up(5, 4) == 0


def test_terminals_and_architects() -> None:
    """Seed 001 4c: Terminals: a free $40 and/or $60 not bought at float, even when the par
    forbade it; Architects: any two of $40/$60/$80/$100 not bought; never a bull; one gained
    token reserved when none was; nothing reserved when already eligible."""
    low = float_charter(68, [], OPTS)
    gained = gain_from_private(low, "TBC", [40, 60])
    assert (gained.tokens, gained.destination) == (1, "reserved")
    with pytest.raises(IllegalAction) as err:
        gain_from_private(float_charter(68, [40], OPTS), "TBC", [40])
    assert "4c" in err.value.rule
    with pytest.raises(IllegalAction):
        gain_from_private(low, "TBC", [80])
    with pytest.raises(IllegalAction):
        gain_from_private(low, "FWA", [40, 60, 80])
    top = float_charter(100, [80, 100], OPTS)
    both = gain_from_private(gain_from_private(top, "FWA", [40]), "TBC", [60])
    assert both.costs == {40, 60, 80, 100} and both.bulls == 0
    assert (both.tokens, both.destination) == (3, "reserved")
    forfeited = place_bull(float_charter(100, [40, 60, 80, 100], OPTS), False, OPTS)
    again = gain_from_private(
        Charter(costs=frozenset({40, 60}), destination="forfeited"), "FWA", [80]
    )
    assert again.destination == "forfeited" and again.tokens == 1
    assert forfeited.destination == "forfeited"


def test_the_game_takes_the_cheapest_unbought_costs() -> None:
    """D variant 4c in play: the Terminals give what is missing of $40/$60, the Architects
    the two cheapest costs not bought; a private without tokens gives nothing."""
    assert unbought_costs(float_charter(82, [40], OPTS), "TBC") == (60,)
    assert unbought_costs(float_charter(82, [60], OPTS), "FWA") == (40, 80)
    assert unbought_costs(float_charter(100, [40, 60, 80, 100], OPTS), "FWA") == ()
    assert unbought_costs(Charter(), "MRB") == ()
