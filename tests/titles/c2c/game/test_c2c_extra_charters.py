"""The option ``extra_charters``: 18C2C has 34 corporations, our sources name 32, so a group
holding the printed rulebook adds the two missing charters as data (D variant 2e: 34 charters;
docs/rules/18c2c.md "Corporations"). Hexes are checked on the map with a one-line error, and
a game with added charters plays."""

from __future__ import annotations

import random

import pytest

from transcon.core.errors import InputError
from transcon.core.game import Game
from transcon.eighteen.framework.testing import invariant_problems
from transcon.titles.c2c.charters import parse_charters
from transcon.titles.c2c.game import TitleC2C, TitleC2CSuperShort
from transcon.titles.c2c.game.checks import token_problems
from transcon.titles.c2c.options import C2COptions

TWO = "KCS:Kansas City Southern:U48:V45:plains; PM:Pere Marquette:I64:L69:eastern"


def test_default_adds_no_charter() -> None:
    assert C2COptions.view({}).extra_charters == ""
    assert parse_charters("") == ()


def test_charters_are_read_with_their_home_and_destination() -> None:
    kcs, pm = parse_charters(TWO)
    assert (kcs.sym, kcs.name, kcs.home, kcs.destination) == (
        "KCS",
        "Kansas City Southern",
        "U48",
        ("V45",),
    )
    assert (pm.sym, pm.home, pm.destination) == ("PM", "I64", ("L69",))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("KCS:Kansas City Southern:ZZ99:V45:plains", "home ZZ99 is not a hex"),
        ("KCS:Kansas City Southern:U48:W50:plains", "destination W50 has no city"),
        ("KCS:Kansas City Southern:U48:V45:eastern", "U48 is in the plains zone"),
        ("KCS:Kansas City Southern:U48:V45:mars", "zone 'mars'"),
        ("UP:Union Pacific 2:U48:V45:plains", "UP exists already"),
        ("M1:Merged:U48:V45:plains", "M1 names a merger corporation"),
        ("KCS:U48:V45:plains", "want SYM:Name:HOME:DESTINATION:ZONE"),
    ],
)
def test_a_bad_charter_is_refused_in_one_line(text: str, names: str) -> None:
    with pytest.raises(InputError) as err:
        C2COptions.view({"extra_charters": text})
    message = str(err.value)
    assert names in message and "extra_charters" in message and "\n" not in message


def test_added_charters_join_the_full_map_game_only() -> None:
    options = {"extra_charters": TWO}
    title = TitleC2C()
    full = Game.new(title, ["A", "B", "C"], options, 1)
    assert {"KCS", "PM"} <= set(full.state.corps)
    assert title.spec(full.state).corp("KCS").destination == "V45"
    short = Game.new(TitleC2CSuperShort(), ["A", "B", "C"], options, 1)
    assert not {"KCS", "PM"} & set(short.state.corps)


def test_a_game_with_added_charters_plays() -> None:
    """Random legal moves until an added corporation is started, the invariants kept."""
    game = Game.new(TitleC2C(), ["A", "B", "C"], {"extra_charters": TWO}, 3)
    rng = random.Random(3)
    parred = False
    for _ in range(3000):
        if game.is_over() or parred:
            break
        player = game.current_players()[0]
        actions = game.legal_actions(player)
        pars = [a for a in actions if a.type == "par" and getattr(a, "corp", "") in ("KCS", "PM")]
        action = pars[0] if pars else rng.choice(actions)
        game.apply(action)
        parred = bool(pars)
        assert not invariant_problems(game) + token_problems(game)
    assert parred
