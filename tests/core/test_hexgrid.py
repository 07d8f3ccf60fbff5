"""Hex geometry (issue 2, part 2): axial maths, sides, distance, lines, pixels."""

from __future__ import annotations

import itertools
import math

from hypothesis import given
from hypothesis import strategies as st

from transcon.core.hexgrid import (
    DIRECTIONS,
    Hex,
    Layout,
    Orientation,
    opposite,
    rotate_side,
    round_hex,
)

coords = st.integers(min_value=-200, max_value=200)
hexes = st.builds(Hex, coords, coords)
sides = st.integers(min_value=0, max_value=5)
orientations = st.sampled_from(list(Orientation))


@given(sides)
def test_opposite_round_trip(side: int) -> None:
    assert opposite(opposite(side)) == side
    assert opposite(side) != side


@given(hexes, sides, orientations)
def test_neighbour_across_side_sees_us_across_the_opposite_side(
    h: Hex, side: int, orientation: Orientation
) -> None:
    n = h.neighbor(side, orientation)
    assert h.distance(n) == 1
    assert n.side_to(h, orientation) == opposite(side)
    assert n.neighbor(opposite(side), orientation) == h


@given(hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes)
def test_line_has_distance_plus_one_adjacent_hexes(a: Hex, b: Hex) -> None:
    line = a.line_to(b)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in itertools.pairwise(line))


@given(hexes, st.integers(min_value=0, max_value=6))
def test_ring_size_and_distance(h: Hex, radius: int) -> None:
    ring = h.ring(radius)
    assert len(ring) == max(1, 6 * radius)
    assert all(h.distance(x) == radius for x in ring)
    assert len(set(ring)) == len(ring)


@given(hexes, orientations, st.floats(min_value=5, max_value=50))
def test_pixel_round_trip(h: Hex, orientation: Orientation, size: float) -> None:
    layout = Layout(orientation, size)
    c = layout.center(h)
    assert layout.hex_at(c.x, c.y) == h
    # every corner is at the hex radius from the centre
    for p in layout.corners(h):
        assert math.isclose(math.hypot(p.x - c.x, p.y - c.y), size, rel_tol=1e-9)


@given(hexes, sides, orientations)
def test_shared_side_has_the_same_endpoints_from_both_hexes(
    h: Hex, side: int, orientation: Orientation
) -> None:
    layout = Layout(orientation, 10.0)
    n = h.neighbor(side, orientation)
    a1, b1 = layout.side_endpoints(h, side)
    a2, b2 = layout.side_endpoints(n, opposite(side))
    assert math.isclose(a1.x, b2.x, abs_tol=1e-6) and math.isclose(a1.y, b2.y, abs_tol=1e-6)
    assert math.isclose(b1.x, a2.x, abs_tol=1e-6) and math.isclose(b1.y, a2.y, abs_tol=1e-6)


def test_side_numbering_matches_compass() -> None:
    layout = Layout(Orientation.POINTY, 10.0)
    o = Hex(0, 0)
    sw, w, nw, ne, e, se = (layout.center(o.neighbor(s)) for s in range(6))
    assert sw.x < 0 < sw.y and w.y == 0 > w.x and nw.x < 0 and nw.y < 0
    assert ne.x > 0 > ne.y and e.x > 0 and se.x > 0 and se.y > 0
    flat = Layout(Orientation.FLAT, 10.0)
    s_, _, _, n_, _, _ = (flat.center(o.neighbor(s, Orientation.FLAT)) for s in range(6))
    assert abs(s_.x) < 1e-9 < s_.y and n_.y < 0


@given(hexes, st.integers(min_value=0, max_value=11))
def test_rotation_preserves_length_and_rotates_directions(h: Hex, steps: int) -> None:
    assert h.rotate(steps).length() == h.length()
    for side, d in enumerate(DIRECTIONS[Orientation.POINTY]):
        assert d.rotate(steps) == DIRECTIONS[Orientation.POINTY][rotate_side(side, steps)]


def test_round_hex_of_centres() -> None:
    assert round_hex(0.1, -0.1) == Hex(0, 0)
    assert round_hex(2.9, -1.1) == Hex(3, -1)


@given(hexes, hexes)
def test_hexes_add_as_vectors_and_key_and_order_by_their_coordinates(a: Hex, b: Hex) -> None:
    # Hex is a named tuple (hashing and comparing in C): its + must stay the vector sum,
    # never tuple concatenation, and dict keys, sets and sorting must see (q, r).
    total = a + b
    assert type(total) is Hex and total == Hex(a.q + b.q, a.r + b.r)
    assert (a - b) + b == a
    assert (a < b) == ((a.q, a.r) < (b.q, b.r))
    assert (hash(a) == hash(b)) or a != b
    assert len({a, b, Hex(a.q, a.r)}) == (1 if a == b else 2)
