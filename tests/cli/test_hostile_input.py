"""Issue 16 items 6-12 and issue 15 items 12, 19: hostile input never prints a traceback.

Every case is a one-line ``error: ...`` with exit status 2 (a usage error included), the file
is byte-identical afterwards, and quoted input is cut short. Each block names the probe's
finding it covers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from transcon.cli.common import MAX_MESSAGE_CHARS
from transcon.cli.main import app, run
from transcon.core.inputs import MAX_INT_DIGITS, MAX_JSON_DEPTH

NESTED = "[" * 5000 + "]" * 5000
HUGE = "9" * 5000


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def refused(*args: str | Path) -> str:
    """Run a command that must fail cleanly; returns its one error line."""
    code, _, err = invoke(*args)
    lines = err.strip().splitlines()
    assert code == 2, (code, err)
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err and len(lines[0]) <= MAX_MESSAGE_CHARS + 7
    return lines[0]


def new_game(tmp_path: Path, title: str, players: str = "Ann,Bob,Cat", seed: int = 3) -> Path:
    path = tmp_path / f"{title}.json"
    code, _, err = invoke("new", title, "-p", players, "--seed", str(seed), "--save", path)
    assert code == 0, err
    return path


# -- item 7: actions ----------------------------------------------------------------------------

ACTIONS = {
    "demo": ['{"type": "roll", "x": ' + NESTED + "}", "roll x=" + NESTED, f"build A{HUGE} B1"],
    "rotw-east-west": [f"buyback {HUGE}", "buyback 0", "buyback 9", "fly R86", "-x"],
    "1870": [f"lay A1 57 {HUGE}", "sell IC -1", "sell IC 0", "run -5", '{"type":' + NESTED],
    "railway-rivals-usa": ["x" * 20_000, f"enter {HUGE}", "start", "-5 run"],
}


@pytest.mark.parametrize(("title", "action"), [(t, a) for t, acts in ACTIONS.items() for a in acts])
def test_hostile_actions_are_one_line_and_change_nothing(
    tmp_path: Path, title: str, action: str
) -> None:
    path = new_game(tmp_path, title, "Ann,Bob" if title == "demo" else "Ann,Bob,Cat")
    before = path.read_bytes()
    line = refused("act", path, action, "--player", "Ann")
    assert path.read_bytes() == before
    assert len(line) < 300  # item 11: the input is quoted only as a short prefix


def test_issue_15_item_12_unknown_verbs_and_usage(tmp_path: Path) -> None:
    rotw = new_game(tmp_path, "rotw-east-west")
    assert refused("act", rotw, "fly R86", "--player", "Ann") == (
        "error: unknown action 'fly' (actions: baron, build, urbanize, upgrade, deliver, take, "
        "bond, buyback, pass, grow, settle)"
    )
    assert refused("act", rotw, "bond 3", "--player", "Ann") == (
        "error: bond: cannot read '3'; usage: bond"
    )
    assert refused("act", rotw, "pass please", "--player", "Ann") == (
        "error: pass: cannot read 'please'; usage: pass"
    )


def test_issue_15_item_12_legal_lines_paste_back_into_act(tmp_path: Path) -> None:
    rotw = new_game(tmp_path, "rotw-east-west")
    code, out, _ = invoke("legal", rotw, "--as", "Cat")
    first = out.splitlines()[0]
    assert code == 0 and first.startswith("Cat: baron EB")
    code, out, err = invoke("act", rotw, first)
    assert code == 0, err
    assert out.startswith(first)
    assert refused("act", rotw, "Ann: pass", "--player", "Bob") == (
        "error: the action is Ann's but --player says Bob"
    )


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["act"]) == 2
    assert capsys.readouterr().err == "error: Missing argument 'file'.\n"
    assert run(["status", "x.json", "--bogus"]) == 2
    assert capsys.readouterr().err == "error: No such option: --bogus\n"
    assert run(["titles"]) == 0


# -- item 6: player names -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["A\nB", "Ann\x1b[31m", "Bob\u200bX", "gm", "Public"])
def test_bad_player_names_are_refused_at_new(tmp_path: Path, name: str) -> None:
    assert "player name" in refused("new", "demo", "-p", f"{name},Cy", "--save", tmp_path / "g")
    assert not (tmp_path / "g").exists()


# -- item 8: save files -------------------------------------------------------------------------


def _save_variants(record: dict[str, object]) -> list[str]:
    nested = json.dumps(record).replace('"actions": []', '"actions": ' + NESTED)
    big_seed = json.dumps(record).replace('"seed": 3', f'"seed": {HUGE}')
    big_version = json.dumps(record).replace('"version": 2', f'"version": {HUGE}')
    return [
        nested,
        big_seed,
        big_version,
        json.dumps({**record, "version": 1.0}),
        json.dumps({**record, "version": True}),
        json.dumps({**record, "seed": 1.5}),
        json.dumps({**record, "players": ["A\nB", "C"]}),
        json.dumps({**record, "actions": [{"type": "roll", "player": "Ann", "x": 1e400}]}),
        "{" * 100_000,
        "\xff\xfe",
    ]


@pytest.mark.parametrize("variant", range(10))
def test_corrupt_save_files(tmp_path: Path, variant: int) -> None:
    path = new_game(tmp_path, "demo", "Ann,Bob")
    text = _save_variants(json.loads(path.read_text()))[variant]
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    before = path.read_bytes()
    for command in ("status", "log", "legal"):
        refused(command, path)
    refused("act", path, "roll")
    assert path.read_bytes() == before


# -- item 9: 18xx.games files -------------------------------------------------------------------

GAME_18XX = {
    "title": "1870",
    "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}],
    "settings": {"optional_rules": []},
    "actions": [{"type": "pass", "entity": 1, "entity_type": "player", "id": 1}],
    "result": {"1": 0, "2": 0, "3": 0},
}


def _games_variants() -> list[object]:
    def with_actions(*actions: object) -> dict[str, object]:
        return {**GAME_18XX, "actions": list(actions)}

    return [
        {**GAME_18XX, "settings": [1]},
        with_actions(5),
        with_actions({"type": "lay_tile", "entity": "IC", "hex": "A1", "rotation": 0, "id": 2}),
        {**GAME_18XX, "players": [{"id": "", "name": "A"}]},
        with_actions({"type": "pass", "id": 10**40, "entity": 1}),
        with_actions({"type": "run_routes", "entity": "IC", "routes": [{"train": 5}]}),
        with_actions(
            {"type": "lay_tile", "entity": "IC", "hex": "A1", "tile": "57", "rotation": 9}
        ),
        {**GAME_18XX, "actions": json.loads("[" * 30 + "]" * 30)},
        [1, 2],
    ]


@pytest.mark.parametrize("variant", range(9))
@pytest.mark.parametrize(
    "command", [("routes", "check-18xx"), ("routes", "optimize-18xx"), ("import-18xx",)]
)
def test_malformed_18xx_games_files(tmp_path: Path, variant: int, command: tuple[str, ...]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_games_variants()[variant]))
    refused(*command, path)


def test_deeply_nested_and_huge_18xx_games_files(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME_18XX).replace('"actions": [', '"actions": [' + NESTED + ","))
    assert "nested too deeply" in refused("routes", "check-18xx", path)
    path.write_text(json.dumps(GAME_18XX).replace('"id": 1,', f'"id": {HUGE},', 1))
    assert f"at most {MAX_INT_DIGITS}" in refused("import-18xx", path)


# -- items 10 and 12: maps and rendering --------------------------------------------------------

MAP = {
    "format": "transcon-map",
    "version": 1,
    "name": "tiny",
    "title": "Tiny",
    "legends": {"terrain": {".": "plain"}},
    "layers": {"terrain": ["...", "..."]},
    "sites": [{"hex": "A1", "kind": "city", "name": "Start"}],
}


def _map_variants() -> list[str]:
    deep = json.dumps(MAP).replace('"name": "tiny"', '"meta": {"x": ' + "[" * 100_000, 1)
    return [
        deep,
        json.dumps({**MAP, "layout": {"first_column": 0}}).replace("0}", HUGE + "}"),
        json.dumps({**MAP, "layout": {"first_column": 10**20}}),
        json.dumps({**MAP, "title": "Tiny\x07"}),
        json.dumps({**MAP, "sites": [{"hex": "A1", "kind": "city", "name": "St\nart"}]}),
        json.dumps({**MAP, "version": True}),
        json.dumps({**MAP, "version": 1.0}),
        json.dumps({**MAP, "layers": {"terrain": ["." * 200] * 101}}),
        json.dumps({**MAP, "layers": {"terrain": ["."] * 1001}}),
    ]


@pytest.mark.parametrize("variant", range(9))
def test_hostile_maps(tmp_path: Path, variant: int) -> None:
    path = tmp_path / "map.json"
    path.write_text(_map_variants()[variant])
    code, _, err = invoke("map", "validate", path)
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    refused("render", path, "-o", tmp_path / "map.png")
    assert not (tmp_path / "map.png").exists()


@pytest.mark.parametrize("size", ["nan", "inf", "-inf", "5000", "0"])
def test_hex_size_is_checked_before_drawing(tmp_path: Path, size: str) -> None:
    path = tmp_path / "map.json"
    path.write_text(json.dumps(MAP))
    assert "hex size" in refused("render", path, "-o", tmp_path / "x.png", "--hex-size", size)


def test_json_limits_are_documented_figures() -> None:
    assert MAX_JSON_DEPTH >= 20 and MAX_INT_DIGITS >= 20


# -- issue 15 item 19: a closed pipe ends quietly -------------------------------------------------


def test_closed_pipe_ends_quietly() -> None:
    shown = subprocess.run(
        f"{sys.executable} -m transcon map show rotw-usa --json | head -c 10",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
        executable="/bin/bash",
    )
    assert shown.stderr == "" and len(shown.stdout) == 10
    status = subprocess.run(
        [
            "bash",
            "-o",
            "pipefail",
            "-c",
            f"{sys.executable} -m transcon map show rotw-usa | head -1",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert status.returncode == 0 and status.stderr == ""


def test_issue_15_item_12_words_after_a_bare_verb_are_refused(tmp_path: Path) -> None:
    game = new_game(tmp_path, "1870")
    before = game.read_bytes()
    assert refused("act", game, "pass please", "--player", "Ann") == (
        "error: pass: cannot read 'please'; usage: pass"
    )
    assert game.read_bytes() == before
