"""Acting by pointing: choices, quotes, the clickable board, hover text, panels, timeline.

Every read is made as the caller's seat may see the game (a spectator: the public view),
through the title's hooks (:mod:`transcon.core.interaction`). ``at=N`` reads the position
after the first N log rows (the replay scrubber; read only).
"""

from __future__ import annotations

import gzip
import threading
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from transcon.core.errors import TransconError
from transcon.core.game import Game
from transcon.core.interaction import Played
from transcon.core.title import PUBLIC
from transcon.server.errors import ApiError, forbidden
from transcon.server.history import History, Origin
from transcon.server.store import Actor
from transcon.server.web import App, MaybeSession, SignedIn, one_line

router = APIRouter(prefix="/api", tags=["play"])
T = TypeVar("T")

HexId = Annotated[str, Field(min_length=1, max_length=12)]
At = Annotated[
    int | None,
    Query(ge=0, description="the position after the first N log entries (absent: now)"),
]
_history_guard = threading.Lock()


class QuoteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tool: str = Field(min_length=1, max_length=40, description="a path tool from /choices")
    hexes: list[HexId] = Field(min_length=1, max_length=200, description="hexes clicked")


def history(request: Request) -> History:
    """The app's cache of replayed positions (made on first use)."""
    state = request.app.state
    with _history_guard:
        found: History | None = getattr(state, "history", None)
        if found is None:
            found = state.history = History()
    return found


Histories = Annotated[History, Depends(history)]


def _user_id(session: Any) -> int | None:
    return None if session is None else int(session.user.id)


def _attempt(read: Callable[[], T]) -> T | ApiError:
    """``read()``, or the refusal it ends in (raised by the caller once the game's lock is
    released: an exception inside the lock would throw the cached game away)."""
    try:
        return read()
    except TransconError as err:
        return ApiError(400, "bad_input", one_line(str(err)))
    except NotImplementedError as err:
        return ApiError(404, "not_available", one_line(str(err)))


def _outcome(found: T | ApiError) -> T:
    if isinstance(found, ApiError):
        raise found
    return found


def _read(
    app: App,
    past: History,
    game_id: int,
    session: Any,
    at: int | None,
    read: Callable[[Game[Any], str], T],
) -> T:
    """``read(game, viewer)`` on the game now (under its lock) or after ``at`` log rows."""
    origin: Origin | None = None
    with app.store.locked(game_id, write=False) as (conn, meta):
        live = app.store.live(conn, meta)
        viewer = app.store.viewer_of(conn, game_id, _user_id(session))
        seq = int(meta.last_seq)
        if at is None or at == seq:
            found = _attempt(lambda: read(live.game, viewer))
        else:
            origin = Origin.of(game_id, live)
    if origin is None:
        return _outcome(found)
    if at is not None and at > seq:
        raise ApiError(400, "bad_at", f"at={at} is past the last action ({seq})")
    game = past.position(origin, at or 0)
    return _outcome(_attempt(lambda: read(game, viewer)))


def played_for(game: Game[Any], viewer: str) -> Played:
    """The log so far with the events ``viewer`` may read."""
    seen = (event.seen_by(viewer) for event in game.events)
    return Played(game.log, [event for event in seen if event is not None])


@router.get("/games/{game_id}/choices", summary="Your legal actions as clicks and path tools")
def choices(game_id: int, app: App, session: MaybeSession) -> dict[str, Any]:
    user_id = _user_id(session)
    with app.store.locked(game_id, write=False) as (conn, meta):
        game = app.store.live(conn, meta).game
        player = app.store.seat_of(conn, game_id, Actor(user_id=user_id)) if user_id else None
        data: dict[str, Any] = {"seq": int(meta.last_seq), "player": player}
        if player is None or player not in game.current_players():
            return {**data, "prompt": "", "choices": [], "paths": []}
        found = _attempt(lambda: game.title.choices(game.state, player).to_json())
    return {**data, **_outcome(found)}


@router.post("/games/{game_id}/quote", summary="Check a path tool's path without acting")
def quote(game_id: int, body: QuoteRequest, app: App, session: SignedIn) -> dict[str, Any]:
    with app.store.locked(game_id, write=False) as (conn, meta):
        game = app.store.live(conn, meta).game
        player = app.store.seat_of(conn, game_id, Actor(user_id=session.user.id))
        if player is None:
            raise forbidden("not_seated", "you have no seat in this game")
        seq = int(meta.last_seq)
        found = _attempt(lambda: game.title.quote(game.state, player, body.tool, body.hexes))
    return {"seq": seq, **_outcome(found).to_json()}


@router.get(
    "/games/{game_id}/board.svg",
    summary="The board as SVG; every hex has data-hex",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}},
)
def board_svg(
    game_id: int,
    request: Request,
    app: App,
    past: Histories,
    session: MaybeSession,
    at: At = None,
    cb: bool = Query(default=False, description="colour-blind letters and patterns"),
    labels: bool = Query(default=False, description="hex ids drawn"),
) -> Response:
    svg = _read(
        app,
        past,
        game_id,
        session,
        at,
        lambda game, viewer: game.title.board_svg(
            game.state, viewer, cb, labels, played_for(game, viewer)
        ),
    )
    headers = {"Cache-Control": "no-store", "Vary": "Accept-Encoding"}
    body = svg.encode("utf-8")
    if "gzip" in request.headers.get("accept-encoding", ""):  # a US map is ~2 MB of SVG
        body = gzip.compress(body, compresslevel=5)
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="image/svg+xml", headers=headers)


@router.get("/games/{game_id}/hex/{hex_id}", summary="What is on one hex (hover text)")
def hex_info(
    game_id: int,
    app: App,
    past: Histories,
    session: MaybeSession,
    hex_id: str = Path(min_length=1, max_length=40),
    at: At = None,
) -> dict[str, Any]:
    lines = _read(
        app,
        past,
        game_id,
        session,
        at,
        lambda game, viewer: game.title.hex_info(game.state, viewer, hex_id),
    )
    return {"hex": hex_id, "lines": lines}


@router.get("/games/{game_id}/panels", summary="What the table shows: cash, shares, trains...")
def panels(
    game_id: int, app: App, past: Histories, session: MaybeSession, at: At = None
) -> dict[str, Any]:
    found = _read(
        app,
        past,
        game_id,
        session,
        at,
        lambda game, viewer: game.title.panels(game.state, viewer),
    )
    return {"panels": [panel.to_json() for panel in found]}


@router.get("/games/{game_id}/timeline", summary="Each player's value after each log entry")
def timeline(game_id: int, app: App, past: Histories, session: MaybeSession) -> dict[str, Any]:
    with app.store.locked(game_id, write=False) as (conn, meta):
        live = app.store.live(conn, meta)
        viewer = app.store.viewer_of(conn, game_id, _user_id(session))
        origin = Origin.of(game_id, live)
    return past.timeline(origin, viewer if viewer else PUBLIC)
