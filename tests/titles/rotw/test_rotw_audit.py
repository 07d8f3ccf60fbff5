"""Rule clauses an independent audit found wrong (issue 15 items 1, 3-8, 13, 18); each
test names the seed clause or base-rules section it checks."""

from __future__ import annotations

import pytest
from rotw_helpers import TITLE, add_link, label, set_cubes, started, to_act

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.titles.rotw import RotwState
from transcon.titles.rotw.actions import Deliver, Settle
from transcon.titles.rotw.data import MAJOR_LINES, SETTLER
from transcon.titles.rotw.scoring import pareto_routes
from transcon.titles.rotw.state import LineRecord, Link


def test_event_bond_buyback_cap_and_table_over_the_event() -> None:
    """Addendum, event Bond Buyback: "Players may pay off up to 3 bonds - 1 for $7K, 2 for
    $15K, 3 for $24K". Default `bond_buyback_limit=per_event`: at most 3 bonds over the
    event's game turn, priced on the running total (three singles cost $24k, not $21k)."""
    game = started()
    s = game.state
    s.events = ["bond_buyback"]
    ann = s.pl["Ann"]
    ann.bonds, ann.cash = 5, 100
    for _ in range(3):
        game.act("buyback 1", "Ann")
    assert (ann.bonds, ann.cash) == (2, 100 - 24)
    with pytest.raises(IllegalAction, match=r"Bond Buyback: .* 0 left"):
        game.act("buyback 1", "Ann")
    bob = s.pl["Bob"]
    bob.bonds, bob.cash = 5, 100
    to_act(s, "Bob")
    game.act("buyback 1", "Bob")
    with pytest.raises(IllegalAction, match="up to 3 bonds"):
        game.act("buyback 3", "Bob")
    game.act("buyback 2", "Bob")
    assert (bob.bonds, bob.cash) == (2, 100 - 24)


def test_event_bond_buyback_per_action_option() -> None:
    """`bond_buyback_limit=per_action`: one buyback per event, up to 3 bonds at the table."""
    game = started(bond_buyback_limit="per_action")
    s = game.state
    s.events = ["bond_buyback"]
    s.pl["Ann"].bonds, s.pl["Ann"].cash = 5, 100
    game.act("buyback 2", "Ann")
    assert s.pl["Ann"].cash == 85
    with pytest.raises(IllegalAction, match="used this Bond Buyback already"):
        game.act("buyback 1", "Ann")


def test_event_bond_buyback_resets_next_game_turn() -> None:
    game = started()
    s = game.state
    s.events = ["bond_buyback"]
    s.pl["Ann"].bonds, s.pl["Ann"].cash = 9, 100
    game.act("buyback 3", "Ann")
    for _ in range(12):
        game.act("pass", game.current_players()[0])
    assert s.pl["Ann"].bought_back == 0


def test_base_interest_bonds_issued_automatically_are_logged() -> None:
    """Base 3.3: interest is paid after income, new bonds issued when cash is short; the log
    says so (issue 15 item 18)."""
    game = started()
    s = game.state
    s.pl["Ann"].bonds, s.pl["Ann"].cash, s.pl["Ann"].score = 3, 0, 0
    for _ in range(12):
        game.act("pass", game.current_players()[0])
    texts = [e.text for i in range(len(game.log)) for e in game.events_for(i, None)]
    assert "Ann: income $0k, interest $3k; issues 1 bond(s) for $5k to pay it (base 3.3)" in texts
    assert (s.pl["Ann"].bonds, s.pl["Ann"].cash) == (4, 2)


def _settler_route(**options: object) -> tuple[Game[RotwState], RotwState]:
    """Ann can take a settler Chicago - Omaha - Denver; Omaha (printed gray) is urbanized."""
    game = started(**options)
    s = game.state
    add_link(s, "Ann", "Chicago", "Omaha")
    add_link(s, "Ann", "Omaha", "Denver")
    set_cubes(s, "Chicago", [SETTLER, SETTLER])
    s.settler_pool -= 2
    s.pl["Ann"].engine = 4
    s.colour[label("Omaha")] = "blue"
    s.tiles["blue"] -= 1
    return game, s


def test_seeds_11_12_urbanized_town_is_a_coloured_city_for_settlers() -> None:
    """Seeds 11-12 read one colour (default `urbanized_settlers=current`): urbanized Omaha
    is a coloured city, so a settler stops there while it is unsettled and it takes 2; an
    urbanized Eastern town emptied gets 2 settlers like any coloured city."""
    game, s = _settler_game_stop_check()
    game.act("deliver S Chicago Omaha", "Ann")
    to_act(s, "Ann")
    game.act("deliver S Chicago Omaha", "Ann")
    assert s.settlers_at[label("Omaha")] == 2
    game = started()
    s = game.state
    add_link(s, "Ann", "Kansas City", "St. Louis")
    s.colour[label("Kansas City")] = "black"
    set_cubes(s, "Kansas City", ["black"])
    game.act("deliver G Kansas_City St._Louis", "Ann")
    assert s.cubes[label("Kansas City")] == [SETTLER, SETTLER]


def _settler_game_stop_check() -> tuple[Game[RotwState], RotwState]:
    game, s = _settler_route()
    with pytest.raises(IllegalAction, match="variant rule 12"):
        game.act("deliver S Chicago Omaha Denver", "Ann")
    return game, s


def test_seeds_11_12_urbanized_town_printed_option() -> None:
    """`urbanized_settlers=printed`: urbanized Omaha stays gray for settlers everywhere: a
    settler may pass it, it takes 1; an emptied urbanized Eastern town gets none."""
    game, s = _settler_route(urbanized_settlers="printed")
    game.act("deliver S Chicago Omaha Denver", "Ann")
    to_act(s, "Ann")
    game.act("deliver S Chicago Omaha", "Ann")
    assert s.settlers_at == {label("Denver"): 1, label("Omaha"): 1}
    assert not TITLE.is_legal(s, Deliver(player="Ann", cube=SETTLER,
                                         path=("B12", "B9"), owners=("Ann",)))  # fmt: skip
    game = started(urbanized_settlers="printed")
    s = game.state
    add_link(s, "Ann", "Kansas City", "St. Louis")
    s.colour[label("Kansas City")] = "black"
    set_cubes(s, "Kansas City", ["black"])
    game.act("deliver G Kansas_City St._Louis", "Ann")
    assert s.cubes[label("Kansas City")] == []


def test_base_one_fewer_cube_also_at_the_western_fill() -> None:
    """Base rules (2-3 players: one cube fewer per city, at least 1), applied wherever a
    printed number is placed: setup, a first settler (seed 12) and seed 19's Western fill;
    settled cities still get one Western cube per settler."""
    game = started(players=("Ann", "Bob", "Cat"))
    s = game.state
    s.settlers_at[label("Salt Lake City")] = 1
    s.west_pending = True
    s.settlers_arrived = 10
    while s.step == "actions":
        game.act("pass", game.current_players()[0])
    assert s.step == "settle"
    assert len(s.cubes[label("Denver")]) == 3 - 1
    assert len(s.cubes[label("Omaha")]) == 1  # printed 1: never below 1
    assert len(s.cubes[label("Salt Lake City")]) == 1
    four = started()
    s4 = four.state
    s4.west_pending = True
    s4.settlers_arrived = 10
    while s4.step == "actions":
        four.act("pass", four.current_players()[0])
    assert len(s4.cubes[label("Denver")]) == 3


def _end_in_the_east(**options: object) -> tuple[Game[RotwState], RotwState]:
    """The game end triggered while the Eastern phase runs (2nd coast-to-coast railroad)."""
    game = started(**options)
    s = game.state
    s.end_triggered, s.end_reason, s.rounds_this_turn = True, "second transcontinental", 4
    s.pl["Ann"].bonds, s.pl["Ann"].cash, s.pl["Ann"].score = 3, 40, 10
    while s.step == "actions":
        game.act("pass", game.current_players()[0])
    return game, s


def test_game_end_in_the_eastern_phase_still_scores_western_barons() -> None:
    """Game End ("Final game scores will include Western Barons") with seed 2 (chosen "at
    the start of the Western phase"): a game ending before the West opens ends the Eastern
    phase first (default `east_game_end=switch_steps`): seed 16's penalty and repay or
    discard, seed 15, a Western baron kept by every player; then the final scoring."""
    game, s = _end_in_the_east()
    assert s.step == "settle" and s.phase == "east" and sorted(s.pending) == sorted(s.players)
    assert s.pl["Ann"].score == 10 - 3  # seed 16: 1 point per bond
    for name in list(s.pending):
        p = s.pl[name]
        repay = 1 if name == "Ann" else 0
        game.act(f"settle {p.west_dealt[1]}" + (" repay=1" if repay else ""), name)
    assert game.is_over() and s.west_began == 0
    assert all(s.pl[p].west_baron == s.pl[p].west_dealt[1] for p in s.players)
    assert s.pl["Ann"].bonds == 2 and s.pl["Ann"].final_bonus["bonds"] == -2
    texts = [e.text for i in range(len(game.log)) for e in game.events_for(i, None)]
    assert any("The game ends in the Eastern phase" in t for t in texts)
    assert any("Ann reveals baron(s)" in t and s.pl["Ann"].west_baron in t for t in texts)


def test_game_end_in_the_eastern_phase_barons_only_option() -> None:
    """`east_game_end=barons_only`: only the Western baron is chosen; bonds are assessed
    once, by the final scoring."""
    game, s = _end_in_the_east(east_game_end="barons_only")
    assert s.step == "settle" and s.pl["Ann"].score == 10
    with pytest.raises(IllegalAction, match="east_game_end"):
        game.act(f"settle {s.pl['Ann'].west_dealt[0]} repay=1", "Ann")
    legal = TITLE.legal_actions(s, "Ann")
    assert legal and all(isinstance(a, Settle) and not a.repay for a in legal)
    for name in list(s.pending):
        game.act(f"settle {s.pl[name].west_dealt[0]}", name)
    assert game.is_over() and s.pl["Ann"].final_bonus["bonds"] == -3


def _link(s: RotwState, owner: str, a: str, b: str, pieces: int) -> None:
    """A completed link with a given piece count (its hexes do not matter here)."""
    s.links.append(Link(s.next_link, owner, label(a), label(b), (), pieces, s.game_turn))
    s.next_link += 1
    s.invalidate()


def test_major_line_half_award_compares_every_non_dominated_route() -> None:
    """Addendum, Major Lines: "Shorter means ... fewer links or fewer track pieces while not
    having more links or more track pieces". Ann holds Boston-Washington with 3 links / 12
    pieces; Bob's 2 links / 13 pieces is not shorter, but his 3 links / 7 pieces is: +3."""
    game = started()
    s = game.state
    line = next(m for m in MAJOR_LINES if m.title == "Boston to Washington")
    s.lines[line.id] = LineRecord(["Ann"], 3, 12)
    _link(s, "Bob", "Boston", "Pittsburgh", 6)
    _link(s, "Bob", "Pittsburgh", "Washington", 7)
    _link(s, "Bob", "Boston", "New York", 3)
    _link(s, "Bob", "New York", "Philadelphia", 3)
    to_act(s, "Bob")
    s.pl["Bob"].cash = 20
    game.act("build E16 D16 D17", "Bob")  # Washington-Philadelphia, 1 piece
    assert s.pl["Bob"].score == 3  # half of 5, rounded up
    record = s.lines[line.id]
    assert record.claimants == ["Ann", "Bob"] and (record.best_links, record.best_pieces) == (3, 7)


def test_pareto_routes_lists_the_non_dominated_trade_offs() -> None:
    adj = {
        "A": [("B", 6), ("C", 3)],
        "B": [("A", 6), ("Z", 7)],
        "C": [("A", 3), ("D", 3)],
        "D": [("C", 3), ("Z", 1)],
        "Z": [("B", 7), ("D", 1)],
    }
    assert pareto_routes(adj, ["A"], {"Z"}) == [(2, 13), (3, 7)]


def test_base_urbanize_refusal_lists_the_tiles_left() -> None:
    """Base 3.2 B (3 New City tiles each of yellow, blue, purple, black): a colour with no
    tile left, or no such tile, is refused naming the colours that are left."""
    game = started()
    s = game.state
    s.tiles["blue"] = 0
    with pytest.raises(IllegalAction, match=r"no blue New City tile is left \(left: yellow 3, "):
        game.act("urbanize Kansas_City blue", "Ann")
    with pytest.raises(IllegalAction, match="'green' is not a New City colour"):
        game.act("urbanize Kansas_City green", "Ann")
