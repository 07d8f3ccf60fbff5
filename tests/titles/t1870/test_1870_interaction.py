"""1870 in the browser (titles/t1870/interaction.py): tile lays and tokens as clicks among
the legal ones only, the optimiser's best run offered and shown with the gap to the run
chosen, the companies' last runs on the map, the table's panels and the hover text."""

from __future__ import annotations

import re
from typing import Any

import pytest

from transcon.core.bots import make_bot
from transcon.core.errors import InputError
from transcon.core.game import Game
from transcon.core.interaction import Played
from transcon.core.registry import get_title
from transcon.eighteen.framework.actions import LayTile, RunRoutes


def _operating_turn(seed: int = 5) -> tuple[Game[Any], str]:
    """A builder-bot game played to a company's turn with tile lays and trains."""
    title = get_title("1870")
    game = Game.new(title, ["ann", "bob", "cat"], seed=seed)
    bots = {p: make_bot(title, "builder", i) for i, p in enumerate(game.players)}
    seen_run = False
    for _ in range(1500):
        player = game.current_players()[0]
        state = game.state
        if state.round == "operating" and state.operating.step == 0 and seen_run:
            sym = title.current_corp(state)
            if state.corps[sym].president == player and state.corps[sym].trains:
                return game, player
        action = bots[player].choose(game, player)
        seen_run = seen_run or (isinstance(action, RunRoutes) and bool(action.routes))
        game.apply(action)
    raise AssertionError("no operating turn reached")


@pytest.fixture(scope="module")
def turn() -> tuple[Game[Any], str]:
    return _operating_turn()


def test_tile_lays_are_hex_tile_rotation_clicks_and_all_legal(turn: tuple) -> None:
    game, player = turn
    offer = game.title.choices(game.state, player)
    lays = [c for c in offer.choices if c.group == "Track"]
    assert lays, "1870 §7.1: the operating company may lay a tile"
    for choice in lays:
        hex_pick, tile_pick, rotation_pick = choice.picks
        assert hex_pick.hex and tile_pick.label.startswith("Tile ")
        assert rotation_pick.label.startswith("Rotation ") and choice.highlight == (hex_pick.hex,)
        action = game.parse(choice.text, player)
        assert isinstance(action, LayTile) and game.is_legal(action)
    # the legal lays the bots' candidate list knows are all offered
    texts = {c.text for c in lays}
    bot_lays = [a for a in game.legal_actions(player) if isinstance(a, LayTile) and not a.private]
    assert {game.format(a) for a in bot_lays} <= texts


def test_the_best_run_is_offered_and_the_gap_shown(turn: tuple) -> None:
    game, player = turn
    game = game.clone()
    offer = game.title.choices(game.state, player)
    runs = [c for c in offer.choices if c.group == "Run"]
    assert runs and "best run" in runs[0].summary and runs[0].highlight
    panels = {p.title: p for p in game.title.panels(game.state, player)}
    best = panels["Best routes"]
    assert "best run" in best.text and best.rows
    revenue = int(re.search(r": (\d+)", best.text).group(1))  # type: ignore[union-attr]
    poorer = game.clone()
    game.act(runs[0].text, player)
    after = {p.title: p for p in game.title.panels(game.state, player)}["Best routes"]
    assert f"it ran {revenue}: the best run" in after.text
    # a president who runs nothing sees what was left on the table
    poorer.apply(RunRoutes(player=player, revenue=0))
    gap = {p.title: p for p in poorer.title.panels(poorer.state, player)}["Best routes"]
    assert f"it ran 0: {revenue} less than the best" in gap.text


def test_the_board_draws_the_last_runs_and_every_hex_is_clickable(turn: tuple) -> None:
    game, _player = turn
    title = game.title
    events = list(game.events)
    svg = title.board_svg(game.state, "ann", False, False, Played(game.log, events))
    assert "last ran" in svg
    hexes = re.findall(r'class="hex" data-hex="([^"]+)"', svg)
    assert len(hexes) == len(set(hexes)) > 100
    plain = title.board_svg(game.state, "ann", False, False)
    assert "last ran" not in plain
    tiles = re.findall(r'<g data-hex="([^"]+)" transform', svg)  # tile art knows its hex too
    assert tiles and set(tiles) <= set(hexes)


def test_panels_show_players_companies_and_the_market(turn: tuple) -> None:
    game, _player = turn
    panels = {p.title: p for p in game.title.panels(game.state, "bob")}
    assert panels["Players"].header[:4] == ("Player", "Cash", "Certs", "Value")
    assert [row[0] for row in panels["Players"].rows] == ["ann", "bob", "cat"]
    companies = panels["Companies"]
    assert companies.rows and {"Price", "Trains", "Tokens"} <= set(companies.header)
    market = panels["Market"]
    assert market.kind == "market" and market.highlight
    row, col = market.highlight[0]
    assert re.search(r"[A-Z]{2,}", market.rows[row][col])


def test_hover_text_names_tile_values_and_tokens(turn: tuple) -> None:
    game, _player = turn
    state = game.state
    sym, corp = next((s, c) for s, c in state.corps.items() if c.tokens)
    lines = game.title.hex_info(state, "ann", corp.tokens[0])
    assert any("value" in line for line in lines)
    assert any(sym in line for line in lines if line.startswith("tokens"))
    with pytest.raises(InputError, match="no hex"):
        game.title.hex_info(state, "ann", "ZZ99")


def test_auction_bids_are_a_private_then_an_amount() -> None:
    """1870 private auction: a bid is [the private, the amount], from the minimum up in
    steps, every amount offered legal."""
    title = get_title("1870")
    game = Game.new(title, ["ann", "bob", "cat"], seed=2)
    player = game.current_players()[0]
    bids = [c for c in title.choices(game.state, player).choices if c.group == "Auction"]
    assert len(bids) > len({c.picks[0].label for c in bids})  # several amounts per private
    for choice in bids:
        what, amount = (pick.label for pick in choice.picks)
        assert what.startswith("Bid on ") and amount.startswith("$")
        assert game.is_legal(game.parse(choice.text, player))
