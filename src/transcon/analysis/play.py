"""Play one designed game and turn it into a results row (the same in any process).

:func:`play_spec` is a plain top-level function of plain data, so a process pool or a Ray
worker runs exactly the code a single process runs; the row holds no timing, so two runs of
the same design write the same file.
"""

from __future__ import annotations

import json
from typing import Any

from transcon.analysis.design import GameSpec
from transcon.core.bots import make_bot, play_out
from transcon.core.game import Game
from transcon.core.registry import get_title

#: The results file's columns, in order (JSON cells for lists and dicts).
COLUMNS = (
    "key",
    "setting",
    "experiment",
    "label",
    "title",
    "options",
    "players",
    "seed",
    "bots",
    "bot_seeds",
    "dice",
    "decisions",
    "completed",
    "error",
    "scores",
    "winners",
    "length",
    "figures",
)


def seat_names(count: int) -> list[str]:
    return [f"P{seat}" for seat in range(1, count + 1)]


def build_game(spec: GameSpec) -> tuple[Game[Any], dict[str, Any]]:
    """The game and its bots as the spec (or a results row read back) describes them."""
    title = get_title(spec.title)
    names = seat_names(len(spec.bots))
    game = Game.new(title, names, spec.options, spec.seed)
    bots = {
        name: make_bot(title, bot, seed)
        for name, bot, seed in zip(names, spec.bots, spec.bot_seeds, strict=True)
    }
    return game, bots


def play_spec(spec: GameSpec) -> dict[str, Any]:
    """Play the game to its end (or ``max_actions``) and return its results row."""
    row: dict[str, Any] = {
        "key": spec.key,
        "setting": spec.setting,
        "experiment": spec.experiment,
        "label": spec.label,
        "title": spec.title,
        "options": spec.options_json(),
        "players": len(spec.bots),
        "seed": spec.seed,
        "bots": json.dumps(list(spec.bots)),
        "bot_seeds": json.dumps(list(spec.bot_seeds)),
        "dice": spec.dice,
        "decisions": spec.decisions,
        "completed": False,
        "error": "",
        "scores": "[]",
        "winners": "[]",
        "length": 0,
        "figures": "{}",
    }
    game: Game[Any] | None = None
    try:
        game, bots = build_game(spec)
        play_out(game, bots, spec.max_actions)
        if game.is_over():
            names = seat_names(len(spec.bots))
            result = game.result()
            winners = set(game.winners())
            row["completed"] = True
            row["scores"] = json.dumps([result[name] for name in names])
            row["winners"] = json.dumps([s for s, name in enumerate(names) if name in winners])
            row["figures"] = json.dumps(game.title.game_statistics(game.state), sort_keys=True)
    except Exception as err:  # an analysis records a failing game instead of stopping
        row["error"] = f"{type(err).__name__}: {err}"
    row["length"] = len(game.log) if game is not None else 0
    return row
