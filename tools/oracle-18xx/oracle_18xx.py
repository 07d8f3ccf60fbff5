"""Differential oracle: replay an 18xx.games 1870 game file through the 18xx.games engine
(Ruby, ``oracle_18xx.rb``) and through ours (``transcon import-18xx``'s importer), and report
the first recorded action after which the two states differ, both states side by side.

    python tools/oracle-18xx/oracle_18xx.py GAME.json [GAME.json ...] [--engine-lib DIR] [--json]

A development tool (not part of the transcon package): it needs Ruby and a copy of the
18xx.games ``lib`` folder (see README.md; ``setup.sh`` makes one from the snapshot).
Compared after every recorded action: per company price, market cell, position in the
cell's stack, cash, shares (initial offering, treasury, market, players), president, trains,
tokens, closed; per player cash, shares, privates; the round; the operating order; who acts.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from transcon.core.errors import TransconError
from transcon.eighteen.framework.state import GameState
from transcon.titles.t1870.fixture import load_fixture
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.importer.replay import Importer

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "oracle_18xx.rb"
DEFAULT_LIB = Path(os.environ.get("ORACLE_18XX_LIB", "/tmp/18xx/lib"))
State = dict[str, Any]
Raw = dict[str, Any]


def engine_available(lib: Path = DEFAULT_LIB) -> str:
    """Why the oracle cannot run here ("" when it can)."""
    if shutil.which("ruby") is None:
        return "ruby is not installed (apt-get install ruby)"
    if not (lib / "engine" / "game" / "g_1870" / "game.rb").is_file():
        return f"no 18xx.games engine at {lib} (run tools/oracle-18xx/setup.sh)"
    return ""


def their_states(game_file: Path, lib: Path = DEFAULT_LIB) -> Iterator[dict[str, Any]]:
    """The 18xx.games engine's state after each recorded action (JSON lines)."""
    proc = subprocess.run(
        ["ruby", str(DRIVER), str(lib), str(game_file)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "ENGINE_LOG_LEVEL": "4"},  # their logger: errors only
    )
    if proc.returncode != 0 and not proc.stdout:
        raise RuntimeError(f"18xx.games engine failed: {proc.stderr.strip()[-2000:]}")
    for line in proc.stdout.splitlines():
        if line.startswith("ORACLE "):
            yield json.loads(line.removeprefix("ORACLE "))


def our_state(importer: Importer) -> State:
    """Our game's state in the shape ``oracle_18xx.rb`` prints."""
    state: GameState = importer.state
    title = importer.title
    market_stack: dict[tuple[int, int], list[str]] = {}
    for sym, corp in sorted(state.corps.items(), key=lambda kv: kv[1].arrival):
        if corp.cell is not None and not corp.closed:
            market_stack.setdefault(corp.cell, []).append(sym)
    corps: State = {}
    for sym, corp in state.corps.items():
        cell = None if corp.closed else corp.cell
        for_sale = title.hook_treasury_for_sale(state, sym)
        corps[sym] = {
            "price": title.price(state, sym) if cell else None,
            "cell": list(cell) if cell else None,
            "stack": market_stack[cell].index(sym) if cell else None,
            "cash": corp.cash,
            "ipo": corp.ipo + for_sale,
            "treasury": corp.treasury - for_sale,
            "pool": corp.pool,
            "president": corp.president or None,
            "trains": sorted(t.rsplit("-", 1)[0] for t in corp.trains),
            "tokens": sorted(corp.tokens + _destination_token(importer, sym)),
            "closed": corp.closed,
        }
    players: State = {}
    for player in state.players:
        shares = {
            s: c.holders[player.name] for s, c in state.corps.items() if c.holders.get(player.name)
        }
        privates = sorted(
            p.sym for p in state.privates.values() if p.owner == player.name and not p.closed
        )
        players[player.name] = {"cash": player.cash, "shares": shares, "privates": privates}
    operating = state.round == "operating"
    return {
        "corporations": corps,
        "players": players,
        "bank": state.bank,
        "pool_trains": sorted(t.rsplit("-", 1)[0] for t in state.pool_trains),
        "round": state.round,
        "operating_order": list(state.operating.order) if operating else [],
        "acting": _acting(importer),
        "finished": state.round == "over",
    }


def _destination_token(importer: Importer, sym: str) -> list[str]:
    """18xx.games places a destination token used on the map as a token in that city."""
    if state_1870(importer.state).connected.get(sym) != "map":
        return []
    return [importer.title.spec(importer.state).corp(sym).destination]


def _acting(importer: Importer) -> list[str]:
    state = importer.state
    over = importer.title.over_limit(state) if state.round == "operating" else []
    if over:
        return [over[0]]  # a company over its train limit discards first
    if state.round != "operating":
        return list(importer.game.current_players())
    data = state_1870(state)
    queue = data.connection_queue
    if data.connection or queue:
        return [data.connection or queue[0]]  # a connection run is under way
    return [importer.title.current_corp(state)]


def normalise_theirs(theirs: State) -> State:
    out = dict(theirs)
    out["round"] = {"Auction": "auction", "Stock": "stock", "Operating": "operating"}.get(
        theirs["round"], theirs["round"]
    )
    if theirs.get("finished"):
        out["round"] = "over"
    for corp in out["corporations"].values():
        corp["trains"] = sorted(corp["trains"])
        if corp["closed"]:
            corp.update(price=None, cell=None, stack=None)
    return out


COMPARED_CORP = (
    "price",
    "cell",
    "stack",
    "cash",
    "ipo",
    "treasury",
    "pool",
    "president",
    "trains",
    "tokens",
    "closed",
)


def differences(ours: State, theirs: State) -> list[tuple[str, Any, Any]]:
    """``(field, ours, theirs)`` for every compared field that differs."""
    out: list[tuple[str, Any, Any]] = []
    for sym, corp in theirs["corporations"].items():
        mine = ours["corporations"][sym]
        if corp["closed"] and mine["closed"]:
            continue
        for key in COMPARED_CORP:
            if mine[key] != corp[key]:
                out.append((f"{sym}.{key}", mine[key], corp[key]))
    for name, player in theirs["players"].items():
        mine = ours["players"][name]
        for key in ("cash", "shares", "privates"):
            if mine[key] != player[key]:
                out.append((f"{name}.{key}", mine[key], player[key]))
    if ours["pool_trains"] != theirs["pool_trains"]:
        out.append(("pool_trains", ours["pool_trains"], theirs["pool_trains"]))
    if ours["round"] != theirs["round"]:
        out.append(("round", ours["round"], theirs["round"]))
    if not theirs["finished"] and ours["operating_order"] != theirs["operating_order"]:
        out.append(("operating_order", ours["operating_order"], theirs["operating_order"]))
    if not theirs["finished"] and ours["acting"] != theirs["acting"]:
        out.append(("acting", ours["acting"], theirs["acting"]))
    return out


@dataclass(slots=True)
class OracleReport:
    """The outcome of one game file through both engines."""

    game: str
    actions: int = 0
    compared: int = 0
    first_difference: dict[str, Any] | None = None
    their_error: str = ""
    our_error: str = ""
    results: dict[str, Any] = field(default_factory=dict)
    stalemate: bool = False
    """Our game ended in a stalemate (§11, no company operating for five stock rounds), which
    18xx.games does not have: compared up to there."""

    @property
    def ok(self) -> bool:
        return not (self.first_difference or self.their_error or self.our_error)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "actions": self.actions,
            "compared": self.compared,
            "ok": self.ok,
            "first_difference": self.first_difference,
            "their_error": self.their_error,
            "our_error": self.our_error,
            "results": self.results,
            "stalemate": self.stalemate,
        }


def run_oracle(game_file: Path, lib: Path = DEFAULT_LIB) -> OracleReport:
    """Replay ``game_file`` through both engines; stop at the first difference."""
    report = OracleReport(game=str(game_file))
    theirs_by_id: dict[int, State] = {}
    their_result: dict[str, int] = {}
    for line in their_states(game_file, lib):
        if "result" in line:
            their_result = line["result"]
        elif "error" in line:
            report.their_error = f"action {line['id']}: {line['error']}"
        else:
            theirs_by_id[int(line["id"])] = line["state"]
    importer = Importer(load_fixture(game_file))
    stream = importer.stream()
    report.actions = len(stream)
    previous_acting: list[str] = []
    for index, raw in enumerate(stream):
        following = stream[index + 1] if index + 1 < len(stream) else None
        theirs = theirs_by_id.get(int(raw.get("id") or -1))
        try:
            importer.feed(raw, following)
            if following is not None and following.get("id") == raw.get("id"):
                continue  # an auto-action of the same recorded action follows
            if theirs is None:
                break
            acting = theirs["acting"]
            ended = _turn_ended(raw, following, acting, previous_acting)
            previous_acting = acting
            if not ended:
                continue  # inside a turn the engines close steps at different moments
            if following is None:
                importer.finish()  # the record stopped inside a turn: close it
            elif importer.prepare(following) is None:
                continue  # the next action closes nothing of ours: no settled point here
        except TransconError as err:
            report.our_error = f"action {raw.get('id')} ({raw.get('type')}): {err}"
            break
        ours = our_state(importer)
        if importer.state.end_reason == "stalemate" and not theirs["finished"]:
            report.stalemate = True  # 18xx.games has no stalemate end: it plays on
            break
        if "auction" in (ours["round"], normalise_theirs(theirs)["round"]):
            continue  # the auction resolves privates in another order; compared after it
        if theirs["protection_pending"] or _protection_pending(importer.state):
            continue  # sales wait for price protection: the drops are compared once decided
        diffs = differences(ours, normalise_theirs(theirs))
        report.compared += 1
        if diffs:
            report.first_difference = {
                "action": {k: v for k, v in raw.items() if k not in ("created_at", "auto_actions")},
                "fields": [{"field": f, "ours": o, "theirs": t} for f, o, t in diffs],
            }
            break
    if report.ok and not report.stalemate:
        report.results = {
            "ours": {k: int(v) for k, v in importer.game.result().items()},
            "theirs": their_result,
        }
        if report.results["ours"] != their_result:
            report.first_difference = {
                "action": "end of game",
                "fields": [
                    {"field": "result", "ours": report.results["ours"], "theirs": their_result}
                ],
            }
    return report


def _protection_pending(state: GameState) -> bool:
    data = state_1870(state)
    return state.round != "over" and bool(data.protection or data.pending_sales)


def _turn_ended(
    raw: Raw, following: Raw | None, acting: list[str], previous_acting: list[str]
) -> bool:
    """Whether ``raw`` ended a turn, so both engines have settled: the next recorded action is
    another entity's and 18xx.games' acting entity changed with it."""
    if following is None:
        return True
    same = (raw.get("entity"), raw.get("entity_type")) == (
        following.get("entity"),
        following.get("entity_type"),
    )
    return not same and acting != previous_acting


def print_report(report: OracleReport) -> None:
    status = "0 differences" if report.ok else "DIFFERENT"
    if report.ok and report.stalemate:
        status += " (our stalemate end: compared up to it)"
    print(f"{report.game}: {report.compared}/{report.actions} actions compared, {status}")
    if report.their_error:
        print(f"  18xx.games refused {report.their_error}")
    if report.our_error:
        print(f"  our engine refused {report.our_error}")
    if report.first_difference:
        print(f"  first difference after {json.dumps(report.first_difference['action'])[:300]}")
        width = max(len(f["field"]) for f in report.first_difference["fields"])
        print(f"  {'field'.ljust(width)}  ours | 18xx.games")
        for f in report.first_difference["fields"]:
            print(
                f"  {f['field'].ljust(width)}  {json.dumps(f['ours'])} | {json.dumps(f['theirs'])}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", type=Path)
    parser.add_argument("--engine-lib", type=Path, default=DEFAULT_LIB)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    why = engine_available(args.engine_lib)
    if why:
        print(f"error: {why}", file=sys.stderr)
        return 2
    reports = [run_oracle(game, args.engine_lib) for game in args.games]
    if args.json:
        print(json.dumps([r.as_dict() for r in reports], indent=1))
    else:
        for report in reports:
            print_report(report)
    return 0 if all(r.ok for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
