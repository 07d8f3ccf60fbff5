"""Bots play their seats inside the server, through the same validation as people.

One thread per process takes games whose log just grew, and while a bot may act there, lets
it choose (on a copy of the game, outside any lock) and submits the choice like a client
would: with the sequence number it saw, so a choice made on an old position is refused and
made again.
"""

from __future__ import annotations

from transcon.core.bots import bot_seed, make_bot
from transcon.server.errors import ApiError
from transcon.server.store import Actor, GameStore
from transcon.server.worker import GameWorker

#: Most bot actions in one game before the thread looks at other games again.
BURST = 50


class BotRunner(GameWorker):
    name = "bots"

    def __init__(self, store: GameStore) -> None:
        self.store = store
        super().__init__()

    def handle(self, game_id: int) -> None:
        self.play(game_id)

    def play(self, game_id: int, burst: int = BURST) -> int:
        """Let bots move in one game until a person is to act; returns the actions made."""
        made = 0
        while made < burst and not self.stopping:
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
