"""Start-up of the ``transcon`` command: every command pays for what the command line module
imports, so heavy libraries and other titles load only in the commands that need them."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("matplotlib", "numpy", "transcon.titles.t1870", "transcon.analysis")


def test_the_command_line_imports_no_heavy_module() -> None:
    probe = (
        "import sys, transcon.cli.main\n"
        f"print(sorted({{m.split('.')[0] if m.startswith(('matplotlib', 'numpy')) else m"
        f" for m in sys.modules if m.startswith({HEAVY!r})}}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]", f"imported at start-up: {out.strip()}"
