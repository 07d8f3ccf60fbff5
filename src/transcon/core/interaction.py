"""What a page can click and show for a game position: choices, path tools, quotes, panels.

A title turns its legal actions into :class:`Choice` objects (a chain of :class:`Pick` clicks
ending in an action text in the title's notation), offers :class:`PathTool` for free track
building where the legal paths cannot be listed, prices a would-be path with a
:class:`Quote`, and shows what the board game shows on the table as :class:`Panel` objects.
The hooks live on :class:`~transcon.core.title.Title` with generic defaults; the browser
client (issue 18) and its server endpoints only read these types through ``to_json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

PanelKind = Literal["table", "market", "text"]


@dataclass(frozen=True, slots=True)
class Played:
    """The game's log so far for drawing what happened (the 18xx runs): the actions, and
    the events as the viewer may read them (``Event.index`` points into ``actions``)."""

    actions: Sequence[Any] = ()
    events: Sequence[Any] = ()


@dataclass(frozen=True, slots=True)
class Pick:
    """One click: a hex of the board (``hex``) or a button (``label``); exactly one is set."""

    hex: str | None = None
    label: str | None = None

    def __post_init__(self) -> None:
        if (self.hex is None) == (self.label is None):
            raise ValueError("a Pick is either a hex or a label")

    @classmethod
    def at(cls, hex_id: str) -> Pick:
        return cls(hex=hex_id)

    @classmethod
    def button(cls, text: str) -> Pick:
        return cls(label=text)

    def to_json(self) -> dict[str, str]:
        return {"hex": self.hex} if self.hex is not None else {"label": str(self.label)}


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action reached by clicking ``picks`` in order.

    ``text`` is the action in the title's notation (what the page posts), ``summary`` what the
    confirm step says, ``cost`` what it costs the player (None: nothing to say), ``highlight``
    the hexes to light up while it is selected (a delivery's route), ``group`` a heading.
    """

    picks: tuple[Pick, ...]
    text: str
    summary: str
    cost: int | None = None
    highlight: tuple[str, ...] = ()
    group: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "picks": [pick.to_json() for pick in self.picks],
            "text": self.text,
            "summary": self.summary,
            "cost": self.cost,
            "highlight": list(self.highlight),
            "group": self.group,
        }


@dataclass(frozen=True, slots=True)
class PathTool:
    """Free track building by clicking hexes one after another, priced with a quote."""

    tool: str
    label: str
    start: tuple[str, ...] = ()
    help: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "label": self.label,
            "start": list(self.start),
            "help": self.help,
        }


@dataclass(frozen=True, slots=True)
class Interaction:
    """What one player can do now: a prompt, the choices and the path tools."""

    prompt: str = ""
    choices: tuple[Choice, ...] = ()
    paths: tuple[PathTool, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "prompt": self.prompt,
            "choices": [choice.to_json() for choice in self.choices],
            "paths": [tool.to_json() for tool in self.paths],
        }


@dataclass(frozen=True, slots=True)
class Quote:
    """A would-be path action checked without applying it: ``ok`` with its ``text`` and
    ``cost``, or not ok with the rule's one-line ``reason``."""

    ok: bool
    reason: str = ""
    cost: int | None = None
    text: str | None = None
    summary: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "reason": self.reason,
            "cost": self.cost,
            "text": self.text,
            "summary": self.summary,
        }


@dataclass(frozen=True, slots=True)
class Panel:
    """Something the board game shows on the table: a table, the market chart or a text.

    For ``market`` the rows are the chart's rows of cells (``""`` for no space) and
    ``highlight`` marks ``[row, col]`` cells (where the companies' markers are).
    """

    title: str
    kind: PanelKind = "table"
    header: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    highlight: tuple[tuple[int, int], ...] = ()
    text: str = ""

    @classmethod
    def table(
        cls,
        title: str,
        header: Sequence[str],
        rows: Sequence[Sequence[object]],
        highlight: Sequence[tuple[int, int]] = (),
    ) -> Panel:
        return cls(
            title,
            "table",
            tuple(header),
            tuple(tuple(str(cell) for cell in row) for row in rows),
            tuple(highlight),
        )

    @classmethod
    def note(cls, title: str, text: str) -> Panel:
        return cls(title, "text", text=text)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "kind": self.kind,
            "header": list(self.header),
            "rows": [list(row) for row in self.rows],
            "highlight": [list(cell) for cell in self.highlight],
            "text": self.text,
        }
