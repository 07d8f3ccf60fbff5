"""A game in progress: a title, its setup, the action log and the state derived from it.

The log is the truth. The state is whatever replaying the log from the setup (players,
options, seed) produces, so undo is "replay all but the last n" and a save file only stores
the setup and the log. :meth:`Game.apply` is atomic: a refused action leaves state, random
generator, log and events exactly as they were.
"""

from __future__ import annotations

import bisect
import copy
import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import ValidationError

from transcon.core.errors import IllegalAction, InputError, TransconError
from transcon.core.gcpause import fewer_collections
from transcon.core.inputs import (
    MAX_ACTION_CHARS,
    MAX_INT_DIGITS,
    brief,
    check_printable,
    control_character,
)
from transcon.core.options import OptionValue, resolve_options
from transcon.core.rng import GameRandom
from transcon.core.title import (
    GAME_MASTER,
    PUBLIC,
    RULE_GAME_OVER,
    Action,
    ActionContext,
    Event,
    MapView,
    Score,
    Setup,
    Title,
    validation_message,
)

S = TypeVar("S")


class ReplayError(InputError):
    """An action in a log could not be replayed. ``number`` counts actions from 1."""

    def __init__(self, number: int, action_text: str, cause: Exception) -> None:
        self.number = number
        self.action_text = action_text
        self.cause = cause
        super().__init__(f"action {number} ({action_text}): {cause}")


@dataclass(frozen=True, slots=True)
class ReplayCheck:
    """Outcome of :meth:`Game.verify_replay`; true when the replay was identical."""

    identical: bool
    detail: str

    def __bool__(self) -> bool:
        return self.identical


#: Names that mean a view rather than a player (``--as gm``, ``--as public``).
RESERVED_NAMES = (GAME_MASTER, "public")
_LONG_NUMBER = re.compile(rf"\d{{{MAX_INT_DIGITS + 1},}}")


def check_players(title: Title[Any], players: Sequence[str]) -> tuple[str, ...]:
    """Validate player names (non-empty, unique, no commas or control characters, not a
    reserved view name) and the title's player count."""
    names = tuple(name.strip() for name in players)
    for name in names:
        if not name or "," in name:
            raise InputError(f"bad player name {brief(name)} (empty or containing a comma)")
        check_printable(name, "player name")
        if name.lower() in RESERVED_NAMES:
            raise InputError(f"player name {name!r} is reserved for a view (--as {name.lower()})")
    if len(set(names)) != len(names):
        raise InputError(f"player names must be unique, got {', '.join(names)}")
    if not title.min_players <= len(names) <= title.max_players:
        raise InputError(
            f"{title.display_name} needs {title.min_players}-{title.max_players} players, "
            f"got {len(names)}"
        )
    return names


def canonical_json(data: Any) -> bytes:
    """The one byte encoding used for comparisons: sorted keys, no spaces, UTF-8, no NaN."""
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def checksum_of(data: Any) -> str:
    """``sha256:<hex>`` of a state's JSON (:func:`canonical_json`): a save file's checksum."""
    return "sha256:" + hashlib.sha256(canonical_json(data)).hexdigest()


class Game(Generic[S]):
    """One game of a title. Create with :meth:`new` or :meth:`from_log`.

    >>> game = Game.new(title, ["Ann", "Bob"], {"target": 30}, seed=7)   # doctest: +SKIP
    >>> game.act("roll")                  # parse the title's notation, then apply
    >>> game.legal_actions("Bob"); game.undo(); game.is_over()
    """

    def __init__(self, title: Title[S], setup: Setup) -> None:
        """Start from ``setup`` as given (already validated); prefer :meth:`new`."""
        self.title = title
        self.setup = setup
        self.rng = GameRandom(setup.seed)
        self._log: list[Action] = []
        self._events: list[Event] = []
        self._state: S = title.initial_state(setup, self.rng)

    @classmethod
    def new(
        cls,
        title: Title[S],
        players: Sequence[str],
        options: Mapping[str, object] | None = None,
        seed: int = 0,
    ) -> Game[S]:
        """A new game; checks the players and options (InputError) and fills in defaults."""
        names = check_players(title, players)
        resolved = resolve_options(
            title.options, options, title=title.name, retired=title.retired_options
        )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f"seed must be an integer, got {seed!r}")
        return cls(title, Setup(names, resolved, seed))

    @classmethod
    def from_log(
        cls,
        title: Title[S],
        players: Sequence[str],
        actions: Iterable[Action | Mapping[str, Any]],
        options: Mapping[str, object] | None = None,
        seed: int = 0,
    ) -> Game[S]:
        """Rebuild a game by replaying ``actions`` (objects or JSON dicts); ReplayError if one
        fails."""
        game = cls.new(title, players, options, seed)
        game._replay(actions)
        return game

    def __repr__(self) -> str:
        return (
            f"<Game {self.title.name} players={list(self.players)} seed={self.seed} "
            f"actions={len(self._log)}>"
        )

    # -- read-only views -------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return self.setup.options

    @property
    def seed(self) -> int:
        return self.setup.seed

    @property
    def state(self) -> S:
        """The live state object. Read it; change it only through :meth:`apply`."""
        return self._state

    @property
    def log(self) -> Sequence[Action]:
        """Every applied action in order (a view, not a copy; do not mutate)."""
        return self._log

    @property
    def events(self) -> Sequence[Event]:
        """Every event so far; ``event.index`` is the log position of its action."""
        return self._events

    def events_for(self, index: int, viewer: str | None = None) -> list[Event]:
        """The events produced by the action at log position ``index``, as ``viewer`` sees
        them (None: all of them, in full)."""
        # Events are appended in log order, so the matching ones form one slice.
        lo = bisect.bisect_left(self._events, index, key=_event_index)
        hi = bisect.bisect_right(self._events, index, lo=lo, key=_event_index)
        if viewer is None:
            return self._events[lo:hi]
        seen = (event.seen_by(viewer) for event in self._events[lo:hi])
        return [event for event in seen if event is not None]

    # -- acting ----------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one action atomically and return the events it produced.

        Raises IllegalAction (a rule was broken) or InputError (an unknown player or action
        type); on any error the game is exactly as before the call.
        """
        if action.player not in self.setup.players:
            raise InputError(f"{action.player!r} is not playing (players: {self._names()})")
        self.title.validate(self._state, action)
        return self._apply_checked(action, protect=True)

    def act(self, text: str, player: str | None = None) -> list[Event]:
        """Parse ``text`` in the title's notation (see :meth:`parse`) and apply it."""
        return self.apply(self.parse(text, player))

    def parse(self, text: str, player: str | None = None) -> Action:
        """Parse action text for ``player``; without one, the single player who may act.

        ``text`` may start with ``NAME: `` as ``transcon legal`` prints it (NAME acts).
        Oversized input (too long, a number of too many digits) is refused before parsing,
        and a field the title's models reject is a one-line InputError.
        """
        text, player = self._split_player_prefix(text, player)
        _check_action_text(text)
        acting = self._resolve_player(player)
        try:
            return self.title.parse_action(text, self._state, acting)
        except ValidationError as err:
            problem = validation_message(err)
            raise InputError(f"cannot parse action {brief(text)}: {problem}") from None

    def _split_player_prefix(self, text: str, player: str | None) -> tuple[str, str | None]:
        name, sep, rest = text.strip().partition(": ")
        if not sep or name not in self.setup.players:
            return text, player
        if player is not None and self.player_named(player) != name:
            raise InputError(f"the action is {name}'s but --player says {player}")
        return rest, name

    def format(self, action: Action) -> str:
        """An action in the title's text notation."""
        return self.title.format_action(action)

    def undo(self, n: int = 1) -> list[Action]:
        """Take back the last ``n`` actions by replaying the rest; returns the undone ones."""
        if n < 1:
            raise InputError(f"cannot undo {n} actions")
        if n > len(self._log):
            raise InputError(f"cannot undo {n} actions: the log has {len(self._log)}")
        undone = self._log[-n:]
        self._adopt(self._rebuilt(self._log[:-n]))
        return undone

    # -- queries ---------------------------------------------------------------------------

    def current_players(self) -> list[str]:
        """Who may act now (empty once the game is over)."""
        if self.title.is_over(self._state):
            return []
        return self.title.current_players(self._state)

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Legal actions of ``player``, or of every player who may act now."""
        if player is not None:
            player = self.player_named(player)
        current = self.current_players()
        asked = current if player is None else [player] if player in current else []
        return [action for p in asked for action in self.title.legal_actions(self._state, p)]

    def is_legal(self, action: Action) -> bool:
        """True when :meth:`apply` would accept the action (as far as the title's check goes)."""
        return action.player in self.setup.players and self.title.is_legal(self._state, action)

    def is_over(self) -> bool:
        return self.title.is_over(self._state)

    def result(self) -> dict[str, Score]:
        """Every player's score (meaningful once the game is over)."""
        return self.title.result(self._state)

    def winners(self) -> list[str]:
        return self.title.winners(self._state)

    def describe_status(self) -> str:
        return self.title.describe_status(self._state)

    def state_to_json(self) -> dict[str, Any]:
        return self.title.state_to_json(self._state)

    # -- what one player may see -------------------------------------------------------------

    def view(self, viewer: str | None) -> dict[str, Any]:
        """The state as ``viewer`` may see it (None: everything)."""
        return self.title.player_view(self._state, self.check_viewer(viewer))

    def status_for(self, viewer: str | None, full: bool = False) -> str:
        """The text status as ``viewer`` may read it (None: everything); ``full``: the whole
        status where the title shows a compact one by default."""
        if full:
            return self.title.describe_status_full(self._state, self.check_viewer(viewer))
        return self.title.describe_status_for(self._state, self.check_viewer(viewer))

    def format_for(self, action: Action, viewer: str | None) -> str:
        """A logged action as ``viewer`` may read it now (None: in full)."""
        return self.title.format_action_for(action, self._state, self.check_viewer(viewer))

    def actors_for(self, viewer: str | None, player: str | None = None) -> list[str]:
        """Whose legal actions ``viewer`` may list now (``player``: only that one): the game
        master anybody's, a player only their own, the public view anybody's when the title
        has no hidden information and nobody's when it has (options can reveal secrets)."""
        viewer = self.check_viewer(viewer)
        if player is not None:
            player = self.player_named(player)
        if viewer not in (None, PUBLIC) and player not in (None, viewer):
            raise InputError(f"{viewer} may list only {viewer}'s own actions")
        current = self.current_players()
        asked = current if player is None else [player] if player in current else []
        if viewer is None:
            return asked
        if viewer != PUBLIC:
            return [viewer] if viewer in current else []
        return [] if self.title.hidden_information else asked

    def legal_actions_for(self, viewer: str | None, player: str | None = None) -> list[Action]:
        """Legal actions as ``viewer`` may list them (see :meth:`actors_for`)."""
        actors = self.actors_for(viewer, player)
        return [action for p in actors for action in self.title.legal_actions(self._state, p)]

    def render_png(self, path: Path, viewer: str | None, view: MapView | None = None) -> None:
        """Draw the state as ``viewer`` may see it (None: everything); ``view``: only part of
        the map (``Title.render_png_view``)."""
        if view is not None:
            self.title.render_png_view(self._state, path, view, self.check_viewer(viewer))
            return
        self.title.render_png_for(self._state, path, self.check_viewer(viewer))

    def check_viewer(self, viewer: str | None) -> str | None:
        """``viewer`` if it is a player, PUBLIC or None (the game master); else InputError."""
        if viewer is None or viewer == PUBLIC:
            return viewer
        return self.player_named(viewer)

    def player_named(self, name: str) -> str:
        """The seated player ``name`` means, in any case (``bob`` is Bob); InputError when
        nobody or, with names differing only in case, more than one is meant."""
        if name in self.setup.players:
            return name
        folded = name.casefold()
        meant = [p for p in self.setup.players if p.casefold() == folded]
        if len(meant) == 1:
            return meant[0]
        if meant:
            raise InputError(f"{brief(name)} names several players in any case: {self._names()}")
        raise InputError(f"{brief(name)} is not playing (players: {self._names()})")

    def state_json(self) -> bytes:
        """The state as canonical JSON bytes, for byte-for-byte comparisons."""
        return canonical_json(self.title.state_to_json(self._state))

    def state_digest(self) -> str:
        """``sha256:<hex>`` of :meth:`state_json` (stored in save files as a checksum)."""
        return checksum_of(self.title.state_to_json(self._state))

    def state_digest_in_format(self, version: int) -> str | None:
        """:meth:`state_digest` over the state layout of save format ``version``
        (``Title.state_to_json_in_format``), or None when it cannot be rebuilt."""
        data = self.title.state_to_json_in_format(self._state, version)
        if data is None:
            return None
        return checksum_of(data)

    # -- replay ----------------------------------------------------------------------------

    def replay(self) -> Game[S]:
        """A new game rebuilt from this one's setup and log."""
        return self._rebuilt(self._log)

    def clone(self) -> Game[S]:
        """An independent copy in the same position (for look-ahead); cheaper than replay."""
        other = copy.copy(self)
        other.rng = self.rng.fork()
        other._state = copy.deepcopy(self._state)
        other._log = list(self._log)
        other._events = list(self._events)
        return other

    def verify_replay(self) -> ReplayCheck:
        """Rebuild from the log and compare state, random generator and events to this game."""
        try:
            other = self.replay()
        except TransconError as err:
            return ReplayCheck(False, f"replay failed: {err}")
        count = f"{len(self._log)} actions"
        mine, theirs = self.state_json(), other.state_json()
        if mine != theirs:
            return ReplayCheck(False, f"state differs after {count}: {_diff(mine, theirs)}")
        if self.rng.get_state() != other.rng.get_state():
            return ReplayCheck(
                False, f"random generator differs after {count} ({self.rng} vs {other.rng})"
            )
        if [e.text for e in self._events] != [e.text for e in other._events]:
            return ReplayCheck(False, f"events differ after {count}")
        return ReplayCheck(True, f"{count} replayed; state identical ({len(mine)} bytes)")

    # -- internals -------------------------------------------------------------------------

    def _names(self) -> str:
        return ", ".join(self.setup.players)

    def _resolve_player(self, player: str | None) -> str:
        if player is not None:
            return self.player_named(player)
        if self.is_over():
            raise IllegalAction(RULE_GAME_OVER, "the game is over")
        current = self.title.current_players(self._state)
        if len(current) != 1:
            raise InputError(
                f"several players may act ({', '.join(current)}); "
                "say which player acts with --player"
            )
        return current[0]

    def _apply_checked(self, action: Action, *, protect: bool) -> list[Event]:
        """Apply a validated action. With ``protect`` undo everything if the title raises."""
        title = self.title
        start = len(self._events)
        ctx = ActionContext(self.rng, len(self._log), self._events)
        if not protect:
            title.apply(self._state, action, ctx)
        else:
            snap = None if title.atomic_apply else title.snapshot(self._state)
            self.rng.begin()
            try:
                title.apply(self._state, action, ctx)
            except BaseException:
                del self._events[start:]
                self.rng.rollback()
                if snap is not None:
                    self._state = title.restore(self._state, snap)
                else:
                    # The title promised apply() would not fail; it did, possibly half-way.
                    # Replaying the log is slow but restores the exact previous state.
                    self._adopt(self._rebuilt(self._log))
                raise
            self.rng.commit()
        self._log.append(action)
        return self._events[start:]

    def _replay(self, actions: Iterable[Action | Mapping[str, Any]]) -> None:
        """Validate and apply actions without snapshots (a failure spoils this game)."""
        players = self.setup.players
        with fewer_collections():  # a long log builds much that lives until it is done
            for number, item in enumerate(actions, start=1):
                action: Action | None = None
                try:
                    action = item if isinstance(item, Action) else self.title.action_from_json(item)
                    if action.player not in players:
                        raise InputError(f"{action.player!r} is not playing")
                    self.title.validate(self._state, action)
                    self._apply_checked(action, protect=False)
                except TransconError as err:
                    raise ReplayError(number, self._describe(action, item), err) from err

    def _describe(self, action: Action | None, item: Action | Mapping[str, Any]) -> str:
        """An action for an error message: its notation, else its raw JSON."""
        if action is not None:
            try:
                return f"{action.player}: {self.title.format_action(action)}"
            except Exception:  # a broken formatter must not hide the real error
                return _brief(action.model_dump(mode="json"))
        return _brief(dict(item) if isinstance(item, Mapping) else item)

    def _rebuilt(self, actions: Iterable[Action]) -> Game[S]:
        fresh = Game(self.title, self.setup)
        fresh._replay(actions)
        return fresh

    def _adopt(self, other: Game[S]) -> None:
        self.rng = other.rng
        self._state = other._state
        self._log = other._log
        self._events = other._events


def _check_action_text(text: str) -> None:
    """Refuse action text no title could mean before a parser spends time on it."""
    if len(text) > MAX_ACTION_CHARS:
        raise InputError(f"action of {len(text):,} characters (at most {MAX_ACTION_CHARS:,})")
    bad = control_character(text.replace("\t", " ").replace("\n", " ").replace("\r", " "))
    if bad is not None:
        raise InputError(f"action {brief(text)} contains the control character {bad!r}")
    if _LONG_NUMBER.search(text):
        raise InputError(f"action {brief(text)} has a number of more than {MAX_INT_DIGITS} digits")


def _event_index(event: Event) -> int:
    return event.index


def _brief(data: Any) -> str:
    text = json.dumps(data, separators=(",", ":"), default=str)
    return text if len(text) <= 80 else text[:77] + "..."


def _diff(a: bytes, b: bytes) -> str:
    """Where two JSON encodings first differ, with a little context."""
    at = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    lo = max(0, at - 30)

    def show(data: bytes) -> str:
        return data[lo : at + 30].decode("utf-8", "replace")

    return f"first difference at byte {at}: ...{show(a)}... vs ...{show(b)}..."
