"""Without the geo extra, the generator fails with a one-line hint (no numpy needed here)."""

from __future__ import annotations

import importlib.util

import pytest

from transcon.mapgen import INSTALL_HINT, GeoExtraMissing, generate


def test_missing_geo_extra_gives_a_one_line_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def fake(name: str, *args: object) -> object:
        return None if name == "shapely" else real(name)

    monkeypatch.setattr(importlib.util, "find_spec", fake)
    with pytest.raises(GeoExtraMissing) as err:
        generate(["all"])
    message = str(err.value)
    assert "\n" not in message
    assert "shapely" in message
    assert message.endswith(f"not installed: {INSTALL_HINT}")
    assert "pip install -e .[geo]" in message
