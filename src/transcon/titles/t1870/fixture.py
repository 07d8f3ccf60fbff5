"""Games recorded by 18xx.games: reading the file and the action stream, and the route oracle.

:func:`load_fixture` reads a recorded game (format: ``shared/reference/18xx-games/README.md``)
and :func:`effective_actions` filters its undo and redo. There is one reader of the action
stream: our 1870 engine's importer (:class:`~transcon.titles.t1870.importer.replay.Importer`).
:func:`recorded_runs` replays a game with it and keeps, at every effective ``run_routes``, our
position just before the run (tiles, station and destination tokens, phase, cattle and port
tokens, companies closed by their share price). The oracle (:func:`check_game`) rebuilds each
recorded route in our track graph, checks it with :func:`~transcon.eighteen.routes.check_route`
and values it with :func:`~transcon.eighteen.routes.route_revenue`; the value is compared with
the recorded one.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
from transcon.titles.t1870.position import Position1870

if TYPE_CHECKING:
    from transcon.eighteen.framework.state import GameState
    from transcon.titles.t1870.game.routing import Context1870
    from transcon.titles.t1870.importer.replay import ImportReport

Action = dict[str, Any]


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


@dataclass(slots=True)
class RecordedRun:
    """One effective recorded ``run_routes`` and our position just before it is applied."""

    action: Action
    context: Context1870

    @property
    def company(self) -> str:
        return str(self.action["entity"])

    @property
    def position(self) -> Position1870:
        return self.context.position


@dataclass(slots=True)
class RecordedGame:
    """A recorded game replayed by our engine: its runs, the import report, the companies
    our engine closed (recorded action id -> symbols) and our last position."""

    runs: list[RecordedRun]
    report: ImportReport
    closed_after: dict[int, list[str]]
    final: Context1870

    def notes(self) -> list[str]:
        """Closures and, when our engine stopped early, where and why."""
        out = [
            f"action {action_id}: {company} closes (our engine's full replay)"
            for action_id, companies in sorted(self.closed_after.items())
            for company in companies
        ]
        stop = self.report.divergence
        if stop is not None:
            out.append(
                f"our engine stopped at recorded action {stop['id']} ({stop['reason']}); "
                "the runs after it are not checked"
            )
        return out


def recorded_runs(game: dict[str, Any]) -> RecordedGame:
    """Replay ``game`` with our engine's importer, keeping our position before every
    effective ``run_routes`` (a run whose recorded routes our engine refuses is applied as its
    recorded revenue, so the replay goes on). InputError when the record is malformed."""
    from transcon.titles.t1870.game.routing import context_of
    from transcon.titles.t1870.importer.replay import Importer

    runs: list[RecordedRun] = []

    def keep(action: Action, state: GameState) -> None:
        runs.append(RecordedRun(action, context_of(state, importer.title.phase(state).name)))

    try:
        importer = Importer(game, on_run=keep)
        report = importer.run()
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise InputError(f"malformed game record ({type(err).__name__}: {err})") from None
    state = importer.state
    final = context_of(state, importer.title.phase(state).name)
    return RecordedGame(runs, report, importer.closed_after, final)


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


def check_game(game: dict[str, Any]) -> OracleReport:
    """Check every effective recorded route of an 18xx.games 1870 game (see the module
    docstring)."""
    replayed = recorded_runs(game)
    report = OracleReport()
    for run in replayed.runs:
        action, company, position = run.action, run.company, run.position
        report.run_actions += 1
        graph = run.context.graph()
        values = run.context.stop_values(graph, company)
        used = 0
        for record in action.get("routes", []):
            report.routes += 1
            train_id = str(record.get("train", "?"))
            train = parse_train(train_id.rsplit("-", 1)[0])
            recorded = int(record.get("revenue", 0))
            text = str(record.get("revenue_str") or "-".join(record.get("hexes", [])))
            try:
                route = _route_from_record(graph, record, train, position)
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
    report.notes = replayed.notes()
    return report


def check_fixture(path: Path) -> OracleReport:
    """Check a recorded game file; InputError when it cannot be read or replayed."""
    game = load_fixture(path)
    try:
        return check_game(game)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise InputError(f"{path}: malformed game record ({type(err).__name__}: {err})") from None
