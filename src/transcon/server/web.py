"""What every route shares: the app's services, the signed-in user, CSRF, error bodies."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from transcon.core.errors import TransconError
from transcon.server.accounts import Accounts, Session
from transcon.server.errors import ApiError
from transcon.server.live import Hub
from transcon.server.store import GameStore

SESSION_COOKIE = "transcon_session"
CSRF_HEADER = "x-csrf-token"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_BODY = 64 * 1024
MAX_IMPORT_BODY = 8 * 1024 * 1024


@dataclass
class Services:
    accounts: Accounts
    store: GameStore
    hub: Hub


def services(request: Request) -> Services:
    found: Services = request.app.state.services
    return found


def optional_session(request: Request) -> Session | None:
    """The caller's session from the cookie; on unsafe methods the CSRF token must match."""
    found = services(request).accounts.session(request.cookies.get(SESSION_COOKIE))
    if found is not None and request.method in UNSAFE_METHODS:
        sent = request.headers.get(CSRF_HEADER, "")
        if not secrets.compare_digest(sent.encode(), found.csrf.encode()):
            raise ApiError(403, "csrf", "missing or wrong X-CSRF-Token header")
    return found


def required_session(
    session: Annotated[Session | None, Depends(optional_session)],
) -> Session:
    if session is None:
        raise ApiError(401, "signed_out", "sign in first")
    return session


MaybeSession = Annotated[Session | None, Depends(optional_session)]
SignedIn = Annotated[Session, Depends(required_session)]
App = Annotated[Services, Depends(services)]


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        max_age=30 * 24 * 3600,
        path="/",
    )


def error_response(err: ApiError) -> JSONResponse:
    return JSONResponse(err.body(), status_code=err.status)


def one_line(text: str) -> str:
    return " ".join(text.split())[:300]


async def api_error(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, ApiError)
    return error_response(err)


async def transcon_error(_request: Request, err: Exception) -> JSONResponse:
    return error_response(ApiError(400, "bad_input", one_line(str(err))))


async def validation_error(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, RequestValidationError)
    problems: list[Any] = list(err.errors())
    first = problems[0] if problems else {"loc": (), "msg": "invalid request"}
    where = ".".join(str(part) for part in first.get("loc", ()))
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    message = one_line(f"{where}: {first.get('msg', 'invalid')}{more}")
    return error_response(ApiError(422, "bad_request", message))


async def http_error(_request: Request, err: Exception) -> JSONResponse:
    assert isinstance(err, StarletteHTTPException)
    codes = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}
    code = codes.get(err.status_code, f"http_{err.status_code}")
    return error_response(ApiError(err.status_code, code, one_line(str(err.detail))))


async def internal_error(_request: Request, _err: Exception) -> JSONResponse:
    return error_response(ApiError(500, "internal", "internal error (logged on the server)"))


EXCEPTION_HANDLERS = {
    ApiError: api_error,
    TransconError: transcon_error,
    RequestValidationError: validation_error,
    StarletteHTTPException: http_error,
    Exception: internal_error,
}


class BodyGuard:
    """Refuse oversized bodies (413) and unsafe requests that are not JSON (415).

    Requiring ``application/json`` also stops cross-site HTML forms, which cannot send it.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in UNSAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        limit = MAX_IMPORT_BODY if scope["path"].endswith("/import") else MAX_BODY
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > limit:
            await _refuse(send, ApiError(413, "too_large", f"request body over {limit} bytes"))
            return
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if (
            length not in ("", "0") or "transfer-encoding" in headers
        ) and kind != "application/json":
            await _refuse(send, ApiError(415, "not_json", "send the body as application/json"))
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise ApiError(413, "too_large", f"request body over {limit} bytes")
            return message

        await self.app(scope, counted, send)


async def _refuse(send: Send, err: ApiError) -> None:
    response = error_response(err)
    await send(
        {
            "type": "http.response.start",
            "status": response.status_code,
            "headers": response.raw_headers,
        }
    )
    await send({"type": "http.response.body", "body": response.body})
