"""The ASGI app: ``create_app(db)`` wires the database, the routes and the workers."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from argon2 import PasswordHasher
from fastapi import FastAPI, Request, Response
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from transcon import __version__
from transcon.server import api_accounts, api_games, api_play
from transcon.server.accounts import Accounts, SignInLimiter
from transcon.server.bots import BotRunner
from transcon.server.db import make_engine, migrate
from transcon.server.live import Hub, PostgresListener
from transcon.server.notify import Notifier, SmtpSettings
from transcon.server.store import GameStore
from transcon.server.web import EXCEPTION_HANDLERS, BodyGuard, Services

STATIC = Path(__file__).resolve().parent / "static"
PAGE = STATIC / "index.html"
log = logging.getLogger("transcon.server")
NextCall = Callable[[Request], Awaitable[Response]]


def create_app(
    db: str,
    *,
    base_url: str = "http://127.0.0.1:8000",
    smtp: SmtpSettings | None = None,
    sign_in_limit: int = 5,
    hasher: PasswordHasher | None = None,
    sqlite_sync: str = "normal",
) -> FastAPI:
    """The server app on database ``db`` (a SQLite file path or a postgresql:// URL).

    ``hasher`` replaces argon2's default cost (tests and benchmarks use a cheap one);
    ``sqlite_sync`` is explained at :func:`~transcon.server.db.make_engine`.
    """
    engine = make_engine(db, sqlite_sync=sqlite_sync)
    migrate(engine)
    sqlite = engine.dialect.name == "sqlite"
    reader = make_engine(db, read_only=True, sqlite_sync=sqlite_sync) if sqlite else engine
    store = GameStore(engine, reader=reader)
    hub = Hub()
    bots = BotRunner(store)
    notifier = Notifier(engine, base_url, smtp, reader)
    listener = PostgresListener(engine, hub) if store.postgres else None
    store.listeners += [hub.publish, bots, notifier]

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.attach(asyncio.get_running_loop())
        bots.start()
        notifier.start()
        if listener is not None:
            listener.start()
        for game_id in store.games_with_bots_to_move():
            bots(game_id, 0)  # bots that were due when the server last stopped
        try:
            yield
        finally:
            if listener is not None:
                listener.stop()
            bots.stop()
            notifier.stop()
            engine.dispose()
            reader.dispose()

    app = FastAPI(
        title="Transcon server",
        version=__version__,
        summary="Railroad board games played together: lobby, seats, live updates.",
        lifespan=lifespan,
    )
    app.state.services = Services(
        Accounts(engine, SignInLimiter(sign_in_limit), hasher, reader), store, hub
    )
    for kind, handler in EXCEPTION_HANDLERS.items():
        app.add_exception_handler(kind, handler)
    app.include_router(api_accounts.router)
    app.include_router(api_games.router)
    app.include_router(api_play.router)
    app.add_middleware(BodyGuard)

    # The browser client: plain ES modules and CSS, no build step; "no-cache" makes browsers
    # revalidate (cheap 304s) so a new server version's files are picked up at once.
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.middleware("http")
    async def revalidate_static(request: Request, call_next: NextCall) -> Response:
        response = await call_next(request)
        if request.url.path.startswith("/static/") or request.url.path == "/":
            response.headers["Cache-Control"] = "no-cache"
        return response

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> str:
        return PAGE.read_text(encoding="utf-8")

    return app
