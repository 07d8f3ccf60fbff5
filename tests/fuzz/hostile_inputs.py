"""Generators of hostile input for the fuzz suite (issue 16): action texts built from each
title's grammar or mutated from legal actions, and structural mutations of JSON documents
(save files, 18xx.games files, maps). Deterministic for a given ``random.Random``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from transcon.core.bots import bot_seed, make_bot
from transcon.core.game import Game
from transcon.core.registry import get_title

NUMBERS = ("0", "1", "-1", "7", "-5", "999", "9" * 31, "1e9", "nan", "inf", "0x10", "3.5", "")
JUNK = (
    "{",
    "}",
    "[",
    "]",
    "[1]",
    '{"a":1}',
    '"x"',
    "null",
    "true",
    ":",
    ",",
    "=",
    "--",
    "-x",
    "\x00",
    "\t",
    "é",
    "\u202e",
    "\u200b",
    "🚂",
    "x" * 300,
    "[" * 60,
    "'",
    '"',
    "\\",
)
JSON_VALUES: tuple[Callable[[random.Random], Any], ...] = (
    lambda r: r.choice([0, 1, -1, 5, 10**25, -(10**25)]),
    lambda r: r.choice(["", "x", "A1", "\x07", "é" * 3, "9" * 40]),
    lambda r: r.choice([None, True, False, 1.5, -0.0]),
    lambda r: [],
    lambda r: {},
    lambda r: [r.randint(0, 9)] * r.randint(1, 3),
    lambda r: {"type": r.choice(["pass", "x", ""]), "id": r.randint(-2, 3)},
    lambda r: json.loads("[" * 45 + "]" * 45),
)


def legal_texts(game: Game[Any]) -> list[str]:
    """``NAME: action`` texts of every legal action now (the game master's list)."""
    return [f"{a.player}: {game.format(a)}" for a in game.legal_actions()]


def _words(texts: list[str]) -> list[str]:
    words = {w for text in texts for w in text.split()[1:]}
    return sorted(words) or ["A1"]


def grammar_action(
    rng: random.Random, verbs: list[str], words: list[str], fields: list[str]
) -> str:
    """A verb of the title followed by 0-4 plausible or hostile tokens."""
    parts = [rng.choice(verbs)]
    for _ in range(rng.randint(0, 4)):
        kind = rng.random()
        if kind < 0.4:
            parts.append(rng.choice(words))
        elif kind < 0.6:
            parts.append(rng.choice(NUMBERS))
        elif kind < 0.8:
            parts.append(f"{rng.choice(fields)}={rng.choice(NUMBERS + JUNK)}")
        else:
            parts.append(rng.choice(JUNK))
    return " ".join(parts)


def mutate_text(rng: random.Random, text: str) -> str:
    """One to three random edits of an action text."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(8)
        pos = rng.randint(0, len(text))
        words = text.split()
        if op == 0 and text:
            text = text[:pos] + text[pos + 1 :]
        elif op == 1:
            text = text[:pos] + rng.choice('0123456789-:=,[]{}" abcXYZ\x01é') + text[pos:]
        elif op == 2 and len(words) > 1:
            i, j = rng.randrange(len(words)), rng.randrange(len(words))
            words[i], words[j] = words[j], words[i]
            text = " ".join(words)
        elif op == 3 and words:
            words.insert(rng.randrange(len(words) + 1), rng.choice(words))
            text = " ".join(words)
        elif op == 4:
            text = text[:pos]
        elif op == 5:
            text = text.swapcase()
        elif op == 6 and words:
            words[rng.randrange(len(words))] = rng.choice(NUMBERS + JUNK)
            text = " ".join(words)
        else:
            text = text + " " + rng.choice(NUMBERS + JUNK)
    return text


def action_texts(rng: random.Random, game: Game[Any], count: int) -> Iterator[str]:
    """``count`` hostile action texts for the game's position: half from the title's grammar,
    half mutations of legal actions (with or without the ``NAME: `` prefix)."""
    legal = legal_texts(game) or ["pass"]
    verbs = [*game.title.action_type_names(), "fly", "", "-", "{", "PASS"]
    fields = sorted(
        {name for cls in game.title.action_types for name in cls.model_fields} | {"x", "type"}
    )
    words = _words(legal) + list(game.players) + ["Zed", "gm"]
    for _ in range(count):
        if rng.random() < 0.5:
            yield grammar_action(rng, verbs, words, fields)
        else:
            base = rng.choice(legal)
            if rng.random() < 0.5:
                base = base.partition(": ")[2]
            yield mutate_text(rng, base)


def mutate_json(rng: random.Random, data: Any, edits: int = 1) -> Any:
    """``data`` with ``edits`` random structural changes: a value replaced by a hostile one,
    a key removed, or a list item duplicated or dropped (a deep copy; ``data`` is unchanged)."""
    data = json.loads(json.dumps(data))
    for _ in range(edits):
        path = _random_path(rng, data)
        if not path:
            return rng.choice(JSON_VALUES)(rng)
        parent = _get(data, path[:-1])
        key = path[-1]
        op = rng.random()
        if op < 0.6:
            parent[key] = rng.choice(JSON_VALUES)(rng)
        elif isinstance(parent, dict):
            del parent[key]
        elif op < 0.8:
            parent.insert(key, parent[key])
        else:
            del parent[key]
    return data


def mutate_bytes(rng: random.Random, text: str) -> str:
    """A text with a few characters flipped, deleted or inserted, or cut short."""
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        pos = rng.randrange(max(1, len(chars)))
        op = rng.randrange(4)
        if op == 0 and chars:
            chars[pos] = rng.choice('{}[]",:0123456789-.e \x00\\')
        elif op == 1 and chars:
            del chars[pos]
        elif op == 2:
            chars.insert(pos, rng.choice(['"', "[" * 50, "9" * 40, "\n", "\ud800"[:0]]))
        else:
            del chars[pos:]
    return "".join(chars)


def _random_path(rng: random.Random, data: Any) -> list[Any]:
    path: list[Any] = []
    node = data
    while isinstance(node, dict | list) and node and rng.random() < 0.75:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append(key)
        node = node[key]
    return path


def _get(data: Any, path: list[Any]) -> Any:
    for key in path:
        data = data[key]
    return data


def position(title_name: str, depth: int) -> Game[Any]:
    """A game of the title after ``depth`` random legal moves."""
    title = get_title(title_name)
    players = [f"P{i}" for i in range(1, max(title.min_players, min(3, title.max_players)) + 1)]
    game = Game.new(title, players, seed=bot_seed("fuzz", title_name, depth) % 10_000)
    bot = make_bot(title, "random", bot_seed("fuzz-bot", title_name, depth))
    for _ in range(depth):
        if game.is_over():
            break
        game.apply(bot.choose(game, game.current_players()[0]))
    return game
