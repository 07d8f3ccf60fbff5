"""Seed "Races", "Special Transcontinental Race", "Cities Created During the Races",
"Mountains and Swamps"; base 3.1-3.6 (fees, 10-hex cap, own track, joint runs, payouts)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState, routes
from transcon.titles.railway_rivals.actions import Enter
from transcon.titles.railway_rivals.cities import place_gm_city, race_city
from transcon.titles.railway_rivals.races import (
    RULE_BETTER,
    RULE_CAP,
    RULE_OWN,
    offer_races,
    resolve_races,
)
from transcon.titles.railway_rivals.routes import find_routes
from transcon.titles.railway_rivals.state import Entry, Race
from transcon.titles.railway_rivals.tracks import step_points

from .conftest import finish, hexes, started
from .test_building import clean, link


class Script:
    """A stand-in for the game's generator that throws scripted dice."""

    def __init__(self, dice: list[int]) -> None:
        self._dice: Iterator[int] = iter(dice)
        self.thrown: list[int] = []

    def die(self, sides: int = 6) -> int:
        value = next(self._dice)
        self.thrown.append(value)
        return value

    def randint(self, a: int, b: int) -> int:
        return a


def quiet(_: str) -> None:
    return None


def scenario(title: RailwayRivalsUSA, strip_path: str, **options: Any) -> Game[RRState]:
    """Ann starts at E29 with own track E29-E28 and a detour E28-F27-F26-F25-E25; Bob owns
    the direct line E28-E27-E26-E25 and a line parallel to Ann's E29-E28; E25 is a city."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29", "Cy": "C29"}, **options)
    s = clean(game)
    link(game, "Ann", "E29", "E28", "F27", "F26", "F25", "E25")
    link(game, "Bob", "G29", "F28", "E28", "E27", "E26", "E25")
    link(game, "Bob", "E29", "E28")
    race_city(s, hexes(game, "E25")[0], quiet)  # a city without bonuses
    a, b = hexes(game, "E29", "E25")
    s.phase = "races"
    s.done.clear()
    s.races = [Race(id=1, a=a, b=b)]
    s.entries = []
    return game


def test_route_finder_returns_the_pareto_front(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Route finder: non-dominated (length, payments) routes with each payment's recipient."""
    game = scenario(title, strip_path)
    s = game.state
    a, b = hexes(game, "E29", "E25")
    front = find_routes(s, ("Ann",), [a], [b])
    assert [(o.length, o.total, o.payments) for o in front] == [
        (4, 3, (("Bob", 3),)),
        (5, 0, ()),
    ]
    assert [s.model.labels[h] for h in front[1].route] == ["E29", "E28", "F27", "F26", "F25", "E25"]


def test_seed_races_better_route_rule(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed "Races": no route may be used if a better one (shorter without more payments, or
    cheaper without being longer) is available."""
    game = scenario(title, strip_path)
    with pytest.raises(IllegalAction) as err:
        game.apply(
            Enter(
                player="Ann",
                race=1,
                route=("E29", "E28", "F27", "F26", "F25", "E25"),
                owners=("Bob", "", "", "", ""),
            )
        )
    assert err.value.rule == RULE_BETTER
    game.apply(Enter(player="Ann", race=1, route=("E29", "E28", "E27", "E26", "E25")))
    entry = game.state.entries[-1]
    assert entry.owners == ["Ann", "Bob", "Bob", "Bob"]
    status = game.describe_status()  # the game master sees the sealed entry
    assert "Entries so far (sealed):" in status and "Ann: #1 E29 E28 E27 E26 E25" in status
    assert "E26" not in game.status_for("Bob") and "Ann: #1" in game.status_for("Ann")


def test_base_3_2_own_track_required(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Base 3.2 (min_own_track = any): a route must use some of the entrant's own track."""
    game = scenario(title, strip_path)
    with pytest.raises(IllegalAction) as err:
        game.apply(
            Enter(player="Cy", race=1, route=("E29", "E28", "E27", "E26", "E25"), owners=("Bob",))
        )
    assert err.value.rule == RULE_OWN
    with pytest.raises(IllegalAction):
        game.apply(Enter(player="Cy", race=1))  # the GM finds no legal route either


def test_base_3_3_cap_on_one_rivals_track(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Base 3.3 (max_foreign_hexes_per_owner): more hexes of one rival's track is illegal and
    the front only holds capped routes."""
    game = scenario(title, strip_path, max_foreign_hexes_per_owner=2)
    s = game.state
    a, b = hexes(game, "E29", "E25")
    assert [(o.length, o.total) for o in find_routes(s, ("Ann",), [a], [b])] == [(5, 0)]
    with pytest.raises(IllegalAction) as err:
        game.apply(Enter(player="Ann", race=1, route=("E29", "E28", "E27", "E26", "E25")))
    assert err.value.rule == RULE_CAP


def test_seed_mountains_delay_swamps_do_not(strip_path: str, title: RailwayRivalsUSA) -> None:
    """Seed "Mountains and Swamps": +1 point to move up onto a mountain; swamps no delay."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = game.state
    e12, e13, e14, g20, g21 = hexes(game, "E12", "E13", "E14", "G20", "G21")
    assert step_points(s, e12, e13) == 2
    assert step_points(s, e13, e14) == 1 and step_points(s, e14, e13) == 1
    assert step_points(s, e13, e12) == 1
    assert s.model.swamp[g21] and step_points(s, g20, g21) == 1


def test_base_3_3_fees_paid_before_the_race_and_single_entrant_wins(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Base 3.3/3.5: fees (1 per rival hex) go to the owner before the race; a single
    entrant wins the first prize without throwing."""
    game = scenario(title, strip_path)
    s = game.state
    game.apply(Enter(player="Ann", race=1, route=("E29", "E28", "E27", "E26", "E25")))
    script = Script([])
    resolve_races(s, script, quiet)  # type: ignore[arg-type]
    assert script.thrown == []
    assert s.cash["Ann"] == 20 - 3 + 20 and s.cash["Bob"] == 23
    assert s.ledger_balances() == s.cash
    assert s.results[-1]["prizes"] == {"Ann": 20}


def test_base_3_5_first_and_second_prizes_and_shared_ties(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Base 3.5 / notes tie_rule = share: 20 and 10; a tie pools and splits the places."""
    game = scenario(title, strip_path)
    s = game.state
    fast = s.entries
    route_fast = hexes(game, "E29", "E28", "E27", "E26", "E25")  # 4 points, Bob's track
    route_own = hexes(game, "E29", "E28", "F27", "F26", "F25", "E25")  # 5 points
    fast.append(Entry(1, "Bob", route_fast, ["Bob"] * 4))
    fast.append(Entry(1, "Ann", route_own, ["Ann"] * 5))
    resolve_races(s, Script([4, 4, 3]), quiet)  # type: ignore[arg-type]
    assert s.results[-1]["prizes"] == {"Bob": 20, "Ann": 10}  # Ann arrives one throw later
    resolve_races_again = Script([3, 3, 1, 2])
    s.races = [Race(id=2, a=route_fast[0], b=route_fast[-1])]
    s.entries = [
        Entry(2, "Bob", route_fast, ["Bob"] * 4),
        Entry(2, "Ann", route_own, ["Ann"] * 5),
    ]
    resolve_races(s, resolve_races_again, quiet)  # type: ignore[arg-type]
    assert s.results[-1]["prizes"] == {"Bob": 15, "Ann": 15}


def test_seed_double_one_creates_a_city(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed "Cities Created During the Races": entering a hex on a 1 and then throwing
    another 1 creates a city there (no bonus)."""
    game = scenario(title, strip_path)
    s = game.state
    route_own = hexes(game, "E29", "E28", "F27", "F26", "F25", "E25")
    route_fast = hexes(game, "E29", "E28", "E27", "E26", "E25")
    s.entries = [
        Entry(1, "Ann", route_own, ["Ann"] * 5),
        Entry(1, "Bob", route_fast, ["Bob"] * 4),
    ]
    # throw rounds: (Ann 1, Bob 2) (Ann 1, Bob 1) (Ann 6, Bob 6)
    resolve_races(s, Script([1, 2, 1, 1, 6, 6]), quiet)  # type: ignore[arg-type]
    e28, f27 = hexes(game, "E28", "F27")
    assert s.cities[e28].cause == "race" and not s.cities[e28].bonus
    assert f27 not in s.cities  # Ann's second 1 entered F27, her next throw was a 6
    e26 = hexes(game, "E26")[0]
    assert e26 not in s.cities  # Bob's 1 came after a 2


def test_seed_double_one_cities_option_off_creates_no_city(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "Cities Created During the Races" switched off (double_one_cities=False, as in an
    ordinary game): the same throws as in ``test_seed_double_one_creates_a_city`` create no
    city, and the race is decided the same way."""
    results = []
    for on in (True, False):
        game = scenario(title, strip_path, double_one_cities=on)
        s = game.state
        route_own = hexes(game, "E29", "E28", "F27", "F26", "F25", "E25")
        route_fast = hexes(game, "E29", "E28", "E27", "E26", "E25")
        s.entries = [
            Entry(1, "Ann", route_own, ["Ann"] * 5),
            Entry(1, "Bob", route_fast, ["Bob"] * 4),
        ]
        resolve_races(s, Script([1, 2, 1, 1, 6, 6]), quiet)  # type: ignore[arg-type]
        e28 = hexes(game, "E28")[0]
        assert (e28 in s.cities) is on
        results.append(dict(s.cash))
    assert results[0] == results[1]


def test_base_3_6_joint_run_shares_costs_and_prizes(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Base 3.6: two rivals run one train, use both networks free, share prizes equally."""
    game = scenario(title, strip_path)
    s = game.state
    route = ("E29", "E28", "E27", "E26", "E25")
    game.apply(Enter(player="Ann", race=1, route=route, partner="Bob"))
    game.apply(Enter(player="Bob", race=1, route=route, partner="Ann"))
    assert game.state.entries[0].owners == ["Ann", "Bob", "Bob", "Bob"]
    resolve_races(s, Script([]), quiet)  # type: ignore[arg-type]
    assert s.cash["Ann"] == 30 and s.cash["Bob"] == 30


def test_seed_races_offered_reoffered_once_then_dropped(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "Races": N races per racing round, no city twice in a round (unless it has more
    keys), cities created at the end of the previous round excluded; an unentered race is
    offered once more, then dropped."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29", "Cy": "C29"}, seed=4)
    s = game.state
    for _ in range(3):
        finish(game)
    assert s.round == 2 and s.phase == "races"
    first = list(s.races)
    assert len(first) == 3 and all(r.offers == 1 for r in first)
    used: dict[int, int] = {}
    for r in first:
        for h in (r.a, r.b):
            used[h] = used.get(h, 0) + 1
            assert not (s.cities[h].end_of_round and s.cities[h].round == 1)
    assert all(n <= s.cities[h].keys for h, n in used.items())
    finish(game)  # nobody enters
    for _ in range(3):
        finish(game)
    again = [r for r in s.races if r.offers == 2]
    assert [r.id for r in again] == [r.id for r in first]
    new = [r for r in s.races if r.offers == 1]
    assert 1 <= len(new) <= 3  # re-offered races used their cities' keys first
    keys: dict[int, int] = {}
    for r in s.races:
        for h in (r.a, r.b):
            keys[h] = keys.get(h, 0) + 1
    assert all(n <= s.cities[h].keys for h, n in keys.items())
    finish(game)
    for _ in range(3):
        finish(game)
    assert not any(r.id in {f.id for f in first} for r in s.races)


def test_seed_transcontinental_race_offered_run_and_pays_double(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "Special Transcontinental Race": offered once a track path joins an East Coast
    city to a West Coast city, pays 40/20, and then building switches to cash."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    link(game, "Ann", *[f"E{c}" for c in range(2, 30)])
    s.round = 3
    place_gm_city(s, hexes(game, "E2")[0], quiet, end=False)
    offer_races(s, game.rng, quiet)
    tc = [r for r in s.races if r.tc]
    assert len(tc) == 1 and s.tc_first_offered_round == 3
    s.phase = "races"
    s.done.clear()
    game.apply(Enter(player="Ann", race=tc[0].id))
    finish(game)
    assert s.tc_run_round == 3 and s.cash_mode
    assert s.results[-1]["prizes"] == {"Ann": 40} and s.results[-1]["tc"]
    assert s.phase == "build"


def test_seed_transcontinental_race_not_offered_without_a_path_and_reoffered_until_run(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "Special Transcontinental Race": not offered while no track joins the coasts;
    once offered it is re-offered every round (never dropped) until it is run."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    s.round = 3
    place_gm_city(s, hexes(game, "E2")[0], quiet, end=False)
    link(game, "Ann", *[f"E{c}" for c in range(2, 20)])
    offer_races(s, game.rng, quiet)
    assert not any(r.tc for r in s.races)
    link(game, "Ann", *[f"E{c}" for c in range(19, 30)])
    for round_no in (4, 5, 6):
        s.round = round_no
        offer_races(s, game.rng, quiet)
        assert sum(r.tc for r in s.races) == 1
        resolve_races(s, game.rng, quiet)  # nobody enters
    assert s.tc_first_offered_round == 4 and s.tc_run_round is None


def test_base_3_6_unmatched_joint_entry_is_void(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Base 3.6: a joint run needs both partners to enter the same route together."""
    game = scenario(title, strip_path)
    s = game.state
    game.apply(
        Enter(player="Ann", race=1, route=("E29", "E28", "E27", "E26", "E25"), partner="Bob")
    )
    resolve_races(s, Script([]), quiet)  # type: ignore[arg-type]
    assert s.results == [] and s.cash["Ann"] == 20
    assert any("void" in line for line in s.report)


def test_seed_races_gm_pick_is_reproducible(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed "Races": when the order leaves a choice, the GM picks with the game's generator,
    so a replay makes the same pick."""
    game = scenario(title, strip_path)
    game.apply(Enter(player="Ann", race=1))
    entry = game.state.entries[-1]
    assert [game.state.model.labels[h] for h in entry.route] == ["E29", "E28", "E27", "E26", "E25"]
    assert entry.owners == ["Ann", "Bob", "Bob", "Bob"]


def test_route_finder_exact_when_the_cap_binds(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Route finder: with the 10-hex cap (here 2) binding, a route that the (length,
    payments) comparison would drop is still found by the exact search."""
    game = started(
        title, strip_path, {"Ann": "E29", "Bob": "G29", "Cy": "C29"}, max_foreign_hexes_per_owner=2
    )
    s = clean(game)
    link(game, "Ann", "E29", "E28", "F27")
    link(game, "Bob", "E28", "E27", "E26", "E25")
    link(game, "Cy", "F27", "F26", "E26")
    a, b = hexes(game, "E29", "E25")
    front = find_routes(s, ("Ann",), [a], [b])
    assert [(o.length, o.total, o.payments) for o in front] == [(5, 3, (("Bob", 1), ("Cy", 2)))]


def test_route_finder_proves_no_route_when_own_track_is_beyond_a_cut_hex(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Base rules 3.2 (a route is a simple path and uses own track): Ann's only track, the
    spur D28-D27 and the loop D27-C27-C28-D28... beyond the cut hex D28 of Bob's line, lies on
    no simple path from E28 to E27, so no route exists. The first search's best walk detours
    there and back (crossing E28); instead of splitting on it, and again on every other way
    there and back, the route finder sees from the blocks of the track that no route can use
    Ann's track (a 6-rival random game, simulate seed 40006 game 116, split into 10,917
    subproblems, 70 s, to find no route). With a link joining her track to E27 the route
    through it is found."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29", "Cy": "C29"})
    s = clean(game)
    link(game, "Bob", "D28", "E28", "E27")
    link(game, "Cy", "E28", "F28", "F27", "E27")
    link(game, "Ann", "D28", "D27", "C27", "C28", "D28")
    a, b = hexes(game, "E28", "E27")
    solves: list[frozenset[tuple[int, bool]]] = []
    solve = routes._solve

    def counted(q: Any, rng: Any, forbidden: Any, known: Any, effort: Any) -> Any:
        solves.append(forbidden)
        return solve(q, rng, forbidden, known, effort)

    monkeypatch.setattr(routes, "_solve", counted)
    assert find_routes(s, ("Ann",), [a], [b]) == []
    assert len(solves) == 1
    link(game, "Ann", "D27", "E27")
    front = find_routes(s, ("Ann",), [a], [b])
    assert [(o.length, o.total, o.payments) for o in front] == [(3, 1, (("Bob", 1),))]


def test_route_finder_ends_when_a_walk_repeats_a_rival_link_over_the_cap(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Base rules 3.2 and 3.3 (own track required; at most 2 hexes of one rival here): from
    E28 to E27 the only own track is Ann's spur D28-D27 off Bob's line, so the best walk runs
    E28-D28-D27-D28-E28-E27, over Bob's 2 links 3 times. No route exists (a route cannot
    use the spur and come back), and the search says so instead of capping Bob -- whose 2
    links can never exceed the cap on a route -- and searching again forever (a 6-rival
    random game, simulate seed 40006 game 110, hung there)."""
    game = started(
        title, strip_path, {"Ann": "E29", "Bob": "G29", "Cy": "C29"}, max_foreign_hexes_per_owner=2
    )
    s = clean(game)
    link(game, "Bob", "D28", "E28", "E27")
    link(game, "Ann", "D28", "D27")
    a, b = hexes(game, "E28", "E27")
    assert find_routes(s, ("Ann",), [a], [b]) == []
    link(game, "Ann", "D27", "E27")
    front = find_routes(s, ("Ann",), [a], [b])
    assert [(o.length, o.total, o.payments) for o in front] == [(3, 1, (("Bob", 1),))]
