"""Oracle: every route of two games recorded by 18xx.games is accepted by our validator and
revalued to the recorded revenue (issue 6). Fixtures live in ``shared/`` beside the clone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.titles.t1870.fixture import check_fixture, effective_actions, load_fixture

FIXTURES = (
    Path(__file__).resolve().parents[2]
    / ".."
    / "shared"
    / "reference"
    / "18xx-games"
    / "fixtures"
    / "1870"
)
CASES = [("1870_game_end_bank.json", 165, 893), ("game-end-market-400.json", 140, 710)]


def _fixture(name: str) -> Path:
    path = FIXTURES / name
    if not path.is_file():
        pytest.skip(f"18xx.games fixture not found: {path} (shared/ must sit beside the clone)")
    return path


@pytest.mark.parametrize(("name", "routes", "effective"), CASES)
def test_undo_redo_filter_matches_readme_counts(name: str, routes: int, effective: int) -> None:
    game = load_fixture(_fixture(name))
    assert len(effective_actions(game["actions"])) == effective


@pytest.mark.parametrize(("name", "routes", "effective"), CASES)
def test_every_recorded_route_is_accepted_and_revalued(
    name: str, routes: int, effective: int
) -> None:
    report = check_fixture(_fixture(name))
    assert report.mismatches == []
    assert (report.routes, report.accepted, report.revenue_matches) == (routes, routes, routes)


def test_cli_check_18xx_json() -> None:
    path = _fixture(CASES[0][0])
    result = CliRunner().invoke(app, ["routes", "check-18xx", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["routes"] == data["accepted"] == data["revenue_matches"] == 165
    assert data["mismatches"] == []


def test_a_tampered_route_is_reported(tmp_path: Path) -> None:
    """The oracle is not a rubber stamp: a changed revenue and a broken route show up."""
    game = load_fixture(_fixture(CASES[0][0]))
    kept = {id(a) for a in effective_actions(game["actions"])}
    runs = [
        a for a in game["actions"] if a["type"] == "run_routes" and a["routes"] and id(a) in kept
    ]
    last = runs[-1]["routes"][0]
    last["revenue"] += 10
    first = runs[0]["routes"][0]
    first["connections"][0] = first["connections"][0][:1] + first["connections"][0][-1:]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(game))
    report = check_fixture(path)
    kinds = {m.kind for m in report.mismatches}
    assert kinds == {"revenue", "rejected"}
    rejected = next(m for m in report.mismatches if m.kind == "rejected")
    assert "not neighbours" in rejected.reason
    assert report.routes == 165 and report.revenue_matches < 165


def test_cli_bad_input_is_a_one_line_error(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(app, ["routes", "check-18xx", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"title": "1870"}')
    result = runner.invoke(app, ["routes", "check-18xx", str(bad)])
    assert result.exit_code == 2
    assert "error:" in result.stderr and result.stderr.count("\n") == 1
