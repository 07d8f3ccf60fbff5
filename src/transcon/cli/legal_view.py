"""The legal actions for people, from the title's :meth:`~transcon.core.title.Title.legal_groups`:
listed one by one when few (or when the title lists them in detail, with notes), else one
line per group with a count and a few examples.

Used by ``transcon legal`` and by ``?`` in ``transcon play``; title-agnostic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from transcon.core.game import Game
from transcon.core.legal import LegalGroup
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


def every_line(game: Game[Any], actions: Sequence[Action]) -> list[str]:
    """``PLAYER: action`` for every distinct action (``legal --all``)."""
    return [f"{action.player}: {text}" for action, text in distinct(game, actions)]


def legal_lines(game: Game[Any], players: Sequence[str]) -> list[str]:
    """What ``transcon legal`` prints for ``players`` (see :func:`player_lines`)."""
    lines: list[str] = []
    for player in players:
        lines.extend(player_lines(player, game.title.legal_groups(game.state, player)))
    return lines


def player_lines(player: str, groups: Sequence[LegalGroup]) -> list[str]:
    """``PLAYER: action`` lines (pasting back into ``act``): every action when there are at
    most :data:`FULL_LIST_MAX` or the title lists them in detail, else one line per group."""
    count = sum(len(group.entries) for group in groups)
    if count <= FULL_LIST_MAX or any(group.detailed for group in groups):
        return _listed(player, groups)
    return [f"{player}: {_summary_head(groups)} (`legal --all` lists all):", *_group_lines(groups)]


def prompt_help(player: str, groups: Sequence[LegalGroup]) -> list[str]:
    """One player's legal actions for ``?`` in ``play``: one line when few, the title's
    detailed list when it has one, else one line per group."""
    if any(group.detailed for group in groups):
        return _listed(player, groups)
    texts = [text for group in groups for text in group.texts]
    if len(texts) <= FULL_LIST_MAX:
        return ["Legal: " + "; ".join(texts)]
    return [f"Legal: {_summary_head(groups)}:", *_group_lines(groups)]


def _listed(player: str, groups: Sequence[LegalGroup]) -> list[str]:
    lines: list[str] = []
    for group in groups:
        if group.detailed:
            lines.extend(f"# {line}" for line in (group.label, *group.comments) if line)
        lines.extend(
            f"{player}: {text}  # {note}" if note else f"{player}: {text}"
            for text, note in group.entries
        )
    return lines


def _summary_head(groups: Sequence[LegalGroup]) -> str:
    count = sum(len(group.entries) for group in groups)
    return f"{count} legal actions in {len(groups)} groups"


def _group_lines(groups: Sequence[LegalGroup]) -> list[str]:
    lines = []
    for group in groups:
        texts = group.texts
        if len(texts) == 1:
            lines.append(f"  {texts[0]}")
            continue
        shown = "; ".join(texts[:EXAMPLES])
        more = f"; ... {len(texts) - EXAMPLES} more" if len(texts) > EXAMPLES else ""
        lines.append(f"  {group.label} ({len(texts)}): {shown}{more}")
    return lines
