"""Issue 16 items 1-2: concurrent commands on one save file never lose an accepted action,
and temporaries a killed writer left behind are removed by the next write."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from toy_title import ToyTitle

from transcon.core.atomic import STALE_SECONDS, remove_stale_temporaries
from transcon.core.game import Game
from transcon.core.savefile import editing_game, load_game, save_game


def _slow_roll(path: str, barrier: multiprocessing.synchronize.Barrier, out: str) -> None:
    barrier.wait()
    with editing_game(path, lambda _: ToyTitle()) as game:
        time.sleep(0.05)  # widen the read-change-write window: without a lock one is lost
        game.act("roll")
    Path(out).write_text("ok")


def test_racing_processes_all_land(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(Game.new(ToyTitle(), ["Ann", "Bob"], {"target": 99}, seed=1), path)
    ctx = multiprocessing.get_context("fork")
    racers = 4
    barrier = ctx.Barrier(racers)
    procs = [
        ctx.Process(target=_slow_roll, args=(str(path), barrier, str(tmp_path / f"ok{i}")))
        for i in range(racers)
    ]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(30)
    assert all(proc.exitcode == 0 for proc in procs)
    assert len(load_game(path, lambda _: ToyTitle()).log) == racers


def test_racing_sealed_starts_through_the_cli(tmp_path: Path) -> None:
    """The probe's case: two rivals' sealed start picks at once; both replies are in the log."""
    cli = [sys.executable, "-m", "transcon"]
    path = tmp_path / "g.json"
    new = [*cli, "new", "railway-rivals-usa", "-p", "Ann,Bob,Cy", "--seed", "4", "--save"]
    subprocess.run([*new, str(path)], check=True, capture_output=True)
    picks = {"Ann": "K98", "Bob": "L97"}
    procs = [
        subprocess.Popen(
            [*cli, "act", str(path), f"start {hex_}", "--player", who],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for who, hex_ in picks.items()
    ]
    replies = [proc.communicate(timeout=60) for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], replies
    logged = json.loads(path.read_text())["actions"]
    assert {(a["player"], a["hex"]) for a in logged} == set(picks.items())


def _leave_temporary(path: Path, age: float) -> Path:
    tmp = path.with_name(f".{path.name}.0badf00d.tmp")
    tmp.write_text("half a save")
    os.utime(tmp, (time.time() - age, time.time() - age))
    return tmp


def test_stale_temporaries_are_removed_on_the_next_write(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = Game.new(ToyTitle(), ["Ann", "Bob"], seed=1)
    old = _leave_temporary(path, STALE_SECONDS + 5)
    fresh = _leave_temporary(path.with_name("other.json"), STALE_SECONDS + 5)
    save_game(game, path)
    assert not old.exists()
    assert fresh.exists()  # another file's temporary is not ours to remove
    young = _leave_temporary(path, 0)
    save_game(game, path)
    assert young.exists()  # maybe a live writer: kept unless we hold the lock
    with editing_game(path, lambda _: ToyTitle()):
        pass
    assert not young.exists()
    assert remove_stale_temporaries(path) == 0


def test_a_refused_edit_leaves_the_file_untouched(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(Game.new(ToyTitle(), ["Ann", "Bob"], seed=1), path)
    before = path.read_bytes()
    with pytest.raises(RuntimeError), editing_game(path, lambda _: ToyTitle()) as game:
        game.act("roll")
        raise RuntimeError("refused after the change")
    assert path.read_bytes() == before
