"""Route value, seed 003 §8.3 (and 1870-base.md §7.3): city values, off-board values by phase,
destination doubling, private-company token bonuses, total over trains."""

from __future__ import annotations

import itertools

import pytest

from transcon.eighteen.routes import Route, check_routes, route_revenue
from transcon.eighteen.trains import TrainType
from transcon.titles.t1870.options import Options1870
from transcon.titles.t1870.position import Position1870
from transcon.titles.t1870.revenue import stop_values

T2, T3 = TrainType("2", 2), TrainType("3", 3)


def _route(pos: Position1870, train: TrainType, *sigs: str) -> Route:
    g = pos.graph()
    stops = [g.index[s] for s in sigs]
    hops = [g.find_hops(a, b)[0].id for a, b in itertools.pairwise(stops)]
    return Route(train, tuple(stops), tuple(hops))


def _value(pos: Position1870, company: str, route: Route) -> int:
    g = pos.graph()
    check_routes(g, company, [route])
    return route_revenue(g, company, route, stop_values(g, company, pos))


def _texas(options: Options1870 | None = None) -> Position1870:
    """Fort Worth J3 - Dallas J5 - town K4, with MP stationed at Fort Worth."""
    pos = Position1870(options=options or Options1870())
    pos.lay_tile(pos.hex("J3"), "57", 1, check=True)  # W-E through Fort Worth
    pos.lay_tile(pos.hex("J5"), "5", 0, check=True)  # Dallas: W and SW
    pos.lay_tile(pos.hex("K4"), "4", 0, check=True)  # town: SW-NE
    pos.place_token(pos.hex("J3"), 0, "MP")
    pos.started.add("MP")
    return pos


def test_seed003_8_3_value_is_the_sum_of_city_values() -> None:
    """§8.3: the run's value is the total of the cities it runs to or through."""
    pos = _texas()
    assert _value(pos, "MP", _route(pos, T3, "J3-0", "J5-0", "K4-0")) == 20 + 20 + 10
    assert _value(pos, "MP", _route(pos, T2, "J3-0", "J5-0")) != 50


def test_seed003_8_3_1_edge_value_depends_on_phase() -> None:
    """§8.3.1 'Edge Area Value': the off-board value of the current phase band."""
    pos = Position1870()
    pos.lay_tile(pos.hex("M2"), "57", 0, check=True)  # Austin, SW side faces Southwest N1
    pos.place_home("SP")
    for phase, southwest in (("1", 20), ("3", 20), ("4", 40), ("5", 40), ("6", 50), ("D", 50)):
        pos.set_phase(phase)
        assert _value(pos, "SP", _route(pos, T2, "N1-0", "M2-0")) == southwest + 20


@pytest.mark.parametrize(
    ("ends_only", "middle", "end"),
    [
        (False, 20 + 40 + 10, 20 + 40),
        (True, 20 + 20 + 10, 20 + 40),
    ],
)
def test_seed003_8_3_1_destination_doubles_the_city(ends_only: bool, middle: int, end: int) -> None:
    """§8.3.1: "do any doubling for destination tokens". Option ``destination_ends_only``:
    Dixon default false (any stop); Mayfair/18xx.games only at a route's first or last stop."""
    opts = Options1870(destination_ends_only=ends_only)
    pos = _texas(opts)
    pos.destinations.add("MP")  # MP's destination is Dallas J5
    assert _value(pos, "MP", _route(pos, T3, "J3-0", "J5-0", "K4-0")) == middle
    assert _value(pos, "MP", _route(pos, T2, "J3-0", "J5-0")) == end
    assert _value(pos, "MP", _route(pos, T2, "J5-0", "J3-0")) == end


def test_seed003_8_3_1_no_doubling_without_the_destination_token() -> None:
    """§8.3.1: doubling needs the destination token (the 'Charter' choice gives it up)."""
    pos = _texas()
    assert _value(pos, "MP", _route(pos, T2, "J3-0", "J5-0")) == 40


def test_seed003_8_3_1_private_bonus_added_after_doubling() -> None:
    """§8.3.1 order: base value, then destination doubling, then private token additions."""
    pos = _texas()
    pos.destinations.add("MP")
    pos.privates.cattle_hex, pos.privates.cattle_owner = pos.hex("J5"), "MP"
    # Dallas: (20 * 2) + 10, not (20 + 10) * 2.
    assert _value(pos, "MP", _route(pos, T3, "J3-0", "J5-0", "K4-0")) == 20 + 50 + 10


def test_1870_cattle_bonus_only_for_its_company_and_gone_at_first_6_train() -> None:
    """1870-base §9.3: Southern Cattle +10 for the owning company only; removed by the 6."""
    pos = _texas()
    pos.privates.cattle_hex, pos.privates.cattle_owner = pos.hex("J5"), "MP"
    assert _value(pos, "MP", _route(pos, T2, "J3-0", "J5-0")) == 50
    pos.place_token(pos.hex("J3"), 0, "TP")  # slot is full: goes beside the city
    assert _value(pos, "TP", _route(pos, T2, "J3-0", "J5-0")) == 40
    pos.privates.removed = True
    assert _value(pos, "MP", _route(pos, T2, "J3-0", "J5-0")) == 40


def _galveston() -> Position1870:
    pos = Position1870()
    pos.lay_tile(pos.hex("M6"), "57", 2, check=True)  # Houston NW-SE
    pos.lay_tile(pos.hex("N7"), "57", 2, check=True)  # Galveston NW-SE
    for co in ("GMO", "TP"):
        pos.place_token(pos.hex("M6"), 0, co)
        pos.started.add(co)
    pos.privates.port_hex, pos.privates.port_owner = pos.hex("N7"), "GMO"
    return pos


def test_1870_port_bonus_open_and_closed() -> None:
    """1870-base §9.4: open port +20 owner, +10 others; closed port +20 owner only."""
    pos = _galveston()
    assert _value(pos, "GMO", _route(pos, T2, "M6-0", "N7-0")) == 60
    assert _value(pos, "TP", _route(pos, T2, "M6-0", "N7-0")) == 50
    pos.privates.port_closed = True
    assert _value(pos, "GMO", _route(pos, T2, "M6-0", "N7-0")) == 60
    assert _value(pos, "TP", _route(pos, T2, "M6-0", "N7-0")) == 40
    pos.privates.removed = True
    assert _value(pos, "GMO", _route(pos, T2, "M6-0", "N7-0")) == 40


def test_seed003_8_3_dividend_is_the_total_of_all_trains() -> None:
    """§8.3: "Where multiple trains are run, the dividend value is the total of all runs"."""
    pos = _texas()
    pos.place_token(pos.hex("J5"), 0, "MP")
    g = pos.graph()
    a = _route(pos, T2, "J3-0", "J5-0")
    b = _route(pos, T2, "J5-0", "K4-0")
    check_routes(g, "MP", [a, b])
    values = stop_values(g, "MP", pos)
    total = sum(route_revenue(g, "MP", r, values) for r in (a, b))
    assert total == 40 + 30
