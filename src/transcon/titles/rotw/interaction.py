"""Railways of the World in the browser: choices, the build path tool, panels and hover text
(the hooks of :mod:`transcon.core.interaction`).

Building is a path tool (click a city or the end of your unfinished track, then each hex;
every click is quoted: cost and the rule a path breaks). A delivery is [the cube's city,
(the cube when the city holds several kinds), the destination, (the route when several)]
with its route lit on the map. Everything else is a button. Barons are shown only to their
holder until the rules reveal them (hidden.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from transcon.core.errors import IllegalAction, InputError
from transcon.core.interaction import Choice, Interaction, Panel, PathTool, Pick
from transcon.core.title import Action
from transcon.titles.rotw.actions import (
    Build,
    ChooseBaron,
    Deliver,
    Grow,
    Settle,
    TakeCard,
    Urbanize,
)
from transcon.titles.rotw.data import LETTER, engine_name
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.state import RotwState

BUILD_TOOL = "build"
CUBE_NAMES = {
    "R": "red",
    "Y": "yellow",
    "B": "blue",
    "P": "purple",
    "G": "black",
    "S": "settler",
    "M": "raw material",
}

GROUPS = {
    "baron": "Barons",
    "settle": "Barons",
    "build": "Track",
    "urbanize": "Cities",
    "grow": "Cities",
    "upgrade": "Engine",
    "deliver": "Deliver",
    "take": "Cards",
    "bond": "Bonds",
    "buyback": "Bonds",
    "pass": "Pass",
}


def choices(
    g: BoardGraph, s: RotwState, player: str, legal: Sequence[Action], format_action: Any
) -> Interaction:
    found: list[Choice] = []
    deliveries = [a for a in legal if isinstance(a, Deliver)]
    builds = False
    for action in legal:
        if isinstance(action, Deliver):
            continue
        if isinstance(action, Build):
            builds = True  # the path tool builds any path; the candidates are suggestions
            found.append(
                Choice(
                    tuple(Pick.at(h) for h in action.path),
                    format_action(action),
                    f"build {' '.join(action.path)} (suggested)",
                    build_cost(g, s, action),
                    action.path,
                    "Track",
                )
            )
            continue
        found.append(_button(g, s, action, format_action(action)))
    found.extend(delivery_choices(g, s, deliveries, format_action))
    paths: list[PathTool] = []
    if builds:
        paths.append(
            PathTool(
                BUILD_TOOL,
                "Build track",
                tuple(build_starts(g, s, player)),
                "Click a city (or the end of your unfinished track), then each hex of the "
                "new track; the cost shows as you go.",
            )
        )
    return Interaction(f"{player}: {s.step}", tuple(found), tuple(paths))


def build_cost(g: BoardGraph, s: RotwState, action: Build) -> int | None:
    """A build's cost in $k (with the Western surcharge); None when it breaks a rule."""
    from transcon.titles.rotw.build import plan_build

    try:
        plan = plan_build(g, s, action)
    except (IllegalAction, InputError):
        return None
    return plan.cost + plan.surcharge


def build_starts(g: BoardGraph, s: RotwState, player: str) -> list[str]:
    """Where a build may begin: any city, or the end of the player's unfinished track."""
    ends = [lk.hexes[-1] if lk.hexes else lk.a for lk in s.links if lk.owner == player and not lk.b]
    return sorted(set(g.cities) | set(ends))


def _button(g: BoardGraph, s: RotwState, action: Action, text: str) -> Choice:
    group = GROUPS.get(action.type, action.type)
    if isinstance(action, ChooseBaron):
        from transcon.titles.rotw.hidden import baron_label

        label = f"Keep {baron_label(action.card)}"
        return Choice((Pick.button(label),), text, label, group=group)
    if isinstance(action, Settle):
        from transcon.titles.rotw.hidden import baron_label

        label = f"Keep {baron_label(action.west_baron)}"
        extra = []
        if action.repay:
            extra.append(f"repay {action.repay} bonds")
        if action.discard:
            extra.append(f"discard {action.discard} bonds")
        summary = label + (f", {', '.join(extra)}" if extra else "")
        return Choice((Pick.button(summary),), text, summary, group=group)
    if isinstance(action, Urbanize):
        picks = (Pick.at(action.city), Pick.button(f"Urbanize: {action.colour}"))
        return Choice(
            picks,
            text,
            f"urbanize {_city(g, action.city)} as {action.colour}",
            highlight=(action.city,),
            group=group,
        )
    if isinstance(action, Grow) and action.city:
        return Choice(
            (Pick.at(action.city), Pick.button("Add a cube")),
            text,
            f"add a cube to {_city(g, action.city)}",
            highlight=(action.city,),
            group=group,
        )
    if isinstance(action, TakeCard) and action.city:
        picks = (Pick.button(f"Card {action.card}"), Pick.at(action.city))
        return Choice(picks, text, text, highlight=(action.city,), group=group)
    return Choice((Pick.button(text),), text, text, group=group)


def _city(g: BoardGraph, label: str) -> str:
    city = g.cities.get(label)
    return f"{city.name} ({label})" if city is not None else label


def delivery_choices(
    g: BoardGraph, s: RotwState, deliveries: Sequence[Deliver], format_action: Any
) -> list[Choice]:
    """[source city, (cube), destination, (route)] per delivery, the route lit."""
    kinds: dict[str, set[str]] = {}
    routes: dict[tuple[str, str, str], int] = {}
    for d in deliveries:
        kinds.setdefault(d.path[0], set()).add(d.cube)
        key = (d.path[0], d.cube, d.path[-1])
        routes[key] = routes.get(key, 0) + 1
    out = []
    for d in deliveries:
        letter = LETTER[d.cube]
        name = CUBE_NAMES.get(letter, d.cube)
        picks: list[Pick] = [Pick.at(d.path[0])]
        if len(kinds[d.path[0]]) > 1:
            picks.append(Pick.button(f"{name} cube ({letter})"))
        picks.append(Pick.at(d.path[-1]))
        via = " - ".join(d.path) + " on " + ", ".join(dict.fromkeys(d.owners))
        if routes[(d.path[0], d.cube, d.path[-1])] > 1:
            picks.append(Pick.button(f"Via {via}"))
        trip = f"from {_city(g, d.path[0])} to {_city(g, d.path[-1])}"
        summary = f"deliver a {name} cube {trip} ({len(d.path) - 1} links: {via})"
        out.append(
            Choice(tuple(picks), format_action(d), summary, None, route_hexes(s, d), "Deliver")
        )
    return out


def route_hexes(s: RotwState, d: Deliver) -> tuple[str, ...]:
    """Every hex a delivery passes: its cities and the track of the links it uses."""
    out: list[str] = [d.path[0]]
    for (a, b), owner in zip(itertools.pairwise(d.path), d.owners, strict=False):
        link = next(
            (lk for lk in s.links if lk.b and lk.owner == owner and {lk.a, lk.b} == {a, b}), None
        )
        inner = () if link is None else (link.hexes if link.a == a else tuple(reversed(link.hexes)))
        out.extend(inner)
        out.append(b)
    return tuple(dict.fromkeys(out))


def path_action(g: BoardGraph, player: str, tool: str, hexes: Sequence[str]) -> Action:
    if tool != BUILD_TOOL:
        raise InputError(f"no path tool {tool!r} (tools: {BUILD_TOOL})")
    labels = []
    for word in hexes:
        label = word.strip().upper()
        if label not in g.neighbours:
            raise InputError(f"no hex {word!r} on this map")
        labels.append(label)
    if len(labels) < 2:
        raise InputError("a build needs at least two hexes")
    return Build(player=player, path=tuple(labels))


# -- panels ---------------------------------------------------------------------------------


def panels(g: BoardGraph, s: RotwState, viewer: str | None, to_act: Sequence[str]) -> list[Panel]:
    from transcon.titles.rotw.economy import income
    from transcon.titles.rotw.scoring import measures
    from transcon.titles.rotw.status import _head

    all_measures = {p: measures(g, s, p) for p in s.players}
    head = _head(s) + f"\nTo act ({s.step}): {', '.join(to_act) or 'nobody'}"
    out = [Panel.note("Turn", head)]
    rows = []
    for name in s.players:
        p = s.pl[name]
        m = all_measures[name]
        rows.append(
            [
                name,
                f"${p.cash}k",
                f"${income(s, name)}k",
                p.score,
                p.bonds,
                engine_name(p.engine),
                m["links"],
                "yes" if p.transcon else "",
            ]
        )
    to_act_set = set(to_act)
    highlight = [(i, 0) for i, name in enumerate(s.players) if name in to_act_set]
    out.append(
        Panel.table(
            "Players",
            ["Player", "Cash", "Income", "Score", "Bonds", "Engine", "Links", "Transcon"],
            rows,
            highlight,
        )
    )
    if viewer in s.players:
        out.append(barons_panel(s, viewer, all_measures))
    out.append(lines_panel(g, s))
    return out


def barons_panel(s: RotwState, viewer: str, all_measures: dict[str, dict[str, int]]) -> Panel:
    """The viewer's own barons (never another player's)."""
    from transcon.titles.rotw.progress import baron_progress

    rows = []
    for item in baron_progress(s, viewer, viewer, all_measures):
        if item.get("card") in (None, "?"):
            continue
        leaders = ", ".join(item.get("leaders", [])) or "nobody yet"
        state = (
            "to choose from"
            if item["kind"].endswith("dealt")
            else ("claimed" if item.get("claimed") else "kept")
        )
        rows.append(
            [
                f"{item['card']} {item['name']}",
                item["goal"],
                item["points"],
                item["count"],
                leaders,
                state,
            ]
        )
    return Panel.table("Your barons", ["Baron", "Goal", "Points", "You", "Leaders", ""], rows)


def lines_panel(g: BoardGraph, s: RotwState) -> Panel:
    """Major lines with the builds each player still needs (the live goal counters)."""
    from transcon.titles.rotw.progress import line_progress

    rows = []
    for item in line_progress(g, s):
        counters = ["-" if n is None else str(n) for n in (item["players"][p] for p in s.players)]
        rows.append(
            [item["title"], item["points"], ", ".join(item["claimed_by"]) or "open", *counters]
        )
    return Panel.table(
        "Major lines (builds to go)", ["Line", "Points", "Claimed by", *s.players], rows
    )


def hex_info(g: BoardGraph, s: RotwState, hex_id: str) -> list[str]:
    from transcon.titles.rotw.build import city_colour
    from transcon.titles.rotw.status import cube_letters

    label = hex_id.strip().upper()
    if label not in g.neighbours:
        raise InputError(f"no hex {hex_id!r} on this map")
    info = g.board.info(g.board.hex(label))
    lines = [label + f": {info.terrain}" + (f", {info.water_body}" if info.water_body else "")]
    city = g.cities.get(label)
    if city is not None:
        lines.append(f"{city.name}: {city_colour(g, s, label)} city")
        cubes = s.cubes.get(label, [])
        lines.append(
            "cubes: "
            + (
                f"{cube_letters(cubes)} ("
                + ", ".join(CUBE_NAMES.get(LETTER[c], c) for c in cubes)
                + ")"
                if cubes
                else "none"
            )
        )
    owners = sorted({lk.owner for lk in s.links if label in lk.hexes or label in (lk.a, lk.b)})
    lines.append("track: " + (", ".join(owners) if owners else "none"))
    return lines
