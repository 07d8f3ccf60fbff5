"""``transcon serve`` in a child process (for crash and multi-process tests)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from transcon.server.devdb import free_port


class ServeProcess:
    def __init__(self, db: str) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServeProcess:
        transcon = str(Path(sys.executable).parent / "transcon")
        command = [transcon, "serve", "--db", self.db]
        self.process = subprocess.Popen(
            [*command, "--port", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.url}/api/titles", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"transcon serve did not start: {err}")
            time.sleep(0.1)

    def kill(self) -> None:
        """kill -9: no shutdown, no flush, nothing."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
