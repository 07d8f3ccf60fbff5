"""Text notation of the combined game's actions (``parse``/``format``).

Cities are hex labels (``B12``) or names with ``_`` for spaces (``New_York``); cubes are
colour-blind letters R Y B P G(black) S(settler) M(raw material) or colour names.
"""

from __future__ import annotations

import re

from transcon.core.errors import InputError
from transcon.core.names import name_key, name_word
from transcon.core.title import Action
from transcon.titles.rotw.actions import (
    Build,
    Buyback,
    ChooseBaron,
    Deliver,
    Grow,
    IssueBond,
    Pass,
    Settle,
    TakeCard,
    Upgrade,
    Urbanize,
)
from transcon.titles.rotw.data import FROM_LETTER, LETTER
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.state import RotwState

NOTATION = (
    "`baron EB3` keep an Eastern baron. "
    "`build B12 C12 D11 E12 [long] [grant] [tunnel]` lay track along hex labels from a city "
    "(or your unfinished track's end); `long` = variant rule 9 two-turn build, "
    "skipping your next turn. "
    "`deliver R B12 E12:Ann F10:Bob [cash]` move a cube (R Y B P G=black S=settler M=raw) "
    "along cities, each step naming the link owner (may be left out when only one link joins "
    "the two cities); `cash` takes the first raw material's $10k instead of 2 points. "
    "`urbanize F10 blue`; `upgrade [coal]`; `take E07 [CITY] [colour]`; `bond`; "
    "`buyback 2`; `pass`; `grow F10` / `grow none`; "
    "`settle WB2 [repay=N] [discard=N] [hold]` at the switch to the Western phase. "
    "Cities are hex labels or names in any case with _ for spaces (New_York), or a prefix "
    "only one city has (phil). `transcon path GAME FROM TO` finds the cheapest track."
)


def _plain(text: str) -> str:
    """A name as compared: lower case, ``_``/punctuation as single spaces (St._Louis)."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def city_ref(g: BoardGraph, word: str) -> str:
    """A hex label or city name -> the city's hex label. Names are read in any case with
    ``_`` for spaces, and may be shortened to a prefix only one city has (``phil``); a
    name that is itself whole wins over longer ones (``Portland`` vs ``Portland ME``)."""
    up = word.upper()
    if up in g.cities:
        return up
    want = _plain(word)
    names = {_plain(c.name): c.label for c in g.cities.values()}
    if want in names:
        return names[want]
    found = sorted(name for name in names if want and name.startswith(want))
    if len(found) == 1:
        return names[found[0]]
    if found:
        shown = ", ".join(g.cities[names[n]].name for n in found[:6])
        raise InputError(f"{word!r} could be several cities: {shown}; write more of the name")
    raise InputError(f"no city {word!r} (write a hex label or a city name, _ for spaces)")


def place_ref(g: BoardGraph, word: str) -> str:
    """A word of a build path: any hex label, else a city name as :func:`city_ref` reads it."""
    up = word.upper()
    if up in g.neighbours:
        return up
    try:
        return city_ref(g, word)
    except InputError as err:
        if "several" in str(err):
            raise
        raise InputError(
            f"no hex or city {word!r} (a hex label like B12, or a city name)"
        ) from None


def cube_ref(word: str) -> str:
    if word.upper() in FROM_LETTER:
        return FROM_LETTER[word.upper()]
    if word.lower() in LETTER:
        return word.lower()
    raise InputError(f"unknown cube {word!r} (letters: {' '.join(LETTER.values())})")


def parse(g: BoardGraph, s: RotwState, text: str, player: str) -> Action | None:
    """Parse the notation; None when the text is not in it (the caller falls back)."""
    words = text.split()
    if not words or any("{" in w for w in words):
        return None
    verb, rest = words[0].lower(), words[1:]
    if verb == "baron" and len(rest) == 1:
        return ChooseBaron(player=player, card=rest[0].upper())
    if verb == "build" and rest and "=" not in text:
        flags = {w.lower() for w in rest if w.lower() in ("long", "grant", "tunnel")}
        path = tuple(place_ref(g, w) for w in rest if w.lower() not in flags)
        if len(path) < 2:
            raise InputError("build needs at least two hexes: build B12 C12")
        return Build(
            player=player,
            path=path,
            long="long" in flags,
            grant="grant" in flags,
            tunnel="tunnel" in flags,
        )
    if verb == "deliver" and len(rest) >= 3 and "=" not in text:
        return _parse_delivery(g, s, rest, player)
    if verb == "urbanize" and len(rest) == 2:
        return Urbanize(player=player, city=city_ref(g, rest[0]), colour=rest[1].lower())
    if verb == "upgrade" and rest in ([], ["coal"]):
        return Upgrade(player=player, coal=bool(rest))
    if verb == "take" and 1 <= len(rest) <= 3 and "=" not in text:
        city = city_ref(g, rest[1]) if len(rest) >= 2 else ""
        colour = rest[2].lower() if len(rest) == 3 else ""
        return TakeCard(player=player, card=rest[0].upper(), city=city, colour=colour)
    if verb == "bond" and not rest:
        return IssueBond(player=player)
    if verb == "buyback" and len(rest) == 1 and rest[0].isdigit():
        return Buyback(player=player, count=int(rest[0]))
    if verb == "pass" and not rest:
        return Pass(player=player)
    if verb == "grow" and len(rest) == 1:
        city = "" if rest[0].lower() == "none" else city_ref(g, rest[0])
        return Grow(player=player, city=city)
    if verb == "settle" and rest:
        numbers = {"repay": 0, "discard": 0}
        for word in rest[1:]:
            key, sep, value = word.partition("=")
            if sep and key in numbers and value.isdigit():
                numbers[key] = int(value)
            elif word.lower() != "hold":
                raise InputError(f"cannot read {word!r} in settle")
        return Settle(
            player=player,
            west_baron=rest[0].upper(),
            repay=numbers["repay"],
            discard=numbers["discard"],
            hold=any(w.lower() == "hold" for w in rest[1:]),
        )
    return None


def _parse_delivery(g: BoardGraph, s: RotwState, rest: list[str], player: str) -> Deliver:
    bonus = "points"
    if rest[-1].lower() == "cash":
        bonus, rest = "cash", rest[:-1]
    cube = cube_ref(rest[0])
    path = [city_ref(g, rest[1])]
    owners: list[str] = []
    adj = s.adjacency()
    for word in rest[2:]:
        ref, _, owner = word.partition(":")
        city = city_ref(g, ref)
        # player names in any case, like city names
        owner = next((p for p in s.players if name_key(p) == name_key(owner)), owner)
        if not owner:
            choices = sorted({lk.owner for nb, lk in adj.get(path[-1], ()) if nb == city})
            if len(choices) != 1:
                raise InputError(
                    f"name the owner of the link {path[-1]}-{city} (CITY:OWNER): "
                    + (", ".join(choices) or "there is none")
                )
            owner = choices[0]
        path.append(city)
        owners.append(owner)
    return Deliver(
        player=player,
        cube=cube,
        path=tuple(path),
        owners=tuple(owners),
        bonus="cash" if bonus == "cash" else "points",
    )


def fmt(action: Action) -> str | None:
    """The notation of an action (None: use the generic form)."""
    if isinstance(action, ChooseBaron):
        return f"baron {action.card}"
    if isinstance(action, Build):
        flags = [f for f in ("long", "grant", "tunnel") if getattr(action, f)]
        return " ".join(("build", *action.path, *flags))
    if isinstance(action, Deliver):
        steps = [f"{c}:{name_word(o)}" for c, o in zip(action.path[1:], action.owners, strict=True)]
        tail = " cash" if action.bonus == "cash" else ""
        return f"deliver {LETTER[action.cube]} {action.path[0]} {' '.join(steps)}{tail}"
    if isinstance(action, Urbanize):
        return f"urbanize {action.city} {action.colour}"
    if isinstance(action, Upgrade):
        return "upgrade coal" if action.coal else "upgrade"
    if isinstance(action, TakeCard):
        return " ".join(w for w in ("take", action.card, action.city, action.colour) if w)
    if isinstance(action, Buyback):
        return f"buyback {action.count}"
    if isinstance(action, Grow):
        return f"grow {action.city or 'none'}"
    if isinstance(action, Settle):
        parts = ["settle", action.west_baron]
        if action.repay:
            parts.append(f"repay={action.repay}")
        if action.discard:
            parts.append(f"discard={action.discard}")
        if action.hold:
            parts.append("hold")
        return " ".join(parts)
    if isinstance(action, IssueBond | Pass):
        return action.type
    return None
