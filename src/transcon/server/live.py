"""Live updates: wake the streams of a game when its log grows, in this process or another.

Commits in this process wake the streams directly. With PostgreSQL each process also
LISTENs on one channel; every commit NOTIFYs it (delivered at commit), so a stream served by
any process hears of an action accepted by any other. Streams read the log themselves after
each wake-up, so a lost or doubled notification costs nothing but a read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading

import psycopg
from sqlalchemy import Engine

from transcon.server.store import CHANNEL

log = logging.getLogger("transcon.server")


class Hub:
    """Per-game wake-up events for the streams open in this process (thread-safe publish)."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: dict[int, set[asyncio.Event]] = {}

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def subscribe(self, game_id: int) -> asyncio.Event:
        event = asyncio.Event()
        self._waiting.setdefault(game_id, set()).add(event)
        return event

    def unsubscribe(self, game_id: int, event: asyncio.Event) -> None:
        found = self._waiting.get(game_id)
        if found is not None:
            found.discard(event)
            if not found:
                del self._waiting[game_id]

    def publish(self, game_id: int, seq: int = 0) -> None:
        """Wake every stream of ``game_id``; callable from any thread."""
        if self._loop is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is shutting down
                self._loop.call_soon_threadsafe(self._wake, game_id)

    def wake_all(self) -> None:
        for game_id in list(self._waiting):
            self.publish(game_id)

    def _wake(self, game_id: int) -> None:
        for event in self._waiting.get(game_id, ()):
            event.set()


class PostgresListener:
    """A thread LISTENing for other processes' commits; reconnects after a failure."""

    def __init__(self, engine: Engine, hub: Hub) -> None:
        url = engine.url.set(drivername="postgresql")
        self._dsn = url.render_as_string(hide_password=False)
        self._hub = hub
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pg-listen", daemon=True)
        self.ready = threading.Event()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    self._hub.wake_all()  # anything missed while (re)connecting
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            game_id, _, seq = note.payload.partition(":")
                            self._hub.publish(int(game_id), int(seq or 0))
            except (psycopg.Error, OSError, ValueError) as err:
                log.warning("LISTEN connection lost (%s); reconnecting", err)
                self._stop.wait(1.0)
