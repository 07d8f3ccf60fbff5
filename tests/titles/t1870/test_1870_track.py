"""1870 §7.1/§7.2 reach: new track and new tokens must be reachable from the company's
network (1870-base.md §7.1 "New track must be reachable from the company's network", §7.2
"a city with a free space reachable from the company's network"); §7.1/§9.2 the Mississippi
may not be bridged while the MRBC is held by a player."""

from __future__ import annotations

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import float_corp, skip_auction, start_operating
from transcon.titles.t1870.game import Title1870

PLAYERS = ["A", "B", "C", "D"]


def mp_operating(owners: dict[str, str] | None = None, **options: object) -> Game[GameState]:
    """MP (home St. Louis, C18, no track yet) operating in phase 1; SSW floated; privates
    not in ``owners`` are closed (so the MRBC blocks nothing unless a player holds it)."""
    game = Game.new(Title1870(), PLAYERS, {"check_routes": False, **options})
    skip_auction(game, owners)
    float_corp(game, "MP", "A", 76)
    float_corp(game, "SSW", "B", 68)
    start_operating(game)
    return game


def lay(game: Game[GameState], hex_: str, tile: str, rotation: int) -> None:
    """Put a tile on the map directly (setting up a position)."""
    game.state.tiles[hex_] = [tile, rotation]
    game.state.tile_used[tile] = game.state.tile_used.get(tile, 0) + 1
    game.state.changed()


def test_7_1_new_track_must_connect_to_the_network() -> None:
    game = mp_operating()
    with pytest.raises(IllegalAction, match="B17 does not connect to MP's network"):
        game.act("lay B17 9 rot 0", "A")
    game.act("lay C18 5 rot 3", "A")  # the home token's hex: always connected
    with pytest.raises(IllegalAction, match="does not connect"):
        game.act("lay C20 9 rot 0", "A")  # beside the new track, but running past it
    game.act("lay C20 8 rot 1", "A")  # its track meets St. Louis's exit to C20


def test_7_1_without_check_reach_any_hex_takes_track() -> None:
    game = mp_operating(check_reach=False)
    game.act("lay B17 9 rot 0", "A")


def test_7_1_a_city_full_of_other_tokens_cuts_the_network() -> None:
    game = mp_operating()
    lay(game, "C18", "5", 3)
    lay(game, "B19", "57", 0)  # St. Louis - B19 - A20 in a straight line
    game.state.corps["SSW"].tokens[:] = ["H17", "B19"]  # B19's only space: SSW's
    game.state.changed()
    with pytest.raises(IllegalAction, match="A20 does not connect"):
        game.act("lay A20 8 rot 4", "A")  # MP may run to B19, not through it
    game.state.corps["SSW"].tokens[:] = ["H17"]
    game.state.changed()
    game.act("lay A20 8 rot 4", "A")


def test_7_2_a_token_needs_a_city_reachable_from_the_network() -> None:
    game = mp_operating()
    lay(game, "C18", "5", 3)
    lay(game, "B19", "57", 0)
    with pytest.raises(IllegalAction, match="D5 is not reachable from MP's network"):
        game.act("token D5", "A")  # Wichita: a free space, no track to it
    game.act("token B19", "A")
    assert game.state.corps["MP"].tokens == ["C18", "B19"]


def test_7_1_no_bridging_while_a_player_holds_the_mrbc() -> None:
    game = mp_operating({"MRBC": "C"})
    with pytest.raises(IllegalAction, match="crosses the Mississippi"):
        game.act("lay C18 5 rot 3", "A")  # St. Louis to NE and E: across the river
    game.act("lay C18 5 rot 0", "A")  # SW and W: St. Louis's own (west) bank


def test_7_1_a_plain_river_hex_takes_track_along_one_bank_only() -> None:
    game = mp_operating({"MRBC": "C"}, check_reach=False)
    with pytest.raises(IllegalAction, match="crosses the Mississippi"):
        game.act("lay B17 9 rot 0", "A")  # SW to NE: from one bank to the other
    game.act("lay B17 9 rot 2", "A")  # NW to SE: both on the east bank
    game.act("lay D19 9 rot 0", "A")  # not a river hex: anything goes


def test_9_2_a_company_owning_the_mrbc_may_bridge() -> None:
    game = mp_operating({"MRBC": "C"})
    game.state.privates["MRBC"].owner = "@MP"  # sold to a company: the block is lifted
    game.state.changed()
    game.act("lay C18 5 rot 3", "A")


# -- §8.1 connection eligibility sees the track as a route does -----------------------------


def chicago_line(game: Game[GameState]) -> None:
    """St. Louis (MP's home) - B19 (a one-space city) - A20 - Chicago (A22, an off-board)."""
    lay(game, "C18", "5", 3)
    lay(game, "B19", "57", 0)
    lay(game, "A20", "8", 4)


def test_8_1_connection_does_not_pass_a_city_full_of_other_tokens() -> None:
    """1870-base.md §8.1: a train that "could legally run from its home token to its
    destination"; eligibility "may be lost again (token blocks ...)"; seed §8.1: a train may
    run to a city full of other companies' tokens, not through it."""
    from transcon.titles.t1870.game.connection import fewest_stops

    game = mp_operating()
    chicago_line(game)
    state = game.state
    assert fewest_stops(state, "C18", "A22", company="MP") == 3
    state.corps["SSW"].tokens[:] = ["H17", "B19"]  # B19's only space: SSW's
    state.changed()
    assert fewest_stops(state, "C18", "A22", company="MP") is None
    assert fewest_stops(state, "C18", "B19", company="MP") == 2  # may still end there
    assert fewest_stops(state, "C18", "A22", company="SSW") == 3  # its own token: no block
    assert fewest_stops(state, "C18", "A22") == 3  # no company: no token blocks
    state.corps["SSW"].tokens[:] = ["H17"]
    state.changed()
    assert fewest_stops(state, "C18", "A22", company="MP") == 3
    assert fewest_stops(state, "C18", "A22", 2, company="MP") is None  # train length


def test_8_1_connection_does_not_bridge_the_mississippi_while_it_is_blocked() -> None:
    """1870-base.md §7.1/§9.2: while the MRBC is held by a player no track joins the two banks
    of the Mississippi; §8.1 eligibility uses legal runs only. (Legal lays never build such
    track; here it is put on the map directly.)"""
    from transcon.titles.t1870.game.connection import fewest_stops

    game = mp_operating({"MRBC": "C"})
    chicago_line(game)  # St. Louis's tile 5 at rot 3 leaves the city's west bank
    state = game.state
    assert fewest_stops(state, "C18", "A22", company="MP") is None
    state.privates["MRBC"].owner = "@MP"  # sold to a company: bridging allowed
    assert fewest_stops(state, "C18", "A22", company="MP") == 3


def test_8_1_eligibility_of_a_company_uses_the_route_search() -> None:
    """1870-base.md §8.1 through the title's hook: MP (destination Dallas, J5) has no track
    there, so it is not eligible."""
    game = mp_operating()
    chicago_line(game)
    state = game.state
    state.corps["MP"].trains = ["2-1"]
    title = game.title
    assert isinstance(title, Title1870)
    assert title.spec(state).corp("MP").destination == "J5"
    assert title.hook_can_connect(state, "MP") is False


def test_a_crashing_track_check_is_never_an_accepted_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule check that crashes surfaces as the bug it is: the lay is not accepted and the
    state, log and file form stay exactly as they were (never waved through)."""
    from transcon.titles.t1870.game import reach

    def broken(*_: object) -> str | None:
        raise RuntimeError("route engine bug")

    game = mp_operating()
    before, log_before = game.state_json(), list(game.log)
    monkeypatch.setattr(reach, "lay_problem", broken)
    with pytest.raises(RuntimeError, match="route engine bug"):
        game.act("lay C18 5 rot 3", "A")
    assert game.state_json() == before
    assert list(game.log) == log_before
