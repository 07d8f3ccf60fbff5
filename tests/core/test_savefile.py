"""Save files: versioned JSON, atomic writes, clear errors for bad files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from toy_title import RULE_ROLL_FIRST, ToyTitle

from transcon import __version__
from transcon.core.errors import SaveFileError
from transcon.core.game import Game
from transcon.core.savefile import load_game, load_game_checked, read_record, save_game


def played(seed: int = 5, n: int = 12) -> Game[Any]:
    game = Game.new(ToyTitle(), ["Ann", "Bob"], {"target": 30}, seed=seed)
    for i in range(n):
        game.act("hold" if i % 3 == 2 and game.state.rolls_this_turn else "roll")
    return game


def test_round_trip(tmp_path: Path) -> None:
    game = played()
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded, record = load_game_checked(path)
    assert loaded.state_json() == game.state_json()
    assert list(loaded.log) == list(game.log)
    assert loaded.rng.get_state() == game.rng.get_state()
    assert record.checksum == game.state_digest()
    assert (loaded.players, loaded.seed, loaded.options) == (game.players, 5, game.options)


def test_file_layout(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(played(n=3), path)
    text = path.read_text()
    data = json.loads(text)
    assert list(data) == [
        "format", "version", "transcon", "title", "options", "players", "seed", "checksum",
        "actions",
    ]  # fmt: skip
    assert (data["format"], data["version"], data["transcon"]) == ("transcon-game", 2, __version__)
    assert data["options"] == {"target": 30, "die": "d6", "must_roll": True}
    assert len(data["actions"]) == 3
    assert '\n    {"type": "roll", "player": ' in text  # one line per action
    save_game(Game.new(ToyTitle(), ["Ann"]), path)
    assert json.loads(path.read_text())["actions"] == []


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    save_game(played(n=2), path)
    before = path.read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_game(played(n=6), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def good_record() -> dict[str, Any]:
    game = played(n=4)
    return {
        "format": "transcon-game",
        "version": 1,
        "transcon": __version__,
        "title": "pig",
        "options": dict(game.options),
        "players": list(game.players),
        "seed": game.seed,
        "actions": [ToyTitle().action_to_json(a) for a in game.log],
    }


def error_for(tmp_path: Path, data: Any) -> str:
    with pytest.raises(SaveFileError) as err:
        load_game(write(tmp_path, data))
    message = str(err.value)
    assert "\n" not in message
    return message.replace(str(tmp_path / "game.json"), "game.json")


def test_a_file_without_checksum_loads(tmp_path: Path) -> None:
    assert len(load_game(write(tmp_path, good_record())).log) == 4


def test_newer_version(tmp_path: Path) -> None:
    message = error_for(tmp_path, {**good_record(), "version": 999})
    assert message == (
        "game.json: save format version 999 is newer than this transcon supports (2); "
        "upgrade transcon"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"format": "something-else"},
            "game.json: not a transcon game file (format 'something-else')",
        ),
        ({"version": "1"}, "game.json: unknown save format version '1'"),
        ({"version": 0}, "game.json: unknown save format version 0"),
        ({"version": True}, "game.json: unknown save format version True"),
        ({"title": "chess"}, "game.json: unknown title 'chess' (available: "),
        ({"players": "Ann"}, "game.json: players: Input should be a valid list"),
        ({"seed": "7"}, "game.json: seed: Input should be a valid integer"),
        ({"options": {"target": 1}}, "game.json: option 'target' must be an integer in 5..200"),
        ({"options": {"speed": 1}}, "game.json: unknown option 'speed' for pig"),
        ({"players": ["Ann", "Ann"]}, "game.json: player names must be unique"),
        ({"extra": 1}, "game.json: extra: Extra inputs are not permitted"),
    ],
)
def test_bad_headers(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    assert error_for(tmp_path, {**good_record(), **change}).startswith(message)


def test_missing_field(tmp_path: Path) -> None:
    record = good_record()
    del record["players"]
    assert error_for(tmp_path, record) == "game.json: players: Field required"


def test_not_json_or_not_an_object(tmp_path: Path) -> None:
    assert error_for(tmp_path, "{oops") == (
        "game.json: not valid JSON (line 1: Expecting property name enclosed in double quotes)"
    )
    assert error_for(tmp_path, "[]") == "game.json: not a transcon game file (format 'list')"
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SaveFileError, match="not UTF-8 text"):
        load_game(path)


def test_corrupted_actions_name_the_action(tmp_path: Path) -> None:
    record = good_record()
    first = record["actions"][0]["player"]
    illegal = {**record, "actions": [{"type": "hold", "player": first}]}
    assert error_for(tmp_path, illegal) == (
        f"game.json: action 1 ({first}: hold): illegal action ({RULE_ROLL_FIRST}): "
        f"{first} has not rolled this turn"
    )
    unknown = {**record, "actions": [*record["actions"][:2], {"type": "fly", "player": first}]}
    assert error_for(tmp_path, unknown) == (
        'game.json: action 3 ({"type":"fly","player":"' + first + '"}): '
        "unknown action type 'fly' (actions: roll, hold)"
    )
    stranger = {**record, "actions": [{"type": "roll", "player": "Zed"}]}
    assert error_for(tmp_path, stranger) == "game.json: action 1 (Zed: roll): 'Zed' is not playing"
    extra = {**record, "actions": [{"type": "roll", "player": first, "times": 2}]}
    assert error_for(tmp_path, extra).startswith("game.json: action 1 (")
    assert error_for(tmp_path, extra).endswith(
        "bad roll action: times: Extra inputs are not permitted"
    )


def test_read_record_validates_without_replaying(tmp_path: Path) -> None:
    record = {**good_record(), "actions": [{"type": "fly"}]}
    assert read_record(write(tmp_path, record)).actions == [{"type": "fly"}]


def test_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_game(tmp_path / "nope.json")
