"""Options of Railway Rivals USA (every ambiguity of the notes is a named option).

:class:`Config` declares each option once (type, default, rule, description) and is the
typed view the rules code reads (built once per game from the setup's options);
:data:`OPTIONS`, derived from it, is what ``transcon rules railway-rivals-usa`` lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from transcon.core.options import Options, OptionValue, option

MAP_NAME = "usa-transcontinental"


@dataclass(frozen=True, slots=True)
class Config(Options):
    """The options of Railway Rivals USA, typed (field names are option names)."""

    # Rules that admit one reading are code, not options; saves from before still name them
    # with that value (and load; any other value is refused).
    RETIRED: ClassVar[Mapping[str, OptionValue]] = {
        # Notes §12: the Transcontinental race is offered once any track path links the coasts.
        "tc_offer_check": "any_track_path",
        # Notes §10: rivals entering a hex in the same build step pay nobody.
        "simultaneous_entry_payment": "none",
        # Notes §4: equal cash shares the win.
        "winner_tie": "shared",
        # Base §5 #23: spending needs cash; only fees may drive cash below zero.
        "allow_negative_cash": "fees_only",
        # Seed: cities created before the building round: as many as rivals.
        "gm_cities_pregame": "num_rivals",
        # Notes §10: cash builds resolve like dice builds, one link per step.
        "cash_build_resolution": "simultaneous_steps",
        # Notes §11: the GM's random pick is among routes with identical payments per rival.
        "route_payment_equality": "per_recipient",
        # Notes §11: only cities created at the end of the previous round sit out the races.
        "exclude_new_cities": "end_of_round_only",
        # Base 3.6: a joint run is two rivals.
        "max_team_size": 2,
        # Seed: races use one ordinary die.
        "race_dice": 1,
        # Notes §12: each entrant picks its East Coast start and West Coast finish.
        "tc_start": "entrant_choice",
        # Notes §13: the link joining the two networks costs the normal amount.
        "wco_join_link_cost": "normal",
        # Base 2.2: 5th/6th edition costs, as the seed's table.
        "build_cost_table": "modern",
    }

    map: str = option(MAP_NAME, "Map name or path (needs east_coast/west_coast regions).")
    rounds: int = option(
        16, "Rounds: one building round, then racing rounds.", rule="Variant: Rounds of Play", min=2
    )
    starting_cash: int = option(
        20, "Cash of every rival at the start.", rule="Base rules 1; Variant: Game Start", min=0
    )
    race_prize_first: int = option(20, "First prize of a race.", rule="Base rules 3.5", min=0)
    race_prize_second: int = option(10, "Second prize of a race.", rule="Base rules 3.5", min=0)
    tc_prize_first: int = option(
        40, "Transcontinental first prize.", rule="Variant: Special Transcontinental Race", min=0
    )
    tc_prize_second: int = option(
        20, "Transcontinental second prize.", rule="Variant: Special Transcontinental Race", min=0
    )
    town_bonus_first: int = option(
        6, "Bonus for first reaching a city.", rule="Base rules 2.4", min=0
    )
    town_bonus_second: int = option(
        3, "Bonus for the second arrival.", rule="Base rules 2.4", min=0
    )
    tie_rule: Literal["share", "most_points_left"] = option(
        "share",
        "Arrivals in the same throw round share the pooled prizes (rounded down).",
        rule="Variant: Races",
    )
    hill_race_penalty: int = option(
        1, "Extra point to move up a mountain.", rule="Variant: Mountains and Swamps", min=0
    )
    hill_penalty_mode: Literal["uphill", "every_entry"] = option(
        "uphill",
        "Mountain delay when entering from a non-mountain hex, or on every entry.",
        rule="Variant: Mountains and Swamps",
    )
    swamp_race_penalty: int = option(
        0, "Swamps impose no delay in races.", rule="Variant: Mountains and Swamps", min=0
    )
    track_use_fee_per_hex: int = option(
        1, "Fee per hex of rival track.", rule="Base rules 3.3", min=0
    )
    max_foreign_hexes_per_owner: int = option(
        10, "At most this many hexes of one rival's track per race.", rule="Base rules 3.3", min=0
    )
    min_own_track: Literal["any", "none"] = option(
        "any",
        "A route must use at least one link of own (or partner) track.",
        rule="Base rules 3.2",
    )
    reoffer_unentered: int = option(
        1, "Times an unentered race is re-offered.", rule="Variant: Races", min=0
    )
    joint_runs: bool = option(True, "Two rivals may run one train together.", rule="Base rules 3.6")
    route_length_metric: Literal["movement_points", "hexes"] = option(
        "movement_points",
        "'shorter' in the better-route rule counts die points or hexes.",
        rule="Variant: Races",
    )
    gm_pick_ties: Literal["one_split", "every_split"] = option(
        "one_split",
        "The GM's pick for an entry without a route: the shortest, then cheapest route. "
        "one_split: the route finder keeps one way of paying the rivals (the first it meets) "
        "per finishing hex; one of those at random, its hexes drawn at random among equal "
        "ways (a pick takes a fraction of a second). every_split: one of every way of "
        "paying the rivals at random, its hexes drawn the same way (as transcon picked "
        "before this option; at 5-6 rivals a pick can take minutes). Games saved before "
        "the option keep every_split, so they replay as they were played.",
        rule="Variant: Races",
        saved_default="every_split",
    )
    race_draw_weight: Literal["keys", "uniform_city"] = option(
        "keys",
        "Races are drawn by keys (multi-key cities weigh more) or by city.",
        rule="Variant: Game Start",
    )
    reoffers_extra: bool = option(True, "Re-offered races come on top of N.", rule="Variant: Races")
    cash_build_starts: Literal["same_round", "next_round"] = option(
        "same_round",
        "Cash building starts in the round the Transcontinental race is run.",
        rule="Variant: Building",
    )
    cash_build_max_links: int = option(
        6, "Links per round after the TC race.", rule="Variant: Building", min=0
    )
    reroll_ones: Literal["until_not_one", "once"] = option(
        "until_not_one",
        "Building dice showing 1 are rerolled until not 1, or once.",
        rule="Variant: Die Rolling Scheme",
    )
    build_dice_min_total: int = option(
        9, "Reroll all three below this total.", rule="Variant: Die Rolling Scheme", min=0
    )
    town_half_hex_exempt: bool = option(
        True, "No parallel fee in city halves.", rule="Base rules 2.3"
    )
    alongside_join_fee: Literal["on_entry", "always"] = option(
        "on_entry",
        "Building alongside a rival's link pays 2 per half hex plus the 1 for joining, "
        "and the 1 is due only when the builder enters a hex it has no track in (4 when "
        "it already has track in both hexes); 'always': 1 + 2 per half hex every time.",
        rule="Base rules 2.3",
    )
    segment_step_order: Literal["hex_count", "order_given"] = option(
        "hex_count",
        "A segment resolves step by step, a link's step being its hex count from the "
        "network it was built from (a second branch starts again at step 1); "
        "'order_given': a rival's links are stepped in the order written.",
        rule="Base rules 2.1; Variant: Building",
    )
    bonus_city_on_track: Literal["each_first", "none"] = option(
        "each_first",
        "A GM city on track pays the first bonus to each rival there.",
        rule="Variant: GM Created Cities",
    )
    gm_cities: Literal["during_play", "printed"] = option(
        "during_play",
        "When the GM's random cities appear. during_play (the variant): N before round 1 and "
        "gm_cities_per_round at the end of each round up to city_creation_last_round, each on "
        "a hex the game's dice pick in that round's eligible region. printed (an ordinary "
        "Railway Rivals game, whose towns are printed on the map): the same number of cities, "
        "all placed before round 1 anywhere in the US on hexes fixed for the map (the same in "
        "every game, whatever the dice), none at round ends.",
        rule="Variant: GM Created Cities; Variant: Introduction",
    )
    gm_cities_per_round: int = option(
        4, "Cities created at each round end.", rule="Variant: GM Created Cities", min=0
    )
    city_creation_last_round: int = option(
        14, "No new cities after round 14.", rule="Variant: GM Created Cities", min=0
    )
    eligible_initial_columns: int = option(
        17, "Round-1 band (printed).", rule="Variant: GM Created Cities", min=1
    )
    eligible_step_columns: int = option(
        2, "Band growth per round.", rule="Variant: GM Created Cities", min=0
    )
    eligible_scale_width: int = option(
        57, "Printed columns coast to coast.", rule="Variant: GM Created Cities", min=1
    )
    eligible_scale: bool = option(
        True, "Scale the band to our map's width.", rule="Variant: GM Created Cities"
    )
    eligible_grow_until_round: int = option(
        11, "Band grows until round.", rule="Variant: GM Created Cities", min=1
    )
    eligible_all_from_round: int = option(
        12, "Whole US from round.", rule="Variant: GM Created Cities", min=1
    )
    wco_first_round: int = option(
        11, "West Coast operations from round.", rule="Variant: West Coast Operations", min=1
    )
    wco_last_round: int = option(
        15, "West Coast operations until round.", rule="Variant: West Coast Operations", min=1
    )
    wco_cost: int = option(
        6, "Cash paid to start West Coast operations.", rule="Variant: West Coast Operations", min=0
    )
    wco_build_multiplier: int = option(
        2, "West Coast network cost factor.", rule="Variant: West Coast Operations", min=1
    )
    wco_on_existing_city: Literal["add_key", "forbid"] = option(
        "add_key",
        "A West Coast operation on a city hex adds a key, or is forbidden.",
        rule="Variant: West Coast Operations",
    )
    double_one_cities: bool = option(
        True,
        "A train that enters a hex on a 1 and throws a 1 next creates a city there (the "
        "variant); False: races create no cities, as in an ordinary Railway Rivals game.",
        rule="Variant: Cities Created During the Races",
    )
    double_one_overlapping: bool = option(
        True, "Throws 1,1,1 make two cities.", rule="Variant: Cities Created During the Races"
    )
    carry_build_points: bool = option(
        False,
        "Unused points of a building die carry into the next segment.",
        rule="Variant: Building",
    )
    max_entries_per_round: int = option(
        0,
        "Races a rival may enter per round (0 = no limit).",
        rule="Base rules 3.2; Variant: Races",
        min=0,
    )
    min_race_length: int = option(
        0,
        "No minimum race length (hex distance between a race's cities).",
        rule="Variant: Races",
        min=0,
    )
    bonus_for_wco_city: bool = option(
        False, "West Coast cities pay bonuses.", rule="Variant: West Coast Operations"
    )
    bonus_for_race_city: bool = option(
        False, "No bonus for double-1 cities.", rule="Variant: Cities Created During the Races"
    )
    tc_race_uses_keys: bool = option(
        False,
        "The Transcontinental race is extra and uses no keys; True: it is one of the N "
        "races and its cities must have a key left after the drawn races.",
        rule="Variant: Races",
    )
    fee_netting: bool = option(
        False,
        "No netting of fees; True (Dampfross): rivals who use each other's track in one "
        "race pay only the net amount, and the cap applies to the net.",
        rule="Base rules 3.3",
    )
    allow_running_power_exchange: bool = option(
        False,
        "Exchanges of running powers are not permitted; True (base 3.7): two entrants of "
        "a race may use each other's track free with separate trains (enter N erp RIVAL).",
        rule="Variant: Races",
    )
    carry_race_points: bool = option(
        False,
        "Points that cannot pay the next hex are lost; True: they carry into the train's "
        "next throw.",
        rule="Base rules 3.4",
    )
    wc_double_fees: bool = option(
        False,
        "'double' covers construction only; True: building fees paid to rivals for West "
        "Coast network links are doubled too.",
        rule="Variant: West Coast Operations",
    )
    east_coast_includes_lakes: bool = option(
        False,
        "Lakes never make East Coast hexes; True: US land next to the Great Lakes is East"
        " Coast too.",
        rule="Variant: East and West Coast Hexes",
    )
    atlantic_and_gulf_hex_is_east_coast: bool = option(
        True,
        "A hex touching Atlantic and Gulf water is East Coast; False: no hex next to Gulf"
        " water is East Coast.",
        rule="Variant: East and West Coast Hexes",
    )

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Config:
        """The typed view of a game's options (defaults for names not given)."""
        return cls.view(options)


OPTIONS = Config.specs()
