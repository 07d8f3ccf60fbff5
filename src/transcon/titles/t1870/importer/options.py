"""Map an 18xx.games game's ``settings.optional_rules`` onto our 1870 options.

18xx.games plays the Mayfair edition; Dixon's rules (our defaults) are optional rules there.
So every option starts from its Mayfair value and each listed symbol switches one back.
"""

from __future__ import annotations

from collections.abc import Iterable

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
    "check_routes": False,
    "best_run_on_demand": False,
    "upgrade_must_add": True,
}


def options_1870(
    optional_rules: Iterable[str], *, check_routes: bool = False
) -> dict[str, OptionValue]:
    """Our option values for an 18xx.games 1870 game with these optional rules.

    ``check_routes`` sets the game option (a paying run must name its routes); imported runs
    always name theirs, so they are validated either way.
    """
    options = dict(MAYFAIR_1870)
    options["check_routes"] = check_routes
    for rule in optional_rules:
        if rule == "diesels":
            options["diesels"] = True
        elif rule == "finish_on_400":
            options["finish_on_400"] = True
        elif rule == "original_market":
            options["market"] = "dixon"
        elif rule == "original_tiles":
            options["tiles"] = "dixon"
        elif rule == "max_reissue_200":
            options["reissue_cap_200"] = True
        elif rule == "can_protect_if_sold":
            options["protect_if_sold"] = True
        elif rule == "station_wars":
            options["destination_blocks"] = True
        elif rule == "original_rules":
            options["cert_column_8"] = True
            options["twelve_trains"] = 6
    return options
