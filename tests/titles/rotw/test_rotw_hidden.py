"""Seed 2 / base 6: Rail Baron cards are secret until the rules reveal them."""

from __future__ import annotations

from rotw_helpers import new_game, started

from transcon.titles.rotw.data import BARONS


def test_seed2_barons_hidden_from_other_players() -> None:
    game = new_game()
    ann = game.state.pl["Ann"]
    kept, other = ann.east_dealt
    game.act(f"baron {kept}", "Ann")
    # the state each player may see
    bob_view = game.view("Bob")["pl"]["Ann"]
    assert bob_view["east_dealt"] == ["?", "?"] and bob_view["west_dealt"] == ["?", "?"]
    assert bob_view["east_baron"] == "?"
    ann_view = game.view("Ann")["pl"]["Ann"]
    assert ann_view["east_baron"] == kept and ann_view["east_dealt"] == [kept, other]
    assert game.view(None)["pl"]["Ann"]["east_baron"] == kept
    # the operations deck's order is hidden from everyone
    assert set(game.view("Ann")["deck"]) == {"?"}
    # the log and its events
    assert game.format_for(game.log[0], "Bob") == "baron ?"
    assert game.format_for(game.log[0], "Ann") == f"baron {kept}"
    bob_events = [e.text for e in game.events_for(0, "Bob")]
    ann_events = [e.text for e in game.events_for(0, "Ann")]
    assert bob_events == ["Ann keeps an Eastern baron"]
    assert BARONS[kept].name in ann_events[0]
    # the status
    bob_status = game.status_for("Bob")
    assert BARONS[kept].name not in bob_status and BARONS[other].name not in bob_status
    assert "one Eastern baron (hidden)" in bob_status
    ann_status = game.status_for("Ann")
    assert BARONS[kept].name in ann_status
    assert BARONS[game.state.pl["Bob"].east_dealt[0]].name in game.status_for("Bob")
    assert BARONS[game.state.pl["Bob"].east_dealt[0]].name not in ann_status


def test_seed15_claimed_eastern_baron_is_public() -> None:
    game = started()
    s = game.state
    ann = s.pl["Ann"]
    assert game.view("Bob")["pl"]["Ann"]["east_baron"] == "?"
    ann.east_baron_claimed = True
    assert game.view("Bob")["pl"]["Ann"]["east_baron"] == ann.east_baron
    assert game.format_for(game.log[0], "Bob") == f"baron {ann.east_baron}"


def test_final_scoring_reveals_kept_barons_not_the_discarded_ones() -> None:
    game = started()
    s = game.state
    ann = s.pl["Ann"]
    ann.west_baron = ann.west_dealt[1]
    assert game.view("Bob")["pl"]["Ann"]["west_baron"] == "?"
    s.step = "over"
    view = game.view("Bob")["pl"]["Ann"]
    assert view["east_baron"] == ann.east_baron and view["west_baron"] == ann.west_baron
    assert view["east_dealt"] == ["?", "?"] and view["west_dealt"] == ["?", "?"]
    assert BARONS[ann.west_baron].name in game.status_for("Bob")
