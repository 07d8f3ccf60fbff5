"""HTTP errors: one line of JSON, ``{"error": {"code": ..., "message": ...}}``.

Codes are stable (scripts may test them); messages are for people.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refusal with an HTTP status, a stable code and a one-line message."""

    def __init__(self, status: int, code: str, message: str, /, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


def not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", f"{what} not found")


def forbidden(code: str, message: str) -> ApiError:
    return ApiError(403, code, message)


def conflict(code: str, message: str, /, **extra: Any) -> ApiError:
    return ApiError(409, code, message, **extra)


def bad_request(code: str, message: str) -> ApiError:
    return ApiError(400, code, message)
