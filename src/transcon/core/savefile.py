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
can tell when today's rules replay an old game differently.

Older formats load (see :data:`FORMATS`): their actions read as they are, and their checksum
is compared over the state layout of their format (:func:`saved_state_matches`). Writes are
atomic (temporary file, then ``os.replace``), so a failed save leaves the previous file
intact. Commands that change a saved game use :func:`editing_game`, which holds an OS lock
on the file over the whole read-change-write, so two processes acting at once both land (one
after the other).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError

from transcon import __version__
from transcon.core.atomic import remove_stale_temporaries, write_text_atomic
from transcon.core.errors import InputError, SaveFileError
from transcon.core.filelock import locked_file
from transcon.core.game import Game, checksum_of
from transcon.core.inputs import load_json, read_input_bytes
from transcon.core.options import stored_options
from transcon.core.registry import get_title
from transcon.core.title import Title, validation_message

FORMAT = "transcon-game"
VERSION = 2
#: What each save format version changed. The fields of the file never changed; what
#: changed is the layout of the state whose checksum a file holds.
FORMATS = {
    1: "the first format",
    2: "18xx titles: 1870's own fields left the framework's state for 1870's own part of it "
    "(checksums of 18xx games are taken over the new layout; actions unchanged)",
}


class SaveRecord(BaseModel):
    """The validated content of a save file (any version of :data:`FORMATS`)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["transcon-game"]
    version: Literal[1, 2]
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


def save_game(game: Game[Any], path: str | Path, *, locked: bool = False) -> None:
    """Write the game to ``path`` atomically, removing temporaries a killed writer left.

    ``locked``: the caller holds the file's lock (:func:`editing_game`), so every leftover
    temporary is stale; otherwise only those older than a minute are removed.
    """
    target = Path(path)
    remove_stale_temporaries(target, all_of_them=locked)
    write_text_atomic(target, dumps_record(game_record(game)))


@contextmanager
def editing_game(
    path: str | Path, titles: Callable[[str], Title[Any]] = get_title
) -> Iterator[Game[Any]]:
    """Lock the save file, load the game and yield it; save it if the block succeeds.

    The lock is held from before the read until after the write, so a concurrent ``act``
    waits and then starts from this one's result: no accepted action is ever lost. If the
    block raises, the file is left exactly as it was.
    """
    target = Path(path)
    with locked_file(target):
        game = load_game(target, titles)
        yield game
        save_game(game, target, locked=True)


def read_record(path: str | Path) -> SaveRecord:
    """Read and validate a save file without replaying it; SaveFileError if it is bad."""
    where = str(path)
    try:
        raw = load_json(read_input_bytes(Path(path), "the save file"), where)
    except SaveFileError:
        raise
    except InputError as err:
        raise SaveFileError(str(err)) from None
    return parse_record(raw, where)


def parse_record(raw: Any, where: str = "save file") -> SaveRecord:
    """Validate a decoded save file; the format and version are checked first."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        found = raw.get("format") if isinstance(raw, dict) else type(raw).__name__
        raise SaveFileError(f"{where}: not a transcon game file (format {found!r})")
    version = raw.get("version")
    if type(version) is int and version > VERSION:  # neither a bool nor a float
        raise SaveFileError(
            f"{where}: save format version {version} is newer than this transcon supports "
            f"({VERSION}); upgrade transcon"
        )
    if type(version) is not int or version not in FORMATS:
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
        options = stored_options(title.options, record.options)
        return Game.from_log(title, record.players, record.actions, options, record.seed)
    except InputError as err:  # bad players/options, or a ReplayError naming the action
        raise SaveFileError(f"{where}: {err}") from None


def load_game(path: str | Path, titles: Callable[[str], Title[Any]] = get_title) -> Game[Any]:
    """Load and replay a save file; SaveFileError says what is wrong and where."""
    return game_from_record(read_record(path), str(path), titles)


def load_game_checked(
    path: str | Path, titles: Callable[[str], Title[Any]] = get_title
) -> tuple[Game[Any], SaveRecord]:
    """Like :func:`load_game`, also returning the file's record (its checksum and format
    version for :func:`saved_state_matches`)."""
    record = read_record(path)
    return game_from_record(record, str(path), titles), record


def saved_state_matches(game: Game[Any], record: SaveRecord) -> bool | None:
    """Whether ``game``, replayed from ``record``, is in the state the file saved: its
    checksum compared over the state layout of the file's format version (an older format's
    layout is rebuilt by ``Title.state_to_json_in_format``), without the options the title
    gained after the file was written. None when the file holds no checksum or its format's
    layout cannot be rebuilt for this game."""
    if record.checksum is None:
        return None
    data: dict[str, Any] | None = (
        game.title.state_to_json(game.state)
        if record.version == VERSION
        else game.title.state_to_json_in_format(game.state, record.version)
    )
    if data is None:
        return None
    if checksum_of(data) == record.checksum:
        return True
    # A file written before the title gained an option does not name it: the game plays it
    # at its default, and the saved state did not list it.
    gained = set(game.options) - set(record.options)
    listed = data.get("options")
    if gained and isinstance(listed, dict) and gained & listed.keys():
        data["options"] = {k: v for k, v in listed.items() if k not in gained}
        return checksum_of(data) == record.checksum
    return False


def digest_matches(game: Game[Any], digest: str) -> bool:
    """Whether a checksum kept without its format version (a server's database) is that of
    ``game``'s state, in today's layout or in an older format's."""
    if game.state_digest() == digest:
        return True
    return any(game.state_digest_in_format(version) == digest for version in FORMATS)
