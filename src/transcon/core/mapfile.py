"""Map files: the schema, loading with full validation, and writing.

The format is documented in ``docs/map-format.md``. :func:`load_map` reads a map by shipped name
or path and returns a :class:`~transcon.core.board.Board`; every problem is reported as one line
``FILE: HEX: reason`` (or ``FILE: FIELD: reason``) inside a :class:`MapFileError`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from transcon.core.board import Board, HexInfo, SideFeature, Site, SiteKind, Terrain, side_key
from transcon.core.errors import InputError, MapFileError
from transcon.core.hexgrid import Hex, Orientation
from transcon.core.inputs import MAX_FILE_BYTES, control_character, load_json, read_input_bytes
from transcon.core.labels import HexLabels, LabelStyle, Stagger

FORMAT = "transcon-map"
VERSION = 1
_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_.:-]*$")
_RESERVED_LAYERS = ("terrain", "water", "country")
#: Most hexes a map may have (the shipped maps have up to ~5,200).
MAX_MAP_HEXES = 20_000
#: Most rows in a layer, and characters in a row.
MAX_LAYER_ROWS = 1_000
MAX_LAYER_COLUMNS = 1_000
#: Largest map file, in bytes.
MAX_MAP_BYTES = min(MAX_FILE_BYTES, 4 * 1024 * 1024)


def _printable(text: str) -> str:
    """Names end up in one-line messages and in SVG text, which allow no control characters."""
    bad = control_character(text)
    if bad is not None:
        raise ValueError(f"contains the control character {bad!r}")
    return text


Printable = Annotated[str, AfterValidator(_printable)]


class _Strict(BaseModel):
    # defer_build: schemas are built on first use, not when the CLI starts.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class LayoutModel(_Strict):
    orientation: Orientation = Orientation.POINTY
    labels: LabelStyle = LabelStyle.OFFSET
    stagger: Stagger = Stagger.ODD
    first_row: str = Field(default="A", pattern=r"^[A-Z]+$")
    first_column: int = Field(default=1, ge=-1000, le=1000)


class SideGroupModel(_Strict):
    kind: str = Field(pattern=_NAME_RE.pattern)
    name: Printable = ""
    sides: list[str]


class SiteModel(_Strict):
    hex: str
    kind: SiteKind
    name: Printable = ""
    value: int | None = None
    values: dict[str, int] = Field(default_factory=dict)
    slots: int = Field(default=0, ge=0)
    keys: int = Field(default=0, ge=0)
    label: Printable = ""
    count: int = Field(default=1, ge=1)
    tags: list[str] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)


class MapDocument(_Strict):
    """The JSON document of a map file."""

    format: Literal["transcon-map"]
    version: int
    name: str = Field(pattern=_NAME_RE.pattern)
    title: Printable = ""
    description: str = ""
    layout: LayoutModel = Field(default_factory=LayoutModel)
    legends: dict[str, dict[str, str]]
    layers: dict[str, list[str]]
    regions: dict[str, list[str]] = Field(default_factory=dict)
    sides: list[SideGroupModel] = Field(default_factory=list)
    sites: list[SiteModel] = Field(default_factory=list)
    meta: dict[str, Any] = Field(default_factory=dict)


# -- locating maps ----------------------------------------------------------------------------


def shipped_maps_dir() -> Path:
    return Path(str(resources.files("transcon") / "data" / "maps"))


def _title_maps() -> dict[str, Path]:
    """Maps that live with a title's other data files: ``data/NAME/map.json`` (1870, 18c2c)."""
    data = shipped_maps_dir().parent
    return {p.parent.name: p for p in data.glob("*/map.json")} if data.is_dir() else {}


def shipped_map_names() -> list[str]:
    folder = shipped_maps_dir()
    names = {p.stem for p in folder.glob("*.json")} if folder.is_dir() else set()
    return sorted(names | set(_title_maps()))


def resolve_map(name_or_path: str | Path) -> Path:
    """A shipped map's name (``demo``) or a path to a map file -> the file's path."""
    path = Path(name_or_path)
    if path.suffix == ".json" or path.exists():
        if not path.is_file():
            raise MapFileError([f"{path}: file not found"])
        return path
    shipped = shipped_maps_dir() / f"{name_or_path}.json"
    if shipped.is_file():
        return shipped
    title_map = _title_maps().get(str(name_or_path))
    if title_map is not None:
        return title_map
    names = ", ".join(shipped_map_names()) or "none"
    raise MapFileError([f"{name_or_path}: no such map file or shipped map (shipped: {names})"])


_CACHE: dict[tuple[str, float], Board] = {}


def load_map(name_or_path: str | Path) -> Board:
    """Load and validate a map (by shipped name or path). Raises MapFileError listing problems.

    Boards are immutable, so repeated loads of an unchanged file share one instance.
    """
    path = resolve_map(name_or_path)
    key = (str(path.resolve()), path.stat().st_mtime)
    if key not in _CACHE:
        _CACHE[key] = read_map_file(path)
    return _CACHE[key]


def read_map_file(path: Path) -> Board:
    """Read and validate a map file, refusing one over :data:`MAX_MAP_BYTES` unread."""
    try:
        data = read_input_bytes(path, "the map file", MAX_MAP_BYTES)
    except InputError as err:
        raise MapFileError([str(err)]) from None
    return parse_map_text(data, source=str(path))


def parse_map_text(text: bytes | str, source: str = "<map>") -> Board:
    """Parse and validate a map document given as JSON text."""
    try:
        raw = load_json(text, source)
    except InputError as err:
        raise MapFileError([str(err)]) from None
    return board_from_dict(raw, source)


def board_from_dict(raw: Any, source: str = "<map>") -> Board:
    """Validate a decoded map document and build its Board."""
    if not isinstance(raw, dict):
        raise MapFileError([f"{source}: top level: expected a JSON object"])
    if raw.get("format") != FORMAT:
        raise MapFileError([f"{source}: format: expected {FORMAT!r}, got {raw.get('format')!r}"])
    version = raw.get("version")
    if type(version) is not int or version > VERSION or version < 1:  # no bool, no float
        raise MapFileError(
            [f"{source}: version: unsupported map format version {version!r} (we read {VERSION})"]
        )
    _check_size(raw, source)
    try:
        doc = MapDocument.model_validate(raw)
    except ValidationError as err:
        raise MapFileError([_pydantic_problem(source, raw, e) for e in err.errors()]) from None
    return _Builder(doc, source).build()


def _check_size(raw: dict[str, Any], source: str) -> None:
    """Refuse a map too big to work with before validating or building anything."""
    layers = raw.get("layers")
    if not isinstance(layers, dict):
        return  # the schema reports it
    for name, rows in layers.items():
        if not isinstance(rows, list):
            continue
        if len(rows) > MAX_LAYER_ROWS:
            raise MapFileError(
                [f"{source}: layers.{name}: {len(rows):,} rows (at most {MAX_LAYER_ROWS:,})"]
            )
        widest = max((len(row) for row in rows if isinstance(row, str)), default=0)
        if widest > MAX_LAYER_COLUMNS:
            raise MapFileError(
                [
                    f"{source}: layers.{name}: a row of {widest:,} cells "
                    f"(at most {MAX_LAYER_COLUMNS:,})"
                ]
            )
    terrain = layers.get("terrain")
    if isinstance(terrain, list):
        hexes = sum(len(row) - row.count(" ") for row in terrain if isinstance(row, str))
        if hexes > MAX_MAP_HEXES:
            raise MapFileError(
                [f"{source}: {hexes:,} hexes; a map may have at most {MAX_MAP_HEXES:,}"]
            )


def _pydantic_problem(source: str, raw: dict[str, Any], error: Any) -> str:
    loc = list(error["loc"])
    where = ".".join(str(p) for p in loc) or "top level"
    # A problem inside a site is reported at the site's hex, like every other hex problem.
    if len(loc) >= 2 and loc[0] == "sites" and isinstance(loc[1], int):
        sites = raw.get("sites")
        site = sites[loc[1]] if isinstance(sites, list) and loc[1] < len(sites) else None
        if isinstance(site, dict) and isinstance(site.get("hex"), str):
            field = ".".join(str(p) for p in loc[2:]) or "site"
            return f"{source}: {site['hex']}: site {field}: {error['msg']}"
    return f"{source}: {where}: {error['msg']}"


class _Builder:
    """Turns a schema-valid document into a Board, collecting every semantic problem."""

    def __init__(self, doc: MapDocument, source: str) -> None:
        self.doc = doc
        self.source = source
        self.problems: list[str] = []
        self._hex_at: dict[tuple[int, int], Hex] = {}
        self._label_of: dict[Hex, str] = {}
        lay = doc.layout
        try:
            self.labels = HexLabels(
                lay.labels, lay.orientation, lay.stagger, lay.first_row, lay.first_column
            )
        except ValueError as err:
            raise MapFileError([f"{source}: layout: {err}"]) from None

    def problem(self, where: str, reason: str) -> None:
        self.problems.append(f"{self.source}: {where}: {reason}")

    def _cells(self, layer: str) -> Iterator[tuple[Hex, str]]:
        """The layer's (hex, character) pairs. A cell's hex and label are worked out once
        for all the layers (a map's load reads every layer of every game)."""
        labels, hex_at, label_of = self.labels, self._hex_at, self._label_of
        for row, line in enumerate(self.doc.layers.get(layer, [])):
            letters = ""
            for index, ch in enumerate(line):
                if ch == " ":
                    continue
                h = hex_at.get((row, index))
                if h is None:
                    number = labels.cell_number(row, index)
                    h = hex_at[(row, index)] = labels.to_hex(row, number)
                    letters = letters or labels.letters(row)
                    label_of[h] = f"{letters}{number}"
                yield h, ch

    def _decode_layer(self, layer: str) -> dict[Hex, str]:
        legend = self.doc.legends.get(layer)
        if legend is None:
            self.problem(f"layers.{layer}", "no legend of that name")
            return {}
        for ch, value in legend.items():
            if len(ch) != 1 or ch == " ":
                self.problem(f"legends.{layer}", f"key {ch!r} must be one non-space character")
            if not _NAME_RE.match(value) and layer not in ("country",):
                self.problem(f"legends.{layer}", f"value {value!r} is not a lower-case name")
        out: dict[Hex, str] = {}
        for h, ch in self._cells(layer):
            if ch not in legend:
                self.problem(self.labels.label(h), f"{layer} layer: character {ch!r} not in legend")
                continue
            out[h] = legend[ch]
        return out

    def _parse_label(self, text: str, where: str, exists: set[Hex]) -> Hex | None:
        try:
            h = self.labels.parse(text)
        except ValueError as err:
            self.problem(where, f"bad hex label {text!r}: {err}")
            return None
        if h not in exists:
            self.problem(text, f"{where}: hex is not on the map")
            return None
        return h

    def build(self) -> Board:
        doc = self.doc
        if "terrain" not in doc.layers:
            raise MapFileError([f"{self.source}: layers: the terrain layer is required"])
        terrain = self._decode_layer("terrain")
        exists = set(terrain)
        layers = {name: self._decode_layer(name) for name in doc.layers if name != "terrain"}
        for name, values in layers.items():
            for h in values:
                if h not in exists:
                    self.problem(
                        self.labels.label(h), f"{name} layer: value on a hex with no terrain"
                    )
        water = layers.get("water", {})
        for h, t in terrain.items():
            if t == Terrain.WATER and h not in water:
                self.problem(self.labels.label(h), "water hex has no water body")
            if t != Terrain.WATER and h in water:
                self.problem(self.labels.label(h), f"land hex ({t}) has a water body")

        regions: dict[Hex, set[str]] = {h: set() for h in exists}
        for tag, hex_labels in doc.regions.items():
            if not _NAME_RE.match(tag):
                self.problem(f"regions.{tag}", "region names are lower-case names")
            for text in hex_labels:
                member = self._parse_label(text, f"regions.{tag}", exists)
                if member is not None:
                    regions[member].add(tag)
        for name, values in layers.items():
            if name == "water":
                continue
            for h, value in values.items():
                if h in regions:
                    regions[h].add(f"{name}:{value}")

        sides: dict[tuple[Hex, Hex], list[SideFeature]] = {}
        for i, group in enumerate(doc.sides):
            for text in group.sides:
                parts = text.split("/")
                where = f"sides[{i}] {group.kind} {group.name}".rstrip()
                if len(parts) != 2:
                    self.problem(where, f"side {text!r} must be written HEX/HEX")
                    continue
                a = self._parse_label(parts[0], where, exists)
                b = self._parse_label(parts[1], where, exists)
                if a is None or b is None:
                    continue
                if not a.is_neighbor(b):
                    self.problem(parts[0], f"{where}: {text} are not neighbours")
                    continue
                sides.setdefault(side_key(a, b), []).append(SideFeature(group.kind, group.name))

        site_of: dict[Hex, Site] = {}
        for s in doc.sites:
            at = self._parse_label(s.hex, f"sites ({s.name or s.kind})", exists)
            if at is None:
                continue
            if at in site_of:
                self.problem(s.hex, "hex has more than one site")
                continue
            if terrain.get(at) == Terrain.WATER and s.kind is not SiteKind.OFFBOARD:
                self.problem(s.hex, f"{s.kind} {s.name!r} is on a water hex")
            site_of[at] = Site(
                kind=s.kind.value,
                name=s.name,
                value=s.value,
                values=dict(s.values),
                slots=s.slots,
                keys=s.keys,
                label=s.label,
                count=s.count,
                tags=tuple(s.tags),
                data=dict(s.data),
            )

        if self.problems:
            raise MapFileError(self.problems)
        country = layers.get("country", {})
        infos = [
            HexInfo(
                hex=h,
                label=self._label_of[h],
                terrain=t,
                water_body=water.get(h),
                country=country.get(h),
                regions=frozenset(regions[h]),
                site=site_of.get(h),
            )
            for h, t in terrain.items()
        ]
        return Board(
            name=doc.name,
            title=doc.title,
            description=doc.description,
            labels=self.labels,
            hexes=infos,
            sides=sides,
            meta=doc.meta,
        )


# -- writing ------------------------------------------------------------------------------------


def _legend_chars() -> Iterator[str]:
    yield from ".abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789~#%&*+=?@^"


def _encode_layer(
    board: Board, values: dict[Hex, str], preset: dict[str, str]
) -> tuple[dict[str, str], list[str]]:
    rows, cols = board.cell_extent()
    grid = [[" "] * cols for _ in range(rows)]
    char_of = {v: k for k, v in preset.items()}
    free = (c for c in _legend_chars() if c not in preset)
    for h, value in sorted(values.items(), key=lambda kv: board.labels.hex_to_cell(kv[0])):
        if value not in char_of:
            char_of[value] = next(free)
        row, index = board.labels.hex_to_cell(h)
        grid[row][index] = char_of[value]
    legend = {c: v for v, c in sorted(char_of.items(), key=lambda kv: kv[1])}
    return legend, ["".join(r).rstrip() for r in grid]


TERRAIN_CHARS = {".": "plain", "m": "mountain", "h": "hill", "s": "swamp", "~": "water"}


def board_to_dict(board: Board, region_tags: list[str] | None = None) -> dict[str, Any]:
    """A map document for ``board`` (layers for terrain, water and country)."""
    hexes = list(board)
    layers: dict[str, list[str]] = {}
    legends: dict[str, dict[str, str]] = {}
    legends["terrain"], layers["terrain"] = _encode_layer(
        board, {i.hex: i.terrain for i in hexes}, TERRAIN_CHARS
    )
    water = {i.hex: i.water_body for i in hexes if i.water_body}
    if water:
        legends["water"], layers["water"] = _encode_layer(board, water, {})
    country = {i.hex: i.country for i in hexes if i.country}
    if country:
        legends["country"], layers["country"] = _encode_layer(board, country, {})
    derived_prefixes = tuple(f"{name}:" for name in layers)
    tags = (
        region_tags
        if region_tags is not None
        else [t for t in board.region_names() if not t.startswith(derived_prefixes)]
    )
    regions = {t: sorted((board.label(h) for h in board.region(t)), key=_label_order) for t in tags}
    groups: dict[tuple[str, str], list[str]] = {}
    for (a, b), features in board.sides():
        for f in features:
            groups.setdefault((f.kind, f.name), []).append(f"{board.label(a)}/{board.label(b)}")
    sides = [
        {"kind": k, "name": n, "sides": sorted(v)} if n else {"kind": k, "sides": sorted(v)}
        for (k, n), v in sorted(groups.items())
    ]
    sites = []
    for info in sorted(board.sites(), key=lambda i: _label_order(i.label)):
        s = info.site
        assert s is not None
        entry: dict[str, Any] = {"hex": info.label, "kind": s.kind, "name": s.name}
        for key, value, default in (
            ("value", s.value, None),
            ("values", dict(s.values), {}),
            ("slots", s.slots, 0),
            ("keys", s.keys, 0),
            ("label", s.label, ""),
            ("count", s.count, 1),
            ("tags", list(s.tags), []),
            ("data", dict(s.data), {}),
        ):
            if value != default:
                entry[key] = value
        sites.append(entry)
    lab = board.labels
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": board.name,
        "title": board.title,
        "description": board.description,
        "layout": {
            "orientation": lab.orientation.value,
            "labels": lab.style.value,
            "stagger": lab.stagger.value,
            "first_row": lab.first_row,
            "first_column": lab.first_column,
        },
        "legends": legends,
        "layers": layers,
        "regions": regions,
        "sides": sides,
        "sites": sites,
        "meta": board.meta,
    }


def _label_order(label: str) -> tuple[int, str, int]:
    m = re.match(r"^([A-Z]+)(-?\d+)$", label)
    if not m:
        return (0, label, 0)
    return (len(m.group(1)), m.group(1), int(m.group(2)))


def dumps_map(document: dict[str, Any]) -> str:
    """Canonical text of a map document: stable key order, one layer row per line."""
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"
