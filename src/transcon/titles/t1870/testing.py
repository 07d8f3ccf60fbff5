"""Positions for tests of 1870 (not used by the game itself)."""

from __future__ import annotations

from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import place_tiles, skip_auction
from transcon.titles.t1870.game import Title1870

#: Track joining MP's home, Kansas City (C18), to the Kansas City B19 city: a legal route of
#: two stops, so that MP without a train must buy one (§7.5).
MP_ROUTE = {"C18": ("57", 0), "B19": ("5", 0)}


def give_mp_a_route(game: Game[GameState]) -> None:
    """Lay :data:`MP_ROUTE` as it is (no lay action, no cost)."""
    place_tiles(game, MP_ROUTE)


PLAYERS = ["A", "B", "C", "D"]


def stock_game(**options: object) -> Game[GameState]:
    """A four-player game (route and reach checks off unless ``options`` say otherwise) past
    its initial auction, in a stock round where sales are allowed."""
    game = Game.new(Title1870(), PLAYERS, {"check_routes": False, "check_reach": False, **options})
    skip_auction(game)
    game.state.stock.number = 2  # sales allowed
    return game
