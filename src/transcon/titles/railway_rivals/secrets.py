"""Sealed orders: what each rival may see before the game master reveals it.

A postal GM keeps every order sealed until it is carried out. Sealed here (visible only to
the rival who gave it and to the game master, ``viewer`` None):

* starting-hex picks, until every rival has picked (the cities are then announced);
* build orders of the current segment (paths, points or links used, and in cash building
  the construction already paid, which would show in the rival's cash and the ledger),
  until the segment is resolved and the builds are announced;
* race entries (race, route, partner), until the races are run and the results posted.

West Coast operations are announced at once (the city appears when ordered).
"""

from __future__ import annotations

import itertools
from typing import Any

from transcon.core.title import Action
from transcon.titles.railway_rivals import actions as act
from transcon.titles.railway_rivals.state import BANK, RRState, state_to_json

SEALED = "sealed"


def unrevealed_construction(state: RRState, player: str) -> int:
    """Cash building paid at order time this round and not yet announced."""
    if not (state.cash_mode and state.phase == "build"):
        return 0
    return sum(
        amount
        for round_no, payer, payee, amount, reason in state.ledger
        if round_no == state.round
        and payer == player
        and payee == BANK
        and reason == "construction"
    )


def visible_cash(state: RRState, viewer: str | None) -> dict[str, int]:
    """Cash of every rival as ``viewer`` may see it (others' sealed construction added back)."""
    if viewer is None:
        return dict(state.cash)
    return {
        p: c + (0 if p == viewer else unrevealed_construction(state, p))
        for p, c in state.cash.items()
    }


def player_view(state: RRState, viewer: str | None) -> dict[str, Any]:
    """The state JSON without the other rivals' sealed orders."""
    data = state_to_json(state)
    if viewer is None:
        return data
    if state.phase == "start":
        data["picks"] = {p: (h if p == viewer else SEALED) for p, h in data["picks"].items()}
    for key in ("pending", "pending_west", "spent"):
        data[key] = {p: v for p, v in data[key].items() if p == viewer}
    data["entries"] = [e for e in data["entries"] if e["player"] == viewer]
    data["cash"] = visible_cash(state, viewer)
    if state.cash_mode and state.phase == "build":
        data["ledger"] = [
            row
            for row in data["ledger"]
            if not (
                row[0] == state.round
                and row[1] not in (viewer, BANK)
                and row[2] == BANK
                and row[4] == "construction"
            )
        ]
    return data


def is_sealed(action: Action, state: RRState) -> bool:
    """True while the order the action gave is still sealed."""
    if isinstance(action, act.StartPick):
        return state.phase == "start"
    if isinstance(action, act.Build):
        if state.phase != "build":
            return False
        index = state.model.hex_index
        links = [(index(a), index(b)) for a, b in itertools.pairwise(action.path)]
        pending = state.pending.get(action.player, [])
        return any(link in pending for link in links)
    if isinstance(action, act.Enter):
        return state.phase == "races" and any(
            e.race == action.race and e.player == action.player for e in state.entries
        )
    return False


def format_action_for(action: Action, state: RRState, viewer: str | None) -> str | None:
    """The sealed reading of another rival's order (None: it reads in full)."""
    if viewer is None or viewer == action.player or not is_sealed(action, state):
        return None
    if isinstance(action, act.StartPick):
        return "start (sealed pick)"
    if isinstance(action, act.Build):
        return "build (sealed order)"
    return "enter (sealed entry)"
