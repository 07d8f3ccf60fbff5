"""Bots play their seats inside the server, through the same validation as people.

One thread per process takes games whose log just grew, and while a bot may act there, lets
it choose (on a copy of the game, outside any lock) and submits the choice like a client
would: with the sequence number it saw, so a choice made on an old position is refused and
made again.
"""

from __future__ import annotations

import logging
import queue
import threading

from transcon.core.bots import bot_seed, make_bot
from transcon.server.errors import ApiError
from transcon.server.store import Actor, GameStore

log = logging.getLogger("transcon.server")
#: Most bot actions in one game before the thread looks at other games again.
BURST = 50


class BotRunner:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._queue: queue.Queue[int] = queue.Queue()
        self._queued: set[int] = set()
        self._guard = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bots", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def __call__(self, game_id: int, seq: int) -> None:
        """A store listener: a game's log grew, maybe a bot is to move."""
        with self._guard:
            if game_id in self._queued:
                return
            self._queued.add(game_id)
        self._queue.put(game_id)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                game_id = self._queue.get(timeout=0.2)
            except queue.Empty:
                continue
            with self._guard:
                self._queued.discard(game_id)
            try:
                self.play(game_id)
            except Exception:  # a bot's failure must not stop the other games' bots
                log.exception("bot failed in game %s", game_id)

    def play(self, game_id: int, burst: int = BURST) -> int:
        """Let bots move in one game until a person is to act; returns the actions made."""
        made = 0
        while made < burst and not self._stop.is_set():
            turn = self.store.bot_turn(game_id)
            if turn is None:
                return made
            bot = make_bot(turn.game.title, turn.bot, bot_seed(turn.seed, turn.player, turn.seq))
            action = bot.choose(turn.game, turn.player)
            try:
                self.store.submit(
                    game_id,
                    Actor(bot_seat=turn.player),
                    turn.seq,
                    data=turn.game.title.action_to_json(action),
                )
            except ApiError as err:
                if err.code != "game_moved_on":
                    raise
            made += 1
        self(game_id, 0)  # more to do: come back after the other games had a turn
        return made
