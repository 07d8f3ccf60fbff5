"""The 18C2C train roster: base trains and the D variant's replacements (seed 001 2b, 3i;
Super-short 3).

Costs are the Rails draft's (the 3D's $630 is confirmed by seed 001 3i); counts are three times
the Super-short mix (seed 001 Super-short 3: "one third of the train mix"); what each train
rusts follows 1870 except the 3D rusting the 3s (seed 001 3i), marked assumed
(docs/rules/18c2c.md, "Trains").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from transcon.eighteen.trains import TrainType, parse_train
from transcon.titles.c2c.data import Setup, Variant


@dataclass(frozen=True, slots=True)
class TrainCard:
    """One train type of the game: name, cost, copies (None: unlimited), the train whose
    copies it rusts (None: none), and why a fact is assumed ("" when sourced)."""

    name: str
    cost: int
    count: int | None
    rusts: str | None
    assumed: str = ""

    def train(self) -> TrainType:
        return parse_train(self.name)


_AS_1870 = "what it rusts: as 1870 (the 18C2C rulebook is not in our sources)"
BASE_TRAINS: tuple[TrainCard, ...] = (
    TrainCard("2", 80, 21, None),
    TrainCard("3", 180, 18, None),
    TrainCard("4", 300, 15, "2", _AS_1870),
    TrainCard("5", 450, 12, None),
    TrainCard("6", 630, 9, "3"),
    TrainCard("8", 800, 9, "4", _AS_1870),
    TrainCard("10", 950, 6, None, _AS_1870),
    TrainCard("12", 1100, 18, "5", _AS_1870),
)
D_REPLACEMENTS = {"6": "3D", "8": "4D", "10": "5D", "12": "6D"}
"""Seed 001 2b/3i: the D trains replace the 6, 8, 10 and 12 at the same cost and rusting."""


def roster(variant: Variant = "d", setup: Setup = "full") -> tuple[TrainCard, ...]:
    """The trains of a game: the D variant swaps the 6/8/10/12 for 3D/4D/5D/6D; Super-short
    uses one third of each count (seed 001 Super-short 3)."""
    cards = BASE_TRAINS
    if variant == "d":
        cards = tuple(replace(c, name=D_REPLACEMENTS.get(c.name, c.name)) for c in cards)
    if setup == "super-short":
        cards = tuple(replace(c, count=None if c.count is None else c.count // 3) for c in cards)
    return cards
