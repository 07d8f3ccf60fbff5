"""Users and sessions: argon2 password hashes, session tokens, CSRF tokens, sign-in limits.

A session token lives only in an HttpOnly cookie and only its SHA-256 is stored. Every
sign-in makes a new session (no fixation: a token planted before sign-in never becomes
signed in). Each session has a CSRF token the page echoes in ``X-CSRF-Token`` on every
state-changing request. A deleted user is anonymised: name, email, password, webhook and
sessions go; their seats stay and are handed to a bot so no game stops.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, Engine, delete, insert, select, update

from transcon.server.db import games, seats, sessions, users, writing
from transcon.server.errors import ApiError, bad_request, conflict

NAME_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{1,23}$")
SESSION_SECONDS = 30 * 24 * 3600
MIN_PASSWORD = 8
#: Bot replacing a deleted user's seat in a running game.
DELETED_USER_BOT = "random"


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str
    email: str | None
    webhook_url: str | None


@dataclass(frozen=True, slots=True)
class Session:
    user: User
    csrf: str


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_name(name: str) -> str:
    if not NAME_PATTERN.match(name):
        raise bad_request(
            "bad_name", "a user name is 2-24 letters, digits, '-' or '_', starting with a letter"
        )
    return name


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= 200:
        raise bad_request("bad_password", f"a password has {MIN_PASSWORD}-200 characters")
    return password


class SignInLimiter:
    """At most ``limit`` failed sign-ins per name, and ten times that per client address,
    in ``window`` seconds."""

    def __init__(self, limit: int = 5, window: float = 300.0) -> None:
        self.limit = limit
        self.window = window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, *keys: str) -> None:
        now = time.monotonic()
        with self._lock:
            for key in keys:
                times = self._failures.get(key)
                while times and times[0] < now - self.window:
                    times.popleft()
                limit = self.limit * (10 if key.startswith("client:") else 1)
                if times and len(times) >= limit:
                    raise ApiError(
                        429, "too_many_sign_ins", "too many failed sign-ins; wait a few minutes"
                    )

    def failed(self, *keys: str) -> None:
        with self._lock:
            for key in keys:
                self._failures.setdefault(key, deque()).append(time.monotonic())


class Accounts:
    """Sign-up, sign-in, sessions and account changes on one database."""

    def __init__(
        self,
        engine: Engine,
        limiter: SignInLimiter | None = None,
        hasher: PasswordHasher | None = None,
        reader: Engine | None = None,
    ) -> None:
        self.engine = engine
        self.reader = reader or engine
        self.limiter = limiter or SignInLimiter()
        self.hasher = hasher or PasswordHasher()

    def sign_up(self, name: str, password: str, email: str | None = None) -> tuple[str, Session]:
        check_name(name)
        check_password(password)
        hashed = self.hasher.hash(password)
        with writing(self.engine) as conn:
            taken = conn.execute(select(users.c.id).where(users.c.name == name)).first()
            if taken is not None:
                raise conflict("name_taken", f"the name {name!r} is taken")
            user_id = conn.execute(
                insert(users).values(
                    name=name,
                    password_hash=hashed,
                    email=email,
                    deleted=False,
                    created_at=time.time(),
                )
            ).inserted_primary_key[0]  # type: ignore[index]
            return self._new_session(conn, int(user_id))

    def sign_in(self, name: str, password: str, client: str) -> tuple[str, Session]:
        keys = (f"name:{name.lower()}", f"client:{client}")
        self.limiter.check(*keys)
        with writing(self.engine) as conn:
            row = conn.execute(
                select(users.c.id, users.c.password_hash).where(
                    users.c.name == name, users.c.deleted.is_(False)
                )
            ).first()
            if row is None or not _verify(self.hasher, row.password_hash, password):
                self.limiter.failed(*keys)
                raise ApiError(401, "bad_credentials", "wrong user name or password")
            return self._new_session(conn, int(row.id))

    def _new_session(self, conn: Connection, user_id: int) -> tuple[str, Session]:
        token = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(24)
        now = time.time()
        conn.execute(
            insert(sessions).values(
                token_hash=_token_hash(token),
                user_id=user_id,
                csrf=csrf,
                created_at=now,
                expires_at=now + SESSION_SECONDS,
            )
        )
        user = _load_user(conn, user_id)
        assert user is not None
        return token, Session(user, csrf)

    def session(self, token: str | None) -> Session | None:
        """The live session of a cookie token, or None."""
        if not token or len(token) > 100:
            return None
        with self.reader.begin() as conn:
            row = conn.execute(
                select(sessions.c.user_id, sessions.c.csrf, sessions.c.expires_at).where(
                    sessions.c.token_hash == _token_hash(token)
                )
            ).first()
            if row is None or row.expires_at < time.time():
                return None
            user = _load_user(conn, int(row.user_id))
        return None if user is None else Session(user, row.csrf)

    def sign_out(self, token: str) -> None:
        with writing(self.engine) as conn:
            conn.execute(delete(sessions).where(sessions.c.token_hash == _token_hash(token)))

    def update(
        self,
        user: User,
        *,
        email: str | None = None,
        webhook_url: str | None = None,
        password: str | None = None,
    ) -> User:
        values: dict[str, object] = {}
        if email is not None:
            values["email"] = email or None
        if webhook_url is not None:
            if webhook_url and not webhook_url.startswith(("http://", "https://")):
                raise bad_request("bad_webhook", "a webhook is an http:// or https:// URL")
            values["webhook_url"] = webhook_url or None
        if password is not None:
            values["password_hash"] = self.hasher.hash(check_password(password))
        with writing(self.engine) as conn:
            if values:
                conn.execute(update(users).where(users.c.id == user.id).values(**values))
            if password is not None:  # a new password signs out every other session
                conn.execute(delete(sessions).where(sessions.c.user_id == user.id))
            fresh = _load_user(conn, user.id)
        assert fresh is not None
        return fresh

    def delete(self, user: User) -> list[int]:
        """Anonymise a user; returns the running games whose seat a bot took over."""
        with writing(self.engine) as conn:
            conn.execute(delete(sessions).where(sessions.c.user_id == user.id))
            conn.execute(
                update(users)
                .where(users.c.id == user.id)
                .values(
                    name=f"deleted-{user.id}",
                    password_hash=None,
                    email=None,
                    webhook_url=None,
                    deleted=True,
                )
            )
            running = [
                int(game_id)
                for (game_id,) in conn.execute(
                    select(seats.c.game_id)
                    .join(games, games.c.id == seats.c.game_id)
                    .where(seats.c.user_id == user.id, games.c.status == "active")
                )
            ]
            conn.execute(
                update(seats)
                .where(seats.c.user_id == user.id, seats.c.game_id.in_(running))
                .values(bot=DELETED_USER_BOT)
            )
            # An open game simply loses the seat again; finished games keep their names.
            still_open = select(games.c.id).where(games.c.status == "open")
            conn.execute(
                update(seats)
                .where(seats.c.user_id == user.id, seats.c.game_id.in_(still_open))
                .values(user_id=None, name=None)
            )
        return running


def _verify(hasher: PasswordHasher, hashed: str | None, password: str) -> bool:
    if not hashed:
        return False
    try:
        return hasher.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


def _load_user(conn: Connection, user_id: int) -> User | None:
    row = conn.execute(
        select(users.c.id, users.c.name, users.c.email, users.c.webhook_url).where(
            users.c.id == user_id, users.c.deleted.is_(False)
        )
    ).first()
    if row is None:
        return None
    return User(int(row.id), row.name, row.email, row.webhook_url)
