"""Raw hex art, legends, border coordinates and site glyphs in the SVG renderer."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from transcon.core.mapfile import load_map
from transcon.render import HexArt, LegendEntry, Overlay, RenderOptions, render_svg

SVG = "{http://www.w3.org/2000/svg}"


def _layer(root: ET.Element, name: str) -> ET.Element | None:
    return root.find(f"{SVG}g[@id='{name}']")


def test_hex_art_is_placed_in_its_hex_frame_on_its_layer() -> None:
    board = load_map("demo")
    h = board.hex("B2")
    overlay = Overlay(
        art=[
            HexArt(h, '<circle class="under" r="0.5"/>'),
            HexArt(h, '<circle class="hi" r="0.2"/>', "routes"),
            HexArt(h, '<circle class="over" r="0.1"/>', "stops"),
        ]
    )
    size = 30.0
    root = ET.fromstring(render_svg(board, overlay, RenderOptions(hex_size=size)))
    order = [g.get("id") for g in root.findall(f"{SVG}g")]
    assert order.index("terrain") < order.index("art-tiles") < order.index("sides")
    assert order.index("routes") < order.index("art-routes") < order.index("sites")
    assert order.index("markers") < order.index("art-stops") < order.index("labels")
    tiles = _layer(root, "art-tiles")
    assert tiles is not None
    (piece,) = list(tiles)
    transform = piece.get("transform") or ""
    assert transform.startswith("translate(") and transform.endswith(f"scale({size:.3f})")
    assert piece[0].get("class") == "under"
    # the centre of B2: the hex's terrain polygon is centred on the same point
    x, y = (float(v) for v in transform[len("translate(") : transform.index(")")].split(","))
    terrain = _layer(root, "terrain")
    assert terrain is not None
    polys = [p for p in terrain if "B2" in (p.findtext(f"{SVG}title") or "")]
    pts = [tuple(map(float, p.split(","))) for p in polys[0].get("points", "").split()]
    assert abs(sum(p[0] for p in pts) / 6 - x) < 0.2 and abs(sum(p[1] for p in pts) / 6 - y) < 0.2


def test_no_art_layers_without_art_and_legend_and_border_labels() -> None:
    board = load_map("demo")
    plain = ET.fromstring(render_svg(board))
    assert _layer(plain, "art-tiles") is None and _layer(plain, "legend") is None
    assert _layer(plain, "border-labels") is None
    overlay = Overlay(legend=[LegendEntry("#ff0000", "2: A-B = 40")], caption="total 40")
    root = ET.fromstring(
        render_svg(board, overlay, RenderOptions(border_labels=True, site_glyphs=False))
    )
    legend = _layer(root, "legend")
    assert legend is not None
    assert [t.text for t in legend.iter(f"{SVG}text")] == ["2: A-B = 40"]
    assert legend.find(f"{SVG}rect").get("fill") == "#ff0000"  # type: ignore[union-attr]
    border = _layer(root, "border-labels")
    assert border is not None
    texts = {t.text for t in border.iter(f"{SVG}text")}
    assert {"A", "B", "1", "2"} <= texts
    sites = _layer(root, "sites")
    assert sites is not None
    assert not list(sites.iter(f"{SVG}circle"))  # names only: tiles draw the stops
    assert "Westport" in {t.text for t in sites.iter(f"{SVG}text")}


def test_long_captions_wrap() -> None:
    board = load_map("demo")
    caption = " ".join(f"word{i}" for i in range(80))
    root = ET.fromstring(render_svg(board, Overlay(caption=caption)))
    lines = [t.text or "" for t in root.findall(f"{SVG}text")]
    assert len(lines) > 1 and " ".join(lines) == caption
    width = float(root.get("width", "0"))
    assert all(len(line) * 0.6 * 32 * 0.6 <= width for line in lines)
