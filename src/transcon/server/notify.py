"""Your-turn notifications: a webhook POST and/or an email, per user and per game.

Decided by what each seat has *seen*, never by whether a page is open: a seat is told when
it may act, has not seen the game's latest action (``seen_seq`` < the log's end), and was not
already told since it last looked (``notified_seq`` <= ``seen_seq``). Looking at the game (or
acting in it) moves ``seen_seq``; the next time it becomes your turn unseen, you hear again.
"""

from __future__ import annotations

import json
import logging
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage

import httpx
from sqlalchemy import Engine, select, update

from transcon.server.db import games, seats, users, writing
from transcon.server.worker import GameWorker

log = logging.getLogger("transcon.server")


@dataclass(frozen=True, slots=True)
class SmtpSettings:
    host: str
    port: int = 25
    sender: str = "transcon@localhost"


@dataclass(frozen=True, slots=True)
class Notice:
    game_id: int
    title: str
    player: str
    seq: int
    url: str
    webhook: str | None
    email: str | None

    @property
    def text(self) -> str:
        return f"Your turn, {self.player}: game {self.game_id} ({self.title}) {self.url}"


class Notifier(GameWorker):
    """A thread that sends the notices due after each commit."""

    name = "notify"

    def __init__(
        self,
        engine: Engine,
        base_url: str,
        smtp: SmtpSettings | None = None,
        reader: Engine | None = None,
    ) -> None:
        self.engine = engine
        self.reader = reader or engine
        self.base_url = base_url.rstrip("/")
        self.smtp = smtp
        super().__init__()

    def handle(self, game_id: int) -> None:
        self.send_due(game_id)

    def due(self, game_id: int) -> list[Notice]:
        with self.reader.begin() as conn:
            meta = conn.execute(select(games).where(games.c.id == game_id)).first()
            if meta is None or meta.status != "active" or not meta.to_move:
                return []
            to_move = set(json.loads(meta.to_move))
            rows = conn.execute(
                select(seats, users.c.email, users.c.webhook_url)
                .join(users, users.c.id == seats.c.user_id)
                .where(seats.c.game_id == game_id, seats.c.bot.is_(None))
            )
            return [
                Notice(
                    game_id,
                    meta.title,
                    row.name,
                    meta.last_seq,
                    f"{self.base_url}/#game/{game_id}",
                    row.webhook_url if row.notify_webhook else None,
                    row.email if row.notify_email and self.smtp else None,
                )
                for row in rows
                if row.name in to_move
                and row.seen_seq < meta.last_seq
                and row.notified_seq <= row.seen_seq
                and (row.webhook_url or row.email)
            ]

    def send_due(self, game_id: int) -> int:
        sent = 0
        for notice in self.due(game_id):
            delivered = self._webhook(notice) | self._email(notice)
            if delivered:
                sent += 1
                with writing(self.engine) as conn:
                    conn.execute(
                        update(seats)
                        .where(
                            seats.c.game_id == notice.game_id,
                            seats.c.name == notice.player,
                            seats.c.notified_seq < notice.seq,
                        )
                        .values(notified_seq=notice.seq)
                    )
        return sent

    def _webhook(self, notice: Notice) -> bool:
        if not notice.webhook:
            return False
        body = {
            "content": notice.text,  # Discord
            "text": notice.text,  # Slack
            "game": notice.game_id,
            "player": notice.player,
            "seq": notice.seq,
            "url": notice.url,
        }
        try:
            httpx.post(notice.webhook, json=body, timeout=10).raise_for_status()
        except httpx.HTTPError as err:
            log.warning("webhook for game %s failed: %s", notice.game_id, err)
            return False
        return True

    def _email(self, notice: Notice) -> bool:
        if not notice.email or self.smtp is None:
            return False
        message = EmailMessage()
        message["From"] = self.smtp.sender
        message["To"] = notice.email
        message["Subject"] = f"Transcon: your turn in game {notice.game_id}"
        message.set_content(notice.text + "\n")
        try:
            with smtplib.SMTP(self.smtp.host, self.smtp.port, timeout=10) as client:
                client.send_message(message)
        except (OSError, smtplib.SMTPException) as err:
            log.warning("email for game %s failed: %s", notice.game_id, err)
            return False
        return True
