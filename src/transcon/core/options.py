"""Game options: what a title declares (:class:`OptionSpec`) and checking what a user asked for.

A title lists its options as a tuple of specs; :func:`resolve_options` turns a user's dict
(from a save file, from code) into a complete, validated dict with every default filled in,
and :func:`parse_option_args` does the same for CLI ``--option name=value`` strings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from transcon.core.errors import InputError

OptionKind = Literal["bool", "int", "choice", "str"]
OptionValue = bool | int | str

_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a title accepts.

    ``kind`` is ``"bool"``, ``"int"`` (optionally bounded by ``min``/``max``), ``"choice"``
    (one of ``choices``) or ``"str"``. A broken spec is a programming error (ValueError).
    """

    name: str
    kind: OptionKind
    default: OptionValue
    doc: str = ""
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None

    def __post_init__(self) -> None:
        if not self.name or "=" in self.name or self.name.strip() != self.name:
            raise ValueError(f"bad option name {self.name!r}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"choice option {self.name!r} needs choices")
        if self.kind != "choice" and self.choices:
            raise ValueError(f"option {self.name!r}: choices only apply to kind 'choice'")
        if self.kind != "int" and (self.min is not None or self.max is not None):
            raise ValueError(f"option {self.name!r}: min/max only apply to kind 'int'")
        try:
            self.validate(self.default)
        except InputError as err:
            raise ValueError(f"default of {err}") from None

    def validate(self, value: object) -> OptionValue:
        """Check a typed value (as found in JSON) and return it; InputError if it does not fit."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._error(value, "true or false")
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._error(value, "an integer")
            if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max
            ):
                raise self._error(value, f"an integer in {self.range_text()}")
            return value
        if not isinstance(value, str):
            raise self._error(
                value, "one of " + ", ".join(self.choices) if self.choices else "text"
            )
        if self.kind == "choice" and value not in self.choices:
            raise self._error(value, "one of " + ", ".join(self.choices))
        return value

    def parse(self, text: str) -> OptionValue:
        """Convert a command-line string to this option's type, then validate it."""
        text = text.strip()
        if self.kind == "bool":
            low = text.lower()
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
            raise self._error(text, "true or false")
        if self.kind == "int":
            try:
                number = int(text)
            except ValueError:
                raise self._error(text, "an integer") from None
            return self.validate(number)
        return self.validate(text)

    def range_text(self) -> str:
        """The allowed range of an int option, e.g. ``5..100`` or ``>= 2``."""
        if self.min is not None and self.max is not None:
            return f"{self.min}..{self.max}"
        if self.min is not None:
            return f">= {self.min}"
        if self.max is not None:
            return f"<= {self.max}"
        return "any integer"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able description (for ``transcon rules --json``)."""
        data: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default}
        if self.choices:
            data["choices"] = list(self.choices)
        if self.min is not None:
            data["min"] = self.min
        if self.max is not None:
            data["max"] = self.max
        data["doc"] = self.doc
        return data

    def _error(self, value: object, expected: str) -> InputError:
        return InputError(f"option {self.name!r} must be {expected}, got {value!r}")


def _spec_map(specs: Iterable[OptionSpec]) -> dict[str, OptionSpec]:
    return {spec.name: spec for spec in specs}


def _unknown(name: str, specs: Mapping[str, OptionSpec], title: str) -> InputError:
    known = ", ".join(sorted(specs)) or "none"
    where = f" for {title}" if title else ""
    return InputError(f"unknown option {name!r}{where} (known options: {known})")


def resolve_options(
    specs: Iterable[OptionSpec], given: Mapping[str, object] | None = None, *, title: str = ""
) -> dict[str, OptionValue]:
    """Validate typed option values and fill in defaults; the result has every option.

    ``title`` only makes error messages clearer ("unknown option 'x' for pig").
    """
    by_name = _spec_map(specs)
    given = given or {}
    for name in given:
        if name not in by_name:
            raise _unknown(name, by_name, title)
    return {
        name: spec.validate(given[name]) if name in given else spec.default
        for name, spec in by_name.items()
    }


def split_option_arg(text: str) -> tuple[str, str]:
    """Split one ``name=value`` CLI argument; InputError if there is no ``=``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise InputError(f"option {text!r} must look like name=value")
    return name.strip(), value


def parse_option_args(
    specs: Iterable[OptionSpec], args: Iterable[str], *, title: str = ""
) -> dict[str, OptionValue]:
    """Parse CLI ``name=value`` strings against the specs; returns only the options given.

    Pass the result to :func:`resolve_options` (or ``Game.new``) to fill in defaults.
    """
    by_name = _spec_map(specs)
    parsed: dict[str, OptionValue] = {}
    for arg in args:
        name, value = split_option_arg(arg)
        spec = by_name.get(name)
        if spec is None:
            raise _unknown(name, by_name, title)
        if name in parsed:
            raise InputError(f"option {name!r} given twice")
        parsed[name] = spec.parse(value)
    return parsed
