"""An exclusive OS lock on a file that is replaced atomically (``os.replace``) while locked.

``fcntl.flock`` locks an inode, and an atomic write puts a new inode at the path. So after
taking the lock we check that the path still names the inode we locked; if another process
replaced the file meanwhile, we lock the new one instead. Every process that changes the file
takes this lock for its whole read-change-write, so two commands never both start from the
same old content (the second one waits and then reads what the first one wrote). Readers
that only read need no lock: they always see a complete old or new file.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def locked_file(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the existing file ``path`` (OSError if it does not exist).

    The lock is released when the block ends, or by the OS when the process dies.
    """
    while True:
        fd = os.open(path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            locked, current = os.fstat(fd), os.stat(path)
        except BaseException:
            os.close(fd)
            raise
        if (locked.st_dev, locked.st_ino) == (current.st_dev, current.st_ino):
            break
        os.close(fd)  # replaced while we waited: lock the file that is there now
    try:
        yield
    finally:
        os.close(fd)
