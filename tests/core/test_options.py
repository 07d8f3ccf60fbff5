"""Option specs, validation of typed values and parsing of CLI name=value strings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from transcon.core.errors import InputError
from transcon.core.options import (
    Options,
    OptionSpec,
    OptionValue,
    option,
    parse_option_args,
    resolve_options,
    stored_options,
)

SPECS = (
    OptionSpec("target", "int", 20, "Score to win.", min=5, max=100),
    OptionSpec("die", "choice", "d6", choices=("d4", "d6")),
    OptionSpec("fast", "bool", False),
    OptionSpec("map", "str", "usa"),
)


def test_defaults_are_filled_in() -> None:
    assert resolve_options(SPECS) == {"target": 20, "die": "d6", "fast": False, "map": "usa"}
    assert resolve_options(SPECS, {"target": 30})["target"] == 30


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"speed": 1}, "unknown option 'speed' for pig (known options: die, fast, map, target)"),
        ({"target": "30"}, "option 'target' must be an integer, got '30'"),
        ({"target": True}, "option 'target' must be an integer, got True"),
        ({"target": 4}, "option 'target' must be an integer in 5..100, got 4"),
        ({"fast": 1}, "option 'fast' must be true or false, got 1"),
        ({"die": "d8"}, "option 'die' must be one of d4, d6, got 'd8'"),
        ({"map": 3}, "option 'map' must be text, got 3"),
    ],
)
def test_bad_values_give_one_line_errors(given: dict[str, object], message: str) -> None:
    with pytest.raises(InputError) as err:
        resolve_options(SPECS, given, title="pig")
    assert str(err.value) == message


def test_parse_cli_strings() -> None:
    args = ["target=50", "fast=yes", "die=d4", "map= europe "]
    assert parse_option_args(SPECS, args) == {
        "target": 50,
        "fast": True,
        "die": "d4",
        "map": "europe",
    }
    assert parse_option_args(SPECS, ["fast=off"]) == {"fast": False}


@pytest.mark.parametrize(
    ("arg", "message"),
    [
        ("target", "must look like name=value"),
        ("=3", "must look like name=value"),
        ("target=abc", "must be an integer"),
        ("target=500", "in 5..100"),
        ("fast=maybe", "true or false"),
        ("colour=red", "unknown option 'colour'"),
    ],
)
def test_parse_errors(arg: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_option_args(SPECS, [arg])


def test_duplicate_cli_option() -> None:
    with pytest.raises(InputError, match="given twice"):
        parse_option_args(SPECS, ["fast=1", "fast=0"])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"name": "x", "kind": "choice", "default": "a"},
        {"name": "x", "kind": "int", "default": 1, "choices": ("a",)},
        {"name": "x", "kind": "bool", "default": True, "min": 1},
        {"name": "x", "kind": "int", "default": 0, "min": 1},
        {"name": "a=b", "kind": "str", "default": ""},
        {"name": "x", "kind": "choice", "default": "a", "choices": ("a",), "saved_default": "b"},
    ],
)
def test_broken_specs_are_programming_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        OptionSpec(**kwargs)  # type: ignore[arg-type]


def test_to_json_and_range_text() -> None:
    assert SPECS[0].to_json() == {
        "name": "target",
        "kind": "int",
        "default": 20,
        "min": 5,
        "max": 100,
        "doc": "Score to win.",
    }
    assert SPECS[1].to_json()["choices"] == ["d4", "d6"]
    assert OptionSpec("n", "int", 3, min=2).range_text() == ">= 2"
    assert OptionSpec("n", "int", 3).range_text() == "any integer"


# -- one declaration: an Options dataclass whose fields carry the specs ---------------------


@dataclass(frozen=True, slots=True)
class PigOptions(Options):
    RETIRED: ClassVar[Mapping[str, OptionValue]] = {"dice": 1}

    target: int = option(20, "Score to win.", rule="Rules 2", min=5, max=100)
    die: Literal["d4", "d6"] = option("d6", "Die to throw.")
    fast: bool = option(False, "Skip confirmations.")
    map: str = option("usa", "Board.")


def test_an_options_class_declares_the_specs_once() -> None:
    assert PigOptions.specs() == (
        OptionSpec("target", "int", 20, "Score to win.", min=5, max=100, rule="Rules 2"),
        OptionSpec("die", "choice", "d6", "Die to throw.", choices=("d4", "d6")),
        OptionSpec("fast", "bool", False, "Skip confirmations."),
        OptionSpec("map", "str", "usa", "Board."),
    )
    assert PigOptions.specs()[0].to_json()["rule"] == "Rules 2"


def test_the_typed_view_fills_defaults_and_is_cached_per_options_dict() -> None:
    given = {"target": 30}
    view = PigOptions.view(given)
    assert view == PigOptions(target=30, die="d6", fast=False, map="usa")
    assert PigOptions.view(given) is view
    with pytest.raises(InputError, match="must be one of d4, d6"):
        PigOptions.view({"die": "d8"})


def test_a_retired_option_loads_with_its_only_value_and_refuses_any_other() -> None:
    specs, retired = PigOptions.specs(), PigOptions.RETIRED
    resolved = resolve_options(specs, {"dice": 1, "fast": True}, retired=retired)
    assert "dice" not in resolved and resolved["fast"] is True
    with pytest.raises(InputError, match=r"option 'dice' is a fixed rule \(1\), not a choice"):
        resolve_options(specs, {"dice": 2}, retired=retired)
    with pytest.raises(InputError, match="unknown option 'dice'"):
        resolve_options(specs, {"dice": 1})


def test_an_option_field_needs_an_option_type() -> None:
    @dataclass(frozen=True, slots=True)
    class Broken(Options):
        speed: float = option(1.5, "Not an option type.")

    with pytest.raises(ValueError, match="option type must be"):
        Broken.specs()


def test_a_stored_game_that_predates_an_option_plays_its_saved_default() -> None:
    """A game stored before the title gained an option (so it does not name it) plays the
    option's ``saved_default``: it replays as it was played. Named options stay as stored;
    an option without a saved default takes its default, as a new game does."""

    @dataclass(frozen=True, slots=True)
    class Later(Options):
        target: int = option(20, "Score to win.")
        draw: Literal["new", "old"] = option("new", "How ties draw.", saved_default="old")
        fast: bool = option(False, "Skip confirmations.")

    specs = Later.specs()
    assert specs[1].saved_default == "old" and specs[1].to_json()["saved_default"] == "old"
    assert "saved_default" not in specs[0].to_json()
    assert stored_options(specs, {"target": 30}) == {"target": 30, "draw": "old"}
    assert stored_options(specs, {"draw": "new"}) == {"draw": "new"}
    assert resolve_options(specs, stored_options(specs, {})) == {
        "target": 20,
        "draw": "old",
        "fast": False,
    }
    assert resolve_options(specs, {})["draw"] == "new"  # a new game
