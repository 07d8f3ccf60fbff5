"""`transcon path GAME FROM TO`: the generic command over the Title.cheapest_path hook, and
`play` seating a title's strongest bot (issue 15 items 11 and 15)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from transcon.cli import game_cmds
from transcon.cli.main import app

TOY_DIR = Path(__file__).resolve().parents[1] / "core"


@pytest.fixture(autouse=True)
def toy_title(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(TOY_DIR))
    monkeypatch.setenv("TRANSCON_EXTRA_TITLES", "pig=toy_title:ToyTitle")


def run(*args: str | Path, input: str | None = None) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], input=input)


def ok(*args: str | Path) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def error(*args: str | Path) -> str:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1
    return result.stderr.strip()


def query(*args: str | Path) -> Any:
    return json.loads(ok(*args, "--json"))


@pytest.fixture
def rotw_game(tmp_path: Path) -> Path:
    path = tmp_path / "rotw.json"
    ok("new", "rotw-east-west", "-p", "Ann,Bob", "-o", "map=rotw-mini", "--save", path)
    return path


def test_path_prices_the_cheapest_track_for_the_player(rotw_game: Path) -> None:
    # all players choose barons at once: say who
    assert "say which with --player" in error("path", rotw_game, "Chicago", "Omaha")
    data = query("path", rotw_game, "chicago", "B9", "--player", "Ann")
    assert data["found"] and data["player"] == "Ann"
    assert (data["start"], data["end"], data["hexes"][0], data["hexes"][-1]) == (
        "Chicago", "Omaha", "B12", "B9")  # fmt: skip
    assert data["cost_text"] == f"${data['cost']}k"
    assert data["actions"] == ["build " + " ".join(data["hexes"])]
    text = ok("path", rotw_game, "Chicago", "Omaha", "--player", "Bob")
    assert "Cheapest path for Bob from Chicago to Omaha" in text and "build B12" in text
    assert "Chicago (B12) - Omaha (B9)" in text


def test_path_errors_are_one_line(rotw_game: Path, tmp_path: Path) -> None:
    assert "'Zed' is not playing" in error("path", rotw_game, "Chicago", "Omaha", "--player", "Zed")
    assert "no city 'Atlantis'" in error("path", rotw_game, "Atlantis", "Omaha", "--player", "Ann")
    pig = tmp_path / "pig.json"
    ok("new", "pig", "-p", "Ann", "--save", pig)
    assert "has no buildable paths" in error("path", pig, "A", "B")


def test_play_seats_the_strongest_bot_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15 item 15: `play` without --bot seats the title's strongest bot."""
    assert query("rules", "pig")["strongest_bot"] == "cautious"
    assert query("rules", "rotw-east-west")["strongest_bot"] == "greedy"
    assert "(strongest: cautious)" in ok("rules", "pig")
    seated: list[str] = []
    real = game_cmds.make_bot

    def spy(title: Any, kind: str, seed: int) -> Any:
        seated.append(kind)
        return real(title, kind, seed)

    monkeypatch.setattr(game_cmds, "make_bot", spy)
    run("play", "pig", "--bots", "1", input="quit\n")
    run("play", "pig", "--bots", "1", "--bot", "random", input="quit\n")
    assert seated == ["cautious", "random"]
