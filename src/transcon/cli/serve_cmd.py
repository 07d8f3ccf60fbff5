"""``transcon serve``: the game server (lobby, seats, live updates) on SQLite or PostgreSQL."""

from __future__ import annotations

from typing import Annotated

import typer

from transcon.cli.common import user_errors
from transcon.core.errors import InputError

DEFAULT_DB = "transcon.db"


def _smtp(value: str | None, sender: str) -> object:
    from transcon.server.notify import SmtpSettings

    if not value:
        return None
    host, _, port = value.rpartition(":") if ":" in value else (value, "", "25")
    if not port.isdigit():
        raise InputError(f"--smtp: expected HOST:PORT, got {value!r}")
    return SmtpSettings(host or "localhost", int(port), sender)


@user_errors
def serve_command(
    db: Annotated[
        str,
        typer.Option(help="SQLite file (created if missing) or a postgresql://user@host/db URL."),
    ] = DEFAULT_DB,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    smtp: Annotated[
        str | None, typer.Option(help="SMTP server HOST:PORT for your-turn emails.")
    ] = None,
    smtp_from: Annotated[str, typer.Option(help="Sender address of the emails.")] = (
        "transcon@localhost"
    ),
    sqlite_sync: Annotated[
        str,
        typer.Option(
            help="SQLite: 'normal' (commits survive a crash of the server) or 'full' "
            "(also a power cut; an fsync per commit)."
        ),
    ] = "normal",
    public_url: Annotated[
        str | None, typer.Option(help="The URL people reach the server at (for links).")
    ] = None,
) -> None:
    """Serve games to browsers and scripts: open the printed URL to play."""
    import uvicorn

    from transcon.server.app import create_app
    from transcon.server.db import database_url

    database_url(db)  # a bad --db is a one-line error before anything starts
    url = public_url or f"http://{host}:{port}"
    app = create_app(
        db,
        base_url=url,
        smtp=_smtp(smtp, smtp_from),  # type: ignore[arg-type]
        sqlite_sync=sqlite_sync,
    )
    print(f"Transcon server on {url}  (database: {db})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
