"""``legal_actions`` is complete and sound: everything listed is legal (checked along seeded
random games with several option sets), every legal race entry is listed (against a brute
force over all spellings of all simple paths), and the greedy bot's moves are listed or
reached through listed single-link builds with the same result."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from transcon.core.bots import bot_seed, make_bot
from transcon.core.game import Game
from transcon.core.title import Action
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState
from transcon.titles.railway_rivals.actions import Build, Enter
from transcon.titles.railway_rivals.legal import TooManyRoutes, legal_routes
from transcon.titles.railway_rivals.races import (
    check_entry,
    entry_team,
    race_by_id,
    race_ends,
    route_options,
)
from transcon.titles.railway_rivals.tracks import route_length

from .test_routes_and_races import scenario

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"max_entries_per_round": 1, "carry_build_points": True},
    {"fee_netting": True, "allow_running_power_exchange": True, "max_foreign_hexes_per_owner": 3},
    {"route_length_metric": "hexes", "min_own_track": "none", "joint_runs": False},
]


def entry_key(state: RRState, action: Enter) -> tuple[Any, ...]:
    """What an entry means (its spelling aside): race, partners, route and resolved owners."""
    route = [state.model.hex_index(h) for h in action.route]
    checked = check_entry(
        state, action.player, action.race, route, action.owners, action.partner, action.exchange
    )
    team = entry_team(action.player, action.partner, action.exchange)
    resolved = None
    if checked is not None:  # team links are free whichever partner's line is named
        resolved = (tuple(checked[0]), tuple("" if o in team else o for o in checked[1]))
    return (action.race, action.partner, action.exchange, resolved)


def simple_paths(
    state: RRState, starts: list[int], ends: list[int], longest: int, limit: int
) -> list[list[int]] | None:
    """Every simple path over track from a start to an end no longer than ``longest`` (None
    when more than ``limit`` partial paths would be visited)."""
    paths: list[list[int]] = []
    visited = 0

    def walk(path: list[int], length: int) -> bool:
        nonlocal visited
        visited += 1
        if visited > limit:
            return False
        if len(path) > 1 and path[-1] in ends:
            paths.append(list(path))
        for nxt in sorted(state.adj.get(path[-1], ())):
            step = route_length(state, [path[-1], nxt])
            if nxt not in path and length + step <= longest:
                path.append(nxt)
                if not walk(path, length + step):
                    return False
                path.pop()
        return True

    for s in starts:
        if not walk([s], 0):
            return None
    return paths


def all_spellings(state: RRState, player: str, limit: int = 20_000) -> Iterator[Enter] | None:
    """Every ``enter`` with an explicit route (all simple paths between the race's cities no
    longer than the longest front route of any team, every owner spelling per link, every
    partner kind), or None when the search would visit more than ``limit`` paths."""
    others = [p for p in state.players if p != player]
    kinds = [(None, None)] + [(p, None) for p in others] + [(None, p) for p in others]
    lab = state.model.labels
    out: list[Enter] = []
    for race in state.races:
        starts, ends = race_ends(state, race)
        fronts = [
            route_options(state, race, entry_team(player, partner, exchange), capped)
            for partner, exchange in kinds
            for capped in (True, False)
        ]
        longest = max((o.length for front in fronts for o in front), default=-1)
        paths = simple_paths(state, starts, ends, longest, limit)
        if paths is None:
            return None
        for path in paths:
            spellings = [
                ["", *state.edge_owners[(min(a, b), max(a, b))]]
                for a, b in itertools.pairwise(path)
            ]
            for owners in itertools.product(*spellings):
                for partner, exchange in kinds:
                    out.append(
                        Enter(
                            player=player,
                            race=race.id,
                            route=tuple(lab[h] for h in path),
                            owners=tuple(owners) if any(owners) else (),
                            partner=partner,
                            exchange=exchange,
                        )
                    )
                if len(out) > limit:
                    return None
    return iter(out)


def check_entries_complete(game: Game[RRState], player: str) -> bool:
    """Brute force: the legal explicit entries equal the listed ones (up to spelling)."""
    s = game.state
    spellings = all_spellings(s, player)
    if spellings is None:
        return False
    legal = {entry_key(s, a) for a in spellings if game.is_legal(a)}
    listed = {
        entry_key(s, a) for a in game.legal_actions(player) if isinstance(a, Enter) and a.route
    }
    assert legal == listed
    return True


def test_scenario_entries_listed_exactly(title: RailwayRivalsUSA, strip_path: str) -> None:
    """In the race scenario every legal entry of every rival is listed, and only those."""
    for options in OPTION_SETS:
        game = scenario(title, strip_path, **options)
        for p in game.state.players:
            assert check_entries_complete(game, p)
        listed = [a for a in game.legal_actions("Ann") if isinstance(a, Enter)]
        assert Enter(player="Ann", race=1) in listed or options.get("max_foreign_hexes_per_owner")
        assert all(game.is_legal(a) for a in listed)


@pytest.mark.parametrize(("options", "seed"), list(zip(OPTION_SETS, (21, 22, 23, 24), strict=True)))
def test_legal_actions_sound_and_entries_complete_along_random_games(
    title: RailwayRivalsUSA, strip_path: str, options: dict[str, Any], seed: int
) -> None:
    """Seeded random games on the small map: at every race phase (and every 15th other
    decision) everything listed passes is_legal, and at race phases the listed entries equal
    the brute-force set of legal entries."""
    names = ["A", "B", "C"]
    game = Game.new(title, names, {"map": strip_path, **options}, seed)
    bots = {p: make_bot(title, "random-legal", bot_seed(seed, i)) for i, p in enumerate(names)}
    step = compared = 0
    while not game.is_over():
        racing = game.state.phase == "races" and bool(game.state.races)
        if (racing and step % 4 == 0) or step % 25 == 0:
            for p in game.current_players():
                actions = game.legal_actions(p)
                assert actions and all(game.is_legal(a) for a in actions)
                if racing and compared < 6:
                    compared += check_entries_complete(game, p)
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
        step += 1
    assert compared > 0


def reachable(game: Game[RRState], action: Action) -> bool:
    """The action is listed, or (a multi-link build) its links one at a time are each listed
    and lead to the same state as the build itself."""
    listed = game.legal_actions(action.player)
    if action in listed:
        return True
    if isinstance(action, Enter) and action.route:
        key = entry_key(game.state, action)
        if any(
            isinstance(a, Enter) and a.route and entry_key(game.state, a) == key for a in listed
        ):
            return True
        # the documented bound: too many routes to list, only the GM-route entry is listed
        s = game.state
        team = entry_team(action.player, action.partner, action.exchange)
        try:
            list(legal_routes(s, race_by_id(s, action.race), team))
        except TooManyRoutes:
            gm = Enter(
                player=action.player,
                race=action.race,
                partner=action.partner,
                exchange=action.exchange,
            )
            return gm in listed and game.is_legal(action)
        return False
    if not isinstance(action, Build):
        return False
    stepwise = game.clone()
    for a, b in itertools.pairwise(action.path):
        link = Build(player=action.player, path=(a, b))
        if link not in stepwise.legal_actions(action.player):
            return False
        stepwise.apply(link)
    whole = game.clone()
    whole.apply(action)
    # the same state; only the ledger may differ (cash building pays one row per order)
    one, other = stepwise.state_to_json(), whole.state_to_json()
    return {k: v for k, v in one.items() if k != "ledger"} == {
        k: v for k, v in other.items() if k != "ledger"
    }


def test_greedy_moves_are_in_or_reachable_through_legal_actions(
    title: RailwayRivalsUSA, strip_path: str
) -> None:
    """Sampled moves of the greedy bot (every 5th, and every 2nd multi-link build or entry)
    are listed, or reached through listed single-link builds with the same result."""
    seed = 32
    names = ["A", "B", "C"]
    game = Game.new(title, names, {"map": strip_path}, seed)
    bots = {p: make_bot(title, "greedy", bot_seed(seed, i)) for i, p in enumerate(names)}
    kinds: set[str] = set()
    step = 0
    while not game.is_over():
        player = game.current_players()[0]
        action = bots[player].choose(game, player)
        rich = isinstance(action, Enter) or len(getattr(action, "path", ())) > 2
        if step % 5 == 0 or (rich and step % 2 == 0):
            assert reachable(game, action), game.format(action)
            kinds.add(action.type if len(getattr(action, "path", ())) <= 2 else "path")
        game.apply(action)
        step += 1
    assert {"start", "build", "path", "done", "enter"} <= kinds
