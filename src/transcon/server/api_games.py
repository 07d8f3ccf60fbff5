"""Game routes: titles, lobby, reading and acting, undo, live stream, export and import."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import update
from sse_starlette import EventSourceResponse
from starlette.concurrency import run_in_threadpool

from transcon.core.bots import available_bots
from transcon.core.registry import available_titles
from transcon.server import lobby, undo
from transcon.server.db import seats, writing
from transcon.server.errors import ApiError, forbidden
from transcon.server.store import Actor
from transcon.server.web import App, MaybeSession, SignedIn

router = APIRouter(prefix="/api", tags=["games"])
Scalar = bool | int | str
#: Seconds between keep-alive comments on an idle stream.
PING_SECONDS = 15


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str = Field(max_length=80)
    players: int = Field(ge=1, le=12, description="seats, yours included")
    options: dict[str, Scalar] = Field(default_factory=dict, max_length=100)
    bots: list[str] = Field(default_factory=list, max_length=11, description="bot per bot seat")
    invite_only: bool = False
    undo_policy: str = Field(default="with-consent", max_length=20)


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    invite: str | None = Field(default=None, max_length=100)


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    after: int = Field(ge=0, description="the sequence number of the last action you saw")
    action: str | None = Field(default=None, max_length=2000, description="title notation")
    json_action: dict[str, Any] | None = Field(default=None, alias="json", max_length=50)


class UndoRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    after: int = Field(ge=0)
    count: int = Field(default=1, ge=1, le=1000)


class UndoAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    after: int = Field(ge=0)
    agree: bool


class NotifySettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    webhook: bool = True
    email: bool = True


class Import(BaseModel):
    model_config = ConfigDict(extra="forbid")
    record: dict[str, Any]
    bots: dict[str, str] = Field(default_factory=dict, max_length=12)
    invite_only: bool = False


def _user_id(session: Any) -> int | None:
    return None if session is None else int(session.user.id)


@router.get("/titles", summary="Every installed title with its options and bots")
def titles(app: App) -> list[dict[str, Any]]:
    found = []
    for name in available_titles():
        try:
            title = app.store.titles(name)
        except Exception:  # a broken plug-in title is left out, not a 500
            continue
        found.append(
            {
                "name": title.name,
                "display_name": title.display_name,
                "min_players": title.min_players,
                "max_players": title.max_players,
                "notation": title.notation,
                "bots": sorted(available_bots(title)),
                "options": [
                    {
                        "name": spec.name,
                        "kind": spec.kind,
                        "default": spec.default,
                        "doc": spec.doc,
                        "choices": list(spec.choices),
                        "min": spec.min,
                        "max": spec.max,
                        "rule": spec.rule,
                    }
                    for spec in title.options
                ],
            }
        )
    return found


@router.post("/games", summary="Create a game (you take seat 1; bots take the last seats)")
def create(body: NewGame, app: App, session: SignedIn) -> dict[str, Any]:
    game_id = lobby.create_game(
        app.store,
        session.user.id,
        session.user.name,
        body.title,
        body.players,
        dict(body.options),
        body.bots,
        body.invite_only,
        body.undo_policy,
    )
    return lobby.game_state(app.store, game_id, session.user.id, 0)


@router.get("/games", summary="List games: all, mine, my-turn, open, finished")
def list_games(
    app: App,
    session: MaybeSession,
    filter: lobby.GameFilter = "all",
    limit: int = Query(default=50, ge=1, le=500),
) -> list[dict[str, Any]]:
    return lobby.list_games(app.store, _user_id(session), filter, limit)


@router.get("/games/{game_id}", summary="A game as you may see it (a spectator: the public view)")
def read(
    game_id: int,
    app: App,
    session: MaybeSession,
    since: int = Query(default=0, ge=0),
    seen: bool = Query(default=True, description="count this read as having seen the game"),
) -> dict[str, Any]:
    return lobby.game_state(app.store, game_id, _user_id(session), since, seen=seen)


@router.post("/games/{game_id}/join", summary="Take an open seat (invite-only games need the code)")
def join(game_id: int, body: Join, app: App, session: SignedIn) -> dict[str, Any]:
    lobby.join_game(app.store, session.user.id, session.user.name, game_id, body.invite)
    return lobby.game_state(app.store, game_id, session.user.id, 0)


@router.get("/games/{game_id}/legal", summary="Your legal actions now, in the title's notation")
def legal(
    game_id: int, app: App, session: SignedIn, limit: int = Query(default=200, ge=1, le=5000)
) -> dict[str, Any]:
    return lobby.legal_actions(app.store, game_id, session.user.id, limit)


@router.post(
    "/games/{game_id}/actions",
    summary="Act for your seat; refused with game_moved_on if 'after' is not the latest",
)
def act(game_id: int, body: Act, app: App, session: SignedIn) -> dict[str, Any]:
    accepted = app.store.submit(
        game_id, Actor(user_id=session.user.id), body.after, body.action, body.json_action
    )
    return {"seq": accepted.seq, "player": accepted.player, "text": accepted.text}


@router.post("/games/{game_id}/undo", summary="Take back actions (logged as an undo action)")
def request_undo(game_id: int, body: UndoRequest, app: App, session: SignedIn) -> dict[str, Any]:
    return undo.request_undo(app.store, game_id, session.user.id, body.after, body.count)


@router.post("/games/{game_id}/undo/answer", summary="Agree to or refuse a pending undo")
def answer_undo(game_id: int, body: UndoAnswer, app: App, session: SignedIn) -> dict[str, Any]:
    return undo.answer_undo(app.store, game_id, session.user.id, body.after, body.agree)


@router.put("/games/{game_id}/notifications", summary="Your-turn notices for your seat")
def notifications(
    game_id: int, body: NotifySettings, app: App, session: SignedIn
) -> dict[str, Any]:
    with writing(app.store.engine) as conn:
        done = conn.execute(
            update(seats)
            .where(seats.c.game_id == game_id, seats.c.user_id == session.user.id)
            .values(notify_webhook=body.webhook, notify_email=body.email)
        )
        if not done.rowcount:
            raise forbidden("not_seated", "you have no seat in this game")
    return {"webhook": body.webhook, "email": body.email}


@router.get("/games/{game_id}/export", summary="The save file of a finished game")
def export(game_id: int, app: App) -> dict[str, Any]:
    return lobby.export_game(app.store, game_id)


@router.post("/games/import", summary="Start a game from a save file (replayed and checked)")
def import_game(body: Import, app: App, session: SignedIn) -> dict[str, Any]:
    game_id = lobby.import_game(
        app.store, session.user.id, body.record, body.bots, body.invite_only
    )
    return lobby.game_state(app.store, game_id, session.user.id, 0)


@router.get(
    "/games/{game_id}/stream",
    summary="Server-sent events: one per log row, id = sequence number (Last-Event-ID resumes)",
)
async def stream(
    game_id: int, request: Request, app: App, session: MaybeSession, since: int = Query(0, ge=0)
) -> EventSourceResponse:
    user_id = _user_id(session)
    header = request.headers.get("last-event-id", "")
    start = int(header) if header.isdigit() else since

    def read(since: int) -> dict[str, Any]:
        return lobby.news(app.store, game_id, user_id, since)

    first = await run_in_threadpool(read, start)
    if first["status"] == "open":
        raise ApiError(409, "not_started", "the game has not started (seats are still open)")

    async def events() -> Any:
        last = start
        wake = app.hub.subscribe(game_id)
        try:
            data: dict[str, Any] | None = first
            while True:
                if data is None:
                    wake.clear()  # before reading: a commit after the read wakes us again
                    data = await run_in_threadpool(read, last)
                for entry in data.get("log", []):
                    if entry["seq"] > last:
                        yield {
                            "id": str(entry["seq"]),
                            "event": "action",
                            "data": json.dumps(entry),
                        }
                        last = entry["seq"]
                game = {k: data.get(k) for k in ("seq", "status", "to_move", "pending_undo")}
                yield {"event": "game", "data": json.dumps(game)}
                data = None
                if await request.is_disconnected():
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), timeout=PING_SECONDS)
        finally:
            app.hub.unsubscribe(game_id, wake)

    return EventSourceResponse(events(), ping=PING_SECONDS)
