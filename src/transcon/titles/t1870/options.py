"""The options of 1870, declared once: Dixon's rules (the seed's edition) are the defaults and
every Mayfair (18xx.games) difference is a value. See ``docs/rules/1870.md``.

:class:`Options1870` is read through its typed view (``Options1870.view(state.options)``) by
the rules and by the route engine's position (destination token and doubling). The only
mapping from 18xx.games' ``optional_rules`` is ``importer/options.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from transcon.core.options import Options, option


@dataclass(frozen=True, slots=True)
class Options1870(Options):
    """The options of 1870, typed (field names are option names)."""

    diesels: bool = option(
        False, "1830 diesels instead of 8, 10 and 12 trains.", rule="1870 rules §12"
    )
    trade_in_to_pool: bool = option(
        False,
        "With diesels, a 4, 5 or 6 traded in for a diesel goes to the open market, for sale "
        "at its price (18xx.games); false: it leaves the game (the rules do not say).",
        rule="1870 rules §12",
    )
    finish_on_400: bool = option(
        False, "The game ends when a price reaches $400.", rule="1870 rules §12"
    )
    finish_turn_on_400: bool = option(
        True,
        "With finish_on_400, the company whose price reached $400 finishes its turn before "
        "the game ends (Dixon); false: the game ends at once, after that action (18xx.games).",
        rule="1870 rules §12",
    )
    sale_order_by_kinds: bool = option(
        False,
        "After a private bought from a player, a sale is refused only when the turn holds "
        "exactly two kinds of action (deals, share purchases, sales) and a purchase came "
        "last (18xx.games); false: sell then buy, or buy then sell, a deal being a purchase.",
        rule="1870 rules §6.1, §9.9",
    )
    market: Literal["dixon", "mayfair"] = option("dixon", "Market cells.", rule="1870 rules §5.1")
    tiles: Literal["dixon", "mayfair"] = option("dixon", "Tile manifest.", rule="1870 rules §2.7")
    twelve_trains: int = option(
        6, "Number of 12-trains (0 = unlimited).", rule="1870 rules §2.4", min=0, max=20
    )
    cert_column_8: bool = option(
        True, "Certificate limits for 8 companies.", rule="1870 rules §2.1"
    )
    protect_if_sold: bool = option(
        True,
        "A president who sold the company this round may still protect it.",
        rule="1870 rules §6.4",
    )
    reissue_cap_200: bool = option(True, "Reissue price capped at $200.", rule="1870 rules §6.6")
    ledge: Literal["single", "per_share", "upper", "lower"] = option(
        "single",
        "single: one share sold from the ledge does not move the token, two or more move it "
        "fully; per_share (18xx.games): a sale moves share by share and stops on the ledge "
        "when its last share would step off it; upper: the ledge absorbs one share of any "
        "sale; lower: a token in the lower area ignores one share sold. In every mode but "
        "lower a dividend never carries the token into the lower area (it moves up instead).",
        rule="1870 rules §5.3",
    )
    sell_to_holding_limit: bool = option(
        False,
        "A player holding more than 60% of a company (outside the orange and brown zones, "
        "after a price protection) may only sell shares that bring the holding down to 60% "
        "or less (18xx.games); false: any sale.",
        rule="1870 rules §6.2",
    )
    bridge_lay_counts: bool = option(
        False,
        "The MRBC's lay in a Mississippi hex (not MP's or SSW's free home lay) is one of the "
        "company's tile lays that turn, so no upgrade follows it, and lays a yellow tile "
        "(18xx.games); false: one lay in addition to the normal ones, of any colour the "
        "phase allows.",
        rule="1870 rules §9.2",
    )
    check_routes: bool = option(
        True,
        "A paying run must name its routes (`run REVENUE STOP,STOP ...`), each checked "
        "against the route rules and revalued; off: a run naming no routes is taken on trust "
        "(named routes are always checked).",
        rule="1870 rules §7.3, §8.3",
    )
    best_run_on_demand: bool = option(
        True,
        "After a run and before its dividend, any shareholder other than the president "
        "may `demand` the highest-paying run, which the engine finds and the company then "
        "runs (18xx.games has no such step: imported games turn it off).",
        rule="1870 rules §8.3",
    )
    upgrade_must_add: bool = option(
        False,
        "An upgrade must give the company new track it reaches or raise the value of a "
        "city on its network (18xx.games; Dixon only asks that the tile connect).",
        rule="1870 rules §7.1",
    )
    check_reach: bool = option(
        True,
        "New track and new tokens must be reachable from the company's network.",
        rule="1870 rules §7.1, §7.2",
    )
    destination_blocks: bool = option(
        True,
        "The destination token occupies a token space (Dixon); false: it sits beside the "
        "city using no space (Mayfair, 18xx.games; Dixon's optional rule 16.4).",
        rule="1870 rules §8.4",
    )
    destination_ends_only: bool = option(
        False,
        "A reached destination doubles only at a route's first or last stop (Mayfair, "
        "18xx.games); false: at any stop of the route (Dixon).",
        rule="1870 rules §8.3.1, §8.4",
    )


OPTIONS = Options1870.specs()
