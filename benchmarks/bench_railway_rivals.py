"""Benchmark: greedy-bot games of Railway Rivals USA per CPU-second at 2 to 6 rivals, and the
slowest single command (`act`, `status`, `legal`) on any position of those games.

    .venv/bin/python benchmarks/bench_railway_rivals.py [--players 2,3,4,5,6] [--games 5]
        [--cpu-budget 60] [--legal-every 10] [--bot greedy] [--map usa-transcontinental]
        [--seed 0] [--at RIVALS:SEED:POSITION,...] [--cli-runs 3] [--baseline OTHER_TREE]

The map is loaded (and indexed) once before timing. Each game is played to the end by bots
through the normal ``Game.apply`` path (every action validated), so games per CPU-second
include the rules checks, the route finder and the bots' own planning. At each rival count
games are played until ``--games`` or until ``--cpu-budget`` CPU-seconds were used (at
least one game).

A command-line `act`, `status` or `legal` loads the save, i.e. replays (and re-validates) the
whole log, then does its work. So each game's log is then replayed once, timing every
action: loading position i costs the replay up to i, so `act` of action i costs the replay
through i; `status` costs the replay plus the status text (timed at the last position, the
longest replay); `legal` costs the replay plus what it prints for every rival who may act:
the summary by default (``Title.legal_groups``) and with ``--all``/``--json`` the full list
(``Title.legal_actions``), both timed every ``--legal-every`` positions and at the last (0:
never), each from the state as loading left it (the route caches the replay filled, not
those of the other listing). Save-file I/O (JSON) is not included. ``--at`` times `legal`
(and `--all`) at the given positions of the games those seeds play (e.g. ``6:0:830``: 6
rivals, seed 0, after 830 actions), then stops.

Those figures are the commands' own work in this process. A player also waits for Python
to start, import transcon and read the map. So at the position where ``legal --all`` was
slowest (``--cli-runs``, 0: not done) the real ``transcon`` command is run in a child process:
``status``, ``legal`` and ``legal --all`` as the game master, ``act`` with the action the
game took there, and, in the entries, ``act "enter N"`` for the entry whose route the GM's
pick takes longest to find (the greedy bots always write their routes). Each is run that
many times and its least CPU time (user + system, start-up included) and wall time are
printed.

``--baseline OTHER_TREE`` measures another checkout (e.g. a ``git worktree`` of main) in the
same run: for each rival count this script runs once with ``PYTHONPATH=OTHER_TREE/src`` in a
child process, then in this process, and prints both (CPU time, so other load on the
machine matters little) and whether the games were the same (equal log digests).

Each rival count also prints a digest (SHA-256) of the games' logs: a speed change must
leave it as it was (the same games for the same seeds; compare with the same ``--games``
and a budget large enough that every game is played).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from transcon.core.bots import bot_seed, make_bot
from transcon.core.game import Game
from transcon.core.rng import GameRandom
from transcon.core.savefile import save_game
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState
from transcon.titles.railway_rivals.config import MAP_NAME
from transcon.titles.railway_rivals.mapmodel import rr_map
from transcon.titles.railway_rivals.races import pick_route, route_options


@dataclass
class Figures:
    """What one rival count measured."""

    games: int = 0
    actions: int = 0
    cpu: float = 0.0
    slowest_act: tuple[float, str] = (0.0, "")
    slowest_status: tuple[float, str] = (0.0, "")
    slowest_legal: tuple[float, str] = (0.0, "")
    slowest_summary: tuple[float, str] = (0.0, "")
    legal_checked: int = 0
    #: where `legal --all` was slowest: (game index, position)
    slowest_legal_at: tuple[int, int] = (0, 0)
    #: the command line there: per command, (least CPU-s, least wall s)
    cli: dict[str, tuple[float, float]] = field(default_factory=dict)
    tc_runs: int = 0
    notes: list[str] = field(default_factory=list)
    digest: hashlib._Hash = field(default_factory=hashlib.sha256)


def play_game(
    title: RailwayRivalsUSA, args: argparse.Namespace, names: list[str], index: int
) -> Game[RRState]:
    """One game played to the end by bots (seeds as ``transcon simulate`` draws them)."""
    game = Game.new(title, names, {"map": args.map}, args.seed + index)
    bots = {
        p: make_bot(title, args.bot, bot_seed(args.seed, index, i)) for i, p in enumerate(names)
    }
    while not game.is_over():
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
    return game


def time_commands(
    title: RailwayRivalsUSA,
    game: Game[RRState],
    fig: Figures,
    index: int,
    where: str,
    legal_every: int,
) -> None:
    """Replay the log as loading a save does, timing the commands at every position."""
    fresh = Game.new(title, list(game.players), dict(game.options), game.seed)
    replay = 0.0
    log = list(game.log)
    for i, action in enumerate(log, start=1):
        t0 = time.process_time()
        fresh.apply(action)
        replay += time.process_time() - t0
        if replay > fig.slowest_act[0]:
            fig.slowest_act = (replay, f"{where} action {i}/{len(log)}")
        if legal_every and (i % legal_every == 0 or i == len(log)) and not fresh.is_over():
            loaded = copy.deepcopy(fresh.state.cache)  # what loading the save computed
            t0 = time.process_time()
            for player in fresh.current_players():  # what `transcon legal` prints
                title.legal_groups(fresh.state, player)
            took = replay + time.process_time() - t0
            if took > fig.slowest_summary[0]:
                fig.slowest_summary = (took, f"{where} position {i}/{len(log)}")
            fresh.state.cache.clear()
            fresh.state.cache.update(loaded)
            t0 = time.process_time()
            fresh.legal_actions()  # `transcon legal --all` / `--json`
            took = replay + time.process_time() - t0
            fig.legal_checked += 1
            if took > fig.slowest_legal[0]:
                fig.slowest_legal = (took, f"{where} position {i}/{len(log)}")
                fig.slowest_legal_at = (index, i)
    t0 = time.process_time()
    fresh.status_for(None)
    took = replay + time.process_time() - t0
    if took > fig.slowest_status[0]:
        fig.slowest_status = (took, f"{where} position {len(log)}/{len(log)}")


def time_positions(title: RailwayRivalsUSA, args: argparse.Namespace, at: str) -> None:
    """`legal` and `legal --all` at each ``--at`` position (load = replay to it, then the
    listing for every rival who may act), in CPU seconds."""
    for spec in at.split(","):
        count, seed, position = (int(n) for n in spec.split(":"))
        names = [f"P{i}" for i in range(1, count + 1)]
        game = play_game(title, args, names, seed - args.seed)
        fresh = Game.new(title, list(game.players), dict(game.options), game.seed)
        t0 = time.process_time()
        for action in game.log[:position]:
            fresh.apply(action)
        replay = time.process_time() - t0
        t0 = time.process_time()
        for player in fresh.current_players():
            title.legal_groups(fresh.state, player)
        summary = time.process_time() - t0
        t0 = time.process_time()
        fresh.legal_actions()
        listing = time.process_time() - t0
        print(
            f"{count} rivals, seed {seed}, position {position}/{len(game.log)}: load (replay) "
            f"{replay:.2f} s, legal {replay + summary:.2f} s, legal --all (after it) "
            f"{replay + listing:.2f} s",
            flush=True,
        )


def measure(title: RailwayRivalsUSA, args: argparse.Namespace, count: int) -> Figures:
    """Greedy games at one rival count, then the commands timed over their positions."""
    names = [f"P{i}" for i in range(1, count + 1)]
    fig = Figures()
    games = []
    for index in range(args.games):
        if index and fig.cpu >= args.cpu_budget:
            break
        t0 = time.process_time()
        game = play_game(title, args, names, index)
        fig.cpu += time.process_time() - t0
        fig.games += 1
        fig.actions += len(game.log)
        fig.tc_runs += game.state.tc_run_round is not None
        for action in game.log:
            fig.digest.update(action.model_dump_json().encode())
        games.append((index, game))
    for index, game in games:
        time_commands(title, game, fig, index, f"seed {args.seed + index}", args.legal_every)
    if args.cli_runs and fig.legal_checked:
        index, position = fig.slowest_legal_at
        fig.cli = time_command_line(title, dict(games)[index], position, args.cli_runs)
    return fig


def time_command_line(
    title: RailwayRivalsUSA, game: Game[RRState], position: int, runs: int
) -> dict[str, tuple[float, float]]:
    """The real ``transcon`` commands on a save of ``game`` after ``position`` actions, each
    run ``runs`` times in a child process: per command the least (CPU-s, wall s)."""
    saved = Game.from_log(title, game.players, game.log[:position], game.options, game.seed)
    commands: dict[str, list[str]] = {
        "status": ["status", "--as", "gm"],
        "legal": ["legal", "--as", "gm"],
        "all": ["legal", "--all", "--as", "gm"],
    }
    if position < len(game.log):
        nxt = game.log[position]
        commands["act"] = ["act", title.format_action(nxt), "--player", nxt.player]
    pick = slowest_gm_pick(saved)
    if pick is not None:
        player, race_id = pick
        commands["pick"] = ["act", f"enter {race_id}", "--player", player]
    out: dict[str, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.json")
        for name, words in commands.items():
            cpu, wall = float("inf"), float("inf")
            for _ in range(runs):
                save_game(saved, path)  # `act` changes the file: each run starts alike
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                started = time.perf_counter()
                subprocess.run(
                    [sys.executable, "-m", "transcon", words[0], path, *words[1:]],
                    check=True,
                    stdout=subprocess.DEVNULL,
                )
                wall = min(wall, time.perf_counter() - started)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                cpu = min(cpu, used)
            out[name] = (cpu, wall)
    return out


def slowest_gm_pick(game: Game[RRState]) -> tuple[str, int] | None:
    """The (player, race) whose entry without a route (the GM picks the route: the greedy
    bots never ask for it) takes longest to pick here, timed in this process; None outside
    the entries or when nobody can enter a race."""
    state = game.state
    if state.phase != "races":
        return None
    slowest: tuple[float, str, int] | None = None
    for player in game.current_players():
        for race in state.races:
            if not route_options(state, race, (player,)):
                continue
            started = time.process_time()
            pick_route(state, race, (player,), GameRandom(0))
            took = time.process_time() - started
            if slowest is None or took > slowest[0]:
                slowest = (took, player, race.id)
    return None if slowest is None else (slowest[1], slowest[2])


def as_json(fig: Figures) -> dict[str, Any]:
    return {
        "games": fig.games,
        "actions": fig.actions,
        "cpu": fig.cpu,
        "act": list(fig.slowest_act),
        "status": list(fig.slowest_status),
        "legal": list(fig.slowest_summary),
        "all": list(fig.slowest_legal),
        "checked": fig.legal_checked,
        "cli": {name: list(figures) for name, figures in fig.cli.items()},
        "tc_runs": fig.tc_runs,
        "digest": fig.digest.hexdigest()[:16],
    }


def baseline(args: argparse.Namespace, count: int) -> dict[str, Any]:
    """This benchmark at one rival count on the ``--baseline`` tree (a child process)."""
    command = [sys.executable, __file__, "--players", str(count), "--json"]
    for option in ("games", "cpu_budget", "legal_every", "bot", "map", "seed", "cli_runs"):
        command += [f"--{option.replace('_', '-')}", str(getattr(args, option))]
    env = dict(os.environ, PYTHONPATH=os.path.join(args.baseline, "src"))
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def report(label: str, count: int, f: dict[str, Any]) -> None:
    print(
        f"{label}{count} rivals: {f['games']} games, {f['actions']} actions, {f['cpu']:.1f} "
        f"CPU-s: {f['games'] / f['cpu']:.3f} games per CPU-second; slowest act "
        f"{f['act'][0]:.2f} s ({f['act'][1]}), status {f['status'][0]:.2f} s, legal "
        f"{f['legal'][0]:.2f} s ({f['legal'][1]}), legal --all {f['all'][0]:.2f} s "
        f"({f['checked']} positions; {f['all'][1]}); Transcontinental race run in "
        f"{f['tc_runs']}/{f['games']}; log digest {f['digest']}",
        flush=True,
    )
    if f["cli"]:
        shown = ", ".join(
            f"{COMMAND_NAMES[name]} {cpu:.2f} CPU-s ({wall:.2f} s wall)"
            for name, (cpu, wall) in f["cli"].items()
        )
        print(f"{label}{count} rivals, the command line there: {shown}", flush=True)


COMMAND_NAMES = {
    "status": "status",
    "legal": "legal",
    "all": "legal --all",
    "act": "act",
    "pick": "GM's pick",
}


def table(rows: list[tuple[int, dict[str, Any] | None, dict[str, Any]]]) -> None:
    """The summary: per rival count the figures (before -> after with ``--baseline``)."""

    def cell(before: dict[str, Any] | None, after: dict[str, Any], key: str) -> str:
        def one(f: dict[str, Any]) -> str:
            return f"{f['games'] / f['cpu']:.2f}" if key == "rate" else f"{f[key][0]:.2f} s"

        return one(after) if before is None else f"{one(before)} -> {one(after)}"

    columns = [
        ("games/CPU-s", "rate"),
        ("slowest act", "act"),
        ("status", "status"),
        ("legal", "legal"),
        ("legal --all", "all"),
    ]
    width = 20 if rows and rows[0][1] is not None else 11
    print("\nrivals  " + "  ".join(f"{name:>{width}}" for name, _ in columns) + "  same games")
    for count, before, after in rows:
        same = "-" if before is None else ("yes" if before["digest"] == after["digest"] else "NO")
        cells = "  ".join(f"{cell(before, after, key):>{width}}" for _, key in columns)
        print(f"{count:>6}  {cells}  {same}")
    if not any(after["cli"] for _, _, after in rows):
        return

    def cli_cell(before: dict[str, Any] | None, after: dict[str, Any], name: str) -> str:
        def one(f: dict[str, Any]) -> str:
            return f"{f['cli'][name][0]:.2f} s" if name in f["cli"] else "-"

        return one(after) if before is None else f"{one(before)} -> {one(after)}"

    print(
        "\nthe command line at the slowest `legal --all` position (least CPU-s, start-up "
        "included)\nrivals  " + "  ".join(f"{COMMAND_NAMES[n]:>{width}}" for n in COMMAND_NAMES)
    )
    for count, before, after in rows:
        cells = "  ".join(f"{cli_cell(before, after, n):>{width}}" for n in COMMAND_NAMES)
        print(f"{count:>6}  {cells}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,3,4,5,6", help="rival counts, comma-separated")
    parser.add_argument("--games", type=int, default=5, help="games per rival count (at most)")
    parser.add_argument("--cpu-budget", type=float, default=60.0, help="CPU-s per rival count")
    parser.add_argument("--legal-every", type=int, default=10)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--map", default=MAP_NAME)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--at", default="", help="time legal at RIVALS:SEED:POSITION,...")
    parser.add_argument("--cli-runs", type=int, default=3, help="runs of each command line")
    parser.add_argument("--baseline", default="", help="another tree to measure first")
    parser.add_argument("--json", action="store_true", help="one JSON line per rival count")
    args = parser.parse_args()
    title = RailwayRivalsUSA()
    started = time.perf_counter()
    rr_map(args.map)
    if not args.json:
        print(f"map {args.map}: loaded and indexed in {time.perf_counter() - started:.2f} s")
    if args.at:
        time_positions(title, args, args.at)
        return
    rows: list[tuple[int, dict[str, Any] | None, dict[str, Any]]] = []
    for count in (int(n) for n in args.players.split(",")):
        before = baseline(args, count) if args.baseline else None
        if before is not None:
            report("before: ", count, before)
        after = as_json(measure(title, args, count))
        if args.json:
            print(json.dumps(after), flush=True)
            continue
        report("after:  " if before is not None else "", count, after)
        rows.append((count, before, after))
    if not args.json:
        table(rows)


if __name__ == "__main__":
    main()
