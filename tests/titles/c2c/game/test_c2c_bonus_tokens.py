"""18C2C the base privates' bonus tokens (base rules, private companies; values are the
option ``private_bonus_tokens``, assumed from 1870's printed cattle and port tokens): placed
by the owning corporation on the private's cities, they add to the stop values the route
engine uses (through the title's route bridge hook), until phase 3D."""

from __future__ import annotations

import pytest

from transcon.core.errors import InputError
from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import give_train, invariant_problems
from transcon.titles.c2c.bonuses import bonus_values
from transcon.titles.c2c.game import TitleC2C, track
from transcon.titles.c2c.game.base_powers import placed_bonuses
from transcon.titles.c2c.game.routing import context_of
from transcon.titles.c2c.game.state import c2c_data

from .test_c2c_private_powers import end_turn, game_with, title_of, unchanged

SEATTLE = "C4"  # a printed city: Grace Mountain Lumber's and Azure Fisheries' lists
NEW_ORLEANS = "W54"  # an off-board: a Gulf Shipping port (assumed list)


def values_at(game: Game[GameState], company: str) -> dict[str, int]:
    """Stop value to ``company`` of Seattle and New Orleans."""
    state = game.state
    ctx = context_of(state, "full", title_of(game).phase(state).name)
    graph = ctx.graph()
    board = track.map_of("full")[0].board
    values = ctx.stop_values(graph, company).values
    return {
        board.label(s.hex): values[s.id]
        for s in graph.stops
        if board.label(s.hex) in (SEATTLE, NEW_ORLEANS)
    }


def test_base_private_bonus_tokens_add_to_stop_values_until_phase_3d() -> None:
    game = game_with({"AF": "@B&O", "GSC": "@PRR"}, {"B&O": ("A", 100), "PRR": ("B", 90)})
    state = game.state
    for sym in ("B&O", "PRR"):
        give_train(game, sym, "2")
    printed = values_at(game, "B&O")
    assert title_of(game).current_corp(state) == "B&O"
    unchanged(game, "assign AF K78", "A", "bonus tokens")  # not one of the fish cities
    unchanged(game, "assign GSC W54", "A", "private")  # B&O does not own it
    game.act(f"assign AF {SEATTLE}", "A")
    unchanged(game, "assign AF I82", "A", "bonus tokens")  # its one token is placed
    end_turn(game, "A")
    game.act(f"assign GSC {NEW_ORLEANS}", "B")  # the first port: +20 owner, +10 others
    assert c2c_data(state).bonus_tokens == {"AF": [SEATTLE], "GSC": [NEW_ORLEANS]}
    assert values_at(game, "B&O") == {
        SEATTLE: printed[SEATTLE] + 10,
        NEW_ORLEANS: printed[NEW_ORLEANS] + 10,
    }
    assert values_at(game, "PRR") == {
        SEATTLE: printed[SEATTLE],
        NEW_ORLEANS: printed[NEW_ORLEANS] + 20,
    }
    assert not invariant_problems(game)
    state.phase = [p.name for p in title_of(game).spec(state).phases].index("3D")
    state.changed()
    assert placed_bonuses(state) == () and values_at(game, "PRR") == values_at(game, "B&O")


def test_private_bonus_tokens_option() -> None:
    assert bonus_values("SCC:10 GEM:20/10,10")["GEM"][0].others == 10
    for bad in ("SCC", "XYZ:10", "SCC:ten", "SCC:10 SCC:20", "SCC:-5"):
        with pytest.raises(InputError, match="private_bonus_tokens"):
            Game.new(TitleC2C(), ["A", "B"], {"private_bonus_tokens": bad})
