"""Seed "Game Start", "Appearance of Cities", "GM Created Cities", "Cities Created During the
Races", "Mountains and Swamps" (city keeps its terrain) and base 2.4 (town bonuses)."""

from __future__ import annotations

from transcon.core.bots import make_bot, play_out
from transcon.titles.railway_rivals import RailwayRivalsUSA
from transcon.titles.railway_rivals.actions import Build
from transcon.titles.railway_rivals.cities import place_gm_city, printed_city_count, race_city
from transcon.titles.railway_rivals.config import Config

from .conftest import finish, hexes, new_game, started


def test_seed_game_start_shared_hex_is_a_multiple_key_city(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "Game Start": a hex picked by two rivals becomes one city with two keys; no
    bonus for starting cities; then N random cities; then Round 1's dice."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "E29", "Cy": "H29"})
    s = game.state
    e29, h29 = hexes(game, "E29", "H29")
    assert s.cities[e29].keys == 2 and s.cities[e29].cause == "start"
    assert s.cities[h29].keys == 1
    assert not s.cities[e29].bonus
    assert s.starts == {"Ann": e29, "Bob": e29, "Cy": h29}
    gm = [c for c in s.cities.values() if c.cause == "gm"]
    assert len(gm) == 3  # as many as rivals, before the building round
    region = set(s.model.eligible(1, s.cfg))
    assert all(c.hex in region and not c.end_of_round for c in gm)
    assert s.cash == {"Ann": 20, "Bob": 20, "Cy": 20}
    assert s.phase == "build" and s.round == 1 and len(s.dice) == 3
    names = [c.name for c in s.cities.values()]
    assert len(names) == len(set(names))


def test_seed_gm_cities_four_per_round_none_after_rounds_15_and_16(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "GM Created Cities": four at the end of rounds 1-14, none after 15 and 16."""
    game = new_game(title, strip_path, ("Ann", "Bob"), seed=3)
    bots = {p: make_bot(title, "greedy", i) for i, p in enumerate(game.players)}
    play_out(game, bots)
    gm = [c for c in game.state.cities.values() if c.cause == "gm"]
    by_round = {r: sum(1 for c in gm if c.end_of_round and c.round == r) for r in range(1, 17)}
    assert all(by_round[r] == 4 for r in range(1, 15))
    assert by_round[15] == by_round[16] == 0
    assert sum(1 for c in gm if not c.end_of_round) == 2


def test_seed_gm_city_on_existing_track_pays_each_rival_there(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "GM Created Cities": a city created in a hex holding track pays the usual bonus
    to the rival(s) whose track is there (notes §9 default each_first)."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = game.state
    e28, e29, f28, g29 = hexes(game, "E28", "E29", "F28", "G29")
    s.add_link("Ann", e29, e28)
    s.add_link("Bob", g29, f28)
    s.add_link("Bob", f28, e28)
    e27 = hexes(game, "E27")[0]
    if e28 in s.cities:  # pragma: no cover - depends on the random pre-game cities
        return
    before = dict(s.cash)
    city = place_gm_city(s, e28, lambda _: None, end=True)
    assert s.cash["Ann"] == before["Ann"] + 6 and s.cash["Bob"] == before["Bob"] + 6
    assert city.arrivals == ["Ann", "Bob"]
    assert s.ledger_balances() == s.cash
    assert e27 not in s.cities or s.cities[e27].cause == "gm"


def test_base_2_4_town_bonus_first_6_second_3(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Base 2.4: the first rival reaching a GM city gets 6, the second 3, later ones nothing;
    starting cities and race cities pay no bonus."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29", "Cy": "C29"})
    s = game.state
    target = hexes(game, "E27")[0]
    for h in list(s.cities):
        if s.cities[h].cause == "gm":
            del s.cities[h]
    place_gm_city(s, target, lambda _: None, end=False)
    s.dice = [6, 6, 6]
    game.apply(Build(player="Ann", path=("E29", "E28", "E27")))
    finish(game)
    assert s.cash["Ann"] == 26
    game.apply(Build(player="Bob", path=("G29", "F28", "F27", "E27")))
    finish(game)
    assert s.cash["Bob"] == 20 + 3  # second bonus; no joining fee inside a city
    game.apply(Build(player="Cy", path=("C29", "D28", "D27", "E27")))
    finish(game)
    assert s.cash["Cy"] == 20


def test_seed_race_city_no_bonus_or_extra_key(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed "Cities Created During the Races": a new city without bonus, or one more key;
    seed "Mountains and Swamps": a city on a mountain keeps the mountain's build cost."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = game.state
    mountain = hexes(game, "E13")[0]
    assert s.model.mountain[mountain]
    race_city(s, mountain, lambda _: None)
    assert s.cities[mountain].cause == "race" and not s.cities[mountain].bonus
    race_city(s, mountain, lambda _: None)
    assert s.cities[mountain].keys == 2
    plain = hexes(game, "E12")[0]
    assert s.model.cost(plain, mountain) == 3  # still +2 for the mountain half


def test_config_defaults_match_the_notes() -> None:
    cfg = Config.from_options({})
    assert (cfg.starting_cash, cfg.race_prize_first, cfg.race_prize_second) == (20, 20, 10)
    assert (cfg.tc_prize_first, cfg.tc_prize_second) == (40, 20)
    assert (cfg.town_bonus_first, cfg.town_bonus_second) == (6, 3)
    assert cfg.max_foreign_hexes_per_owner == 10 and cfg.cash_build_max_links == 6
    assert cfg.wco_cost == 6 and (cfg.wco_first_round, cfg.wco_last_round) == (11, 15)


def test_seed_gm_cities_printed_option_places_every_city_before_round_1(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "GM Created Cities" and "Introduction" (this variant adds luck to an ordinary
    game, whose towns are printed on the map): option gm_cities=printed places all the GM's
    cities of a game before round 1, on the same hexes whatever the game's dice, and none at
    round ends; the default (during_play) draws them with the dice as the game goes on."""
    picks = {"Ann": "E29", "Bob": "G29"}
    printed = [started(title, strip_path, picks, seed, gm_cities="printed") for seed in (1, 2)]
    layouts = [{c.hex for c in g.state.cities.values() if c.cause == "gm"} for g in printed]
    assert layouts[0] == layouts[1]
    s = printed[0].state
    gm = [c for c in s.cities.values() if c.cause == "gm"]
    assert len(gm) == min(printed_city_count(s), len(s.model.us_land) - 2)
    assert all(c.round == 1 and not c.end_of_round for c in gm)
    default = [started(title, strip_path, picks, seed) for seed in (1, 2)]
    assert {c.hex for c in default[0].state.cities.values() if c.cause == "gm"} != {
        c.hex for c in default[1].state.cities.values() if c.cause == "gm"
    }
    game = printed[0]
    bots = {p: make_bot(title, "greedy", i) for i, p in enumerate(game.players)}
    play_out(game, bots)
    assert {c.hex for c in game.state.cities.values() if c.cause == "gm"} == layouts[0]


def test_printed_city_count_is_the_variants_whole_game(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "GM Created Cities": N before round 1 and 4 at the end of rounds 1-14, so the
    printed towns of gm_cities=printed number N + 56 (N + 4 x rounds for a shorter game)."""
    s = new_game(title, strip_path, ("Ann", "Bob", "Cy")).state
    assert printed_city_count(s) == 3 + 4 * 14
    short = new_game(title, strip_path, ("Ann", "Bob"), rounds=5).state
    assert printed_city_count(short) == 2 + 4 * 5
