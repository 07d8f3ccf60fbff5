"""Quick PNG preview of a map file (developer tool; needs Pillow).

    python tools/geo/preview.py src/transcon/data/maps/usa-transcontinental.json out.png

Draws terrain (water shaded by body), foreign land grey, river and ridge sides, sites, and
outlines the hexes of one region (``--region east_coast``). Reads only the JSON file.
"""

from __future__ import annotations

import argparse
import json
import math
import re
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

TERRAIN = {
    "plain": (238, 228, 196),
    "hill": (205, 180, 120),
    "mountain": (140, 105, 70),
    "swamp": (120, 150, 80),
}
WATER = {
    "atlantic": (150, 190, 230),
    "gulf-of-mexico": (120, 170, 210),
    "pacific": (140, 185, 225),
    "san-francisco-bay": (60, 120, 200),
}
FOREIGN = {
    "plain": (215, 215, 215),
    "hill": (190, 190, 190),
    "mountain": (160, 160, 160),
    "swamp": (200, 200, 200),
}
SITE = {
    "red": (200, 30, 30),
    "yellow": (230, 200, 20),
    "blue": (40, 80, 220),
    "purple": (140, 50, 170),
    "black": (20, 20, 20),
    "gray": (120, 120, 120),
}


def letters(s: str) -> int:
    n = 0
    for ch in s:
        n = n * 26 + ord(ch) - 64
    return n - 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("map", type=Path)
    ap.add_argument("png", type=Path)
    ap.add_argument("--size", type=float, default=11.0, help="hex radius in pixels")
    ap.add_argument("--region", action="append", default=[])
    args = ap.parse_args()
    doc: dict[str, Any] = json.loads(args.map.read_text())
    lay = doc["layout"]
    pointy = lay["orientation"] == "pointy"
    first = lay["first_column"]
    size = args.size
    w = math.sqrt(3) * size

    def center(row: int, col: int) -> tuple[float, float]:
        if pointy:
            return (w * (col + 0.5 * (row & 1)) + w, 1.5 * size * row + size * 1.5)
        return (1.5 * size * col + size * 1.5, w * (row + 0.5 * (col & 1)) + w)

    def cell(label: str) -> tuple[int, int]:
        m = re.match(r"([A-Z]+)(-?\d+)", label)
        assert m
        return letters(m.group(1)), int(m.group(2)) - first

    def layer(name: str) -> dict[tuple[int, int], str]:
        legend = doc["legends"].get(name, {})
        out = {}
        for r, line in enumerate(doc["layers"].get(name, [])):
            for c, ch in enumerate(line):
                if ch != " ":
                    out[(r, c)] = legend[ch]
        return out

    terrain, water, country = layer("terrain"), layer("water"), layer("country")
    rows = max(r for r, _ in terrain) + 1
    cols = max(c for _, c in terrain) + 1
    width = int(center(1, cols)[0] + w) if pointy else int(center(0, cols)[0] + size)
    height = int(center(rows, 1)[1] + size)
    img = Image.new("RGB", (width, height), "white")
    d = ImageDraw.Draw(img)
    start = 30 if pointy else 0

    def corners(rc: tuple[int, int]) -> list[tuple[float, float]]:
        cx, cy = center(*rc)
        return [
            (
                cx + size * math.cos(math.radians(start + 60 * k)),
                cy + size * math.sin(math.radians(start + 60 * k)),
            )
            for k in range(6)
        ]

    for rc, t in terrain.items():
        if t == "water":
            body = water.get(rc, "")
            fill = WATER.get(
                body,
                (90, 150, 220)
                if body.startswith("lake") or body.startswith("great")
                else (170, 200, 230),
            )
        elif country.get(rc, "US") != "US":
            fill = FOREIGN.get(t, (200, 200, 200))
        else:
            fill = TERRAIN.get(t, (255, 0, 255))
        d.polygon(corners(rc), fill=fill, outline=(200, 200, 200))
    for tag in args.region:
        for label in doc["regions"].get(tag, []):
            d.polygon(corners(cell(label)), outline=(220, 0, 0), width=2)
    for group in doc["sides"]:
        colour = (20, 60, 200) if group["kind"] == "river" else (90, 40, 10)
        for side in group["sides"]:
            a, b = (cell(x) for x in side.split("/"))
            ca, cb = corners(a), corners(b)
            shared = [p for p in ca if any(math.dist(p, q) < 0.01 * size for q in cb)]
            if len(shared) == 2:
                d.line(shared, fill=colour, width=3 if group["kind"] == "river" else 4)
    for s in doc["sites"]:
        cx, cy = center(*cell(s["hex"]))
        colour = SITE.get(s.get("data", {}).get("color", "gray"), (0, 0, 0))
        r = size * 0.45
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline="black")
        d.text((cx + r + 1, cy - r), s["name"], fill="black")
    img.save(args.png)
    print(f"{args.png}: {width} x {height}")


if __name__ == "__main__":
    main()
