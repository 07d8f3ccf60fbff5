"""Map and render commands (issue 2, parts 3, 5, 6): exit codes, JSON, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from transcon import __version__
from transcon.cli.main import app

runner = CliRunner()
BROKEN = Path(__file__).parents[1] / "data" / "broken_maps"


def test_version_and_help() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0 and "map" in result.output and "render" in result.output


def test_validate_good_and_bad_files() -> None:
    assert runner.invoke(app, ["map", "validate", "demo"]).exit_code == 0
    for path in sorted(BROKEN.glob("*.json")):
        result = runner.invoke(app, ["map", "validate", str(path)])
        assert result.exit_code == 2, path
        lines = result.stderr.strip().splitlines()
        assert lines and all(line.startswith(f"{path}: ") for line in lines), result.stderr


def test_validate_json_lists_problems() -> None:
    result = runner.invoke(app, ["map", "validate", str(BROKEN / "site_off_map.json"), "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["valid"] is False


def test_map_list_and_show_json() -> None:
    listed = json.loads(runner.invoke(app, ["map", "list", "--json"]).stdout)
    assert "demo" in [m["name"] for m in listed]
    shown = json.loads(runner.invoke(app, ["map", "show", "demo", "--json"]).stdout)
    assert shown["orientation"] == "pointy"
    by_label = {h["label"]: h for h in shown["hexes"]}
    assert by_label["A7"]["water_body"] == "atlantic"
    assert "east_coast" in by_label["B6"]["regions"]
    assert by_label["C4"]["site"]["name"] == "Centerville"
    assert {"hexes": ["B3", "B4"], "kind": "river", "name": "Demo River"} in shown["sides"]


def test_render_writes_png_and_bad_input_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "demo.png"
    assert runner.invoke(app, ["render", "demo", "-o", str(out)]).exit_code == 0
    assert out.read_bytes()[:4] == b"\x89PNG"
    result = runner.invoke(app, ["render", "nowhere", "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "no such map" in result.stderr
    result = runner.invoke(app, ["map", "render", "demo", "-o", str(tmp_path / "x.bmp")])
    assert result.exit_code == 2
