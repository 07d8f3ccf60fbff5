"""The spellings of one hex path (``routespelling.PathSpelling``, base 3.2: whose line each
rival link uses, at most ``max_foreign_hexes_per_owner`` hexes of one rival's track unless
``fee_netting`` lets the route over it) against brute force: every combination of lines,
kept when within the cap, in the order of their sort keys; their count; and their groups
by the fees each rival is paid."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from transcon.titles.railway_rivals.routespelling import Line, PathSpelling

RIVALS = ("Bob", "Cy", "Dee")
line = st.one_of(
    st.just(("Ann", ("Ann",))),  # a team member's line
    st.sets(st.sampled_from(RIVALS), min_size=1).map(lambda s: (None, tuple(sorted(s)))),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(line, max_size=7), st.integers(1, 3), st.booleans())
def test_spellings_are_every_choice_of_lines_within_the_cap(
    lines: list[Line], cap: int, over_ok: bool
) -> None:
    route = list(range(len(lines) + 1))
    order = [k % 3 for k in range(len(lines))]
    choices = [owners if member is None else (member,) for member, owners in lines]
    want = []
    for picks in itertools.product(*(range(len(c)) for c in choices)):
        owners = [c[i] for c, i in zip(choices, picks, strict=True)]
        paid = Counter(o for o, (member, _) in zip(owners, lines, strict=True) if member is None)
        if over_ok or all(n <= cap for n in paid.values()):
            keys = (0, *itertools.chain.from_iterable(zip(order, picks, strict=True)))
            want.append((keys, route, owners))
    path = PathSpelling(route, lines, order, cap, over_ok)
    found: list[tuple[tuple[int, ...], list[int], list[str]]] = []
    path.spell(found)
    assert found == sorted(want)
    assert path.count() == len(want)
    groups = path.groups()
    assert sum(number for *_, number in groups) == len(want)
    firsts = {}
    for keys, _, owners in want:
        fees = tuple(sorted(Counter(o for o in owners if o in RIVALS).items()))
        firsts.setdefault(fees, (keys, owners))
    assert [(keys, owners) for keys, _, owners, _ in groups] == list(firsts.values())
