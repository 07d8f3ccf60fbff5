"""The greedy bot's speed-ups change no decision: kept delivery searches equal fresh ones,
the planner's lean link lists give the same ways, and seeded greedy games are the games
they were before the speed-ups (log digests pinned; figures in benchmarks/bench_rotw.py)."""

from __future__ import annotations

import copy
import hashlib
import random
from dataclasses import replace

import pytest

from transcon.core.bots import bot_seed
from transcon.core.game import Game
from transcon.core.mapfile import shipped_map_names
from transcon.core.paths import cheapest_paths
from transcon.titles.rotw import RailwaysOfTheWorldEastWest
from transcon.titles.rotw import delivery_search as search
from transcon.titles.rotw.bots import GreedyBot
from transcon.titles.rotw.built_chains import built_chains
from transcon.titles.rotw.data import next_engine
from transcon.titles.rotw.planner import (
    CHAIN_KINDS,
    VARIANTS_KEPT,
    _multi_source,
    coast_to_coast,
    kind_tables,
    planner_for,
    steps,
)
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
        saved = s._bots.deliveries  # type: ignore[attr-defined]
        s._bots.deliveries = None  # type: ignore[attr-defined]
        fresh = search.best_deliveries(g, s, player, reach)  # type: ignore[arg-type]
        s._bots.deliveries = saved  # type: ignore[attr-defined]
        assert kept == fresh, (len(game.log), player, reach)


def _check_kept_link_caches(game: Game[object]) -> None:
    """The state's link caches, kept up to date in place as links are added, and the built
    chains the bot keeps are what a rebuild from the links gives."""
    s = game.state
    kept = (
        list(s.adjacency().items()),  # type: ignore[attr-defined]
        list(s.hex_use().items()),  # type: ignore[attr-defined]
        s.link_owners(),  # type: ignore[attr-defined]
        [s.unfinished(p) for p in s.players],  # type: ignore[attr-defined]
    )
    built = {(c.kind, c.origin) for c in built_chains(TITLE.graph(s), s)}  # type: ignore[arg-type]
    fresh = copy.deepcopy(s)
    fresh.invalidate()  # type: ignore[attr-defined]
    assert kept == (
        list(fresh.adjacency().items()),  # type: ignore[attr-defined]
        list(fresh.hex_use().items()),  # type: ignore[attr-defined]
        fresh.link_owners(),  # type: ignore[attr-defined]
        [fresh.unfinished(p) for p in fresh.players],  # type: ignore[attr-defined]
    ), len(game.log)
    planner = planner_for(TITLE.graph(s))  # type: ignore[arg-type]
    done = s.link_owners().keys()  # type: ignore[attr-defined]
    expected = {
        (kind, origin)
        for kind in CHAIN_KINDS
        for origin in planner.graph.cities
        if len(steps(planner, kind, origin).steps) >= 2
        and steps(planner, kind, origin).pairs <= done
    }
    assert built == expected, len(game.log)
    assert fresh._bots.chains is None  # type: ignore[attr-defined]  # (copies start empty)


def test_kept_link_caches_and_built_chains_equal_rebuilt_ones() -> None:
    """Links added in place (state caches) and counted down per chain (the bot's built
    chains) give what rebuilding them from the links gives, all game long."""
    names = ["A", "B", "C"]
    game: Game[object] = Game.new(TITLE, names, {"map": "rotw-mini"}, 3)
    bots = {p: GreedyBot(bot_seed(3, i)) for i, p in enumerate(names)}
    while not game.is_over():
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
        _check_kept_link_caches(game)


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


def _multi_source_by_search(
    edges: dict[str, list[tuple[str, int]]], targets: list[str]
) -> dict[str, tuple[int, str]]:
    """The planner's distance table as the general search with least-node ties makes it."""
    found = cheapest_paths(
        [(t, 0) for t in targets],
        lambda city, d: ((other, d + w) for other, w in edges[city]),
        parent_ties="least",
    )
    return {city: (d, found.parent.get(city, city)) for city, d in found.cost.items()}


@REAL
def test_planner_tables_equal_the_least_tie_search() -> None:
    """The distance tables (distances by a table search, next cities by one pass over the
    links) are what the general search with least-node ties gives, for every kind and for
    target sets with cities left out."""
    g = TITLE.graph(Game.new(TITLE, ["A", "B"], {"map": "rotw-usa"}, 0).state)
    p = planner_for(g)
    rng = random.Random(2)
    for kind, targets in p.targets.items():
        for left in (0, 1, 3):
            kept = sorted(rng.sample(list(targets), len(targets) - min(left, len(targets))))
            assert _multi_source(p.lean, kept) == _multi_source_by_search(p.lean, kept), kind


def test_planner_keeps_a_bounded_number_of_variant_tables() -> None:
    """Tables for left-out target sets are kept for the sets used last only (a process
    playing many games does not grow them), and one dropped is made again the same."""
    p = planner_for(TITLE.graph(Game.new(TITLE, ["A", "B"], {"map": "rotw-mini"}, 0).state))
    p.variants.clear()
    west = sorted(p.targets["settler"])
    first = frozenset(west[:1])
    table = dict(kind_tables(p, "settler", first).toward)
    for n in range(VARIANTS_KEPT + 5):
        kind_tables(p, "settler", frozenset({f"X{n}"}))
    assert len(p.variants) == VARIANTS_KEPT
    assert ("settler", first) not in p.variants
    assert kind_tables(p, "settler", first).toward == table


@REAL
def test_seeded_greedy_games_are_unchanged() -> None:
    """The logs of seeded greedy games, pinned when the bot was made faster (the same
    digests before and after). A change meant to alter the bot's play updates them and
    says why in its commit."""
    assert _digest("rotw-usa", 4, range(3)) == "284032c26bad35f0"
    assert _digest("rotw-usa", 2, range(2)) == "13250394e02f3d1a"


def test_seeded_greedy_games_are_unchanged_small_map() -> None:
    assert _digest("rotw-mini", 4, range(5)) == "d77132d08b992cf8"
