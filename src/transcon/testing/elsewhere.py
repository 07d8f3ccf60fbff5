"""Replay identity across processes: a saved game, loaded by a fresh Python with another
string-hash seed (``PYTHONHASHSEED``), must give the same state, generator and events. This
catches what one process cannot: iteration over sets of strings, ``id()``-ordered caches.

Run as ``python -m transcon.testing.elsewhere SAVE_FILE``: prints the game's digest.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from transcon.core.game import Game
from transcon.core.savefile import load_game, save_game
from transcon.testing.fingerprint import game_digest
from transcon.testing.report import Violation

#: Seconds a child process may take to load and replay a game.
TIMEOUT = 120


def check_replay_elsewhere(game: Game[Any], hash_seeds: Sequence[int] = (0, 1)) -> int:
    """Save ``game``, replay it in a fresh process per hash seed and compare digests (the
    title must be loadable by name there: an entry point or ``TRANSCON_EXTRA_TITLES``)."""
    here = game_digest(game)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        save_game(game, path)
        for seed in hash_seeds:
            env = {**os.environ, "PYTHONHASHSEED": str(seed)}
            done = subprocess.run(
                [sys.executable, "-m", "transcon.testing.elsewhere", str(path)],
                capture_output=True,
                text=True,
                env=env,
                timeout=TIMEOUT,
                check=False,
            )
            if done.returncode != 0:
                raise Violation(f"replay with PYTHONHASHSEED={seed} failed: {done.stderr[-500:]}")
            if done.stdout.strip() != here:
                raise Violation(
                    f"replayed with PYTHONHASHSEED={seed} the game differs from this process's "
                    f"({len(game.log)} actions)"
                )
    return len(hash_seeds)


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m transcon.testing.elsewhere SAVE_FILE", file=sys.stderr)
        return 2
    print(game_digest(load_game(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
