"""Station tokens in the D variant: pre-purchase at float, bull tokens, the token privates,
mergers and the government railroads (D variant 3e, 3f, 3g, 3l, 4c).

A corporation's :class:`Charter` holds the tokens still to be placed. Every token is prepaid
(3e), so placing one costs nothing; what the rules limit is how many a corporation has, which
one is reserved for its destination, how many it may place per operating round and where a bull
may go. All functions are pure: they return a new charter or raise :class:`IllegalAction`
naming the clause, leaving the input as it was.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from transcon.core.errors import IllegalAction
from transcon.titles.c2c.options import TOKEN_COSTS, C2COptions, token_table

RULE_PREPURCHASE = "D variant 3e: token pre-purchase"
RULE_BULL = "D variant 3f: bull tokens"
RULE_MERGER_TOKENS = "D variant 3g: merger tokens"
RULE_TOKEN_PRIVATES = "D variant 4c: Architects and Terminals"

CorpKind = Literal["public", "merger", "amtrak", "conrail"]
Destination = Literal["none", "reserved", "placed", "forfeited"]

BULL_PAR = 100
"""D variant 3f: a corporation parring at $100 that buys all four extra tokens gets a bull."""
GOVERNMENT_MIN_TOKENS = 8
"""D variant 3l: Amtrak and Conrail have at least 8 tokens, absorbed home stations included."""
TERMINALS_COSTS = frozenset({40, 60})
ARCHITECTS_COSTS = frozenset(TOKEN_COSTS)
ARCHITECTS_TOKENS = 2


@dataclass(frozen=True, slots=True)
class Charter:
    """Tokens on a corporation's charter.

    ``tokens``: ordinary tokens ready to place; ``destination``: whether one token is reserved
    for the destination run (``reserved``), already placed there (``placed``), lost with a
    bull (``forfeited``) or was never reserved (``none``: no destination run, until a token
    private gives one); ``bulls``: bull tokens on the charter;
    ``costs``: the extra-token costs bought at float or gained from a private (4c gives only
    costs not bought); ``full_city_bull_used``: a bull of this corporation already sits in a
    city with no space (only one may, 3f).
    """

    kind: CorpKind = "public"
    tokens: int = 0
    destination: Destination = "none"
    bulls: int = 0
    costs: frozenset[int] = frozenset()
    full_city_bull_used: bool = False

    @property
    def left(self) -> int:
        """Tokens still on the charter (ordinary, reserved destination and bulls)."""
        return self.tokens + self.bulls + (self.destination == "reserved")


# -- floating: pre-purchase (3e) and the bull token (3f) ------------------------------------


def allowed_tokens(par: int, opts: C2COptions) -> tuple[int, ...]:
    """The extra tokens a corporation parred at ``par`` may buy (Table A, option)."""
    table = token_table(opts)
    if par not in table:
        raise IllegalAction(RULE_PREPURCHASE, f"Table A has no par price ${par}")
    return table[par]


def float_charter(par: int, bought: Collection[int], opts: C2COptions) -> Charter:
    """The charter when the sixth share floats the corporation and it buys ``bought`` (the
    costs of the extra tokens it chose, any of those Table A allows for its par; the home token
    is free and placed at home). One bought token is reserved for the destination; with none
    bought there is no destination run (3e). Par $100 with all four bought adds a bull (3f)."""
    allowed = allowed_tokens(par, opts)
    chosen = sorted(bought)
    if len(set(chosen)) != len(chosen):
        raise IllegalAction(RULE_PREPURCHASE, "each extra token can be bought once")
    refused = [c for c in chosen if c not in allowed]
    if refused:
        allowed_text = ", ".join(f"${c}" for c in allowed) or "none"
        raise IllegalAction(
            RULE_PREPURCHASE,
            f"a ${par} par may buy the {allowed_text} tokens, not "
            + ", ".join(f"${c}" for c in refused),
        )
    bull = par == BULL_PAR and set(chosen) == set(TOKEN_COSTS)
    return Charter(
        tokens=max(len(chosen) - 1, 0),
        destination="reserved" if chosen else "none",
        bulls=int(bull),
        costs=frozenset(chosen),
    )


def float_cost(bought: Collection[int]) -> int:
    """What the pre-purchase costs the new treasury (3e; all four: $280)."""
    return sum(bought)


# -- placing ----------------------------------------------------------------------------------


def tokens_per_or(kind: CorpKind) -> int:
    """Tokens a corporation may place per operating round: two for merger corporations, Amtrak
    and Conrail (3g); one for a public corporation (base rule, as 1870)."""
    return 1 if kind == "public" else 2


def place_token(charter: Charter) -> Charter:
    """Place an ordinary token (free: prepaid, 3e and 3g)."""
    if charter.tokens < 1:
        raise IllegalAction(
            RULE_PREPURCHASE, "no token left on the charter (the destination token is reserved)"
        )
    return replace(charter, tokens=charter.tokens - 1)


def place_bull(charter: Charter, city_full: bool, opts: C2COptions) -> Charter:
    """Place a bull token, as a normal token or (``city_full``) in a city with no space left.

    Only one bull of a corporation may sit in a full city (3f: inherited bulls after mergers,
    Amtrak, Conrail). Placing a public corporation's bull forfeits every other token on its
    charter (3f), its reserved destination token too unless the option
    ``bull_keeps_destination_token`` says otherwise. A merger corporation, Amtrak or Conrail
    keeps its other tokens: 3f lets it play its further inherited bulls as normal tokens, which
    a forfeit would make impossible (our reading)."""
    if charter.bulls < 1:
        raise IllegalAction(RULE_BULL, "no bull token on the charter")
    if city_full and charter.full_city_bull_used:
        raise IllegalAction(
            RULE_BULL, "only one bull token may be placed in a city with no token space left"
        )
    placed = replace(
        charter,
        bulls=charter.bulls - 1,
        full_city_bull_used=charter.full_city_bull_used or city_full,
    )
    if charter.kind != "public":
        return placed
    destination = charter.destination
    if destination == "reserved" and not opts.bull_keeps_destination_token:
        destination = "forfeited"
    return replace(placed, tokens=0, bulls=0, destination=destination)


def can_make_destination_run(charter: Charter) -> bool:
    """A destination run needs a reserved destination token (3e: none bought, no run)."""
    return charter.destination == "reserved"


def place_destination_token(charter: Charter) -> Charter:
    """Place the reserved token at the destination (free)."""
    if not can_make_destination_run(charter):
        raise IllegalAction(
            RULE_PREPURCHASE,
            "no token is reserved for the destination (a corporation that bought no extra "
            "token makes no destination run)",
        )
    return replace(charter, destination="placed")


def return_tokens(charter: Charter, count: int) -> Charter:
    """Tokens returned to the charter (base rules' "$100 tokens"): prepaid, placed again for
    free (3e)."""
    if count < 0:
        raise ValueError("cannot return a negative number of tokens")
    return replace(charter, tokens=charter.tokens + count)


# -- the token privates (4c) ----------------------------------------------------------------


def gain_from_private(charter: Charter, private: str, costs: Collection[int]) -> Charter:
    """The free tokens a corporation takes when it buys The Terminals Building Company
    (``"TBC"``: a $40 and/or $60 token) or Fellheimer & Wagner, Architects (``"FWA"``: any two
    of $40/$60/$80/$100), each of a cost it did not buy at float, whatever its par (4c).
    Never a bull token. If the corporation has no token reserved for its destination and was
    never eligible for a destination run, one gained token is reserved for it; if it was
    already eligible, nothing is reserved (4c)."""
    chosen = sorted(costs)
    offered = TERMINALS_COSTS if private == "TBC" else ARCHITECTS_COSTS
    most = len(TERMINALS_COSTS) if private == "TBC" else ARCHITECTS_TOKENS
    if private not in ("TBC", "FWA"):
        raise ValueError(f"{private} gives no tokens")
    if not chosen or len(chosen) > most or len(set(chosen)) != len(chosen):
        raise IllegalAction(RULE_TOKEN_PRIVATES, f"choose one to {most} different token costs")
    bad = [c for c in chosen if c not in offered or c in charter.costs]
    if bad:
        raise IllegalAction(
            RULE_TOKEN_PRIVATES,
            "only tokens of a cost offered and not already bought: "
            + ", ".join(f"${c}" for c in bad),
        )
    reserve = charter.destination == "none"
    return replace(
        charter,
        tokens=charter.tokens + len(chosen) - int(reserve),
        destination="reserved" if reserve else charter.destination,
        costs=charter.costs | frozenset(chosen),
    )


def unbought_costs(charter: Charter, private: str) -> tuple[int, ...]:
    """The token costs ``private`` offers that ``charter`` lacks, as many as it gives: the
    game takes these (the cheapest first: a prepaid token's cost makes no difference in
    play); empty for a private that gives no tokens."""
    offered = {"TBC": TERMINALS_COSTS, "FWA": ARCHITECTS_COSTS}.get(private, frozenset())
    most = len(TERMINALS_COSTS) if private == "TBC" else ARCHITECTS_TOKENS
    return tuple(sorted(offered - charter.costs))[:most]


# -- mergers and the government railroads (3f, 3g, 3l) -------------------------------------


def merged_charter(first: Charter, second: Charter, kind: CorpKind) -> Charter:
    """The charter of a merger corporation (or Amtrak/Conrail, when folded in one by one):
    all tokens and inherited bulls (3f), free to place (3g). One reserved destination token
    stays reserved; a second becomes an ordinary token (assumed: base rule 4.8.4 unseen).
    The costs bought by either count as bought (4c then gives only costs neither bought).
    ``full_city_bull_used`` carries over: a bull already in a full city uses the one allowed."""
    reserved = (first.destination == "reserved") + (second.destination == "reserved")
    return Charter(
        kind=kind,
        tokens=first.tokens + second.tokens + max(reserved - 1, 0),
        destination="reserved" if reserved else "none",
        bulls=first.bulls + second.bulls,
        costs=first.costs | second.costs,
        full_city_bull_used=first.full_city_bull_used or second.full_city_bull_used,
    )


@dataclass(frozen=True, slots=True)
class CityToken:
    """A token in a city: whose (corporation symbol) and whether it uses a token space (a bull
    placed in a full city does not)."""

    corp: str
    occupies_space: bool = True


def tokens_to_remove(in_city: Sequence[CityToken], merging: Collection[str]) -> list[CityToken]:
    """Which of the merging corporations' tokens in one city go back to the charter when the
    merged corporation may keep one: tokens that use no space are removed before tokens that
    do (3f; the B&O bull in New York goes back, the Pennsylvania token in a space stays)."""
    mine = [t for t in in_city if t.corp in merging]
    if len(mine) <= 1:
        return []
    keep = next((t for t in mine if t.occupies_space), mine[0])
    removed = list(mine)
    removed.remove(keep)
    return removed


def government_top_up(on_board: int, on_charter: int) -> int:
    """Tokens Amtrak or Conrail takes from the supply so that the tokens replaced on the board
    plus those on its charter reach 8 (3l)."""
    return max(0, GOVERNMENT_MIN_TOKENS - on_board - on_charter)
