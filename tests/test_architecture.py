"""Dependencies point one way: titles use the core, the core never imports a title.

Layers, bottom to top: core < render < eighteen/mapgen < titles < analysis/server < cli. A
module may import its own layer and the layers below it, never a layer above.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "transcon"

# What each top-level part of the package may import from transcon.
ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    "render": {"core", "render"},
    "eighteen": {"core", "render", "eighteen"},
    "mapgen": {"core", "mapgen"},
    "titles": {"core", "render", "eighteen", "titles"},
    "analysis": {"core", "render", "eighteen", "mapgen", "titles", "analysis"},
    "server": {"core", "render", "eighteen", "titles", "server"},
    "cli": {"core", "render", "eighteen", "mapgen", "titles", "analysis", "server", "cli"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "transcon" and len(parts) > 1:
                found.add(parts[1])
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_it_may(layer: str) -> None:
    folder = SRC / layer
    if not folder.is_dir():
        pytest.skip(f"{layer} does not exist yet")
    bad = []
    for path in sorted(folder.rglob("*.py")):
        for target in _imports(path) - ALLOWED[layer]:
            if (SRC / target).exists() or (SRC / f"{target}.py").exists():
                bad.append(f"{path.relative_to(SRC)} imports transcon.{target}")
    assert not bad, "\n".join(bad)


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {p.name for p in SRC.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert parts <= set(ALLOWED), parts - set(ALLOWED)
