"""Import of the two recorded 18xx.games games: every action accepted, results equal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.titles.t1870.importer.options import options_1870
from transcon.titles.t1870.importer.replay import import_fixture

FIXTURES = Path(__file__).resolve().parents[3].parent / "shared/reference/18xx-games/fixtures/1870"
BANK = FIXTURES / "1870_game_end_bank.json"
MARKET = FIXTURES / "game-end-market-400.json"

needs_fixtures = pytest.mark.skipif(not BANK.exists(), reason="shared fixtures not available")


@needs_fixtures
@pytest.mark.parametrize(("path", "reason"), [(BANK, "bank"), (MARKET, "stock_market")])
def test_fixture_replays_completely_with_matching_result(path: Path, reason: str) -> None:
    report, game = import_fixture(path)
    assert report.divergence is None
    assert report.accepted == report.actions
    assert report.finished and report.end_reason == reason == report.recorded_end_reason
    assert report.result_matches, (report.ours, report.recorded)
    assert game.verify_replay()


@needs_fixtures
def test_reachability_on_the_recorded_final_board() -> None:
    from transcon.titles.t1870.game.connection import fewest_stops

    _, game = import_fixture(BANK)
    assert fewest_stops(game.state, "J3", "A2") == 3  # FW: Fort Worth to Denver
    assert fewest_stops(game.state, "E12", "M22") == 4  # SLSF: Springfield to Southeast
    assert fewest_stops(game.state, "J3", "A2", limit=2) is None


@needs_fixtures
@pytest.mark.slow
@pytest.mark.parametrize("path", [BANK, MARKET])
def test_every_recorded_run_passes_with_check_routes(path: Path) -> None:
    report, _ = import_fixture(path, check_routes=True)
    assert report.result_matches and report.divergence is None


def test_options_mapping_defaults_to_mayfair() -> None:
    plain = options_1870([])
    assert plain["market"] == "mayfair" and plain["protect_if_sold"] is False
    variant = options_1870(["diesels", "finish_on_400", "original_market", "max_reissue_200"])
    assert variant["diesels"] and variant["finish_on_400"]
    assert variant["market"] == "dixon" and variant["reissue_cap_200"]


@needs_fixtures
def test_cli_import_json_and_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["import-18xx", str(MARKET), "--save", str(save), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["result_matches"] is True and data["accepted"] == data["actions"]
    assert data["ours"] == data["recorded"]
    replay = CliRunner().invoke(app, ["replay", str(save), "--verify"])
    assert replay.exit_code == 0, replay.output


@needs_fixtures
def test_divergence_is_reported_with_the_first_refused_action() -> None:
    from transcon.titles.t1870.fixture import load_fixture
    from transcon.titles.t1870.importer.replay import Importer

    raw = load_fixture(BANK)
    raw["actions"] = [a for a in raw["actions"] if a.get("id") != 43]  # drop SLSF's par
    report = Importer(raw).run()
    assert not report.result_matches
    assert report.divergence is not None
    assert report.divergence["id"] == 45  # the next bid: Player 3 still has to set the par
    assert report.divergence["to_act"] == ["Player 3"]
    assert report.accepted < report.actions


@needs_fixtures
def test_oracle_takes_company_closures_from_our_engine() -> None:
    """MKT closes by its share price in the diesel game: the route oracle, which reads the
    record with our engine's importer, sees its tokens leave the map then."""
    from transcon.titles.t1870.fixture import check_game, load_fixture, recorded_runs

    game = load_fixture(MARKET)
    replayed = recorded_runs(game)
    closed = [sym for companies in replayed.closed_after.values() for sym in companies]
    assert "MKT" in closed and replayed.report.result_matches
    report = check_game(game)
    assert report.mismatches == [] and report.revenue_matches == report.routes == 140
    assert any("MKT closes" in note for note in report.notes)
