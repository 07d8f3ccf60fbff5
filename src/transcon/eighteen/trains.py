"""Train types: how many stops a train may count and what a run is worth.

:class:`Train` is the protocol the validator and optimiser use; :class:`TrainType` covers the
common 18xx families:

* ``N`` trains: count up to N stops of any kind (seed 003 §8.2);
* ``D`` / diesel: unlimited stops (``TrainType("D", None)``);
* ``N+M``: N cities/off-boards plus M towns (a town may also use a city place);
* express trains that count only cities (``counts_towns=False``: towns are passed, not counted);
* trains that double stations holding the owner's token (``token_multiplier=2``), such as
  18C2C's D trains ``3D``..``6D`` (count N stops, double the company's token stops; seed 001
  3i; unfolding: :mod:`transcon.eighteen.dtrains`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from transcon.eighteen.tiles import NodeKind


class Train(Protocol):
    """What the route engine needs from a train."""

    @property
    def name(self) -> str: ...

    @property
    def max_stops(self) -> int | None:
        """Upper bound on the stops a route of this train may visit (None: unlimited)."""
        ...

    def length_problem(self, kinds: Sequence[NodeKind]) -> str | None:
        """Why a route visiting stops of these kinds (in order) is too long, or None."""
        ...

    def revenue(self, values: Sequence[int], kinds: Sequence[NodeKind], own: Sequence[bool]) -> int:
        """The run's value from each visited stop's value, kind and owner-token flag."""
        ...


@dataclass(frozen=True, slots=True)
class TrainType:
    """A concrete train family; see the module docstring."""

    name: str
    cities: int | None
    """Stops counted (N); None = unlimited."""
    towns: int = 0
    """Extra places for towns only (the M of N+M)."""
    counts_towns: bool = True
    """False: towns are passed through without counting or paying."""
    token_multiplier: int = 1
    """Multiplier for stops holding the owner's token."""

    @property
    def max_stops(self) -> int | None:
        if self.cities is None or not self.counts_towns:
            return None
        return self.cities + self.towns

    def length_problem(self, kinds: Sequence[NodeKind]) -> str | None:
        if self.cities is None:
            return None
        n_towns = sum(1 for k in kinds if k is NodeKind.TOWN)
        n_big = len(kinds) - n_towns
        if not self.counts_towns:
            n_towns = 0
        over_towns = max(0, n_towns - self.towns)
        used = n_big + over_towns
        if used > self.cities:
            return (
                f"a {self.name} train may count at most {self.cities + self.towns} stops, "
                f"this route counts {n_big + n_towns}"
            )
        return None

    def revenue(self, values: Sequence[int], kinds: Sequence[NodeKind], own: Sequence[bool]) -> int:
        total = 0
        mult = self.token_multiplier
        skip_towns = not self.counts_towns
        for v, k, o in zip(values, kinds, own, strict=True):
            if skip_towns and k is NodeKind.TOWN:
                continue
            total += v * mult if o else v
        return total


def parse_train(name: str) -> TrainType:
    """A train type from its usual name: ``"4"``, ``"D"`` (unlimited), ``"3+1"``, ``"4E"``.

    A name ending in ``E`` is an express train that counts only cities (towns are skipped);
    ``"nD"`` (``"3D"``) is an 18C2C D train: n stops, stops with the company's token doubled.
    """
    text = name.strip().upper()
    if text in ("D", "DIESEL"):
        return TrainType(name, None)
    if text.endswith("D") and text[:-1].isdigit():
        return TrainType(name, int(text[:-1]), token_multiplier=2)
    express = text.endswith("E")
    core = text[:-1] if express else text
    if "+" in core:
        a, b = core.split("+", 1)
        if a.isdigit() and b.isdigit():
            return TrainType(name, int(a), int(b))
    if core.isdigit():
        return TrainType(name, int(core), counts_towns=not express)
    raise ValueError(f"unknown train type {name!r}")
