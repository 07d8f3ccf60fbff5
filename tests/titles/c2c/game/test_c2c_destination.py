"""18C2C the game: a destination run named by the player (D variant 3j), checked by the
engine. The position is the first one of a builder-bot Super-short game in which a
corporation makes its destination run."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.eighteen.dtrains import UNFOLD_NOT_NEEDED, UnfoldError
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import give_train
from transcon.titles.c2c.game import TitleC2CSuperShort
from transcon.titles.c2c.game.actions import DestinationRun
from transcon.titles.c2c.game.bots import BuilderBot
from transcon.titles.c2c.game.destination import best_named_destination, format_destination
from transcon.titles.c2c.game.state import c2c_data

from .test_c2c_private_powers import title_of, unchanged


@pytest.fixture(scope="module")
def before_destination() -> tuple[Game[GameState], str]:
    """A builder-bot game just before its first destination run, and the runner's symbol."""
    names = ["P1", "P2", "P3"]
    game = Game.new(TitleC2CSuperShort(), names, {}, 0)
    bots = {p: BuilderBot(i) for i, p in enumerate(names)}
    for _ in range(3000):
        player = game.current_players()[0]
        action = bots[player].choose(game, player)
        if action.type == "destination":
            return game, title_of(game).current_corp(game.state)
        game.apply(action)
    raise AssertionError("no destination run in the game")


def fresh(position: tuple[Game[GameState], str]) -> tuple[Game[GameState], str, DestinationRun]:
    game, sym = position
    copy = Game.from_log(game.title, game.players, game.log, game.options, game.seed)
    best = best_named_destination(title_of(copy), copy.state, sym)
    assert best is not None
    return copy, sym, best


def test_seed_3j_the_best_destination_run_named_is_accepted(
    before_destination: tuple[Game[GameState], str],
) -> None:
    game, sym, best = fresh(before_destination)
    text = format_destination(best)
    assert title_of(game).destination_revenue(game.state, sym) == best.revenue
    game.act(text, best.player)
    assert c2c_data(game.state).charter(sym).destination == "placed"
    assert game.state.operating.revenue == best.revenue
    assert game.format(game.log[-1]) == text  # the notation reads back


def test_seed_3j_a_named_run_must_join_home_and_destination(
    before_destination: tuple[Game[GameState], str],
) -> None:
    game, sym, best = fresh(before_destination)
    assert title_of(game).spec(game.state).corp(sym).destination
    wrong = f"destination {best.revenue + 10} " + " ".join(",".join(r) for r in best.routes)
    unchanged(game, wrong, best.player, "D variant 3j")  # worth less than claimed
    joining = best.routes[0]
    if len(joining) > 2:  # drop the last stop: the route no longer joins both ends
        short = ",".join(joining[:-1])
        with pytest.raises(IllegalAction) as err:
            game.act(f"destination 0 {short}", best.player)
        assert "3j" in err.value.rule or "4.7.3" in err.value.rule


def test_seed_3j_no_unfolding_when_a_folded_train_makes_the_run(
    before_destination: tuple[Game[GameState], str],
) -> None:
    game, sym, best = fresh(before_destination)
    unchanged(
        game, format_destination(best) + f" unfold {best.trains[0]}", best.player, "D variant 3"
    )  # not a D train
    corp = title_of(game).spec(game.state).corp(sym)
    ends = {corp.home, corp.destination}
    joining = next(
        r for r in best.routes if {r[0].rsplit("-", 1)[0], r[-1].rsplit("-", 1)[0]} == ends
    )
    d_train = give_train(game, sym, "6D")
    text = f"destination 0 {d_train}:{','.join(joining)} unfold {d_train}"
    before = game.state_to_json()
    with pytest.raises(UnfoldError) as err:
        game.act(text, best.player)
    assert err.value.code == UNFOLD_NOT_NEEDED and "D variant 3j" in err.value.rule
    assert game.state_to_json() == before


def test_seed_3j_unfolded_when_needed_runs_as_the_ordinary_train(
    before_destination: tuple[Game[GameState], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When no folded train can make the run, the D train unfolds on the route joining home
    and destination and runs as an ordinary train of twice its number: its own stations are
    not doubled. This position has no such run, so the engine's answer is stood in: the
    title's bookkeeping is tested here; the engine deciding when unfolding is needed, on real
    positions, in tests/titles/c2c/test_c2c_routes.py (``test_seed_3j_unfolded_when_*``,
    ``test_seed_3j_not_unfolded_*``)."""
    game, sym, best = fresh(before_destination)
    title, state = title_of(game), game.state
    for train in list(state.corps[sym].trains):
        title.remove_train(state, train)
    d_train = give_train(game, sym, "3D")
    folded = best_named_destination(title, state, sym)
    assert folded is not None and not folded.unfold
    route = ",".join(folded.routes[0])
    needed = SimpleNamespace(solution=SimpleNamespace(feasible=True), unfolded=0)
    monkeypatch.setattr(TitleC2CSuperShort, "destination_found", lambda *_: needed)
    # as a 6 the run is worth the stops' printed values, as the plain 4-train's best run
    # (the folded 3D doubles B&O's own stations)
    assert len(best.routes) == 1 and folded.revenue > best.revenue
    game.act(f"destination {best.revenue} {d_train}:{route} unfold {d_train}", folded.player)
    assert state.operating.revenue == best.revenue
