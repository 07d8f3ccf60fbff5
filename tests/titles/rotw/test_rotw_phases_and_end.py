"""The Western phase switch (seeds 14-19), major lines, the game end and final scoring."""

from __future__ import annotations

from itertools import pairwise

import pytest
from rotw_helpers import add_link, label, play_out, started, to_act

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.titles.rotw import RotwState
from transcon.titles.rotw.data import CARDS, RAW, SETTLER
from transcon.titles.rotw.flow import discard_penalty


def _to_transition(game: Game[RotwState]) -> RotwState:
    s = game.state
    s.west_pending = True
    s.settlers_arrived = 10
    while s.step == "actions":
        game.act("pass", game.current_players()[0])
    return s


def test_seed16_bond_penalty_and_repay_or_discard() -> None:
    """Seed 16: -1 point per bond held when the Eastern phase ends; each bond may be repaid
    ($5k) or discarded (1 point each for two, 2 points each after)."""
    game = started()
    s = game.state
    for p, bonds in (("Ann", 4), ("Bob", 2)):
        s.pl[p].bonds = bonds
        s.pl[p].score = 20
        s.pl[p].cash = 30
    _to_transition(game)
    assert s.pl["Ann"].score == 16 and s.pl["Bob"].score == 18
    w = s.pl["Ann"].west_dealt[0]
    with pytest.raises(IllegalAction, match="variant rules 2, 15, 16"):
        game.act(f"settle {w} repay=3 discard=2", "Ann")
    game.act(f"settle {w} repay=1 discard=3 hold", "Ann")
    assert s.pl["Ann"].bonds == 0 and s.pl["Ann"].score == 16 - 4
    assert discard_penalty(2) == 2 and discard_penalty(4) == 6


def test_seed2_western_baron_chosen_at_the_switch() -> None:
    game = started()
    s = _to_transition(game)
    with pytest.raises(IllegalAction, match="variant rules 2"):
        game.act(f"settle {s.pl['Bob'].west_dealt[0]}", "Ann")
    for p in s.players:
        game.act(f"settle {s.pl[p].west_dealt[1]}", p)
    assert all(s.pl[p].west_baron == s.pl[p].west_dealt[1] for p in s.players)
    assert s.step in ("actions", "production") and s.game_turn == 2


def test_seed15_eastern_baron_claimed_or_held() -> None:
    """Seed 15: a met Eastern baron may be claimed now (points on the track) or held."""
    game = started()
    s = game.state
    s.pl["Ann"].east_baron = "EB1"  # most links
    s.pl["Bob"].east_baron = "EB1"
    add_link(s, "Ann", "Chicago", "Pittsburgh")
    add_link(s, "Bob", "Chicago", "Omaha")
    _to_transition(game)
    game.act(f"settle {s.pl['Ann'].west_dealt[0]}", "Ann")
    game.act(f"settle {s.pl['Bob'].west_dealt[0]} hold", "Bob")
    assert s.pl["Ann"].east_baron_claimed and s.pl["Ann"].score == 7
    assert not s.pl["Bob"].east_baron_claimed and s.pl["Bob"].score == 0


def test_seed17_western_deck_replaces_eastern() -> None:
    """Seed 17: the Eastern deck and display are discarded; 2 per player from the West."""
    game = started()
    s = _to_transition(game)
    assert len(s.display) == 8 and all(c.startswith("W") for c in s.display + s.deck)


def test_seed19_western_fill_and_raw_materials() -> None:
    """Seeds 18-19: unsettled Western cities get their printed number from the Western bag
    (20 raw materials in it); settled cities one per settler; at most 2 raw per city."""
    game = started()
    s = game.state
    s.settlers_at[label("Denver")] = 2
    s.cubes[label("Denver")] = ["blue", "black", "red"]
    s = _to_transition(game)
    assert len(s.cubes[label("Denver")]) == 5
    assert len(s.cubes[label("Salt Lake City")]) == 2
    assert all(cubes.count(RAW) <= 2 for cubes in s.cubes.values())
    on_board = sum(c.count(RAW) for c in s.cubes.values())
    assert on_board + s.west_bag[RAW] == 20


def _transcon_links(s: RotwState, owner: str) -> None:
    add_link(s, owner, "New York", "Pittsburgh")
    add_link(s, owner, "Pittsburgh", "Chicago")
    add_link(s, owner, "Chicago", "Omaha")
    add_link(s, owner, "Omaha", "Denver")
    add_link(s, owner, "Denver", "Salt Lake City")
    add_link(s, owner, "Salt Lake City", "Tucson")
    add_link(s, owner, "Tucson", "Sacramento")


def test_game_end_ladder_and_fourth_round_after_second_transcon() -> None:
    """Game end: coast-to-coast 20/15/10/5; the second one adds a 4th round to the game
    turn, then final income and scoring."""
    game = started()
    s = game.state
    _transcon_links(s, "Ann")
    _transcon_links(s, "Bob")
    s.pl["Ann"].cash = s.pl["Bob"].cash = 50
    game.act("build E3 F2 G2", "Ann")  # Sacramento-Los Angeles (West Coast)
    assert s.pl["Ann"].transcon and s.pl["Ann"].score == 20 + 10  # and New York-Chicago
    to_act(s, "Bob")
    game.act("build E3 E2 E1", "Bob")  # Sacramento-San Francisco
    assert s.pl["Bob"].score == 15 and s.end_triggered and s.rounds_this_turn == 4
    play_out(game)
    assert s.round == 5 and s.end_reason == "second transcontinental"


def test_game_end_option_leader_transcon_ends_at_once() -> None:
    game = started(end_on_leader_transcon=True)
    s = game.state
    _transcon_links(s, "Ann")
    s.pl["Ann"].cash = 50
    game.act("build E3 F2 G2", "Ann")
    assert s.end_reason == "leader's transcontinental" and s.step == "settle"
    play_out(game)
    assert s.game_turn == 1


def test_final_scoring_cash_bonds_raw_and_barons() -> None:
    """Final scoring: barons, 5 points to each player with the most raw materials, $10k a
    point, -1 per bond."""
    game = started()
    s = game.state
    s.options = {**s.options, "max_game_turns": 1}  # a new dict: views are cached per dict
    s.phase = "west"
    s.pl["Ann"].raw_delivered = 2
    s.pl["Bob"].raw_delivered = 2
    s.pl["Ann"].cash = 37
    s.pl["Ann"].bonds = 2
    s.pl["Cat"].west_baron = "WB7"  # most cash
    s.pl["Cat"].cash = 100
    while not game.is_over():
        game.act("pass", game.current_players()[0])
    ann, cat = s.pl["Ann"].final_bonus, s.pl["Cat"].final_bonus
    assert ann["most_raw"] == 5 and ann["bonds"] == -2
    assert ann["cash"] == (s.pl["Ann"].cash) // 10
    assert cat["barons"] == 5 and s.end_reason == "turn limit"


def test_victory_mode_transcontinental_required() -> None:
    """Preamble: with transcontinental_required, a player with a coast-to-coast route ranks
    above every player without one."""
    game = started(victory_mode="transcontinental_required", max_game_turns=1)
    s = game.state
    s.pl["Ann"].transcon = True
    s.pl["Bob"].score = 50
    play_out(game)
    assert game.winners() == ["Ann"]


def test_major_line_first_claim_and_shorter_half_value() -> None:
    """Addendum: the first connection scores the line; a later shorter one by another
    player (fewer links or pieces, not more of either) gets half, rounded up."""
    game = started()
    s = game.state
    add_link(s, "Ann", "New York", "Philadelphia")
    add_link(s, "Ann", "Philadelphia", "Pittsburgh")
    s.pl["Ann"].cash = s.pl["Bob"].cash = 50
    game.act("build B15 B14 B13 B12", "Ann")  # NY-Chicago in 3 links, 5 pieces
    assert s.pl["Ann"].score == 10
    to_act(s, "Cat")
    game.act("build C18 B17 A17 A16 A15 A14 A13 B12 long", "Cat")  # 1 link but 6 pieces
    assert s.pl["Cat"].score == 0
    to_act(s, "Bob")
    game.act("build B12 B13 B14 C15 C16 C17 C18", "Bob")  # 1 link, 5 pieces: shorter
    assert s.pl["Bob"].score == 5
    assert s.lines["nyc-chi"].claimants == ["Ann", "Bob"]


def test_major_line_not_shorter_scores_nothing() -> None:
    game = started()
    s = game.state
    add_link(s, "Ann", "Chicago", "St. Louis")
    s.pl["Ann"].cash = s.pl["Bob"].cash = 50
    game.act("build D8 D9 D10 D11 E12", "Ann")  # St. Louis-Denver major line (1 link)
    assert s.lines["stl-den"].claimants == ["Ann"]
    to_act(s, "Bob")
    add_link(s, "Bob", "St. Louis", "Kansas City")
    game.act("build F10 E10 E9 D8", "Bob")
    assert s.lines["stl-den"].claimants == ["Ann"] and s.pl["Bob"].score == 0


def test_cards_executive_gives_two_more_actions() -> None:
    """Railroad Executive: taking it, the player takes 2 actions at once (option: 1)."""
    game = started()
    s = game.state
    s.display.append("E07")
    assert CARDS["E07"].kind == "executive"
    game.act("take E07", "Ann")
    game.act("pass", "Ann")
    assert game.current_players() == ["Ann"]
    game.act("pass", "Ann")
    assert game.current_players() == ["Bob"]


def test_cards_city_growth_new_industry_and_perfect_engineering() -> None:
    game = started()
    s = game.state
    s.display = [c for c in s.display if c not in ("E13", "E09", "E05")] + ["E13", "E09", "E05"]
    chicago = label("Chicago")
    before = len(s.cubes[chicago])
    game.act("take E13 Chicago", "Ann")
    assert len(s.cubes[chicago]) == before + 2
    to_act(s, "Ann")
    game.act("take E09 Omaha purple", "Ann")
    assert s.colour[label("Omaha")] == "purple"
    to_act(s, "Ann")
    game.act("take E05", "Ann")
    assert s.pl["Ann"].perfect_engineering
    with pytest.raises(IllegalAction, match="variant rule 7"):
        to_act(s, "Ann")
        game.act("take E05", "Ann")


def test_events_bonds_buyback_and_used_engines() -> None:
    """Events: Bond Surplus $6k, Bond Shortage $4k, Bond Buyback 1/2/3 for $7k/$15k/$24k,
    Used Engines $1k less per level when someone has a better engine; Coal half price."""
    game = started()
    s = game.state
    s.events = ["bond_surplus"]
    game.act("bond", "Ann")
    assert s.pl["Ann"].cash == 6
    s.events = ["bond_shortage"]
    game.act("bond", "Ann")
    assert s.pl["Ann"].cash == 10
    s.events = ["bond_buyback"]
    s.pl["Ann"].cash = 30
    game.act("buyback 2", "Ann")
    assert (s.pl["Ann"].bonds, s.pl["Ann"].cash) == (0, 15)
    s.events = ["used_engines"]
    s.pl["Ann"].engine = 4
    s.pl["Bob"].engine = 8
    s.pl["Ann"].kept_cards = ["coal_engines"]
    game.act("upgrade coal", "Ann")
    assert s.pl["Ann"].engine == 6 and s.pl["Ann"].cash == 15 - 7


def test_event_increase_production_each_player_chooses() -> None:
    game = started()
    s = game.state
    event = next(c for c in s.deck if CARDS[c].kind == "increase_production")
    s.deck.remove(event)
    s.deck.insert(0, event)
    for _ in range(12):
        game.act("pass", game.current_players()[0])
    assert s.step == "production"
    order = s.order()
    game.act("grow Chicago", order[0])
    for p in order[1:]:
        game.act("grow none", p)
    assert s.step == "actions"


def test_settlers_never_exceed_twenty() -> None:
    game = started()
    s = game.state
    s.settler_pool = 1
    add_link(s, "Ann", "Pittsburgh", "Chicago")
    s.cubes[label("Pittsburgh")] = ["red"]
    s.east_bag["red"] += 0
    game.act("deliver R Pittsburgh Chicago", "Ann")
    assert s.cubes[label("Pittsburgh")] == [SETTLER] and s.settler_pool == 0


def test_super_chief_unlimited_links() -> None:
    """Seed 10: the Super-Chief carries one good an unlimited distance."""
    from transcon.titles.rotw.data import SUPER_CHIEF

    game = started()
    s = game.state
    chain = ["Washington", "Pittsburgh", "Boston", "New York", "Philadelphia", "Atlanta"]
    for a, b in pairwise(chain):
        add_link(s, "Ann", a, b)
    add_link(s, "Ann", "Atlanta", "St. Louis")
    s.cubes[label("Washington")] = ["black"]
    s.pl["Ann"].engine = 4
    text = "deliver G " + " ".join(c.replace(" ", "_") for c in [*chain, "St. Louis"])
    with pytest.raises(IllegalAction, match="engine"):
        game.act(text, "Ann")
    s.pl["Ann"].engine = SUPER_CHIEF
    game.act(text, "Ann")
    assert s.pl["Ann"].score == 6


def test_boomtown_and_sutters_mill() -> None:
    """Western cards: Boomtown (a New City tile, no cubes); Sutter's Mill (+3 Sacramento)."""
    game = started()
    s = game.state
    s.phase = "west"
    s.west_bag = {"red": 5, "yellow": 5, "blue": 5, "purple": 5, "black": 5, RAW: 0}
    boom = next(c for c in CARDS if CARDS[c].kind == "boomtown")
    mill = next(c for c in CARDS if CARDS[c].kind == "sutters_mill")
    s.display.extend([boom, mill])
    game.act(f"take {boom} Omaha black", "Ann")
    assert s.colour[label("Omaha")] == "black" and not s.cubes[label("Omaha")]
    to_act(s, "Ann")
    game.act(f"take {mill}", "Ann")
    assert len(s.cubes[label("Sacramento")]) == 3


def test_event_small_market_and_convention_season() -> None:
    """Events: Small Market Incentive $1k per gray city linked this game turn; Convention
    Season $1k per hotel owned, paid when revealed."""
    game = started()
    s = game.state
    s.events = ["small_market"]
    s.pl["Ann"].cash = 10
    game.act("build E16 D16 D17", "Ann")  # Washington (gray) - Philadelphia
    assert s.pl["Ann"].cash == 10 - 2 + 1
    s.pl["Bob"].hotels = ["Chicago", "Boston"]
    event = next(c for c in CARDS if CARDS[c].kind == "convention_season")
    s.deck.insert(0, event)
    cash = s.pl["Bob"].cash
    while s.game_turn == 1:
        game.act("pass", game.current_players()[0])
    assert "convention_season" in s.events
    assert s.pl["Bob"].cash == cash + 2


def test_final_income_option() -> None:
    """Game end: a last Income & Dividends before scoring (option final_income)."""
    for final, expected in ((True, 5), (False, 0)):
        game = started(max_game_turns=1, final_income=final)
        s = game.state
        s.pl["Ann"].score = 5
        play_out(game)
        assert s.pl["Ann"].cash == expected
