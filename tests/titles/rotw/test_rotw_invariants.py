"""Invariants over whole games: cubes and settlers conserved, every cash change is what the
rules say, no delivery breaks the colour rule, each link has exactly one owner."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from rotw_helpers import TITLE

from transcon.core.bots import RandomBot, bot_seed
from transcon.core.game import Game
from transcon.core.mapfile import shipped_map_names
from transcon.titles.rotw import RotwState
from transcon.titles.rotw.actions import Build, Deliver, Pass, Upgrade, Urbanize
from transcon.titles.rotw.bots import GreedyBot
from transcon.titles.rotw.build import plan_build, urbanize_cost
from transcon.titles.rotw.data import GOODS, GRAY, RAW, SETTLERS_TOTAL, income_for
from transcon.titles.rotw.economy import bond_value
from transcon.titles.rotw.graph import graph_for


def check_state(s: RotwState) -> None:
    """Conservation of cubes and settlers; links owned once; hexes hold at most 2 tracks."""
    board: dict[str, int] = {}
    for cubes in s.cubes.values():
        for c in cubes:
            board[c] = board.get(c, 0) + 1
    west = s.phase == "west" and bool(s.west_bag)
    for colour in GOODS:
        total = s.east_per_colour
        total += s.opt.west_goods_per_colour if west else 0
        held = s.east_bag[colour] + s.west_bag.get(colour, 0)
        assert held + board.get(colour, 0) + s.spent.get(colour, 0) == total, colour
    raw_total = s.opt.raw_cubes if west else 0
    assert s.west_bag.get(RAW, 0) + board.get(RAW, 0) + s.spent.get(RAW, 0) == raw_total
    assert s.settler_pool + board.get("settler", 0) + s.settlers_arrived == SETTLERS_TOTAL
    pairs = set()
    use: dict[str, int] = {}
    for link in s.links:
        assert link.owner in s.players
        if link.b:
            key = (link.owner, frozenset((link.a, link.b)))
            assert key not in pairs
            pairs.add(key)
        for h in link.hexes:
            use[h] = use.get(h, 0) + 1
    assert all(n <= 2 for n in use.values())
    assert sum(1 for lk in s.links if not lk.b) <= len(s.players)
    for p in s.players:
        assert s.pl[p].cash >= 0 and s.pl[p].bonds >= 0


def check_delivery(s: RotwState, a: Deliver) -> None:
    """An independent check of the colour rule (base 3.2 D, seed 22)."""
    g = graph_for(s.opt.map)

    def colour(c: str) -> str:
        return s.colour.get(c) or g.cities[c].colour

    dest = a.path[-1]
    if a.cube in GOODS:
        assert colour(dest) == a.cube
        for c in a.path[1:-1]:
            if colour(c) == a.cube:
                assert s.phase == "west" and g.cities[c].west and not g.cities[dest].west
    elif a.cube == RAW:
        assert not g.cities[dest].west
    else:
        assert g.cities[dest].west
        for c in a.path[1:-1]:
            assert not (
                g.cities[c].west and g.cities[c].colour != GRAY and not s.settlers_at.get(c)
            )


def expected_cash_change(s: RotwState, a: Any) -> int | None:
    """The cash change an action must cause (bonds issued included), or None if not checked."""
    if isinstance(a, Build):
        plan = plan_build(graph_for(s.opt.map), s, a)
        return -(plan.cost + plan.surcharge)
    if isinstance(a, Urbanize):
        return -urbanize_cost(s)
    if isinstance(a, Upgrade):
        return -TITLE._upgrade_cost(s, a)
    if isinstance(a, Pass):
        return 0
    return None


def check_income(s: RotwState, ledger: dict[str, tuple[int, int, int]], value: int) -> None:
    """Base 3.3: at Income & Dividends each player's cash changes by exactly income by score
    minus $1k per bond, plus the cash of any bonds issued to pay the interest."""
    if "convention_season" in s.events or not s.opt.final_income:
        return
    for q, (cash, bonds, score) in ledger.items():
        issued = s.pl[q].bonds - bonds
        if s.step == "settle" or issued < 0:
            return  # the Western switch changes bonds and scores as well
        expected = cash + income_for(score, s.opt.income_track) - bonds + issued * value
        assert s.pl[q].cash == expected, (q, cash, bonds, score, s.pl[q].cash)


def play_checked(game: Game[RotwState], bots: dict[str, Any], max_actions: int = 5000) -> None:
    s = game.state
    for _ in range(max_actions):
        if game.is_over():
            return
        player = game.current_players()[0]
        action = bots[player].choose(game, player)
        before_cash = s.pl[player].cash
        before_bonds = s.pl[player].bonds
        value = bond_value(s)
        expected = expected_cash_change(s, action) if action.player == player else None
        if isinstance(action, Deliver):
            check_delivery(s, action)
        turn = s.game_turn
        ledger = {q: (s.pl[q].cash, s.pl[q].bonds, s.pl[q].score) for q in s.players}
        game.apply(action)
        if isinstance(action, Pass) and (s.game_turn != turn or s.step in ("over", "settle")):
            check_income(s, ledger, value)
        same_turn = s.game_turn == turn and s.step == "actions" and "small_market" not in s.events
        if expected is not None and same_turn:
            issued = s.pl[player].bonds - before_bonds
            assert s.pl[player].cash - before_cash == expected + issued * value, action
        check_state(s)
    raise AssertionError("game did not end")


def _bots(game: Game[RotwState], kind: str, seed: int) -> dict[str, Any]:
    cls = RandomBot if kind == "random" else GreedyBot
    return {p: cls(bot_seed(seed, i)) for i, p in enumerate(game.players)}


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (3, 2), (2, 3)])
def test_invariants_random_games(players: int, seed: int) -> None:
    names = [f"P{i}" for i in range(players)]
    game = Game.new(TITLE, names, {"map": "rotw-mini", "max_game_turns": 12}, seed)
    play_checked(game, _bots(game, "random", seed))
    assert game.verify_replay()


@pytest.mark.parametrize("seed", [4, 5])
def test_invariants_greedy_games(seed: int) -> None:
    names = ["A", "B", "C", "D"]
    game = Game.new(TITLE, names, {"map": "rotw-mini"}, seed)
    play_checked(game, _bots(game, "greedy", seed))
    assert game.is_over()


def test_income_matches_the_score_track() -> None:
    """Base 3.3: income by score position [U table], interest $1k a bond."""
    flat = [income_for(x, "rise_flat") for x in (0, 5, 10, 20, 30, 45, 60, 90, 200)]
    assert flat == [0, 5, 10, 15, 20, 25, 30, 30, 30]


def test_income_track_shape_rises_slows_and_falls_near_the_top() -> None:
    """Base 3.3 (one score track, income read from the step reached; issue 15 item 8): the
    default assumed track rises $1k a step at first, then needs several steps per dollar,
    and falls near the top (option `income_track`, default `rise_peak_fall`)."""
    track = [income_for(x) for x in range(0, 201)]
    assert track[:11] == list(range(11))  # $1k a step
    steps = [x for x in range(11, 61) if track[x] > track[x - 1]]
    assert len(steps) == 20 and all(b - a >= 2 for a, b in pairwise(steps))  # slower
    peak = max(track)
    assert peak == 30 and track.index(peak) == 60
    assert track[100] < peak and track[200] == 20  # falls near the top, to a floor
    assert all(b <= a for a, b in pairwise(track[80:]))


@pytest.mark.slow
def test_slow_1000_random_games() -> None:
    for seed in range(1000):
        players = 2 + seed % 3
        names = [f"P{i}" for i in range(players)]
        game = Game.new(TITLE, names, {"map": "rotw-mini", "max_game_turns": 20}, seed)
        play_checked(game, _bots(game, "random", seed))


@pytest.mark.slow
def test_slow_200_greedy_games() -> None:
    for seed in range(200):
        game = Game.new(TITLE, ["A", "B", "C", "D"], {"map": "rotw-mini"}, seed)
        play_checked(game, _bots(game, "greedy", seed))


# -- the real map (rotw-usa): the invariant runs are about the real game -------------

REAL = pytest.mark.skipif("rotw-usa" not in shipped_map_names(), reason="map not generated")
REAL_GREEDY_CHUNKS = 4  # 4 x 50 = 200 games, spread over the pytest-xdist workers
#: Random-bot games on the real map: 150, not 1,000. Random bots do not end a real-map
#: game by the rules, so each game is capped at 20 game turns (~150-250 actions, all in the
#: Eastern phase); listing the legal actions of a 300-city board for every move makes a
#: capped game cost about 1-2 CPU seconds, so 1,000 would take about half an hour of CPU;
#: 150 fit in about 5 minutes. The 1,000 random games on rotw-mini cover both phases.
REAL_RANDOM_CHUNKS = 3  # 3 x 50 = 150 games
CHUNK = 50


@REAL
@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(REAL_GREEDY_CHUNKS))
def test_slow_200_greedy_games_real_map(chunk: int) -> None:
    """200 greedy 4-player games on rotw-usa: no error, every invariant after every action
    (cubes, settlers and cash conserved, colour rule, one owner per link), and nearly all end
    by the second coast-to-coast railroad rather than the safety valve."""
    by_rules = 0
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        game = Game.new(TITLE, ["A", "B", "C", "D"], {"map": "rotw-usa"}, seed)
        play_checked(game, _bots(game, "greedy", seed))
        assert game.is_over()
        by_rules += game.state.end_reason == "second transcontinental"
    assert by_rules >= CHUNK - 3


@REAL
@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(REAL_RANDOM_CHUNKS))
def test_slow_random_games_real_map(chunk: int) -> None:
    """Random-bot games (2-4 players) on rotw-usa capped at 20 game turns: no error and no
    broken invariant after any action."""
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        players = 2 + seed % 3
        names = [f"P{i}" for i in range(players)]
        game = Game.new(TITLE, names, {"map": "rotw-usa", "max_game_turns": 20}, seed)
        play_checked(game, _bots(game, "random", seed))
        assert game.is_over()
