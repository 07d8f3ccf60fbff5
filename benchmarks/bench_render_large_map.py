"""Benchmark: validating and drawing a large map (issue 16 item 12: linear and lean).

    .venv/bin/python benchmarks/bench_render_large_map.py [--rows 75 --columns 100]

Builds a synthetic plain/mountain map of ROWS x COLUMNS hexes (default 7,500), then times
``map validate`` (parse and build the board), the SVG and the PNG in separate child
processes, so each figure includes the Python start-up and its own peak memory (max RSS).
Figures are CPU seconds of the child (the machine is shared; wall time is noisy).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

STEPS = {
    "validate": "from transcon.core.mapfile import load_map; load_map(sys.argv[1])",
    "svg": "from transcon.core.mapfile import load_map; from transcon.render import render_svg, "
    "write_image; write_image(render_svg(load_map(sys.argv[1])), sys.argv[2] + '.svg')",
    "png": "from transcon.core.mapfile import load_map; from transcon.render import render_svg, "
    "write_image; write_image(render_svg(load_map(sys.argv[1])), sys.argv[2] + '.png')",
}


def synthetic_map(rows: int, columns: int) -> dict[str, object]:
    terrain = ["." * columns if r % 7 else ".m" * (columns // 2) for r in range(rows)]
    return {
        "format": "transcon-map",
        "version": 1,
        "name": "bench",
        "title": "Benchmark",
        "legends": {"terrain": {".": "plain", "m": "mountain"}},
        "layers": {"terrain": terrain},
        "sites": [{"hex": "A1", "kind": "city", "name": "Start"}],
    }


def measure(step: str, map_path: Path, out: Path) -> tuple[float, float]:
    """CPU seconds and peak memory (MB) of one child process running ``step``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    code = f"import sys; {STEPS[step]}"
    subprocess.run([sys.executable, "-c", code, str(map_path), str(out)], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return cpu, after.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=75)
    parser.add_argument("--columns", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        map_path = Path(folder) / "bench.json"
        map_path.write_text(json.dumps(synthetic_map(args.rows, args.columns)))
        print(f"{args.rows * args.columns:,} hexes ({map_path.stat().st_size:,} bytes)")
        for step in STEPS:
            cpu, peak = measure(step, map_path, Path(folder) / "out")
            print(f"  {step:9} {cpu:6.2f} s CPU, peak {peak:6.0f} MB (max RSS so far)")


if __name__ == "__main__":
    main()
