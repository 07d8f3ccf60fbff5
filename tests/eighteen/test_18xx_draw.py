"""Drawing 18xx tiles and route highlights (issues 6 item 8, 7 item 4): SVG structure."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

from transcon.core.hexgrid import Hex, Orientation, Point
from transcon.eighteen.draw import (
    TILE_FILL,
    TokenStyle,
    empty_hex_svg,
    highlight_svg,
    partition_svg,
    route_art,
    route_segments,
    side_midpoint,
    tile_art,
)
from transcon.eighteen.graph import PlacedTile, build_graph
from transcon.eighteen.tiles import NODE_BASE, Color, parse_tile

SVG = "{http://www.w3.org/2000/svg}"
T57 = parse_tile("57", "yellow", "c0:20:1 0-c0 c0-3")
T14 = parse_tile("14", "green", "c0:30:2 0-c0 1-c0 3-c0 4-c0")
T4 = parse_tile("4", "yellow", "t0:10 0-t0 t0-3")
T141 = parse_tile("141", "green", "t0:10 0-t0 3-t0 1-t0")
DENVER = parse_tile("A2", "red", "o0:30|40|50 4-o0 5-o0")


def _parse(fragment: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{fragment}</svg>')


def _ends(d: str) -> tuple[Point, Point]:
    nums = [float(x) for x in re.findall(r"-?\d+\.\d+", d)]
    return Point(nums[0], nums[1]), Point(nums[-2], nums[-1])


def _close(a: Point, b: Point) -> bool:
    return math.dist(a, b) < 1e-3


def _track(root: ET.Element) -> list[ET.Element]:
    return [p for p in root.iter(f"{SVG}path") if p.get("class") == "track"]


def test_tile_57_rotation_2_runs_between_sides_2_and_5_through_the_city() -> None:
    art = tile_art(PlacedTile(T57, 2))
    root = _parse(art.svg())
    (poly,) = [p for p in root.iter(f"{SVG}polygon") if p.get("class") == "tile"]
    assert poly.get("fill") == TILE_FILL[Color.YELLOW]
    assert poly.get("data-tile") == "57" and poly.get("data-rotation") == "2"
    paths = [_ends(p.get("d", "")) for p in _track(root)]
    assert len(paths) == 2
    centre = Point(0.0, 0.0)
    ends = {(round(a.x, 2), round(a.y, 2)) for a, b in paths for a in (a, b)}
    for side in (2, 5):
        m = side_midpoint(side)
        assert (round(m.x, 2), round(m.y, 2)) in ends
    # each path joins one of those sides to the city at the centre, in a straight line
    for a, b in paths:
        assert _close(b, centre) or _close(a, centre)
    (city,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "city"]
    (slot,) = [c for c in city.iter(f"{SVG}circle") if c.get("class") == "slot"]
    assert float(slot.get("cx", "9")) == 0.0 and float(slot.get("cy", "9")) == 0.0
    assert "20" in [t.text for t in root.iter(f"{SVG}text")]  # the city's value


def test_two_slot_city_shows_one_token_in_its_colour() -> None:
    art = tile_art(
        PlacedTile(T14, 0), tokens={0: ["MP", None]}, styles={"MP": TokenStyle("#123456")}
    )
    root = _parse(art.stops)
    (city,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "city"]
    assert city.get("data-slots") == "2"
    assert len([c for c in city.iter(f"{SVG}circle") if c.get("class") == "slot"]) == 2
    (token,) = [g for g in city.iter(f"{SVG}g") if g.get("class") == "token"]
    assert token.get("data-company") == "MP"
    assert token.find(f"{SVG}circle").get("fill") == "#123456"  # type: ignore[union-attr]
    assert token.find(f"{SVG}text").text == "MP"  # type: ignore[union-attr]
    assert "#123456" not in art.track  # tokens are drawn with the stops, above routes


def test_towns_are_bars_on_through_track_and_dots_at_junctions() -> None:
    bar = _parse(tile_art(PlacedTile(T4, 1)).svg())
    towns = [e for e in bar.iter() if e.get("class") == "town"]
    assert [e.tag for e in towns] == [f"{SVG}rect"]
    # the bar sits in the middle of the straight track between sides 1 and 4
    assert "translate(0.000,0.000)" in (towns[0].get("transform") or "").replace("-0.000", "0.000")
    dot = _parse(tile_art(PlacedTile(T141, 0)).svg())
    assert [e.tag for e in dot.iter() if e.get("class") == "town"] == [f"{SVG}circle"]
    assert len(_track(dot)) == 3


def test_offboard_shows_a_value_per_band_and_outlines_the_current_one() -> None:
    root = _parse(tile_art(PlacedTile(DENVER, 0), band=1).svg())
    (group,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "offboard-values"]
    assert [t.text for t in group.iter(f"{SVG}text")] == ["30", "40", "50"]
    widths = [float(r.get("stroke-width", "0")) for r in group.iter(f"{SVG}rect")]
    assert widths.index(max(widths)) == 1
    assert len(_track(root)) == 2  # the stubs from sides 4 and 5


def test_curves_between_sides_bend_and_opposite_sides_are_straight() -> None:
    t = parse_tile("x", "green", "0-1 0-2 0-3")
    paths = _track(_parse(tile_art(PlacedTile(t, 0)).track))
    assert len(paths) == 3
    for p, other in zip(paths, (1, 2, 3), strict=True):
        a, b = _ends(p.get("d", ""))
        assert _close(a, side_midpoint(0)) and _close(b, side_midpoint(other))


def test_route_highlight_follows_the_track_paths() -> None:
    west, east = Hex(0, 0), Hex(1, 0)  # side 4 of west is east (pointy)
    tiles = {west: PlacedTile(T57, 1), east: PlacedTile(T57, 1)}  # track W-city-E
    names = {west: "A1", east: "A3"}
    graph = build_graph(tiles, label=names.__getitem__, orientation=Orientation.POINTY)
    (hop,) = graph.adj[graph.index["A1-0"]]
    labels = {v: k for k, v in names.items()}
    segments = route_segments(graph, [hop.id], labels.__getitem__)
    assert segments == [(west, NODE_BASE, 4), (east, 1, NODE_BASE)]
    art = route_art(tiles, segments, "#ff0000")
    assert set(art) == {west, east}
    for h in (west, east):
        (route,) = [p for p in _parse(art[h]).iter(f"{SVG}path")]
        assert route.get("stroke") == "#ff0000"
        track = {p.get("d") for p in _track(_parse(tile_art(tiles[h]).track))}
        assert route.get("d") in track  # drawn along the tile's own curve
    # a path given in the other direction is drawn too; unknown paths are skipped
    assert highlight_svg(tiles[west], [(4, NODE_BASE)], "#0f0").count("<path") == 1
    assert highlight_svg(tiles[west], [(0, 3)], "#0f0") == ""


def test_empty_hexes_show_terrain_cost_and_rivers_cross_corners() -> None:
    root = _parse(empty_hex_svg(60, "mountain"))
    assert [t.text for t in root.iter(f"{SVG}text")] == ["$60"]
    assert any(e.get("class") == "terrain" for e in root.iter())
    assert "$" not in empty_hex_svg()
    river = _parse(partition_svg("a:0-,b:2+,type:water"))
    (line,) = list(river.iter(f"{SVG}path"))
    assert line.get("class") == "river"
    assert partition_svg("type:water") == ""


def test_towns_on_crossing_track_do_not_overlap() -> None:
    t55 = parse_tile("55", "yellow", "t0:10 t1:10 0-t0 t0-3 1-t1 t1-4")
    root = _parse(tile_art(PlacedTile(t55, 0)).stops)
    centres = []
    for bar in (e for e in root.iter() if e.get("class") == "town"):
        found = re.search(r"translate\((-?[\d.]+),(-?[\d.]+)\)", bar.get("transform", ""))
        assert found is not None
        centres.append(Point(float(found.group(1)), float(found.group(2))))
    assert len(centres) == 2 and math.dist(*centres) > 0.3
    values = [t for t in root.iter(f"{SVG}text") if t.text == "10"]
    assert len(values) == 2
