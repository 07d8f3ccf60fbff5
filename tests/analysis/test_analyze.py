"""A small `transcon analyze` run of each title, end to end (CLI, results file, report)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from transcon.analysis.analyze import AnalysisRun, analyze
from transcon.analysis.design import Sizes
from transcon.analysis.runner import read_rows
from transcon.cli.main import app

# per setting: 1 seat game, 1 skill game per opponent kind, a 2x2 luck grid
TINY = Sizes(seat_games=1, skill_games=1, dice_seeds=2, decision_seeds=2, noise_levels=(0.5,))
TINIER = Sizes(seat_games=1, skill_games=1, dice_seeds=2, decision_seeds=2, noise_levels=())


@pytest.mark.parametrize(
    ("title", "sizes", "settings", "opponents"),
    [
        ("railway-rivals-usa", TINY, {"variant", "ordinary"}, {"random-legal", "greedy~0.5"}),
        ("rotw-east-west", TINIER, {"default"}, {"random"}),
    ],
)
def test_a_small_analysis_of_each_title(
    tmp_path: Path, title: str, sizes: Sizes, settings: set[str], opponents: set[str]
) -> None:
    run = AnalysisRun(tmp_path / "games.csv", tmp_path, "transcon analyze (test)")
    answers = analyze(title, sizes, run, players=3)
    assert {a.setting for a in answers} == settings
    rows = read_rows(tmp_path / "games.csv")
    assert len(rows) == (5 + len(opponents)) * len(settings)
    assert all(r["completed"] for r in rows), [r["error"] for r in rows]
    for a in answers:
        assert len(a.seats) == 3
        assert set(a.skill) == opponents
        assert a.luck is not None
    report = (tmp_path / f"{title}.md").read_text(encoding="utf-8")
    assert "## Seat advantage" in report and "## Luck share" in report
    for plot in ("seats", "skill", "luck"):
        assert (tmp_path / f"{title}-{plot}.png").stat().st_size > 1000
    if "ordinary" in settings:
        assert "**Verdict (variant vs ordinary):**" in report
        assert '**Conclusion:** the claim "This variant involves considerably more luck' in report
    assert "## Headlines" in report and "Title figures" in report
    # --report-only: the same answers from the file, nothing played or written
    before = (tmp_path / "games.csv").read_bytes()
    bigger = Sizes(2, 1, 2, 2, sizes.noise_levels)
    again = analyze(title, bigger, replace(run, play=False), players=3)
    assert (tmp_path / "games.csv").read_bytes() == before
    assert [a.games for a in again] == [a.games for a in answers]


def test_a_small_1870_analysis_from_the_command_line(tmp_path: Path) -> None:
    args = ["analyze", "1870", "--out", str(tmp_path), "--players", "2", "--seat-games", "1"]
    args += ["--skill-games", "0", "--dice-seeds", "2", "--decision-seeds", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "default: 5 games (0 errors)" in result.output
    assert len(read_rows(tmp_path / "1870-games.csv")) == 5
    assert (tmp_path / "1870.md").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "demo"], "no analysis for 'demo'"),
        (["analyze", "rotw-east-west", "--vary", "nonsense=1,2"], "unknown option 'nonsense'"),
        (["analyze", "rotw-east-west", "--noise", "2"], "--noise: levels must be in"),
    ],
)
def test_bad_analyze_arguments_are_one_line_errors(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
