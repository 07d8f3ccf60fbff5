"""Tables, database engines and migrations.

The action log (``actions``: game id + sequence number) is the source of truth; ``games``
holds each game's setup and a few columns derived from its log for listing (status, whose
turn, the last sequence number). SQLite is the default (one file, ``BEGIN IMMEDIATE`` for
every transaction, so writers queue up); PostgreSQL serves several processes at once.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from transcon.core.errors import InputError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: Any constant: the PostgreSQL advisory lock that keeps two processes from migrating at once.
MIGRATION_LOCK = 1870_1830

metadata = MetaData()

users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False, unique=True),
    Column("password_hash", Text),
    Column("email", Text),
    Column("webhook_url", Text),
    Column("deleted", Boolean, nullable=False, default=False),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("title", String(80), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seat_count", Integer, nullable=False),
    Column("players", Text),  # JSON list of player names, fixed when the game starts
    Column("status", String(16), nullable=False, index=True),  # open/active/finished/broken
    Column("engine_version", String(40), nullable=False),
    Column("created_by", Integer, ForeignKey("users.id")),
    Column("invite_only", Boolean, nullable=False),
    Column("invite_code", String(64), nullable=False),
    Column("undo_policy", String(16), nullable=False),
    Column("last_seq", Integer, nullable=False, default=0),
    Column("digest", String(80)),  # state digest after last_seq: detects a changed replay
    Column("to_move", Text),  # JSON list of the players who may act (for "my turn")
    Column("pending_undo", Text),  # JSON: an undo waiting for the other players' consent
    Column("problem", Text),  # why a game is broken
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(40)),
    Column("user_id", Integer, ForeignKey("users.id"), index=True),
    Column("bot", String(40)),
    Column("seen_seq", Integer, nullable=False, default=0),
    Column("notified_seq", Integer, nullable=False, default=0),
    Column("notify_webhook", Boolean, nullable=False, default=True),
    Column("notify_email", Boolean, nullable=False, default=True),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # "action" or "undo"
    Column("data", Text, nullable=False),  # the action's JSON, or {"count": n} for an undo
    Column("player", String(40), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id")),
    Column("revealing", Boolean, nullable=False, default=False),
    Column("created_at", Float, nullable=False),
)


def database_url(db: str) -> str:
    """A SQLAlchemy URL from ``--db``: a file path (SQLite) or a postgresql:// URL."""
    if db.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + db.split("://", 1)[1]
    if "://" in db:
        try:
            make_url(db)
        except ArgumentError:
            raise InputError(f"--db: not a database URL: {db!r}") from None
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def make_engine(db: str, *, read_only: bool = False, sqlite_sync: str = "normal") -> Engine:
    """An engine for ``db``; SQLite gets WAL and ``BEGIN IMMEDIATE`` transactions.

    ``read_only`` (SQLite): plain ``BEGIN`` instead, a snapshot that never waits for writers;
    for reads that change nothing (sessions, lists, live streams). ``sqlite_sync``: SQLite's
    ``synchronous`` setting. ``normal`` (the default): a commit survives any crash or kill of
    the server process, and only a power cut or an operating-system crash may lose the last
    commits; ``full`` adds an fsync to every commit (about 10 ms on our machines).
    """
    if sqlite_sync not in ("normal", "full"):
        raise InputError(f"SQLite sync is 'normal' or 'full', not {sqlite_sync!r}")
    url = database_url(db)
    if not url.startswith("sqlite"):
        return create_engine(url, pool_size=20, max_overflow=30, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": 60, "check_same_thread": False})
    begin = "BEGIN" if read_only else "BEGIN IMMEDIATE"

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we say BEGIN ourselves, below
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={sqlite_sync.upper()}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        # Writers take the lock at the start: one at a time, no lock upgrades that fail.
        connection.exec_driver_sql(begin)

    return engine


_writer_locks: dict[Engine, threading.RLock] = {}
_writer_locks_guard = threading.Lock()


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A write transaction. On SQLite the threads of this process first queue on a lock:
    SQLite's own wait for its write lock sleeps in steps of up to 100 ms, a fair queue
    does not."""
    if is_postgres(engine):
        with engine.begin() as connection:
            yield connection
        return
    with _writer_locks_guard:
        lock = _writer_locks.setdefault(engine, threading.RLock())
    with lock, engine.begin() as connection:
        yield connection


_migrated: set[str] = set()
_migrate_lock = threading.Lock()


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (Alembic, shipped inside the package)."""
    key = str(engine.url)
    with _migrate_lock:
        if key in _migrated:
            return
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            if is_postgres(engine):
                connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        _migrated.add(key)
