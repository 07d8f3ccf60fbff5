"""Helpers shared by CLI commands: one-line errors with exit status 2, JSON output."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import typer

from transcon.core.errors import TransconError

P = ParamSpec("P")
R = TypeVar("R")

EXIT_BAD_INPUT = 2


def fail(message: str) -> typer.Exit:
    """Print a one-line error to stderr and return the Exit to raise (status 2)."""
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(EXIT_BAD_INPUT)


def user_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Decorator: turn TransconError and OSError into a one-line error with exit status 2."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except TransconError as err:
            raise fail(str(err)) from None
        except OSError as err:
            where = f"{err.filename}: " if err.filename else ""
            raise fail(f"{where}{err.strerror or err}") from None

    return wrapper


def print_json(data: Any) -> None:
    """Print data as indented JSON to stdout."""
    print(json.dumps(data, indent=2, sort_keys=False))
