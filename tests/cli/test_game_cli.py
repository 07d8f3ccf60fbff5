"""The generic game commands, driven with the toy Pig title from tests/core.

The title is made available the way an out-of-tree title would be: through the
``TRANSCON_EXTRA_TITLES`` environment variable plus the import path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from transcon.cli.main import app

TOY_DIR = Path(__file__).resolve().parents[1] / "core"
TOY_ENV = "pig=toy_title:ToyTitle,secret-pig=toy_title:SecretPig"


@pytest.fixture(autouse=True)
def toy_title(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(TOY_DIR))
    monkeypatch.setenv("TRANSCON_EXTRA_TITLES", TOY_ENV)


def run(*args: str | Path, input: str | None = None) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], input=input)


def ok(*args: str | Path, input: str | None = None) -> str:
    result = run(*args, input=input)
    assert result.exit_code == 0, result.output
    return result.stdout


def fails(*args: str | Path, code: int = 2) -> str:
    result = run(*args)
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # one-line error
    return lines[0]


def query(*args: str | Path) -> Any:
    return json.loads(ok(*args, "--json"))


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    ok("new", "pig", "--players", "Ann,Bob", "--seed", "3", "-o", "target=10", "--save", path)
    return path


def test_new_saves_a_game(game_file: Path) -> None:
    data = json.loads(game_file.read_text())
    assert data["title"] == "pig"
    assert data["players"] == ["Ann", "Bob"]
    assert data["options"] == {"target": 10, "die": "d6", "must_roll": True}
    assert data["seed"] == 3
    info = query("status", game_file)
    assert info["current_players"] == ["Ann"]
    assert info["state"]["target"] == 10


def test_new_refuses_to_overwrite_and_checks_input(game_file: Path) -> None:
    assert fails("new", "pig", "-p", "Ann", "--save", game_file) == (
        f"error: {game_file}: file exists (pass --force to overwrite)"
    )
    ok("new", "pig", "-p", "Cy", "--save", game_file, "--force")
    assert json.loads(game_file.read_text())["players"] == ["Cy"]
    assert fails("new", "chess", "-p", "Ann").startswith("error: unknown title 'chess'")
    assert fails("new", "pig", "-p", "Ann", "-o", "target=x") == (
        "error: option 'target' must be an integer, got 'x'"
    )
    assert fails("new", "pig", "-p", "Ann", "-o", "speed=3").startswith(
        "error: unknown option 'speed' for pig"
    )
    assert query("new", "pig", "-p", "Ann,Bob")["file"] is None


def test_act_applies_and_saves(game_file: Path) -> None:
    out = ok("act", game_file, "roll")
    assert out.startswith("Ann: roll\n  Ann rolls 5 (turn total 5)\n")
    data = query("act", game_file, "r", "--player", "Ann")
    assert data["number"] == 2
    assert data["events"] == ["Ann rolls 5 (turn total 10)"]
    assert len(json.loads(game_file.read_text())["actions"]) == 2
    assert ok("act", game_file, "hold").endswith("Game over; winner: Ann.\n")


def test_player_names_are_matched_in_any_case(game_file: Path) -> None:
    # --player and --as accept a seat's name in any case and act as that seat (issue 15)
    assert ok("act", game_file, "roll", "--player", "ann").startswith("Ann: roll\n")
    assert ok("legal", game_file, "--player", "ANN") == "Ann: roll\nAnn: hold\n"
    assert "Ann to act" in ok("status", game_file, "--as", "aNN")
    assert fails("act", game_file, "roll", "--player", "bob") == (
        "error: illegal action (turn order): Bob may not act now (waiting for Ann)"
    )


def test_illegal_action_leaves_the_file_untouched(game_file: Path) -> None:
    before = game_file.read_bytes()
    assert fails("act", game_file, "hold") == (
        "error: illegal action (Pig 2: roll before holding): Ann has not rolled this turn"
    )
    assert fails("act", game_file, "roll", "--player", "Bob") == (
        "error: illegal action (turn order): Bob may not act now (waiting for Ann)"
    )
    assert fails("act", game_file, "fly") == "error: unknown action 'fly' (actions: roll, hold)"
    assert game_file.read_bytes() == before


def test_status_legal_log_undo(game_file: Path) -> None:
    ok("act", game_file, "roll")
    ok("act", game_file, "roll")
    assert "Ann to act, turn total 10" in ok("status", game_file)
    legal = query("legal", game_file)
    assert [a["text"] for a in legal["actions"]] == ["roll", "hold"]
    assert ok("legal", game_file) == "Ann: roll\nAnn: hold\n"
    assert ok("log", game_file) == (
        "1. Ann: roll\n     Ann rolls 5 (turn total 5)\n"
        "2. Ann: roll\n     Ann rolls 5 (turn total 10)\n"
    )
    assert query("log", game_file)[1]["json"] == {"type": "roll", "player": "Ann"}
    assert ok("undo", game_file).startswith("Undid 1 action(s): Ann: roll")
    assert query("undo", game_file, "-n", "1")["actions"] == 0
    assert fails("undo", game_file) == "error: cannot undo 1 actions: the log has 0"


def test_hidden_information_is_shown_only_to_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "secret.json"
    ok("new", "secret-pig", "--players", "Ann,Bob", "--seed", "3", "--save", path)
    ok("act", path, "roll")
    assert "Ann rolls 5" in ok("log", path, "--as", "gm")  # the game master sees everything
    assert "Ann rolls 5" not in ok("log", path)  # the default is the public view
    assert "Ann rolls 5" in ok("log", path, "--as", "Ann")
    bob_log = ok("log", path, "--as", "Bob")
    assert "Ann rolls\n" in bob_log and "5" not in bob_log
    assert query("log", path, "--as", "Bob")[0]["events"] == ["Ann rolls"]
    assert "json" not in query("log", path, "--as", "Bob")[0]
    assert query("status", path, "--as", "Bob")["state"]["turn_total"] is None
    assert query("status", path, "--as", "Ann")["state"]["turn_total"] == 5
    assert "turn total hidden" in ok("status", path, "--as", "Bob")
    assert fails("status", path, "--as", "Cy") == ("error: 'Cy' is not playing (players: Ann, Bob)")


def test_status_png_hook(game_file: Path, tmp_path: Path) -> None:
    assert fails("status", game_file, "--png", tmp_path / "x.png") == (
        "error: Pig (test dice race) cannot draw the game state"
    )


def test_bad_save_files(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "transcon-game", "version": 999}')
    assert fails("status", path) == (
        f"error: {path}: save format version 999 is newer than this transcon supports (2); "
        "upgrade transcon"
    )
    assert fails("status", tmp_path / "missing.json").endswith("No such file or directory")


def test_replay_verify(game_file: Path) -> None:
    ok("act", game_file, "roll")
    verified = ok("replay", game_file, "--verify")
    assert verified.startswith(f"{game_file}: 1 actions replayed; state identical (")
    assert verified.endswith(" bytes) and matches the saved checksum.\n")
    assert query("replay", game_file, "--verify")["ok"] is True
    assert "Replayed 1 actions." in ok("replay", game_file)
    data = json.loads(game_file.read_text())
    data["options"]["target"] = 11  # replays fine, but to a different state
    game_file.write_text(json.dumps(data))
    result = run("replay", game_file, "--verify")
    assert result.exit_code == 1
    assert "replay differs: state differs from the one saved (sha256:" in result.stdout
    assert query_exit(("replay", game_file, "--verify", "--json"), 1)["ok"] is False


def query_exit(args: tuple[str | Path, ...], code: int) -> Any:
    result = run(*args)
    assert result.exit_code == code
    return json.loads(result.stdout)


def test_play_against_a_bot(tmp_path: Path) -> None:
    save = tmp_path / "played.json"
    out = ok(
        "play", "pig", "--bots", "1", "--bot", "cautious", "--seed", "2", "--save", save,
        input="?\nhold\nstatus\nr\nundo\nquit\n",
    )  # fmt: skip
    assert "Legal: roll" in out
    assert "error: illegal action (Pig 2: roll before holding)" in out
    assert "You: roll" in out
    assert json.loads(save.read_text())["actions"] == []  # the undo took the roll back
    finished = ok("play", "pig", "-p", "Me", "--bots", "0", "-o", "target=5", input="r\nh\n" * 20)
    assert "Me won" in finished


def test_simulate(tmp_path: Path) -> None:
    data = query("simulate", "pig", "--games", "12", "--players", "3", "--seed", "5")
    assert (data["games"], data["completed"], data["errors"]) == (12, 12, 0)
    assert "results" not in data
    per_game = query("simulate", "pig", "-n", "2", "-p", "Ann,Bob", "--bots", "random,cautious",
                     "--per-game")  # fmt: skip
    assert per_game["bots"] == ["random", "cautious"]
    assert len(per_game["results"]) == 2
    assert ok("simulate", "pig", "-n", "3").startswith("3 games of pig: 3 completed")
    assert fails("simulate", "pig", "--bots", "smart").startswith("error: unknown bot 'smart'")


def test_rules_and_titles() -> None:
    rules = query("rules", "pig")
    assert rules["options"][0] == {
        "name": "target",
        "kind": "int",
        "default": 20,
        "min": 5,
        "max": 200,
        "doc": "Score needed to win.",
    }
    assert rules["bots"] == ["random", "cautious"]
    assert "target=20 (int [5..200]) Score needed to win." in ok("rules", "pig")
    assert rules["options"][2]["rule"] == "Pig 2"
    assert "must_roll=True (bool) A turn must start with a roll. [Pig 2]" in ok("rules", "pig")
    titles = {entry["name"]: entry for entry in query("titles")}
    assert titles["pig"]["display_name"] == "Pig (test dice race)"
    assert "pig: Pig (test dice race) (1-6 players)" in ok("titles")


def test_installed_script(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("transcon")
    if not script.exists():
        pytest.skip("transcon script not installed next to the interpreter")
    env = {**os.environ, "TRANSCON_EXTRA_TITLES": TOY_ENV, "PYTHONPATH": str(TOY_DIR)}
    path = tmp_path / "g.json"

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(script), *args], env=env, capture_output=True, text=True, check=False
        )

    assert cli("new", "pig", "-p", "Ann", "--save", str(path)).returncode == 0
    before = path.read_bytes()
    refused = cli("act", str(path), "hold")
    assert refused.returncode == 2
    assert refused.stderr == (
        "error: illegal action (Pig 2: roll before holding): Ann has not rolled this turn\n"
    )
    assert path.read_bytes() == before
