"""The 18xx.games differential oracle (tools/oracle-18xx) on the shared recorded games.

Needs Ruby and the 18xx.games engine (tools/oracle-18xx/README.md); skipped otherwise.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT.parent / "shared" / "reference" / "18xx-games" / "fixtures" / "1870"


def load_oracle() -> ModuleType:
    path = ROOT / "tools" / "oracle-18xx" / "oracle_18xx.py"
    spec = importlib.util.spec_from_file_location("oracle_18xx", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["oracle_18xx"] = module
    spec.loader.exec_module(module)
    return module


oracle = load_oracle()
WHY_NOT = oracle.engine_available()
pytestmark = [
    pytest.mark.oracle18xx,
    pytest.mark.skipif(bool(WHY_NOT), reason=f"18xx.games oracle unavailable: {WHY_NOT}"),
]


@pytest.mark.parametrize("name", ["1870_game_end_bank.json", "game-end-market-400.json"])
def test_recorded_game_has_no_difference(name: str) -> None:
    if not (FIXTURES / name).is_file():
        pytest.skip(f"no shared fixture {name}")
    report = oracle.run_oracle(FIXTURES / name)
    assert report.ok, report.as_dict()
    assert report.compared > 100
