"""Fuzz our 1870 engine against 18xx.games: bot games, exported, run through the oracle.

    python tools/oracle-18xx/fuzz.py --games 200 [--start I] [--seed S] [--out DIR] [--json]
        [--bots seeker,builder]

Games cycle through 2 to 6 players, the random, builder and seeker bots (``--bots`` picks
others) and the optional rules 18xx.games supports; every game is played with the options the
importer gives those rules (18xx.games' behaviour), saved (``DIR/1870-SEED.json``), exported
(``DIR/1870-SEED.18xx.json``) and replayed by both engines. Prints the difference count, how
often each rare corner occurred (from our event log) and the first difference of each
differing game.
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
from transcon.eighteen.framework.state import GameState, OperatingState  # noqa: E402
from transcon.titles.t1870.game import Title1870  # noqa: E402
from transcon.titles.t1870.game.state import state_1870  # noqa: E402
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
DEFAULT_BOTS = ("builder", "seeker")


def corners(game: Game[GameState]) -> Counter[str]:
    """How often the rare corners the fuzzing must reach occurred in one game (replayed
    action by action; see :class:`CornerCount`)."""
    replay = Game.new(game.title, list(game.players), game.options, game.seed)
    count = CornerCount(replay)
    for action in game.log:
        count.before(action)
        count.after(action, replay.apply(action))
    return count.found


class CornerCount:
    """Counts the corners of issue 12 while ``game`` is played: call :meth:`before` and
    :meth:`after` around each action applied to it."""

    def __init__(self, game: Game[GameState]) -> None:
        self.game = game
        self.found: Counter[str] = Counter()
        self.cells: dict[str, tuple[int, int] | None] = {}
        self.previous: Any = None
        self.round = ""
        self.order: list[str] = []
        self.operating_round: tuple[OperatingState | None, int] = (None, 0)

    def before(self, action: Any) -> None:
        state = self.game.state
        self.round = state.round
        self.order = list(state.operating.order) if state.round == "operating" else []
        self.operating_round = (state.operating, state.operating.number)
        found = self.found
        kind = action.type
        if kind == "connect":
            data = state_1870(state)
            op = state.operating
            found["connection run"] += 1
            if state.round != "operating":
                found["connection run outside an operating round"] += 1
            elif not data.turn_ended:
                found["connection run at the start of an operating round"] += 1
            elif op.index == len(op.order) - 1:
                found["connection run after the last turn of an operating round"] += 1
            if op.index < len(op.order) and action.corp != op.order[op.index]:
                found["connection run of a company not operating"] += 1
        if kind == "protect" or (kind == "pass" and state_1870(state).protection):
            taken = "taken" if kind == "protect" else "declined"
            found[f"price protection {taken}"] += 1
            if state.round == "operating":
                found[f"price protection of an operating-round sale {taken}"] += 1
        if kind == "lay" and getattr(action, "private", "") == "MRBC":
            found["Mississippi bridge (MRBC lay)"] += 1
            title = self.game.title
            home = title.spec(state).corp(title.current_corp(state)).home  # type: ignore[attr-defined]
            if action.hex == home:
                found["Mississippi bridge home lay (MP/SSW, free)"] += 1

    def after(self, action: Any, events: list[Any]) -> None:
        found = self.found
        state = self.game.state
        kind = action.type
        texts = [e.text for e in events]
        if kind == "sell" and self.round == "operating":
            found["sale in an operating round (president raising cash)"] += 1
        if any(" contributes " in t for t in texts):
            found["president pays for a forced train"] += 1
        if kind == "bankrupt":
            found["bankruptcy"] += 1
        if kind in ("redeem", "reissue"):
            found[{"redeem": "redemption", "reissue": "reissue"}[kind]] += 1
        if (
            kind == "private"
            and getattr(action, "private", "") == "MRBC"
            and self.round == "operating"
        ):
            found["Mississippi bridge bought by a company"] += 1
        for text in texts:
            words = text.split()
            if len(words) == 2 and words[1] == "closes" and words[0] in state.corps:
                found["company closes"] += 1
            elif " closes" in text:
                found["private company closes"] += 1
        op, number = self.operating_round
        same_round = op is state.operating and number == state.operating.number
        if self.order and same_round and state.operating.order != self.order:
            found["operating order re-sorted within a round"] += 1
        self._market(state)
        previous = self.previous
        if kind == "buy" and previous is not None and previous.type == "buy":
            same = previous.player == action.player and previous.corp == action.corp
            if same and action.source == "pool":
                found["several pool buys in one turn (brown)"] += 1
        self.previous = action

    def _market(self, state: GameState) -> None:
        market = self.game.title.market(state)  # type: ignore[attr-defined]
        for sym, corp in state.corps.items():
            moved = corp.cell is not None and self.cells.get(sym) != corp.cell
            if moved and market.on_ledge(corp.cell):
                self.found["market token onto a ledge"] += 1
            if moved and market.zone(corp.cell):
                self.found[f"market zone {market.zone(corp.cell)} entered"] += 1
            self.cells[sym] = corp.cell


def bot_for(index: int, bots: tuple[str, ...]) -> str:
    """The bot of game ``index``: one game in three the random bot, the others the builder
    and the seeker in blocks of 30 games (``bots`` given: those, in turn)."""
    if bots:
        return bots[index % len(bots)]
    return DEFAULT_BOTS[(index // 30) % len(DEFAULT_BOTS)] if index % 3 else "random"


def play(
    index: int, seed: int, bots: tuple[str, ...] = ()
) -> tuple[Game[GameState], dict[str, Any]]:
    players = 2 + index % 5
    rules = RULE_SETS[(index // 5) % len(RULE_SETS)]
    bot = bot_for(index, bots)
    options = options_1870(rules, check_routes=True)  # runs name their routes
    names = [f"P{i}" for i in range(1, players + 1)]
    game = Game.new(Title1870(), names, options, seed + index)
    players_bots = {
        p: make_bot(game.title, bot, bot_seed(seed, index, i)) for i, p in enumerate(names)
    }
    play_out(game, players_bots, 20_000)
    return game, {"players": players, "rules": list(rules), "bot": bot}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="first game index (batches)")
    parser.add_argument("--seed", type=int, default=1870_000)
    parser.add_argument("--out", type=Path, default=Path("/tmp/oracle-18xx-fuzz"))
    parser.add_argument("--engine-lib", type=Path, default=DEFAULT_LIB)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--bots", default="", help="bots to cycle through, comma-separated (default: see bot_for)"
    )
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
        game, setup = play(index, args.seed, tuple(b for b in args.bots.split(",") if b))
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
