"""``transcon map generate``: regenerate the US maps from the geography extracts in ``geodata/``.

Registered in the ``map`` group by :mod:`transcon.cli.map_cmds`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from transcon.cli.common import user_errors

NameArg = Annotated[
    list[str] | None,
    typer.Argument(help="Maps to generate: usa-transcontinental, rotw-usa or all (default)."),
]
GeodataOpt = Annotated[
    Path | None,
    typer.Option("--geodata", help="Geography extracts folder (default: the checkout's geodata/)."),
]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", help="Folder for the map files (default: the shipped maps folder)."),
]


@user_errors
def generate_cmd(names: NameArg = None, geodata: GeodataOpt = None, out: OutOpt = None) -> None:
    """Generate US maps from real geography (needs: pip install -e .[geo])."""
    from transcon.mapgen import generate

    start = time.perf_counter()
    written = generate(list(names or ["all"]), geodata, out)
    for path in written:
        print(f"wrote {path}")
    print(f"{len(written)} map(s) in {time.perf_counter() - start:.1f} s")
