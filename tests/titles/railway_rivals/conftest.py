"""Fixtures for the Railway Rivals USA tests: small hand-made maps and game drivers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from transcon.core.bots import bot_seed, make_bot
from transcon.core.game import Game
from transcon.core.mapfile import resolve_map
from transcon.core.title import Action
from transcon.titles.railway_rivals import RailwayRivalsUSA, RRState
from transcon.titles.railway_rivals.actions import Done, StartPick

from .maps import cost_map, strip_map, write_map

REAL_MAP = "usa-transcontinental"


def real_map_available() -> bool:
    try:
        resolve_map(REAL_MAP)
    except Exception:
        return False
    return True


needs_real_map = pytest.mark.skipif(not real_map_available(), reason="real map not generated")


@pytest.fixture(scope="session")
def strip_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    return write_map(tmp_path_factory.mktemp("rrmaps"), strip_map(), "strip.json")


@pytest.fixture(scope="session")
def cost_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    return write_map(tmp_path_factory.mktemp("rrcost"), cost_map(), "costs.json")


@pytest.fixture(scope="session")
def title() -> RailwayRivalsUSA:
    return RailwayRivalsUSA()


def new_game(
    title: RailwayRivalsUSA,
    map_path: str,
    players: Iterable[str] = ("Ann", "Bob"),
    seed: int = 1,
    **options: Any,
) -> Game[RRState]:
    return Game.new(title, list(players), {"map": map_path, **options}, seed=seed)


def crowded_position(title: RailwayRivalsUSA) -> Game[RRState]:
    """A crowded real-map position: the 6-rival greedy game the benchmark plays as seed 7,
    at its 610th action (joint runs, shared lines, capped rivals; its slowest listing)."""
    names = [f"P{i}" for i in range(1, 7)]
    game = Game.new(title, names, {"map": REAL_MAP}, 7)
    bots = {p: make_bot(title, "greedy", bot_seed(0, 7, i)) for i, p in enumerate(names)}
    for _ in range(610):
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
    return game


def apply_all(game: Game[RRState], actions: Iterable[Action]) -> None:
    for action in actions:
        game.apply(action)


def started(
    title: RailwayRivalsUSA, map_path: str, picks: dict[str, str], seed: int = 1, **options: Any
) -> Game[RRState]:
    """A game after the start picks (round 1, build phase)."""
    game = new_game(title, map_path, list(picks), seed, **options)
    apply_all(game, [StartPick(player=p, hex=h) for p, h in picks.items()])
    return game


def finish(game: Game[RRState]) -> None:
    """Everybody still to act says done (ends a segment or the race entries)."""
    for p in list(game.current_players()):
        game.apply(Done(player=p))


def hexes(game: Game[RRState], *labels: str) -> list[int]:
    return [game.state.model.hex_index(label) for label in labels]
