"""Regenerating the US maps from geodata/ reproduces the committed files byte for byte.

Needs the ``geo`` extra (numpy, shapely); skipped without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the geo extra is not installed (pip install -e .[geo])")
pytest.importorskip("shapely", reason="the geo extra is not installed (pip install -e .[geo])")

from transcon.mapgen import MAP_NAMES, generate
from transcon.mapgen.pipeline import default_out_dir


def test_generated_maps_match_the_committed_files(tmp_path: Path) -> None:
    written = generate(["all"], out=tmp_path)
    assert sorted(p.stem for p in written) == sorted(MAP_NAMES)
    for path in written:
        committed = default_out_dir() / path.name
        assert path.read_bytes() == committed.read_bytes(), (
            f"{path.name} differs from the committed map: run `transcon map generate` "
            "and commit the result"
        )


def test_generation_is_deterministic(tmp_path: Path) -> None:
    first = generate(["usa-transcontinental"], out=tmp_path / "a")[0].read_bytes()
    second = generate(["usa-transcontinental"], out=tmp_path / "b")[0].read_bytes()
    assert first == second


def test_unknown_map_name_is_a_one_line_error(tmp_path: Path) -> None:
    from transcon.core.errors import InputError

    with pytest.raises(InputError, match="unknown generated map"):
        generate(["atlantis"], out=tmp_path)
