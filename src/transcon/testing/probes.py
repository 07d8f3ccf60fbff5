"""Checks of one position: queries are pure, legal actions apply, action text and JSON
round-trip, illegal actions are refused without a trace."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

from transcon.core.errors import IllegalAction, InputError, TransconError
from transcon.core.game import Game, canonical_json
from transcon.core.title import PUBLIC, Action
from transcon.testing.fingerprint import difference, fingerprint
from transcon.testing.report import Violation
from transcon.testing.sampling import COMMON_FIELDS, FieldPool, variants

#: Rounds of candidate making for the illegal-action check (each yields 0-3 variants).
CANDIDATE_ROUNDS = 200
#: How many of the latest logged actions the log queries read back for every viewer.
LOG_TAIL = 4


def viewers(game: Game[Any]) -> list[str | None]:
    """Everybody who can look at a game: the game master, the public and each player."""
    return [None, PUBLIC, *game.players]


def legal_by_player(game: Game[Any]) -> dict[str, list[Action]]:
    """Each player who may act now and their legal actions."""
    return {player: game.legal_actions(player) for player in game.current_players()}


def check_queries_pure(game: Game[Any], looking: Sequence[str | None]) -> int:
    """Call every read-only query the engine offers (those of a viewer for each viewer in
    ``looking``); each must leave the game exactly as it was. Returns how many were checked."""
    before = fingerprint(game)
    checked = 0
    for name, query in queries(game, looking):
        query()
        changed = difference(before, fingerprint(game))
        if changed:
            raise Violation(f"{name} changed the game: {changed}")
        checked += 1
    if game.state_json() != before.state:
        raise Violation("state_to_json gives different bytes for the same state")
    return checked


def queries(
    game: Game[Any], looking: Sequence[str | None]
) -> Iterator[tuple[str, Callable[[], object]]]:
    title, state = game.title, game.state
    yield "current_players", game.current_players
    yield "is_over", game.is_over
    for player in game.players:
        yield f"legal_actions({player})", partial(stable_legal_actions, game, player)
    for player in game.current_players():
        yield f"legal_groups({player})", partial(title.legal_groups, state, player)
    yield "describe_status", game.describe_status
    for viewer in looking:
        yield f"status for {viewer!r}", partial(game.status_for, viewer)
        yield f"full status for {viewer!r}", partial(game.status_for, viewer, full=True)
        yield f"view for {viewer!r}", partial(view_json, game, viewer)
        yield f"legal actions for {viewer!r}", partial(game.legal_actions_for, viewer)
        yield f"log for {viewer!r}", partial(read_log_tail, game, viewer)
    if game.is_over():
        yield "result", lambda: (game.result(), game.winners())
        yield "game_statistics", lambda: json.dumps(title.game_statistics(state))


def view_json(game: Game[Any], viewer: str | None) -> bytes:
    return canonical_json(game.view(viewer))


def stable_legal_actions(game: Game[Any], player: str) -> None:
    first, second = game.legal_actions(player), game.legal_actions(player)
    if first != second:
        raise Violation(f"legal_actions({player}) lists different actions when asked twice")
    strangers = [a for a in first if a.player != player]
    if strangers:
        raise Violation(f"legal_actions({player}) lists {strangers[0]!r} of another player")


def read_log_tail(game: Game[Any], viewer: str | None) -> None:
    for index in range(max(0, len(game.log) - LOG_TAIL), len(game.log)):
        game.format_for(game.log[index], viewer)
        game.events_for(index, viewer)


def check_listed_actions_pass(game: Game[Any], legal: dict[str, list[Action]]) -> int:
    """Every listed legal action passes the title's check, which changes nothing; somebody
    to act has a move."""
    if not game.is_over() and not any(legal.values()):
        raise Violation(f"{', '.join(legal) or 'nobody'} may act but has no legal action")
    before = fingerprint(game)
    count = 0
    for actions in legal.values():
        for action in actions:
            try:
                game.title.validate(game.state, action)
            except TransconError as err:
                raise Violation(
                    f"listed legal action {show(game, action)} is refused: {err}"
                ) from err
            count += 1
    changed = difference(before, fingerprint(game))
    if changed:
        raise Violation(f"checking the listed legal actions changed the game: {changed}")
    return count


def check_actions_apply(game: Game[Any], actions: Sequence[Action]) -> int:
    """Each action applies on a copy of the game; its events carry its log index."""
    for action in actions:
        copy = game.clone()
        try:
            events = copy.apply(action)
        except TransconError as err:
            raise Violation(f"legal action {show(game, action)} did not apply: {err}") from err
        if len(copy.log) != len(game.log) + 1:
            raise Violation(f"{show(game, action)} was logged {len(copy.log) - len(game.log)}x")
        stray = [e for e in events if e.index != len(game.log)]
        if stray:
            raise Violation(f"{show(game, action)} emitted {stray[0].text!r} with a wrong index")
        copy.state_json()  # the new state serialises
    return len(actions)


def check_notation(game: Game[Any], actions: Sequence[Action]) -> int:
    """Text notation reads back as the same action, also with the ``NAME: `` prefix."""
    for action in actions:
        text = game.format(action)
        for written, player in ((text, action.player), (f"{action.player}: {text}", None)):
            try:
                back = game.parse(written, player)
            except TransconError as err:
                raise Violation(f"{written!r} ({action!r}) does not read back: {err}") from err
            if back != action:
                raise Violation(f"{written!r} reads back as {back!r}, not {action!r}")
    return len(actions)


def check_json(game: Game[Any], actions: Sequence[Action]) -> int:
    """Action JSON, written as text and read again, gives the same action."""
    title = game.title
    for action in actions:
        text = json.dumps(title.action_to_json(action))
        back = title.action_from_json(json.loads(text))
        if back != action:
            raise Violation(f"JSON {text[:200]} reads back as {back!r}, not {action!r}")
    return len(actions)


def illegal_candidates(
    game: Game[Any], legal: dict[str, list[Action]], pool: FieldPool, rng: random.Random
) -> Iterator[Action]:
    """Actions likely to be illegal now (up to ``CANDIDATE_ROUNDS`` rounds of tries): legal
    ones given to a player who may not act, and legal ones with one field changed."""
    listed = [action for actions in legal.values() for action in actions]
    waiting = [p for p in game.players if p not in legal]
    with_fields = [a for a in listed if len(type(a).model_fields) > len(COMMON_FIELDS)]
    if not listed or not (waiting or with_fields):
        return
    for _ in range(CANDIDATE_ROUNDS):
        if waiting and (not with_fields or rng.random() < 0.25):
            action = rng.choice(listed)
            yield action.model_copy(update={"player": rng.choice(waiting)})
        else:
            yield from variants(rng.choice(with_fields), pool, rng)


def check_illegal_refused(
    game: Game[Any],
    legal: dict[str, list[Action]],
    pool: FieldPool,
    rng: random.Random,
    budget: int,
) -> tuple[int, int]:
    """Try up to ``budget`` candidates. A refused one must raise a one-line rule error and
    leave the game exactly as it was; an accepted one must apply. Returns (refused, legal)."""
    listed = [a for actions in legal.values() for a in actions]
    refused = accepted = 0
    before = fingerprint(game)
    for candidate in illegal_candidates(game, legal, pool, rng):
        if refused + accepted >= budget:
            break
        if candidate in listed:
            continue
        if game.title.is_legal(game.state, candidate):
            check_actions_apply(game, [candidate])
            accepted += 1
            continue
        try:
            game.apply(candidate)
        except (IllegalAction, InputError) as err:
            check_rule_error(game, candidate, err)
        else:
            game.undo()
            raise Violation(f"{show(game, candidate)} was refused by check but applied")
        changed = difference(before, fingerprint(game))
        if changed:
            raise Violation(f"refused {show(game, candidate)} changed the game: {changed}")
        refused += 1
    return refused, accepted


def check_rule_error(game: Game[Any], action: Action, err: TransconError) -> None:
    message = str(err)
    if "\n" in message or not message.strip():
        raise Violation(f"{show(game, action)}: the error is not one line: {message[:200]!r}")
    if isinstance(err, IllegalAction) and not err.rule.strip():
        raise Violation(f"{show(game, action)}: the rule error names no rule: {message}")


def show(game: Game[Any], action: Action) -> str:
    """``'P: text'`` for messages (the action's repr if it cannot be formatted)."""
    try:
        return repr(f"{action.player}: {game.format(action)}")
    except Exception:  # a broken formatter is reported by the notation check
        return repr(action)
