"""The walk within the caps compiled (``_labelcore.cap_walk``, csrc/labelcore_capwalk.c)
against its Python reference (``_CapWalk.first_walk_python``): on random networks with
random forbidden states, with and without a label budget, comparing rival hexes alone or
with them, and through every call a crowded 6-rival listing makes, both give the same
answer (the walk, no walk, or no answer within the budget) after the same labels. The
walk's rules (base 3.2-3.3: own track, at most ``max_foreign_hexes_per_owner`` hexes of one
rival) are checked against brute force in ``test_route_oracle``."""

from __future__ import annotations

from typing import Any

import pytest

from transcon.titles.railway_rivals import RailwayRivalsUSA, compiled, routecaps

from .conftest import crowded_position, needs_real_map
from .test_route_oracle import random_subproblems

pytestmark = pytest.mark.skipif(compiled.core is None, reason="_labelcore is not built")


def both(walk: routecaps._CapWalk, sources: list[int], budget: int | None, cheapest: bool) -> Any:
    """The Python and the compiled answer, with their labels: they must be equal."""
    outcomes = []
    for compiled_walk in (False, True):
        walk.compiled_walk = compiled_walk
        outcomes.append((walk.first_walk(sources, budget, cheapest), walk.labels))
    assert outcomes[1] == outcomes[0]
    return outcomes[0][0]


def test_compiled_cap_walk_answers_as_the_python_one(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    answers = {"walk": 0, "none": 0, "no answer": 0}
    for _, s, a, b, team, forbidden, rnd in random_subproblems(title, strip_path, 120, 0, 0.5):
        walk = routecaps._CapWalk(s, team, frozenset({b}), forbidden)
        for needs in (False, True):
            if needs:
                walk.needs = walk.set_needs(s)
            for budget, cheapest in ((None, False), (None, True), (rnd.randint(1, 8), True)):
                got = both(walk, [a], budget, cheapest)
                kind = "no answer" if got is None else "none" if got is False else "walk"
                answers[kind] += 1
    assert min(answers.values()) > 20, answers


@needs_real_map
def test_compiled_cap_walk_on_a_crowded_real_map_position(
    title: RailwayRivalsUSA, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every walk within the caps that listing a 6-rival position asks for, both ways."""
    game = crowded_position(title)
    calls: list[int] = []
    reference = routecaps._CapWalk.first_walk

    def twin(
        walk: routecaps._CapWalk, sources: Any, budget: int | None = None, cheapest: bool = False
    ) -> Any:
        calls.append(1)
        for compiled_walk in (False, True):
            walk.compiled_walk = compiled_walk
            answer = reference(walk, sources, budget, cheapest), walk.labels
            if not compiled_walk:
                expected = answer
        assert answer == expected
        return answer[0]

    monkeypatch.setattr(routecaps._CapWalk, "first_walk", twin)
    for player in game.current_players():
        title.legal_groups(game.state, player)
    assert calls
