"""The 1870 position used for routing: tile lays, tokens through upgrades, destination tokens."""

from __future__ import annotations

import pytest

from transcon.eighteen.tiles import TileError
from transcon.titles.t1870.importer.options import MAYFAIR_1870, options_1870
from transcon.titles.t1870.options import Options1870
from transcon.titles.t1870.position import Position1870


def test_checked_lays_follow_the_upgrade_rule() -> None:
    pos = Position1870()
    kc = pos.hex("B11")
    pos.lay_tile(kc, "57", 1, check=True)
    with pytest.raises(TileError):
        pos.lay_tile(kc, "63", 0, check=True)  # brown on yellow
    with pytest.raises(TileError):
        pos.lay_tile(pos.hex("A4"), "57", 0, check=True)  # city tile on an empty hex
    pos.lay_tile(pos.hex("A4"), "9", 0, check=True)
    with pytest.raises(TileError):
        pos.lay_tile(kc, "15", 0, check=True)  # loses the east exit
    pos.lay_tile(kc, "15", 1, check=True)
    with pytest.raises(TileError):
        pos.lay_tile(kc, "63", 0, check=True)  # Kansas City needs the P tile in brown
    pos.lay_tile(kc, "170", 0, check=True)
    pos.lay_tile(kc, "171K", 0, check=True)


def test_tokens_follow_their_city_through_upgrades() -> None:
    pos = Position1870()
    kc = pos.hex("B11")
    pos.place_home("MKT")
    pos.lay_tile(kc, "57", 1)
    pos.lay_tile(kc, "15", 0)
    assert pos.place_token(kc, 0, "ATSF", 1) is None
    pos.lay_tile(kc, "170", 0)
    pos.lay_tile(kc, "171K", 0)
    assert pos.tokens[(kc, 0)] == ["MKT", "ATSF", None]
    assert pos.place_token(kc, 0, "SLSF", 0) == "MKT"  # slot taken: reported, not replaced
    pos.close_company("MKT")
    assert pos.tokens[(kc, 0)] == [None, "ATSF", None]
    assert "MKT" not in pos.started


def test_destination_token_slot_or_beside() -> None:
    """§8.4 option ``destination_blocks``: the token fills a slot (Dixon) or sits beside."""
    for blocked in (True, False):
        pos = Position1870(options=Options1870(destination_blocks=blocked))
        dallas = pos.hex("J5")
        pos.lay_tile(dallas, "57", 1)
        pos.place_destination("MP")
        g = pos.graph()
        stop = g.index["J5-0"]
        assert (g.token_mask("MP") >> stop) & 1
        pos.started.add("MP")
        pos.changed()
        assert bool((pos.graph().blocked_mask("FW") >> stop) & 1) is blocked


def test_route_options_of_the_editions() -> None:
    """Dixon (the defaults) vs Mayfair/18xx.games: destination token and doubling."""
    dixon, mayfair = Options1870(), Options1870.view(MAYFAIR_1870)
    assert (dixon.destination_blocks, dixon.destination_ends_only) == (True, False)
    assert (mayfair.destination_blocks, mayfair.destination_ends_only) == (False, True)
    assert Options1870.view(options_1870(["station_wars"])).destination_blocks
