"""Map an 18xx.games game's ``settings.optional_rules`` onto our 1870 options.

18xx.games plays the Mayfair edition; Dixon's rules (our defaults) are optional rules there.
So every option starts from its Mayfair value and each listed symbol switches one back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from transcon.core.options import OptionValue

MAYFAIR_1870: dict[str, OptionValue] = {
    "market": "mayfair",
    "ledge": "per_share",
    "tiles": "mayfair",
    "twelve_trains": 0,
    "cert_column_8": False,
    "protect_if_sold": False,
    "reissue_cap_200": False,
    "destination_blocks": False,
    "destination_ends_only": True,
    "diesels": False,
    "finish_on_400": False,
    "finish_turn_on_400": False,
    "sale_order_by_kinds": True,
    "trade_in_to_pool": True,
    "check_routes": False,
    "best_run_on_demand": False,
    "upgrade_must_add": True,
    "bridge_lay_counts": True,
    "sell_to_holding_limit": True,
}


OPTIONAL_RULES: tuple[tuple[str, dict[str, OptionValue]], ...] = (
    ("diesels", {"diesels": True}),
    ("finish_on_400", {"finish_on_400": True}),
    ("original_market", {"market": "dixon"}),
    ("original_tiles", {"tiles": "dixon"}),
    ("max_reissue_200", {"reissue_cap_200": True}),
    ("can_protect_if_sold", {"protect_if_sold": True}),
    ("station_wars", {"destination_blocks": True}),
    ("original_rules", {"cert_column_8": True, "twelve_trains": 6}),
)
"""Each 18xx.games optional rule and the option values it switches back to Dixon's (the one
mapping, read both ways: :func:`options_1870` and :func:`optional_rules`)."""


def options_1870(
    optional_rules: Iterable[str], *, check_routes: bool = False
) -> dict[str, OptionValue]:
    """Our option values for an 18xx.games 1870 game with these optional rules.

    ``check_routes`` sets the game option (a paying run must name its routes); imported runs
    always name theirs, so they are validated either way. Other symbols change nothing.
    """
    options = dict(MAYFAIR_1870)
    options["check_routes"] = check_routes
    switches = dict(OPTIONAL_RULES)
    for rule in optional_rules:
        options.update(switches.get(rule, {}))
    return options


def optional_rules(options: Mapping[str, OptionValue]) -> list[str]:
    """The 18xx.games optional rules of a game with our ``options``."""
    return [
        rule
        for rule, values in OPTIONAL_RULES
        if all(options.get(name) == value for name, value in values.items())
    ]
