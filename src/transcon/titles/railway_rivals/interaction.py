"""Railway Rivals in the browser: the clickable board, hover text, choices and panels
(the hooks of :mod:`transcon.core.interaction`).

Building is a path tool (click hexes from your network; each click is quoted with its cost
in build points or cash) besides one-link builds offered as [hex, hex] clicks; starting and
West Coast hexes are clicks on the map; race entries are buttons per race and route (the
route lit on the map); ``done`` ends your turn. What a rival may not see (others' sealed
orders, entries and cash not yet revealed) comes only through the title's viewer-aware
functions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from transcon.core.errors import IllegalAction, InputError
from transcon.core.interaction import Choice, Interaction, Panel, PathTool, Pick
from transcon.core.title import Action
from transcon.render import RenderOptions, owner_colour, owner_letters, render_svg
from transcon.titles.railway_rivals import actions as act
from transcon.titles.railway_rivals.building import path_cost
from transcon.titles.railway_rivals.presentation import (
    FULL_MAP_FONT,
    FULL_MAP_HEX,
    build_allowance,
    overlay,
    race_line,
)
from transcon.titles.railway_rivals.secrets import visible_cash
from transcon.titles.railway_rivals.state import RRState

BUILD_TOOL = "build"


def board_svg(state: RRState, viewer: str | None, colour_blind: bool, labels: bool) -> str:
    """The whole map as ``viewer`` may see it; in colour-blind mode each rival's letter on
    each of their links."""
    size = 32.0 if len(state.model.hexes) < 500 else FULL_MAP_HEX
    font = 0.36 if size > FULL_MAP_HEX else FULL_MAP_FONT
    drawn = overlay(state, viewer, size=size, font=font)
    if colour_blind:
        letters = owner_letters(state.players)
        by_colour = {owner_colour(i): letters[p] for i, p in enumerate(state.players)}
        drawn.track = [
            dataclasses.replace(line, letter=by_colour.get(line.colour, "")) for line in drawn.track
        ]
    options = RenderOptions(hex_size=size, marker_font=font, show_labels=labels, hit_layer=True)
    return render_svg(state.model.board, drawn, options)


# -- choices --------------------------------------------------------------------------------


def choices(legal: Sequence[Action], state: RRState, player: str) -> Interaction:
    """The player's legal actions as clicks, and the build path tool in a build phase."""
    lab = state.model.labels
    found: list[Choice] = []
    paths: list[PathTool] = []
    for action in legal:
        found.append(_choice(state, player, action))
    if state.phase == "build" and any(isinstance(a, act.Build) for a in legal):
        network = sorted(state.network.get(player, set()))
        ends = {h for link in state.pending.get(player, []) for h in link}
        start = tuple(lab[h] for h in sorted(set(network) | ends))
        paths.append(
            PathTool(
                BUILD_TOOL,
                "Build track",
                start,
                "Click a hex of your network, then each hex of the new track; the cost "
                "shows as you go (sealed until the segment ends).",
            )
        )
    return Interaction(_prompt(state, player), tuple(found), tuple(paths))


def _prompt(state: RRState, player: str) -> str:
    if state.phase == "start":
        return f"{player}: pick an East Coast starting hex"
    if state.phase == "races":
        return f"{player}: enter races, then done"
    if state.phase == "build":
        return f"{player}: build track, then done"
    return ""


def _choice(state: RRState, player: str, action: Action) -> Choice:
    text = act.format_action(action) or action.type
    if isinstance(action, act.StartPick):
        return Choice(
            (Pick.at(action.hex),),
            text,
            f"start at {_place(state, action.hex)}",
            highlight=(action.hex,),
            group="Start",
        )
    if isinstance(action, act.WestCoast):
        return Choice(
            (Pick.at(action.hex),),
            text,
            f"West Coast start at {_place(state, action.hex)}",
            highlight=(action.hex,),
            group="West Coast",
        )
    if isinstance(action, act.Build):
        cost = _build_cost(state, player, action.path)
        return Choice(
            tuple(Pick.at(h) for h in action.path),
            text,
            f"build {'-'.join(action.path)}",
            cost,
            action.path,
            "Track",
        )
    if isinstance(action, act.Enter):
        race = next((r for r in state.races if r.id == action.race), None)
        name = race_line(state, race) if race is not None else f"race #{action.race}"
        with_whom = f" with {action.partner}" if action.partner else ""
        with_whom += (
            f" (exchanging running powers with {action.exchange})" if action.exchange else ""
        )
        route = " ".join(action.route) if action.route else "the GM's route"
        picks = (Pick.button(f"Race #{action.race}{with_whom}"), Pick.button(f"Route: {route}"))
        return Choice(
            picks,
            text,
            f"enter {name}{with_whom} by {route}",
            highlight=action.route,
            group="Races",
        )
    if isinstance(action, act.Done):
        return Choice((Pick.button("Done"),), text, "done for this phase", group="Pass")
    return Choice((Pick.button(text),), text, text, group=action.type)


def _place(state: RRState, label: str) -> str:
    h = state.model.by_label.get(label)
    city = state.cities.get(h) if h is not None else None
    return f"{city.name} ({label})" if city is not None else label


def _build_cost(state: RRState, player: str, path: Sequence[str]) -> int | None:
    try:
        return path_cost(state, player, [state.model.hex_index(h) for h in path])
    except (IllegalAction, KeyError):
        return None


def path_action(state: RRState, player: str, tool: str, hexes: Sequence[str]) -> Action:
    """The build order the clicked hexes stand for (InputError for an unknown hex)."""
    if tool != BUILD_TOOL:
        raise InputError(f"no path tool {tool!r} (tools: {BUILD_TOOL})")
    labels = []
    for word in hexes:
        label = word.strip().upper()
        if label not in state.model.by_label:
            raise InputError(f"no hex {word!r} on this map")
        labels.append(label)
    if len(labels) < 2:
        raise InputError("a build needs at least two hexes")
    return act.Build(player=player, path=tuple(labels))


def action_cost(state: RRState, action: Action) -> int | None:
    if isinstance(action, act.Build):
        return _build_cost(state, action.player, action.path)
    return None


# -- panels ---------------------------------------------------------------------------------


def panels(state: RRState, viewer: str | None, to_act: Sequence[str]) -> list[Panel]:
    """Whose turn, build points, races, cities and keys, results, cash: as ``viewer`` may
    see them."""
    out = [Panel.note("Turn", _turn(state, to_act))]
    if state.phase == "build":
        out.append(Panel.note("Build points", "\n".join(build_allowance(state, viewer))))
    out.append(races_panel(state))
    out.append(cash_panel(state, viewer))
    out.append(keys_panel(state))
    if state.results:
        out.append(results_panel(state))
    return out


def _turn(state: RRState, to_act: Sequence[str]) -> str:
    what = {
        "start": "picking starting hexes",
        "races": "entering races",
        "build": "building track (sealed orders)",
        "over": "game over",
    }[state.phase]
    head = f"Round {state.round} of {state.cfg.rounds}: {what}"
    if state.phase == "build" and not state.cash_mode:
        head += f"; segment {state.segment + 1} of 3"
    waiting = ", ".join(to_act) or "nobody"
    return f"{head}\nWaiting for: {waiting}"


def races_panel(state: RRState) -> Panel:
    rows = [[f"#{race.id}", race_line(state, race)] for race in state.races]
    return Panel.table("Races on offer", ["Race", "Cities"], rows)


def cash_panel(state: RRState, viewer: str | None) -> Panel:
    cash = visible_cash(state, viewer)
    rows = [
        [p, cash[p], len(state.track[p]), len({h for a, b in state.track[p] for h in (a, b)})]
        for p in state.players
    ]
    return Panel.table("Rivals", ["Rival", "Cash", "Links", "Hexes"], rows)


def keys_panel(state: RRState) -> Panel:
    lab = state.model.labels
    cities = sorted(state.cities.values(), key=lambda c: (-c.keys, c.name))
    rows = [[c.name, lab[c.hex], c.keys, ", ".join(c.arrivals)] for c in cities]
    return Panel.table("Cities and keys", ["City", "Hex", "Keys", "Connected"], rows)


def results_panel(state: RRState) -> Panel:
    rows = []
    for record in state.results[-12:]:
        prizes = ", ".join(f"{p} {v}" for p, v in record["prizes"].items()) or "none"
        teams = "; ".join("/".join(t["team"]) for t in record["trains"])
        rows.append(
            [
                record["round"],
                f"#{record['race']}" + (" (TC)" if record["tc"] else ""),
                teams,
                prizes,
            ]
        )
    return Panel.table("Race results", ["Round", "Race", "Runners", "Prizes"], rows)


def timeline_values(state: RRState, viewer: str | None) -> dict[str, float]:
    cash = visible_cash(state, viewer)
    return {p: float(cash[p]) for p in state.players}
