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


# The game options of 1870 (Dixon defaults; Mayfair and 18xx.games differences as values).
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("diesels", "bool", False, "§12 1830 diesels instead of 8, 10 and 12 trains."),
    OptionSpec("finish_on_400", "bool", False, "§12 the game ends when a price reaches $400."),
    OptionSpec("market", "choice", "dixon", "§5.1 market cells.", choices=("dixon", "mayfair")),
    OptionSpec("tiles", "choice", "dixon", "§2.7 tile manifest.", choices=("dixon", "mayfair")),
    OptionSpec(
        "twelve_trains", "int", 6, "§2.4 number of 12-trains (0 = unlimited).", min=0, max=20
    ),
    OptionSpec("cert_column_8", "bool", True, "§2.1 certificate limits for 8 companies."),
    OptionSpec(
        "protect_if_sold",
        "bool",
        True,
        "§6.4 a president who sold the company this round may still protect it.",
    ),
    OptionSpec("reissue_cap_200", "bool", True, "§6.6 reissue price capped at $200."),
    OptionSpec(
        "ledge",
        "choice",
        "single",
        "§5.3/U4 ledge. single: one share sold from the ledge does not move the token, "
        "two or more move it fully; per_share (18xx.games): a sale moves share by share "
        "and stops on the ledge when its last share would step off it; upper: the ledge "
        "absorbs one share of any sale; lower: a token in the lower area ignores one share "
        "sold. In every mode but lower a dividend never carries the token into the lower "
        "area (it moves up instead).",
        choices=("single", "per_share", "upper", "lower"),
    ),
    OptionSpec(
        "check_routes",
        "bool",
        True,
        "§8.3 a run may not claim more than the best routes of the company's trains "
        "(ROUTES' optimiser on the current board).",
    ),
    OptionSpec(
        "best_run_on_demand",
        "bool",
        True,
        "§8.3 after a run and before its dividend, any shareholder other than the president "
        "may `demand` the highest-paying run, which the engine finds and the company then "
        "runs (18xx.games has no such step: imported games turn it off).",
    ),
    OptionSpec(
        "upgrade_must_add",
        "bool",
        False,
        "§7.1 an upgrade must give the company new track it reaches or raise the value of a "
        "city on its network (18xx.games; Dixon only asks that the tile connect).",
    ),
    OptionSpec(
        "check_reach",
        "bool",
        True,
        "§7.1/§7.2 new track and new tokens must be reachable from the company's network.",
    ),
    OptionSpec(
        "destination_blocks", "bool", True, "§8.4 the destination token occupies a token space."
    ),
    OptionSpec(
        "destination_ends_only",
        "bool",
        False,
        "§8.4/U6 the destination doubles only at a route's first or last stop.",
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
