"""The branch and bound over route sets of the exact optimiser (step 4-6 of
``docs/18xx-optimizer.md``), split from :mod:`transcon.eighteen.optimizer`: candidate lists
sorted by value, conflict bitsets per list (:class:`ListIndex`) and the search
(:class:`RouteSets`), including the last-two-trains loop. Pure Python: the reference that the
compiled core (:mod:`transcon.eighteen.optimize_core`) is tested against."""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Hashable, Iterator, Sequence

from transcon.eighteen.optimize_routes import Candidate

EMPTY = Candidate(0, 0, (), ())
"""The train does not run."""

CONFLICT_CACHE = 20_000
"""Most conflict bitsets cached per candidate list (bounds memory on huge lists)."""
SCAN = 8
"""Routes of the last train scanned directly before its conflict bitset is built."""


class ListIndex:
    """Which candidates of one list use each hop, and (cached) which conflict with a hop."""

    def __init__(self, lst: list[Candidate], hop_track: Sequence[int]) -> None:
        by_hop: dict[int, list[int]] = {}
        for i, c in enumerate(lst):
            for h in c.hops:
                by_hop.setdefault(hop_track[h], []).append(i)
        size = len(lst) // 8 + 1
        self.uses: dict[int, int] = {}
        """Hop track mask -> bitset of the candidates that run over that hop."""
        for track, idxs in by_hop.items():
            buf = bytearray(size)
            for i in idxs:
                buf[i >> 3] |= 1 << (i & 7)
            self.uses[track] = int.from_bytes(buf, "little")
        self._conf: dict[int, int] = {}
        self.by_track: dict[int, int] = {}
        """Track mask of a route -> bitset of this list's candidates sharing track with it."""

    def conflicts(self, track: int) -> int:
        """Bitset of the candidates sharing track with a hop whose track mask is ``track``."""
        got = self._conf.get(track)
        if got is None:
            got = 0
            for other, users in self.uses.items():
                if other & track:
                    got |= users
            self._conf[track] = got
        return got


_NONZERO = re.compile(rb"[^\x00]")


def set_bits(mask: int, start: int) -> Iterator[int]:
    """The set bits of ``mask`` from bit ``start`` up, lowest first (one conversion of the
    mask, then a C-speed scan for non-zero bytes: cheap even when the caller stops early)."""
    data = mask.to_bytes((mask.bit_length() + 7) // 8, "little")
    pos = start >> 3
    search = _NONZERO.search
    while True:
        found = search(data, pos)
        if found is None:
            return
        pos = found.start()
        byte = data[pos]
        base = pos << 3
        while byte:
            low = byte & -byte
            bit = base + low.bit_length() - 1
            if bit >= start:
                yield bit
            byte ^= low
        pos += 1


class RouteSets:
    """Exact branch and bound over one route (or none) per train, from candidate lists sorted
    by value (``EMPTY`` last). ``allowed[j]``: bitset of list ``j``'s candidates still disjoint
    from the track taken; its lowest set bit is list ``j``'s best remaining candidate."""

    def __init__(
        self,
        lists: list[list[Candidate]],
        keys: Sequence[Hashable],
        need_tag: bool,
        hop_track: Sequence[int],
        caps: Sequence[int],
        indexes: Sequence[ListIndex],
    ) -> None:
        self.lists = lists
        self.n = len(lists)
        self.need_tag = need_tag
        self.hop_track = hop_track
        self.caps = caps
        """``caps[i]``: an upper bound on the total of trains ``i..`` (``caps[n] == 0``)."""
        self.same_as_prev = [i > 0 and keys[i] == keys[i - 1] for i in range(self.n)]
        self.index = list(indexes)
        """Per list: the index of a list it is a prefix of (``EMPTY`` aside)."""
        self.prefix = [(1 << (len(lst) - 1)) - 1 for lst in lists]
        """Per list: the bits of its routes (conflict bitsets may name later routes of the
        indexed list, and never ``EMPTY``, which is last)."""
        neg: dict[int, list[int]] = {}
        for lst in lists:
            if id(lst) not in neg:
                neg[id(lst)] = [-c.value for c in lst]
        self.neg_values = [neg[id(lst)] for lst in lists]
        """Per list: its values negated (ascending, for ``bisect``)."""
        self.nodes = 0
        self.best = 0
        self.best_choice: list[Candidate] = []
        self.choice: list[Candidate] = [EMPTY] * self.n

    def run(self, inc_value: int, inc: list[Candidate]) -> tuple[int, list[Candidate]]:
        self.best = inc_value
        self.best_choice = list(inc)
        allowed = [(1 << len(lst)) - 1 for lst in self.lists]
        self._rec(0, allowed, 0, 0, False, 0)
        return self.best, self.best_choice

    def _conflicts(self, j: int, c: Candidate) -> int:
        """Bitset of list ``j``'s candidates sharing track with ``c`` (cached per track mask:
        the candidates of list ``j`` that conflict with a route depend only on its track)."""
        index = self.index[j]
        got = index.by_track.get(c.track)
        if got is None:
            hop_track = self.hop_track
            got = 0
            for h in c.hops:
                got |= index.conflicts(hop_track[h])
            if len(index.by_track) < CONFLICT_CACHE:
                index.by_track[c.track] = got
        return got & self.prefix[j]

    def _rec(
        self, i: int, allowed: list[int], used: int, acc: int, tagged: bool, start: int
    ) -> None:
        """Choose train ``i``'s route; ``used``: track taken by trains before ``i``; ``start``:
        first list index allowed (identical trains take routes in list order)."""
        self.nodes += 1
        n = self.n
        lists = self.lists
        if i == n:
            if acc > self.best and (tagged or not self.need_tag):
                self.best = acc
                self.best_choice = list(self.choice)
            return
        if not self.same_as_prev[i]:
            start = 0
        tops = [lists[j][(allowed[j] & -allowed[j]).bit_length() - 1].value for j in range(i, n)]
        if start:  # train i takes a route at or after ``start`` (its list is sorted)
            m = allowed[i] >> start
            tops[0] = lists[i][start + (m & -m).bit_length() - 1].value
        total = sum(tops)
        if acc + min(total, self.caps[i]) <= self.best:
            return
        rest = min(total - tops[0], self.caps[i + 1])
        # Trains after i identical to it take routes after train i's in the shared list, so
        # each of them adds at most the value of train i's route.
        twins = 0
        while i + 1 + twins < n and self.same_as_prev[i + 1 + twins]:
            twins += 1
        lst = lists[i]
        if i == n - 1 and (tagged or not self.need_tag):
            # the last train: its best allowed route completes the best set below this node
            m = allowed[i] >> start
            c = lst[start + (m & -m).bit_length() - 1]
            if acc + c.value > self.best:
                self.best = acc + c.value
                self.best_choice = [*self.choice[:i], c]
            return
        if i == n - 2 and not self.need_tag:
            if twins:
                self._twin_pairs(i, allowed, acc, start, rest)
            else:
                self._pairs(i, allowed, acc, start, tops[0], tops[1])
            return
        for idx in set_bits(allowed[i], start):
            c = lst[idx]
            bound = rest
            if twins:
                bound = min(
                    bound, total - tops[0] - sum(max(0, t - c.value) for t in tops[1 : 1 + twins])
                )
            if acc + c.value + bound <= self.best:
                break
            nxt = list(allowed)
            if c.track:
                seen: dict[int, int] = {}
                for j in range(i + 1, n):
                    key = id(lists[j])
                    conf = seen.get(key)
                    if conf is None:
                        conf = self._conflicts(j, c)
                        seen[key] = conf
                    nxt[j] = allowed[j] & ~conf
            self.choice[i] = c
            nxt_start = idx if c is EMPTY else idx + 1
            self._rec(i + 1, nxt, used | c.track, acc + c.value, tagged or c.tagged, nxt_start)
        self.choice[i] = EMPTY

    def _twin_pairs(self, i: int, allowed: list[int], acc: int, start: int, rest: int) -> None:
        """``_rec`` for two identical last trains, the last one inlined: each route ``c`` of
        train ``i`` is completed by the best route after it in the shared list still allowed
        after ``c`` (which is worth at most ``c``)."""
        lst = self.lists[i]
        allowed_last = allowed[i + 1]
        head = list(itertools.islice(set_bits(allowed_last, 0), SCAN))
        nodes = 0
        for idx in set_bits(allowed[i], start):
            c = lst[idx]
            value = c.value
            if acc + value + min(rest, value) <= self.best:
                break
            nodes += 1
            self._complete(i, i + 1, allowed_last, head, idx if c is EMPTY else idx + 1, acc, c)
        self.nodes += nodes

    def _pairs(
        self, i: int, allowed: list[int], acc: int, start: int, top_a: int, top_b: int
    ) -> None:
        """``_rec`` for the last two trains ``i`` (A) and ``i + 1`` (B), not identical, B
        inlined. ``top_a``, ``top_b``: their best allowed values.

        A pair beating the best has ``(top_a - va) + (top_b - vb) < gap``, ``gap = top_a +
        top_b - (best - acc)``. For any split ``gap = d_a + d_b``, either ``va > top_a - d_a``
        (phase 1: each such route of A with its best allowed partner in B) or ``vb > top_b -
        d_b`` (phase 2: each such route of B with its best allowed partner in A). ``d_a`` is
        chosen among nine splits so that the two phases visit the fewest routes: counted by
        bisection in the sorted lists, and below an earlier train's route (``i > 0``) only
        those still allowed (a popcount). ``d_b`` follows the best as it rises."""
        al_a = allowed[i]
        if start:  # train i (a twin of train i - 1) takes a route at or after ``start``
            al_a &= ~((1 << start) - 1)
        al_b = allowed[i + 1]
        a_list, b_list = self.lists[i], self.lists[i + 1]
        gap = top_a + top_b - (self.best - acc)
        if gap <= 0:
            return
        neg_a, neg_b = self.neg_values[i], self.neg_values[i + 1]
        best_split, best_cost = gap, -1
        exact = i > 0  # below an earlier train: count only the routes still allowed
        for step in range(9):
            d_a = gap * step // 8
            ka = bisect.bisect_left(neg_a, d_a - top_a)
            kb = bisect.bisect_left(neg_b, gap - d_a - top_b)
            if exact:
                cost = (al_a & ((1 << ka) - 1)).bit_count() + (al_b & ((1 << kb) - 1)).bit_count()
            else:
                cost = ka + kb
            if best_cost < 0 or cost < best_cost:
                best_split, best_cost = d_a, cost
        d_a = best_split
        nodes = 0
        head_b = list(itertools.islice(set_bits(al_b, 0), SCAN))
        for idx in set_bits(al_a, 0):
            a = a_list[idx]
            va = a.value
            if va <= top_a - d_a or acc + va + top_b <= self.best:
                break
            nodes += 1
            self._complete(i, i + 1, al_b, head_b, 0, acc, a)
        # phase 2: vb > top_b - d_b, d_b = gap - d_a with gap at the current best
        head_a = list(itertools.islice(set_bits(al_a, 0), SCAN))
        for idx in set_bits(al_b, 0):
            b = b_list[idx]
            vb = b.value
            if vb <= self.best - acc - top_a + d_a or acc + vb + top_a <= self.best:
                break
            nodes += 1
            self._complete(i + 1, i, al_a, head_a, 0, acc, b)
        self.nodes += nodes

    def _complete(
        self, x: int, y: int, allowed_y: int, head: list[int], first: int, acc: int, c: Candidate
    ) -> None:
        """Train ``x`` runs ``c``: give train ``y`` (the other of the last two) its best route
        in ``allowed_y`` from index ``first`` that is disjoint from ``c``, and keep the pair if
        it beats the best. ``head``: the first ``SCAN`` set bits of ``allowed_y``, scanned
        before the conflict bitset is built."""
        base = acc + c.value
        best = self.best
        track = c.track
        lst = self.lists[y]
        for j in head:
            if j < first:
                continue
            d = lst[j]
            if base + d.value <= best:
                return  # list ``y`` is sorted: nothing allowed improves on the best
            if not d.track & track:
                self._keep(x, y, c, d, base + d.value)
                return
        if len(head) < SCAN:
            return  # ``head`` held every allowed route (``EMPTY`` included)
        m = allowed_y
        if track:
            m &= ~self._conflicts(y, c)
        m >>= first
        d = lst[first + (m & -m).bit_length() - 1]
        if base + d.value > best:
            self._keep(x, y, c, d, base + d.value)

    def _keep(self, x: int, y: int, c: Candidate, d: Candidate, total: int) -> None:
        """A better set: the routes chosen so far, ``c`` for train ``x``, ``d`` for ``y``."""
        i = min(x, y)
        pair = [c, d] if x < y else [d, c]
        self.best = total
        self.best_choice = [*self.choice[:i], *pair]
