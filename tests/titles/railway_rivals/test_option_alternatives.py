"""The alternatives of options that name a decision of the notes (each test shows the
alternative behaves differently from the default, citing the clause)."""

from __future__ import annotations

from pathlib import Path

import pytest

from transcon.core.errors import IllegalAction
from transcon.titles.railway_rivals import RailwayRivalsUSA
from transcon.titles.railway_rivals.actions import Build, Enter, StartPick, WestCoast, parse
from transcon.titles.railway_rivals.cities import race_city
from transcon.titles.railway_rivals.config import Config
from transcon.titles.railway_rivals.mapmodel import rr_map, with_coasts
from transcon.titles.railway_rivals.races import (
    RULE_BETTER,
    RULE_CAP,
    RULE_ERP,
    offer_races,
    race_ends,
    resolve_races,
)
from transcon.titles.railway_rivals.rules import RULE_START
from transcon.titles.railway_rivals.state import Entry, Race

from .conftest import REAL_MAP, finish, hexes, needs_real_map, new_game, started
from .maps import coast_map, write_map
from .test_building import clean, link
from .test_routes_and_races import Script, quiet, scenario


def fee_rows(game_state: object, race: int = 1) -> dict[tuple[str, str], int]:
    """Track-use fees of a race paid in the ledger, summed per (payer, payee)."""
    out: dict[tuple[str, str], int] = {}
    for row in game_state.ledger:  # type: ignore[attr-defined]
        if row[4] == f"track use race #{race}":
            out[(row[1], row[2])] = out.get((row[1], row[2]), 0) + row[3]
    return out


# -- notes §11: tc_race_uses_keys ------------------------------------------------------------


@pytest.mark.parametrize("uses_keys", [False, True])
def test_notes_11_tc_race_uses_keys(
    title: RailwayRivalsUSA, strip_path: str, uses_keys: bool
) -> None:
    """Notes §11 (tc_race_uses_keys): by default the Transcontinental race is extra and uses
    no keys; with True it is one of the N races and may only use cities with a key left."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"}, tc_race_uses_keys=uses_keys)
    s = clean(game)
    link(game, "Ann", *[f"E{c}" for c in range(2, 30)])
    for h in hexes(game, "E2", "E10", "E20"):  # a West Coast city joined to the East
        race_city(s, h, quiet)
    s.round = 2
    offer_races(s, Script([1] * 50), quiet)  # type: ignore[arg-type]
    drawn = [r for r in s.races if not r.tc]
    (tc,) = [r for r in s.races if r.tc]
    east, west = race_ends(s, tc)
    used = {h for r in drawn for h in (r.a, r.b)}
    if uses_keys:
        assert len(drawn) == 1  # N - 1 new races: the TC race is one of the N
        assert (set(east) | set(west)) == {h for h in hexes(game, "E29", "G29", "E2")} - used
        assert not (set(east) | set(west)) & used  # every city here has one key
    else:
        assert len(drawn) == 2
        assert set(east) == set(hexes(game, "E29", "G29")) and west == hexes(game, "E2")


# -- base 3.3: fee_netting ------------------------------------------------------------------


def crossing_entries(game_state: object, labels: object) -> list[Entry]:
    """Ann on Bob's direct line (3 hexes of Bob's), Bob on Ann's detour (4 hexes of Ann's)."""
    ann = labels("E29", "E28", "E27", "E26", "E25")  # type: ignore[operator]
    bob = labels("E29", "E28", "F27", "F26", "F25", "E25")  # type: ignore[operator]
    return [
        Entry(1, "Ann", ann, ["Ann", "Bob", "Bob", "Bob"]),
        Entry(1, "Bob", bob, ["Bob", "Ann", "Ann", "Ann", "Ann"]),
    ]


@pytest.mark.parametrize("netting", [False, True])
def test_base_3_3_fee_netting_pays_the_net_amount(
    title: RailwayRivalsUSA, strip_path: str, netting: bool
) -> None:
    """Base 3.3 (fee_netting): rivals who use each other's track in one race pay in full by
    default (Ann 3 to Bob, Bob 4 to Ann); with netting only the net (Bob 1 to Ann)."""
    game = scenario(title, strip_path, fee_netting=netting)
    s = game.state
    s.entries = crossing_entries(s, lambda *ls: hexes(game, *ls))
    resolve_races(s, Script([6] * 10), quiet)  # type: ignore[arg-type]
    paid = fee_rows(s)
    if netting:
        assert paid == {("Bob", "Ann"): 1}
        assert s.results[-1]["trains"][0]["fees"] == {"Bob": 3}  # the gross use is reported
    else:
        assert paid == {("Ann", "Bob"): 3, ("Bob", "Ann"): 4}


def test_base_3_3_fee_netting_cap_counts_the_net(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Base 3.3 (fee_netting, Dampfross: the 10 limit applies to the net amount): with a cap
    of 2, Ann's entry using 3 hexes of Bob's track is refused by default; with netting it is
    accepted, void when Bob uses none of Ann's track, and run when Bob uses enough."""
    route = ("E29", "E28", "E27", "E26", "E25")
    plain = scenario(title, strip_path, max_foreign_hexes_per_owner=2)
    with pytest.raises(IllegalAction) as err:
        plain.apply(Enter(player="Ann", race=1, route=route))
    assert err.value.rule == RULE_CAP

    alone = scenario(title, strip_path, max_foreign_hexes_per_owner=2, fee_netting=True)
    alone.apply(Enter(player="Ann", race=1, route=route))
    resolve_races(alone.state, Script([6] * 10), quiet)  # type: ignore[arg-type]
    assert not alone.state.results and not fee_rows(alone.state)
    assert any("is void" in line for line in alone.state.report)
    assert [r.id for r in alone.state.races] == [1]  # not run: offered again

    both = scenario(title, strip_path, max_foreign_hexes_per_owner=2, fee_netting=True)
    s = both.state
    s.entries = crossing_entries(s, lambda *ls: hexes(both, *ls))
    resolve_races(s, Script([6] * 10), quiet)  # type: ignore[arg-type]
    assert len(s.results[-1]["trains"]) == 2  # Ann's net use is 3 - 4 < 2: she runs
    assert fee_rows(s) == {("Bob", "Ann"): 1}


# -- seed "Races" / base 3.7: allow_running_power_exchange ------------------------------------


def test_seed_races_running_power_exchange_forbidden_by_default(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "Races": exchanges of running powers are not permitted (default)."""
    game = scenario(title, strip_path)
    with pytest.raises(IllegalAction) as err:
        game.apply(Enter(player="Ann", race=1, exchange="Bob"))
    assert err.value.rule == RULE_ERP


def test_base_3_7_running_power_exchange_when_allowed(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Base 3.7 (allow_running_power_exchange = True): Ann and Bob use each other's track
    free but run separate, competing trains; the better-route rule counts the free track
    (Ann's own detour is now beaten by Bob's direct line at no cost)."""
    game = scenario(title, strip_path, allow_running_power_exchange=True)
    s = game.state
    parsed = parse("enter 1 erp Bob E29 E28 F27 F26 F25 E25", "Ann")
    assert parsed == Enter(
        player="Ann",
        race=1,
        route=("E29", "E28", "F27", "F26", "F25", "E25"),
        exchange="Bob",
    )
    assert title.format_action(parsed) == "enter 1 erp Bob E29 E28 F27 F26 F25 E25"
    with pytest.raises(IllegalAction) as err:
        game.apply(parsed)
    assert err.value.rule == RULE_BETTER
    game.apply(
        Enter(player="Ann", race=1, route=("E29", "E28", "E27", "E26", "E25"), exchange="Bob")
    )
    game.apply(
        Enter(player="Bob", race=1, route=("E29", "E28", "E27", "E26", "E25"), exchange="Ann")
    )
    finish(game)
    record = s.results[-1]
    assert [t["team"] for t in record["trains"]] == [["Ann"], ["Bob"]]
    assert all(t["fees"] == {} for t in record["trains"]) and not fee_rows(s)
    assert set(record["prizes"]) <= {"Ann", "Bob"} and sum(record["prizes"].values()) == 30


def test_base_3_7_unmatched_exchange_is_void(title: RailwayRivalsUSA, strip_path: str) -> None:
    game = scenario(title, strip_path, allow_running_power_exchange=True)
    game.apply(Enter(player="Ann", race=1, exchange="Bob"))
    finish(game)
    assert not game.state.results
    assert any("did not exchange running powers" in line for line in game.state.report)


# -- base 3.4: carry_race_points -------------------------------------------------------------


@pytest.mark.parametrize(("carry", "round_"), [(False, 4), (True, 3)])
def test_base_3_4_carry_race_points(
    title: RailwayRivalsUSA, strip_path: str, carry: bool, round_: int
) -> None:
    """Base 3.4 (carry_race_points): a point that cannot pay the climb onto the ridge is lost
    by default; with the option it carries into the next throw (Ann arrives a throw earlier)."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"}, carry_race_points=carry)
    s = clean(game)
    route = hexes(game, "E16", "E15", "E14", "E13", "E12")  # E15-E14 climbs: 2 points
    link(game, "Ann", *[s.model.labels[h] for h in route])
    for h in (route[0], route[-1]):
        race_city(s, h, quiet)
    s.phase, s.round = "races", 2
    s.races = [Race(id=1, a=route[0], b=route[-1])]
    s.entries = [Entry(1, "Ann", route, ["Ann"] * 4), Entry(1, "Bob", route, ["Ann"] * 4)]
    resolve_races(s, Script([2, 6, 1, 2, 2]), quiet)  # type: ignore[arg-type]
    ann = s.results[-1]["trains"][0]
    assert ann["finished"] == round_


# -- notes §13: wc_double_fees ----------------------------------------------------------------


@pytest.mark.parametrize(("double", "fee"), [(False, 1), (True, 2)])
def test_notes_13_wc_double_fees(
    title: RailwayRivalsUSA, strip_path: str, double: bool, fee: int
) -> None:
    """Notes §13 (wc_double_fees): building from an unjoined West Coast network into a hex
    with a rival's track pays the normal fee by default, double with the option."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"}, wc_double_fees=double)
    s = clean(game)
    link(game, "Bob", "E3", "D3")
    s.round = 11
    game.apply(WestCoast(player="Ann", hex="E2"))
    game.apply(Build(player="Ann", path=("E2", "E3")))
    finish(game)
    assert [r[1:] for r in s.ledger if r[4] == "building fee"] == [
        ("Ann", "Bob", fee, "building fee")
    ]


# -- notes §6: east_coast_includes_lakes, atlantic_and_gulf_hex_is_east_coast -----------------


@pytest.fixture(scope="module")
def coasts_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    return write_map(Path(tmp_path_factory.mktemp("rrcoast")), coast_map(), "coasts.json")


def east(path: str, **options: object) -> list[str]:
    cfg = Config.from_options({"map": path, **options})  # type: ignore[dict-item]
    model = with_coasts(rr_map(path), cfg)
    return sorted(model.labels[h] for h in model.east_coast)


def test_notes_6_east_coast_includes_lakes(title: RailwayRivalsUSA, coasts_path: str) -> None:
    """Notes §6 (east_coast_includes_lakes): Great Lakes shores are not East Coast by default;
    with the option they are (computed from the hexes next to Great Lakes water)."""
    assert "B5" not in east(coasts_path)
    assert {"A6", "B5", "C7"} <= set(east(coasts_path, east_coast_includes_lakes=True))
    game = new_game(title, coasts_path, east_coast_includes_lakes=False)
    with pytest.raises(IllegalAction) as err:
        game.apply(StartPick(player="Ann", hex="B5"))
    assert err.value.rule == RULE_START
    lakes = new_game(title, coasts_path, east_coast_includes_lakes=True)
    lakes.apply(StartPick(player="Ann", hex="B5"))


def test_notes_6_atlantic_and_gulf_hex(title: RailwayRivalsUSA, coasts_path: str) -> None:
    """Notes §6 (atlantic_and_gulf_hex_is_east_coast): E11 touches the Atlantic and the Gulf;
    East Coast by default, not with False (no hex next to Gulf water is East Coast)."""
    assert "E11" in east(coasts_path)
    assert "E11" not in east(coasts_path, atlantic_and_gulf_hex_is_east_coast=False)
    assert "D11" in east(coasts_path, atlantic_and_gulf_hex_is_east_coast=False)


@needs_real_map
def test_notes_6_coast_options_on_the_real_map() -> None:
    """On the generated map: the lakes add the Great Lakes shores; southern Florida (the one
    hex touching Atlantic and Gulf water) stops being East Coast with False."""
    default = set(east(REAL_MAP))
    lakes = set(east(REAL_MAP, east_coast_includes_lakes=True))
    no_gulf = set(east(REAL_MAP, atlantic_and_gulf_hex_is_east_coast=False))
    assert default < lakes and len(lakes - default) > 50
    assert no_gulf < default and len(default - no_gulf) >= 1


def test_seed_east_coast_is_the_atlantic_not_pacific_inlets(
    title: RailwayRivalsUSA, tmp_path: Path
) -> None:
    """Seed "East and West Coast Hexes" (notes §6): on a map without coast regions the East
    Coast is land next to Atlantic water only. Land next to San Francisco Bay or Puget Sound
    ("bay" and "sound" are also words of Atlantic inlets) is not East Coast, and a start
    pick there is refused; land next to the Pacific inlets is West Coast."""
    path = write_map(tmp_path, coast_map(pacific_inlets=True), "inlets.json")
    model = rr_map(path)
    bay_side = {model.labels[n] for n in model.neighbors[model.hex_index("D3")]}
    sound_side = {model.labels[n] for n in model.neighbors[model.hex_index("B3")]}
    land = {label for label in bay_side | sound_side if model.buildable[model.hex_index(label)]}
    assert land
    for options in ({}, {"east_coast_includes_lakes": True}):
        assert not land & set(east(path, **options))
    assert {model.hex_index(label) for label in land} <= model.west_coast
    assert set(east(path)) == {f"{row}11" for row in "ABCDE"}
    game = new_game(title, path)
    with pytest.raises(IllegalAction) as err:
        game.apply(StartPick(player="Ann", hex=sorted(land)[0]))
    assert err.value.rule == RULE_START
