"""The experiment design: common random numbers in the luck grid, paired settings, stable keys."""

from __future__ import annotations

from transcon.analysis.design import RR_ORDINARY, Sizes, design, settings_from
from transcon.titles.railway_rivals.config import Config


def test_the_luck_grid_shares_dice_by_row_and_decisions_by_column() -> None:
    specs = design("rotw-east-west", {"default": {}}, Sizes(0, 0, 3, 2, ()))
    luck = {(s.dice, s.decisions): s for s in specs if s.experiment == "luck"}
    assert len(luck) == 6
    assert luck[0, 0].seed == luck[0, 1].seed != luck[1, 0].seed
    assert luck[0, 0].bot_seeds == luck[1, 0].bot_seeds != luck[0, 1].bot_seeds
    assert len(set(luck[0, 0].bot_seeds)) == 4  # every seat its own decision stream
    assert {s.bots for s in luck.values()} == {("greedy~0.1",) * 4}


def test_settings_play_the_same_seeds_and_bigger_runs_extend_smaller_ones() -> None:
    settings = settings_from("railway-rivals-usa", {}, [])
    assert settings == {"variant": {}, "ordinary": RR_ORDINARY}
    small = design("railway-rivals-usa", settings, Sizes(2, 2, 2, 2, (0.2,)))
    big = design("railway-rivals-usa", settings, Sizes(3, 4, 3, 3, (0.2, 0.5)))
    assert {s.key: s for s in small}.items() <= {s.key: s for s in big}.items()
    variant = [(s.seed, s.bot_seeds, s.bots) for s in small if s.setting == "variant"]
    ordinary = [(s.seed, s.bot_seeds, s.bots) for s in small if s.setting == "ordinary"]
    assert variant == ordinary


def test_the_strong_bot_rotates_through_the_seats_in_skill_games() -> None:
    specs = design("1870", {"default": {}}, Sizes(0, 4, 0, 0, ()), players=4)
    assert [s.bots.index("builder") for s in specs] == [0, 1, 2, 3]
    assert all(s.bots.count("random") == 3 for s in specs)


def test_vary_makes_every_combination() -> None:
    vary = [("a", [1, 2]), ("b", [True, False])]
    settings = settings_from("rotw-east-west", {"c": 3}, vary)
    assert settings["a=1,b=True"] == {"c": 3, "a": 1, "b": True}
    assert len(settings) == 4


def test_ordinary_railway_rivals_switches_off_the_variants_cities() -> None:
    """Issue 19 item 3: the "ordinary" setting turns off what the variant adds where our
    options allow: the game-master's random cities (seed "GM Created Cities": printed towns
    instead) and the cities from double 1s (seed "Cities Created During the Races"), besides
    the dice scheme and the race rules; every name and value is a real option of the title."""
    assert RR_ORDINARY["gm_cities"] == "printed"
    assert RR_ORDINARY["double_one_cities"] is False
    cfg = Config.from_options(dict(RR_ORDINARY))  # type: ignore[arg-type]
    assert cfg.gm_cities == "printed" and not cfg.double_one_cities
