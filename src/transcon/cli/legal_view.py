"""The legal actions for people: duplicates removed, and when there are many, grouped by
:meth:`~transcon.core.title.Title.action_group` with a count and a few examples each.

Used by ``transcon legal`` and by ``?`` in ``transcon play``; title-agnostic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from transcon.core.game import Game
from transcon.core.title import Action

#: Up to this many distinct actions a player's list is printed in full.
FULL_LIST_MAX = 30
#: Examples shown per group in a summary.
EXAMPLES = 3


def distinct(game: Game[Any], actions: Sequence[Action]) -> list[tuple[Action, str]]:
    """(action, text) of each action whose player and text were not listed before."""
    seen: set[tuple[str, str]] = set()
    out: list[tuple[Action, str]] = []
    for action in actions:
        text = game.format(action)
        if (action.player, text) not in seen:
            seen.add((action.player, text))
            out.append((action, text))
    return out


def legal_lines(game: Game[Any], actions: Sequence[Action], *, full: bool = False) -> list[str]:
    """``PLAYER: action`` lines; a player with more than :data:`FULL_LIST_MAX` distinct
    actions gets one line per group instead (unless ``full``)."""
    players: dict[str, list[tuple[Action, str]]] = {}
    for action, text in distinct(game, actions):
        players.setdefault(action.player, []).append((action, text))
    lines: list[str] = []
    for player, entries in players.items():
        if full or len(entries) <= FULL_LIST_MAX:
            lines.extend(f"{player}: {text}" for _, text in entries)
        else:
            lines.append(f"{player}: {_summary_head(game, entries)} (`legal --all` lists all):")
            lines.extend(_group_lines(game, entries))
    return lines


def prompt_help(game: Game[Any], actions: Sequence[Action]) -> list[str]:
    """One player's legal actions for ``?`` in ``play``: one line when few, else by group."""
    entries = distinct(game, actions)
    if len(entries) <= FULL_LIST_MAX:
        return ["Legal: " + "; ".join(text for _, text in entries)]
    return [f"Legal: {_summary_head(game, entries)}:", *_group_lines(game, entries)]


def _groups(game: Game[Any], entries: list[tuple[Action, str]]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for action, text in entries:
        groups.setdefault(game.title.action_group(action), []).append(text)
    return groups


def _summary_head(game: Game[Any], entries: list[tuple[Action, str]]) -> str:
    return f"{len(entries)} legal actions in {len(_groups(game, entries))} groups"


def _group_lines(game: Game[Any], entries: list[tuple[Action, str]]) -> list[str]:
    lines = []
    for label, texts in _groups(game, entries).items():
        if len(texts) == 1:
            lines.append(f"  {texts[0]}")
            continue
        shown = "; ".join(texts[:EXAMPLES])
        more = f"; ... {len(texts) - EXAMPLES} more" if len(texts) > EXAMPLES else ""
        lines.append(f"  {label} ({len(texts)}): {shown}{more}")
    return lines
