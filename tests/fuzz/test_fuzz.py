"""Issue 16: our own fuzz suite. Hostile actions for every registered title, corrupt save
files, malformed 18xx.games files and hostile maps must each be refused with a one-line
error (exit 2 through the CLI), leaving state, random generator, log and file unchanged; any
other exception is a bug and fails the test with the input that caused it.

The default run takes a small sample; ``--runslow`` runs the full counts (at least 10^5
actions per title) and prints figures. Every run is seeded, so a failure reproduces.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hostile_inputs import action_texts, mutate_bytes, mutate_json, position
from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.core.bots import bot_seed
from transcon.core.errors import TransconError
from transcon.core.game import Game
from transcon.core.inputs import load_json
from transcon.core.mapfile import parse_map_text, shipped_maps_dir
from transcon.core.registry import available_titles
from transcon.core.savefile import game_from_record, game_record, parse_record, save_game
from transcon.render import render_svg

SLOW = {"actions": 100_000, "cli": 200, "saves": 2_000, "games18xx": 300, "maps": 3_000}
FAST = {"actions": 150, "cli": 2, "saves": 20, "games18xx": 4, "maps": 40}
#: Plies of random play before each fuzzed position (bounded by the game's end).
DEPTHS = (0, 12, 40)
#: Refused actions between two full comparisons of the state (a change would persist).
STATE_EVERY = 25
FIXTURE = (
    Path(__file__).resolve().parents[2]
    / ".."
    / "shared/reference/18xx-games/fixtures/1870/1870_game_end_bank.json"
)


@pytest.fixture
def counts(request: pytest.FixtureRequest) -> dict[str, int]:
    return SLOW if request.config.getoption("--runslow") else FAST


def fingerprint(game: Game[Any], full: bool) -> tuple[Any, ...]:
    state = game.state_json() if full else b""
    return (state, game.rng.get_state(), len(game.log), len(game.events))


def fuzz_position(base: Game[Any], rng: random.Random, count: int, tally: Counter[str]) -> None:
    game = base.clone()
    before = fingerprint(game, full=True)
    for number, text in enumerate(action_texts(rng, base, count)):
        player = rng.choice([*base.players, None])
        try:
            game.act(text, player)
        except TransconError as err:
            message = str(err)
            assert "\n" not in message and len(message) < 2_000, (text, message)
            full = number % STATE_EVERY == 0
            assert fingerprint(game, full) == (before if full else (b"", *before[1:])), text
            tally["refused"] += 1
        except Exception as err:  # a crash is a bug: report the input
            raise AssertionError(f"{base.title.name}: {text!r} raised {err!r}") from err
        else:
            tally["accepted"] += 1
            game = base.clone()
    assert fingerprint(game, full=True) == before


@pytest.mark.parametrize("title_name", available_titles())
def test_fuzzed_actions(title_name: str, counts: dict[str, int]) -> None:
    rng = random.Random(bot_seed("actions", title_name))
    tally: Counter[str] = Counter()
    started = time.perf_counter()
    for depth in DEPTHS:
        share = -(-counts["actions"] // len(DEPTHS))  # rounded up: at least the full count
        fuzz_position(position(title_name, depth), rng, share, tally)
    seconds = time.perf_counter() - started
    print(f"\n{title_name}: {sum(tally.values())} actions ({dict(tally)}) in {seconds:.1f}s")
    assert tally["refused"] > 0


@pytest.mark.parametrize("title_name", available_titles())
def test_fuzzed_actions_through_the_cli(
    title_name: str, counts: dict[str, int], tmp_path: Path
) -> None:
    """Exit status 2, exactly one line, no traceback, the save file byte-identical."""
    rng = random.Random(bot_seed("cli", title_name))
    game = position(title_name, DEPTHS[1])
    path = tmp_path / "game.json"
    save_game(game, path)
    before = path.read_bytes()
    runner = CliRunner()
    for text in action_texts(rng, game, counts["cli"]):
        result = runner.invoke(app, ["act", str(path), "--", text])
        if result.exit_code == 0:
            path.write_bytes(before)
            continue
        lines = result.stderr.splitlines()
        assert result.exit_code == 2 and len(lines) == 1, (text, result.output)
        assert lines[0].startswith("error: ") and "Traceback" not in result.output
        assert path.read_bytes() == before, text


@pytest.mark.parametrize("title_name", available_titles())
def test_corrupt_save_files(title_name: str, counts: dict[str, int]) -> None:
    rng = random.Random(bot_seed("saves", title_name))
    game = position(title_name, DEPTHS[1])
    raw = parse_record(game_record(game)).model_dump()
    text = json.dumps(raw)
    tally: Counter[str] = Counter()
    for _ in range(counts["saves"] // len(available_titles()) + 1):
        if rng.random() < 0.5:
            candidate = json.dumps(mutate_json(rng, raw, rng.randint(1, 3)))
        else:
            candidate = mutate_bytes(rng, text)
        try:
            game_from_record(parse_record(load_json(candidate, "save"), "save"), "save")
            tally["loaded"] += 1
        except TransconError as err:
            assert "\n" not in str(err), candidate[:200]
            tally["refused"] += 1
        except Exception as err:
            raise AssertionError(f"save {candidate[:300]!r} raised {err!r}") from err
    assert tally["refused"] > 0


def test_malformed_18xx_games_files(counts: dict[str, int], tmp_path: Path) -> None:
    if not FIXTURE.is_file():
        pytest.skip(f"18xx.games fixture not found: {FIXTURE}")
    from transcon.titles.t1870.fixture import check_fixture, load_fixture
    from transcon.titles.t1870.importer.replay import import_fixture
    from transcon.titles.t1870.oracle import oracle

    rng = random.Random(bot_seed("18xx"))
    base = json.loads(FIXTURE.read_text())
    base["actions"] = base["actions"][:90]  # a short game keeps each check quick
    path = tmp_path / "game.json"
    commands = (check_fixture, import_fixture, lambda p: oracle(load_fixture(p)))
    tally: Counter[str] = Counter()
    for _ in range(counts["games18xx"]):
        path.write_text(json.dumps(mutate_json(rng, base, rng.randint(1, 3))))
        command = rng.choice(commands)
        try:
            command(path)
            tally["read"] += 1
        except TransconError as err:
            assert "\n" not in str(err)
            tally["refused"] += 1
        except Exception as err:
            raise AssertionError(
                f"18xx.games file {path.read_text()[:300]} raised {err!r}"
            ) from err
    print(f"\n18xx.games files: {dict(tally)}")


def test_hostile_maps(counts: dict[str, int]) -> None:
    rng = random.Random(bot_seed("maps"))
    base = json.loads((shipped_maps_dir() / "demo.json").read_text())
    tally: Counter[str] = Counter()
    for _ in range(counts["maps"]):
        document = mutate_json(rng, base, rng.randint(1, 4))
        try:
            board = parse_map_text(json.dumps(document), "map")
            render_svg(board)
            tally["drawn"] += 1
        except TransconError as err:
            assert all("\n" not in line for line in getattr(err, "problems", [str(err)]))
            tally["refused"] += 1
        except Exception as err:
            raise AssertionError(f"map {json.dumps(document)[:300]} raised {err!r}") from err
    print(f"\nmaps: {dict(tally)}")
    assert tally["refused"] > 0
