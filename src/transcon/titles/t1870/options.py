"""1870 route options: the rules edition and the points where editions (or readings) differ.

Dixon's original rules (the seed's edition) are the default; 18xx.games plays the Mayfair
edition. See ``docs/rules/1870-routes.md`` and ``1870-base.md`` §13 (U6).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from transcon.core.errors import InputError
from transcon.core.options import OptionSpec

Edition = Literal["dixon", "mayfair"]
Doubling = Literal["anywhere", "first-or-last-stop"]
DestinationToken = Literal["slot", "beside"]

ROUTE_OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "rules_edition",
        "choice",
        "dixon",
        choices=("dixon", "mayfair"),
        doc="Dixon's original rules (default) or the Mayfair edition (18xx.games).",
    ),
    OptionSpec(
        "destination_doubling",
        "choice",
        "anywhere",
        choices=("anywhere", "first-or-last-stop"),
        doc="Where a reached destination counts double: at any stop of a route "
        "(default, the seed's 'do any doubling for destination tokens'), or only as "
        "the first or last stop (Mayfair/18xx.games).",
    ),
    OptionSpec(
        "destination_token",
        "choice",
        "slot",
        choices=("slot", "beside"),
        doc="Whether the destination token fills a token slot (Dixon, default) or sits "
        "beside the city using no slot (Mayfair; Dixon's optional rule 16.4).",
    ),
)


@dataclass(frozen=True, slots=True)
class RouteOptions1870:
    """Resolved route options (defaults: Dixon's rules)."""

    rules_edition: Edition = "dixon"
    destination_doubling: Doubling = "anywhere"
    destination_token: DestinationToken = "slot"

    @classmethod
    def for_edition(cls, edition: str) -> RouteOptions1870:
        """The options an edition implies."""
        if edition == "dixon":
            return cls()
        if edition == "mayfair":
            return cls("mayfair", "first-or-last-stop", "beside")
        raise InputError(f"unknown 1870 rules edition {edition!r} (dixon or mayfair)")

    @classmethod
    def from_18xx_games(cls, optional_rules: Iterable[str]) -> RouteOptions1870:
        """Options matching an 18xx.games game's ``settings.optional_rules``.

        18xx.games plays Mayfair and always doubles a destination only at a route's ends, even
        with ``original_rules``; its ``station_wars`` option makes destination tokens take a
        slot. Other symbols (diesels, finish_on_400, …) do not change route rules.
        """
        rules = set(optional_rules)
        token: DestinationToken = "slot" if "station_wars" in rules else "beside"
        edition: Edition = "dixon" if "original_rules" in rules else "mayfair"
        return cls(edition, "first-or-last-stop", token)
