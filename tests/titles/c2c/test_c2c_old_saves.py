"""Save files written before 18C2C gained options still verify.

``tests/data/saves/18c2c-super-short-before-new-options.json`` was written by transcon at
b51adf7~1 (150 builder-bot actions of a Super-short game, save format 2), before the options
``bridge_home_lay``, ``gulf_shipping_port``, ``share_redemption`` and ``network_walk_budget``
existed. The file does not name them; loading plays them at their defaults (which keep the
rules it was played under), and its checksum is compared without them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.core.savefile import load_game_checked, saved_state_matches

SAVE = Path(__file__).resolve().parents[2] / "data" / "saves"
BEFORE_OPTIONS = SAVE / "18c2c-super-short-before-new-options.json"
GAINED = {"bridge_home_lay", "gulf_shipping_port", "share_redemption", "network_walk_budget"}


def test_a_save_from_before_the_new_options_matches_its_checksum() -> None:
    game, record = load_game_checked(BEFORE_OPTIONS)
    assert set(game.options) - set(record.options) >= GAINED
    assert saved_state_matches(game, record) is True
    assert game.state_digest() != record.checksum  # today's state lists the new options


def test_replay_verify_accepts_it(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["replay", str(BEFORE_OPTIONS), "--verify"])
    assert result.exit_code == 0, result.output
    assert "matches the saved checksum" in result.output


def test_a_different_state_still_differs(tmp_path: Path) -> None:
    """Leaving the gained options out never hides a real difference: the same file cut by
    one action keeps its checksum, which no longer matches."""
    data = json.loads(BEFORE_OPTIONS.read_text())
    data["actions"] = data["actions"][:-1]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data))
    game, record = load_game_checked(cut)
    assert saved_state_matches(game, record) is False
    result = CliRunner().invoke(app, ["replay", str(cut), "--verify"])
    assert result.exit_code == 1 and "state differs" in result.output
