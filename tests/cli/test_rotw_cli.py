"""The game commands with Railways of the World East+West (on the small built-in map):
new, act, status (--png, --as), legal, log (--as), replay --verify, play and simulate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from transcon.cli.main import app
from transcon.titles.rotw.data import BARONS

MINI = ("-o", "map=rotw-mini")


def run(*args: str | Path, input: str | None = None) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], input=input)


def ok(*args: str | Path, input: str | None = None) -> str:
    result = run(*args, input=input)
    assert result.exit_code == 0, result.output
    return result.stdout


def query(*args: str | Path) -> Any:
    return json.loads(ok(*args, "--json"))


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "rotw.json"
    out = ok("new", "rotw-east-west", "--players", "Ann,Bob,Cat", "--seed", "4", *MINI,
             "--save", path)  # fmt: skip
    assert "Railways of the World" in out and f"Saved to {path}." in out
    return path


def _dealt(path: Path, player: str) -> list[str]:
    state = query("status", path, "--as", player)["state"]
    dealt: list[str] = state["pl"][player]["east_dealt"]
    return dealt


def test_new_act_legal_and_hidden_barons(game_file: Path) -> None:
    summary = query("status", game_file)
    assert sorted(summary["current_players"]) == ["Ann", "Bob", "Cat"]
    ann_dealt = _dealt(game_file, "Ann")
    assert ok("legal", game_file, "--as", "Ann").splitlines() == [
        f"Ann: baron {card}" for card in ann_dealt
    ]
    assert "EB" not in ok("legal", game_file)  # the public view lists no secret options
    assert ok("legal", game_file, "--as", "gm").count("baron EB") == 6
    for player in ("Ann", "Bob", "Cat"):
        out = ok("act", game_file, f"baron {_dealt(game_file, player)[0]}", "--player", player)
        assert f"{player}: baron " in out
    kept = ann_dealt[0]
    # Bob sees that Ann kept a baron, not which
    assert query("status", game_file, "--as", "Bob")["state"]["pl"]["Ann"]["east_baron"] == "?"
    assert BARONS[kept].name not in ok("status", game_file, "--as", "Bob")
    assert BARONS[kept].name in ok("status", game_file, "--as", "Ann")
    assert BARONS[kept].name in ok("status", game_file, "--as", "gm")  # the game master
    assert BARONS[kept].name not in ok("status", game_file)  # public by default
    bob_log = query("log", game_file, "--as", "Bob")
    assert bob_log[0]["action"] == "baron ?"
    assert bob_log[0]["events"] == ["Ann keeps an Eastern baron"]
    assert query("log", game_file, "--as", "Ann")[0]["action"] == f"baron {kept}"
    assert "1. Ann: baron ?" in ok("log", game_file, "--as", "Cat")
    # an illegal action is refused and names the rule
    bad = run("act", game_file, "urbanize Boston blue")
    assert bad.exit_code != 0 and "base 3.2 B" in bad.output


def test_actions_png_replay_and_verify(game_file: Path, tmp_path: Path) -> None:
    for player in ("Ann", "Bob", "Cat"):
        ok("act", game_file, f"baron {_dealt(game_file, player)[0]}", "--player", player)
    for _ in range(6):
        legal = query("legal", game_file, "--as", "gm")
        texts = [a["text"] for a in legal["actions"]]
        pick = next((t for t in texts if t.startswith("build")), "pass")
        ok("act", game_file, pick)
    status = ok("status", game_file, "--png", tmp_path / "map.png")
    assert "game turn" in status and (tmp_path / "map.png").stat().st_size > 1000
    assert query("replay", game_file, "--verify")["ok"] is True
    assert "state identical" in ok("replay", game_file, "--verify")
    assert len(query("log", game_file)) == 9


def test_play_with_a_greedy_bot(tmp_path: Path) -> None:
    out = ok("play", "rotw-east-west", "--bots", "1", "--bot", "greedy", "-p", "Me", *MINI,
             "--seed", "2", input="?\nstatus\nquit\n")  # fmt: skip
    assert "Legal: baron EB" in out  # the legal actions
    assert "to choose from: EB" in out  # the human's own dealt barons, in the status


def test_simulate_prints_outcomes() -> None:
    data = query("simulate", "rotw-east-west", "--games", "2", "--players", "4", "--bots",
                 "greedy", "--seed", "3", *MINI)  # fmt: skip
    assert (data["games"], data["completed"], data["errors"]) == (2, 2, 0)
    stats = data["statistics"]
    assert {"wins_by_seat", "end_reasons", "mean_west_began", "mean_ended_turn"} <= set(stats)
    assert data["seconds"] >= 0


def test_status_json_has_goal_counters(game_file: Path) -> None:
    """`status --json --as Ann`: builds to go per major line and player; Ann's barons with
    her count and the leaders', the other players' barons hidden."""
    for player in ("Ann", "Bob", "Cat"):
        ok("act", game_file, f"baron {_dealt(game_file, player)[0]}", "--player", player)
    progress = query("status", game_file, "--as", "Ann")["state"]["progress"]
    lines = {item["id"]: item for item in progress["major_lines"]}
    assert "transcon" in lines and "nyc-chi" in lines
    assert set(lines["nyc-chi"]["players"]) == {"Ann", "Bob", "Cat"}
    assert all(isinstance(n, int) and n > 0 for n in lines["nyc-chi"]["players"].values())
    ann, *west = progress["barons"]["Ann"]
    assert [w["kind"] for w in west] == ["west dealt", "west dealt"]  # seed 2: hers to see
    assert ann["card"] == _dealt(game_file, "Ann")[0] and ann["count"] == 0
    assert {"leaders", "leader_count", "goal", "points"} <= set(ann)
    assert (
        progress["barons"]["Bob"]
        == [{"card": "?", "kind": "east"}] + [{"card": "?", "kind": "west dealt"}] * 2
    )
    text = ok("status", game_file, "--as", "Ann")
    assert "builds to go" in text and f"{BARONS[ann['card']].name}" in text
