"""1870 §7.3 runs with named routes, checked by the route engine (seed 003 §8.1–8.3)."""

from __future__ import annotations

import pytest

from transcon.core.errors import IllegalAction, InputError
from transcon.core.game import Game
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.testing import (
    float_corp,
    give_train,
    skip_auction,
    start_operating,
)
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.game.actions import Demand

PLAYERS = ["A", "B", "C", "D"]


def st_louis_to_b19(**options: object) -> tuple[Game[GameState], str]:
    """MP (home St. Louis, C18) operating with a 2-train; St. Louis joined to B19."""
    game = Game.new(Title1870(), PLAYERS, {"check_routes": True, **options})
    skip_auction(game)
    float_corp(game, "MP", "A", 76)
    float_corp(game, "SSW", "B", 68)
    start_operating(game)
    state = game.state
    for hex_, tile, rotation in (("C18", "5", 3), ("B19", "57", 0)):
        state.tiles[hex_] = [tile, rotation]
        state.tile_used[tile] = state.tile_used.get(tile, 0) + 1
    return game, give_train(game, "MP", "2")


def test_7_3_a_named_legal_run_is_revalued_and_accepted() -> None:
    game, train = st_louis_to_b19()
    game.act(f"run 40 {train}:C18-0,B19-0", "A")  # $20 + $20 (two yellow cities)
    assert game.state.operating.revenue == 40


def test_7_3_the_train_may_be_left_to_the_engine_and_stops_reversed() -> None:
    game, _ = st_louis_to_b19()
    game.act("run 40 B19,C18-0", "A")  # a bare hex names its only stop
    assert game.state.operating.revenue == 40


def test_8_3_the_revenue_must_be_the_value_of_the_routes() -> None:
    game, _ = st_louis_to_b19()
    with pytest.raises(IllegalAction, match="worth 40, not 60"):
        game.act("run 60 C18-0,B19-0", "A")


def test_8_3_a_paying_run_names_its_routes() -> None:
    game, _ = st_louis_to_b19()
    with pytest.raises(IllegalAction, match="names its routes"):
        game.act("run 40", "A")
    game.act("run 0", "A")  # running nothing needs no route


def test_8_1_a_stop_without_track_is_refused() -> None:
    game, _ = st_louis_to_b19()
    with pytest.raises(IllegalAction, match=r"§8\.1.*no track joins C18-0 and H17-0"):
        game.act("run 40 C18-0,H17-0", "A")


def test_8_1_a_city_visited_twice_is_refused() -> None:
    game, _ = st_louis_to_b19()
    with pytest.raises(IllegalAction, match=r"§8\.1.*visited twice"):
        game.act("run 60 C18-0,B19-0,C18-0", "A")


def test_7_3_a_train_the_company_does_not_own_is_refused() -> None:
    game, train = st_louis_to_b19()
    with pytest.raises(IllegalAction, match="does not own train 3-0"):
        game.act("run 40 3-0:C18-0,B19-0", "A")
    with pytest.raises(IllegalAction, match="2 routes but MP has 1 trains"):
        game.act("run 80 C18-0,B19-0 B19-0,C18-0", "A")
    game.act(f"run 40 {train}:C18-0,B19-0", "A")


def test_7_3_bots_offer_the_best_run_with_its_routes() -> None:
    game, train = st_louis_to_b19()
    title = game.title
    run = title.hook_bot_run(game.state, "MP", "A")  # type: ignore[attr-defined]
    assert run.revenue == 40 and run.trains == (train,)
    assert sorted(run.routes[0]) == ["B19-0", "C18-0"]
    game.apply(run)


def test_run_notation_round_trips_trains_and_routes() -> None:
    from transcon.eighteen.framework.notation import format_action, parse_action

    text = "run 100 2-1:B19-0,A22-0 2-2:B19-0,C18-0"
    action = parse_action(text, "A")
    assert action is not None and format_action(action) == text
    assert getattr(action, "trains", ()) == ("2-1", "2-2")
    bare = parse_action("run 40 C18-0,B19-0", "A")
    assert bare is not None and format_action(bare) == "run 40 C18-0,B19-0"
    with pytest.raises(InputError, match="every route or of none"):
        parse_action("run 100 2-1:B19-0,A22-0 B19-0,C18-0", "A")


def two_lines(**options: object) -> tuple[Game[GameState], str, str]:
    """MP with two 2-trains; St. Louis (C18) and B19 joined twice: directly, and round by
    C20 and B21."""
    game, first = st_louis_to_b19(**options)
    state = game.state
    for hex_, tile, rotation in (("B19", "6", 4), ("C20", "8", 1), ("B21", "7", 0)):
        state.tiles[hex_] = [tile, rotation]
        state.tile_used[tile] = state.tile_used.get(tile, 0) + 1
    return game, first, give_train(game, "MP", "2")


def test_8_1_stops_realised_by_disjoint_track_for_every_train() -> None:
    """1870-base.md §7.3 (seed §8.1): trains may share cities, not track. Two routes naming
    the same stops are accepted when the engine can give them different track (a run names
    stops; the engine picks a realisation keeping all trains' track disjoint)."""
    game, first, second = two_lines()
    game.act(f"run 80 {first}:C18-0,B19-0 {second}:C18-0,B19-0", "A")
    assert game.state.operating.revenue == 80


def test_8_1_a_route_may_name_the_hexes_its_track_passes() -> None:
    """1870-base.md §7.3 (seed §8.1): ``~HEX`` entries between two stops name hexes the
    track between them passes through, when the choice matters."""
    game, first, second = two_lines()
    with pytest.raises(IllegalAction, match=r"no track between C18-0 and B19-0 passes through A20"):
        game.act(f"run 40 {first}:C18-0,~A20,B19-0", "A")
    with pytest.raises(IllegalAction, match="sharing track"):
        game.act(f"run 80 {first}:C18-0,~C20,B19-0 {second}:C18-0,~B21,B19-0", "A")
    with pytest.raises(IllegalAction, match="goes between stops"):
        game.act(f"run 40 {first}:~C20,C18-0,B19-0", "A")
    game.act(f"run 80 {first}:C18-0,~C20,~B21,B19-0 {second}:C18-0,B19-0", "A")
    assert game.state.operating.revenue == 80


def below_best_run(run: str = "run 40 {train}:C18-0,B19-0", **options: object) -> Game[GameState]:
    """MP has two 2-trains and track for two routes out of St. Louis (best run 80); B holds
    a share of MP; A (president) runs only one train for 40 (or ``run``)."""
    game, train = st_louis_to_b19(**options)
    give_train(game, "MP", "2")
    state = game.state
    state.tiles["C20"] = ["57", 1]
    state.tile_used["57"] = state.tile_used.get("57", 0) + 1
    state.corps["MP"].holders["B"] = 1
    state.corps["MP"].ipo -= 1
    game.act(run.format(train=train), "A")
    return game


def test_8_3_a_shareholder_may_demand_the_best_run() -> None:
    """Seed 003 §8.3: "a stock holder in the running railway may point out a higher value
    route that the president is then required to run"."""
    game = below_best_run()
    assert game.current_players() == ["A", "B"]
    assert [a.type for a in game.legal_actions("B")] == ["demand"]
    events = game.act("demand", "B")
    assert "B demands the best run: MP runs 80 instead of 40" in events[0].text
    assert game.state.operating.revenue == 80
    assert game.current_players() == ["A"]  # nothing better left to demand
    with pytest.raises(IllegalAction, match="already the best"):
        game.title.check(game.state, Demand(player="B"))
    before = game.state.player("B").cash
    game.act("dividend payout", "A")
    assert game.state.player("B").cash == before + 8  # $80 paid out: $8 for B's share
    assert game.current_players() == ["A"]


def test_8_3_no_demand_when_the_run_is_already_the_best() -> None:
    """Seed 003 §8.3: a stock holder may point out a *higher value* route: with none, the
    other shareholders have nothing to do and are not waited for."""
    game, train = st_louis_to_b19()
    state = game.state
    state.corps["MP"].holders["B"] = 1
    state.corps["MP"].ipo -= 1
    state.changed()
    game.act(f"run 40 {train}:C18-0,B19-0", "A")  # the best run of one 2-train
    assert game.current_players() == ["A"]
    assert game.legal_actions("B") == []
    with pytest.raises(IllegalAction, match="already the best"):
        game.title.check(state, Demand(player="B"))
    game.act("dividend payout", "A")


def test_8_3_a_run_of_nothing_with_nothing_better_withholds_at_once() -> None:
    from transcon.eighteen.framework.rounds import TurnStage

    game = Game.new(Title1870(), PLAYERS, {"check_routes": True})
    skip_auction(game)
    float_corp(game, "MP", "A", 76, {"A": 5, "B": 1})
    float_corp(game, "SSW", "B", 68)
    start_operating(game)
    give_train(game, "MP", "2")  # no track out of St. Louis: the best run is 0
    game.act("run 0", "A")
    assert game.state.operating.step == TurnStage.TRAINS
    assert game.current_players() == ["A"]


def test_8_3_only_other_shareholders_may_demand() -> None:
    game = below_best_run()
    with pytest.raises(IllegalAction, match="may not demand"):
        game.act("demand", "A")  # the president runs what he likes until challenged
    with pytest.raises(IllegalAction):
        game.act("demand", "C")  # holds no MP share


def test_8_3_demand_can_be_turned_off() -> None:
    game = below_best_run(best_run_on_demand=False)
    assert game.current_players() == ["A"]
    with pytest.raises(IllegalAction):
        game.act("demand", "B")


def test_8_3_a_run_of_nothing_can_be_challenged_too() -> None:
    """§8.3: running 0 (to withhold and let the price fall) waits for the dividend step when
    another shareholder could demand the best run; the president may then only withhold."""
    game = below_best_run("run 0")
    assert game.state.operating.revenue == 0 and game.current_players() == ["A", "B"]
    with pytest.raises(IllegalAction, match="ran for 0"):
        game.act("dividend payout", "A")
    game.act("demand", "B")
    assert game.state.operating.revenue == 80
    game.act("dividend payout", "A")


def test_8_3_a_run_of_nothing_unchallenged_withholds_at_once() -> None:
    from transcon.eighteen.framework.rounds import TurnStage

    game = below_best_run("run 0", best_run_on_demand=False)
    assert game.state.operating.step == TurnStage.TRAINS  # withheld at once, as before
    game2 = below_best_run("run 0")
    assert game2.state.operating.step == TurnStage.DIVIDEND
    game2.act("dividend withhold", "A")
    assert game2.state.operating.step == TurnStage.TRAINS
