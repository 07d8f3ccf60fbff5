"""Helpers for the Railways of the World East+West tests: games on the mini map, links and
cubes put straight into the state so each test sets up exactly the situation it needs."""

from __future__ import annotations

from typing import Any

from transcon.core.game import Game
from transcon.titles.rotw import RailwaysOfTheWorldEastWest, RotwState
from transcon.titles.rotw.graph import BoardGraph, graph_for
from transcon.titles.rotw.state import Link

TITLE = RailwaysOfTheWorldEastWest()
PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def new_game(players: tuple[str, ...] = PLAYERS, seed: int = 1, **options: Any) -> Game[RotwState]:
    opts: dict[str, Any] = {"map": "rotw-mini", **options}
    return Game.new(TITLE, list(players), opts, seed)


def started(players: tuple[str, ...] = PLAYERS, seed: int = 1, **options: Any) -> Game[RotwState]:
    """A game past the baron choice, in the actions step, with Ann to act and no events."""
    game = new_game(players, seed, **options)
    for p in players:
        game.act(f"baron {game.state.pl[p].east_dealt[0]}", p)
    s = game.state
    s.events = []
    s.pending = []
    s.step = "actions"
    s.first = 0
    s.pos = 0
    return game


def graph() -> BoardGraph:
    return graph_for("rotw-mini")


def label(name: str) -> str:
    return graph().by_name[name]


def add_link(s: RotwState, owner: str, a: str, b: str) -> Link:
    """Put a completed link (the cheapest route) between two cities named ``a`` and ``b``."""
    g = graph()
    la, lb = g.by_name[a], g.by_name[b]
    route = g.routes_from(la)[lb]
    link = Link(s.next_link, owner, la, lb, route.hexes[1:-1], route.pieces, s.game_turn)
    s.next_link += 1
    s.links.append(link)
    s.invalidate()
    return link


def set_cubes(s: RotwState, name: str, cubes: list[str]) -> None:
    """Replace a city's cubes, keeping the bag totals (moved cubes go back to the Eastern bag)."""
    lab = label(name)
    for cube in s.cubes.get(lab, []):
        if cube in s.east_bag:
            s.east_bag[cube] += 1
    for cube in cubes:
        if cube in s.east_bag:
            s.east_bag[cube] -= 1
    s.cubes[lab] = list(cubes)


def to_act(s: RotwState, player: str) -> None:
    """Make ``player`` the one to act (as first player of the current round)."""
    s.first = s.players.index(player)
    s.pos = 0


def play_out(game: Game[RotwState]) -> None:
    """Everyone passes to the end; at a settle step each keeps the first dealt Western baron
    (a game ending in the Eastern phase settles before the final scoring)."""
    s = game.state
    while not game.is_over():
        player = game.current_players()[0]
        if s.step == "settle":
            game.act(f"settle {s.pl[player].west_dealt[0]}", player)
        else:
            game.act("pass", player)
