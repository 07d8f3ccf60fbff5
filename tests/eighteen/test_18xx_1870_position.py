"""The 1870 position used for routing: tile lays, tokens through upgrades, destination tokens."""

from __future__ import annotations

import pytest

from transcon.eighteen.tiles import TileError
from transcon.titles.t1870.options import RouteOptions1870
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
    for token, blocked in (("slot", True), ("beside", False)):
        pos = Position1870(options=RouteOptions1870(destination_token=token))  # type: ignore[arg-type]
        dallas = pos.hex("J5")
        pos.lay_tile(dallas, "57", 1)
        pos.place_destination("MP")
        g = pos.graph()
        stop = g.index["J5-0"]
        assert (g.token_mask("MP") >> stop) & 1
        pos.started.add("MP")
        pos.changed()
        assert bool((pos.graph().blocked_mask("FW") >> stop) & 1) is blocked


def test_editions() -> None:
    assert RouteOptions1870.for_edition("dixon") == RouteOptions1870()
    may = RouteOptions1870.for_edition("mayfair")
    assert (may.destination_doubling, may.destination_token) == ("first-or-last-stop", "beside")
    assert RouteOptions1870.from_18xx_games(["station_wars"]).destination_token == "slot"
