"""Drawing 18C2C (issue 13 item 6): zones tinted, off-boards with values, city types."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.render import write_image
from transcon.titles.c2c.data import load_board, playable
from transcon.titles.c2c.draw import ZONE_TINTS, c2c_svg

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}"


def _classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_18xx_drawing_tints_zones_and_shows_offboards_and_city_types(tmp_path: Path) -> None:
    svg = c2c_svg("d")
    root = ET.fromstring(svg)
    zones = _classes(root, "zone")
    assert len(zones) == len(load_board())
    assert {z.get("fill") for z in zones} == set(ZONE_TINTS.values())
    assert len(_classes(root, "offboard-values")) == 15  # two areas of two hexes
    badges = [e for e in root.iter(f"{SVG}text") if e.get("font-weight") == "bold"]
    kinds = {b.text for b in badges}
    assert {"K", "L", "B", "P", "NY", "CHI", "C"} <= kinds
    assert "C" not in {
        b.text
        for b in ET.fromstring(c2c_svg("base")).iter(f"{SVG}text")
        if b.get("font-weight") == "bold"
    }
    out = tmp_path / "c2c.png"
    write_image(svg, out)
    assert out.read_bytes().startswith(PNG_MAGIC) and out.stat().st_size > 100_000


def test_super_short_drawing_greys_the_hexes_out_of_play() -> None:
    root = ET.fromstring(c2c_svg("d", "super-short"))
    grey = [z for z in _classes(root, "zone") if z.get("fill") == "#777777"]
    board = load_board()
    assert len(grey) == len(board) - len(playable(board, "super-short"))


def test_render_command_tints_the_zones(tmp_path: Path) -> None:
    out = tmp_path / "map.svg"
    result = CliRunner().invoke(app, ["render", "18c2c", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    board = load_board()
    tints = board.meta["render"]["region_fills"]
    assert len(tints) == 4
    fills = {p.get("fill") for p in ET.fromstring(text).iter(f"{SVG}polygon")}
    assert len(fills & {c.lower() for c in _mixed(board)}) >= 4


def _mixed(board: object) -> set[str]:
    from transcon.render.svg import TERRAIN_FILL, mix_colours

    tints = load_board().meta["render"]["region_fills"].values()
    bases = set(TERRAIN_FILL.values()) | {"#eeeeee"}
    return {mix_colours(b, t) for b in bases for t in tints}
