"""Notation, status, rendering, bots, statistics, registration and the real map."""

from __future__ import annotations

from pathlib import Path

import pytest
from rotw_helpers import TITLE, add_link, new_game, set_cubes, started

from transcon.core.bots import RandomBot, available_bots, play_out
from transcon.core.errors import InputError
from transcon.core.game import Game
from transcon.core.mapfile import shipped_map_names
from transcon.core.registry import get_title
from transcon.core.simulate import simulate
from transcon.titles.rotw.data import MAJOR_LINES, REGION_TITLES
from transcon.titles.rotw.graph import graph_for


def test_registered_with_bots_and_options() -> None:
    title = get_title("rotw-east-west")
    assert isinstance(title, type(TITLE))
    assert "greedy" in available_bots(title)
    info = title.describe_rules()
    names = {o["name"] for o in info["options"]}
    assert {"victory_mode", "end_on_leader_transcon", "setup_color_limits"} <= names
    assert info["notation"]


def test_notation_round_trips_every_legal_action() -> None:
    """Every legal action formats to text that parses back to the same action."""
    game = new_game(seed=7)
    bots = {p: RandomBot(i) for i, p in enumerate(game.players)}
    for _ in range(120):
        if game.is_over():
            break
        for action in game.legal_actions():
            text = game.format(action)
            assert game.parse(text, action.player) == action, text
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))


def test_notation_names_owners_only_when_needed() -> None:
    game = started()
    s = game.state
    add_link(s, "Bob", "Pittsburgh", "Chicago")
    add_link(s, "Cat", "Pittsburgh", "Chicago")
    set_cubes(s, "Pittsburgh", ["red"])
    with pytest.raises(InputError, match="name the owner"):
        game.parse("deliver R B15 B12", "Ann")
    action = game.parse("deliver red Pittsburgh Chicago:Cat", "Ann")
    assert game.format(action) == "deliver R B15 B12:Cat"


def test_status_shows_goals_and_colour_blind_cubes() -> None:
    game = started()
    text = game.describe_status()
    assert "engine 1" in text and "baron" in text and "New York to Chicago" in text
    assert "Chicago(B12)[R]:" in text and "S=settler" in text


def test_render_png(tmp_path: Path) -> None:
    game = started()
    add_link(game.state, "Ann", "Chicago", "Pittsburgh")
    out = tmp_path / "rotw.png"
    TITLE.render_png(game.state, out)
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_simulate_statistics() -> None:
    summary = simulate(TITLE, 2, 4, "greedy", seed=3, options={"map": "rotw-mini"})
    assert summary["completed"] == 2 and summary["errors"] == 0
    stats = summary["statistics"]
    assert {"wins_by_seat", "end_reasons", "mean_ended_turn"} <= set(stats)


def test_greedy_bot_delivers_builds_and_upgrades() -> None:
    game = Game.new(TITLE, ["A", "B", "C", "D"], {"map": "rotw-mini"}, 11)
    bots = {p: available_bots(TITLE)["greedy"](i) for i, p in enumerate(game.players)}
    play_out(game, bots)
    kinds = {a.type for a in game.log}
    assert {"build", "deliver", "upgrade"} <= kinds
    assert game.is_over()


@pytest.mark.skipif("rotw-usa" not in shipped_map_names(), reason="map not generated yet")
def test_real_map_has_the_named_cities() -> None:
    g = graph_for("rotw-usa")
    ends = [n for line in MAJOR_LINES for n in line.ends_a + line.ends_b]
    assert not [n for n in ends if n not in g.by_name and n not in REGION_TITLES]
    # seed 18's list, read from the map's printed values
    raw = sorted(g.cities[c].name for c in g.raw_targets)
    assert raw == sorted(RAW_NAMES)
    # the seed's coast lists, read from the map's regions
    assert sorted(c.name for c in g.cities.values() if c.east_coast) == sorted(EAST_NAMES)
    assert sorted(c.name for c in g.cities.values() if c.west_coast) == sorted(WEST_NAMES)


RAW_NAMES = ("New York", "Chicago", "Charleston", "Atlanta", "Pittsburgh", "New Orleans", "Boston")
EAST_NAMES = ("Boston", "New York", "Philadelphia", "Baltimore", "Norfolk", "Wilmington",
              "Charleston", "Savannah", "Jacksonville")  # fmt: skip
WEST_NAMES = ("Seattle", "Tacoma", "Portland", "San Francisco", "Los Angeles", "San Diego")


def test_coasts_and_raw_targets_come_from_the_map_file() -> None:
    """Seed 18 and Game End: the title reads the coasts from the map's ``east_coast`` /
    ``west_coast`` regions and the raw-material cities from the printed values, so a map
    file of the printed boards drives the rules (no city list in the title)."""
    from transcon.core.mapfile import board_from_dict
    from transcon.titles.rotw.graph import BoardGraph
    from transcon.titles.rotw.minimap import mini_document
    from transcon.titles.rotw.scoring import line_ends

    doc = mini_document()
    doc["regions"]["east_coast"] = ["A18"]  # one coast city only
    g = BoardGraph(board_from_dict(doc, "mini-variant"))
    assert [c for c in g.cities.values() if c.east_coast] == [g.cities["A18"]]
    ec_kc = next(line for line in MAJOR_LINES if line.id == "ec-kc")
    assert line_ends(g, ec_kc)[0] == ("A18",) and ec_kc.title.startswith("East Coast to")
    doc["sites"] = [
        {**site, "data": {**site["data"], "cubes": 4 if site["hex"] == "A18" else 1}}
        for site in doc["sites"]
    ]
    g = BoardGraph(board_from_dict(doc, "mini-variant"))
    assert g.raw_targets == frozenset({"A18"})


@pytest.mark.skipif("rotw-usa" not in shipped_map_names(), reason="map not generated yet")
def test_real_map_greedy_game_runs() -> None:
    game = Game.new(TITLE, ["A", "B", "C"], {"max_game_turns": 6}, 2)
    bots = {p: available_bots(TITLE)["greedy"](i) for i, p in enumerate(game.players)}
    play_out(game, bots)
    assert game.is_over() and any(a.type == "deliver" for a in game.log)


@pytest.mark.parametrize("options", [{}, {"auto_bonds": False}])
def test_every_listed_action_is_legal(options: dict[str, object]) -> None:
    """legal_actions (with its fast build candidates) lists only actions check() accepts."""
    game = new_game(seed=9, **options)
    bots = {p: RandomBot(i) for i, p in enumerate(game.players)}
    for _ in range(250):
        if game.is_over():
            break
        for action in game.legal_actions():
            assert TITLE.is_legal(game.state, action), game.format(action)
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))


def test_status_compact_by_default_full_on_request() -> None:
    """Issue 15 item 16: the status shows the nearest open major lines and the cubes on
    the viewer's network; the full status every line and every city's cubes."""
    game = started()
    s = game.state
    add_link(s, "Ann", "Chicago", "Pittsburgh")
    compact, full = game.status_for("Ann"), game.status_for("Ann", full=True)
    titles = [line.title for line in MAJOR_LINES]
    assert sum(f"  {t} (" in compact for t in titles) <= 5
    assert all(f"  {t} (" in full for t in titles if t in full)
    assert sum(f"  {t} (" in full for t in titles) > 5
    assert "on your network: " in compact and "Chicago(B12)" in compact
    assert "St. Louis(E12)" not in compact and "St. Louis(E12)" in full
    assert "more cities hold cubes (`status --full`)" in compact


def test_status_words_players_read() -> None:
    """Settlers are counted toward the 10 that open the West (not "14/10"); the best-engine
    baron shows the engine level (8, not 7); held cards by their titles."""
    game = new_game()
    s = game.state
    ann = s.pl["Ann"]
    ann.west_dealt = ["WB5", ann.west_dealt[1]]  # Thomas Durant: best engine
    ann.engine = 8
    ann.kept_cards = ["land_grant"]
    text = game.status_for("Ann")
    assert "settlers arrived 0 of 10 to open the West" in text
    assert "WB5 Thomas Durant (best engine, 5 pts): Ann engine 8, leader Ann engine 8" in text
    assert "cards: Government Land Grant" in text and "land_grant" not in text
    s.phase, s.settlers_arrived = "west", 14
    assert "settlers arrived 14 (the West opened at 10)" in game.status_for("Ann")


def test_png_legend_player_palette_and_letters() -> None:
    """Issue 15 item 17: player colours differ from every goods colour; the legend names
    each player's colour and letter and the cube letters; each track carries its owner's
    letter (colour-blind players)."""
    from transcon.titles.rotw.render import CITY_FILL, PLAYER_COLOURS, rotw_svg

    assert not {c.lower() for c in PLAYER_COLOURS} & {c.lower() for c in CITY_FILL.values()}
    game = started()
    s = game.state
    add_link(s, "Ann", "Chicago", "Pittsburgh")
    add_link(s, "Bob", "Chicago", "Omaha")
    svg = rotw_svg(graph_for("rotw-mini"), s)
    assert '<g id="legend"' in svg
    for i, player in enumerate(("Ann", "Bob", "Cat", "Dan")):
        assert f"{player} ({player[0]} on track)" in svg and PLAYER_COLOURS[i] in svg
    assert "R=red Y=yellow B=blue P=purple G=black S=settler M=raw" in svg
    letters = svg.split('<g id="track-letters"')[1]
    assert ">A</text>" in letters and ">B</text>" in letters
