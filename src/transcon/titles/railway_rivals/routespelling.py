"""The spellings of one hex path of the route listing (legal.py's ``_RouteLister``): whose line
each link of a route uses. A link on a team member's line is written for that member; a
rival link on several rivals' lines may use any of them, within the per-rival cap (base
3.2: at most ``max_foreign_hexes_per_owner`` hexes of one rival's track) unless the listing
allows routes over it (``fee_netting``). Every spelling is a legal entry of its own; they
share the route's length and total fees.

Spellings are ordered by their sort keys: the route's first hex, then per link its
neighbour's place in the track order and the index of the line chosen (depth first, as the
listing walks)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

#: One link's line: the team member whose line it uses, or (None) the rival owners to choose
#: from, and the owners on the link.
Line = tuple[str | None, tuple[str, ...]]
#: A spelling: its sort keys, the route's hexes, the owner whose line each link uses.
Spelled = tuple[tuple[int, ...], list[int], list[str]]
#: The spellings that pay every rival the same: the first of them and how many there are.
Group = tuple[tuple[int, ...], list[int], list[str], int]


class PathSpelling:
    """The spellings of one hex path (copied: the listing's lists change as it walks)."""

    def __init__(
        self,
        route: Sequence[int],
        lines: Sequence[Line],
        order: Sequence[int],
        cap: int,
        over_ok: bool,
    ) -> None:
        self.route = list(route)
        self.lines = list(lines)
        self.order = list(order)
        self.cap = cap
        self.over_ok = over_ok
        self.choices = [owners if member is None else (member,) for member, owners in lines]
        # no choice of lines can break the cap: every combination is a spelling
        self.free = over_ok or not _cap_can_bind(self.lines, cap)
        #: the rivals offered on the path, each with its slot in a count vector
        self.rivals = sorted({o for member, owners in self.lines if member is None for o in owners})
        slot = {owner: i for i, owner in enumerate(self.rivals)}
        #: per link, (index, owner, slot) of its choices of rivals' lines (None: the team's)
        self._options = [
            None if member is not None else [(i, o, slot[o]) for i, o in enumerate(owners)]
            for member, owners in self.lines
        ]
        #: the links with a choice of rivals' lines, (link, its options), in route order; every
        #: other link's line is fixed (most links: a route of 47 links has one or two choices)
        self._multi = [
            (k, options)
            for k, options in enumerate(self._options)
            if options is not None and len(options) > 1
        ]
        #: the rivals' hexes on the links with one rival's line only
        base = [0] * len(self.rivals)
        for options in self._options:
            if options is not None and len(options) == 1:
                base[options[0][2]] += 1
        self._base = tuple(base)
        #: spellings of the choices from the j-th on, by (j, the rivals' hexes before it and
        #: on the fixed links)
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(self) -> int:
        """How many spellings the path has."""
        if self.free:
            return math.prod(len(c) for c in self.choices)
        if any(n > self.cap for n in self._base):
            return 0
        return self._spellings(0, self._base)

    def spell(self, found: list[Spelled]) -> None:
        """Append every spelling to ``found``: the fixed links written once, then each choice
        of lines on the others (in key order: the choices of one link before the next's)."""
        keys = [self.route[0]]
        for place in self.order:
            keys += (place, 0)
        owners = [c[0] for c in self.choices]
        if self.free:
            for picks in itertools.product(*(range(len(options)) for _, options in self._multi)):
                for (k, options), index in zip(self._multi, picks, strict=True):
                    keys[2 * k + 2] = index
                    owners[k] = options[index][1]
                found.append((tuple(keys), list(self.route), list(owners)))
            return
        if any(n > self.cap for n in self._base):
            return
        self._assign(0, self._base, keys, owners, found)

    def groups(self) -> list[Group]:
        """The spellings grouped by the rivals' hex counts (the fees each rival is paid): per
        group its first spelling (sort keys, route, owners) and how many it has. A forward
        pass over the links with a choice (from the hexes of the fixed links) keeps, per count
        vector, the first choices reaching it: extending them in order, in the order of the
        choices, finds each vector's first full spelling first. The choices are a chain of
        (choices before, link, index, owner), written out only for the groups' first
        spellings."""
        limit = math.inf if self.over_ok else self.cap
        if any(n > limit for n in self._base):
            return []
        Chain = tuple[Any, int, int, str] | None
        states: dict[tuple[int, ...], tuple[Chain, int]] = {self._base: (None, 1)}
        for k, options in self._multi:
            after: dict[tuple[int, ...], tuple[Chain, int]] = {}
            for counts, (chain, number) in states.items():
                for index, owner, i in options:
                    if counts[i] + 1 > limit:
                        continue
                    vector = (*counts[:i], counts[i] + 1, *counts[i + 1 :])
                    known = after.get(vector)
                    if known is None:
                        after[vector] = ((chain, k, index, owner), number)
                    else:
                        after[vector] = (known[0], known[1] + number)
            states = after
        keys = [self.route[0]]
        for place in self.order:
            keys += (place, 0)
        owners = [c[0] for c in self.choices]
        out: list[Group] = []
        for chain, number in states.values():
            while chain is not None:
                chain, k, index, owner = chain
                keys[2 * k + 2] = index
                owners[k] = owner
            out.append((tuple(keys), list(self.route), list(owners), number))
        return out

    def _spellings(self, j: int, counts: tuple[int, ...]) -> int:
        """How many ways the links with a choice from the j-th on can choose their lines
        within the cap, given the rivals' hexes on the fixed links and the choices before
        (``counts``, by slot)."""
        if j == len(self._multi):
            return 1
        key = (j, counts)
        known = self._memo.get(key)
        if known is None:
            known = 0
            for _, _, i in self._multi[j][1]:
                had = counts[i]
                if had < self.cap:
                    known += self._spellings(j + 1, (*counts[:i], had + 1, *counts[i + 1 :]))
            self._memo[key] = known
        return known

    def _assign(
        self,
        j: int,
        counts: tuple[int, ...],
        keys: list[int],
        owners: list[str],
        found: list[Spelled],
    ) -> None:
        """Append the spellings of the choices from the j-th on (depth first, in key order),
        the fixed links and the choices before written in ``keys`` and ``owners`` (the hexes
        per rival so far in ``counts``), skipping choices that leave no spelling
        (``_spellings``)."""
        if j == len(self._multi):
            found.append((tuple(keys), list(self.route), list(owners)))
            return
        k, options = self._multi[j]
        for index, owner, i in options:
            had = counts[i]
            if had >= self.cap:
                continue
            after = (*counts[:i], had + 1, *counts[i + 1 :])
            if not self._spellings(j + 1, after):
                continue
            keys[2 * k + 2] = index
            owners[k] = owner
            self._assign(j + 1, after, keys, owners, found)


def _cap_can_bind(lines: Sequence[Line], cap: int) -> bool:
    """Whether some rival's line is a choice on more links of the route than the cap."""
    offered: dict[str, int] = {}
    for member, owners in lines:
        if member is None:
            for owner in owners:
                offered[owner] = offered.get(owner, 0) + 1
    return any(n > cap for n in offered.values())
