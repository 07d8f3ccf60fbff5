"""Dependencies point one way: titles use the core, the core never imports a title.

Layers, bottom to top: core < testing < render < eighteen/mapgen < titles < analysis/server <
cli. A module may import its own layer and the layers below it, never a layer above. Two
more walls: a title never imports another title (what they share belongs in a lower layer),
and the 18xx framework (``eighteen/framework``) never imports a title.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "transcon"

# What each top-level part of the package may import from transcon.
ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    # the conformance suite (transcon.testing) checks titles through the core API only
    "testing": {"core", "testing"},
    "render": {"core", "render"},
    "eighteen": {"core", "render", "eighteen"},
    "mapgen": {"core", "mapgen"},
    "titles": {"core", "render", "eighteen", "titles"},
    "analysis": {"core", "render", "eighteen", "mapgen", "titles", "analysis"},
    "server": {"core", "render", "eighteen", "titles", "server"},
    "cli": {"core", "render", "eighteen", "mapgen", "titles", "analysis", "server", "cli"},
}


def _module_name(path: Path) -> list[str]:
    """``src/transcon/titles/rotw/cards.py`` -> ``["transcon", "titles", "rotw", "cards"]``."""
    parts = ["transcon", *path.relative_to(SRC).with_suffix("").parts]
    return parts[:-1] if parts[-1] == "__init__" else parts


def _imported_modules(path: Path) -> set[tuple[str, ...]]:
    """Every transcon module ``path`` imports, relative imports resolved, as name parts."""
    package = _module_name(path)
    if path.name != "__init__.py":
        package = package[:-1]
    return _imports_in(path.read_text(encoding="utf-8"), package)


def _imports_in(source: str, package: list[str]) -> set[tuple[str, ...]]:
    """The transcon modules ``source`` (a module of ``package``) imports."""
    tree = ast.parse(source)
    found: set[tuple[str, ...]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                names = [".".join([*base, node.module] if node.module else base)]
                names += [".".join([*base, alias.name]) for alias in node.names if not node.module]
            else:
                names = [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            parts = tuple(name.split("."))
            if parts[0] == "transcon" and len(parts) > 1:
                found.add(parts)
    return found


def _imports(path: Path) -> set[str]:
    """The top-level parts of the package that ``path`` imports."""
    return {parts[1] for parts in _imported_modules(path)}


def _exists(parts: tuple[str, ...]) -> bool:
    target = SRC.joinpath(*parts[1:])
    return target.is_dir() or target.with_suffix(".py").exists()


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_it_may(layer: str) -> None:
    folder = SRC / layer
    if not folder.is_dir():
        pytest.skip(f"{layer} does not exist yet")
    bad = []
    for path in sorted(folder.rglob("*.py")):
        for target in _imports(path) - ALLOWED[layer]:
            if _exists(("transcon", target)):
                bad.append(f"{path.relative_to(SRC)} imports transcon.{target}")
    assert not bad, "\n".join(bad)


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {p.name for p in SRC.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert parts <= set(ALLOWED), parts - set(ALLOWED)


def _titles() -> list[str]:
    return sorted(p.name for p in (SRC / "titles").iterdir() if (p / "__init__.py").exists())


@pytest.mark.parametrize("title", _titles())
def test_a_title_never_imports_another_title(title: str) -> None:
    bad = []
    for path in sorted((SRC / "titles" / title).rglob("*.py")):
        for parts in _imported_modules(path):
            if parts[1] == "titles" and len(parts) > 2 and parts[2] != title:
                bad.append(f"{path.relative_to(SRC)} imports {'.'.join(parts)}")
    assert not bad, "\n".join(bad)


def test_the_18xx_framework_never_imports_a_title() -> None:
    bad = [
        f"{path.relative_to(SRC)} imports {'.'.join(parts)}"
        for path in sorted((SRC / "eighteen" / "framework").rglob("*.py"))
        for parts in _imported_modules(path)
        if parts[1] == "titles"
    ]
    assert not bad, "\n".join(bad)


def test_relative_imports_are_resolved() -> None:
    """The checks above also see ``from ..x import y`` (a way around them otherwise)."""
    source = "from ..rotw import cards\nfrom . import render\nfrom ...core.game import Game\n"
    found = _imports_in(source, ["transcon", "titles", "demo"])
    assert ("transcon", "titles", "rotw") in found
    assert ("transcon", "titles", "demo", "render") in found
    assert ("transcon", "core", "game") in found
