"""Helpers shared by CLI commands: one-line errors with exit status 2, JSON output."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import typer

from transcon.core.errors import TransconError

P = ParamSpec("P")
R = TypeVar("R")

EXIT_BAD_INPUT = 2
#: Longest error message we print; titles quote input briefly, this is the safety net.
MAX_MESSAGE_CHARS = 500


def one_line(message: str) -> str:
    """A message as one line of bounded length (newlines and control characters escaped)."""
    text = " ".join(message.split())
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return text if len(text) <= MAX_MESSAGE_CHARS else text[: MAX_MESSAGE_CHARS - 3] + "..."


def fail(message: str) -> typer.Exit:
    """Print a one-line error to stderr and return the Exit to raise (status 2)."""
    print(f"error: {one_line(message)}", file=sys.stderr)
    return typer.Exit(EXIT_BAD_INPUT)


def closed_pipe() -> typer.Exit:
    """The reader of our output went away (``transcon log ... | head``): end quietly.

    Later writes (and the flush at exit) go to /dev/null instead of failing again.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real stdout (e.g. captured in tests)
        pass
    finally:
        os.close(devnull)
    return typer.Exit(0)


def user_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Decorator: turn TransconError and OSError into a one-line error with exit status 2
    (a closed output pipe ends quietly with status 0)."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except TransconError as err:
            raise fail(str(err)) from None
        except BrokenPipeError:
            raise closed_pipe() from None
        except OSError as err:
            where = f"{err.filename}: " if err.filename else ""
            raise fail(f"{where}{err.strerror or err}") from None

    return wrapper


def print_json(data: Any) -> None:
    """Print data as indented JSON to stdout."""
    print(json.dumps(data, indent=2, sort_keys=False))
