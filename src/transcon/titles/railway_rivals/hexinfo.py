"""One hex as a builder needs to see it (``transcon hex``): terrain, coast, city, whose track
is there, and every neighbour with the construction cost of the link to it (seed terrain
table, river sides), the track already on that link and, for a rival, the building fees due
now (base 2.3) and whether the link can be ordered from the rival's network."""

from __future__ import annotations

from transcon.core.errors import InputError
from transcon.titles.railway_rivals.building import link_fees
from transcon.titles.railway_rivals.spelling import Spelling
from transcon.titles.railway_rivals.state import RRState, edge


def describe_hex(state: RRState, player: str | None, place: str) -> str:
    model = state.model
    label = Spelling.of(state).place(place)
    try:
        h = model.hex_index(label)
    except KeyError as err:
        raise InputError(str(err.args[0])) from None
    if player is not None and player not in state.players:
        raise InputError(f"no rival {player!r} (rivals: {', '.join(state.players)})")
    lines = [f"{model.labels[h]}: {_what(state, h)}"]
    owners = sorted(state.hex_owners.get(h, {}))
    lines.append(f"  track here: {', '.join(owners) if owners else 'none'}")
    head = "  neighbours (link cost to build"
    head += f"; fees {player} would pay now):" if player else "):"
    lines.append(head)
    for n in model.neighbors[h]:
        lines.append("    " + _neighbour(state, player, h, n))
    return "\n".join(lines)


def _what(state: RRState, h: int) -> str:
    model = state.model
    info = model.board.info(model.hexes[h])
    parts = [info.terrain]
    if info.water_body:
        parts.append(info.water_body)
    if not model.buildable[h] and not info.is_water:
        parts.append(f"foreign ({info.country})")
    if h in model.east_coast:
        parts.append("East Coast")
    if h in model.west_coast:
        parts.append("West Coast")
    city = state.cities.get(h)
    if city is not None:
        keys = "key" if city.keys == 1 else "keys"
        parts.append(f"city {city.name} ({city.keys} {keys})")
    return ", ".join(parts)


def _neighbour(state: RRState, player: str | None, a: int, b: int) -> str:
    model = state.model
    text = f"{model.labels[b]:<6} {_what(state, b)}"
    cost = model.link_cost.get((a, b))
    if cost is None:
        return f"{text}; cannot build (water, foreign or blocked)"
    river = " across a river" if model.board.crosses_river(model.hexes[a], model.hexes[b]) else ""
    text += f"; link {cost}{river}"
    on_link = state.edge_owners.get(edge(a, b), [])
    if on_link:
        text += f"; track on the link: {', '.join(sorted(on_link))}"
    if player is not None and player not in on_link:
        fees = link_fees(state, player, a, b)
        if fees:
            text += "; fees " + ", ".join(f"{n} to {r}" for r, n in fees)
    return text
