"""Oracle: check every route of a game recorded by 18xx.games with our route engine.

The recorded game (format: ``shared/reference/18xx-games/README.md``) is filtered for undo and
redo, then replayed action by action into a :class:`Position1870` (tiles, home tokens placed
implicitly when a company starts operating, station and destination tokens, phase, cattle and
port tokens). At every effective ``run_routes`` each recorded route is rebuilt in our track
graph, checked with :func:`~transcon.eighteen.routes.check_routes` and valued with
:func:`~transcon.eighteen.routes.route_revenue`; the value is compared with the recorded one.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from transcon.core.errors import InputError
from transcon.core.hexgrid import Hex
from transcon.core.inputs import brief, load_json, read_input_bytes
from transcon.eighteen.games_file import validate_games_file
from transcon.eighteen.graph import TrackGraph
from transcon.eighteen.routes import (
    NOT_CONNECTED,
    REVERSE,
    Route,
    RouteError,
    check_route,
    route_revenue,
)
from transcon.eighteen.trains import TrainType, parse_train
from transcon.titles.t1870.game.data import CATTLE_PRIVATE, PORT_PRIVATE
from transcon.titles.t1870.options import RouteOptions1870
from transcon.titles.t1870.position import Position1870
from transcon.titles.t1870.revenue import stop_values

Action = dict[str, Any]

# First purchase of a train name starts a phase (README "Phase changes").
PHASE_OF_TRAIN = {"3": "2", "4": "3", "5": "4", "6": "5", "8": "6", "10": "7", "12": "8", "D": "D"}
PHASE_ORDER = ("1", "2", "3", "4", "5", "6", "7", "8", "D")
REMOVE_PRIVATE_TOKENS_AT = "6"  # the first 6-train removes the cattle and port tokens
CORPORATION_OR_ACTIONS = frozenset(
    {
        "lay_tile",
        "place_token",
        "run_routes",
        "buy_train",
        "dividend",
        "pass",
        "choose",
        "discard_train",
        "buy_company",
    }
)


def effective_actions(actions: Sequence[Action]) -> list[Action]:
    """The actions left after applying ``undo``/``redo`` (README "Undo and redo")."""
    active: list[Action] = []
    redo: list[list[Action]] = []
    for a in actions:
        kind = a.get("type")
        if kind == "undo":
            target = a.get("action_id")
            if target is None:
                idx = next(
                    (
                        i
                        for i in range(len(active) - 1, -1, -1)
                        if active[i].get("type") != "message"
                    ),
                    None,
                )
                if idx is None:
                    continue
                group = [active.pop(idx)]
            else:
                cut = (
                    0
                    if target == 0
                    else next(
                        (i + 1 for i, x in enumerate(active) if x.get("id") == target), len(active)
                    )
                )
                group = [x for x in active[cut:] if x.get("type") != "message"]
                active = active[:cut] + [x for x in active[cut:] if x.get("type") == "message"]
            redo.append(group)
        elif kind == "redo":
            if redo:
                active.extend(redo.pop())
        else:
            if kind != "message":
                redo.clear()
            active.append(a)
    return active


@dataclass(slots=True)
class Mismatch:
    action: int
    company: str
    train: str
    route: str
    kind: str
    """``rejected`` (our validator refused the route) or ``revenue`` (different value)."""
    reason: str
    recorded: int
    computed: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "company": self.company,
            "train": self.train,
            "route": self.route,
            "kind": self.kind,
            "reason": self.reason,
            "recorded": self.recorded,
            "computed": self.computed,
        }


@dataclass(slots=True)
class OracleReport:
    routes: int = 0
    accepted: int = 0
    revenue_matches: int = 0
    run_actions: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "routes": self.routes,
            "accepted": self.accepted,
            "revenue_matches": self.revenue_matches,
            "run_routes_actions": self.run_actions,
            "mismatches": [m.as_dict() for m in self.mismatches],
            "notes": self.notes,
        }


def load_fixture(path: Path) -> dict[str, Any]:
    """Read an 18xx.games 1870 game file; its shape is validated once here (InputError)."""
    raw = load_json(read_input_bytes(path, "the 18xx.games file"), str(path))
    if not isinstance(raw, dict) or not isinstance(raw.get("actions"), list):
        raise InputError(f"{path}: not an 18xx.games game (no action list)")
    if str(raw.get("title")) != "1870":
        raise InputError(f"{path}: title {brief(raw.get('title'))} is not 1870")
    validate_games_file(raw, str(path))
    return raw


class Replay1870:
    """Replays a recorded 1870 game's track, token, train and private actions.

    ``closed_after`` maps a recorded action id to the companies that close with it (from a
    full replay of the game, :func:`company_closures`); their tokens leave the map then.
    Without it a closure is inferred from a token placed in a slot still holding the closed
    company's token (see :meth:`apply`)."""

    def __init__(
        self, game: dict[str, Any], closed_after: Mapping[int, Sequence[str]] | None = None
    ) -> None:
        settings = game.get("settings") or {}
        self.options = RouteOptions1870.from_18xx_games(settings.get("optional_rules") or [])
        self.position = Position1870(options=self.options)
        self.tile_hex: dict[str, Hex] = {}
        self.private_owner: dict[str, str] = {}
        self.trains_seen: set[str] = set()
        self.notes: list[str] = []
        self.actions = effective_actions(game["actions"])
        self.closed_after = dict(closed_after or {})

    def run(self) -> Iterator[Action]:
        """Apply every effective action; yield each ``run_routes`` before it is applied."""
        for a in self.actions:
            kind = a.get("type")
            if a.get("entity_type") == "corporation" and kind in CORPORATION_OR_ACTIONS:
                self.position.place_home(str(a["entity"]))
            if kind == "run_routes":
                yield a
            else:
                self.apply(a)
            for company in self.closed_after.get(int(a.get("id") or -1), ()):
                self.position.close_company(company)

    def apply(self, a: Action) -> None:
        pos = self.position
        kind = a.get("type")
        if kind == "lay_tile":
            tile_id = str(a["tile"])
            name = tile_id.rsplit("-", 1)[0]
            h = pos.hex(str(a["hex"]))
            pos.lay_tile(h, name, int(a["rotation"]))
            self.tile_hex[tile_id] = h
        elif kind == "place_token":
            tile_id, part = str(a["city"]).rsplit("-", 1)
            h = self.tile_hex.get(tile_id) or pos.hex(tile_id.rsplit("-", 1)[0])
            company = str(a.get("tokener") or a["entity"])
            slot = a.get("slot")
            occupant = pos.place_token(
                h, int(part), company, int(slot) if slot is not None else None
            )
            if occupant is not None:
                # The recorded slot holds another company's token in our replay: that company
                # must have left play (1870 companies close when their price enters the grey
                # zone; we do not model share prices), so its tokens go.
                self.notes.append(
                    f"action {a.get('id')}: {company} took {occupant}'s slot in "
                    f"{pos.data.board.label(h)}; {occupant} is taken as closed"
                )
                pos.close_company(occupant)
                pos.place_token(h, int(part), company, int(slot) if slot is not None else None)
        elif kind == "buy_train":
            name = str(a["train"]).rsplit("-", 1)[0]
            if name not in self.trains_seen:
                self.trains_seen.add(name)
                phase = PHASE_OF_TRAIN.get(name)
                if phase and PHASE_ORDER.index(phase) > PHASE_ORDER.index(pos.phase):
                    pos.set_phase(phase)
                if name == REMOVE_PRIVATE_TOKENS_AT:
                    pos.privates.removed = True
                    pos.changed()
        elif kind == "buy_company":
            self.private_owner[str(a["company"])] = str(a["entity"])
        elif kind == "assign":
            self._assign(a)
        elif kind == "choose" and a.get("choice") == "Map":
            pos.place_destination(str(a["entity"]))

    def _assign(self, a: Action) -> None:
        pos = self.position
        company = str(a["entity"])
        h = pos.hex(str(a["target"]))
        owner = self.private_owner.get(company)
        p = pos.privates
        if company == CATTLE_PRIVATE:
            p.cattle_hex, p.cattle_owner = h, owner
        elif company == PORT_PRIVATE:
            if p.port_hex == h:
                p.port_closed = True
            else:
                p.port_hex, p.port_owner, p.port_closed = h, owner, False
        pos.changed()


def _route_from_record(
    graph: TrackGraph, record: dict[str, Any], train: TrainType, position: Position1870
) -> Route:
    """Rebuild a recorded route as stops and hops of ``graph`` (RouteError if impossible)."""
    segments = [[position.hex(h) for h in seg] for seg in record.get("connections", [])]
    if not segments:
        raise RouteError(NOT_CONNECTED, "the route has no track", train.name)
    stop_hexes = [position.hex(h) for h in record.get("hexes", [])]
    sigs = record.get("nodes")
    allowed: set[int] | None = None
    if sigs:
        allowed = set()
        for sig in sigs:
            if sig not in graph.index:
                raise RouteError(NOT_CONNECTED, f"there is no stop {sig} on the map", train.name)
            allowed.add(graph.index[sig])

    def candidates(h: Hex) -> list[int]:
        return [s.id for s in graph.stops_in(h) if allowed is None or s.id in allowed]

    for seg in segments:
        for i in range(1, len(seg) - 1):
            if seg[i - 1] == seg[i + 1]:
                where = position.data.board.label(seg[i])
                raise RouteError(
                    REVERSE,
                    f"the route turns back in {where}: a train may not "
                    "reverse its route at a junction",
                    train.name,
                )
    # Orient segments: each must start where the previous one ended.
    oriented: list[list[Hex]] = []
    first_hex = stop_hexes[0] if stop_hexes else None
    for i, seg in enumerate(segments):
        if i == 0:
            nxt = segments[1] if len(segments) > 1 else None
            if nxt is not None:
                fwd = seg[-1] in (nxt[0], nxt[-1])
                rev = seg[0] in (nxt[0], nxt[-1])
                if (rev and not fwd) or (fwd and rev and first_hex == seg[-1]):
                    seg = seg[::-1]
            elif first_hex is not None and seg[0] != first_hex:
                seg = seg[::-1]
        elif seg[0] != oriented[-1][-1]:
            seg = seg[::-1]
        oriented.append(seg)

    # Depth-first choice of stops and hops, consistent across segments.
    def search(i: int, at: int, stops: list[int], hops: list[int]) -> Route | None:
        if i == len(oriented):
            return Route(train, tuple(stops), tuple(hops))
        seg = tuple(oriented[i])
        ends = set(candidates(seg[-1]))
        for hop in graph.adj[at]:
            if hop.to in ends and graph.hops[hop.id].hexes == seg:
                got = search(i + 1, hop.to, [*stops, hop.to], [*hops, hop.id])
                if got is not None:
                    return got
        return None

    for start in candidates(oriented[0][0]):
        found = search(0, start, [start], [])
        if found is not None:
            return found
    bad = next((seg for seg in oriented if not _segment_ok(graph, seg, candidates)), oriented[0])
    raise RouteError(NOT_CONNECTED, _explain_segment(position, bad), train.name)


def _segment_ok(graph: TrackGraph, seg: list[Hex], candidates: Any) -> bool:
    tup = tuple(seg)
    return any(graph.hops[h.id].hexes == tup for s in candidates(seg[0]) for h in graph.adj[s])


def _explain_segment(position: Position1870, seg: list[Hex]) -> str:
    """Why a recorded stretch of track does not exist on our board (README step 3)."""
    board = position.data.board
    names = "-".join(board.label(h) for h in seg)
    orient = board.orientation
    for a, b in itertools.pairwise(seg):
        if not a.is_neighbor(b):
            return f"{names}: {board.label(a)} and {board.label(b)} are not neighbours"
    for i, h in enumerate(seg):
        placed = position.tiles.get(h)
        sides = {h.side_to(seg[j], orient) for j in (i - 1, i + 1) if 0 <= j < len(seg)}
        exits = placed.tile.exits(placed.rotation) if placed else frozenset()
        missing = sorted(sides - exits)
        if missing:
            return f"{names}: the tile in {board.label(h)} has no track to side {missing[0]}"
    return f"no track on the map runs {names} between two stops"


def company_closures(game: dict[str, Any]) -> dict[int, list[str]] | None:
    """Companies closing with each recorded action (action id -> symbols), from a full
    replay of the game by our 1870 engine (share prices included); None when our engine
    cannot replay the whole game."""
    from transcon.core.errors import TransconError
    from transcon.titles.t1870.importer.replay import Importer

    try:
        importer = Importer(game)
        report = importer.run()
    except (TransconError, KeyError, TypeError, ValueError, IndexError):
        return None
    if report.divergence is not None:
        return None
    return importer.closed_after


def check_game(game: dict[str, Any], *, full_replay: bool = True) -> OracleReport:
    """Check every effective recorded route of an 18xx.games 1870 game.

    With ``full_replay`` company closures come from our engine's replay of the whole game
    (:func:`company_closures`); otherwise, or when that replay fails, they are inferred."""
    closures = company_closures(game) if full_replay else None
    replay = Replay1870(game, closures)
    closure_notes = [
        f"action {action_id}: {company} closes (our engine's full replay)"
        for action_id, companies in sorted((closures or {}).items())
        for company in companies
    ]
    report = OracleReport()
    for action in replay.run():
        report.run_actions += 1
        company = str(action["entity"])
        graph = replay.position.graph()
        values = stop_values(graph, company, replay.position)
        used = 0
        for record in action.get("routes", []):
            report.routes += 1
            train_id = str(record.get("train", "?"))
            train = parse_train(train_id.rsplit("-", 1)[0])
            recorded = int(record.get("revenue", 0))
            text = str(record.get("revenue_str") or "-".join(record.get("hexes", [])))
            try:
                route = _route_from_record(graph, record, train, replay.position)
                mask = check_route(graph, company, route)
                if used & mask:
                    raise RouteError(
                        "8.1-trains-share-track",
                        "uses track another train of the company already used",
                        train.name,
                    )
                used |= mask
            except RouteError as err:
                report.mismatches.append(
                    Mismatch(
                        int(action.get("id", 0)),
                        company,
                        train_id,
                        text,
                        "rejected",
                        str(err),
                        recorded,
                    )
                )
                continue
            report.accepted += 1
            computed = route_revenue(graph, company, route, values)
            if computed == recorded:
                report.revenue_matches += 1
            else:
                report.mismatches.append(
                    Mismatch(
                        int(action.get("id", 0)),
                        company,
                        train_id,
                        text,
                        "revenue",
                        f"recomputed {computed}, recorded {recorded}",
                        recorded,
                        computed,
                    )
                )
    report.notes = closure_notes + replay.notes
    return report


def check_fixture(path: Path) -> OracleReport:
    """Check a recorded game file; InputError when it cannot be read or replayed."""
    game = load_fixture(path)
    try:
        return check_game(game)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise InputError(f"{path}: malformed game record ({type(err).__name__}: {err})") from None
