"""Hidden information (seed 2; base 6): Rail Baron cards are secret.

Each player sees their own dealt and kept barons; the others see only that a baron was
kept. A kept baron becomes public when the rules reveal it: an Eastern baron claimed at the
switch to the Western phase (seed 15), and every kept baron at the final scoring. Cards
dealt but not chosen are never revealed to the other players. The operations deck's order
is hidden from every player. ``viewer`` None is the game master, who sees everything.
"""

from __future__ import annotations

from typing import Any

from transcon.core.title import Action
from transcon.titles.rotw.actions import ChooseBaron, Settle
from transcon.titles.rotw.data import BARONS
from transcon.titles.rotw.state import RotwState

HIDDEN = "?"


def baron_visible(s: RotwState, owner: str, card: str, viewer: str | None) -> bool:
    """May ``viewer`` see that ``owner`` holds baron ``card``?"""
    if viewer is None or viewer == owner or not card:
        return True
    p = s.pl[owner]
    if card == p.east_baron and p.east_baron_claimed:
        return True
    return s.step == "over" and card in (p.east_baron, p.west_baron)


def player_view(s: RotwState, viewer: str | None) -> dict[str, Any]:
    """The state JSON with the secrets ``viewer`` may not see replaced by ``"?"``."""
    data = s.to_json()
    if viewer is None:
        return data
    data["deck"] = [HIDDEN] * len(s.deck)
    for name, pj in data["pl"].items():
        if name == viewer:
            continue
        for key in ("east_dealt", "west_dealt"):
            pj[key] = [HIDDEN] * len(pj[key])
        for key in ("east_baron", "west_baron"):
            if not baron_visible(s, name, pj[key], viewer):
                pj[key] = HIDDEN
    return data


def format_action_for(action: Action, s: RotwState, viewer: str | None, text: str) -> str:
    """A logged baron choice reads ``baron ?`` to the others until the baron is revealed."""
    if isinstance(action, ChooseBaron) and not baron_visible(s, action.player, action.card, viewer):
        return text.replace(action.card, HIDDEN)
    if isinstance(action, Settle) and not baron_visible(
        s, action.player, action.west_baron, viewer
    ):
        return text.replace(action.west_baron, HIDDEN)
    return text


def baron_label(card: str) -> str:
    baron = BARONS[card]
    return f"{baron.id} {baron.name}"
