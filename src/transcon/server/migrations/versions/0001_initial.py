"""The first schema: users, sessions, games, seats and the action log.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text),
        sa.Column("email", sa.Text),
        sa.Column("webhook_url", sa.Text),
        sa.Column("deleted", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("seat_count", sa.Integer, nullable=False),
        sa.Column("players", sa.Text),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("engine_version", sa.String(40), nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id")),
        sa.Column("invite_only", sa.Boolean, nullable=False),
        sa.Column("invite_code", sa.String(64), nullable=False),
        sa.Column("undo_policy", sa.String(16), nullable=False),
        sa.Column("last_seq", sa.Integer, nullable=False),
        sa.Column("digest", sa.String(80)),
        sa.Column("to_move", sa.Text),
        sa.Column("pending_undo", sa.Text),
        sa.Column("problem", sa.Text),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40)),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), index=True),
        sa.Column("bot", sa.String(40)),
        sa.Column("seen_seq", sa.Integer, nullable=False),
        sa.Column("notified_seq", sa.Integer, nullable=False),
        sa.Column("notify_webhook", sa.Boolean, nullable=False),
        sa.Column("notify_email", sa.Boolean, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("player", sa.String(40), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id")),
        sa.Column("revealing", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
