"""Issue 16, hidden information over the whole registry: for pairs of games that differ only
in one player's secret, every output another viewer can request is identical.

A pair is made from one position and two different legal actions of one player that read the
same to another viewer (same action text and same events for that viewer: a sealed order, a
secret card). For every other viewer, the public view included, we compare the state view,
text status, log (action texts and events), legal actions, the JSON summary and the PNG;
then one more action by somebody else (the same in both games) and compare again.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from hostile_inputs import position

from transcon.core.game import Game, canonical_json
from transcon.core.registry import available_titles, get_title
from transcon.core.title import PUBLIC, Action

DEPTHS = (0, 12, 40)
PAIRS_PER_PLAYER = 4


def outputs(game: Game[Any], viewer: str, tmp_path: Path | None) -> dict[str, Any]:
    """Everything ``viewer`` can ask for (the CLI's status, log, legal, summary, PNG)."""
    log = [
        (game.format_for(action, viewer), [e.text for e in game.events_for(i, viewer)])
        for i, action in enumerate(game.log)
    ]
    found: dict[str, Any] = {
        "view": canonical_json(game.view(viewer)),
        "status": game.status_for(viewer),
        "log": log,
        "legal": [game.format(a) for a in game.legal_actions_for(viewer)],
        "to_act": game.current_players(),
        "over": game.is_over(),
    }
    if tmp_path is not None:
        png = tmp_path / f"{viewer or 'public'}.png"
        try:
            game.render_png(png, viewer)
        except NotImplementedError:
            return found
        found["png"] = png.read_bytes()
    return found


def reads_the_same(game: Game[Any], one: Action, two: Action, viewer: str) -> bool:
    """Do two actions read identically to ``viewer`` once applied?"""
    seen = []
    for action in (one, two):
        copy = game.clone()
        copy.apply(action)
        index = len(copy.log) - 1
        seen.append(
            (copy.format_for(action, viewer), [e.text for e in copy.events_for(index, viewer)])
        )
    return seen[0] == seen[1]


def secret_pairs(game: Game[Any]) -> list[tuple[Action, Action, str]]:
    pairs = []
    for player in game.current_players():
        mine = game.legal_actions(player)[:12]
        others = [p for p in game.players if p != player] + [PUBLIC]
        found = 0
        for one, two in itertools.combinations(mine, 2):
            for viewer in others:
                if found < PAIRS_PER_PLAYER and reads_the_same(game, one, two, viewer):
                    pairs.append((one, two, viewer))
                    found += 1
    return pairs


def follow_up(games: list[Game[Any]], acted: str) -> Action | None:
    """An action by another player that is legal in both games (the same move)."""
    for player in games[0].current_players():
        if player == acted:
            continue
        for action in games[0].legal_actions(player)[:5]:
            if all(g.is_legal(action) for g in games):
                return action
    return None


HIDDEN = [name for name in available_titles() if get_title(name).hidden_information]


@pytest.mark.parametrize("title_name", HIDDEN)
def test_one_players_secret_never_reaches_another_viewer(title_name: str, tmp_path: Path) -> None:
    checked = 0
    drew = False
    for depth in DEPTHS:
        base = position(title_name, depth)
        for one, two, viewer in secret_pairs(base):
            games = [base.clone(), base.clone()]
            games[0].apply(one)
            games[1].apply(two)
            png = None if drew else tmp_path
            drew = True
            first, second = (outputs(g, viewer, png) for g in games)
            for key in first:
                assert first[key] == second[key], (title_name, depth, one, two, viewer, key)
            after = follow_up(games, one.player)
            if after is not None:
                for g in games:
                    g.apply(after)
                first, second = (outputs(g, viewer, None) for g in games)
                assert first == second, (title_name, depth, one, two, viewer, after)
            checked += 1
    print(f"\n{title_name}: {checked} secret pairs compared")
    assert checked > 0
