"""A private PostgreSQL for tests and benchmarks: ``initdb`` + ``pg_ctl`` in a temporary folder.

It listens on 127.0.0.1 on a free port and on a socket in its own folder, trusts local
connections, and is removed on :meth:`TempPostgres.stop`. PostgreSQL refuses to run as root,
so under root (CI) the cluster belongs to the unprivileged user ``nobody``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg

SUPERUSER = "transcon"


def postgres_bindir() -> Path | None:
    """Where initdb and pg_ctl are (pg_config, else Debian's /usr/lib/postgresql/N/bin)."""
    pg_config = shutil.which("pg_config")
    if pg_config:
        found = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True)
        candidate = Path(found.stdout.strip())
        if found.returncode == 0 and (candidate / "initdb").exists():
            return candidate
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name or 0)
    )
    for folder in reversed(versions):
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class TempPostgres:
    """Start with :meth:`start` (returns the admin URL), stop with :meth:`stop`."""

    def __init__(self, bindir: Path | None = None, *, durable: bool = False) -> None:
        """``durable``: PostgreSQL's default fsync at commit (off by default: tests only)."""
        found = bindir or postgres_bindir()
        if found is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
        self.bindir = found
        self.folder = Path(tempfile.mkdtemp(prefix="transcon-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self._user = "nobody" if os.geteuid() == 0 else None
        self._databases = 0
        self.durable = durable

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            capture_output=True,
            text=True,
            user=self._user,
            cwd=self.folder,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> str:
        if self._user is not None:
            entry = pwd.getpwnam(self._user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8")
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            f"-c max_connections=300 -c fsync={'on' if self.durable else 'off'}"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w",
            "start",
        )  # fmt: skip
        return self.url("postgres")

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database on this cluster; returns its URL."""
        self._databases += 1
        name = f"t{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
