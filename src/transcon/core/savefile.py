"""Save files: a game's setup and action log as versioned JSON.

::

    {
      "format": "transcon-game",
      "version": 1,
      "transcon": "0.1.0",
      "title": "pig",
      "options": {"target": 20},
      "players": ["Ann", "Bob"],
      "seed": 7,
      "checksum": "sha256:...",
      "actions": [
        {"type": "roll", "player": "Ann"},
        {"type": "hold", "player": "Ann"}
      ]
    }

The state is never stored: loading replays the log. ``checksum`` (optional) is the
:meth:`~transcon.core.game.Game.state_digest` at save time, so ``transcon replay --verify``
can tell when today's rules replay an old game differently. Writes are atomic (temporary
file, then ``os.replace``), so a failed save leaves the previous file intact.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError

from transcon import __version__
from transcon.core.atomic import write_text_atomic
from transcon.core.errors import InputError, SaveFileError
from transcon.core.game import Game
from transcon.core.registry import get_title
from transcon.core.title import Title, validation_message

FORMAT = "transcon-game"
VERSION = 1


class SaveRecord(BaseModel):
    """The validated content of a save file (version 1)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["transcon-game"]
    version: Literal[1]
    transcon: StrictStr
    title: StrictStr
    options: dict[str, bool | StrictInt | StrictStr]
    players: list[StrictStr]
    seed: StrictInt
    actions: list[dict[str, Any]]
    checksum: StrictStr | None = None


def game_record(game: Game[Any]) -> dict[str, Any]:
    """The save-file dict of a game (options are stored resolved, defaults included)."""
    title = game.title
    return {
        "format": FORMAT,
        "version": VERSION,
        "transcon": __version__,
        "title": title.name,
        "options": dict(game.options),
        "players": list(game.players),
        "seed": game.seed,
        "checksum": game.state_digest(),
        "actions": [title.action_to_json(action) for action in game.log],
    }


def dumps_record(record: dict[str, Any]) -> str:
    """JSON text of a record: indented, but one line per action so long logs stay readable."""
    actions = record.get("actions", [])
    head = {key: value for key, value in record.items() if key != "actions"}
    lines = json.dumps(head, indent=2, ensure_ascii=False).rstrip("}").rstrip()
    body = ",\n".join("    " + json.dumps(a, ensure_ascii=False) for a in actions)
    inner = f"[\n{body}\n  ]" if actions else "[]"
    return f'{lines},\n  "actions": {inner}\n}}\n'


def save_game(game: Game[Any], path: str | Path) -> None:
    """Write the game to ``path`` atomically."""
    write_text_atomic(Path(path), dumps_record(game_record(game)))


def read_record(path: str | Path) -> SaveRecord:
    """Read and validate a save file without replaying it; SaveFileError if it is bad."""
    where = str(path)
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise SaveFileError(f"{where}: not a text file") from None
    except json.JSONDecodeError as err:
        raise SaveFileError(f"{where}: not valid JSON (line {err.lineno}: {err.msg})") from None
    return parse_record(raw, where)


def parse_record(raw: Any, where: str = "save file") -> SaveRecord:
    """Validate a decoded save file; the format and version are checked first."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        found = raw.get("format") if isinstance(raw, dict) else type(raw).__name__
        raise SaveFileError(f"{where}: not a transcon game file (format {found!r})")
    version = raw.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveFileError(
            f"{where}: save format version {version} is newer than this transcon supports "
            f"({VERSION}); upgrade transcon"
        )
    if isinstance(version, bool) or version != VERSION:
        raise SaveFileError(f"{where}: unknown save format version {version!r}")
    try:
        return SaveRecord.model_validate(raw)
    except ValidationError as err:
        raise SaveFileError(f"{where}: {validation_message(err)}") from None


def game_from_record(
    record: SaveRecord,
    where: str = "save file",
    titles: Callable[[str], Title[Any]] = get_title,
) -> Game[Any]:
    """Replay a validated record into a game; SaveFileError naming the failing part."""
    try:
        title = titles(record.title)
    except InputError as err:
        raise SaveFileError(f"{where}: {err}") from None
    try:
        return Game.from_log(title, record.players, record.actions, record.options, record.seed)
    except InputError as err:  # bad players/options, or a ReplayError naming the action
        raise SaveFileError(f"{where}: {err}") from None


def load_game(path: str | Path, titles: Callable[[str], Title[Any]] = get_title) -> Game[Any]:
    """Load and replay a save file; SaveFileError says what is wrong and where."""
    return game_from_record(read_record(path), str(path), titles)


def load_game_checked(
    path: str | Path, titles: Callable[[str], Title[Any]] = get_title
) -> tuple[Game[Any], str | None]:
    """Like :func:`load_game`, also returning the checksum stored in the file (or None)."""
    record = read_record(path)
    return game_from_record(record, str(path), titles), record.checksum
