"""``export-18xx``: our 1870 games as 18xx.games game files, imported back to the same game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.core.bots import bot_seed, make_bot, play_out
from transcon.core.game import Game
from transcon.core.savefile import save_game
from transcon.eighteen.framework.actions import RunRoutes
from transcon.eighteen.framework.state import GameState
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.importer.export import export_game
from transcon.titles.t1870.importer.options import optional_rules, options_1870
from transcon.titles.t1870.importer.replay import Importer, import_fixture

FIXTURES = Path(__file__).resolve().parents[3].parent / "shared/reference/18xx-games/fixtures/1870"
RECORDED = sorted(FIXTURES.glob("*.json"))


def round_trip(game: Game[GameState]) -> tuple[dict[str, Any], Importer]:
    data = json.loads(json.dumps(export_game(game)))  # through JSON, as a file would be
    importer = Importer(data)
    importer.run()
    return data, importer


def assert_same_game(game: Game[GameState]) -> None:
    data, importer = round_trip(game)
    report = importer.report
    assert report.divergence is None, report.divergence
    assert report.accepted == report.actions
    assert importer.game.state_to_json() == game.state_to_json()
    assert importer.game.result() == game.result()
    assert [p["name"] for p in data["players"]] == list(game.players)
    assert data["settings"]["seed"] == game.seed


def bot_game(seed: int, players: int, bot: str, rules: tuple[str, ...] = ()) -> Game[GameState]:
    names = [f"P{i}" for i in range(1, players + 1)]
    game = Game.new(Title1870(), names, options_1870(rules, check_routes=True), seed)
    bots = {p: make_bot(game.title, bot, bot_seed(seed, 0, i)) for i, p in enumerate(names)}
    play_out(game, bots, 20_000)
    return game


@pytest.mark.skipif(not RECORDED, reason="shared fixtures not available")
@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.name)
def test_recorded_game_imported_exported_and_imported_again_is_the_same(path: Path) -> None:
    _, game = import_fixture(path)
    assert_same_game(game)


@pytest.mark.parametrize(
    ("seed", "players", "rules"),
    [(1, 2, ()), (2, 3, ("diesels",)), (3, 4, ("finish_on_400",)), (4, 6, ("original_market",))],
)
def test_random_bot_game_round_trip(seed: int, players: int, rules: tuple[str, ...]) -> None:
    assert_same_game(bot_game(seed, players, "random", rules))


def test_dixon_options_travel_in_the_settings() -> None:
    game = Game.new(Title1870(), ["A", "B", "C"], {"ledge": "upper"}, 9)
    game.act("bid GRSC 20", "A")
    data, importer = round_trip(game)
    assert data["settings"]["transcon_options"]["ledge"] == "upper"
    assert importer.game.options["ledge"] == "upper"


def test_optional_rules_of_our_options() -> None:
    rules = ["diesels", "finish_on_400", "original_market", "max_reissue_200"]
    assert sorted(optional_rules(options_1870(rules))) == sorted(rules)


def test_cli_export_then_import(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save_game(bot_game(5, 3, "random"), save)
    out = tmp_path / "game.18xx.json"
    runner = CliRunner()
    result = runner.invoke(app, ["export-18xx", str(save), "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["title"] == "1870" and data["actions"][0]["id"] == 1
    result = runner.invoke(app, ["import-18xx", str(out), "--json"])
    assert json.loads(result.output)["result_matches"] is True


@pytest.mark.slow
def test_fifty_bot_games_round_trip() -> None:
    rule_sets: list[tuple[str, ...]] = [(), ("diesels",), ("finish_on_400", "original_tiles")]
    for index in range(50):
        bot = "builder" if index % 5 == 0 else "random"
        game = bot_game(1000 + index, 2 + index % 5, bot, rule_sets[index % 3])
        assert_same_game(game)


def test_tile_copies_skip_those_18xx_games_removes_for_dixon_tiles() -> None:
    """18xx.games' ``original_tiles`` removes copies such as ``8-0`` and ``8-1``: the first
    #8 laid is ``8-2`` there (oracle fuzzing: "h_to_args() returned nil :tile")."""
    from transcon.titles.t1870.importer.export import DIXON_MISSING_COPIES, TileCopies

    copies = TileCopies(missing=DIXON_MISSING_COPIES)
    assert copies.lay("D11", "8") == "8-2"
    assert copies.lay("D13", "8") == "8-3"
    assert TileCopies().lay("D11", "8") == "8-0"


def exporter_at(game: Game[GameState]) -> Any:
    """An exporter looking at ``game``'s current state (a position built by the test
    helpers, not replayed from a log)."""
    from transcon.titles.t1870.importer.export import Exporter

    exporter = Exporter(game)
    exporter.game = game
    return exporter


def test_company_step_waits_as_18xx_games_does() -> None:
    """18xx.games' blocking ``BuyCompany`` step waits for a pass when the company could buy
    a private (in phase 1 MP and SSW are offered the MRBC whoever owns it: g_1870
    ``purchasable_companies``) or owns a private whose token it may still place
    (``BuyCompany#actions``: an active ability; oracle fuzzing seeds 1870003, 1870012)."""
    from transcon.eighteen.framework.testing import float_corp, skip_auction

    game = Game.new(Title1870(), ["A", "B", "C"], {"check_routes": False})
    skip_auction(game, {"MRBC": "A"})
    float_corp(game, "MP", "A", 76)
    float_corp(game, "GMO", "B", 68)
    state = game.state
    state.privates["MRBC"].owner = "@MP"
    exporter = exporter_at(game)
    assert exporter.step_open("MP", "company")  # phase 1: the MRBC, though MP owns it
    assert not exporter.step_open("GMO", "company")
    state.phase = 1  # phase 2: only privates held by players
    assert not exporter.step_open("MP", "company")
    cattle = state.privates["SCC"]
    cattle.owner, cattle.closed = "@GMO", False
    assert exporter.step_open("GMO", "company")  # its cattle token is unused
    cattle.used.append("token")
    assert not exporter.step_open("GMO", "company")


def test_no_destination_check_after_the_turn_of_a_company_that_closed() -> None:
    """18xx.games skips the end-of-turn destination check of a company that closed in its
    turn (``CheckConnection`` has no actions for a closed entity) and waits for no pass
    of it (oracle fuzzing, seed 1870001: SLSF withheld to $0 as the last company of a
    round)."""
    from transcon.eighteen.framework import actions as A
    from transcon.eighteen.framework.testing import skip_auction
    from transcon.titles.t1870.importer.export import STEPS

    game = Game.new(Title1870(), ["A", "B", "C"], {"check_routes": False})
    skip_auction(game)
    exporter = exporter_at(game)
    exporter.out = [{"type": "pass", "entity": "SLSF", "entity_type": "corporation", "id": 1}]
    exporter.turn_corp = "SLSF"
    game.state.corps["SLSF"].closed = True
    exporter.after(A.Pass(player="A"), "operating")
    assert exporter.out == [exporter.out[0]]  # no step passes either (seed 1870009)
    assert "auto_actions" not in exporter.out[0]
    exporter.step = len(STEPS)  # its steps are closed
    game.state.corps["SLSF"].closed = False
    exporter.turn_corp = "SLSF"
    exporter.after(A.Pass(player="A"), "operating")
    assert exporter.out[0]["auto_actions"][0]["type"] == "destination_connection"


def test_presidency_swap_moves_certificates_as_18xx_games_does() -> None:
    """18xx.games (``share_pool.rb`` ``change_president``, ``handle_partial``): when A sells
    half of the president's certificate and B (20% as SLSF_2, then SLSF_1) takes over, B's
    first two shares go to the market, the president's certificate to B, and the market's
    first share (SLSF_2) back to A, SLSF_1 staying in the market (oracle fuzzing, seed
    1870000: "All shares must be owned by the same owner" when A later sold SLSF_1)."""
    from transcon.titles.t1870.importer.shares import ShareLedger

    game = Game.new(Title1870(), ["A", "B"])
    ledger = ShareLedger()
    ledger.start(list(game.state.corps))
    ledger.move("SLSF", [0], "A")
    ledger.move("SLSF", [2], "B")
    ledger.move("SLSF", [1], "B")
    ledger.move("SLSF", [0], "pool")  # A sells the president's certificate as 10%
    corp = game.state.corps["SLSF"]
    corp.holders, corp.president, corp.ipo, corp.pool = {"A": 1, "B": 2}, "B", 6, 1
    ledger.follow_presidency(game.state, {"SLSF": "A"}, ("SLSF", "A", [0], 1))
    assert ledger.owner["SLSF"][:3] == ["B", "pool", "A"]
    ledger.reconcile(game.state)  # agrees with our counts
    assert ledger.owner["SLSF"][:3] == ["B", "pool", "A"]


def test_a_run_of_nothing_closes_the_steps_before_it() -> None:
    """18xx.games waits for a pass in the track step even when the company then has no
    route; a run of nothing closes the steps before it, so a company that closes as it
    withholds leaves nothing open (oracle fuzzing, seed 1870000: SLSF withheld to $0)."""
    from transcon.eighteen.framework import actions as A
    from transcon.eighteen.framework.testing import float_corp, skip_auction, start_operating

    game = Game.new(Title1870(), ["A", "B", "C"], {"check_routes": False})
    skip_auction(game)
    float_corp(game, "SLSF", "A", 68)
    start_operating(game)
    exporter = exporter_at(game)
    exporter.out = [{"type": "pass", "entity": 1, "entity_type": "player", "id": 1}]
    exporter.turn_corp = "SLSF"
    exporter.run_routes("SLSF", A.RunRoutes(player="A", revenue=0))
    assert exporter.out[-1]["type"] == "pass" and exporter.out[-1]["entity"] == "SLSF"


@pytest.mark.skipif(not RECORDED, reason="shared fixtures not available")
def test_the_game_ends_as_the_recorded_games_end() -> None:
    """18xx.games ends a bank game at the end of the set (``bank: :full_or``), after the last
    turn's destination check; a $400 game at once, on the dividend (``stock_market:
    :immediate``): no pass, no check after it. The export ends as each record does (oracle
    fuzzing, seeds 1870001 and 1870010)."""
    for name in ("1870_game_end_bank.json", "game-end-market-400.json"):
        recorded = json.loads((FIXTURES / name).read_text())["actions"][-1]
        _, game = import_fixture(FIXTURES / name)
        assert game.is_over()
        last = export_game(game)["actions"][-1]
        assert (last["type"], last["entity"]) == (recorded["type"], recorded["entity"])
        checks = [a["type"] for a in recorded.get("auto_actions", [])]
        assert [a["type"] for a in last.get("auto_actions", [])] == checks


def test_train_step_waits_for_a_company_at_its_limit_that_could_trade_in() -> None:
    """§12 diesels: a D costs $300 less for a 4, 5 or 6 traded in, so a company at its train
    limit may still buy one. 18xx.games' ``can_buy_train?`` (``discountable_trains_for``)
    keeps its blocking train step open for it, so the export writes that step's pass
    (oracle fuzzing, seeds 1870005 and 1870007: "Blocking step Buy Trains cannot process
    action destination_connection")."""
    from transcon.eighteen.framework.testing import float_corp, give_train, skip_auction

    game = Game.new(Title1870(), ["A", "B", "C"], {"check_routes": False, "diesels": True})
    skip_auction(game)
    float_corp(game, "GMO", "B", 68)
    state = game.state
    state.depot.update({"2": 7, "3": 6, "4": 3, "5": 4, "6": 1})
    state.bought_types.extend(["2", "3", "4", "5", "6"])
    state.phase = next(i for i, p in enumerate(game.title.spec(state).phases) if p.name == "5")
    give_train(game, "GMO", "4")
    give_train(game, "GMO", "4")
    assert len(state.corps["GMO"].trains) == game.title.phase(state).train_limit
    exporter = exporter_at(game)
    state.corps["GMO"].cash = 800  # a D for $1100 - $300
    assert exporter.step_open("GMO", "train")
    state.corps["GMO"].cash = 799
    assert not exporter.step_open("GMO", "train")


def test_a_reissued_share_sold_and_redeemed_back_is_not_for_sale() -> None:
    """§6.5/§6.6: a share redeemed after a reissue stays in the treasury, not for sale
    (18xx.games ``buyable`` false), even when it is one of the reissued certificates that
    was sold and came back; a later treasury buy names one still for sale (oracle fuzzing,
    seed 1870012: "Cannot buy a share of GMO")."""
    from transcon.eighteen.framework import actions as A
    from transcon.eighteen.framework.testing import float_corp, skip_auction

    game = Game.new(Title1870(), ["A", "B", "C"], {"check_routes": False})
    skip_auction(game)
    float_corp(game, "GMO", "B", 68)
    exporter = exporter_at(game)
    exporter.shares.move("GMO", [5, 7], "treasury")
    exporter.reissued["GMO"] = {5, 7}
    exporter.translate(A.BuyShare(player="A", corp="GMO", source="treasury"))
    assert exporter.out[-1]["shares"] == ["GMO_5"]
    exporter.shares.move("GMO", [5], "pool")  # sold, then redeemed back
    exporter.shares.move("GMO", [5], "treasury")
    exporter.translate(A.BuyShare(player="C", corp="GMO", source="treasury"))
    assert exporter.out[-1]["shares"] == ["GMO_7"]


def test_a_run_of_nothing_by_a_company_with_a_route_is_an_empty_run() -> None:
    """§7.3/§8.4: a company that could run a route but runs nothing (a run of 0 by choice,
    or a connection run finding no route joining home and destination) gives 18xx.games an
    empty ``run_routes``: its run step waits for one whenever the company has a route
    (``Route#actions``: ``can_run_route?``; oracle fuzzing with the seeker bot, seed
    1870005: "Blocking step Run Connection Route cannot process action
    destination_connection")."""
    names = ["P1", "P2"]
    game = Game.new(Title1870(), names, options_1870((), check_routes=True), 11)
    bots = {p: make_bot(game.title, "builder", bot_seed(11, i)) for i, p in enumerate(names)}
    while True:
        player = game.current_players()[0]
        action = bots[player].choose(game, player)
        if isinstance(action, RunRoutes) and action.routes:
            game.apply(RunRoutes(player=player, revenue=0))
            break
        game.apply(action)
    last = export_game(game)["actions"][-1]
    assert (last["type"], last["routes"]) == ("run_routes", [])
    while game.state.round == "operating":  # (an import finishes a round the record stops in)
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
    assert_same_game(game)


def test_bankruptcy_is_exported_after_the_steps_before_the_train_step() -> None:
    """§7.5/§11: ours goes bankrupt at the train step, after a company without trains
    withheld (price left). 18xx.games takes ``bankrupt`` at any step (a non-blocking
    ``Bankrupt`` step) and, declared in the track step, never withholds; so the export
    passes the steps before the train step first (oracle fuzzing, seed 1870066: MKT $40
    here, $50 there)."""
    from transcon.eighteen.framework import actions as A
    from transcon.eighteen.framework.testing import float_corp, skip_auction, start_operating

    game = Game.new(Title1870(), ["A", "B", "C"], {"check_routes": False})
    skip_auction(game)
    float_corp(game, "SLSF", "A", 68)
    start_operating(game)
    exporter = exporter_at(game)
    exporter.turn_corp = "SLSF"
    exporter.translate(A.Bankrupt(player="A"))
    assert [a["type"] for a in exporter.out] == ["pass", "bankrupt"]
    assert exporter.out[0]["entity"] == "SLSF"
