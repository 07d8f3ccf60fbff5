"""Live goal counters in the status (issue 5: each player's progress towards major lines and
barons): builds to go per major line and player, and per held baron the player's count and
the leaders' count, hidden from the other players like the barons themselves."""

from __future__ import annotations

from typing import Any

from rotw_helpers import add_link, graph, label, new_game, started

from transcon.titles.rotw.data import BARONS
from transcon.titles.rotw.hidden import HIDDEN
from transcon.titles.rotw.progress import builds_to_go, line_progress, link_neighbours
from transcon.titles.rotw.state import LineRecord


def _line(items: list[dict[str, Any]], line_id: str) -> dict[str, Any]:
    return next(item for item in items if item["id"] == line_id)


def test_link_table_counts_a_long_link_as_two_builds() -> None:
    g = graph()
    hops = link_neighbours(g)
    ny, chicago, denver = label("New York"), label("Chicago"), label("Denver")
    assert hops[ny][chicago] == 1  # within one normal build (5 pieces)
    assert hops[ny][denver] == 2  # 6-10 pieces: a long build, the next turn skipped
    assert ny not in hops[ny]
    assert all(w in (1, 2) for row in hops.values() for w in row.values())
    # own links cost nothing; no way at all is None
    assert builds_to_go(g, {}, [ny], {chicago}) == 1
    assert builds_to_go(g, {ny: {chicago}}, [ny], {chicago}) == 0
    assert builds_to_go(g, {}, [ny], set()) is None


def test_major_line_counters_per_player() -> None:
    game = started()
    s = game.state
    g = graph()
    before = line_progress(g, s)
    start = _line(before, "transcon")["players"]
    assert len(set(start.values())) == 1 and start["Ann"] >= 2  # nobody has built yet
    assert _line(before, "nyc-chi")["players"] == {p: 1 for p in s.players}
    assert _line(before, "pro-sf")["players"]["Ann"] == 2
    # Ann builds New York - Chicago - Omaha: the line is joined (not yet scored) and her
    # coast-to-coast railroad is closer; the others' counters do not move
    add_link(s, "Ann", "New York", "Chicago")
    add_link(s, "Ann", "Chicago", "Omaha")
    add_link(s, "Bob", "Chicago", "St. Louis")  # another player's link is no help
    after = line_progress(g, s)
    assert _line(after, "nyc-chi")["players"]["Ann"] == "connected"
    assert _line(after, "nyc-chi")["players"]["Bob"] == 1
    assert _line(after, "transcon")["players"]["Ann"] < start["Ann"]
    assert _line(after, "transcon")["players"]["Bob"] == start["Bob"]
    # a scored line reads "claimed" for its claimants
    s.lines["nyc-chi"] = LineRecord(["Ann"], 1, 5)
    item = _line(line_progress(g, s), "nyc-chi")
    assert item["claimed_by"] == ["Ann"] and item["players"]["Ann"] == "claimed"
    assert item["points"] == 10
    text = game.status_for("Bob")
    assert "New York to Chicago (10): Ann [Bob 1, Cat 1, Dan 1]" in text


def test_coast_to_coast_counter_claimed() -> None:
    game = started()
    s = game.state
    s.pl["Cat"].transcon = True
    s.transcon_done = ["Cat"]
    item = _line(line_progress(graph(), s), "transcon")
    assert item["claimed_by"] == ["Cat"] and item["players"]["Cat"] == "claimed"
    assert item["points"] == "20/15/10/5"


def _links_baron() -> str:
    return next(b for b, card in BARONS.items() if card.measure == "links" and b[0] == "E")


def test_baron_counters_and_leaders_hidden_from_others() -> None:
    game = started()
    s = game.state
    baron = _links_baron()
    s.pl["Ann"].east_baron = baron
    add_link(s, "Ann", "New York", "Philadelphia")
    add_link(s, "Bob", "Chicago", "St. Louis")
    add_link(s, "Bob", "Chicago", "Omaha")
    own = game.view("Ann")["progress"]["barons"]["Ann"]
    entry = next(e for e in own if e["card"] == baron)
    assert entry["count"] == 1 and entry["leaders"] == ["Bob"] and entry["leader_count"] == 2
    assert entry["measure"] == "links" and entry["points"] == BARONS[baron].points
    assert not entry["claimed"]
    assert "Ann 1, leader Bob 2" in game.status_for("Ann")
    # Bob sees that Ann holds barons, not which, nor her counts
    seen_by_bob = game.view("Bob")["progress"]["barons"]["Ann"]
    assert {e["card"] for e in seen_by_bob} == {HIDDEN}
    assert "count" not in seen_by_bob[0]
    assert BARONS[baron].name not in game.status_for("Bob")
    # ties: every leader is named; Ann catches up
    add_link(s, "Ann", "Philadelphia", "Washington")
    entry = next(e for e in game.view("Ann")["progress"]["barons"]["Ann"] if e["card"] == baron)
    assert entry["leaders"] == ["Ann", "Bob"] and entry["count"] == 2
    # the game master sees everything
    assert any(e["card"] == baron for e in game.view(None)["progress"]["barons"]["Ann"])


def test_dealt_barons_counters_only_for_their_owner() -> None:
    game = new_game()
    ann_dealt = game.state.pl["Ann"].east_dealt
    ann_west = game.state.pl["Ann"].west_dealt
    mine = game.view("Ann")["progress"]["barons"]["Ann"]
    assert [e["card"] for e in mine] == ann_dealt + ann_west
    assert [e["kind"] for e in mine] == ["east dealt"] * 2 + ["west dealt"] * 2
    assert all(e["count"] == 0 and e["leaders"] == [] for e in mine)  # nothing yet
    assert "to choose from: " in game.status_for("Ann")
    theirs = game.view("Bob")["progress"]["barons"]["Ann"]
    assert [e["card"] for e in theirs] == [HIDDEN] * 4
    assert not any(BARONS[c].name in game.status_for("Bob") for c in ann_dealt + ann_west)


def test_seed2_own_western_barons_in_the_owners_text_status() -> None:
    """Seed 2: "Players may look at their Western Barons" before choosing one at the start
    of the Western phase: the owner's text status lists them, nobody else's does."""
    game = new_game()
    west = game.state.pl["Ann"].west_dealt
    text = game.status_for("Ann")
    assert "Western barons (keep one when the Western phase begins): " in text
    assert all(f"{c} {BARONS[c].name}" in text for c in west)
    assert not any(f"{c} {BARONS[c].name}" in game.status_for("Bob") for c in west)
