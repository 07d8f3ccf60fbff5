"""Rendering (issue 2, part 5): terrain, river sides, regions, sites, track, routes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from transcon.core.errors import InputError
from transcon.core.mapfile import load_map
from transcon.render import Marker, Overlay, TrackLine, render_svg, write_image

SVG = "{http://www.w3.org/2000/svg}"


def _layer(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f"{SVG}g[@id='{name}']")
    assert found is not None, name
    return found


def test_svg_has_every_layer_of_the_board() -> None:
    board = load_map("demo")
    b1, b2 = board.hex("B1"), board.hex("B2")
    overlay = Overlay(
        track=[TrackLine([b1, b2], "#ff0000")],
        routes=[TrackLine([b1, b2], "#00ff00")],
        markers=[Marker(board.hex("D3"), "Newtown")],
        caption="hello",
    )
    root = ET.fromstring(render_svg(board, overlay))
    assert len(_layer(root, "terrain")) == len(board)
    titles = [t.text for t in _layer(root, "sides").iter(f"{SVG}title")]
    assert titles.count("river Demo River") == 7 and "impassable" in titles
    assert len(_layer(root, "regions")) > 0  # the east coast outline
    site_text = [t.text for t in _layer(root, "sites").iter(f"{SVG}text")]
    assert {"Westport", "Centerville", "Eastham", "Lakeside", "Southland"} <= set(site_text)
    assert _layer(root, "track")[0].get("stroke") == "#ff0000"
    assert _layer(root, "routes")[0].get("stroke") == "#00ff00"
    assert "Newtown" in [t.text for t in _layer(root, "markers").iter(f"{SVG}text")]
    assert "C4" in [t.text for t in _layer(root, "labels").iter(f"{SVG}text")]


def test_png_output_is_a_png(tmp_path: Path) -> None:
    out = write_image(render_svg(load_map("demo")), tmp_path / "demo.png")
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def test_unknown_image_suffix_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"must end in \.svg or \.png"):
        write_image("<svg/>", tmp_path / "x.gif")
    assert not list(tmp_path.iterdir())
