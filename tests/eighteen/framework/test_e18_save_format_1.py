"""Save format 2 moved 1870's own fields out of the framework's state (into 1870's
``State1870``), which changed the state layout 18xx checksums are taken over. Files of save
format 1, written by transcon before the move (``tests/data/saves/*-format-1.json``), still
load, and their checksums are compared over the format-1 layout rebuilt from today's state:
nothing breaks silently."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.core.game import Game
from transcon.core.registry import get_title
from transcon.core.savefile import (
    VERSION,
    digest_matches,
    game_record,
    load_game_checked,
    save_game,
    saved_state_matches,
)
from transcon.eighteen.framework.state import CorpState, OperatingState, StockState

SAVES = Path(__file__).resolve().parents[2] / "data" / "saves"
#: The 18xx.games bank game imported and saved by transcon before the move (909 actions,
#: with connection runs, redemptions and price protection).
BANK_1870 = SAVES / "1870-format-1.json"
#: The same game cut during its first connection run (its dividend still to come).
CONNECTION_RUN_1870 = SAVES / "1870-format-1-connection-run.json"
#: An 18C2C Super-short game of 120 bot actions, past its first stock round.
C2C = SAVES / "18c2c-super-short-format-1.json"
MOVED = {
    CorpState: {"destination", "reissued", "redeemed_this_sr", "cash_at_sr_start"},
    StockState: {"protection", "pending_sales", "protected_by"},
    OperatingState: {"connection", "connection_step", "connection_revenue"},
}


def verify(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["replay", str(path), "--verify"])
    return result.exit_code, result.stdout


def test_the_framework_state_holds_no_1870_fields() -> None:
    for cls, names in MOVED.items():
        assert not names & {f.name for f in dataclasses.fields(cls)}, cls.__name__
    game = Game.from_log(get_title("18c2c-super-short"), *_setup(C2C))
    assert not set(game.title.state_to_json(game.state)["title_data"]) & {
        "reissued",
        "protection",
        "connection",
    }


def _setup(path: Path) -> tuple[list[str], list[dict[str, object]], dict[str, object], int]:
    data = json.loads(path.read_text())
    return data["players"], data["actions"], data["options"], data["seed"]


def test_1870_format_1_saves_load_and_their_checksums_match() -> None:
    for path in (BANK_1870, CONNECTION_RUN_1870):
        game, record = load_game_checked(path)
        assert record.version == 1 and record.checksum is not None
        assert game.state_digest() != record.checksum  # the layout did change
        assert saved_state_matches(game, record) is True
        assert digest_matches(game, record.checksum)  # a server's stored digest
        code, out = verify(path)
        assert code == 0 and "matches the saved checksum (save format 1)" in out


def test_a_changed_format_1_game_is_reported(tmp_path: Path) -> None:
    data = json.loads(CONNECTION_RUN_1870.read_text())
    data["actions"] = data["actions"][:-1]  # the connection run not made: another state
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    code, out = verify(path)
    assert code == 1 and "state differs from the one saved" in out


def test_a_format_1_save_is_saved_again_in_today_s_format(tmp_path: Path) -> None:
    game, _record = load_game_checked(BANK_1870)
    path = tmp_path / "again.json"
    save_game(game, path)
    again, record = load_game_checked(path)
    assert record.version == VERSION == game_record(again)["version"]
    assert saved_state_matches(again, record) is True


def test_18c2c_format_1_checksum_not_comparable_is_said_not_hidden() -> None:
    """Format 1 kept each company's cash at the start of the stock round (for 1870's
    redemptions) in every 18xx state; 18C2C does not keep it, so its format-1 checksum
    cannot be rebuilt after the first stock round began: ``replay --verify`` says so."""
    game, record = load_game_checked(C2C)
    assert game.state.stock_rounds and saved_state_matches(game, record) is None
    code, out = verify(C2C)
    assert code == 0 and "was not compared" in out
    start = Game.new(game.title, game.players, game.options, game.seed)
    old = start.title.state_to_json_in_format(start.state, 1)
    assert old is not None and all(c["cash_at_sr_start"] == 0 for c in old["corps"].values())
