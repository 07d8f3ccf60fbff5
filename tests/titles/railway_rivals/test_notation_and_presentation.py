"""Notation (parse_action/format_action), options listed by ``transcon rules``, the GM's
status post, the map drawing and simulate statistics."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from transcon.core.bots import make_bot, play_out
from transcon.core.errors import InputError
from transcon.core.game import Game
from transcon.core.registry import get_title
from transcon.titles.railway_rivals import RailwayRivalsUSA
from transcon.titles.railway_rivals.actions import Build, Done, Enter, StartPick, WestCoast
from transcon.titles.railway_rivals.config import OPTIONS, Config

from .conftest import new_game, started


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("start Q49", StartPick(player="Ann", hex="Q49")),
        ("build Q49 Q48 P48", Build(player="Ann", path=("Q49", "Q48", "P48"))),
        ("westcoast B3", WestCoast(player="Ann", hex="B3")),
        ("enter 7", Enter(player="Ann", race=7)),
        (
            "enter 7 Q49 Q48 P48:Bob P47",
            Enter(player="Ann", race=7, route=("Q49", "Q48", "P48", "P47"), owners=("", "Bob", "")),
        ),
        (
            "enter 3 with Bob A1 A2",
            Enter(player="Ann", race=3, route=("A1", "A2"), partner="Bob"),
        ),
        ("done", Done(player="Ann")),
    ],
)
def test_notation_round_trip(
    title: RailwayRivalsUSA, strip_path: str, text: str, action: object
) -> None:
    """Title.notation: every action has a text form that parses back to the same action."""
    game = new_game(title, strip_path)
    parsed = title.parse_action(text, game.state, "Ann")
    assert parsed == action
    assert title.format_action(parsed) == text
    assert title.parse_action(title.format_action(parsed), game.state, "Ann") == parsed


def test_a_rival_named_with_a_space_is_written_as_one_word(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Title.notation: a server's bot seat "Bot 1" owns track on a route; the text of the
    entry must still parse back (the word ``Bot_1``)."""
    game = new_game(title, strip_path, players=("Ann", "Bot 1"))
    action = Enter(
        player="Ann", race=7, route=("Q49", "Q48", "P48"), owners=("Bot 1", ""), partner="Bot 1"
    )
    text = title.format_action(action)
    assert text == "enter 7 with Bot_1 Q49 Q48:Bot_1 P48"
    assert title.parse_action(text, game.state, "Ann") == action


def test_notation_errors(title: RailwayRivalsUSA, strip_path: str) -> None:
    game = new_game(title, strip_path)
    for bad in ("build Q49", "enter x", "enter 2 Q49", "enter 2 Q49:Bob Q48"):
        with pytest.raises(InputError):
            title.parse_action(bad, game.state, "Ann")


def test_registered_and_options_listed_by_the_rules_command() -> None:
    """Every ambiguity of the notes is a named option listed by `transcon rules`."""
    assert isinstance(get_title("railway-rivals-usa"), RailwayRivalsUSA)
    exe = Path(sys.executable).with_name("transcon")
    out = subprocess.run(
        [str(exe), "rules", "railway-rivals-usa"], capture_output=True, text=True, check=True
    ).stdout
    for spec in OPTIONS:
        assert spec.name in out
        assert len(spec.choices) != 1 and (spec.min is None or spec.min != spec.max)
    for fixed in Config.RETIRED:
        assert f"{fixed}=" not in out
    assert len(OPTIONS) == 58 and len(Config.RETIRED) == 13


def test_saves_naming_a_fixed_rule_with_its_only_value_still_load(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Single-valued options became rules in code (e.g. the variant's one race die); saves
    from before list them with that value and load; any other value is refused."""
    old = {**Config.RETIRED, "map": strip_path}
    game = Game.new(title, ["Ann", "Bob"], old, seed=1)
    assert set(game.options) == {spec.name for spec in OPTIONS}
    with pytest.raises(InputError, match=r"option 'race_dice' is a fixed rule \(1\)"):
        Game.new(title, ["Ann", "Bob"], {"race_dice": 2, "map": strip_path}, seed=1)


def test_status_render_and_statistics(
    title: RailwayRivalsUSA, strip_path: str, tmp_path: Path
) -> None:
    """describe_status is the GM's post (dice, cities, races, results, payments, cash);
    render_png draws the map; game/aggregate statistics feed `transcon simulate`."""
    game = new_game(title, strip_path, ("Ann", "Bob", "Cy"), seed=2)
    bots = {p: make_bot(title, "greedy", i) for i, p in enumerate(game.players)}
    while game.state.round < 4:
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
    text = game.describe_status()
    assert "Building dice" in text and "New city" in text and "Cash:" in text
    assert "Race #" in text or "Races on offer" in text
    play_out(game, bots)
    text = game.describe_status()
    assert "Winner:" in text and "Game over" in text
    png = tmp_path / "rr.png"
    title.render_png(game.state, png)
    assert png.stat().st_size > 1000
    stats = title.game_statistics(game.state)
    agg = title.aggregate_statistics([stats, stats])
    assert set(agg["wins_by_seat"]) == {"Ann", "Bob", "Cy"}
    assert "tc_run_share" in agg and "cash_spread_mean" in agg


def test_cities_and_rivals_by_name_wherever_expected(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Issue 15 item 10 / item 20 (notation): a city in play may be written instead of its
    hex label (any case, an unambiguous prefix, a multi-word name with or without spaces),
    and rivals in routes and partners in any case; the action keeps the labels and exact
    names. Unknown and ambiguous names are refused naming the candidates."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "H29"})
    state = game.state
    e29, h29 = state.model.hex_index("E29"), state.model.hex_index("H29")
    state.cities[e29].name = "New York"
    state.cities[h29].name = "New Haven"
    parse = title.parse_action
    assert parse("build new york E28", state, "Ann") == Build(player="Ann", path=("E29", "E28"))
    assert parse("build NEW-YORK e28", state, "Ann") == Build(player="Ann", path=("E29", "E28"))
    assert parse("build newy E28", state, "Ann") == Build(player="Ann", path=("E29", "E28"))
    assert parse("enter 3 with bob new haven h28:ANN", state, "Ann") == Enter(
        player="Ann", race=3, route=("H29", "H28"), owners=("Ann",), partner="Bob"
    )
    assert parse("enter 3 erp b", state, "Ann") == Enter(player="Ann", race=3, exchange="Bob")
    assert parse("westcoast New Haven", state, "Ann") == WestCoast(player="Ann", hex="H29")
    with pytest.raises(InputError, match="ambiguous: New Haven, New York"):
        parse("build new E28", state, "Ann")
    with pytest.raises(InputError, match="no hex or city 'Boston'"):
        parse("build Boston E28", state, "Ann")
    with pytest.raises(InputError, match="no rival 'Cy'"):
        parse("enter 3 with Cy", state, "Ann")


@pytest.mark.parametrize("verb", ["start", "westcoast"])
def test_start_and_westcoast_alone_print_their_usage(
    title: RailwayRivalsUSA, strip_path: str, verb: str
) -> None:
    """Issue 15 item 20: `start` alone says how to write it, not "hex: Field required"."""
    game = new_game(title, strip_path)
    with pytest.raises(InputError, match=f"usage: {verb} HEX"):
        title.parse_action(verb, game.state, "Ann")
