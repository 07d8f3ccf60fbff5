"""Actions of Railway Rivals USA and their text notation.

Notation (one action per line, hex labels as printed on the map, case-insensitive; wherever
a hex is expected a city in play may be named instead, and rivals may be named in any case,
both by any unambiguous prefix: ``build balt U83 philadelphia``, ``enter 7 with bob``, see
``spelling``):

* ``start Q49`` - pick an East Coast starting hex (setup).
* ``build Q49 Q48 P48`` - queue a build along a path of hexes starting on your network.
* ``westcoast B3`` - start West Coast operations on a West Coast hex (rounds 11-15, first).
* ``enter 7 Q49 Q48 P48:Bob P47`` - enter race #7 with this exact route; ``HEX:OWNER`` names
  whose line the link into HEX uses (needed only where several rivals' lines run side by side
  and none is yours). ``enter 7`` lets the GM pick the shortest, then cheapest route (ties at
  random). ``enter 7 with Bob Q49 ...`` is a joint run; Bob must enter the same route with you.
  ``enter 7 erp Bob Q49 ...`` (option ``allow_running_power_exchange``) exchanges running
  powers: Bob's track is free for you and yours for him, but each runs his own train; Bob
  must enter race 7 ``erp`` you.
* ``done`` - finish this build segment, cash-build round or race entries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import Field

from transcon.core.errors import InputError
from transcon.core.inputs import strip_note
from transcon.core.names import name_word
from transcon.core.title import Action
from transcon.titles.railway_rivals.spelling import Spelling


class StartPick(Action):
    type: Literal["start"] = "start"
    hex: str


class Build(Action):
    type: Literal["build"] = "build"
    path: tuple[str, ...] = Field(min_length=2)


class WestCoast(Action):
    type: Literal["westcoast"] = "westcoast"
    hex: str


class Enter(Action):
    type: Literal["enter"] = "enter"
    race: int
    route: tuple[str, ...] = ()
    owners: tuple[str, ...] = ()  # per link; "" = own/partner or the only owner
    partner: str | None = None
    exchange: str | None = None  # running powers exchanged with this rival


class Done(Action):
    type: Literal["done"] = "done"


ACTION_TYPES: tuple[type[Action], ...] = (StartPick, Build, WestCoast, Enter, Done)

NOTATION = (
    "`start Q49` (pick an East Coast hex); `build Q49 Q48 P48` (a path from your network); "
    "`westcoast B3` (rounds 11-15, before building); `enter 7 Q49 Q48 P48:Bob P47` (race #7 "
    "with this exact route, HEX:OWNER naming a rival's line where several run side by side), "
    "`enter 7` (the GM picks the shortest, then cheapest route), `enter 7 with Bob ROUTE` "
    "(a joint run, Bob enters the same), `enter 7 erp Bob ROUTE` (exchange of running powers, "
    "if allowed); `done` (end of this segment or of race entries)."
)


def parse(text: str, player: str, spelling: Spelling | None = None) -> Action | None:
    """Parse the short notation; None when the text is not in it (use the generic parser).

    With ``spelling`` (the position's labels, cities and rivals) city names and rival
    prefixes are turned into labels and exact names; without it words are taken as written."""
    words = strip_note(text).split()  # a `` # note`` as ``transcon legal`` prints it
    if not words or any("=" in w for w in words) or text.strip().startswith("{"):
        return None
    head, rest = words[0].lower(), words[1:]
    if spelling is not None and head in ("start", "westcoast", "build", "enter"):
        rest = spelling.group_places(rest)
    place = spelling.place if spelling is not None else str.upper
    rival = spelling.rival if spelling is not None else str
    if head == "done" and not rest:
        return Done(player=player)
    if head in ("start", "westcoast"):
        if len(rest) != 1:
            raise InputError(f"usage: {head} HEX (a hex label or a city name)")
        cls = StartPick if head == "start" else WestCoast
        return cls(player=player, hex=place(rest[0]))
    if head == "build":
        if len(rest) < 2:
            raise InputError("build needs a path of at least two hexes: build Q49 Q48")
        return Build(player=player, path=tuple(place(w) for w in rest))
    if head == "enter":
        return _parse_entry(player, rest, place, rival)
    return None


def _parse_entry(
    player: str, rest: list[str], place: Callable[[str], str], rival: Callable[[str], str]
) -> Enter:
    if not rest:
        raise InputError("enter needs a race number: enter 7 [with RIVAL] [ROUTE]")
    try:
        race = int(rest[0].lstrip("#"))
    except ValueError:
        raise InputError(f"bad race number {rest[0]!r}") from None
    rest = rest[1:]
    partner = exchange = None
    if len(rest) >= 2 and rest[0].lower() == "with":
        partner, rest = rival(rest[1]), rest[2:]
    elif len(rest) >= 2 and rest[0].lower() == "erp":
        exchange, rest = rival(rest[1]), rest[2:]
    hexes: list[str] = []
    owners: list[str] = []
    for i, word in enumerate(rest):
        label, _, owner = word.partition(":")
        hexes.append(place(label))
        if i:
            owners.append(rival(owner) if owner else "")
        elif owner:
            raise InputError("the first hex of a route has no owner")
    if len(hexes) == 1:
        raise InputError("a route needs at least two hexes")
    if not any(owners):
        owners = []
    return Enter(
        player=player,
        race=race,
        route=tuple(hexes),
        owners=tuple(owners),
        partner=partner,
        exchange=exchange,
    )


def format_action(action: Action) -> str | None:
    """The short notation of an action (None for unknown types)."""
    if isinstance(action, Done):
        return "done"
    if isinstance(action, StartPick):
        return f"start {action.hex}"
    if isinstance(action, WestCoast):
        return f"westcoast {action.hex}"
    if isinstance(action, Build):
        return "build " + " ".join(action.path)
    if isinstance(action, Enter):
        parts = ["enter", str(action.race)]
        if action.partner:
            parts += ["with", name_word(action.partner)]
        if action.exchange:
            parts += ["erp", name_word(action.exchange)]
        route, owners = action.route, action.owners
        parts += route[:1]
        words: dict[str, str] = {}  # a route names a few owners many times (legal --all)
        # owners may be fewer than the links (the rest are written without one), or more
        for h, owner in zip(route[1:], owners, strict=False):  # the owner of the link into h
            if owner:
                word = words.get(owner) or words.setdefault(owner, name_word(owner))
                parts.append(f"{h}:{word}")
            else:
                parts.append(h)
        parts += route[1 + len(owners) :]
        return " ".join(parts)
    return None
