"""The greedy bot's speed-ups change no decision: kept delivery searches equal fresh ones,
the planner's lean link lists give the same ways, and seeded greedy games are the games
they were before the speed-ups (log digests pinned; figures in benchmarks/bench_rotw.py)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

import pytest

from transcon.core.bots import bot_seed
from transcon.core.game import Game
from transcon.core.mapfile import shipped_map_names
from transcon.titles.rotw import RailwaysOfTheWorldEastWest
from transcon.titles.rotw import delivery_search as search
from transcon.titles.rotw.bots import GreedyBot
from transcon.titles.rotw.data import next_engine
from transcon.titles.rotw.planner import _multi_source, coast_to_coast, planner_for
from transcon.titles.rotw.scoring import coasts

TITLE = RailwaysOfTheWorldEastWest()
REAL = pytest.mark.skipif("rotw-usa" not in shipped_map_names(), reason="rotw-usa not shipped")


def _play(map_name: str, players: int, seed: int, check_every: int = 0) -> Game[object]:
    """A seeded greedy game; every ``check_every`` actions the kept delivery searches of the
    player to act are compared with fresh ones (an empty memo)."""
    names = list("ABCD"[:players])
    game: Game[object] = Game.new(TITLE, names, {"map": map_name}, seed)
    bots = {p: GreedyBot(bot_seed(seed, i)) for i, p in enumerate(names)}
    while not game.is_over():
        player = game.current_players()[0]
        if check_every and len(game.log) % check_every == 0:
            _check_kept_searches(game, player)
        game.apply(bots[player].choose(game, player))
    return game


def _check_kept_searches(game: Game[object], player: str) -> None:
    s = game.state
    g = TITLE.graph(s)  # type: ignore[arg-type]
    engine = s.pl[player].engine  # type: ignore[attr-defined]
    for reach in {engine, next_engine(engine) or engine, 2}:
        kept = search.best_deliveries(g, s, player, reach)  # type: ignore[arg-type]
        saved = list(search._MEMO)
        search._MEMO.clear()
        fresh = search.best_deliveries(g, s, player, reach)  # type: ignore[arg-type]
        search._MEMO[:] = saved
        assert kept == fresh, (len(game.log), player, reach)


def _digest(map_name: str, players: int, seeds: range) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        game = _play(map_name, players, seed)
        for action in game.log:
            h.update(game.format(action).encode() + b"\n")
    return h.hexdigest()[:16]


@REAL
def test_kept_delivery_searches_equal_fresh_ones() -> None:
    """The delivery memo keeps a search while no new link touches a city it followed;
    what it returns is what a search from scratch returns, all game long."""
    _play("rotw-usa", 4, 7, check_every=5)


def test_kept_delivery_searches_equal_fresh_ones_small_map() -> None:
    for seed in range(3):
        _play("rotw-mini", 3, seed, check_every=2)


@REAL
def test_lean_planner_links_give_the_same_ways() -> None:
    """Leaving out links dearer than a way through a third city changes no planner table
    and no coast-to-coast plan (own links free, with and without blocked links)."""
    g = TITLE.graph(Game.new(TITLE, ["A", "B"], {"map": "rotw-usa"}, 0).state)
    p = planner_for(g)
    full = replace(p, lean=p.edges)
    for kind, targets in p.targets.items():
        assert _multi_source(p.lean, list(targets)) == _multi_source(p.edges, list(targets)), kind
    east, west = coasts(g)
    pairs = sorted({pair for out in p.pairs.values() for _, _, pair in out}, key=sorted)
    rng = random.Random(1)
    for n in (0, 3, 10, 30):
        own = set(rng.sample(pairs, n))
        blocked = frozenset(rng.sample(pairs, 2)) if n == 10 else frozenset()
        assert coast_to_coast(p, own, east, west, blocked) == coast_to_coast(
            full, own, east, west, blocked
        )


@REAL
def test_seeded_greedy_games_are_unchanged() -> None:
    """The logs of seeded greedy games, pinned when the bot was made faster (the same
    digests before and after). A change meant to alter the bot's play updates them and
    says why in its commit."""
    assert _digest("rotw-usa", 4, range(3)) == "284032c26bad35f0"
    assert _digest("rotw-usa", 2, range(2)) == "13250394e02f3d1a"


def test_seeded_greedy_games_are_unchanged_small_map() -> None:
    assert _digest("rotw-mini", 4, range(5)) == "d77132d08b992cf8"
