"""18xx tiles as parts: stops (cities, towns, off-boards), track paths, colour, label.

A tile is written in a compact text notation (documented in ``docs/18xx-tiles.md``)::

    c0:20:1 0-c0 c0-3          # tile 57: a 20-value city with one slot, track SW-city-NE
    t0:10 t1:10 1-t0 t0-3 0-t1 t1-4   # tile 1: two towns on separate tracks
    0-3 0-4                    # tile 23: two track sections that share side 0
    o0:30|40|50 4-o0 5-o0      # Denver: an off-board area worth 30/40/50 by phase band

Path endpoints are encoded as small ints: sides ``0..5`` are themselves, node ``k`` is
``NODE_BASE + k``. Node ``k`` is the k-th stop in the tile's definition, so a stop on the map
is named ``HEX-k`` exactly like an 18xx.games node signature.

Rotation: a tile laid with rotation ``r`` moves definition side ``e`` to map side
``(e + r) % 6``; sides are numbered as in :mod:`transcon.core.hexgrid`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from transcon.core.errors import InputError

NODE_BASE = 6
"""Path endpoint codes ``>= NODE_BASE`` are nodes (``NODE_BASE + k``); smaller ones are sides."""


class Color(StrEnum):
    """Tile colours, in upgrade order (red off-boards never upgrade)."""

    WHITE = "white"
    YELLOW = "yellow"
    GREEN = "green"
    BROWN = "brown"
    GRAY = "gray"
    RED = "red"

    @property
    def rank(self) -> int:
        return _COLOR_RANK[self]


_COLOR_RANK = {c: i for i, c in enumerate(Color)}


class NodeKind(IntEnum):
    """What a stop is. Ints, so hot loops can compare cheaply."""

    CITY = 0
    TOWN = 1
    OFFBOARD = 2

    @property
    def letter(self) -> str:
        return "cto"[self]


_KIND_OF_LETTER = {"c": NodeKind.CITY, "t": NodeKind.TOWN, "o": NodeKind.OFFBOARD}


class TileError(InputError):
    """A tile definition or a tile placement is malformed."""


@dataclass(frozen=True, slots=True)
class NodeDef:
    """A stop on a tile: city (token slots), town (dot) or off-board area.

    ``values`` holds one value, or one per phase band (off-boards: ``30|40|50``); a band past
    the end uses the last value.
    """

    index: int
    kind: NodeKind
    values: tuple[int, ...] = (0,)
    slots: int = 0

    def value(self, band: int = 0) -> int:
        vals = self.values
        return vals[band] if band < len(vals) else vals[-1]

    @property
    def terminal(self) -> bool:
        """Off-board areas end a run: a route may not pass through them (seed 003 §8.1)."""
        return self.kind is NodeKind.OFFBOARD

    def spec(self) -> str:
        text = f"{self.kind.letter}{self.index}:{'|'.join(str(v) for v in self.values)}"
        return f"{text}:{self.slots}" if self.slots or self.kind is NodeKind.CITY else text


Path = tuple[int, int]
"""A track section between two endpoints (sides 0..5 or ``NODE_BASE + k``)."""


def is_side(end: int) -> bool:
    return end < NODE_BASE


def rotate_end(end: int, rotation: int) -> int:
    """An endpoint after rotating the tile ``rotation`` sixths clockwise (nodes stay)."""
    return (end + rotation) % 6 if end < NODE_BASE else end


def end_text(end: int, nodes: tuple[NodeDef, ...] = ()) -> str:
    if end < NODE_BASE:
        return str(end)
    k = end - NODE_BASE
    letter = nodes[k].kind.letter if k < len(nodes) else "n"
    return f"{letter}{k}"


@dataclass(frozen=True, slots=True)
class TileDef:
    """A tile design: colour, stops, track paths (definition orientation) and label."""

    name: str
    color: Color
    nodes: tuple[NodeDef, ...] = ()
    paths: tuple[Path, ...] = ()
    label: str = ""
    _rotated: dict[int, tuple[Path, ...]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def paths_at(self, rotation: int) -> tuple[Path, ...]:
        """The paths with sides rotated by ``rotation`` (cached)."""
        rotation %= 6
        got = self._rotated.get(rotation)
        if got is None:
            got = tuple((rotate_end(a, rotation), rotate_end(b, rotation)) for a, b in self.paths)
            self._rotated[rotation] = got
        return got

    def exits(self, rotation: int = 0) -> frozenset[int]:
        """Map sides that carry track with the tile at ``rotation``."""
        return frozenset(e for p in self.paths_at(rotation) for e in p if e < NODE_BASE)

    def kinds(self) -> tuple[NodeKind, ...]:
        return tuple(n.kind for n in self.nodes)

    @property
    def cities(self) -> tuple[NodeDef, ...]:
        return tuple(n for n in self.nodes if n.kind is NodeKind.CITY)

    def spec(self) -> str:
        """The tile in the compact notation (round-trips through :func:`parse_tile`)."""
        parts = [n.spec() for n in self.nodes]
        parts += [f"{end_text(a, self.nodes)}-{end_text(b, self.nodes)}" for a, b in self.paths]
        return " ".join(parts)


_NODE_RE = re.compile(r"^([cto])(\d+)(?::([0-9|]+))?(?::(\d+))?$")
_END_RE = re.compile(r"^(?:([0-5])|([cto])(\d+))$")


def parse_tile(name: str, color: Color | str, spec: str, label: str = "") -> TileDef:
    """Parse the compact notation (see the module docstring) into a :class:`TileDef`."""
    nodes: dict[int, NodeDef] = {}
    raw_paths: list[tuple[str, str]] = []
    for part in spec.replace(";", " ").split():
        m = _NODE_RE.match(part)
        if m:
            kind = _KIND_OF_LETTER[m.group(1)]
            index = int(m.group(2))
            if index in nodes:
                raise TileError(f"tile {name}: node {index} defined twice")
            values = tuple(int(v) for v in (m.group(3) or "0").split("|") if v != "")
            slots = int(m.group(4)) if m.group(4) else (1 if kind is NodeKind.CITY else 0)
            nodes[index] = NodeDef(index, kind, values or (0,), slots)
            continue
        ends = part.split("-")
        if len(ends) != 2:
            raise TileError(f"tile {name}: cannot read part {part!r}")
        raw_paths.append((ends[0], ends[1]))
    if sorted(nodes) != list(range(len(nodes))):
        raise TileError(f"tile {name}: nodes must be numbered 0..{len(nodes) - 1}")
    node_tuple = tuple(nodes[i] for i in range(len(nodes)))
    paths: list[Path] = []
    for a_text, b_text in raw_paths:
        a = _parse_end(name, a_text, node_tuple)
        b = _parse_end(name, b_text, node_tuple)
        if a == b:
            raise TileError(f"tile {name}: path {a_text}-{b_text} joins an end to itself")
        paths.append((a, b))
    try:
        col = Color(color)
    except ValueError:
        raise TileError(f"tile {name}: unknown colour {color!r}") from None
    return TileDef(name, col, node_tuple, tuple(paths), label)


def _parse_end(name: str, text: str, nodes: tuple[NodeDef, ...]) -> int:
    m = _END_RE.match(text)
    if not m:
        raise TileError(f"tile {name}: bad path end {text!r}")
    if m.group(1) is not None:
        return int(m.group(1))
    k = int(m.group(3))
    if k >= len(nodes) or nodes[k].kind.letter != m.group(2):
        raise TileError(f"tile {name}: path end {text!r} names no such node")
    return NODE_BASE + k


# -- upgrades -------------------------------------------------------------------------------------


def _path_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a <= b else (b, a)


def node_mapping(
    old: TileDef, old_rotation: int, new: TileDef, new_rotation: int
) -> dict[int, int] | None:
    """How ``old``'s nodes map onto ``new``'s so every old path survives, or None.

    Each old path (rotated) must appear in the new tile (rotated), with every old node mapped
    to a distinct new node of the same kind. Returns ``{old node index: new node index}``.
    """
    old_paths = old.paths_at(old_rotation)
    new_keys = {_path_key(a, b) for a, b in new.paths_at(new_rotation)}
    old_nodes = old.nodes
    choices: list[list[int]] = []
    for n in old_nodes:
        same = [m.index for m in new.nodes if m.kind is n.kind]
        if not same:
            return None
        choices.append(same)
    for combo in itertools.product(*choices) if choices else [()]:
        if len(set(combo)) != len(combo):
            continue

        def mapped(end: int, combo: tuple[int, ...] = combo) -> int:
            return end if end < NODE_BASE else NODE_BASE + combo[end - NODE_BASE]

        if all(_path_key(mapped(a), mapped(b)) in new_keys for a, b in old_paths):
            return {i: combo[i] for i in range(len(combo))}
    return None


def upgrade_problem(
    old: TileDef, old_rotation: int, new: TileDef, new_rotation: int, hex_label: str = ""
) -> str | None:
    """Why ``new`` at ``new_rotation`` may not replace ``old``; None when it may.

    Standard 18xx rule: the next colour, the same stops (cities stay cities, towns stay towns),
    every old path kept, and the new tile's label equal to the hex's label for that colour.
    """
    if old.color is Color.RED:
        return "off-board areas are never upgraded"
    if new.color.rank != old.color.rank + 1:
        return f"a {old.color} tile upgrades to {_next_color(old.color)}, not {new.color}"
    if new.label != hex_label:
        if hex_label:
            return f"this hex needs a {new.color} tile labelled {hex_label!r}"
        return f"tile {new.name} (label {new.label!r}) needs a hex with that label"
    if sorted(old.kinds()) != sorted(new.kinds()):
        return f"tile {new.name} has different stops than tile {old.name}"
    if node_mapping(old, old_rotation, new, new_rotation) is None:
        return f"tile {new.name} at rotation {new_rotation} does not keep all existing track"
    return None


def _next_color(color: Color) -> str:
    order = list(Color)
    rank = color.rank
    return order[rank + 1].value if rank + 1 < len(order) else "nothing"


def legal_rotations(
    old: TileDef,
    old_rotation: int,
    new: TileDef,
    hex_label: str = "",
) -> list[int]:
    """Rotations at which ``new`` may replace ``old`` (distinct track layouts only)."""
    seen: set[frozenset[tuple[int, int]]] = set()
    out: list[int] = []
    for r in range(6):
        layout = frozenset(_path_key(a, b) for a, b in new.paths_at(r))
        if layout in seen:
            continue
        seen.add(layout)
        if upgrade_problem(old, old_rotation, new, r, hex_label) is None:
            out.append(r)
    return out


# -- tile sets ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TileSet:
    """Tile designs by name, with the number of copies of each (None = unlimited)."""

    tiles: Mapping[str, TileDef]
    counts: Mapping[str, int | None]

    def __getitem__(self, name: str) -> TileDef:
        try:
            return self.tiles[name]
        except KeyError:
            raise TileError(f"no tile named {name!r} in this tile set") from None

    def __contains__(self, name: object) -> bool:
        return name in self.tiles

    def names(self) -> list[str]:
        return list(self.tiles)

    def upgrades_for(
        self, old: TileDef, old_rotation: int, hex_label: str = ""
    ) -> Iterable[tuple[TileDef, list[int]]]:
        """Every tile of the set that may replace ``old``, with its legal rotations."""
        for tile in self.tiles.values():
            rots = legal_rotations(old, old_rotation, tile, hex_label)
            if rots:
                yield tile, rots
