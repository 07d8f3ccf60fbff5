"""Hidden information: nothing a viewer can ask for depends on another player's secret.

The suite does not know what a title keeps secret (sealed orders, dealt cards); it finds it
by difference. From one position it applies several legal actions of one player, each on its
own copy of the game, and groups the copies by how the new action reads to another viewer
(its text and events as that viewer reads them). Two moves that read the same are a secret
only their maker knows, so everything else that viewer can ask for must be identical in both
copies: the state view, the status (compact and full), the whole log as read, the legal
actions listed for them, who is to act. The same holds after one more move by somebody else,
as long as the log still reads the same to the viewer (the rules may reveal a secret then).

Private draws (a card dealt face down, a hidden die) are found the same way: one move is
applied to two copies whose random generators differ. Where the copies' states differ but
the move reads the same to a viewer, that viewer must not be able to tell them apart.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from transcon.core.game import Game, canonical_json
from transcon.core.rng import GameRandom
from transcon.core.title import PUBLIC, Action
from transcon.testing.probes import show
from transcon.testing.report import Violation
from transcon.testing.sampling import sample_actions

#: Legal actions of one player applied to look for moves that read the same.
CANDIDATES = 8
#: Moves by another player tried as the follow-up (the first legal in both copies).
FOLLOW_UPS = 5

Reading = tuple[str, tuple[str, ...]]


def reading(game: Game[Any], index: int, viewer: str) -> Reading:
    """How the logged action at ``index`` and its events read to ``viewer``."""
    text = game.format_for(game.log[index], viewer)
    return text, tuple(event.text for event in game.events_for(index, viewer))


def outputs(game: Game[Any], viewer: str) -> dict[str, Any]:
    """Everything ``viewer`` can ask for (the CLI's and server's status, log and legal)."""
    return {
        "log": [reading(game, index, viewer) for index in range(len(game.log))],
        "view": canonical_json(game.view(viewer)),
        "status": game.status_for(viewer),
        "full status": game.status_for(viewer, full=True),
        "legal actions": [game.format(a) for a in game.legal_actions_for(viewer)],
        "players to act": game.current_players(),
        "game over": game.is_over(),
    }


def check_secrets(
    game: Game[Any], legal: dict[str, list[Action]], rng: random.Random, wanted: int
) -> int:
    """Compare up to ``wanted`` pairs of secret-differing moves; returns how many."""
    compared = 0
    for player, actions in legal.items():
        mine = sample_actions(actions, CANDIDATES, rng)
        if len(mine) < 2:
            continue
        copies = []
        for action in mine:
            copy = game.clone()
            copy.apply(action)
            copies.append((action, copy))
        for viewer in [p for p in game.players if p != player] + [PUBLIC]:
            groups: dict[Reading, list[tuple[Action, Game[Any]]]] = defaultdict(list)
            for action, copy in copies:
                groups[reading(copy, len(game.log), viewer)].append((action, copy))
            for group in groups.values():
                if len(group) < 2 or compared >= wanted:
                    continue
                (one, first), (two, second) = group[:2]
                what = f"{show(game, one)} and {show(game, two)} read the same to {viewer!r}"
                compare(first, second, viewer, what)
                follow_up(first.clone(), second.clone(), player, viewer, what)
                compared += 1
    return compared


def compare(first: Game[Any], second: Game[Any], viewer: str, what: str) -> bool:
    """Violation if the two games look different to ``viewer`` while their logs read the
    same; False (nothing compared) when the logs read differently (a secret was revealed)."""
    mine, theirs = outputs(first, viewer), outputs(second, viewer)
    if mine["log"] != theirs["log"]:
        return False
    for key, value in mine.items():
        if theirs[key] != value:
            raise Violation(f"{what}, but {viewer or 'the public'}'s {key} differs")
    return True


def follow_up(first: Game[Any], second: Game[Any], actor: str, viewer: str, what: str) -> None:
    """One more move by somebody else, the same in both games, then compare again."""
    for player in first.current_players():
        if player == actor:
            continue
        for action in first.legal_actions(player)[:FOLLOW_UPS]:
            if second.is_legal(action):
                first.apply(action)
                second.apply(action)
                compare(first, second, viewer, f"{what} (after {show(first, action)})")
                return


def check_private_draws(
    game: Game[Any], actions: list[Action], rng: random.Random, wanted: int
) -> int:
    """Compare up to ``wanted`` pairs of copies that drew differently in the same move."""
    compared = 0
    for action in sample_actions(actions, CANDIDATES, rng):
        first, second = game.clone(), game.clone()
        second.rng.rewind(other_generator(second, rng.getrandbits(32)))
        first.apply(action)
        second.apply(action)
        if first.state_json() == second.state_json():
            continue  # the move drew nothing, or nothing that shows
        for viewer in [p for p in game.players if p != action.player] + [PUBLIC]:
            index = len(game.log)
            if compared < wanted and reading(first, index, viewer) == reading(
                second, index, viewer
            ):
                what = f"{show(game, action)} drew differently unseen by {viewer!r}"
                compared += compare(first, second, viewer, what)
    return compared


def other_generator(game: Game[Any], salt: int) -> tuple[Any, int]:
    """A checkpoint of ``game``'s generator with other internal state, the same draw count."""
    other = GameRandom(salt)
    raw, _draws = other.checkpoint()
    return raw, game.rng.draws


def check_no_private_events(game: Game[Any]) -> int:
    """A title without hidden information emits no private events (the public view lists
    every legal action only for such titles)."""
    for event in game.events:
        if event.audience is not None:
            raise Violation(f"private event {event.text!r} in a title without hidden_information")
    return 1
