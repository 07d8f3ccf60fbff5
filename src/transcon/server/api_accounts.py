"""Account routes: sign up, sign in, sign out, settings, delete (anonymise)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from transcon.server.accounts import Session
from transcon.server.web import SESSION_COOKIE, App, MaybeSession, SignedIn, set_session_cookie

router = APIRouter(prefix="/api/accounts", tags=["accounts"])


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=40)
    password: str = Field(max_length=200)
    email: str | None = Field(default=None, max_length=200)


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: str | None = Field(default=None, max_length=200)
    webhook_url: str | None = Field(default=None, max_length=500)
    password: str | None = Field(default=None, max_length=200)


def _me(session: Session) -> dict[str, Any]:
    user = session.user
    return {
        "user": {
            "id": user.id,
            "name": user.name,
            "email": user.email,
            "webhook_url": user.webhook_url,
        },
        "csrf": session.csrf,
    }


@router.post("/signup", summary="Create an account and sign in")
def sign_up(body: Credentials, request: Request, response: Response, app: App) -> dict[str, Any]:
    token, session = app.accounts.sign_up(body.name, body.password, body.email)
    set_session_cookie(request, response, token)
    return _me(session)


@router.post("/signin", summary="Sign in (always a new session: a planted cookie never counts)")
def sign_in(body: Credentials, request: Request, response: Response, app: App) -> dict[str, Any]:
    client = request.client.host if request.client else "?"
    old = request.cookies.get(SESSION_COOKIE)
    token, session = app.accounts.sign_in(body.name, body.password, client)
    if old:
        app.accounts.sign_out(old)
    set_session_cookie(request, response, token)
    return _me(session)


@router.post("/signout", summary="Sign out")
def sign_out(request: Request, response: Response, app: App, session: SignedIn) -> dict[str, Any]:
    app.accounts.sign_out(request.cookies.get(SESSION_COOKIE, ""))
    response.delete_cookie(SESSION_COOKIE, path="/")
    return {"signed_out": True}


@router.get("/me", summary="The signed-in user and the CSRF token for unsafe requests")
def me(session: MaybeSession) -> dict[str, Any]:
    return _me(session) if session else {"user": None, "csrf": None}


@router.patch("/me", summary="Change email, webhook or password")
def change(body: Settings, app: App, session: SignedIn) -> dict[str, Any]:
    user = app.accounts.update(
        session.user, email=body.email, webhook_url=body.webhook_url, password=body.password
    )
    return _me(Session(user, session.csrf))


@router.delete("/me", summary="Delete the account: anonymised, its running seats go to bots")
def delete(response: Response, app: App, session: SignedIn) -> dict[str, Any]:
    running = app.accounts.delete(session.user)
    for game_id in running:
        app.store.committed(game_id, 0)  # the bot now in the seat may be due to move
    response.delete_cookie(SESSION_COOKIE, path="/")
    return {"deleted": True, "games_handed_to_bots": running}
