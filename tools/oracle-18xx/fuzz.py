"""Fuzz our 1870 engine against 18xx.games: bot games, exported, run through the oracle.

    python tools/oracle-18xx/fuzz.py --games 200 [--start I] [--seed S] [--out DIR] [--json]

Games cycle through 2 to 6 players, the random and builder bots and the optional rules
18xx.games supports; every game is played with the options the importer gives those rules
(18xx.games' behaviour), saved (``DIR/1870-SEED.json``), exported (``DIR/1870-SEED.18xx.json``)
and replayed by both engines. Prints the difference count and how often each rare corner
occurred (from our event log), and the first difference of each differing game.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from oracle_18xx import DEFAULT_LIB, engine_available, print_report, run_oracle  # noqa: E402

from transcon.core.bots import bot_seed, make_bot, play_out  # noqa: E402
from transcon.core.game import Game  # noqa: E402
from transcon.core.savefile import save_game  # noqa: E402
from transcon.eighteen.framework.state import GameState  # noqa: E402
from transcon.titles.t1870.game import Title1870  # noqa: E402
from transcon.titles.t1870.importer.export import export_game  # noqa: E402
from transcon.titles.t1870.importer.options import options_1870  # noqa: E402

RULE_SETS: tuple[tuple[str, ...], ...] = (
    (),
    ("diesels",),
    ("finish_on_400",),
    ("original_market", "original_tiles"),
    ("can_protect_if_sold", "max_reissue_200"),
    ("diesels", "finish_on_400", "station_wars"),
)
BOTS = ("builder", "random")


def corners(game: Game[GameState]) -> Counter[str]:
    """How often the rare corners the fuzzing must reach occurred in one game."""
    found: Counter[str] = Counter()
    log = list(game.log)
    rounds = []
    cells: dict[str, tuple[int, int] | None] = {}
    previous = None
    replay = Game.new(game.title, list(game.players), game.options, game.seed)
    for action in log:
        before = replay.state.round
        events = replay.apply(action)
        text = " ".join(e.text for e in events)
        kind = action.type
        rounds.append(before)
        if kind == "sell" and before == "operating":
            found["sale in an operating round (president raising cash)"] += 1
        if kind == "protect":
            found["price protection taken"] += 1
        if kind == "protect" and before == "operating":
            found["protection of an operating-round sale"] += 1
        if "contributes" in text or "president pays" in text:
            found["president pays for a forced train"] += 1
        if kind == "bankrupt":
            found["bankruptcy"] += 1
        if kind == "redeem":
            found["redemption"] += 1
        if kind == "reissue":
            found["reissue"] += 1
        if kind == "connect":
            found["connection run"] += 1
        if kind == "lay" and getattr(action, "private", "") == "MRBC":
            found["Mississippi bridge (MRBC lay)"] += 1
        if "closes" in text:
            found["company closes"] += 1
        market = replay.title.market(replay.state)  # type: ignore[attr-defined]
        for sym, corp in replay.state.corps.items():
            if corp.cell is not None and cells.get(sym) != corp.cell and market.on_ledge(corp.cell):
                found["market token onto a ledge"] += 1
            if corp.cell is not None and cells.get(sym) != corp.cell and market.zone(corp.cell):
                found[f"market zone {market.zone(corp.cell)} entered"] += 1
            cells[sym] = corp.cell
        same_buyer = previous is not None and previous.player == action.player
        if kind == "buy" and same_buyer and previous is not None and previous.type == "buy":
            same_corp = getattr(previous, "corp", "") == getattr(action, "corp", "")
            if same_corp and getattr(action, "source", "") == "pool":
                found["several pool buys in one turn (brown)"] += 1
        previous = action
    return found


def play(index: int, seed: int) -> tuple[Game[GameState], dict[str, Any]]:
    players = 2 + index % 5
    rules = RULE_SETS[(index // 5) % len(RULE_SETS)]
    bot = BOTS[(index // 30) % len(BOTS)] if index % 3 else "random"
    options = options_1870(rules, check_routes=True)  # runs name their routes
    names = [f"P{i}" for i in range(1, players + 1)]
    game = Game.new(Title1870(), names, options, seed + index)
    bots = {p: make_bot(game.title, bot, bot_seed(seed, index, i)) for i, p in enumerate(names)}
    play_out(game, bots, 20_000)
    return game, {"players": players, "rules": list(rules), "bot": bot}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first game index (batches)")
    parser.add_argument("--seed", type=int, default=1870_000)
    parser.add_argument("--out", type=Path, default=Path("/tmp/oracle-18xx-fuzz"))
    parser.add_argument("--engine-lib", type=Path, default=DEFAULT_LIB)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    why = engine_available(args.engine_lib)
    if why:
        print(f"error: {why}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    totals: Counter[str] = Counter()
    differing = 0
    summary: list[dict[str, Any]] = []
    for index in range(args.start, args.start + args.games):
        game, setup = play(index, args.seed)
        save = args.out / f"1870-{game.seed}.json"
        save_game(game, save)
        exported = args.out / f"1870-{game.seed}.18xx.json"
        exported.write_text(json.dumps(export_game(game)) + "\n")
        report = run_oracle(exported, args.engine_lib)
        found = corners(game)
        totals.update(found)
        differing += not report.ok
        summary.append({**setup, **report.as_dict(), "corners": dict(found)})
        if not report.ok:
            print_report(report)
        if args.json:  # written after every game, so a long run can be stopped at any time
            (args.out / f"summary-{args.start}.json").write_text(
                json.dumps(summary, indent=1) + "\n"
            )
        print(
            f"game {index + 1}/{args.start + args.games} seed {game.seed} {setup}: "
            f"{'ok' if report.ok else 'DIFFERENT'} ({report.compared} compared, "
            f"{game.state.end_reason})",
            flush=True,
        )
    print(f"{args.games} games, {differing} with differences")
    for corner, count in sorted(totals.items()):
        print(f"  {corner}: {count}")
    return 0 if differing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
