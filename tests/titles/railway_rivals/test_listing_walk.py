"""The route listing's compiled walk (``_labelcore.list_walk``, csrc/labelcore_listing.c)
against its Python reference (``_RouteLister.walk_python``): every listing of seeded random
games on the small map under every option set, of a crowded 6-rival real-map position, and
with a visit limit low enough to stop listings, run twice, once with each, must visit the
same number of partial routes and list the very same routes in the same order (or both stop
with ``TooManyRoutes``); and the lister's lists are as the Python walk leaves them (also
when a limit stops it)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from transcon.core.bots import bot_seed, make_bot
from transcon.core.game import Game
from transcon.titles.railway_rivals import RailwayRivalsUSA, compiled, legal

from .conftest import crowded_position, needs_real_map
from .test_legal_actions import OPTION_SETS

pytestmark = pytest.mark.skipif(compiled.core is None, reason="_labelcore is not built")


class Twins:
    """Runs every listing twice, with the Python and the compiled walk, and compares."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.compared = 0
        self.stopped = 0
        self.routes = 0
        plain = legal._RouteLister.routes

        def fresh(lister: legal._RouteLister, compiled_walk: bool) -> legal._RouteLister:
            twin = copy.copy(lister)
            twin.route, twin.on_route, twin.order, twin.lines = [], set(), [], []
            twin.single, twin.found, twin.visited = {}, [], 0
            twin.pending, twin.counted = [], 0
            twin.compiled_walk = compiled_walk
            return twin

        def outcome(lister: legal._RouteLister) -> Any:
            try:
                return list(plain(lister)), lister.visited
            except legal.TooManyRoutes:
                return "too many", lister.visited

        def twin_routes(lister: legal._RouteLister) -> Iterator[tuple[list[int], list[str]]]:
            python, fast = fresh(lister, False), fresh(lister, True)
            expected, got = outcome(python), outcome(fast)
            assert got == expected
            # also where a limit stopped both: left with the path where it stopped
            for name in ("route", "order", "lines", "single"):
                assert getattr(fast, name) == getattr(python, name), name
            self.compared += 1
            if expected[0] == "too many":
                self.stopped += 1
                raise legal.TooManyRoutes
            self.routes += len(expected[0])
            yield from expected[0]

        monkeypatch.setattr(legal._RouteLister, "routes", twin_routes)


def play(title: RailwayRivalsUSA, game: Game[Any], seed: int, every: int = 3) -> None:
    """Random-bot play with every rival's legal actions listed every ``every`` moves of the
    race phases."""
    bots = {
        p: make_bot(title, "random-legal", bot_seed(seed, i)) for i, p in enumerate(game.players)
    }
    step = 0
    while not game.is_over():
        if game.state.phase == "races" and step % every == 0:
            for p in game.current_players():
                game.legal_actions(p)
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
        step += 1


@pytest.mark.parametrize(("options", "seed"), list(zip(OPTION_SETS, (51, 52, 53, 54), strict=True)))
def test_compiled_walk_lists_the_routes_of_the_python_one(
    title: RailwayRivalsUSA,
    strip_path: str,
    monkeypatch: pytest.MonkeyPatch,
    options: dict[str, Any],
    seed: int,
) -> None:
    twins = Twins(monkeypatch)
    play(title, Game.new(title, ["A", "B", "C"], {"map": strip_path, **options}, seed), seed)
    assert twins.compared > 20 and twins.routes > 50


@pytest.mark.parametrize("limit", ["ROUTE_SEARCH_LIMIT", "ROUTE_LIST_LIMIT"])
def test_compiled_walk_stops_where_the_python_one_does(
    title: RailwayRivalsUSA, strip_path: str, monkeypatch: pytest.MonkeyPatch, limit: str
) -> None:
    """With a limit of 40 partial routes visited, or of 3 routes listed (``spell`` raises
    ``TooManyRoutes`` within the compiled walk), many listings stop: both walks alike."""
    monkeypatch.setattr(legal, limit, 40 if limit == "ROUTE_SEARCH_LIMIT" else 3)
    twins = Twins(monkeypatch)
    play(title, Game.new(title, ["A", "B", "C"], {"map": strip_path}, 55), 55)
    assert twins.stopped > 5 and twins.compared > twins.stopped


@needs_real_map
def test_compiled_walk_on_a_crowded_real_map_position(
    title: RailwayRivalsUSA, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The listings of a 6-rival greedy game (seed 7, as the benchmark plays it) at its
    610th action: joint runs with every partner, shared lines, the cap."""
    game = crowded_position(title)
    twins = Twins(monkeypatch)
    game.legal_actions()
    assert twins.compared > 50 and twins.routes > 5000
