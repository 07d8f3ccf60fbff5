"""Game options: how a title declares them once, and checking what a user asked for.

A title declares its options once, as a frozen dataclass derived from :class:`Options` whose
fields are made with :func:`option` (type, default, rule reference, description, bounds;
a ``Literal`` type makes a choice). ``Model.specs()`` derives the :class:`OptionSpec` tuple
that ``transcon rules``, the CLI and the server show, and ``Model.view(options)`` gives the
rules code a typed, cached view of a game's resolved options (never ``options.get(k, default)``).

A rule that admits a single value is not an option: the title keeps it as code and lists
its old name in ``Model.RETIRED`` with that value, so saves that still name it load
(:func:`resolve_options` drops it; any other value is refused).

:func:`resolve_options` turns a user's dict (from a save file, from code) into a complete,
validated dict with every default filled in, and :func:`parse_option_args` does the same for
CLI ``--option name=value`` strings.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Literal, TypeVar, cast

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
    #: The rule this option settles, as players know it (a rule section, never a file name).
    rule: str = ""
    #: The value a stored game (a save file, a server's game) that does not name this option
    #: plays: it was stored before the title had the option, and replays as it was played
    #: (None: the default, which then keeps the rules it was played under).
    saved_default: OptionValue | None = None

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
            if self.saved_default is not None:
                self.validate(self.saved_default)
        except InputError as err:
            raise ValueError(f"default or saved default of {err}") from None

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
        if self.rule:
            data["rule"] = self.rule
        if self.saved_default is not None:
            data["saved_default"] = self.saved_default
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
    specs: Iterable[OptionSpec],
    given: Mapping[str, object] | None = None,
    *,
    title: str = "",
    retired: Mapping[str, OptionValue] | None = None,
) -> dict[str, OptionValue]:
    """Validate typed option values and fill in defaults; the result has every option.

    ``title`` only makes error messages clearer ("unknown option 'x' for pig"). ``retired``
    maps the names of former options that admit one value (now fixed rules) to that value:
    a given retired name with that value is dropped, any other value is an InputError.
    """
    by_name = _spec_map(specs)
    given = given or {}
    retired = retired or {}
    for name, value in given.items():
        if name in by_name:
            continue
        if name not in retired:
            raise _unknown(name, by_name, title)
        if value != retired[name] or type(value) is not type(retired[name]):
            raise InputError(
                f"option {name!r} is a fixed rule ({retired[name]!r}), not a choice; got {value!r}"
            )
    given = {name: value for name, value in given.items() if name in by_name}
    return {
        name: spec.validate(given[name]) if name in given else spec.default
        for name, spec in by_name.items()
    }


def stored_options(specs: Iterable[OptionSpec], stored: Mapping[str, object]) -> dict[str, object]:
    """The options of a stored game (resolved when it was stored, so every option the title
    had then is named): an option it does not name takes its ``saved_default``, if it has
    one, so the game replays as it was played. Pass the result to :func:`resolve_options`
    (or ``Game.from_log``)."""
    filled = dict(stored)
    for spec in specs:
        if spec.name not in filled and spec.saved_default is not None:
            filled[spec.name] = spec.saved_default
    return filled


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


# -- declaring options once: a dataclass whose fields carry the specs -------------------------

_T = TypeVar("_T")
_OPTIONS = TypeVar("_OPTIONS", bound="Options")
_FIELD_KEY = "transcon.option"


@dataclass(frozen=True, slots=True)
class _FieldSpec:
    doc: str
    rule: str
    min: int | None
    max: int | None
    saved_default: OptionValue | None


def option(
    default: _T,
    doc: str,
    *,
    rule: str = "",
    min: int | None = None,
    max: int | None = None,
    saved_default: OptionValue | None = None,
) -> _T:
    """One field of an :class:`Options` dataclass: its default, rule reference and description.

    The field's name is the option's name and its annotation its kind (``bool``, ``int``,
    ``str``, or ``Literal[...]`` of strings for a choice). ``rule`` names the rule section the
    option settles as players know it, e.g. ``"Base rules 3.3"``. ``saved_default``: the value
    games stored before the option existed play (``OptionSpec.saved_default``).
    """
    spec = _FieldSpec(doc, rule, min, max, saved_default)
    return field(default=default, metadata={_FIELD_KEY: spec})


@dataclass(frozen=True, slots=True)
class Options:
    """Base of a title's option declaration (subclass as a frozen, slotted dataclass).

    ``RETIRED`` maps the names of former single-valued options to their only value; their
    rules live in code and saves naming them still load (see :func:`resolve_options`).
    """

    RETIRED: ClassVar[Mapping[str, OptionValue]] = {}

    @classmethod
    def specs(cls) -> tuple[OptionSpec, ...]:
        """The option specs, in field order (cached per class)."""
        cached = _SPECS.get(cls)
        if cached is None:
            cached = _SPECS[cls] = _derive_specs(cls)
        return cached

    @classmethod
    def view(cls: type[_OPTIONS], options: Mapping[str, object]) -> _OPTIONS:
        """The typed view of resolved options (missing names take their defaults).

        Cached by the identity of ``options`` (a game's resolved options never change), so
        rules code may call it on every action.
        """
        key = (cls, id(options))
        hit = _VIEWS.get(key)
        if hit is not None and hit[0] is options:
            return cast(_OPTIONS, hit[1])
        values = resolve_options(cls.specs(), options, title=cls.__name__, retired=cls.RETIRED)
        made = cls(**values)
        if len(_VIEWS) >= _VIEW_CACHE_SIZE:
            _VIEWS.clear()
        _VIEWS[key] = (options, made)
        return made


_SPECS: dict[type[Options], tuple[OptionSpec, ...]] = {}
_VIEWS: dict[tuple[type[Options], int], tuple[Mapping[str, object], Options]] = {}
_VIEW_CACHE_SIZE = 256


def _derive_specs(cls: type[Options]) -> tuple[OptionSpec, ...]:
    hints = typing.get_type_hints(cls)
    specs: list[OptionSpec] = []
    for item in fields(cls):
        meta = item.metadata.get(_FIELD_KEY)
        if not isinstance(meta, _FieldSpec):
            raise ValueError(f"{cls.__name__}.{item.name}: declare options with option(...)")
        kind, choices = _kind_of(hints[item.name], f"{cls.__name__}.{item.name}")
        specs.append(
            OptionSpec(
                item.name,
                kind,
                cast(OptionValue, item.default),
                meta.doc,
                choices,
                meta.min,
                meta.max,
                meta.rule,
                meta.saved_default,
            )
        )
    return tuple(specs)


def _kind_of(hint: object, where: str) -> tuple[OptionKind, tuple[str, ...]]:
    if hint is bool:
        return "bool", ()
    if hint is int:
        return "int", ()
    if hint is str:
        return "str", ()
    if typing.get_origin(hint) is Literal:
        choices = typing.get_args(hint)
        if choices and all(isinstance(choice, str) for choice in choices):
            return "choice", tuple(str(choice) for choice in choices)
    raise ValueError(f"{where}: option type must be bool, int, str or a Literal of strings")
