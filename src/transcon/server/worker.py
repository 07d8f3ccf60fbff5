"""A background thread fed with game ids: what the bot runner and the notifier share.

The store calls the worker (as a listener) after each commit that grows a game's log; the
thread takes the game ids one at a time and handles each. A game already waiting in the queue
is not queued again: handling reads the game's latest state, so one pass covers both commits.
"""

from __future__ import annotations

import logging
import queue
import threading

log = logging.getLogger("transcon.server")


class GameWorker:
    """Subclasses set ``name`` and implement :meth:`handle`; a failure in one game is logged
    and never stops the thread."""

    name = "worker"

    def __init__(self) -> None:
        self._queue: queue.Queue[int] = queue.Queue()
        self._queued: set[int] = set()
        self._guard = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def __call__(self, game_id: int, seq: int) -> None:
        """A store listener: a game's log grew."""
        with self._guard:
            if game_id in self._queued:
                return
            self._queued.add(game_id)
        self._queue.put(game_id)

    def handle(self, game_id: int) -> None:
        raise NotImplementedError

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                game_id = self._queue.get(timeout=0.2)
            except queue.Empty:
                continue
            with self._guard:
                self._queued.discard(game_id)
            try:
                self.handle(game_id)
            except Exception:  # one game's failure must not stop the other games' work
                log.exception("%s failed in game %s", self.name, game_id)
