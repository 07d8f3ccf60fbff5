"""Seed "Building", "Die Rolling Scheme", "West Coast Operations"; base 2.2-2.3 (costs paid
from dice, payments to rivals for joining, crossing and running alongside)."""

from __future__ import annotations

import itertools

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState
from transcon.titles.railway_rivals.actions import Build, WestCoast
from transcon.titles.railway_rivals.building import RULE_CASH, RULE_LINKS, RULE_POINTS
from transcon.titles.railway_rivals.config import Config
from transcon.titles.railway_rivals.rules import RULE_WCO, roll_build_dice

from .conftest import finish, hexes, started


def clean(game: Game[RRState], dice: tuple[int, int, int] = (6, 6, 6)) -> RRState:
    """Drop the random pre-game cities (so they cannot land on the test's hexes)."""
    s = game.state
    for h in [h for h, c in s.cities.items() if c.cause == "gm"]:
        del s.cities[h]
    s.dice = list(dice)
    return s


def link(game: Game[RRState], player: str, *labels: str) -> None:
    ids = hexes(game, *labels)
    for a, b in itertools.pairwise(ids):
        game.state.add_link(player, a, b)


def test_seed_die_rolling_scheme_rerolls_ones_and_low_totals() -> None:
    """Seed "Die Rolling Scheme": each 1 rerolled; all three rerolled while the total < 9."""
    cfg = Config.from_options({})
    rng = GameRandom(5)
    rolls = [roll_build_dice(rng, cfg) for _ in range(2000)]
    assert all(len(r) == 3 and all(2 <= d <= 6 for d in r) and sum(r) >= 9 for r in rolls)
    assert {d for r in rolls for d in r} == {2, 3, 4, 5, 6}
    once = Config.from_options({"reroll_ones": "once"})
    assert any(1 in roll_build_dice(rng, once) for _ in range(2000))


def test_seed_building_three_segments_then_the_next_round(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "Die Rolling Scheme": three building segments per round, one die each; unused
    points lapse (notes carry_build_points = False)."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game, (2, 3, 4))
    game.apply(Build(player="Ann", path=("E29", "E28", "E27")))  # 2 points
    with pytest.raises(IllegalAction) as err:
        game.apply(Build(player="Ann", path=("E27", "E26")))
    assert err.value.rule == RULE_POINTS
    finish(game)
    assert s.segment == 1 and len(s.track["Ann"]) == 2
    game.apply(Build(player="Ann", path=("E27", "E26", "E25", "E24")))  # 3 points
    finish(game)
    finish(game)
    assert s.round == 2 and s.phase in ("races", "build")
    assert len([c for c in s.cities.values() if c.end_of_round]) == 4


def test_base_2_3_joining_a_rivals_hex_pays_one(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Base 2.3: entering a non-city hex holding a rival's track pays that rival 1."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    link(game, "Ann", "E29", "E28", "E27", "E26")
    game.apply(Build(player="Bob", path=("G29", "F28", "F27", "E27", "D27")))
    finish(game)
    assert s.cash == {"Ann": 21, "Bob": 19}
    assert s.ledger[-1][1:4] == ("Bob", "Ann", 1)


def test_base_2_3_running_alongside_pays_two_per_half_hex(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Base 2.3: a link parallel to a rival's costs 1 (joining) + 2 per non-city half-hex."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    link(game, "Ann", "E29", "E28", "E27", "E26")
    game.apply(Build(player="Bob", path=("G29", "F28", "E28", "E27")))
    finish(game)
    assert s.cash["Bob"] == 20 - 1 - 5 and s.cash["Ann"] == 26


def test_base_2_3_alongside_leaving_a_city_exempts_the_city_half(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Base 2.3 / notes town_half_hex_exempt: no payment inside city halves, so a parallel
    link leaving a shared starting city costs 1 + 2 = 3."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "E29"})
    s = clean(game)
    link(game, "Ann", "E29", "E28")
    game.apply(Build(player="Bob", path=("E29", "E28")))
    finish(game)
    assert s.cash == {"Ann": 23, "Bob": 17}


def test_base_2_3_same_step_arrivals_pay_nobody(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Notes §10 simultaneous_entry_payment = none: rivals entering a hex in the same build
    step pay nobody; one step behind pays."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "D29"})
    s = clean(game)
    game.apply(Build(player="Ann", path=("E29", "D28")))
    game.apply(Build(player="Bob", path=("D29", "D28")))
    finish(game)
    assert s.cash == {"Ann": 20, "Bob": 20}
    game.apply(Build(player="Ann", path=("D28", "D27", "C27")))
    game.apply(Build(player="Bob", path=("D29", "C29", "C28", "C27")))
    finish(game)
    assert s.cash == {"Ann": 21, "Bob": 19}  # Ann reached C27 at step 2, Bob one step behind


def test_seed_building_after_transcontinental_race_is_cash_six_hexes(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "Building": after the Transcontinental race, up to six hexes per round paid in
    cash at the terrain table's cost."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    s.cash_mode = True
    game.apply(Build(player="Ann", path=("E29", "E28", "E27", "E26")))
    assert s.cash["Ann"] == 17 and s.ledger[-1][1:] == ("Ann", "bank", 3, "construction")
    with pytest.raises(IllegalAction) as err:
        game.apply(Build(player="Ann", path=("E26", "E25", "E24", "E23", "E22")))
    assert err.value.rule == RULE_LINKS
    s.cash["Ann"] = 1
    with pytest.raises(IllegalAction) as err:
        game.apply(Build(player="Ann", path=("E26", "E25", "E24")))
    assert err.value.rule == RULE_CASH
    s.cash["Ann"] = 17


def test_seed_west_coast_operations(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed "West Coast Operations": once, rounds 11-15, before building, pay 6, a city on a
    West Coast hex becomes a second start; its network builds at double cost until joined."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(WestCoast(player="Ann", hex="E2"))
    assert err.value.rule == RULE_WCO  # round 1
    s.round = 11
    with pytest.raises(IllegalAction):
        game.apply(WestCoast(player="Ann", hex="E5"))  # not a West Coast hex
    game.apply(WestCoast(player="Ann", hex="E2"))
    e2 = hexes(game, "E2")[0]
    assert s.cash["Ann"] == 14 and s.west_start["Ann"] == e2 and s.cities[e2].cause == "wco"
    with pytest.raises(IllegalAction):
        game.apply(WestCoast(player="Ann", hex="F2"))  # once per game
    game.apply(Build(player="Ann", path=("E2", "E3", "E4")))  # 2 links x 1 x 2
    assert s.spent["Ann"] == 4
    game.apply(Build(player="Ann", path=("E29", "E28")))
    assert s.spent["Ann"] == 5
    finish(game)
    assert not s.wc_connected["Ann"]
    # join the networks: everything between E4 and E28 is Ann's; the joining link is normal
    link(game, "Ann", *[f"E{c}" for c in range(4, 29)])
    s.dice = [6, 6, 6]
    s.track["Ann"].discard(tuple(sorted(hexes(game, "E15", "E16"))))  # leave one gap
    from transcon.titles.railway_rivals.building import path_cost

    assert path_cost(s, "Ann", hexes(game, "E4", "D4")) == 2  # still double on the West
    s.track["Ann"].add(tuple(sorted(hexes(game, "E15", "E16"))))  # type: ignore[arg-type]
    assert path_cost(s, "Ann", hexes(game, "E4", "D4")) == 1


def test_seed_wco_join_is_detected_after_a_build(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed "West Coast Operations": the networks are joined when the two starting cities
    are linked by the rival's own track; from then on normal costs apply."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    s.round = 11
    game.apply(WestCoast(player="Ann", hex="E2"))
    link(game, "Ann", *[f"E{c}" for c in range(3, 30)])
    game.apply(Build(player="Ann", path=("E2", "E3")))
    finish(game)
    assert s.wc_connected["Ann"]


@pytest.mark.parametrize(("reading", "fee"), [("on_entry", 4), ("always", 5)])
def test_base_2_3_alongside_when_already_in_both_hexes(
    title: RailwayRivalsUSA, strip_path: str, reading: str, fee: int
) -> None:
    """Base 2.3: "2 per half hex, in addition to the 1 for joining" (option
    alongside_join_fee). Bob already has track in E28 and E27 and builds E28-E27 alongside
    Ann's link: he joins no hex, so by default he pays the two half hexes only (4), as a plain
    join costs nothing where the builder already is; 'always' charges the 1 too (5)."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"}, alongside_join_fee=reading)
    s = clean(game)
    link(game, "Ann", "E29", "E28", "E27")
    link(game, "Bob", "G29", "F28", "E28")
    link(game, "Bob", "F28", "F27", "E27")
    game.apply(Build(player="Bob", path=("E28", "E27")))
    finish(game)
    assert [r[1:] for r in s.ledger if r[4] == "building fee"] == [
        ("Bob", "Ann", fee, "building fee")
    ]


@pytest.mark.parametrize(("order", "paid"), [("hex_count", []), ("order_given", [1])])
def test_notes_10_second_branch_steps_by_hex_count(
    title: RailwayRivalsUSA, strip_path: str, order: str, paid: list[int]
) -> None:
    """Notes §10 / base 2.1 (postal: "the GM orders events within a segment by hex count"),
    option segment_step_order. Ann orders E29-D28, then a second branch E29-F28; Bob orders
    G29-F28. By hex count Ann's F28 link is step 1 like Bob's, so nobody pays; with
    'order_given' it is Ann's step 2, one step behind Bob, and she pays him 1."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"}, segment_step_order=order)
    s = clean(game)
    game.apply(Build(player="Ann", path=("E29", "D28")))
    game.apply(Build(player="Ann", path=("E29", "F28")))
    game.apply(Build(player="Bob", path=("G29", "F28")))
    finish(game)
    assert [r[3] for r in s.ledger if r[4] == "building fee"] == paid


def test_notes_10_hex_count_steps_follow_each_branch(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Notes §10 (segment_step_order = hex_count): a branch continuing from a hex queued
    earlier in the segment takes its steps from that hex's count; a link into a hex entered
    twice in one step pays the joining fee once."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    link(game, "Bob", "G29", "G28", "F27")
    game.apply(Build(player="Ann", path=("E29", "E28", "D27")))  # steps 1, 2
    game.apply(Build(player="Ann", path=("E28", "F27")))  # step 2: Bob's F27 was there
    game.apply(Build(player="Ann", path=("E29", "F28", "F27")))  # step 2 again: no second fee
    finish(game)
    assert [r[1:4] for r in s.ledger if r[4] == "building fee"] == [("Ann", "Bob", 1)]
