"""How a player's legal actions read to people: :class:`LegalGroup`, what
:meth:`~transcon.core.title.Title.legal_groups` returns (the one hook titles override to
list their legal actions their own way), and :func:`group_actions`, its default.

``transcon legal``, ``?`` in ``transcon play`` and the browser's buttons all read the
groups; ``legal --all`` and ``--json`` list :meth:`~transcon.core.title.Title.legal_actions`
one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from transcon.core.title import Action


@dataclass(frozen=True, slots=True)
class LegalGroup:
    """One group of a player's legal actions.

    ``label`` names the group for people ("deliver R", "race 2: Boston - Albany"; ``""``:
    none); ``entries`` are ``(text, note)`` pairs: the action in the title's notation (it
    pastes back into ``transcon act``) and a note for people (its cost; ``""`` for none);
    ``comments`` are lines about the group that are no action (what is left to spend, how to
    write a joint run). A ``detailed`` group is listed entry by entry with its notes however
    many there are; other groups are summarised (a count and examples) when a player has
    many actions.
    """

    label: str
    entries: tuple[tuple[str, str], ...] = ()
    comments: tuple[str, ...] = ()
    detailed: bool = False

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(text for text, _ in self.entries)


def group_actions(
    actions: Iterable[Action],
    text_of: Callable[[Action], str],
    label_of: Callable[[Action], str] = lambda action: action.type,
) -> list[LegalGroup]:
    """Actions grouped under ``label_of`` (default: the action type), groups and entries in
    the order first seen, each text once."""
    groups: dict[str, list[tuple[str, str]]] = {}
    seen: set[str] = set()
    for action in actions:
        text = text_of(action)
        if text not in seen:
            seen.add(text)
            groups.setdefault(label_of(action), []).append((text, ""))
    return [LegalGroup(label, tuple(entries)) for label, entries in groups.items()]
