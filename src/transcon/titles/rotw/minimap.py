"""``rotw-mini``: a small hand-made East + West board (18 x 7 hexes) for tests and quick games.

It has the features the rules need: Eastern and Western halves (``board:east``/``board:west``),
East and West Coast cities, value-4 Eastern cities that accept raw materials, gray cities,
hills, mountains, a river and the cities of a few major lines.
"""

from __future__ import annotations

from typing import Any

from transcon.core.board import Board
from transcon.core.mapfile import board_from_dict

MINI_NAME = "rotw-mini"

_CITIES: tuple[tuple[str, str, str, int], ...] = (
    # hex, name, colour, cubes
    ("A2", "Seattle", "black", 2),
    ("C1", "Portland", "yellow", 2),
    ("E1", "San Francisco", "red", 3),
    ("G2", "Los Angeles", "purple", 2),
    ("E3", "Sacramento", "gray", 1),
    ("B6", "Promontory", "gray", 1),
    ("D6", "Salt Lake City", "blue", 2),
    ("G6", "Tucson", "yellow", 2),
    ("D8", "Denver", "red", 3),
    ("B9", "Omaha", "gray", 1),
    ("F10", "Kansas City", "gray", 2),
    ("B12", "Chicago", "red", 4),
    ("E12", "St. Louis", "black", 3),
    ("B15", "Pittsburgh", "blue", 4),
    ("F15", "Atlanta", "purple", 4),
    ("E16", "Washington", "gray", 1),
    ("G16", "Charleston", "blue", 4),
    ("D17", "Philadelphia", "yellow", 3),
    ("C18", "New York", "red", 4),
    ("A18", "Boston", "yellow", 4),
)


def mini_document() -> dict[str, Any]:
    """The map document (our map format) of the mini board."""
    terrain = [
        "~.hmm.............",
        "..hmm.h...........",
        "..mm.h............",
        "..hm..............",
        "...m.h............",
        "..hm..............",
        "..hh.............~",
    ]
    water = [("~" if ch == "~" else " ") for ch in terrain[0]]
    water_rows = ["".join(water)] + [" " * 18] * 5 + [" " * 17 + "~"]
    board_rows = ["w" * 9 + "e" * 9] * 7
    return {
        "format": "transcon-map",
        "version": 1,
        "name": MINI_NAME,
        "title": "Railways of the World: mini East + West",
        "description": "A small hand-made board for tests of the combined game.",
        "layout": {"orientation": "pointy", "labels": "offset", "stagger": "odd"},
        "legends": {
            "terrain": {".": "plain", "h": "hill", "m": "mountain", "~": "water"},
            "water": {"~": "ocean"},
            "board": {"w": "west", "e": "east"},
        },
        "layers": {"terrain": terrain, "water": water_rows, "board": board_rows},
        "regions": {
            "east_coast": ["A18", "C18", "D17", "G16"],
            "west_coast": ["A2", "C1", "E1", "G2"],
        },
        "sides": [{"kind": "river", "name": "Missouri", "sides": ["C9/C10", "D9/D10", "E9/E10"]}],
        "sites": [
            {"hex": h, "kind": "city", "name": n, "data": {"color": c, "cubes": k}}
            for h, n, c, k in _CITIES
        ],
        "meta": {"source": "hand-made for tests"},
    }


_BOARD: list[Board] = []


def mini_board() -> Board:
    if not _BOARD:
        _BOARD.append(board_from_dict(mini_document(), MINI_NAME))
    return _BOARD[0]
