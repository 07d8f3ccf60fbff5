"""The options of both 18C2C titles (the D variant, full map and Super-short), declared once.

The seed clauses (the "D" variant v2.00 and the Super-short variant) are rules, never options.
Every option here settles a **base rule** that is not in our sources (the printed 18C2C
rulebook is not public) or a fact of the D kit's components we could not read (Table A, the
new privates' cards). Each default says where it comes from: the Rails draft's data, 1870 by
analogy, or our assumption with its reason (docs/rules/18c2c.md, "The game (part 2)").

Read through the typed view: ``C2COptions.view(state.options)``; the table-valued options are
parsed by the helpers at the end (:func:`token_table`, :func:`certificate_limit`), which a bad
value makes fail with a one-line :class:`InputError` when the view is built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from transcon.core.errors import InputError
from transcon.core.options import Options, option
from transcon.titles.c2c.bonuses import DEFAULT_VALUES as DEFAULT_BONUS_VALUES
from transcon.titles.c2c.bonuses import bonus_values

NETWORK_WALK_BUDGET = 5_000_000
"""Default of ``network_walk_budget``: converging steps of one company's network walk."""

TOKEN_COSTS = (40, 60, 80, 100)
"""D variant 3e: the extra tokens a public corporation may pre-purchase (the home token is free)."""


@dataclass(frozen=True, slots=True)
class C2COptions(Options):
    """The options of 18C2C (field names are option names)."""

    token_table: str = option(
        "100:40+60+80+100 90:40+60+80 82:40+60 76:40+60 72:40 68:40",
        "Table A: the extra tokens a public corporation may buy when it floats, by par price "
        "(PAR:COST+COST... per par, space separated). Assumed: Table A is not in our copy of "
        "the D rules; the $100 par may buy all four (bull token rule), lower pars fewer.",
        rule="D variant 3e (Table A)",
    )
    bull_keeps_destination_token: bool = option(
        False,
        "Placing a public corporation's bull token forfeits every token left on its charter; "
        "true keeps the token reserved for the destination. Read literally ('all remaining "
        "tokens on the corporation's charter') the reserved token goes too.",
        rule="D variant 3f",
    )
    merger_price_rounding: Literal["down", "nearest", "up"] = option(
        "down",
        "Where the merger price (the sum of the two current prices) lands when no market space "
        "has exactly that price: the highest space below it (down), the closest (nearest, ties "
        "down) or the lowest above it (up); above the top of the market: the top price. "
        "Assumed: the D rules only give the sum.",
        rule="D variant 3h",
    )
    merger_price_row: Literal["top", "par"] = option(
        "top",
        "Which market row the merger token goes to when several spaces carry its price: the "
        "top-most (top) or the one nearest the par row (par). Assumed.",
        rule="D variant 3h",
    )
    merger_moves: Literal["larger", "add"] = option(
        "larger",
        "A merger corporation that in one operating round both pays a full dividend (one "
        "column per train shell holding a train) and makes transcontinental runs (one column "
        "each) moves by the larger count (larger) or by both (add). Assumed: the rule joins "
        "them with 'or'; for public corporations 'and/or' gives one column for both.",
        rule="D variant 3m",
    )
    merger_from_phase: Literal["3", "4", "5", "3D", "4D", "5D", "6D"] = option(
        "3",
        "The first phase in which mergers may be declared. Assumed: base rule 4.3.5 is not "
        "in our sources; mergers need two corporations that have operated.",
        rule="Base rules 4.3.5",
    )
    merger_declarer: Literal["president_of_both", "either_president"] = option(
        "president_of_both",
        "Who may declare a merger on their stock-round turn: only a player presiding both "
        "corporations, or the president of either (the other has no veto). Assumed: base "
        "rule 4.3.5 is not in our sources.",
        rule="Base rules 4.3.5",
    )
    merger_charters: int = option(
        8,
        "How many merger corporation charters the game has (each merger takes one; a "
        "merger corporation that closes does not give its charter back). Assumed.",
        rule="Base rules 4.8",
        min=0,
        max=17,
    )
    merger_train_limit: Literal["double", "phase"] = option(
        "double",
        "A merger corporation's train limit: each of its two train shells holds the phase's "
        "limit (double) or the two shells together hold it (phase; trains over it go to the "
        "pool, oldest first, when the merger forms). Assumed: base rule 4.8.3 is not in our "
        "sources.",
        rule="Base rules 4.8.3",
    )
    government_failure: Literal["closing_space", "never"] = option(
        "closing_space",
        "When a corporation has failed and goes to Amtrak or Conrail: when its share price "
        "reaches a closing space of the market, where it would otherwise close (closing_space), "
        "or never (never: it closes; Amtrak and Conrail never form). Assumed: the base rules on "
        "failed railroads are not in our sources.",
        rule="D variant 3l; Base rules (Amtrak and Conrail)",
    )
    government_assignment: Literal["by_zone", "amtrak_first"] = option(
        "by_zone",
        "Which government railroad takes a failed corporation: by the zone of its home "
        "(by_zone: Eastern and Canada to Conrail, Plains and West to Amtrak; a merger "
        "corporation by its first corporation's home), or the first failure forms Amtrak, the "
        "second Conrail and later ones join the one that absorbed fewer (amtrak_first). "
        "Assumed: the base rules are not in our sources.",
        rule="D variant 3l; Base rules (Amtrak and Conrail)",
    )
    government_shares: Literal["offering", "exchange"] = option(
        "offering",
        "Who holds a new government railroad's shares and runs it: all ten in the initial "
        "offering, nobody runs it until a player starts it at a par price in a stock round "
        "(offering: privatization, our reading of base rule 4.3.1), or the failed "
        "corporation's shareholders keep theirs one for one, its president runs it at once "
        "from the lowest par price (exchange). Shares of corporations that join it later are "
        "void. Assumed: the base rules are not in our sources.",
        rule="D variant 3l; Base rules 4.3.1 privatization",
    )
    game_end: Literal["set_of_ors", "current_or"] = option(
        "set_of_ors",
        "When the bank breaks the game ends after the current set of operating rounds "
        "(set_of_ors) or after the current operating round (current_or); a bankruptcy ends it "
        "at once. Assumed as 1870 and the Rails draft: the base game-end rule is not known.",
        rule="Base rules, game end",
    )
    starting_cash: int = option(
        7200,
        "Players' total starting cash, shared equally (rounded down). Rails draft: $7,200.",
        rule="Base rules 2.6",
        min=1000,
        max=20000,
    )
    starting_cash_super_short: int = option(
        4800,
        "Super-short: players' total starting cash, shared equally. Assumed: the base short "
        "game's $4,800 (Rails draft), whose off-board tiles Super-short uses.",
        rule="Base rules 2.6; Super-short",
        min=1000,
        max=20000,
    )
    certificate_limits: str = option(
        "96,64,48,38,32,27,24",
        "Certificate limits for 2, 3, ..., 8 players (comma separated). Rails draft figures.",
        rule="Base rules 3.1",
    )
    private_sale_range: Literal["half_to_double", "face_only"] = option(
        "half_to_double",
        "Price a corporation may pay a player for a private from phase 3: half to twice face "
        "value (as 1870) or exactly face. Assumed.",
        rule="Base rules 4.1.2",
    )
    phase_two_base_privates_at_face: bool = option(
        True,
        "In phase 2 the Mississippi River Bridge and the Keystone Tunnel sell to corporations "
        "at face value only (Rails draft: the Bridge at face only); false: the phase 3 range.",
        rule="D variant 3b; Base rules 4.1.1",
    )
    super_short_eliminations: int = option(
        0,
        "Super-short: how many elimination options open the starting packet. Read literally "
        "the D rule 3a (six) would leave two of the column's eight privates; assumed: none, "
        "the column is the auction.",
        rule="D variant 3a; Super-short 4",
        min=0,
        max=6,
    )
    yellow_tile_points: int = option(
        1, "Tile points a yellow tile costs. Assumed.", rule="Base rules 4.7.1", min=1, max=5
    )
    green_tile_points: int = option(
        2, "Tile points a green upgrade costs. Assumed.", rule="Base rules 4.7.1", min=1, max=5
    )
    brown_tile_points: int = option(
        2, "Tile points a brown upgrade costs. Assumed.", rule="Base rules 4.7.1", min=1, max=5
    )
    gray_tile_points: int = option(
        2, "Tile points a grey upgrade costs. Assumed.", rule="Base rules 4.7.1", min=1, max=5
    )
    central_pacific_points: int = option(
        1,
        "Bonus tile points per Central Pacific token placed in the turn (the D rules keep "
        "'the bonus tile point for the Central Pacific tokens'; per token placed is assumed).",
        rule="D variant 3d; Base rules 4.7.1",
        min=0,
        max=3,
    )
    merger_tile_points: Literal["as_public", "exclusive"] = option(
        "as_public",
        "Merger corporations' tile points: as a public corporation's (Table B by where the "
        "turn's track lies) or always the exclusive West & Plains figure. Assumed: the base "
        "rule 4.8.1 is not known.",
        rule="Base rules 4.8.1; D variant 3c",
    )
    great_plains_prospectors_price: int = option(
        100, "Great Plains Prospectors: face value. Assumed.", rule="D variant 2f, 4a", min=20
    )
    great_plains_prospectors_revenue: int = option(
        20, "Great Plains Prospectors: revenue. Assumed.", rule="D variant 4a", min=0
    )
    western_prospectors_price: int = option(
        100, "Western Prospectors: face value. Assumed.", rule="D variant 2f, 4a", min=20
    )
    western_prospectors_revenue: int = option(
        20, "Western Prospectors: revenue. Assumed.", rule="D variant 4a", min=0
    )
    eastern_prospectors_price: int = option(
        100, "Eastern Prospectors: face value. Assumed.", rule="D variant 2f, 4a", min=20
    )
    eastern_prospectors_revenue: int = option(
        20, "Eastern Prospectors: revenue. Assumed.", rule="D variant 4a", min=0
    )
    army_corps_price: int = option(
        90, "US Army Corps of Engineers: face value. Assumed.", rule="D variant 2f, 4b", min=20
    )
    army_corps_revenue: int = option(
        15, "US Army Corps of Engineers: revenue. Assumed.", rule="D variant 4b", min=0
    )
    terminals_price: int = option(
        80, "The Terminals Building Company: face value. Assumed.", rule="D variant 2f, 4c", min=20
    )
    terminals_revenue: int = option(
        15, "The Terminals Building Company: revenue. Assumed.", rule="D variant 4c", min=0
    )
    architects_price: int = option(
        120,
        "Fellheimer & Wagner, Architects: face value. Assumed.",
        rule="D variant 2f, 4c",
        min=20,
    )
    architects_revenue: int = option(
        20, "Fellheimer & Wagner, Architects: revenue. Assumed.", rule="D variant 4c", min=0
    )

    packet_tops: bool = option(
        True,
        "In the auction the top private of each packet column is bought at its price (true), "
        "or only the cheaper of the two tops (false). Assumed: the base auction rule (2.7) is "
        "not in our sources.",
        rule="Base rules 2.7",
    )
    transcontinental_bonus: int = option(
        100,
        "The transcontinental bonus the bank pays a corporation's treasury, once per "
        "corporation. Assumed: the base rule 4.7.9 (amount, payee, how often) is not in our "
        "sources.",
        rule="Base rules 4.7.9; D variant 3k",
        min=0,
        max=1000,
    )
    private_hexes_block: bool = option(
        True,
        "A private's hexes (Central Pacific: T15, S16; Denver-Grand Junction: L27, as the Rails "
        "draft gives them) take no tile while a player holds it. Assumed (the draft's "
        "blocking, 1830-style); an eliminated private's hexes are free (D variant 3a).",
        rule="Base rules, private companies; D variant 3a",
    )
    bridge_discount: int = option(
        40,
        "Dollars off the first tile on a Mississippi hex for the corporation owning the "
        "Mississippi River Bridge, after the Engineers' half price (D variant 4b). Assumed as "
        "1870's bridge company ($40); 0: none.",
        rule="Base rules, Mississippi River Bridge; D variant 4b",
        min=0,
        max=200,
    )
    bridge_home_lay: Literal["free_extra", "free", "none"] = option(
        "free_extra",
        "The Mississippi River Bridge's first-turn home-hex use: in its first turn of "
        "operation a corporation owning the Bridge whose home is a Mississippi hex lays the "
        "first tile there 'with MRB' free of its cost, besides the turn's tile points "
        "(free_extra; the hex takes no other tile that turn), free but counted in the turn's "
        "tile points (free), or not at all (none: the bridge discount as on any Mississippi "
        "hex). Once per Bridge. Assumed as 1870's bridge company (1870 base rules 9.2): the "
        "D rules only say the Bridge may be used on a corporation's first turn for its home "
        "hex, where the Engineers' half price does not matter.",
        rule="Base rules, Mississippi River Bridge; D variant 4b (note)",
    )
    gulf_shipping_port: Literal["open_closed", "two_tokens"] = option(
        "open_closed",
        "Gulf Shipping's port: one port token, placed open ('assign GSC HEX': the first value "
        "of GSC in 'private_bonus_tokens') and later turned closed by a second 'assign GSC "
        "HEX' on the same hex (the second value, which replaces the first), which closes the "
        "private (open_closed); or two tokens on two port cities, both in play "
        "(two_tokens). Assumed as 1870's Gulf Shipping (1870 base rules 9.4): the base "
        "summary names an 'open/closed port' without its terms.",
        rule="Base rules, Gulf Shipping",
    )
    keystone_tunnel_discount: int = option(
        60,
        "Dollars off one first tile on a hill or mountain hex laid 'with KT' by the "
        "corporation owning the Keystone Tunnel, which then closes. Assumed: the Rails draft "
        "gives it a special tile lay that closes it when used, without its terms.",
        rule="Base rules, Keystone Tunnel",
        min=0,
        max=200,
    )
    colorado_engineers_half_price: bool = option(
        True,
        "The corporation owning the Colorado Engineers pays half the first-tile cost of "
        "mountain hexes ($120). Assumed: the Rails draft gives it five tokens without their "
        "use; read by analogy with the Army Corps' half-price water markers.",
        rule="Base rules, Colorado Engineers",
    )
    central_pacific_tokens: int = option(
        10,
        "Central Pacific labor tokens: the owning corporation places one per turn on a hex of "
        "the Plains or the West ('assign CEP HEX'), each giving the bonus tile point(s) of "
        "'central_pacific_points' that turn. Assumed: the Rails draft gives ten tokens on "
        "Plains/West hexes; one per turn is our reading.",
        rule="D variant 3d; Base rules, Central Pacific",
        min=0,
        max=20,
    )
    check_reach: bool = option(
        True,
        "New track and new tokens must be reachable from the corporation's network. Assumed "
        "(as 1870 and every 18xx).",
        rule="Base rules 4.7.1, 4.7.2",
    )

    private_bonus_tokens: str = option(
        DEFAULT_BONUS_VALUES,
        "What the base privates' bonus tokens add to a stop, as PRIVATE:OWNER[/OTHERS] with a "
        "comma between a private's tokens (placed in that order): OWNER for the corporation "
        "owning the private, OTHERS for every other corporation. Privates: SCC Southern "
        "Cattle, GML Grace Mountain Lumber, GEM Gold Eagle Mining, AF Azure Fisheries, ACM "
        "Appalachian Coal, GSC Gulf Shipping (ports: open, then closed, see "
        "'gulf_shipping_port'). Assumed: our sources give their cities (the Rails draft), not "
        "their values; the default takes 1870's printed analogues, a cattle token +$10, an "
        "open port +$20/+$10 and a closed port +$20 for its company only, with the draft's "
        "token counts.",
        rule="Base rules, private companies: bonus tokens",
    )
    network_walk_budget: int = option(
        NETWORK_WALK_BUDGET,
        "How far a company's network walk (where it may lay track and place tokens, as "
        "18xx.games walks it) follows a junction where several paths of a tile meet: from "
        "there it tries every way through, which on the full map late in a game can take "
        "minutes for one lay. After this many such steps a walk goes on as a plain walk "
        "(each track path once), which may miss a network hex reachable only by an unusual "
        "way through such junctions; -1: no limit. Ours: a guard for play, not a rule of "
        "the game (a limit this high is only reached in such positions).",
        rule="Base rules 4.7.1 (a corporation's network)",
        min=-1,
    )
    share_redemption: Literal["off", "1870"] = option(
        "off",
        "Corporation share redemption and reissue (base rules 4.4, 4.5). Our sources give only "
        "that these rules exist (the rulebook's table of contents; the successor game's "
        "description), none of their text: off plays without them ('redeem' and 'reissue' "
        "are refused). 1870 plays 1870's rules 6.5 and 6.6 by analogy, as the 1870 title "
        "plays them: once per stock round a corporation that has operated buys back one "
        "share at the current price with cash it held when the round began (a market share "
        "first, else a player's), at most four units in its initial offering and treasury; "
        "treasury shares are not for sale, pay their dividends to the corporation and count "
        "as sold; with no initial-offering share left it may reissue them at the top-row "
        "price nearest 3/4 of its price (never below its par, at most $200), bought at that "
        "par with the money to the corporation. Amtrak and Conrail do not redeem or "
        "reissue; a merger or government take-over retires the old corporation's treasury "
        "shares with it.",
        rule="Base rules 4.4, 4.5 (as 1870 rules 6.5, 6.6)",
    )
    extra_charters: str = option(
        "",
        "Charters to add to the full-map game as SYM:Name:HOME:DESTINATION:ZONE, several "
        "separated by ';' (HOME and DESTINATION: hexes of cities on the map, ZONE: the home's "
        "zone, checked against the map). 18C2C has 34 corporations; our sources (the Rails "
        "draft) name 32, so the two missing charters can be added from the printed rulebook "
        "without code. Default: none.",
        rule="D variant 2e (34 charters)",
    )

    def __post_init__(self) -> None:
        token_table(self)
        bonus_values(self.private_bonus_tokens)
        certificate_limit(self, 2)
        if self.extra_charters:
            from transcon.titles.c2c.charters import extra_charters

            extra_charters(self)


def token_table(opts: C2COptions) -> dict[int, tuple[int, ...]]:
    """Table A as ``{par: allowed extra token costs}`` (D variant 3e); InputError if malformed."""
    table: dict[int, tuple[int, ...]] = {}
    for entry in opts.token_table.split():
        par_text, sep, costs_text = entry.partition(":")
        try:
            par = int(par_text)
            costs = tuple(int(c) for c in costs_text.split("+")) if costs_text else ()
        except ValueError:
            raise _bad_table(entry) from None
        if not sep or par <= 0 or par in table or any(c not in TOKEN_COSTS for c in costs):
            raise _bad_table(entry)
        table[par] = tuple(sorted(set(costs)))
    if not table:
        raise InputError("option 'token_table' must list at least one par price")
    return table


def _bad_table(entry: str) -> InputError:
    return InputError(
        f"option 'token_table': bad entry {entry!r} (want PAR:COST+COST with costs from "
        f"{', '.join(f'${c}' for c in TOKEN_COSTS)}, each par once)"
    )


def certificate_limit(opts: C2COptions, players: int) -> int:
    """The certificate limit for ``players`` (2..8); InputError if the option is malformed."""
    try:
        limits = [int(x) for x in opts.certificate_limits.split(",")]
    except ValueError:
        limits = []
    if len(limits) != 7 or min(limits) < 1:
        raise InputError(
            "option 'certificate_limits' must be seven positive numbers (2..8 players)"
        )
    if not 2 <= players <= 8:
        raise InputError(f"18C2C is for 2 to 8 players, not {players}")
    return limits[players - 2]


def starting_cash_each(opts: C2COptions, players: int, super_short: bool) -> int:
    """Each player's starting cash: the total shared equally, rounded down (Base rules 2.6)."""
    total = opts.starting_cash_super_short if super_short else opts.starting_cash
    return total // players


OPTIONS = C2COptions.specs()
