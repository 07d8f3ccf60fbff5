"""The optimiser's oracle (issue 6 item 6): recorded 18xx.games 1870 games.

At every effective ``run_routes`` the optimal revenue of the running company must be at least
what the players ran (never below), and more at the 11 positions where 18xx.games' own
auto-router found more than the players. Connection runs are solved under their constraint (a
route from home to destination) and must match the recorded revenue.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from transcon.cli.routes_optimize import register
from transcon.eighteen.routes import check_routes, route_revenue
from transcon.titles.t1870.fixture import load_fixture
from transcon.titles.t1870.oracle import oracle, run_positions, solve

FIXTURES = (
    Path(__file__).resolve().parents[2].parent
    / "shared"
    / "reference"
    / "18xx-games"
    / "fixtures"
    / "1870"
)
BANK = FIXTURES / "1870_game_end_bank.json"
MARKET = FIXTURES / "game-end-market-400.json"
KNOWN_ABOVE = {
    BANK.name: {661, 809, 894, 1025, 1077, 1154, 1217, 1268, 1293, 1320},
    MARKET.name: {893},
}


def _game(path: Path) -> dict[str, Any]:
    if not path.is_file():
        pytest.skip(f"fixture {path} is absent (shared/reference/18xx-games not checked out)")
    return load_fixture(path)


@pytest.mark.parametrize("path", [BANK, MARKET], ids=lambda p: p.name)
def test_oracle_never_below_recorded_and_finds_the_known_better_runs(path: Path) -> None:
    report = oracle(_game(path))
    assert report["positions"] == {BANK.name: 121, MARKET.name: 93}[path.name]
    assert report["below_recorded"] == 0, [
        r for r in report["records"] if r["status"] == "below_recorded"
    ]
    above = {r["action"] for r in report["records"] if r["status"] == "above_recorded"}
    assert KNOWN_ABOVE[path.name] <= above
    assert all(r["status"] == "equal" for r in report["records"] if r["connection_run"])
    assert report["connection_runs"] == {BANK.name: 10, MARKET.name: 8}[path.name]


def test_tp_at_1293_runs_440() -> None:
    """18xx.games' auto-router: TP at action 1293 can run 440 (the players ran 360)."""
    report = oracle(_game(BANK), only={1293})
    (rec,) = report["records"]
    assert (rec["optimal"], rec["recorded"], rec["company"]) == (440, 360, "TP")


def test_every_returned_route_passes_the_validator() -> None:
    game = _game(MARKET)
    for i, run in enumerate(run_positions(game)):
        if i % 7:
            continue  # a sample keeps this quick; the oracle test above solves every position
        sol = solve(run)
        check_routes(run.graph, run.company, list(sol.routes))
        assert [route_revenue(run.graph, run.company, r, run.values) for r in sol.routes] == list(
            sol.values
        )


def test_cli_optimize_and_show(tmp_path: Path) -> None:
    _game(BANK)
    app = typer.Typer()
    register(app)
    runner = CliRunner()
    result = runner.invoke(app, ["optimize-18xx", str(BANK), "--json", "--action", "1293"])
    assert result.exit_code == 0, result.output
    assert '"above_recorded": 1' in result.output and '"optimal": 440' in result.output
    out = tmp_path / "tp.svg"
    result = runner.invoke(app, ["show", str(BANK), "--action", "1293", "-o", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "optimal 440" in svg
    result = runner.invoke(app, ["show", str(BANK), "--action", "1", "-o", str(out)])
    assert result.exit_code == 2 and "not an effective run_routes" in result.output
