"""Setup (seeds 1-4), turn structure (seeds 6-7) and engines (seed 10)."""

from __future__ import annotations

import pytest
from rotw_helpers import PLAYERS, TITLE, label, new_game, started, to_act

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.core.mapfile import shipped_map_names
from transcon.titles.rotw.data import CARDS, GOODS, SUPER_CHIEF
from transcon.titles.rotw.graph import graph_for


def test_seed1_goods_on_eastern_cities_with_printed_numbers() -> None:
    """Seed 1 (base 2.1): each Eastern city gets its printed number of cubes."""
    s = new_game().state
    g = graph_for("rotw-mini")
    for lab, city in g.cities.items():
        if not city.west:
            assert len(s.cubes[lab]) == city.cubes, city.name
    assert sum(s.east_bag.values()) + sum(len(v) for v in s.cubes.values()) == 125


def test_seed1_house_rule_limits_colours() -> None:
    """Seed 1 house rule: at most one cube matching the city, at most two of any colour."""
    g = graph_for("rotw-mini")
    for seed in range(30):
        s = new_game(seed=seed).state
        for lab, cubes in s.cubes.items():
            colour = g.cities[lab].colour
            assert cubes.count(colour) <= 1
            assert all(cubes.count(c) <= 2 for c in GOODS)


def test_seed1_house_rule_is_an_option() -> None:
    """Seed 1: the house rule can be switched off (then limits are sometimes broken)."""
    g = graph_for("rotw-mini")
    broken = 0
    for seed in range(30):
        s = new_game(seed=seed, setup_color_limits=False).state
        for lab, cubes in s.cubes.items():
            broken += (
                any(cubes.count(c) > 2 for c in GOODS) or cubes.count(g.cities[lab].colour) > 1
            )
    assert broken > 0


def test_base_two_or_three_players_one_cube_fewer() -> None:
    """Base 2.1: with 2-3 players every city gets one cube fewer (at least 1)."""
    s = new_game(players=("Ann", "Bob"), seed=3).state
    assert len(s.cubes[label("Chicago")]) == 3
    assert len(s.cubes[label("Washington")]) == 1


def test_seed3_western_cities_start_empty() -> None:
    """Seed 3: no cubes on Western cities at the start; all unsettled."""
    s = new_game().state
    g = graph_for("rotw-mini")
    assert all(not s.cubes[lab] for lab, c in g.cities.items() if c.west)
    assert not s.settlers_at


def test_seed2_barons_two_east_two_west_choose_one_east() -> None:
    """Seed 2: two Eastern and two Western barons each; one Eastern kept before play."""
    game = new_game()
    s = game.state
    dealt = [b for p in PLAYERS for b in s.pl[p].east_dealt + s.pl[p].west_dealt]
    assert len(dealt) == 16 and len(set(dealt)) == 16
    assert set(game.current_players()) == set(PLAYERS)
    other = s.pl["Bob"].east_dealt[0]
    with pytest.raises(IllegalAction, match="variant rule 2"):
        game.act(f"baron {other}", "Ann")
    for p in PLAYERS:
        game.act(f"baron {s.pl[p].east_dealt[1]}", p)
    assert s.step in ("actions", "production")
    assert all(s.pl[p].east_baron == s.pl[p].east_dealt[1] for p in PLAYERS)
    assert all(not s.pl[p].west_baron for p in PLAYERS)


def test_seed4_no_western_link_action() -> None:
    """Seed 4: Western Link tiles and rules are not in play (no such action exists)."""
    assert "western_link" not in TITLE.action_type_names()


def test_seed6_no_bidding_first_player_rotates() -> None:
    """Seed 6: no bidding; the first player moves one seat clockwise each game turn."""
    game = started()
    s = game.state
    first = s.first
    for _ in range(12):
        game.act("pass", game.current_players()[0])
    assert s.game_turn == 2
    assert s.first == (first + 1) % 4
    assert game.current_players() == [s.players[s.first]] or s.step == "production"


def test_seed7_two_new_operations_cards_each_game_turn() -> None:
    """Seed 7: two new cards each game turn; events affect everyone for that game turn."""
    game = started()
    s = game.state
    s.display = [c for c in s.display if c != "E01"]
    s.deck = [c for c in s.deck if c != "E01"]
    event = next(c for c in s.deck if CARDS[c].is_event)
    s.deck.remove(event)
    s.deck = ["E01", event, *s.deck]
    shown = len(s.display)
    for _ in range(12):
        game.act("pass", game.current_players()[0])
    assert "E01" in s.display and len(s.display) == shown + 1
    assert s.events == [CARDS[event].kind]


def test_seed7_decks_have_the_addendum_counts() -> None:
    """Seed 7 addendum: Eastern deck 37 cards (9 events), Western 40 (6 events)."""
    east = [c for c in CARDS.values() if c.id.startswith("E")]
    west = [c for c in CARDS.values() if c.id.startswith("W")]
    assert (len(east), sum(c.is_event for c in east)) == (37, 9)
    assert (len(west), sum(c.is_event for c in west)) == (40, 6)


@pytest.mark.parametrize(
    ("start", "cost", "after"),
    [
        (1, 5, 2),
        (2, 10, 3),
        (3, 10, 4),
        (4, 15, 6),
        (6, 20, 8),
        (8, 25, 10),
        (10, 30, 12),
        (12, 40, SUPER_CHIEF),
    ],
)
def test_seed10_engine_steps_and_costs(start: int, cost: int, after: int) -> None:
    """Seed 10: 1-2-3-4 then +2 to 12, then the Super-Chief; costs per the seed's table."""
    game = started()
    s = game.state
    s.pl["Ann"].engine = start
    s.pl["Ann"].cash = 50
    game.act("upgrade", "Ann")
    assert s.pl["Ann"].engine == after
    assert s.pl["Ann"].cash == 50 - cost


def test_seed10_no_upgrade_past_super_chief() -> None:
    game = started()
    game.state.pl["Ann"].engine = SUPER_CHIEF
    with pytest.raises(IllegalAction, match="variant rule 10"):
        game.act("upgrade", "Ann")


def test_base_bonds_issued_automatically_and_interest() -> None:
    """Base 3.3: bonds give $5k; interest $1k per bond at Income & Dividends."""
    game = started()
    s = game.state
    to_act(s, "Ann")
    game.act("upgrade", "Ann")  # $5k with no cash: one bond
    assert (s.pl["Ann"].bonds, s.pl["Ann"].cash) == (1, 0)
    s.pl["Ann"].score = 4
    for _ in range(11):
        game.act("pass", game.current_players()[0])
    # income 4 for score 4, interest 1
    assert s.pl["Ann"].cash == 3


def test_base_bond_action_and_auto_bonds_option() -> None:
    """Base 3.2: bonds any time without an action; auto_bonds off refuses unpaid actions."""
    game = started(auto_bonds=False)
    s = game.state
    with pytest.raises(IllegalAction, match=r"base 3\.3"):
        game.act("upgrade", "Ann")
    game.act("bond", "Ann")
    assert game.current_players() == ["Ann"]
    game.act("upgrade", "Ann")
    assert s.pl["Ann"].engine == 2


def test_seed1_eastern_bag_sized_from_the_map_by_default() -> None:
    """Base 1 / seed 12: with ``east_goods_per_colour`` 0 (default) the Eastern bag holds
    every printed number (Eastern setup + first Western settlements), at least the box's 25
    of each colour; a number sets the bag, and a short bag runs short evenly (in passes)."""
    g = graph_for("rotw-mini")
    printed = sum(c.cubes for c in g.cities.values())
    assert printed <= 125
    assert new_game().state.east_per_colour == 25
    if "rotw-usa" in shipped_map_names():
        usa = graph_for("rotw-usa")
        printed = sum(c.cubes for c in usa.cities.values())
        s = Game.new(TITLE, ["A", "B", "C", "D"], {}, 1).state
        assert s.east_per_colour * 5 >= printed > 125
        east = sum(c.cubes for c in usa.cities.values() if not c.west)
        assert sum(len(v) for v in s.cubes.values()) == east  # every printed number filled
    short = new_game(east_goods_per_colour=4).state  # 20 cubes for 33 printed slots
    counts = [len(short.cubes[lab]) for lab, c in g.cities.items() if not c.west]
    assert sum(counts) == 20 and min(counts) >= 1  # every city got its first cube
    assert sum(short.east_bag.values()) == 0
