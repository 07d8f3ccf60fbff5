"""What a player asks the GM while planning (issue 15 items 11 and 20): the cheapest path to
build (`transcon path`, Title.cheapest_path) and a hex's neighbours, terrain and link costs
(`transcon hex`, Title.describe_hex)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from transcon.cli.legal_view import player_lines
from transcon.cli.main import app
from transcon.core.errors import IllegalAction, InputError
from transcon.core.game import Game
from transcon.core.savefile import save_game
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState
from transcon.titles.railway_rivals.actions import Build, Enter, WestCoast
from transcon.titles.railway_rivals.building import RULE_PATH

from .conftest import finish, hexes, new_game, started
from .test_building import clean, link
from .test_routes_and_races import scenario


def test_path_is_priced_as_building_it_costs(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Seed terrain table / base 2.3: own track is free, every other link costs its
    construction plus the fees due now; ordering the quoted builds spends exactly that."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game, (30, 30, 30))
    link(game, "Ann", "E29", "E28", "E27")
    link(game, "Bob", *[f"{row}24" for row in "BCDEFGHI"])  # a wall of Bob's track
    free = title.cheapest_path(s, "Ann", "e29", "E27")
    assert free is not None and free.cost == 0 and free.actions == ()
    quote = title.cheapest_path(s, "Ann", "E29", "E20")
    assert quote is not None
    assert quote.hexes[:3] == ("E29", "E28", "E27") and quote.hexes[-1] == "E20"
    assert "to Bob" in quote.cost_text  # crossing the wall pays Bob
    cash = dict(s.cash)
    for text in quote.actions:
        game.apply(title.parse_action(text, s, "Ann"))
    spent = s.spent["Ann"]
    finish(game)
    fees = cash["Ann"] - s.cash["Ann"]
    assert (spent, fees) == (quote.cost - fees, s.cash["Bob"] - cash["Bob"])
    assert quote.cost_text.startswith(f"{spent} points of construction + {fees} cash")


def test_path_doubles_on_an_unjoined_west_coast_network(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "West Coast Operations": links built from the West Coast city cost double until
    the rival's own track joins the networks; a start off the network says so."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    s.round = 11
    game.apply(WestCoast(player="Ann", hex="E2"))
    quote = title.cheapest_path(s, "Ann", "E2", "E5")
    assert quote is not None and quote.cost == 6 and quote.actions == ("build E2 E3 E4 E5",)
    away = title.cheapest_path(s, "Ann", "E10", "E12")
    assert away is not None and away.cost == 2 and away.actions == ()
    assert any("not on your network" in note for note in away.notes)


def test_hex_shows_neighbours_terrain_and_link_costs(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed terrain table: each neighbour with the link's cost (mountain ends, river sides),
    track on it and the fees a rival would pay; water and foreign hexes cannot be built."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    link(game, "Bob", "G29", "F28", "E28")
    text = title.describe_hex(s, "Ann", "e29")
    assert text.startswith("E29: plain, East Coast, city ")
    assert "E28    plain; link 1; fees 1 to Bob" in text
    assert "E30    water, atlantic; cannot build" in text
    assert "link 3 across a river" in title.describe_hex(s, None, "E18")
    assert "mountain" in title.describe_hex(s, None, "E13")
    with pytest.raises(InputError):
        title.describe_hex(s, None, "Atlantis")
    with pytest.raises(IllegalAction, match=r"E29's neighbours: F28 E28 D28") as err:
        game.apply(Build(player="Ann", path=("E29", "E27")))
    assert err.value.rule == RULE_PATH


def test_cli_path_and_hex(title: RailwayRivalsUSA, strip_path: str, tmp_path: Path) -> None:
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    save = tmp_path / "g.json"
    save_game(game, save)
    runner = CliRunner()
    out = runner.invoke(app, ["path", str(save), "E29", "E25", "--player", "Ann", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["found"] and data["hexes"][0] == "E29" and data["actions"]
    out = runner.invoke(app, ["hex", str(save), "E29", "--player", "Ann"])
    assert out.exit_code == 0 and "neighbours" in out.stdout
    out = runner.invoke(app, ["legal", str(save), "--as", "Ann"])
    assert out.exit_code == 0 and "Ann: build E29 E28  # cost 1 point, no fees" in out.stdout
    out = runner.invoke(app, ["legal", str(save), "--as", "Ann", "--all"])
    assert out.exit_code == 0 and "#" not in out.stdout
    out = runner.invoke(app, ["hex", str(save), "Q99"])
    assert out.exit_code == 2 and "no hex 'Q99'" in out.stderr


def test_several_players_may_act_names_the_player_option(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Issue 15 item 20: simultaneous orders; the error says how to name the acting rival."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    with pytest.raises(InputError, match="say which player acts with --player"):
        game.act("done")


def test_seed_west_coast_operations_refused_during_start_picks_cites_the_rounds(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "West Coast Operations" (rounds 11-15, before building): during the start picks
    the refusal names the rounds, not only "at the start of a round's builds"."""
    game = new_game(title, strip_path)
    with pytest.raises(IllegalAction, match=r"only in rounds 11-15, at the start of the builds"):
        game.apply(WestCoast(player="Ann", hex="E2"))


def test_status_shows_allowance_left_race_labels_and_tc_ends(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Seed "Die Rolling Scheme" / "Building" / "Special Transcontinental Race" (issue 15
    items 11, 20): the status shows each rival's die points left in the segment (sealed: a
    rival sees its own), links and cash left when building for cash, races with their cities'
    labels, and where the Transcontinental race may start and finish."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game, (5, 4, 3))
    game.apply(Build(player="Ann", path=("E29", "E28")))
    gm = title.describe_status_for(s, None)
    assert "  Ann: 4 points left in this segment" in gm
    assert "  Bob: 5 points left in this segment" in gm
    ann = title.describe_status_for(s, "Ann")
    assert "Ann: 4 points left" in ann and "Bob: 5 points" not in ann
    e29, g29 = (s.cities[h].name for h in hexes(game, "E29", "G29"))
    assert f"may start at an East Coast city: {e29} (E29), {g29} (G29)" in gm
    assert "finish at a West Coast city: none yet" in gm
    s.cash_mode = True
    s.spent = {"Ann": 2}
    assert "  Ann: 4 links left, cash 20" in title.describe_status_for(s, "Ann")
    race = scenario(title, strip_path)
    text = title.describe_status_for(race.state, None)
    assert f"-- {race.state.cities[hexes(race, 'E25')[0]].name} (E29 -- E25)" in text


def _pasted(title: RailwayRivalsUSA, game: Game[RRState], player: str) -> list[str]:
    """The action lines of `legal` text, pasted back (without the `Ann: ` prefix)."""
    lines = player_lines(player, title.legal_groups(game.state, player))
    texts = [line.split(": ", 1)[1] for line in lines if not line.startswith("#")]
    return [title.format_action(title.parse_action(t, game.state, player)) for t in texts]


def test_legal_text_prices_builds_and_pastes_back(title: RailwayRivalsUSA, strip_path: str) -> None:
    """Issue 15 item 20: `legal` lists each build with its construction cost and fees
    (seed terrain table, base 2.3), under the points left; every line pastes back into `act`
    (the `# note` is ignored) and means exactly the listed legal actions."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game, (5, 4, 3))
    link(game, "Bob", "G29", "F28")
    lines = player_lines("Ann", title.legal_groups(s, "Ann"))
    assert lines[:2] == ["# Building segment 1 of 3: die 5", "# Ann: 5 points left in this segment"]
    assert "Ann: build E29 F28  # cost 1 point, fees 1 (1 to Bob)" in lines
    legal = [title.format_action(a) for a in title.legal_actions(s, "Ann")]
    assert sorted(_pasted(title, game, "Ann")) == sorted(legal)


def test_legal_text_entries_with_length_and_fees_no_partner_lists(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Issue 15 item 20 / base 3.3, 3.6: race entries with their length and fees; joint runs
    are not listed with every partner (one line says how to write them)."""
    game = scenario(title, strip_path)
    lines = player_lines("Ann", title.legal_groups(game.state, "Ann"))
    assert "Ann: enter 1  # the GM's route: length 4, 5 hexes, fees 3 (3 to Bob)" in lines
    assert "Ann: enter 1 E29 E28 F27 F26 F25 E25  # length 5, 6 hexes, no fees" in lines
    assert sum(" with " in line for line in lines) == 1
    assert any(line.startswith("# joint run: enter N with RIVAL ROUTE") for line in lines)
    legal = title.legal_actions(game.state, "Ann")
    alone = [title.format_action(a) for a in legal if not isinstance(a, Enter) or not a.partner]
    assert sorted(_pasted(title, game, "Ann")) == sorted(alone)
