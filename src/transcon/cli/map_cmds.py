"""``transcon map ...`` and ``transcon render``: inspect, validate and draw map files."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from transcon.cli.common import print_json, user_errors
from transcon.cli.mapgen_cmds import generate_cmd
from transcon.core.board import Board
from transcon.core.errors import MapFileError
from transcon.core.mapfile import load_map, read_map_file, resolve_map, shipped_map_names
from transcon.render import RenderOptions, render_svg, write_image

map_app = typer.Typer(help="List, show, validate and render map files.", no_args_is_help=True)
map_app.command("generate")(generate_cmd)

MapArg = Annotated[str, typer.Argument(help="A shipped map's name (see `map list`) or a map file.")]
OutOpt = Annotated[Path, typer.Option("-o", "--output", help="Output file: .svg or .png.")]


@map_app.command("validate")
def validate(
    file: Annotated[str, typer.Argument(help="Map file (or shipped map name) to check.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Check a map file; print every problem as FILE: HEX: reason. Exit 0 if valid, 2 if not."""
    try:
        path = resolve_map(file)
        board = read_map_file(path)
    except MapFileError as err:
        if json_out:
            print_json({"valid": False, "problems": err.problems})
        else:
            for line in err.problems:
                print(line, file=sys.stderr)
        raise typer.Exit(2) from None
    except OSError as err:
        print(f"error: {file}: {err.strerror}", file=sys.stderr)
        raise typer.Exit(2) from None
    if json_out:
        print_json({"valid": True, "name": board.name, "hexes": len(board)})
    else:
        print(f"{path}: valid ({board.name}, {len(board)} hexes)")


@map_app.command("list")
@user_errors
def list_maps(
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the shipped maps."""
    rows = []
    for name in shipped_map_names():
        board = load_map(name)
        rows.append(
            {
                "name": name,
                "title": board.title,
                "hexes": len(board),
                "sites": len(board.sites()),
                "description": board.description,
            }
        )
    if json_out:
        print_json(rows)
        return
    for row in rows:
        print(f"{row['name']:24} {row['hexes']:6} hexes  {row['title']}")


def board_summary(board: Board) -> dict[str, Any]:
    """Everything a script needs about a board, as JSON-able data."""
    hexes = []
    for info in sorted(board, key=lambda i: board.labels.hex_to_cell(i.hex)):
        entry: dict[str, Any] = {
            "label": info.label,
            "q": info.hex.q,
            "r": info.hex.r,
            "terrain": info.terrain,
            "country": info.country,
            "water_body": info.water_body,
            "regions": sorted(info.regions),
            "site": None,
        }
        if info.site is not None:
            s = info.site
            entry["site"] = {
                "kind": s.kind,
                "name": s.name,
                "value": s.value,
                "values": dict(s.values),
                "slots": s.slots,
                "keys": s.keys,
                "label": s.label,
                "count": s.count,
                "tags": list(s.tags),
                "data": dict(s.data),
            }
        hexes.append(entry)
    sides = [
        {"hexes": [board.label(a), board.label(b)], "kind": f.kind, "name": f.name}
        for (a, b), features in board.sides()
        for f in features
    ]
    lab = board.labels
    return {
        "name": board.name,
        "title": board.title,
        "description": board.description,
        "orientation": lab.orientation.value,
        "labels": {
            "style": lab.style.value,
            "stagger": lab.stagger.value,
            "first_row": lab.first_row,
            "first_column": lab.first_column,
        },
        "regions": {t: len(board.region(t)) for t in board.region_names()},
        "hexes": hexes,
        "sides": sides,
    }


@map_app.command("show")
@user_errors
def show(
    name: MapArg,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print every hex and side as JSON.")
    ] = False,
) -> None:
    """Show a map: every hex (label, terrain, country, water body, regions, site) and side."""
    board = load_map(name)
    summary = board_summary(board)
    if json_out:
        print(json.dumps(summary))
        return
    print(f"{board.title} ({board.name}): {len(board)} hexes, {board.orientation.value}-top")
    terrains: dict[str, int] = {}
    for info in board:
        terrains[info.terrain] = terrains.get(info.terrain, 0) + 1
    print("terrain: " + ", ".join(f"{k} {v}" for k, v in sorted(terrains.items())))
    print("regions: " + ", ".join(f"{k} {v}" for k, v in summary["regions"].items()))
    kinds: dict[str, int] = {}
    for side in summary["sides"]:
        kinds[side["kind"]] = kinds.get(side["kind"], 0) + 1
    print("sides: " + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none"))
    for info in board.sites():
        assert info.site is not None
        print(f"  {info.label:6} {info.site.kind:8} {info.site.name}")


@user_errors
def render_command(
    name: MapArg,
    output: OutOpt,
    hex_size: Annotated[float, typer.Option(help="Hex radius in pixels.")] = 32.0,
    labels: Annotated[bool, typer.Option(help="Print hex labels.")] = True,
) -> None:
    """Draw a map (shipped name or file) to SVG or PNG."""
    board = load_map(name)
    svg = render_svg(board, options=RenderOptions(hex_size=hex_size, show_labels=labels))
    write_image(svg, output)
    print(f"wrote {output}")


# `transcon map render` and `transcon render` are the same command.
map_app.command("render")(render_command)
