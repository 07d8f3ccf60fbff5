"""The status drawing (issue 15 item 20): a legend of the rivals' colours, city names with
their labels that never overlap, and a crop around a hex or to a region; `simulate` shows
progress."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.core.errors import InputError
from transcon.core.savefile import save_game
from transcon.core.title import MapView
from transcon.titles.railway_rivals import RailwayRivalsUSA
from transcon.titles.railway_rivals.presentation import overlay, view_hexes

from .conftest import hexes, started
from .test_building import clean, link


def test_drawing_has_a_legend_and_names_that_do_not_overlap(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    game = started(title, strip_path, {"Ann": "E29", "Bob": "F29", "Cy": "G29"})
    s = game.state
    link(game, "Ann", "E29", "E28")
    drawn = overlay(s, size=14.0, font=0.7)
    assert [entry.text.split(":")[0] for entry in drawn.legend] == ["Ann", "Bob", "Cy"]
    assert len({entry.colour for entry in drawn.legend}) == 3
    named = [m for m in drawn.markers if m.text]
    model = s.model
    assert all(model.labels[model.index[m.hex]] in m.text.split() for m in named)
    # three start cities in neighbouring hexes: names go below, above or are left out
    hidden = len(drawn.markers) - len(named)
    assert (hidden == 0) == ("left out" not in drawn.caption)
    assert len(drawn.markers) == len(s.cities)


def test_view_around_a_hex_or_in_a_region(title: RailwayRivalsUSA, strip_path: str) -> None:
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    s = clean(game)
    centre = hexes(game, "E20")[0]
    around = view_hexes(s, MapView(around="e20", radius=2))
    assert centre in around and len(around) == 19
    assert set(view_hexes(s, MapView(region="east_coast"))) == set(s.model.east_coast)
    east = view_hexes(s, MapView(region="EAST"))
    assert hexes(game, "E29")[0] in east and hexes(game, "E5")[0] not in east
    assert view_hexes(s, MapView(region="northw"))  # a prefix
    with pytest.raises(InputError, match="ambiguous"):
        view_hexes(s, MapView(region="north"[:1]))


def test_cli_status_png_crop_and_simulate_progress(
    title: RailwayRivalsUSA, strip_path: str, tmp_path: Path
) -> None:
    game = started(title, strip_path, {"Ann": "E29", "Bob": "G29"})
    save = tmp_path / "g.json"
    save_game(game, save)
    runner = CliRunner()
    png = tmp_path / "part.png"
    out = runner.invoke(app, ["status", str(save), "--png", str(png), "--around", "E29"])
    assert out.exit_code == 0, out.output
    assert png.stat().st_size > 1000
    out = runner.invoke(app, ["status", str(save), "--around", "E29"])
    assert out.exit_code == 2 and "give --png FILE too" in out.stderr
    out = runner.invoke(
        app,
        ["simulate", "railway-rivals-usa", "-n", "2", "-p", "2", "--bots", "greedy",
         "-o", f"map={strip_path}", "--progress"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "game 1/2 (seed 0) done" in out.stderr and "game 2/2 (seed 1) done" in out.stderr
