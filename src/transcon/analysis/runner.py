"""Run a design's games in one process, a local process pool or Ray, into a CSV results file.

Resume: rows already in the file (by ``key``) are not replayed. Rows are appended as games
finish (so an interrupted run loses at most the games in flight), and at the end the file is
rewritten in design order, so a single-process, pool or Ray run of the same design writes the
same bytes.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from transcon.analysis.design import GameSpec
from transcon.analysis.play import COLUMNS, play_spec
from transcon.core.atomic import write_text_atomic
from transcon.core.errors import InputError
from transcon.core.simulate import games_progress

Row = dict[str, Any]


def read_rows(path: Path) -> list[Row]:
    """The rows of a results file (empty if it does not exist); InputError if malformed.

    A last line without its newline is a row cut off by an interruption: it is ignored (and
    the game is played again).
    """
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    reader = csv.DictReader(io.StringIO(text[: text.rfind("\n") + 1]))
    if reader.fieldnames is None:
        return []
    if tuple(reader.fieldnames) != COLUMNS:
        raise InputError(f"{path}: not an analysis results file (columns differ)")
    return [_typed(row, path, number) for number, row in enumerate(reader, start=2)]


def _typed(row: dict[str, str], path: Path, line: int) -> Row:
    try:
        typed: Row = dict(row)
        for name in ("players", "seed", "dice", "decisions", "length"):
            typed[name] = int(row[name])
        typed["completed"] = row["completed"] == "True"
        return typed
    except (TypeError, ValueError) as err:
        raise InputError(f"{path}:{line}: malformed results row ({err})") from None


def _csv_text(rows: Iterable[Row]) -> str:
    lines = [",".join(COLUMNS)]
    for row in rows:
        lines.append(_csv_line(row))
    return "\n".join(lines) + "\n"


def _csv_line(row: Row) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="").writerow([row[c] for c in COLUMNS])
    return buffer.getvalue()


def run_design(
    specs: Sequence[GameSpec],
    results: Path,
    *,
    workers: int = 1,
    ray_address: str | None = None,
    use_ray: bool = False,
    progress: bool = False,
    play: bool = True,
) -> list[Row]:
    """Play every spec not yet in ``results``; return all rows in design order.

    Without ``play`` nothing is played or written: the rows of the design already in the file.
    """
    done = {row["key"]: row for row in read_rows(results)}
    for spec in specs:  # a row of another game under the same key (say, changed options)
        if spec.key in done and not _played_as(done[spec.key], spec):
            del done[spec.key]  # is stale: the game is played again
    if not play:
        return [done[spec.key] for spec in specs if spec.key in done]
    todo = [spec for spec in specs if spec.key not in done]
    results.parent.mkdir(parents=True, exist_ok=True)
    # the header, the rows read and nothing else (drops a row cut off by an interruption)
    write_text_atomic(results, _csv_text(done.values()))
    with (
        results.open("a", encoding="utf-8") as sink,
        games_progress("analysing", progress) as bar,
    ):
        task = bar.add_task("", total=len(specs), completed=len(specs) - len(todo))
        for row in _execute(todo, workers, use_ray, ray_address):
            sink.write(_csv_line(row) + "\n")
            sink.flush()
            done[row["key"]] = row
            bar.advance(task)
    ordered = [done[spec.key] for spec in specs]
    extra = [row for key, row in done.items() if key not in {s.key for s in specs}]
    write_text_atomic(results, _csv_text(ordered + extra))
    return read_rows(results)[: len(ordered)]


def _played_as(row: Row, spec: GameSpec) -> bool:
    """Whether a results row is the game of ``spec`` (title, options, seed, bots)."""
    played = (row["title"], row["options"], row["seed"], row["bots"], row["bot_seeds"])
    wanted = (
        spec.title,
        spec.options_json(),
        spec.seed,
        json.dumps(list(spec.bots)),
        json.dumps(list(spec.bot_seeds)),
    )
    return played == wanted


def _execute(
    todo: Sequence[GameSpec], workers: int, use_ray: bool, address: str | None
) -> Iterator[Row]:
    if use_ray:
        from transcon.analysis.ray_backend import run_on_ray

        yield from run_on_ray(todo, address)
    elif workers <= 1 or len(todo) <= 1:
        yield from map(play_spec, todo)
    else:
        yield from _pool(todo, workers, play_spec)


def _pool(todo: Sequence[GameSpec], workers: int, play: Callable[[GameSpec], Row]) -> Iterator[Row]:
    """A process pool with at most ``2 * workers`` games in flight, yielding as they finish."""
    pending = iter(todo)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[Row]] = set()
        for spec in pending:
            running.add(pool.submit(play, spec))
            if len(running) >= 2 * workers:
                break
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                following = next(pending, None)
                if following is not None:
                    running.add(pool.submit(play, following))


def default_workers() -> int:
    return max(1, (os.cpu_count() or 1))
