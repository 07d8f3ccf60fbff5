"""Sealed orders (notes §8 "secretly and simultaneously", seed "Races": entries are given to
the GM): a rival's starting pick, build orders and race entries are visible only to that
rival and the game master until they are carried out; then everybody sees them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.core.game import Game
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState
from transcon.titles.railway_rivals.actions import Build, Enter, StartPick

from .conftest import finish, new_game, started
from .test_building import clean
from .test_routes_and_races import scenario

ROUTE = ("E29", "E28", "E27", "E26", "E25")


def texts(game: Game[RRState], viewer: str | None) -> list[str]:
    return [e.text for e in game.events_for(len(game.log) - 1, viewer)]


def test_notes_8_starting_picks_are_sealed_until_all_have_picked(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    game = new_game(title, strip_path)
    game.apply(StartPick(player="Ann", hex="E29"))
    assert game.view("Bob")["picks"] == {"Ann": "sealed"}
    assert game.view("Ann")["picks"] == {"Ann": "E29"} == game.view(None)["picks"]
    assert game.format_for(game.log[0], "Bob") == "start (sealed pick)"
    assert game.format_for(game.log[0], "Ann") == "start E29"
    assert texts(game, "Bob") == ["Ann has picked a starting hex"]
    assert "E29" in texts(game, "Ann")[0] and "E29" in texts(game, None)[0]
    game.apply(StartPick(player="Bob", hex="G29"))  # the game begins: the picks are revealed
    assert game.format_for(game.log[0], "Bob") == "start E29"
    assert game.view("Bob")["starts"] == {"Ann": "E29", "Bob": "G29"}


def test_seed_races_entries_are_sealed_until_the_races_are_run(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    game = scenario(title, strip_path)
    game.apply(Enter(player="Ann", race=1, route=ROUTE))
    entry = len(game.log) - 1
    for viewer in ("Bob", "Cy"):
        assert game.view(viewer)["entries"] == []
        assert game.format_for(game.log[entry], viewer) == "enter (sealed entry)"
        assert texts(game, viewer) == ["Ann hands in a race entry"]
        status = game.status_for(viewer)
        assert "E26" not in status and "Ann: #1" not in status
    assert [e["route"] for e in game.view("Ann")["entries"]] == [list(ROUTE)]
    assert len(game.view(None)["entries"]) == 1
    assert "Ann: #1 E29 E28 E27 E26 E25" in game.status_for("Ann")
    assert "Ann: #1 E29 E28 E27 E26 E25" in game.status_for(None)
    assert "E26" in texts(game, "Ann")[0] and "E26" in texts(game, None)[0]
    finish(game)  # the races are run and posted
    assert game.format_for(game.log[entry], "Bob") == "enter 1 E29 E28 E27 E26 E25"
    assert game.view("Bob")["results"][-1]["trains"][0]["route"] == list(ROUTE)


def test_build_orders_are_sealed_until_the_segment_is_resolved(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    clean(game)
    game.apply(Build(player="Ann", path=("E29", "E28", "E27")))
    order = len(game.log) - 1
    bob = game.view("Bob")
    assert bob["pending"] == {} and bob["spent"] == {}
    assert game.view("Ann")["pending"] == {"Ann": ["E29-E28", "E28-E27"]}
    assert game.format_for(game.log[order], "Bob") == "build (sealed order)"
    assert texts(game, "Bob") == ["Ann hands in a build order"]
    assert "E28-E27" not in game.status_for("Bob") and "E28-E27" in game.status_for("Ann")
    finish(game)
    assert game.format_for(game.log[order], "Bob") == "build E29 E28 E27"
    assert sorted(game.view("Bob")["track"]["Ann"]) == ["E27-E28", "E28-E29"]


def test_cash_building_payments_are_sealed_too(title: RailwayRivalsUSA, strip_path: str) -> None:
    """After the Transcontinental race construction is paid when ordered; the rivals see
    the payment (cash and ledger) only when the builds are announced."""
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    s.cash_mode = True
    game.apply(Build(player="Ann", path=("E29", "E28", "E27", "E26")))
    assert s.cash["Ann"] == 17 and game.view(None)["cash"]["Ann"] == 17
    assert game.view("Ann")["cash"]["Ann"] == 17
    bob = game.view("Bob")
    assert bob["cash"]["Ann"] == 20
    assert not any(row[4] == "construction" for row in bob["ledger"])
    assert "Ann" in game.status_for("Bob") and " 17 " not in game.status_for("Bob")
    finish(game)
    assert game.view("Bob")["cash"]["Ann"] == s.cash["Ann"]


def test_cli_status_and_log_as_another_rival(title: RailwayRivalsUSA, tmp_path: Path) -> None:
    """``transcon status/log GAME --as RIVAL`` show the sealed readings."""
    del title
    path = tmp_path / "rr.json"
    runner = CliRunner()

    def ok(*args: str | Path) -> str:
        result = runner.invoke(app, [str(a) for a in args])
        assert result.exit_code == 0, result.output
        return result.stdout

    ok("new", "railway-rivals-usa", "--players", "Ann,Bob", "--seed", "3", "--save", path)
    picks = json.loads(ok("legal", path, "--as", "Ann", "--json"))
    first = picks[0] if isinstance(picks, list) else picks["actions"][0]
    hex_label = (first["text"] if isinstance(first, dict) else first).split()[-1]
    ok("act", path, f"start {hex_label}", "--player", "Ann")
    bob_log = ok("log", path, "--as", "Bob")
    assert "start (sealed pick)" in bob_log and hex_label not in bob_log
    assert hex_label in ok("log", path, "--as", "Ann") and hex_label in ok(
        "log", path, "--as", "gm"
    )
    assert hex_label not in ok("log", path)  # the public view, the default
    bob = json.loads(ok("status", path, "--as", "Bob", "--json"))
    assert bob["state"]["picks"] == {"Ann": "sealed"}
    ann = json.loads(ok("status", path, "--as", "Ann", "--json"))
    assert ann["state"]["picks"] == {"Ann": hex_label}


def test_png_caption_and_legal_use_the_viewers_view(
    title: RailwayRivalsUSA, strip_path: str, tmp_path: Path
) -> None:
    """Issue 16 items 3-4: `status --as Bob --png` draws Bob's view (Ann's sealed cash build
    not yet deducted) and `legal --as Bob` lists only Bob's own orders."""
    from transcon.titles.railway_rivals.presentation import overlay

    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    s.cash_mode = True
    game.apply(Build(player="Ann", path=("E29", "E28", "E27", "E26")))
    assert "Ann 20" in overlay(s, "Bob").caption
    assert "Ann 17" in overlay(s, "Ann").caption and "Ann 17" in overlay(s, None).caption
    game.render_png(tmp_path / "bob.png", "Bob")
    assert (tmp_path / "bob.png").stat().st_size > 1000
    assert {a.player for a in game.legal_actions_for("Bob")} == {"Bob"}
    assert game.legal_actions_for("") == []  # the public view: no rival's secret options
    assert {a.player for a in game.legal_actions_for(None)} >= {"Ann", "Bob"}
