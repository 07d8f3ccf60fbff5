"""``check_title``: play a seeded random-ish game of a title and check every position.

Modelled on PettingZoo's ``api_test``/``seed_test``: hand it a title and it plays a bounded
game through the uniform API, with moves chosen by its own seeded generator among the legal
actions, asserting the API's promises as it goes. Everything is derived from the title and
the settings' seed, so a failure reproduces exactly.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from transcon.core.bots import bot_seed
from transcon.core.errors import IllegalAction, TransconError
from transcon.core.game import Game
from transcon.core.title import Action, AnyTitle
from transcon.testing import probes, roundtrips
from transcon.testing.crashes import CrashSites
from transcon.testing.report import ConformanceError, ConformanceReport, Settings, Violation
from transcon.testing.roundtrips import Mark, mark
from transcon.testing.sampling import FieldPool, pick_move, sample_actions
from transcon.testing.secrets import (
    check_no_private_events,
    check_private_draws,
    check_secrets,
)

#: Player names of the games the suite plays (unlikely to clash with any notation).
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
#: Functions crashed per deep position (until the run's budget is spent).
CRASHES_PER_POSITION = 4


def check_title(
    title: AnyTitle, settings: Settings | None = None, *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check that ``title`` keeps every promise of the engine API (see :mod:`transcon.testing`).

    Returns the report; raises :class:`ConformanceError` (an AssertionError carrying the
    report) when a check failed, unless ``raise_on_failure`` is False.
    """
    settings = settings or Settings()
    report = ConformanceReport(title.name, settings)
    started = time.perf_counter()
    check_setup(title, settings, report)
    game = new_game(title, settings, report)
    if game is not None:
        Run(game, settings, report).play()
    report.seconds = time.perf_counter() - started
    if raise_on_failure and not report.passed:
        raise ConformanceError(report)
    return report


def player_names(title: AnyTitle, count: int | None) -> list[str]:
    wanted = count if count is not None else max(title.min_players, min(3, title.max_players))
    return list(NAMES[:wanted])


def new_game(title: AnyTitle, settings: Settings, report: ConformanceReport) -> Game[Any] | None:
    names = player_names(title, settings.players)
    report.players = tuple(names)
    games: list[Game[Any]] = []

    def make() -> Game[Any]:
        return Game.new(title, names, settings.options, settings.seed)

    def start() -> int:
        games.append(make())
        return 1

    report.run("setup", None, start)
    report.run("replay", None, lambda: roundtrips.same_start(make))
    return games[0] if games else None


def check_setup(title: AnyTitle, settings: Settings, report: ConformanceReport) -> None:
    """The title's constants, and a first position for every player count."""

    def constants() -> int:
        if not title.name or not title.display_name:
            raise Violation("the title needs a name and a display name")
        if not 1 <= title.min_players <= title.max_players:
            raise Violation(f"bad player counts {title.min_players}-{title.max_players}")
        if not title.action_types:
            raise Violation("the title declares no action types")
        title.action_type_names()  # raises on a missing or repeated 'type' literal
        json.dumps(title.describe_rules())
        if title.strongest_bot not in ("random", *title.bots()):
            raise Violation(f"strongest_bot {title.strongest_bot!r} is not one of its bots")
        return 1

    def every_player_count() -> int:
        counts = range(title.min_players, min(title.max_players, len(NAMES)) + 1)
        for count in counts:
            names = player_names(title, count)
            game = Game.new(title, names, settings.options, settings.seed)
            to_act = game.current_players()
            if game.is_over() or not to_act or not set(to_act) <= set(names):
                raise Violation(f"a new {count}-player game has nobody to act ({to_act})")
            game.state_json()
        return len(counts)

    report.run("setup", None, constants)
    report.run("setup", None, every_player_count)


class Run:
    """One conformance game: the moves and the probes of the positions on the way."""

    def __init__(self, game: Game[Any], settings: Settings, report: ConformanceReport) -> None:
        self.game = game
        self.settings = settings
        self.report = report
        name = game.title.name
        self.mover = random.Random(bot_seed("conformance-moves", name, settings.seed))
        self.sampler = random.Random(bot_seed("conformance-probes", name, settings.seed))
        self.pool = FieldPool()
        self.crashes = CrashSites(settings.crash_sites)
        self.history: list[Mark] = [mark(game)]
        self.probed = 0

    def play(self) -> None:
        game, settings = self.game, self.settings
        for ply in range(settings.moves + 1):
            last = ply == settings.moves or game.is_over()
            if ply % settings.probe_every == 0 or last:
                self.probe(deep=self.probed % settings.deep_every == 0 or last)
            if last or not self.move():
                break
        self.report.plies = len(game.log)
        self.report.over = game.is_over()
        if game.is_over():
            self.report.run("game-end", game, self.check_game_end)

    def move(self) -> bool:
        """Make one random-ish legal move; False (and a drive violation) if none can be."""
        game = self.game
        moved: list[Action] = []

        def one_move() -> int:
            to_act = game.current_players()
            if not to_act:
                raise Violation("nobody may act but the game is not over")
            player = self.mover.choice(to_act)
            actions = game.legal_actions(player)
            if not actions:
                raise Violation(f"{player} may act but has no legal action")
            action = pick_move(actions, self.mover)
            try:
                game.apply(action)
            except TransconError as err:
                raise Violation(f"listed legal action {probes.show(game, action)}: {err}") from err
            moved.append(action)
            self.history.append(mark(game))
            return 1

        self.report.run("drive", game, one_move)
        return bool(moved)

    def probe(self, deep: bool) -> None:
        """Check the current position (``deep``: also the costly rebuilding checks)."""
        game, report, settings = self.game, self.report, self.settings
        self.probed += 1
        legal = probes.legal_by_player(game)
        listed = [action for actions in legal.values() for action in actions]
        self.pool.learn(listed)
        tried = sample_actions(listed, settings.notation_sample, self.sampler)
        applied = sample_actions(listed, settings.apply_sample, self.sampler)

        run = report.run
        looking = self.looking(deep)
        run("queries-pure", game, lambda: probes.check_queries_pure(game, looking))
        run("legal-apply", game, lambda: self.legal_apply(legal, applied))
        run("notation", game, lambda: probes.check_notation(game, tried))
        run("json", game, lambda: probes.check_json(game, tried))
        run("illegal-refused", game, lambda: self.illegal(legal))
        if not deep:
            return
        run("undo", game, lambda: roundtrips.check_undo(game, self.history))
        run("save-load", game, lambda: roundtrips.check_save_load(game))
        run("replay", game, lambda: roundtrips.check_replay(game))
        run("secrets", game, lambda: self.secrets(legal))
        run("crash-never-accepted", game, lambda: self.crash(listed))

    def looking(self, deep: bool) -> list[str | None]:
        """Viewers whose queries a position checks: all at a deep position, else the game
        master and one more, in turn (some titles take a while to describe a position)."""
        everybody = probes.viewers(self.game)
        if deep:
            return everybody
        return [None, everybody[1 + self.probed % (len(everybody) - 1)]]

    def legal_apply(self, legal: dict[str, list[Action]], applied: list[Action]) -> int:
        count = probes.check_listed_actions_pass(self.game, legal)
        return count + probes.check_actions_apply(self.game, applied)

    def illegal(self, legal: dict[str, list[Action]]) -> int:
        refused, accepted = probes.check_illegal_refused(
            self.game, legal, self.pool, self.sampler, self.settings.illegal_sample
        )
        self.report.count("legal-apply", accepted)
        return refused

    def crash(self, listed: list[Action]) -> int:
        return self.crashes.check(self.game, listed, self.sampler, CRASHES_PER_POSITION)

    def secrets(self, legal: dict[str, list[Action]]) -> int:
        game, wanted = self.game, self.settings.secret_pairs
        if not game.title.hidden_information:
            return check_no_private_events(game)
        listed = [action for actions in legal.values() for action in actions]
        moves = check_secrets(game, legal, self.sampler, wanted)
        return moves + check_private_draws(game, listed, self.sampler, wanted)

    def check_game_end(self) -> int:
        game = self.game
        if game.current_players() or game.legal_actions():
            raise Violation("the game is over but somebody may still act")
        scores = game.result()
        if set(scores) != set(game.players):
            raise Violation(f"the result scores {sorted(scores)}, not every player")
        if not set(game.winners()) <= set(game.players) or not game.winners():
            raise Violation(f"the winners {game.winners()} are not players")
        before = roundtrips.mark(game)
        probe_action = game.log[-1]
        try:
            game.apply(probe_action)
        except IllegalAction:
            pass
        else:
            raise Violation("a finished game accepted another action")
        if roundtrips.mark(game) != before:
            raise Violation("a refused action changed the finished game")
        return 1
