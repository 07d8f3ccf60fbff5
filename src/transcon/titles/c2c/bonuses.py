"""The base privates' bonus tokens: Southern Cattle, Grace Mountain Lumber, Gold Eagle Mining,
Azure Fisheries, Appalachian Coal and Gulf Shipping's ports (base rules, private companies).

Our sources give where they may go (the Rails draft's city lists; Gulf Shipping's are 1870's
and off our map, so its ports are assumed: the Gulf of Mexico's ports) and that they are gone
from phase 6 (the D variant's 3D), not what they are worth: the values are the option
``private_bonus_tokens`` (default 1870's printed analogues: a cattle token +$10 for its
company, an open port +$20 for its company and +$10 for every other). Docs:
docs/rules/18c2c.md "Bonus tokens".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from transcon.core.errors import InputError

RULE_BONUS = "Base rules, private companies: bonus tokens"
REMOVED_IN_PHASE = "3D"
"""The draft removes the bonus tokens at phase 6, which the D variant names 3D."""


def _hexes(labels: str) -> tuple[str, ...]:
    return tuple(labels.split())


BONUS_HEXES: Mapping[str, tuple[str, ...]] = {
    # the Rails draft's lists (Southern Cattle on Plains and West cities, lumber in the
    # forests of the north and west, gold in the Rockies and the west, fish on the coasts,
    # coal in the Appalachians)
    "SCC": _hexes("K40 K44 M44 O42 Q36 Q42 R49 S34 T41 T43 U22 U28 U48 V41 V45 W40 W46"),
    "GML": _hexes("A4 C4 C22 D49 E4 E18 E24 E46 E62 F53 F85 G2 H13 H19 I16 I28"),
    "GEM": _hexes("E4 E18 K30 L29 M4 M8 N29 P15 Q28 R27 T21"),
    "AF": _hexes("C4 E88 F85 I82 P73 T69 U66 W66"),
    "ACM": _hexes("L69 N65 O68 P63 S58 S62"),
    # assumed: the Gulf of Mexico's ports (Corpus Christi, Galveston, Houston, New Orleans,
    # Mobile, Tampa); the draft's hexes are copied from 1870 and lie elsewhere on our map
    "GSC": _hexes("Y42 W46 V45 W54 V57 Y64"),
}

DEFAULT_VALUES = "SCC:10 GML:10 AF:10 ACM:10 GEM:20/10,10 GSC:20/10,20"
"""The option's default: one token each, +$10 for the owning corporation (1870's cattle);
Gold Eagle two tokens, the first +$20 for the owner and +$10 for every other corporation
(1870's open port), the second +$10 for the owner (the draft's ``tokenValue="20/10,10"``);
Gulf Shipping the open port (+$20/+$10) and the closed port that replaces it (+$20 for the
owner only), 1870's (option ``gulf_shipping_port``)."""


@dataclass(frozen=True, slots=True)
class TokenValue:
    """What one bonus token adds to a stop: ``owner`` for the corporation owning the
    private, ``others`` for every other corporation."""

    owner: int
    others: int = 0


def bonus_values(text: str) -> dict[str, tuple[TokenValue, ...]]:
    """The option ``private_bonus_tokens`` as ``{private: token values in placing order}``;
    InputError naming the bad entry when malformed."""
    table: dict[str, tuple[TokenValue, ...]] = {}
    for entry in text.split():
        sym, sep, tokens = entry.partition(":")
        if not sep or sym not in BONUS_HEXES or sym in table or not tokens:
            raise _bad(entry)
        values = []
        for token in tokens.split(","):
            owner, _, others = token.partition("/")
            try:
                value = TokenValue(int(owner), int(others) if others else 0)
            except ValueError:
                raise _bad(entry) from None
            if min(value.owner, value.others) < 0:
                raise _bad(entry)
            values.append(value)
        table[sym] = tuple(values)
    return table


def _bad(entry: str) -> InputError:
    return InputError(
        f"option 'private_bonus_tokens': bad entry {entry!r} (want PRIVATE:OWNER[/OTHERS],... "
        f"with PRIVATE one of {', '.join(BONUS_HEXES)}, each once)"
    )


@dataclass(frozen=True, slots=True)
class PlacedBonus:
    """A bonus token on the map: its hex, the corporation owning its private, its value."""

    hex: str
    owner: str
    value: TokenValue


def bonus_at(tokens: Sequence[PlacedBonus], company: str) -> dict[str, int]:
    """Hex -> what the bonus tokens there add to ``company``'s stops."""
    out: dict[str, int] = {}
    for t in tokens:
        add = t.value.owner if t.owner == company else t.value.others
        if add:
            out[t.hex] = out.get(t.hex, 0) + add
    return out
