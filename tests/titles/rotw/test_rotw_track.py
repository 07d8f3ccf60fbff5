"""Track building: base 3.2 A and seeds 8, 9, 23, 24; urbanizing (base 3.2 B)."""

from __future__ import annotations

import pytest
from rotw_helpers import add_link, graph, label, started, to_act

from transcon.core.errors import IllegalAction
from transcon.core.mapfile import board_from_dict
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.minimap import mini_document


def test_base_build_cost_open_terrain_and_link_ownership() -> None:
    """Base 3.2 A: $2k per open piece; a completed link belongs to its builder."""
    game = started()
    s = game.state
    game.act("build B12 B13 B14 B15", "Ann")  # Chicago-Pittsburgh, 2 pieces
    link = s.links[-1]
    assert (link.owner, link.a, link.b, link.pieces) == ("Ann", "B12", "B15", 2)
    assert s.pl["Ann"].bonds == 1 and s.pl["Ann"].cash == 1


def test_base_terrain_costs_hill_mountain_river() -> None:
    """Base 3.2 A: hill/mountain $4k; a river side makes a piece $1k dearer ($3k water)."""
    g = graph()
    assert [c for _, c, _ in g.piece_costs(("B2", "B3", "B4"))] == [4, 4]
    assert [c for _, c, _ in g.piece_costs(("C8", "C9", "C10"))] == [2, 3]


def test_base_river_sides_include_estuaries() -> None:
    """Base 3.2 A: "+$1k per river side"; an ``estuary`` side (a river mouth between land
    hexes) is a river side, as in Railway Rivals (``core.board.RIVER_SIDE_KINDS``)."""
    doc = mini_document()
    doc["sides"] = [{"kind": "estuary", "sides": ["C9/C10"]}]
    g = BoardGraph(board_from_dict(doc, "estuary-test"))
    assert [c for _, c, _ in g.piece_costs(("C8", "C9", "C10"))] == [2, 3]


def test_base_no_sharp_turns_and_neighbouring_hexes() -> None:
    """Base 3.2 A: tiles cannot turn 120 or 180 degrees; hexes must be neighbours."""
    game = started()
    with pytest.raises(IllegalAction, match="sharp turn"):
        game.act("build B12 B13 A13", "Ann")
    with pytest.raises(IllegalAction, match="not neighbours"):
        game.act("build B12 B14 B15", "Ann")


def test_base_no_track_on_water_or_through_cities() -> None:
    game = started()
    with pytest.raises(IllegalAction, match=r"base 3\.2 A"):
        game.act("build A2 A1", "Ann")


def test_base_at_most_two_tracks_per_hex() -> None:
    """Base 3.2 A: a hex holds at most two tracks (a crossing)."""
    game = started()
    s = game.state
    add_link(s, "Bob", "Chicago", "Pittsburgh")
    add_link(s, "Cat", "Chicago", "Pittsburgh")
    with pytest.raises(IllegalAction, match="two tracks"):
        game.act("build B12 B13 B14 B15", "Ann")


def test_seed24_one_track_per_player_between_two_cities() -> None:
    """Seed 24: a player may not build a second track between the same two cities."""
    game = started()
    s = game.state
    add_link(s, "Ann", "Chicago", "Pittsburgh")
    with pytest.raises(IllegalAction, match="variant rule 24"):
        game.act("build B12 C13 C14 C15 B15", "Ann")
    to_act(s, "Bob")
    game.act("build B12 C13 C14 C15 B15", "Bob")  # another player may


def test_seed8_build_limit_five_pieces() -> None:
    """Seed 8: up to 5 pieces per build (base: 4)."""
    game = started()
    game.act("build B12 A13 A14 A15 A16 A17 A18", "Ann")  # Chicago-Boston, 5 pieces
    assert game.state.links[-1].pieces == 5
    game = started()
    with pytest.raises(IllegalAction, match="variant rule 8"):
        game.act("build B12 C12 C11 C10 C9 C8 D7 D6", "Ann")  # 6 pieces


def test_seed8_perfect_engineering_six_pieces_once_per_round() -> None:
    """Seed 8: with Perfect Engineering up to 6 pieces, once per game turn."""
    game = started()
    s = game.state
    s.pl["Ann"].perfect_engineering = True
    game.act("build B12 C12 C11 C10 C9 C8 D7 D6", "Ann")
    assert s.pl["Ann"].pe_used_turn == s.game_turn
    to_act(s, "Ann")
    with pytest.raises(IllegalAction, match="variant rule 8"):
        game.act("build B12 B11 B10 A10 A9 A8 A7 B6", "Ann")


def test_event_land_rush_bonus_hex_on_open_terrain() -> None:
    """Event Land Rush: a build on open terrain only may have a 6th piece."""
    game = started()
    with pytest.raises(IllegalAction, match="variant rule 8"):
        game.act("build B12 B11 B10 A10 A9 A8 A7", "Ann")
    game.state.events = ["land_rush"]
    game.act("build B12 B11 B10 A10 A9 A8 A7", "Ann")
    assert game.state.links[-1].pieces == 6
    game.state.links.clear()
    game.state.invalidate()
    to_act(game.state, "Ann")
    with pytest.raises(IllegalAction, match="variant rule 8"):  # a river side is not open terrain
        game.act("build B12 C12 C11 C10 C9 C8 D7 D6", "Ann")


def test_seed9_long_build_at_once_skips_next_turn() -> None:
    """Seed 9: a link of more than 5 pieces may be built at once; the next turn is skipped."""
    game = started()
    s = game.state
    path = "B12 B11 B10 A10 A9 A8 A7 A6 A5 A4 A3 A2"  # Chicago-Seattle, 10 pieces
    game.act(f"build {path} long", "Ann")
    assert s.links[-1].b == "A2" and s.pl["Ann"].skip_next
    for p in ("Bob", "Cat", "Dan"):
        game.act("pass", p)
    assert game.current_players() == ["Bob"]  # Ann's round-2 turn was skipped
    assert not s.pl["Ann"].skip_next


def test_seed9_long_build_not_in_third_round_and_must_complete() -> None:
    game = started()
    s = game.state
    s.round = 3
    with pytest.raises(IllegalAction, match="variant rule 9"):
        game.act("build B12 B11 B10 A10 A9 A8 A7 A6 A5 A4 A3 A2 long", "Ann")
    s.round = 1
    with pytest.raises(IllegalAction, match="variant rule 9"):
        game.act("build B12 B11 B10 A10 A9 A8 A7 long", "Ann")


def test_seed9_two_turn_build_unfinished_then_completed() -> None:
    """Seed 9 / base 3.2 A: part of a long link now, the rest on a later turn."""
    game = started()
    s = game.state
    game.act("build B12 B11 B10 A10 A9 A8", "Ann")
    assert s.unfinished("Ann") is not None
    for p in ("Bob", "Cat", "Dan"):
        game.act("pass", p)
    game.act("build A8 A7 A6 A5 A4 A3 A2", "Ann")
    assert s.unfinished("Ann") is None
    assert (s.links[-1].a, s.links[-1].b, s.links[-1].pieces) == ("B12", "A2", 10)


def test_seed24_unfinished_track_removed_at_end_of_game_turn() -> None:
    """Seed 24 / base 3.2 A: track that does not join two cities is removed after round 3."""
    game = started()
    s = game.state
    game.act("build B12 B11 B10 A10", "Ann")
    for _ in range(11):
        game.act("pass", game.current_players()[0])
    assert s.unfinished("Ann") is None and not s.links


def test_seed24_only_one_unfinished_track() -> None:
    game = started()
    s = game.state
    game.act("build B12 B11 B10 A10", "Ann")
    to_act(s, "Ann")
    with pytest.raises(IllegalAction, match="variant rule 24"):
        game.act("build B15 B14", "Ann")


def test_seed23_twenty_thousand_for_disconnected_western_start() -> None:
    """Seed 23: in the Western phase, starting track in the West away from your own track
    costs $20k extra; a start on your own network does not."""
    game = started()
    s = game.state
    s.phase = "west"
    s.pl["Ann"].cash = 100
    game.act("build D8 D7 D6", "Ann")  # Denver-Salt Lake City, 1 piece
    assert s.pl["Ann"].cash == 100 - 2 - 20
    to_act(s, "Ann")
    game.act("build D6 C6 B6", "Ann")  # from Salt Lake City: connected
    assert s.pl["Ann"].cash == 78 - 4  # C6 is a hill: no surcharge


def test_seed23_surcharge_tested_at_either_end_whatever_the_spelling() -> None:
    """Seed 23 ("to start a track in the western US that is not connected to his own
    existing track"): track meeting your own at either end city pays no $20k, and the
    price of a build never depends on which end it is written from (issue 15 item 2)."""
    for path in ("B9 C9 D8", "D8 C9 B9"):  # Omaha-Denver, either spelling
        game = started()
        s = game.state
        s.phase = "west"
        add_link(s, "Ann", "Denver", "Salt Lake City")
        s.pl["Ann"].cash = 100
        game.act(f"build {path}", "Ann")
        assert s.pl["Ann"].cash == 98, path  # meets her own track at Denver
    for path in ("F10 F9 E9 D8", "D8 E9 F9 F10"):  # Kansas City-Denver, nothing of hers
        game = started()
        s = game.state
        s.phase = "west"
        s.pl["Ann"].cash = 100
        game.act(f"build {path}", "Ann")
        assert s.pl["Ann"].cash == 100 - 4 - 20, path


def test_seed23_no_surcharge_in_eastern_phase() -> None:
    game = started()
    s = game.state
    s.pl["Ann"].cash = 100
    game.act("build D8 D7 D6", "Ann")
    assert s.pl["Ann"].cash == 98


def test_base_urbanize_gray_city() -> None:
    """Base 3.2 B: $10k, a New City tile on a gray city and two cubes."""
    game = started()
    s = game.state
    s.pl["Ann"].cash = 20
    kc = label("Kansas City")
    before = len(s.cubes[kc])
    game.act("urbanize Kansas_City blue", "Ann")
    assert s.colour[kc] == "blue" and len(s.cubes[kc]) == before + 2
    assert s.pl["Ann"].cash == 10 and s.tiles["blue"] == 2
    to_act(s, "Ann")
    with pytest.raises(IllegalAction, match=r"base 3\.2 B"):
        game.act("urbanize Chicago blue", "Ann")
    with pytest.raises(IllegalAction, match=r"base 3\.2 B"):
        game.act("urbanize Omaha red", "Ann")


def test_event_urbanization_incentive_costs_six() -> None:
    game = started()
    s = game.state
    s.events = ["urbanization_incentive"]
    s.pl["Ann"].cash = 20
    game.act("urbanize Omaha yellow", "Ann")
    assert s.pl["Ann"].cash == 14


def test_cards_land_grant_and_tunnel_engineer() -> None:
    """Ops cards: Land Grant makes open pieces free; Tunnel Engineer halves hills/mountains."""
    game = started()
    s = game.state
    s.pl["Ann"].cash = 50
    s.pl["Ann"].kept_cards = ["land_grant", "tunnel_engineer"]
    game.act("build B12 B13 B14 B15 grant", "Ann")
    assert s.pl["Ann"].cash == 50 and s.pl["Ann"].kept_cards == ["tunnel_engineer"]
    to_act(s, "Ann")
    g = graph()
    assert [c for _, c, _ in g.piece_costs(("B6", "B7", "C8", "D8"))] == [4, 2]
    game.act("build B6 B7 C8 D8 tunnel", "Ann")
    assert s.pl["Ann"].cash == 50 - 2 - 2
    with pytest.raises(IllegalAction, match="ops cards"):
        to_act(s, "Ann")
        game.act("build B12 C12 D11 E12 grant", "Ann")
