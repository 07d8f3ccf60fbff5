"""Running a design: determinism, resume, process pool and Ray equal the single process."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from transcon.analysis import runner
from transcon.analysis.design import GameSpec
from transcon.analysis.play import build_game, play_spec
from transcon.analysis.ray_backend import ray_available
from transcon.analysis.runner import read_rows, run_design
from transcon.core.bots import play_out
from transcon.core.errors import InputError

BOTS = ("random", "random~0.5")


def demo_specs(count: int) -> list[GameSpec]:
    """Quick games of the demo title, one seat with a noisy bot."""
    return [
        GameSpec("default", "seat", str(i), "demo", {}, 100 + i, BOTS, (7 * i, 7 * i + 1), 2_000)
        for i in range(count)
    ]


def test_two_runs_write_the_same_file(tmp_path: Path) -> None:
    specs = demo_specs(6)
    run_design(specs, tmp_path / "a.csv")
    run_design(specs, tmp_path / "b.csv")
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()
    rows = read_rows(tmp_path / "a.csv")
    assert [r["key"] for r in rows] == [s.key for s in specs]
    assert all(r["completed"] for r in rows)


def test_every_game_is_reproducible_from_its_row(tmp_path: Path) -> None:
    spec = demo_specs(3)[2]
    row = run_design([spec], tmp_path / "a.csv")[0]
    again = GameSpec(
        setting=row["setting"],
        experiment=row["experiment"],
        label=row["label"],
        title=row["title"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        bots=tuple(json.loads(row["bots"])),
        bot_seeds=tuple(json.loads(row["bot_seeds"])),
        max_actions=2_000,
    )
    game, bots = build_game(again)
    play_out(game, bots, 2_000)
    assert json.dumps([game.result()[p] for p in ("P1", "P2")]) == row["scores"]
    assert len(game.log) == row["length"]


def test_resume_plays_only_the_missing_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    specs = demo_specs(6)
    run_design(specs, tmp_path / "full.csv")
    played: list[str] = []

    def counting(spec: GameSpec) -> dict[str, object]:
        played.append(spec.key)
        return play_spec(spec)

    monkeypatch.setattr(runner, "play_spec", counting)
    run_design(specs[:4], tmp_path / "resumed.csv")
    # an interrupted run: the file ends after a partly written row
    with (tmp_path / "resumed.csv").open("a", encoding="utf-8") as handle:
        handle.write("default/seat/4,def")
    played.clear()
    run_design(specs, tmp_path / "resumed.csv")
    assert played == [specs[4].key, specs[5].key]
    assert (tmp_path / "resumed.csv").read_bytes() == (tmp_path / "full.csv").read_bytes()


def test_resume_plays_a_game_again_when_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A row under a spec's key but of another game (a setting's options or seed changed) is
    stale: resuming plays that game again instead of reporting the old one."""
    specs = demo_specs(3)
    run_design(specs, tmp_path / "a.csv")
    played: list[str] = []

    def counting(spec: GameSpec) -> dict[str, object]:
        played.append(spec.key)
        return play_spec(spec)

    monkeypatch.setattr(runner, "play_spec", counting)
    changed = [*specs[:2], replace(specs[2], seed=999)]
    assert run_design(changed, tmp_path / "a.csv", play=False) == read_rows(tmp_path / "a.csv")[:2]
    rows = run_design(changed, tmp_path / "a.csv")
    assert played == [specs[2].key]
    assert [r["seed"] for r in rows] == [specs[0].seed, specs[1].seed, 999]


def test_process_pool_equals_single_process(tmp_path: Path) -> None:
    specs = demo_specs(8)
    run_design(specs, tmp_path / "one.csv")
    run_design(specs, tmp_path / "pool.csv", workers=2)
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "pool.csv").read_bytes()


@pytest.mark.skipif(not ray_available(), reason="Ray is not installed (pip install -e '.[scale]')")
def test_ray_equals_single_process(tmp_path: Path) -> None:
    specs = demo_specs(4)
    run_design(specs, tmp_path / "one.csv")
    run_design(specs, tmp_path / "ray.csv", use_ray=True)
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "ray.csv").read_bytes()


def test_a_foreign_csv_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.csv"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(InputError, match="not an analysis results file"):
        run_design(demo_specs(1), path)


def test_a_malformed_row_is_an_error_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "a.csv"
    run_design(demo_specs(2), path)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace(",True,", ",True,x,", 1)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"a.csv:3: malformed"):
        run_design(demo_specs(2), path)
