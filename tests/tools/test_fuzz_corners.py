"""``tools/oracle-18xx/fuzz.py``: which bot plays each fuzzed game and the rare corners of
issue 12 it counts (our engine only: no Ruby needed)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_fuzz() -> ModuleType:
    path = ROOT / "tools" / "oracle-18xx" / "fuzz.py"
    spec = importlib.util.spec_from_file_location("oracle_18xx_fuzz", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["oracle_18xx_fuzz"] = module
    spec.loader.exec_module(module)
    return module


fuzz = load_fuzz()


def test_bots_of_the_fuzzed_games() -> None:
    kinds = [fuzz.bot_for(i, ()) for i in range(200)]
    assert kinds[:3] == ["random", "builder", "builder"]
    assert kinds[30:33] == ["random", "seeker", "seeker"]
    assert {k: kinds.count(k) for k in set(kinds)} == {"random": 67, "builder": 73, "seeker": 60}
    assert [fuzz.bot_for(i, ("seeker",)) for i in range(3)] == ["seeker"] * 3


def counted(index: int) -> dict[str, int]:
    game, setup = fuzz.play(index, 1870_000, ("seeker",))
    assert setup["bot"] == "seeker"
    found = dict(fuzz.corners(game))
    assert found["connection run"] == sum(1 for a in game.log if a.type == "connect")
    return found


def test_seeker_games_reach_the_rare_corners_and_they_are_counted() -> None:
    two = counted(0)  # 2 players
    for corner in (
        "connection run",
        "connection run after the last turn of an operating round",
        "Mississippi bridge bought by a company",
        "Mississippi bridge (MRBC lay)",
        "president pays for a forced train",
        "market token onto a ledge",
        "redemption",
        "reissue",
    ):
        assert two.get(corner, 0) > 0, (corner, two)
    five = counted(3)  # 5 players: presidents short of cash
    for corner in (
        "sale in an operating round (president raising cash)",
        "price protection of an operating-round sale taken",
        "price protection of an operating-round sale declined",
        "bankruptcy",
    ):
        assert five.get(corner, 0) > 0, (corner, five)
