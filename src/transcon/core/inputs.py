"""Reading untrusted input safely: size limits, bounded JSON, names and quoting for messages.

Every file and text a user hands us passes through here before any work starts, so a hostile
input (a huge file, 100,000 nested brackets, a 5,000-digit number, a control character in a
name) is refused with a one-line :class:`InputError` instead of exhausting memory or the
stack. The limits are documented in docs/engine.md ("Limits").
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from transcon.core.errors import InputError

#: Largest save file, map file or 18xx.games file we read, in bytes.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Deepest nesting of arrays/objects in any JSON input (real files need fewer than 10).
MAX_JSON_DEPTH = 40
#: Longest integer literal in JSON input, in digits (seeds and money fit in far fewer).
MAX_INT_DIGITS = 30
#: Longest action text ``act`` accepts, in characters.
MAX_ACTION_CHARS = 10_000
#: How much of a user's input an error message quotes.
QUOTE_CHARS = 60


#: A note after an action (`` # cost 1``, as ``transcon legal`` prints it).
NOTE = re.compile(r"\s+#(\s.*)?$")


def strip_note(text: str) -> str:
    """Action text without the `` # note`` that ``transcon legal`` may print after it, so
    every printed line pastes back into ``transcon act``."""
    return NOTE.sub("", text)


def brief(text: object, limit: int = QUOTE_CHARS) -> str:
    """``repr`` of user input cut to a short prefix, for one-line error messages."""
    shown = text if isinstance(text, str) else str(text)
    if len(shown) > limit:
        return repr(shown[:limit]) + f"... ({len(shown)} characters)"
    return repr(shown)


def read_input_bytes(path: Path, what: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """A file's bytes, refusing it before reading when it is larger than ``limit``."""
    size = path.stat().st_size
    if size > limit:
        raise InputError(f"{path}: {what} is {size:,} bytes; the limit is {limit:,}")
    return path.read_bytes()


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise InputError(f"number of {len(text)} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _no_constant(text: str) -> float:
    raise InputError(f"{text} is not a number JSON allows")


def json_depth(data: Any) -> int:
    """How deeply arrays and objects nest in decoded JSON (iterative: no recursion limit)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            stack.extend((value, depth + 1) for value in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            stack.extend((value, depth + 1) for value in item)
    return deepest


def load_json(text: str | bytes, where: str) -> Any:
    """Decode JSON input with the limits above; InputError saying what and where.

    NaN and Infinity are refused, integers are capped at :data:`MAX_INT_DIGITS` digits and
    nesting at :data:`MAX_JSON_DEPTH` levels.
    """
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise InputError(f"{where}: not valid JSON (line {err.lineno}: {err.msg})") from None
    except UnicodeDecodeError:
        raise InputError(f"{where}: not UTF-8 text") from None
    except RecursionError:
        raise InputError(f"{where}: JSON nested too deeply (at most {MAX_JSON_DEPTH})") from None
    except InputError as err:
        raise InputError(f"{where}: {err}") from None
    if json_depth(data) > MAX_JSON_DEPTH:
        raise InputError(f"{where}: JSON nested too deeply (at most {MAX_JSON_DEPTH} levels)")
    return data


def control_character(text: str) -> str | None:
    """The first control (or other non-printing format) character in ``text``, if any."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return ch
    return None


def check_printable(text: str, what: str) -> None:
    """InputError when a name shown in one-line messages, SVG or logs has a control character."""
    bad = control_character(text)
    if bad is not None:
        raise InputError(f"{what} {brief(text)} contains the control character {bad!r}")
