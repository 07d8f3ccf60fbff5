"""The uniform API every title implements: :class:`Title`, :class:`Action` and friends.

A title is a stateless object (constants plus hooks, like an 18xx.games title) describing
one game's rules. All game state lives in a title-defined ``State`` object that the
:class:`~transcon.core.game.Game` builds with :meth:`Title.initial_state` and then changes
only through :meth:`Title.apply`, one logged :class:`Action` at a time. Bots and tools only
use the methods here (and :class:`~transcon.core.game.Game`), so they work with every title.

The core never imports a title; titles are found through :mod:`transcon.core.registry`.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import shlex
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, final

from pydantic import BaseModel, ConfigDict, ValidationError

from transcon.core.errors import IllegalAction, InputError
from transcon.core.inputs import brief, load_json
from transcon.core.interaction import Choice, Interaction, Panel, Pick, Played, Quote
from transcon.core.legal import LegalGroup, group_actions
from transcon.core.options import OptionSpec, OptionValue
from transcon.core.rng import GameRandom

if TYPE_CHECKING:
    from transcon.core.bots import BotFactory

S = TypeVar("S")

Score = int | float

#: The viewer that is nobody in particular: what every player may see (``--as public``, the
#: CLI's default). No player can have this name. ``None`` is the game master, who sees all.
PUBLIC = ""
#: How the CLI spells the game master's view (``--as gm``).
GAME_MASTER = "gm"

#: Rule names the engine itself enforces, before the title's own checks.
RULE_GAME_OVER = "game over"
RULE_TURN_ORDER = "turn order"


class Action(BaseModel):
    """One move. Titles subclass it with a ``type`` literal and their own fields::

        class Build(Action):
            type: Literal["build"] = "build"
            path: tuple[str, ...]

    Actions are frozen (hashable, safe to keep in the log) and reject unknown fields.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    player: str


@dataclass(frozen=True, slots=True)
class Event:
    """A human-readable thing that happened, e.g. ``"Ann builds K53-K54 for 3"``.

    ``index`` is the position in the game log of the action that produced it (0-based);
    ``data`` holds the structured details a title passed to ``emit``.
    """

    index: int
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    #: Players who may read ``text`` and ``data``; None: everybody (a public event).
    audience: tuple[str, ...] | None = None
    #: What everybody else reads instead of a private event (None: they see nothing).
    public_text: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"index": self.index, "text": self.text, "data": dict(self.data)}
        if self.audience is not None:
            data["audience"] = list(self.audience)
            data["public_text"] = self.public_text
        return data

    def seen_by(self, viewer: str | None) -> Event | None:
        """The event as ``viewer`` sees it (None: the game master, who sees everything)."""
        if viewer is None or self.audience is None or viewer in self.audience:
            return self
        if self.public_text is None:
            return None
        return Event(self.index, self.public_text)


@dataclass(frozen=True, slots=True)
class Setup:
    """What a new game is made of: seated players (in seat order), resolved options, seed."""

    players: tuple[str, ...]
    options: Mapping[str, OptionValue]
    seed: int
    # Read options through the title's typed view, ``Model.view(setup.options)``.


class ActionContext:
    """What :meth:`Title.apply` gets besides the state: the game's rng and an event sink."""

    __slots__ = ("_sink", "index", "rng")

    def __init__(self, rng: GameRandom, index: int, sink: list[Event]) -> None:
        self.rng = rng
        #: Position the action will have in the log.
        self.index = index
        self._sink = sink

    def emit(self, text: str, **data: Any) -> None:
        """Record a human-readable event; ``data`` should be JSON-able."""
        self._sink.append(Event(self.index, text, data))

    def emit_private(
        self, audience: Sequence[str], text: str, public_text: str | None = None, **data: Any
    ) -> None:
        """Record an event only ``audience`` may read (a sealed bid, a secret card); the
        other players read ``public_text`` instead, or nothing when it is None."""
        self._sink.append(Event(self.index, text, data, tuple(audience), public_text))


@dataclass(frozen=True, slots=True)
class MapView:
    """The part of the map to draw (``transcon status GAME --png F --around HEX``/``--region``):
    the hexes within ``radius`` of the place ``around`` (a hex label or place name, read as
    the title's notation reads it), or the map region ``region``."""

    around: str | None = None
    radius: int = 8
    region: str | None = None


@dataclass(frozen=True, slots=True)
class PathQuote:
    """The cheapest path a player could build now between two places (``transcon path``).

    ``hexes`` runs from the start to the end, both included (hex labels). ``cost`` is in the
    title's own unit and ``cost_text`` says it for people (``"$14k"``, ``"9 points"``).
    ``actions`` are action texts in the title's notation that would lay the path, in order
    (they must parse back with :meth:`Title.parse_action`); ``notes`` are short remarks for
    the player (a surcharge, links already owned, turns needed).
    """

    start: str
    end: str
    hexes: tuple[str, ...]
    cost: int
    cost_text: str
    actions: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "start": self.start,
            "end": self.end,
            "hexes": list(self.hexes),
            "cost": self.cost,
            "cost_text": self.cost_text,
            "actions": list(self.actions),
            "notes": list(self.notes),
        }


def validation_message(err: ValidationError) -> str:
    """The first pydantic error as one line: ``players.0: Input should be a valid string``."""
    first = err.errors()[0]
    loc = ".".join(str(part) for part in first["loc"])
    more = f" (and {err.error_count() - 1} more)" if err.error_count() > 1 else ""
    return f"{loc}: {first['msg']}{more}" if loc else f"{first['msg']}{more}"


class Title(ABC, Generic[S]):
    """Base class of every title; ``S`` is the title's state type.

    Subclasses set the class constants and implement the abstract hooks. Everything else
    has a working default that a title may override (e.g. a richer text notation).

    **Checking and applying.** The game calls :meth:`validate` (engine rules, then the
    title's :meth:`check`) before :meth:`apply`. Put every rule you can into ``check``
    (it must not mutate anything) and keep ``apply`` for mutation. ``apply`` may still
    raise :class:`IllegalAction` for rules it can only decide half-way; the game then puts
    the state back (see :attr:`atomic_apply`).

    **Atomicity and speed.** By default the game takes :meth:`snapshot` (a deep copy) before
    every ``apply`` so it can :meth:`restore` on failure. A title whose ``check`` catches every
    illegal action sets ``atomic_apply = True`` and the copy is skipped; if its ``apply``
    raises anyway (a bug) the game rebuilds the state by replaying the log, which is slow but
    still correct. Titles with big states can instead override ``snapshot``/``restore`` with
    something cheaper (copy only the mutable parts).
    """

    #: Registry name, lower-case with dashes, e.g. ``"railway-rivals-usa"``.
    name: ClassVar[str]
    #: Name for people, e.g. ``"Railway Rivals: USA"``.
    display_name: ClassVar[str]
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    #: The settable options (``Model.specs()`` of the title's :class:`Options` declaration).
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: Former single-valued options, now rules in code, with their only value
    #: (``Model.RETIRED``): saves naming them still load.
    retired_options: ClassVar[Mapping[str, OptionValue]] = {}
    #: Every Action subclass this title uses; each needs a distinct ``type`` default.
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: True when ``check`` finds every illegal action, so ``apply`` needs no snapshot.
    atomic_apply: ClassVar[bool] = False
    #: True when players hold secrets (sealed orders, secret cards): then a player's legal
    #: actions may reveal them, so only that player and the game master may list them.
    hidden_information: ClassVar[bool] = False
    #: One paragraph on the text notation for actions (shown by ``transcon rules``).
    notation: ClassVar[str] = ""
    #: The strongest of :meth:`bots` (``"random"`` or a key of ``bots()``): ``transcon play``
    #: seats it unless told otherwise.
    strongest_bot: ClassVar[str] = "random"

    # -- required hooks --------------------------------------------------------------------

    @abstractmethod
    def initial_state(self, setup: Setup, rng: GameRandom) -> S:
        """The state before the first action; draw any setup randomness from ``rng``."""

    @abstractmethod
    def apply(self, state: S, action: Action, ctx: ActionContext) -> None:
        """Carry out a validated action by mutating ``state``; report with ``ctx.emit``."""

    @abstractmethod
    def current_players(self, state: S) -> list[str]:
        """Who may act now: one player, several for simultaneous actions, none when over."""

    @abstractmethod
    def legal_actions(self, state: S, player: str) -> list[Action]:
        """Legal actions of ``player`` in a stable order (bots pick from this list).

        Where the true space is huge a title may return a documented representative subset;
        every action listed must pass :meth:`validate`.
        """

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self, state: S) -> dict[str, Score]:
        """Score of every player (meaningful once the game is over; higher is better)."""

    # -- rules -----------------------------------------------------------------------------

    def check(self, state: S, action: Action) -> None:
        """Raise :class:`IllegalAction` (naming the rule) if ``action`` breaks a title rule.

        Must not mutate ``state``. Engine rules (turn order, game over) are already checked.
        """

    @final
    def validate(self, state: S, action: Action) -> None:
        """Engine rules then :meth:`check`; raises IllegalAction/InputError."""
        if not isinstance(action, self.action_types):
            known = ", ".join(self.action_type_names()) or "none"
            raise InputError(f"{self.name} has no action {action.type!r} (actions: {known})")
        if self.is_over(state):
            raise IllegalAction(RULE_GAME_OVER, "the game is over")
        players = self.current_players(state)
        if action.player not in players:
            waiting = ", ".join(players) or "nobody"
            raise IllegalAction(
                RULE_TURN_ORDER, f"{action.player} may not act now (waiting for {waiting})"
            )
        self.check(state, action)

    def is_legal(self, state: S, action: Action) -> bool:
        """True when :meth:`validate` accepts the action."""
        try:
            self.validate(state, action)
        except (IllegalAction, InputError):
            return False
        return True

    def winners(self, state: S) -> list[str]:
        """Players with the best score (several on a tie); empty while the game is running."""
        if not self.is_over(state):
            return []
        scores = self.result(state)
        if not scores:
            return []
        best = max(scores.values())
        return [player for player, score in scores.items() if score == best]

    # -- atomicity -------------------------------------------------------------------------

    def snapshot(self, state: S) -> Any:
        """Something :meth:`restore` can rebuild ``state`` from. Default: a deep copy."""
        return copy.deepcopy(state)

    def restore(self, state: S, snapshot: Any) -> S:
        """The state as it was at ``snapshot``; may reuse ``state`` or return a new object."""
        restored: S = snapshot
        return restored

    # -- serialisation ---------------------------------------------------------------------

    def state_to_json(self, state: S) -> dict[str, Any]:
        """The state as a canonical JSON-able dict (compared byte for byte by replays).

        Default handles pydantic models and dataclasses; override for anything else, and
        make sure it has no sets or other order-unstable containers.
        """
        if isinstance(state, BaseModel):
            return state.model_dump(mode="json")
        if dataclasses.is_dataclass(state) and not isinstance(state, type):
            return dataclasses.asdict(state)
        raise NotImplementedError(f"{type(self).__name__} must implement state_to_json")

    def state_to_json_in_format(self, state: S, version: int) -> dict[str, Any] | None:
        """The state laid out as save files of format ``version`` laid it out when they took
        their checksum (``core/savefile.py``: an older save's checksum is compared this
        way), or None when today's state cannot rebuild that layout. Default: today's
        layout, for titles whose layout never changed."""
        return self.state_to_json(state)

    def action_type_names(self) -> list[str]:
        return list(self._action_classes())

    def action_to_json(self, action: Action) -> dict[str, Any]:
        """An action as a JSON-able dict (this is what save files store)."""
        return action.model_dump(mode="json")

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Rebuild an action from :meth:`action_to_json` output; InputError if malformed."""
        kind = data.get("type")
        cls = self._action_classes().get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(self.action_type_names()) or "none"
            raise InputError(f"unknown action type {brief(kind)} (actions: {known})")
        try:
            return cls.model_validate(data)
        except ValidationError as err:
            raise InputError(f"bad {kind} action: {validation_message(err)}") from None

    def _action_classes(self) -> dict[str, type[Action]]:
        # Cached per title class: the mapping from ``type`` strings to Action classes.
        cls = type(self)
        cached: dict[str, type[Action]] | None = cls.__dict__.get("_action_class_cache")
        if cached is None:
            cached = {}
            for action_cls in self.action_types:
                kind = action_cls.model_fields["type"].default
                if not isinstance(kind, str) or kind in cached:
                    raise TypeError(f"{action_cls.__name__} needs a unique 'type' default")
                cached[kind] = action_cls
            cls._action_class_cache = cached  # type: ignore[attr-defined]
        return cached

    # -- text notation ---------------------------------------------------------------------

    def parse_action(self, text: str, state: S, player: str) -> Action:
        """Parse the title's text notation for ``player``; InputError if it cannot.

        The default notation is ``TYPE [field=value ...]`` (values that are not plain words
        are JSON), or a whole action as a JSON object. Titles usually override this with
        something terser and call ``super()`` as a fallback.
        """
        text = text.strip()
        if text.startswith("{"):
            data = load_json(text, "action JSON")
            if not isinstance(data, dict):
                raise InputError("an action in JSON must be an object")
            return self.action_from_json({"player": player, **data})
        try:
            words = shlex.split(text)
        except ValueError as err:
            raise InputError(f"cannot parse action {brief(text)}: {err}") from None
        if not words:
            raise InputError("empty action")
        verb = words[0]
        if verb not in self._action_classes():
            known = ", ".join(self.action_type_names()) or "none"
            raise InputError(f"unknown action {brief(verb)} (actions: {known})")
        data = {"type": verb, "player": player}
        for word in words[1:]:
            key, sep, value = word.partition("=")
            if not sep or key in ("type", "player"):
                raise InputError(f"{verb}: cannot read {brief(word)}; usage: {self.usage(verb)}")
            data[key] = _parse_value(value)
        return self.action_from_json(data)

    def usage(self, verb: str) -> str:
        """How to write the action ``verb``: the title's own example from :attr:`notation`
        (a backquoted text starting with the verb), else ``verb field=VALUE ...``."""
        examples = re.findall(rf"`({re.escape(verb)}(?: [^`]*)?)`", self.notation)
        if examples:
            return " or ".join(examples)
        cls = self._action_classes().get(verb)
        if cls is None:
            return verb
        parts = [verb]
        for name, spec in cls.model_fields.items():
            if name in ("type", "player"):
                continue
            parts.append(f"{name}=VALUE" if spec.is_required() else f"[{name}=VALUE]")
        return " ".join(parts)

    def format_action(self, action: Action) -> str:
        """The action in the title's notation; :meth:`parse_action` must read it back."""
        parts = [action.type]
        fields = type(action).model_fields
        for key, value in self.action_to_json(action).items():
            spec = fields.get(key)
            if key in ("type", "player") or (
                spec is not None
                and not spec.is_required()
                and getattr(action, key) == spec.get_default(call_default_factory=True)
            ):
                continue  # fields left at their default are not written
            parts.append(shlex.quote(f"{key}={_format_value(value)}"))
        return " ".join(parts)

    # -- presentation and tools ------------------------------------------------------------

    def describe_status(self, state: S) -> str:
        """A short multi-line text status for people (``transcon status``)."""
        if self.is_over(state):
            scores = ", ".join(f"{p} {s}" for p, s in self.result(state).items())
            return f"Game over. Scores: {scores}. Winner: {', '.join(self.winners(state))}."
        return f"To act: {', '.join(self.current_players(state))}."

    # -- hidden information ----------------------------------------------------------------
    # ``viewer`` None is the game master (or a tool), who sees everything. Titles with
    # hidden information (sealed entries, secret cards) override these three hooks.

    def player_view(self, state: S, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` may see of the state, as JSON. Default: everything."""
        return self.state_to_json(state)

    def describe_status_for(self, state: S, viewer: str | None) -> str:
        """:meth:`describe_status` as ``viewer`` may read it. Default: the same text."""
        return self.describe_status(state)

    def describe_status_full(self, state: S, viewer: str | None) -> str:
        """The whole status (``transcon status --full``) where :meth:`describe_status_for`
        shows a compact one. Default: the same text."""
        return self.describe_status_for(state, viewer)

    def format_action_for(self, action: Action, state: S, viewer: str | None) -> str:
        """How a logged action reads to ``viewer`` given the current ``state`` (a sealed
        entry may read ``"Ann enters a race"`` until it is revealed). Default: in full."""
        return self.format_action(action)

    def render_png(self, state: S, path: Path) -> None:
        """Draw the state to a PNG file; titles without a renderer raise NotImplementedError."""
        raise NotImplementedError(f"{self.display_name} cannot draw the game state")

    def render_png_for(self, state: S, path: Path, viewer: str | None) -> None:
        """Draw the state as ``viewer`` may see it. Default: :meth:`render_png`, for titles
        whose drawing shows nothing secret; titles whose drawing would, override this."""
        self.render_png(state, path)

    def render_png_view(self, state: S, path: Path, view: MapView, viewer: str | None) -> None:
        """Draw part of the map (``view``) as ``viewer`` may see it, larger than the whole
        map would be; titles that cannot crop their drawing raise NotImplementedError."""
        raise NotImplementedError(f"{self.display_name} cannot draw part of the map")

    def cheapest_path(self, state: S, player: str, start: str, end: str) -> PathQuote | None:
        """The cheapest path ``player`` could build now from ``start`` to ``end``.

        ``start`` and ``end`` are what a player types: hex labels or place names, read the way
        the title's notation reads them. Price it exactly as building it would cost the player
        in the current state (terrain, fees, surcharges, track already there). Return None
        when no path can be built; raise InputError for a place the title does not know.
        Titles without buildable paths keep this default, which raises NotImplementedError.
        """
        raise NotImplementedError(f"{self.display_name} has no buildable paths to look up")

    def legal_groups(self, state: S, player: str) -> list[LegalGroup]:
        """``player``'s legal actions as people read them (``transcon legal``, ``?`` in
        ``play``, the browser's button groups): the one way a title lists them its own way,
        grouped (deliveries by cube) or with a note beside each (costs), see
        :class:`~transcon.core.legal.LegalGroup`. Every text must paste back into
        ``transcon act``. Default: :meth:`legal_actions` grouped by action type."""
        return group_actions(self.legal_actions(state, player), self.format_action)

    def describe_hex(self, state: S, player: str | None, place: str) -> str:
        """One hex as a builder needs to see it (``transcon hex``): its terrain and what stands
        there, and each neighbour with the cost of a link to it (for ``player``, also what
        building it would cost them now). ``place`` is what a player types (a hex label or a
        place name). Titles without a hex map keep this default (NotImplementedError)."""
        raise NotImplementedError(f"{self.display_name} has no hexes to describe")

    # -- acting by pointing (the browser client: core/interaction.py) -------------------------
    # Generic defaults make every title playable by buttons; titles override them to offer
    # clicks on the map, path tools with live costs and the panels of their table.

    #: Most choices the generic :meth:`choices` lists (a title with more overrides it).
    max_generic_choices: ClassVar[int] = 400

    def choices(self, state: S, player: str) -> Interaction:
        """What ``player`` can do now as clicks. Default: every legal action one button,
        filed under its group's label (:meth:`legal_groups`); nothing when ``player`` is not
        to act."""
        if self.is_over(state) or player not in self.current_players(state):
            return Interaction()
        found = [
            Choice((Pick.button(text),), text, text, group=group.label)
            for group in self.legal_groups(state, player)
            for text in group.texts
        ]
        del found[self.max_generic_choices :]
        return Interaction(f"{player} to act", tuple(found))

    def path_action(self, state: S, player: str, tool: str, hexes: Sequence[str]) -> Action:
        """The action a path tool's clicked ``hexes`` stand for (InputError when they cannot
        stand for one). Titles offering path tools in :meth:`choices` override it."""
        raise InputError(f"{self.display_name} has no path tool {brief(tool)}")

    def action_cost(self, state: S, action: Action) -> int | None:
        """What ``action`` would cost its player now, for a quote (None: nothing to say)."""
        return None

    def quote(self, state: S, player: str, tool: str, hexes: Sequence[str]) -> Quote:
        """A path tool's would-be action checked without applying it. An unreadable path
        (unknown hex) raises InputError; a path that breaks a rule is a quote that is not ok."""
        action = self.path_action(state, player, tool, hexes)
        text = self.format_action(action)
        try:
            self.validate(state, action)
        except IllegalAction as err:
            return Quote(False, str(err), self.action_cost(state, action), None, text)
        return Quote(True, "", self.action_cost(state, action), text, text)

    def panels(self, state: S, viewer: str | None) -> list[Panel]:
        """What the table shows ``viewer`` (never another player's secret). Default: the
        status text."""
        return [Panel.note("Status", self.describe_status_for(state, viewer))]

    def board_svg(
        self,
        state: S,
        viewer: str | None,
        colour_blind: bool,
        labels: bool,
        played: Played | None = None,
    ) -> str:
        """The board as ``viewer`` may see it, as SVG whose hexes carry ``data-hex``;
        ``colour_blind``: letters or patterns on owners' marks; ``labels``: hex ids drawn;
        ``played``: the log so far (18xx titles draw the companies' last runs from it).
        Titles without a board keep this default (NotImplementedError)."""
        raise NotImplementedError(f"{self.display_name} has no board to draw")

    def hex_info(self, state: S, viewer: str | None, hex_id: str) -> list[str]:
        """Hover text of one hex as ``viewer`` may read it. Default: :meth:`describe_hex`
        (for the public view, without a player's costs); InputError for an unknown hex."""
        player = viewer if viewer else None
        return self.describe_hex(state, player, hex_id).splitlines()

    def timeline_values(self, state: S, viewer: str | None) -> dict[str, float]:
        """Each player's value or score now, for the chart over time, as ``viewer`` may
        see it. Default: :meth:`result`."""
        return {player: float(score) for player, score in self.result(state).items()}

    def round_label(self, state: S) -> str | None:
        """The round now, for the timeline's round markers. Default: the state's ``round``
        attribute if it has one."""
        found = getattr(state, "round", None)
        return None if found is None else str(found)

    def bots(self) -> dict[str, BotFactory]:
        """Extra bots by name (``seed -> Bot``); the random bot is always available."""
        return {}

    def game_statistics(self, state: S) -> dict[str, Any]:
        """Per-game numbers for ``transcon simulate`` (JSON-able)."""
        return {}

    def aggregate_statistics(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        """Combine :meth:`game_statistics` of many simulated games."""
        return {}

    def describe_rules(self) -> dict[str, Any]:
        """A JSON-able overview: names, player counts, options, actions, notation."""
        return {
            "name": self.name,
            "display_name": self.display_name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [spec.to_json() for spec in self.options],
            "actions": self.action_type_names(),
            "notation": self.notation,
            "bots": ["random", *sorted(self.bots())],
            "strongest_bot": self.strongest_bot,
        }


def _parse_value(text: str) -> Any:
    # JSON for structured values; everything else stays a string and pydantic coerces it.
    if text[:1] in ('"', "[", "{"):
        return load_json(text, f"value {brief(text)}")
    return None if text == "null" else text


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str) and value not in ("", "null") and value[:1] not in '"[{':
        return value
    return json.dumps(value, separators=(",", ":"))


#: How the registry and CLI refer to a title without caring about its state type.
AnyTitle = Title[Any]
