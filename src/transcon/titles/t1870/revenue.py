"""1870 stop values (seed 003 §8.3): base value, destination doubling, private-token bonuses.

Order (seed §8.3.1): start with the city's printed value (off-boards: the value for the phase),
double it for the company's destination token, then add private-company token bonuses:

* Southern Cattle: +10 for the company that placed the token;
* Gulf Shipping: open port +20 for its company, +10 for every other company; closed port +20
  for its company only;
* both tokens are gone once the first 6-train is bought.
"""

from __future__ import annotations

from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.routes import StopValues
from transcon.titles.t1870.data import CATTLE_BONUS, PORT_OTHERS_BONUS, PORT_OWNER_BONUS
from transcon.titles.t1870.game.data import COMPANIES
from transcon.titles.t1870.position import Position1870


def private_bonus(position: Position1870, company: str, stop_hex: object) -> int:
    """The cattle/port bonus ``company`` gets at a stop on ``stop_hex``."""
    p = position.privates
    if p.removed:
        return 0
    bonus = 0
    if p.cattle_hex is not None and stop_hex == p.cattle_hex and p.cattle_owner == company:
        bonus += CATTLE_BONUS
    if p.port_hex is not None and stop_hex == p.port_hex:
        if p.port_owner == company:
            bonus += PORT_OWNER_BONUS
        elif not p.port_closed:
            bonus += PORT_OTHERS_BONUS
    return bonus


def stop_values(graph: TrackGraph, company: str, position: Position1870) -> StopValues:
    """Every stop's value to ``company`` in ``position`` (see the module docstring)."""
    values = [s.value for s in graph.stops]
    end_extra = [0] * len(values)
    if company in position.destinations:
        dest = position.hex(COMPANIES[company].destination)
        ends_only = position.options.destination_ends_only
        for s in graph.stops:
            if s.hex == dest:
                if ends_only:
                    end_extra[s.id] = s.value
                else:
                    values[s.id] += s.value
    p = position.privates
    if not p.removed and (p.cattle_hex is not None or p.port_hex is not None):
        for s in graph.stops:
            if s.hex == p.cattle_hex or s.hex == p.port_hex:
                values[s.id] += private_bonus(position, company, s.hex)
    return StopValues(tuple(values), tuple(end_extra))
