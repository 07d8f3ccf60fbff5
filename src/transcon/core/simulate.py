"""Run many bot-played games of a title: throughput, robustness and outcome statistics.

Game ``i`` of a run with seed ``S`` uses game seed ``S + i`` (so any game can be re-created
with ``transcon new --seed``) and bot seeds derived from ``(S, i, seat)``. A game that raises
is counted under ``errors`` with its message; one that reaches ``max_actions`` without ending
is ``incomplete``. Titles add numbers through ``game_statistics``/``aggregate_statistics``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from transcon.core.bots import bot_seed, make_bot, play_out
from transcon.core.errors import InputError
from transcon.core.game import Game, check_players
from transcon.core.options import resolve_options
from transcon.core.savefile import save_game
from transcon.core.title import Title

if TYPE_CHECKING:
    from rich.progress import Progress


def games_progress(label: str, enabled: bool) -> Progress:
    """The Rich progress bar of a run of games (on stderr; gone when the run ends)."""
    # Rich loads here, not with the module: every CLI command imports this module, and Rich
    # is a fifth of a command's start-up.
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.description}"),  # e.g. the current game's action count
        console=Console(stderr=True),
        disable=not enabled,
        transient=True,
    )


def seat_names(players: int | Sequence[str]) -> list[str]:
    """Player names: as given, or ``P1..Pn`` for a count."""
    if isinstance(players, int):
        return [f"P{i}" for i in range(1, players + 1)]
    return list(players)


def simulate(
    title: Title[Any],
    games: int,
    players: int | Sequence[str] = 2,
    bots: str | Sequence[str] = "random",
    *,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    max_actions: int = 100_000,
    progress: bool = False,
    per_game: bool = True,
    save_dir: Path | None = None,
) -> dict[str, Any]:
    """Play ``games`` bot games and summarise them (JSON-able).

    ``bots`` is one bot name for every seat or one name per seat. With ``per_game`` the
    summary includes a ``results`` list with every game's outcome. With ``save_dir`` every
    game's save file is kept there as ``TITLE-SEED.json`` (the game seed), finished or not.
    """
    if games < 0:
        raise InputError(f"cannot simulate {games} games")
    names = list(check_players(title, seat_names(players)))
    resolved = resolve_options(title.options, options, title=title.name)
    bot_names = [bots] * len(names) if isinstance(bots, str) else list(bots)
    if len(bot_names) != len(names):
        raise InputError(f"{len(names)} players but {len(bot_names)} bots")
    for name in set(bot_names):
        make_bot(title, name, 0)  # fail fast on an unknown bot name
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)

    results: list[dict[str, Any]] = []
    started = time.perf_counter()
    with games_progress(f"simulating {title.name}", progress) as bar:
        task = bar.add_task("", total=games)
        # a terminal shows the bar; a log file gets one line per game
        lines = progress and not bar.console.is_terminal
        for index in range(games):

            def playing(count: int, index: int = index) -> None:
                if count % 25 == 0:
                    bar.update(task, description=f"game {index + 1}: {count} actions")

            outcome, game = _play_one(
                title, names, bot_names, resolved, seed, index, max_actions, playing
            )
            if lines:
                bar.console.print(_progress_line(outcome, index, games, started))
            if save_dir is not None and game is not None:
                saved = save_dir / f"{title.name}-{outcome['seed']}.json"
                save_game(game, saved)
                outcome["save"] = str(saved)
            results.append(outcome)
            bar.advance(task)
    seconds = time.perf_counter() - started
    return _summary(title, names, bot_names, resolved, seed, results, seconds, per_game)


def _progress_line(outcome: dict[str, Any], index: int, games: int, started: float) -> str:
    state = "error" if "error" in outcome else "done" if outcome["completed"] else "incomplete"
    elapsed = time.perf_counter() - started
    return (
        f"game {index + 1}/{games} (seed {outcome['seed']}) {state}: "
        f"{outcome['actions']} actions, {elapsed:.1f}s so far"
    )


def _play_one(
    title: Title[Any],
    names: list[str],
    bot_names: list[str],
    options: Mapping[str, object],
    seed: int,
    index: int,
    max_actions: int,
    on_action: Callable[[int], None] | None = None,
) -> tuple[dict[str, Any], Game[Any] | None]:
    game_seed = seed + index
    outcome: dict[str, Any] = {"game": index, "seed": game_seed, "completed": False}
    game: Game[Any] | None = None
    try:
        game = Game.new(title, names, options, game_seed)
        seats = {
            player: make_bot(title, bot, bot_seed(seed, index, seat))
            for seat, (player, bot) in enumerate(zip(names, bot_names, strict=True))
        }
        play_out(game, seats, max_actions, on_action)
        outcome["completed"] = game.is_over()
        if game.is_over():
            outcome["result"] = game.result()
            outcome["winners"] = game.winners()
            outcome["statistics"] = title.game_statistics(game.state)
    except Exception as err:  # a simulation reports failures instead of stopping
        outcome["error"] = f"{type(err).__name__}: {err}"
    outcome["actions"] = len(game.log) if game is not None else 0
    return outcome, game


def _summary(
    title: Title[Any],
    names: list[str],
    bot_names: list[str],
    options: Mapping[str, object],
    seed: int,
    results: list[dict[str, Any]],
    seconds: float,
    per_game: bool,
) -> dict[str, Any]:
    done = [r for r in results if r["completed"]]
    errors = [r for r in results if "error" in r]
    actions = sum(r["actions"] for r in results)
    wins = {name: sum(name in r["winners"] for r in done) for name in names}
    average = {
        name: round(sum(r["result"].get(name, 0) for r in done) / len(done), 3) if done else None
        for name in names
    }
    summary: dict[str, Any] = {
        "title": title.name,
        "games": len(results),
        "completed": len(done),
        "incomplete": len(results) - len(done) - len(errors),
        "errors": len(errors),
        "seconds": round(seconds, 3),
        "games_per_second": round(len(results) / seconds, 2) if seconds > 0 else None,
        "actions": actions,
        "actions_per_second": round(actions / seconds) if seconds > 0 else None,
        "seed": seed,
        "players": names,
        "bots": bot_names,
        "options": dict(options),
        "wins": wins,
        "ties": sum(len(r["winners"]) > 1 for r in done),
        "average_score": average,
        "statistics": title.aggregate_statistics([r["statistics"] for r in done]),
    }
    if errors:
        summary["first_errors"] = [
            {"game": r["game"], "seed": r["seed"], "error": r["error"]} for r in errors[:5]
        ]
    if per_game:
        summary["results"] = results
    return summary
