"""18C2C's options: one declaration for both titles; every assumed base rule is a named option
with a rule reference and a documented default (seed 001 preamble: the base rules apply where
the D variant is silent; docs/rules/18c2c.md "The game (part 2)")."""

from __future__ import annotations

import pytest

from transcon.core.errors import InputError
from transcon.core.options import resolve_options
from transcon.titles.c2c.options import (
    OPTIONS,
    C2COptions,
    certificate_limit,
    starting_cash_each,
    token_table,
)


def test_every_option_names_a_rule_and_says_what_it_is() -> None:
    """Players read rule names and sections, never file names."""
    for spec in OPTIONS:
        assert spec.rule and spec.doc, spec.name
        assert ".py" not in spec.doc + spec.rule and "seed" not in spec.rule.lower()
    assert resolve_options(OPTIONS) == {spec.name: spec.default for spec in OPTIONS}


def test_table_a_default_is_marked_assumed_and_lets_par_100_buy_all_four() -> None:
    """Seed 001 3e (Table A missing from our copy) and 3f (a $100 par may buy all four)."""
    opts = C2COptions.view({})
    spec = next(s for s in OPTIONS if s.name == "token_table")
    assert "Assumed" in spec.doc and "Table A" in spec.rule
    table = token_table(opts)
    assert table[100] == (40, 60, 80, 100)
    assert all(set(costs) <= {40, 60, 80, 100} for costs in table.values())


@pytest.mark.parametrize(
    "text", ["", "100", "100:50", "100:40 100:60", "abc:40", "100:40+x", "-5:40"]
)
def test_a_malformed_token_table_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(InputError) as err:
        C2COptions.view({"token_table": text})
    assert "token_table" in str(err.value) and "\n" not in str(err.value)


def test_a_par_may_buy_nothing_extra() -> None:
    """Seed 001 3e: 'if no extra tokens are purchased' — a par with an empty list is valid."""
    assert token_table(C2COptions.view({"token_table": "100:40+60 68:"}))[68] == ()


def test_certificate_limits_and_starting_cash() -> None:
    """Base rules 2.6 and 3.1 (Rails draft figures, options)."""
    opts = C2COptions.view({})
    assert [certificate_limit(opts, n) for n in range(2, 9)] == [96, 64, 48, 38, 32, 27, 24]
    assert starting_cash_each(opts, 4, super_short=False) == 1800
    assert starting_cash_each(opts, 7, super_short=False) == 1028
    assert starting_cash_each(opts, 4, super_short=True) == 1200
    with pytest.raises(InputError):
        certificate_limit(opts, 9)
    with pytest.raises(InputError):
        C2COptions.view({"certificate_limits": "1,2,3"})


def test_network_walk_budget_reaches_the_route_engine() -> None:
    """Base rules 4.7.1 (a corporation's network, walked as 18xx.games does): the option
    ``network_walk_budget`` caps the walk's converging steps; the default is our guard for
    play, -1 lifts it, and a value below -1 is refused."""
    from transcon.core.game import Game
    from transcon.titles.c2c.game import TitleC2C
    from transcon.titles.c2c.game.routing import context_of
    from transcon.titles.c2c.options import NETWORK_WALK_BUDGET

    spec = next(s for s in OPTIONS if s.name == "network_walk_budget")
    assert spec.default == NETWORK_WALK_BUDGET > 0 and "-1: no limit" in spec.doc
    for options, budget in (({}, NETWORK_WALK_BUDGET), ({"network_walk_budget": -1}, -1)):
        game = Game.new(TitleC2C(), ["Ann", "Bob", "Cy"], options, 1)
        title = game.title
        assert isinstance(title, TitleC2C)
        state = game.state
        ctx = context_of(state, title.setup, title.phase(state).name)
        assert ctx.bridge.hooks.network_walk_budget == budget
    with pytest.raises(InputError):
        C2COptions.view({"network_walk_budget": -2})
