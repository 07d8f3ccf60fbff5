"""The track graph: stops, hops, track ids, tokens (docs/18xx-track-graph.md)."""

from __future__ import annotations

from eighteen_boards import CITY_E, CITY_W, CITY_W_E, graph

from transcon.eighteen.tiles import NodeKind


def test_stops_are_named_like_18xx_games_nodes() -> None:
    g = graph({"C2": CITY_E, "C4": "t0:10 t1:10 1-t0 t0-4 3-t1 t1-5", "C6": CITY_W})
    assert sorted(g.index) == ["C2-0", "C4-0", "C4-1", "C6-0"]
    assert g.stop("C4-1").kind is NodeKind.TOWN


def test_hops_are_listed_both_ways_with_equal_track() -> None:
    g = graph({"C2": CITY_E, "C4": "1-4", "C6": CITY_W})
    a, b = g.index["C2-0"], g.index["C6-0"]
    (ab,) = g.find_hops(a, b)
    (ba,) = g.find_hops(b, a)
    assert ab.track == ba.track
    info = g.hops[ab.id]
    assert [g.stops[info.start].sig, g.stops[info.end].sig] == ["C2-0", "C6-0"]
    assert len(info.hexes) == 3 and len(info.paths) == 3 and len(info.edges) == 2
    assert {g.track_name(i) for i in range(len(g.track_names))} >= {"edge C2/C4", "edge C4/C6"}


def test_hop_stops_at_first_stop_reached() -> None:
    g = graph({"C2": CITY_E, "C4": CITY_W_E, "C6": CITY_W})
    targets = {g.stops[h.to].sig for h in g.adj[g.index["C2-0"]]}
    assert targets == {"C4-0"}


def test_junction_gives_one_hop_per_branch() -> None:
    g = graph({"C2": CITY_E, "C4": "1-4 1-3", "C6": CITY_W, "B5": "c0:20:1 0-c0"})
    targets = sorted(g.stops[h.to].sig for h in g.adj[g.index["C2-0"]])
    assert targets == ["B5-0", "C6-0"]
    hop_b, hop_c = (g.find_hops(g.index["C2-0"], g.index[s])[0] for s in ("B5-0", "C6-0"))
    shared = hop_b.track & hop_c.track
    assert shared & g.path_bits  # C2's path from the city to side 4 ...
    assert shared & ~g.path_bits  # ... and the edge C2/C4


def test_token_and_blocked_masks() -> None:
    g = graph(
        {"C2": CITY_E, "C4": CITY_W_E, "C6": CITY_W},
        tokens={"C2-0": ["AA"], "C4-0": ["BB"]},
        started={"AA", "BB"},
    )
    c2, c4 = g.index["C2-0"], g.index["C4-0"]
    assert g.token_mask("AA") == 1 << c2
    assert g.blocked_mask("AA") == 1 << c4
    assert g.blocked_mask("BB") == 1 << c2
    assert g.no_pass_mask("AA") == 1 << c4


def test_values_use_the_phase_band() -> None:
    g0 = graph({"C2": CITY_E, "C4": "o0:20|40|50 1-o0"}, band=0)
    g2 = graph({"C2": CITY_E, "C4": "o0:20|40|50 1-o0"}, band=2)
    assert g0.stop("C4-0").value == 20 and g2.stop("C4-0").value == 50
    assert g0.stop("C4-0").terminal
