"""City names wherever a city is expected, and the cheapest-path lookup (issue 15 items 10
and 11; notation: "Cities are hex labels or names"; base 3.2 A costs; seed 23)."""

from __future__ import annotations

import pytest
from rotw_helpers import TITLE, add_link, label, started, to_act

from transcon.core.errors import InputError
from transcon.titles.rotw.actions import Build, Deliver, Urbanize
from transcon.titles.rotw.graph import graph_for
from transcon.titles.rotw.notation import city_ref


def test_notation_city_names_any_case_and_unambiguous_prefix() -> None:
    """Notation: cities are hex labels or names (any case, _ for spaces, a prefix only one
    city has) in builds as everywhere else."""
    game = started()
    s = game.state
    for text in ("build chicago B11 B10 OMAHA", "build Chic b11 b10 Oma"):
        action = TITLE.parse_action(text, s, "Ann")
        assert isinstance(action, Build) and action.path == ("B12", "B11", "B10", "B9")
    urbanize = TITLE.parse_action("urbanize kansas_city purple", s, "Ann")
    assert isinstance(urbanize, Urbanize) and urbanize.city == label("Kansas City")
    with pytest.raises(InputError, match="could be several cities: Sacramento, Salt Lake"):
        TITLE.parse_action("build Sa C6 B6", s, "Ann")
    with pytest.raises(InputError, match="no hex or city 'Atlantis'"):
        TITLE.parse_action("build Atlantis B11", s, "Ann")
    game.act("build Chicago B11 B10 omaha", "Ann")
    assert (s.links[-1].a, s.links[-1].b) == ("B12", "B9")
    deliver = TITLE.parse_action("deliver R chicago omaha:ann", s, "Bob")
    assert isinstance(deliver, Deliver) and deliver.path == ("B12", "B9")
    assert deliver.owners == ("Ann",)  # player names in any case too


def test_notation_whole_name_wins_over_longer_names() -> None:
    """`Portland` is Portland (Oregon), not ambiguous with Portland ME; punctuation is
    optional (St._Louis, st_louis)."""
    g = graph_for("rotw-usa")
    assert g.cities[city_ref(g, "portland")].name == "Portland"
    assert g.cities[city_ref(g, "Portland_ME")].name == "Portland ME"
    assert g.cities[city_ref(g, "st_louis")].name == "St. Louis"
    assert g.cities[city_ref(g, "phil")].name == "Philadelphia"
    with pytest.raises(InputError, match="several cities"):
        city_ref(g, "port")


def test_path_cost_is_what_building_it_costs() -> None:
    """`transcon path`: the quoted cost is what the listed builds then cost the player."""
    game = started()
    s = game.state
    quote = TITLE.cheapest_path(s, "Ann", "Chicago", "Kansas_City")
    assert quote is not None and quote.hexes[0] == "B12" and quote.hexes[-1] == "F10"
    s.pl["Ann"].cash = 200
    for text in quote.actions:
        to_act(s, "Ann")
        game.act(text, "Ann")
    assert s.pl["Ann"].cash == 200 - quote.cost


def test_path_counts_own_links_free_and_avoids_full_hexes() -> None:
    """Own links cost nothing; a hex holding two tracks (base 3.2 A) is avoided."""
    game = started()
    s = game.state
    direct = TITLE.cheapest_path(s, "Ann", "Chicago", "Omaha")
    assert direct is not None and direct.hexes == ("B12", "B11", "B10", "B9")
    add_link(s, "Bob", "Chicago", "Omaha")
    add_link(s, "Cat", "Chicago", "Omaha")  # B11 and B10 now hold two tracks
    around = TITLE.cheapest_path(s, "Ann", "Chicago", "Omaha")
    assert around is not None and not {"B11", "B10"} & set(around.hexes)
    assert around.cost > direct.cost
    add_link(s, "Ann", "Chicago", "St. Louis")
    via = TITLE.cheapest_path(s, "Ann", "Chicago", "Kansas City")
    alone = TITLE.cheapest_path(s, "Ann", "St. Louis", "Kansas City")
    assert via is not None and alone is not None and via.cost == alone.cost
    own = s.links[-1]
    assert via.hexes[: len(own.hexes) + 2] == ("B12", *own.hexes, "E12")
    assert any("own link" in note for note in via.notes)


def test_path_includes_the_western_surcharge_only_when_due() -> None:
    """Seed 23: the $20k is part of the price of new Western track away from your own."""
    game = started()
    s = game.state
    s.phase = "west"
    far = TITLE.cheapest_path(s, "Ann", "Denver", "Salt Lake City")
    assert far is not None and far.cost == 2 + 20
    add_link(s, "Ann", "Omaha", "Denver")
    near = TITLE.cheapest_path(s, "Ann", "Salt Lake City", "Denver")
    assert near is not None and near.cost == 2
    assert TITLE.cheapest_path(s, "Ann", "Omaha", "Denver") is not None


def test_notation_owner_with_a_space_is_one_word() -> None:
    """Notation: a delivery names each link's owner as CITY:OWNER; an owner whose name has a
    space (the server's bot seat "Bot 1") is written as one word and reads back as that seat."""
    game = started(players=("Ann", "Bot 1"))
    s = game.state
    to_act(s, "Bot 1")
    game.act("build Chicago B11 B10 omaha", "Bot 1")
    deliver = TITLE.parse_action("deliver R chicago omaha", s, "Ann")
    assert isinstance(deliver, Deliver) and deliver.owners == ("Bot 1",)
    text = TITLE.format_action(deliver)
    assert "omaha" not in text and ":Bot_1" in text
    assert TITLE.parse_action(text.split(": ", 1)[-1], s, "Ann") == deliver
