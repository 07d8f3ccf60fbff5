"""Railways of the World in the browser (titles/rotw/interaction.py): deliveries as clicks
on the cube's city and the destination with the route lit, the build path tool, panels with
only your own barons, hover text with cubes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from transcon.core.bots import make_bot
from transcon.core.errors import InputError
from transcon.core.game import Game
from transcon.core.registry import get_title
from transcon.titles.rotw.actions import Deliver


@pytest.fixture(scope="module")
def delivering() -> tuple[Game[Any], str]:
    """A greedy-bot game on the small map, played until a delivery is legal."""
    title = get_title("rotw-east-west")
    game = Game.new(title, ["ann", "bob"], {"map": "rotw-mini"}, seed=4)
    bots = {p: make_bot(title, "greedy", i) for i, p in enumerate(game.players)}
    for _ in range(300):
        player = game.current_players()[0]
        if any(isinstance(a, Deliver) for a in game.legal_actions(player)):
            return game, player
        game.apply(bots[player].choose(game, player))
    raise AssertionError("no delivery became legal")


def test_a_delivery_is_picked_by_its_cities_with_the_route_lit(delivering: tuple) -> None:
    """Base 3.2 C (deliver goods): every delivery offered is legal; picks start at the
    cube's city and end at the destination; the route's track hexes are highlighted."""
    game, player = delivering
    offer = game.title.choices(game.state, player)
    deliveries = [c for c in offer.choices if c.group == "Deliver"]
    assert deliveries
    for choice in deliveries:
        action = game.parse(choice.text, player)
        assert isinstance(action, Deliver) and game.is_legal(action)
        hexes = [pick.hex for pick in choice.picks if pick.hex]
        assert hexes == [action.path[0], action.path[-1]]
        assert choice.highlight[0] == action.path[0] and choice.highlight[-1] == action.path[-1]
        assert len(choice.highlight) >= len(action.path)
    assert [tool.tool for tool in offer.paths] == ["build"]


def test_panels_show_your_barons_only(delivering: tuple) -> None:
    """Seed 2 (Rail Barons are secret): a player's panels name their own barons, never the
    other player's."""
    game, _player = delivering
    state = game.state
    for viewer, other in (("ann", "bob"), ("bob", "ann")):
        panels = {p.title: p for p in game.title.panels(state, viewer)}
        text = json.dumps([p.to_json() for p in panels.values()])
        assert state.pl[viewer].east_baron in text
        assert state.pl[other].east_baron not in text
        assert {"Turn", "Players", "Your barons", "Major lines (builds to go)"} <= set(panels)
    public = {p.title for p in game.title.panels(state, "")}
    assert "Your barons" not in public


def test_hover_text_shows_a_citys_cubes(delivering: tuple) -> None:
    game, _player = delivering
    state = game.state
    city = next(c for c, cubes in sorted(state.cubes.items()) if cubes)
    lines = game.title.hex_info(state, "ann", city)
    assert any(line.startswith("cubes: ") and line != "cubes: none" for line in lines)
    with pytest.raises(InputError):
        game.title.hex_info(state, "ann", "ZZ999")
