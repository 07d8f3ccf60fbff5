"""Options of Railway Rivals USA (every ambiguity of the notes is a named option).

:data:`OPTIONS` is what ``transcon rules railway-rivals-usa`` lists; :class:`Config` is the
resolved, typed view the rules code reads (built once per game from the setup's options).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from transcon.core.options import OptionSpec, OptionValue

MAP_NAME = "usa-transcontinental"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("map", "str", MAP_NAME, "Map name or path (needs east_coast/west_coast regions)."),
    OptionSpec("rounds", "int", 16, "Rounds: one building round, then racing rounds.", min=2),
    OptionSpec("starting_cash", "int", 20, "Base 1/§8: cash of every rival at the start.", min=0),
    OptionSpec("race_prize_first", "int", 20, "Base 3.5: first prize of a race.", min=0),
    OptionSpec("race_prize_second", "int", 10, "Base 3.5: second prize of a race.", min=0),
    OptionSpec("tc_prize_first", "int", 40, "Seed: Transcontinental first prize.", min=0),
    OptionSpec("tc_prize_second", "int", 20, "Seed: Transcontinental second prize.", min=0),
    OptionSpec("town_bonus_first", "int", 6, "Base 2.4: bonus for first reaching a city.", min=0),
    OptionSpec("town_bonus_second", "int", 3, "Base 2.4: bonus for the second arrival.", min=0),
    OptionSpec(
        "tie_rule",
        "choice",
        "share",
        "Notes §11: arrivals in the same throw round share the pooled prizes (rounded down).",
        choices=("share", "most_points_left"),
    ),
    OptionSpec(
        "hill_race_penalty", "int", 1, "Notes §15: extra point to move up a mountain.", min=0
    ),
    OptionSpec(
        "hill_penalty_mode",
        "choice",
        "uphill",
        "Notes §15: mountain delay when entering from a non-mountain hex, or on every entry.",
        choices=("uphill", "every_entry"),
    ),
    OptionSpec("swamp_race_penalty", "int", 0, "Seed: swamps impose no delay in races.", min=0),
    OptionSpec("track_use_fee_per_hex", "int", 1, "Base 3.3: fee per hex of rival track.", min=0),
    OptionSpec(
        "max_foreign_hexes_per_owner",
        "int",
        10,
        "Base 3.3: at most this many hexes of one rival's track per race.",
        min=0,
    ),
    OptionSpec(
        "min_own_track",
        "choice",
        "any",
        "Base 3.2: a route must use at least one link of own (or partner) track.",
        choices=("any", "none"),
    ),
    OptionSpec(
        "reoffer_unentered", "int", 1, "Seed: times an unentered race is re-offered.", min=0
    ),
    OptionSpec("joint_runs", "bool", True, "Base 3.6: two rivals may run one train together."),
    OptionSpec(
        "route_length_metric",
        "choice",
        "movement_points",
        "Notes §11: 'shorter' in the better-route rule counts die points or hexes.",
        choices=("movement_points", "hexes"),
    ),
    OptionSpec(
        "race_draw_weight",
        "choice",
        "keys",
        "Notes §8: races are drawn by keys (multi-key cities weigh more) or by city.",
        choices=("keys", "uniform_city"),
    ),
    OptionSpec("reoffers_extra", "bool", True, "Notes §11: re-offered races come on top of N."),
    OptionSpec(
        "tc_offer_check",
        "choice",
        "any_track_path",
        "Notes §12: the Transcontinental race is offered once any track path links the coasts.",
        choices=("any_track_path",),
    ),
    OptionSpec(
        "cash_build_starts",
        "choice",
        "same_round",
        "Notes §10: cash building starts in the round the Transcontinental race is run.",
        choices=("same_round", "next_round"),
    ),
    OptionSpec("cash_build_max_links", "int", 6, "Seed: links per round after the TC race.", min=0),
    OptionSpec(
        "reroll_ones",
        "choice",
        "until_not_one",
        "Notes §17: building dice showing 1 are rerolled until not 1, or once.",
        choices=("until_not_one", "once"),
    ),
    OptionSpec("build_dice_min_total", "int", 9, "Seed: reroll all three below this total.", min=0),
    OptionSpec(
        "simultaneous_entry_payment",
        "choice",
        "none",
        "Notes §10: rivals entering a hex in the same build step pay nobody.",
        choices=("none",),
    ),
    OptionSpec("town_half_hex_exempt", "bool", True, "Base 2.3: no parallel fee in city halves."),
    OptionSpec(
        "alongside_join_fee",
        "choice",
        "on_entry",
        "Base 2.3: building alongside a rival's link pays 2 per half hex plus the 1 for "
        "joining, and the 1 is due only when the builder enters a hex it has no track in "
        "(4 when it already has track in both hexes); 'always': 1 + 2 per half hex every time.",
        choices=("on_entry", "always"),
    ),
    OptionSpec(
        "segment_step_order",
        "choice",
        "hex_count",
        "Base 2.1 (postal) / notes §10: a segment resolves step by step, a link's step being "
        "its hex count from the network it was built from (a second branch starts again at "
        "step 1); 'order_given': a rival's links are stepped in the order written.",
        choices=("hex_count", "order_given"),
    ),
    OptionSpec(
        "bonus_city_on_track",
        "choice",
        "each_first",
        "Notes §9: a GM city on track pays the first bonus to each rival there.",
        choices=("each_first", "none"),
    ),
    OptionSpec("gm_cities_per_round", "int", 4, "Seed: cities created at each round end.", min=0),
    OptionSpec("city_creation_last_round", "int", 14, "Seed: no new cities after round 14.", min=0),
    OptionSpec("eligible_initial_columns", "int", 17, "Notes §9: round-1 band (printed).", min=1),
    OptionSpec("eligible_step_columns", "int", 2, "Notes §9: band growth per round.", min=0),
    OptionSpec(
        "eligible_scale_width", "int", 57, "Notes §9: printed columns coast to coast.", min=1
    ),
    OptionSpec("eligible_scale", "bool", True, "Notes §9: scale the band to our map's width."),
    OptionSpec("eligible_grow_until_round", "int", 11, "Notes §9: band grows until round.", min=1),
    OptionSpec("eligible_all_from_round", "int", 12, "Notes §9: whole US from round.", min=1),
    OptionSpec("wco_first_round", "int", 11, "Seed: West Coast operations from round.", min=1),
    OptionSpec("wco_last_round", "int", 15, "Seed: West Coast operations until round.", min=1),
    OptionSpec("wco_cost", "int", 6, "Seed: cash paid to start West Coast operations.", min=0),
    OptionSpec("wco_build_multiplier", "int", 2, "Seed: West Coast network cost factor.", min=1),
    OptionSpec(
        "wco_on_existing_city",
        "choice",
        "add_key",
        "Notes §13: a West Coast operation on a city hex adds a key, or is forbidden.",
        choices=("add_key", "forbid"),
    ),
    OptionSpec("double_one_overlapping", "bool", True, "Notes §14: throws 1,1,1 make two cities."),
    OptionSpec(
        "winner_tie",
        "choice",
        "shared",
        "Notes §4: equal cash shares the win.",
        choices=("shared",),
    ),
    OptionSpec(
        "carry_build_points",
        "bool",
        False,
        "Notes §10: unused points of a building die carry into the next segment.",
    ),
    OptionSpec(
        "max_entries_per_round",
        "int",
        0,
        "Base 3.2 / notes §11: races a rival may enter per round (0 = no limit).",
        min=0,
    ),
    OptionSpec(
        "min_race_length",
        "int",
        0,
        "Seed: no minimum race length (hex distance between a race's cities).",
        min=0,
    ),
    OptionSpec("bonus_for_wco_city", "bool", False, "Notes §13: West Coast cities pay bonuses."),
    OptionSpec("bonus_for_race_city", "bool", False, "Seed: no bonus for double-1 cities."),
    OptionSpec(
        "allow_negative_cash",
        "choice",
        "fees_only",
        "Base §5 #23: spending needs cash; only fees may drive cash below zero.",
        choices=("fees_only",),
    ),
    OptionSpec(
        "gm_cities_pregame",
        "choice",
        "num_rivals",
        "Seed: cities created before the building round: as many as rivals.",
        choices=("num_rivals",),
    ),
    OptionSpec(
        "cash_build_resolution",
        "choice",
        "simultaneous_steps",
        "Notes §10: cash builds resolve like dice builds, one link per step.",
        choices=("simultaneous_steps",),
    ),
    OptionSpec(
        "route_payment_equality",
        "choice",
        "per_recipient",
        "Notes §11: the GM's random pick is among routes with identical payments per rival.",
        choices=("per_recipient",),
    ),
    OptionSpec(
        "tc_race_uses_keys",
        "bool",
        False,
        "Notes §11: the Transcontinental race is extra and uses no keys; True: it is one of "
        "the N races and its cities must have a key left after the drawn races.",
    ),
    OptionSpec(
        "exclude_new_cities",
        "choice",
        "end_of_round_only",
        "Notes §11: only cities created at the end of the previous round sit out the races.",
        choices=("end_of_round_only",),
    ),
    OptionSpec(
        "fee_netting",
        "bool",
        False,
        "Base 3.3: no netting of fees; True (Dampfross): rivals who use each other's track in "
        "one race pay only the net amount, and the cap applies to the net.",
    ),
    OptionSpec(
        "allow_running_power_exchange",
        "bool",
        False,
        "Seed: exchanges of running powers are not permitted; True (base 3.7): two entrants "
        "of a race may use each other's track free with separate trains (enter N erp RIVAL).",
    ),
    OptionSpec("max_team_size", "int", 2, "Base 3.6: a joint run is two rivals.", min=2, max=2),
    OptionSpec("race_dice", "int", 1, "Seed: races use one ordinary die.", min=1, max=1),
    OptionSpec(
        "carry_race_points",
        "bool",
        False,
        "Base 3.4: points that cannot pay the next hex are lost; True: they carry into the "
        "train's next throw.",
    ),
    OptionSpec(
        "tc_start",
        "choice",
        "entrant_choice",
        "Notes §12: each entrant picks its East Coast start and West Coast finish.",
        choices=("entrant_choice",),
    ),
    OptionSpec(
        "wco_join_link_cost",
        "choice",
        "normal",
        "Notes §13: the link joining the two networks costs the normal amount.",
        choices=("normal",),
    ),
    OptionSpec(
        "wc_double_fees",
        "bool",
        False,
        "Notes §13: 'double' covers construction only; True: building fees paid to rivals "
        "for West Coast network links are doubled too.",
    ),
    OptionSpec(
        "build_cost_table",
        "choice",
        "modern",
        "Base 2.2: 5th/6th edition costs, as the seed's table.",
        choices=("modern",),
    ),
    OptionSpec(
        "east_coast_includes_lakes",
        "bool",
        False,
        "Notes §6: lakes never make East Coast hexes; True: US land next to the Great Lakes "
        "is East Coast too.",
    ),
    OptionSpec(
        "atlantic_and_gulf_hex_is_east_coast",
        "bool",
        True,
        "Notes §6: a hex touching Atlantic and Gulf water is East Coast; False: no hex next "
        "to Gulf water is East Coast.",
    ),
)


@dataclass(frozen=True, slots=True)
class Config:
    """Typed options (field names equal option names)."""

    map: str
    rounds: int
    starting_cash: int
    race_prize_first: int
    race_prize_second: int
    tc_prize_first: int
    tc_prize_second: int
    town_bonus_first: int
    town_bonus_second: int
    tie_rule: str
    hill_race_penalty: int
    hill_penalty_mode: str
    swamp_race_penalty: int
    track_use_fee_per_hex: int
    max_foreign_hexes_per_owner: int
    min_own_track: str
    reoffer_unentered: int
    joint_runs: bool
    route_length_metric: str
    race_draw_weight: str
    reoffers_extra: bool
    tc_offer_check: str
    cash_build_starts: str
    cash_build_max_links: int
    reroll_ones: str
    build_dice_min_total: int
    simultaneous_entry_payment: str
    town_half_hex_exempt: bool
    alongside_join_fee: str
    segment_step_order: str
    bonus_city_on_track: str
    gm_cities_per_round: int
    city_creation_last_round: int
    eligible_initial_columns: int
    eligible_step_columns: int
    eligible_scale_width: int
    eligible_scale: bool
    eligible_grow_until_round: int
    eligible_all_from_round: int
    wco_first_round: int
    wco_last_round: int
    wco_cost: int
    wco_build_multiplier: int
    wco_on_existing_city: str
    double_one_overlapping: bool
    winner_tie: str
    carry_build_points: bool
    max_entries_per_round: int
    min_race_length: int
    bonus_for_wco_city: bool
    bonus_for_race_city: bool
    allow_negative_cash: str
    gm_cities_pregame: str
    cash_build_resolution: str
    route_payment_equality: str
    tc_race_uses_keys: bool
    exclude_new_cities: str
    fee_netting: bool
    allow_running_power_exchange: bool
    max_team_size: int
    race_dice: int
    carry_race_points: bool
    tc_start: str
    wco_join_link_cost: str
    wc_double_fees: bool
    build_cost_table: str
    east_coast_includes_lakes: bool
    atlantic_and_gulf_hex_is_east_coast: bool

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Config:
        defaults = {spec.name: spec.default for spec in OPTIONS}
        values = {**defaults, **dict(options)}
        return cls(**values)  # type: ignore[arg-type]
