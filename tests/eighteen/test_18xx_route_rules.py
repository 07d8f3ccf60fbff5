"""Route validity, one pass/fail pair per rule of seed 003 §8.1–8.2 (1870 'Operate Trains')."""

from __future__ import annotations

import pytest
from eighteen_boards import CITY_E, CITY_W, CITY_W_E, STRAIGHT_W_E, graph, route

from transcon.eighteen import routes as R
from transcon.eighteen.routes import RouteError, check_route, check_routes
from transcon.eighteen.trains import TrainType

T2, T3, T4, D = TrainType("2", 2), TrainType("3", 3), TrainType("4", 4), TrainType("D", None)

# A row of three cities: C2 - C4 - C6 (- C8 off-board where used).
ROW = {"C2": CITY_E, "C4": CITY_W_E, "C6": CITY_W}


def _fails(code: str, g: object, company: str, r: object) -> None:
    with pytest.raises(RouteError) as err:
        check_route(g, company, r)  # type: ignore[arg-type]
    assert err.value.code == code, str(err.value)
    assert err.value.clause == code.split("-", 1)[0]
    assert err.value.rule.startswith("routes") and "§" not in err.value.rule


def test_seed003_8_1_route_must_include_a_company_station() -> None:
    """§8.1: a valid route must include a city or off-board with one of the company's tokens."""
    g = graph(ROW, tokens={"C2-0": ["AA"]})
    check_route(g, "AA", route(g, T3, "C2-0", "C4-0", "C6-0"))
    _fails(R.NO_TOKEN, g, "BB", route(g, T3, "C2-0", "C4-0", "C6-0"))


def test_seed003_8_1_station_may_be_an_offboard_token() -> None:
    """§8.1: "a city or off board destination with one of the company's tokens"."""
    g = graph({"C2": "o0:20|40:1 4-o0", "C4": CITY_W}, tokens={"C2-0": ["SP"]})
    check_route(g, "SP", route(g, T2, "C2-0", "C4-0"))


def test_seed003_8_1_route_needs_one_more_stop() -> None:
    """§8.1: "... and one or more additional cities or off board destinations"."""
    g = graph(ROW, tokens={"C2-0": ["AA"]})
    check_route(g, "AA", route(g, T2, "C2-0", "C4-0"))
    _fails(R.TOO_FEW_STOPS, g, "AA", route(g, T2, "C2-0"))


def test_seed003_8_1_offboard_may_begin_or_end_a_run_but_not_be_passed() -> None:
    """§8.1: off-board destinations only as the beginning and/or end of the run."""
    g = graph(
        {"C2": CITY_E, "C4": "o0:30|40|50 1-o0 o0-4", "C6": CITY_W},
        tokens={"C2-0": ["AA"], "C6-0": ["AA"]},
    )
    check_route(g, "AA", route(g, T2, "C2-0", "C4-0"))
    check_route(g, "AA", route(g, T2, "C4-0", "C6-0"))
    _fails(R.THROUGH_OFFBOARD, g, "AA", route(g, T3, "C2-0", "C4-0", "C6-0"))


def test_seed003_8_1_offboard_hops_never_continue_past_the_offboard() -> None:
    """§8.1: the graph itself never walks through an off-board: its hops end there."""
    g = graph({"C2": CITY_E, "C4": "o0:30 1-o0 o0-4", "C6": CITY_W})
    assert {g.stops[h.to].sig for h in g.adj[g.index["C2-0"]]} == {"C4-0"}


def test_seed003_8_1_same_city_twice_is_illegal() -> None:
    """§8.1: a train may not run through or to the same city twice."""
    # C4 city with exits W, E, NE; loop C4 -> C6 -> B5 -> C4.
    g = graph(
        {"C2": CITY_E, "C4": "c0:20:1 1-c0 c0-4 c0-3", "C6": "c0:20:1 1-c0 c0-2", "B5": "0-5"},
        tokens={"C2-0": ["AA"]},
    )
    check_route(g, "AA", route(g, T3, "C2-0", "C4-0", "C6-0"))
    loop = route(g, T4, "C2-0", "C4-0", "C6-0", "C4-0", via=[[], [], ["C6", "B5", "C4"]])
    _fails(R.CITY_TWICE, g, "AA", loop)


def test_seed003_8_1_two_dot_towns_on_one_tile_both_count() -> None:
    """§8.1: "but it may run through and count two different dot cities on the same tile"."""
    # C4 holds two towns: t0 on the W-E track and t1 on the NE-SE track; C6 joins them.
    g = graph(
        {
            "C2": CITY_E,
            "C4": "t0:10 t1:10 1-t0 t0-4 3-t1 t1-5",
            "C6": "0-1",
            "D5": "c0:20:1 c0-2 3-c0",
            "B5": "0-4",
            "B7": "1-0",
        },
        tokens={"C2-0": ["AA"]},
    )
    r = route(g, T4, "C2-0", "C4-0", "D5-0", "C4-1")
    assert len({g.stops[s].hex for s in r.stops[1::2]}) == 1  # the two towns share a hex
    check_route(g, "AA", r)


# Junction geometry for track/edge sharing: C6 and C8 are junction tiles.
#   C4 (city) -W-E- C6 -E/W- C8 -E- C10 (city) ; C10 - B9 (city) direct ; B9 -SW- C8 ;
#   C6 -SW- D5 (city).
JUNCTIONS = {
    "C4": "c0:20:1 c0-4",
    "C6": "4-1 4-0",  # two sections that meet at side 4 (tile #24 rotated)
    "C8": "1-4 1-3",  # two sections that meet at side 1
    "C10": "c0:20:1 1-c0 c0-2",
    "B9": "c0:20:1 0-c0 c0-5",
    "D5": "c0:20:1 3-c0",
}


def test_seed003_8_1_sections_meeting_at_a_tile_edge_only_one_used() -> None:
    """§8.1: where two track sections meet at the edge of a tile only one may be used."""
    g = graph(JUNCTIONS, tokens={"C4-0": ["AA"]})
    ok = route(g, T3, "C4-0", "C10-0", "B9-0")
    check_route(g, "AA", ok)
    bad = route(g, D, "C4-0", "C10-0", "B9-0", "D5-0")  # crosses edge C6/C8 twice
    _fails(R.EDGE_SHARED, g, "AA", bad)


def test_seed003_8_1_no_track_section_used_twice() -> None:
    """§8.1: a train may not use a specific section of track more than once."""
    tiles = dict(JUNCTIONS)
    # Put a plain straight C8 between junctions C6 (now at C6) and C10 -> shift east by one.
    tiles = {
        "C2": "c0:20:1 c0-4",
        "C4": "4-1 4-0",
        "C6": STRAIGHT_W_E,
        "C8": "1-4 1-3",
        "C10": "c0:20:1 1-c0 c0-2",
        "B9": "c0:20:1 0-c0 c0-5",
        "D3": "c0:20:1 3-c0",
    }
    g = graph(tiles, tokens={"C2-0": ["AA"]})
    check_route(g, "AA", route(g, T3, "C2-0", "C10-0", "B9-0"))
    bad = route(g, D, "C2-0", "C10-0", "B9-0", "D3-0")  # runs C6's straight twice
    _fails(R.TRACK_TWICE, g, "AA", bad)


def test_seed003_8_1_no_reversing() -> None:
    """§8.1: a train may not reverse its route at a junction (in and out along one edge)."""
    # C4 junction: W-E and E-NE meet at side 4; C6 city; C2 and B5 cities.
    g = graph(
        {"C2": CITY_E, "C4": "1-4 4-3", "C6": CITY_W, "B5": "c0:20:1 0-c0"}, tokens={"C2-0": ["AA"]}
    )
    check_route(g, "AA", route(g, T2, "C2-0", "C6-0"))
    _fails(R.REVERSE, g, "AA", route(g, T3, "C2-0", "C6-0", "B5-0"))


def test_seed003_8_1_blocked_city_may_end_a_run_but_not_be_passed() -> None:
    """§8.1: a train may run to and count a full city of other railways but not through it."""
    g = graph(ROW, tokens={"C2-0": ["AA"], "C4-0": ["BB"]}, started={"AA", "BB"})
    check_route(g, "AA", route(g, T2, "C2-0", "C4-0"))
    _fails(R.BLOCKED, g, "AA", route(g, T3, "C2-0", "C4-0", "C6-0"))
    # A city with a free slot, or holding the company's own token, does not block.
    g2 = graph({**ROW, "C4": "c0:30:2 1-c0 c0-4"}, tokens={"C2-0": ["AA"], "C4-0": ["BB"]})
    check_route(g2, "AA", route(g2, T3, "C2-0", "C4-0", "C6-0"))
    g3 = graph(ROW, tokens={"C2-0": ["AA"], "C4-0": ["AA"]})
    check_route(g3, "AA", route(g3, T3, "C2-0", "C4-0", "C6-0"))


def test_seed003_8_1_unstarted_companies_do_not_block() -> None:
    """§8.1: "Unstarted railway companies do not block"."""
    g = graph(ROW, tokens={"C2-0": ["AA"], "C4-0": ["BB"]}, started={"AA"})
    check_route(g, "AA", route(g, T3, "C2-0", "C4-0", "C6-0"))


def test_seed003_8_1_trains_share_cities_not_track() -> None:
    """§8.1: a company's trains may not share track but may count the same cities."""
    g = graph(
        {"C2": CITY_E, "C4": "c0:20:1 1-c0 c0-4 c0-3", "C6": CITY_W, "B5": "c0:20:1 0-c0"},
        tokens={"C4-0": ["AA"]},
    )
    a = route(g, T2, "C4-0", "C2-0")
    b = route(g, T2, "C4-0", "C6-0")
    check_routes(g, "AA", [a, b])  # both count C4, on different track
    c = route(g, T3, "C2-0", "C4-0", "B5-0")
    with pytest.raises(RouteError) as err:
        check_routes(g, "AA", [a, c])
    assert err.value.code == R.TRAINS_SHARE_TRACK


def test_seed003_8_1_impassable_sides_carry_no_track() -> None:
    """Board rule used by §8.1 track: no route crosses an impassable side."""
    g = graph(ROW, impassable=[("C4", 4)], tokens={"C2-0": ["AA"]})
    assert g.find_hops(g.index["C4-0"], g.index["C6-0"]) == ()


def test_seed003_8_2_n_train_counts_at_most_n_stops() -> None:
    """§8.2: a type-N train may count up to N cities or destinations; D is unlimited."""
    g = graph(ROW, tokens={"C2-0": ["AA"]})
    check_route(g, "AA", route(g, T3, "C2-0", "C4-0", "C6-0"))
    _fails(R.TOO_LONG, g, "AA", route(g, T2, "C2-0", "C4-0", "C6-0"))
    check_route(g, "AA", route(g, D, "C2-0", "C4-0", "C6-0"))


def test_seed003_8_2_towns_and_offboards_count_as_stops() -> None:
    """§8.2 with [R]/1870-base §2.4: towns and off-boards use up train length."""
    g = graph({"C2": CITY_E, "C4": "t0:10 1-t0 t0-4", "C6": "o0:40 1-o0"}, tokens={"C2-0": ["AA"]})
    _fails(R.TOO_LONG, g, "AA", route(g, T2, "C2-0", "C4-0", "C6-0"))
    check_route(g, "AA", route(g, T3, "C2-0", "C4-0", "C6-0"))


def test_route_error_is_a_one_line_transcon_error() -> None:
    g = graph(ROW, tokens={"C2-0": ["AA"]})
    with pytest.raises(RouteError) as err:
        check_route(g, "BB", route(g, T3, "C2-0", "C4-0", "C6-0"))
    text = str(err.value)
    assert "\n" not in text and "company station" in text and "token" in text
