"""`legal` and `?` in `play`: duplicates removed, many actions grouped with counts and
examples, `legal --all` for every one (issue 15 item 15)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from transcon.cli.legal_view import FULL_LIST_MAX, distinct, player_lines, prompt_help
from transcon.cli.main import app
from transcon.core.game import Game
from transcon.core.legal import group_actions
from transcon.core.registry import get_title


def run(*args: str | Path, input: str | None = None) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], input=input)


def _started(tmp_path: Path) -> Path:
    path = tmp_path / "rotw.json"
    assert run("new", "rotw-east-west", "-p", "Ann,Bob", "-o", "map=rotw-mini", "--save",
               path).exit_code == 0  # fmt: skip
    for player in ("Ann", "Bob"):
        first = run("legal", path, "--as", player).stdout.splitlines()[0]
        assert run("act", path, first.split(": ", 1)[1], "--player", player).exit_code == 0
    return path


def test_legal_groups_many_actions_and_lists_all_on_request(tmp_path: Path) -> None:
    path = _started(tmp_path)
    every = run("legal", path, "--all", "--as", "gm").stdout.splitlines()
    assert len(every) > FULL_LIST_MAX and len(set(every)) == len(every)
    summary = run("legal", path, "--as", "gm").stdout.splitlines()
    assert summary[0].endswith(
        f": {len(every)} legal actions in 6 groups (`legal --all` lists all):"
    )
    assert "  pass" in summary and "  bond" in summary
    build = next(line for line in summary if line.startswith("  build"))
    assert "more" in build and "transcon path" in build
    data = json.loads(run("legal", path, "--json", "--as", "gm").stdout)
    assert len(data["actions"]) == len(every)


def test_duplicates_are_listed_once() -> None:
    title = get_title("rotw-east-west")
    game = Game.new(title, ["Ann", "Bob"], {"map": "rotw-mini"}, 1)
    actions = game.legal_actions("Ann")
    doubled = actions + actions
    assert len(distinct(game, doubled)) == len(actions)
    once, twice = (group_actions(each, game.format) for each in (actions, doubled))
    assert player_lines("Ann", twice) == player_lines("Ann", once)
    assert prompt_help("Ann", twice) == ["Legal: " + "; ".join(game.format(a) for a in actions)]


def test_play_question_mark_is_summarised(tmp_path: Path) -> None:
    out = run("play", "rotw-east-west", "-o", "map=rotw-mini", "--bots", "1", "--seed", "2",
              input="?\nquit\n").stdout  # fmt: skip
    assert "Legal: baron EB" in out


def test_status_starts_with_what_happened_since_the_viewer_acted(tmp_path: Path) -> None:
    path = _started(tmp_path)
    out = run("status", path, "--as", "Ann").stdout
    assert "Since Ann's last action:" in out and "Bob keeps an Eastern baron" in out
    assert "Game turn 1 (eastern phase)" in out
    full = run("status", path, "--as", "Ann", "--full").stdout
    assert len(full.splitlines()) > len(out.splitlines())
