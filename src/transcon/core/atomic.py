"""Writing files atomically, so a failed write never leaves a half-written file behind."""

from __future__ import annotations

import os
import re
import secrets
import time
from pathlib import Path

#: A temporary older than this was left behind by a killed writer (a write takes
#: milliseconds); :func:`remove_stale_temporaries` deletes it.
STALE_SECONDS = 60.0


def _temporary_pattern(path: Path) -> re.Pattern[str]:
    return re.compile(rf"\.{re.escape(path.name)}\.[0-9a-f]{{8}}\.tmp")


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file next to ``path``, then rename it over ``path``."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    # os.open with 0o666 lets the umask decide permissions, as a plain open() would.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    """:func:`write_bytes_atomic` for UTF-8 text."""
    write_bytes_atomic(path, text.encode("utf-8"))


def remove_stale_temporaries(path: Path, *, all_of_them: bool = False) -> int:
    """Delete the ``.NAME.XXXXXXXX.tmp`` files a killed writer of ``path`` left behind.

    Only those older than :data:`STALE_SECONDS`, unless ``all_of_them`` (the caller holds
    the file's lock, so no other writer can be half-way). Returns how many were removed.
    """
    pattern = _temporary_pattern(path)
    folder = path.parent
    removed = 0
    try:
        names = [name for name in os.listdir(folder) if pattern.fullmatch(name)]
    except OSError:
        return 0
    now = time.time()
    for name in names:
        candidate = folder / name
        try:
            if all_of_them or now - candidate.stat().st_mtime > STALE_SECONDS:
                candidate.unlink()
                removed += 1
        except FileNotFoundError:
            continue  # another process cleaned it first
    return removed
