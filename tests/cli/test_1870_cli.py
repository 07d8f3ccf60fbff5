"""1870 as a new player meets it on the command line (issue 12 item 7): `status` shows the
privates' face values, standing bids and destination tokens; `legal` lists every kind of
legal action with its rule section, each line pasting back into `act`; `buy PRIVATE` in the
initial auction (1870-base.md §3); a company without trains says why it does not run (§7,
§7.4); the map shows terrain costs on printed cities and whose turn it is; `rules 1870` and
docs/rules/1870.md describe each option alike; `routes show --game` draws any position."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from transcon.cli.legal_view import player_lines
from transcon.cli.main import app
from transcon.core.bots import bot_seed, make_bot
from transcon.core.errors import IllegalAction
from transcon.core.game import Game
from transcon.core.savefile import load_game, save_game
from transcon.core.title import Title
from transcon.eighteen.framework.rounds import TurnStage
from transcon.eighteen.framework.state import GameState
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.game.title import Title1870
from transcon.titles.t1870.game.track import has_route
from transcon.titles.t1870.options import OPTIONS

REPO = Path(__file__).resolve().parents[2]
BANK = REPO.parent / "shared/reference/18xx-games/fixtures/1870/1870_game_end_bank.json"
needs_fixtures = pytest.mark.skipif(not BANK.exists(), reason="shared fixtures not available")


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def _new(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    assert run("new", "1870", "-p", "Ann,Bob,Cy", "--save", path).exit_code == 0
    return path


def _action_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def _listing(title: Title[GameState], state: GameState, player: str) -> list[str]:
    """What `transcon legal` prints for ``player``: the title's groups as lines."""
    return player_lines(player, title.legal_groups(state, player))


def _pastes_back(game: Game[GameState], lines: list[str]) -> None:
    """Every printed action line is accepted by `act` as printed (note and all)."""
    for line in lines:
        copy = game.clone()
        copy.act(line)


# -- positions of a builder-bot game ---------------------------------------------------------


def _operating(state: GameState) -> str | None:
    op = state.operating
    if state.round != "operating" or op.index >= len(op.order) or state_1870(state).connection:
        return None
    return op.order[op.index]


def _bot_position(want: Callable[[GameState], bool]) -> Game[GameState]:
    """The first position of a 3-player builder-bot game (seed 3) where ``want`` holds."""
    title = Title1870()
    names = ["Ann", "Bob", "Cy"]
    game: Game[GameState] = Game.new(title, names, {}, 3)
    bots = {n: make_bot(title, "builder", bot_seed(3, "cli", n)) for n in names}
    for _ in range(1500):
        if want(game.state):
            return game
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
    pytest.fail("the bots never reached the position wanted")


def _laying(trains: bool) -> Callable[[GameState], bool]:
    def want(state: GameState) -> bool:
        sym = _operating(state)
        return (
            sym is not None
            and state.operating.step == TurnStage.TRACK
            and not state.operating.lays
            and bool(state.corps[sym].trains) == trains
            and (trains or has_route(state, sym, Title1870().phase(state).name))  # §7.5 must buy
        )

    return want


@pytest.fixture(scope="module")
def no_train_turn() -> Game[GameState]:
    """A company without trains at the start of its turn."""
    return _bot_position(_laying(trains=False))


@pytest.fixture(scope="module")
def train_turn() -> Game[GameState]:
    """A company with trains at the start of its turn, with tiles on the map."""
    return _bot_position(lambda s: _laying(trains=True)(s) and len(s.tiles) >= 4)


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bank") / "bank.json"
    assert run("import-18xx", BANK, "--save", path).exit_code == 0
    return path


# -- status ----------------------------------------------------------------------------------


def test_status_shows_face_values_revenues_and_standing_bids(tmp_path: Path) -> None:
    """1870-base.md §2.3 (face values, revenues), §3 (bids are committed)."""
    path = _new(tmp_path)
    assert run("act", path, "bid GSC 90").exit_code == 0
    text = run("status", path).stdout
    assert "Privates (face value, revenue, owner):" in text
    assert re.search(r"GRSC +\$20 revenue +5 unsold\n", text)
    assert re.search(r"GSC +\$80 revenue +15 unsold; bids: Ann 90\n", text)
    assert re.search(r"SLSF +\$140 revenue +0 unsold", text)


@needs_fixtures
def test_status_shows_destinations_and_where_their_tokens_are(finished: Path) -> None:
    """§8.4: GMO's destination token sits in St. Louis (C18), not among its station tokens."""
    text = run("status", finished).stdout
    gmo = next(line for line in text.splitlines() if line.strip().startswith("GMO"))
    assert "tokens [M20] + destination token on C18" in gmo


def test_status_of_a_new_game_names_every_destination(tmp_path: Path) -> None:
    game = Game.new(Title1870(), ["Ann", "Bob"], {}, 1)
    game.act("pass")  # nothing started: no company line yet
    title = Title1870()
    assert title.status_company_notes(game.state, "GMO") == ["(destination C18)"]


# -- the initial auction -------------------------------------------------------------------


def test_buy_the_cheapest_private_at_its_price(tmp_path: Path) -> None:
    """§3: a player buys the cheapest remaining private at face value (`buy GRSC`, the same
    action as `bid GRSC 20`)."""
    path = _new(tmp_path)
    result = run("act", path, "buy GRSC")
    assert result.exit_code == 0 and "Ann buys GRSC for 20" in result.stdout
    assert run("log", path).stdout.splitlines()[0].endswith("Ann: bid GRSC 20")


def test_buying_another_private_names_the_form_that_works(tmp_path: Path) -> None:
    path = _new(tmp_path)
    before = path.read_bytes()
    result = run("act", path, "buy GSC")
    assert result.exit_code == 2
    assert "1870 §3 initial auction" in result.stderr
    assert "`buy GRSC` ($20)" in result.stderr and "`bid GSC 85`" in result.stderr
    shares = run("act", path, "buy MP")
    assert shares.exit_code == 2 and "`buy GRSC`" in shares.stderr
    assert "`bid PRIVATE PRICE`" in shares.stderr
    assert path.read_bytes() == before


def test_legal_in_the_auction_shows_prices_and_pastes_back(tmp_path: Path) -> None:
    path = _new(tmp_path)
    assert run("act", path, "bid GSC 90").exit_code == 0
    text = run("legal", path).stdout
    lines = _action_lines(text)
    assert lines[0].startswith("Bob: buy GRSC  # $20")
    assert "Bob: bid GSC 95  # at least $95" in text and "bids Ann 90" in text
    assert lines[-1] == "Bob: pass"
    assert text.startswith("# 1870 §3 initial auction")
    _pastes_back(load_game(path), lines)


# -- the operating company's turn ----------------------------------------------------------


def test_legal_in_a_stock_round_gives_prices_by_company(tmp_path: Path) -> None:
    """§6.1/§6.3: one line per company to start, with its other par prices; buys with their
    price; `pass`."""
    path = _new(tmp_path)
    for action in ("buy GRSC", "pass", "pass", "pass", "buy MRBC", "buy SCC", "buy GSC"):
        assert run("act", path, action).exit_code == 0, action
    assert run("act", path, "buy SLSF").exit_code == 0
    assert run("act", path, "par SLSF 100").exit_code == 0
    assert run("act", path, "buy MKT").exit_code == 0
    text = run("legal", path).stdout
    assert text.startswith("# 1870 §6.1 stock round 1: ")
    assert "# 1870 §6.3 par" in text
    assert re.search(r"\n\w+: par ATSF 100  # also 90, 82, 76, 72, 68; .*home B9", text)
    assert re.search(r"\n\w+: buy SLSF  # \$100 from the initial offering", text)
    assert text.rstrip().endswith(": pass")
    _pastes_back(load_game(path), _action_lines(text))


def test_legal_lists_every_kind_of_action_of_a_company_turn(train_turn: Game[GameState]) -> None:
    """§7: lays (every legal one, a line per hex), tokens, the run, and `done` (or why not);
    every line pastes back into `act`."""
    game = train_turn
    player = game.current_players()[0]
    lines = _listing(game.title, game.state, player)
    text = "\n".join(lines)
    assert "# 1870 §7.1 track" in text and f"{player}: lay " in text
    assert f"{player}: run " in text and "# 1870 §7.3 runs" in text
    assert "# done: not yet:" in text and "must run its trains first" in text
    lays = [line for line in lines if ": lay " in line]
    assert len({line.split()[2] for line in lays}) == len(lays)  # one line per hex
    _pastes_back(game, _action_lines(text))
    after = game.clone()
    after.act(next(line for line in lines if ": run " in line))
    if after.current_players() == [player] and after.state.operating.step == TurnStage.DIVIDEND:
        after.act("dividend withhold")
    later = _listing(after.title, after.state, player)
    assert f"{player}: done  # ends" in "\n".join(later)
    _pastes_back(after, _action_lines("\n".join(later)))


def test_legal_explains_a_company_without_trains(no_train_turn: Game[GameState]) -> None:
    game = no_train_turn
    player = game.current_players()[0]
    text = "\n".join(_listing(game.title, game.state, player))
    assert "has no train, so no run this turn" in text
    assert "# 1870 §7.5 trains" in text
    assert re.search(rf"^{player}: train \d+  # \$\d+ from the bank$", text, re.M)
    _pastes_back(game, _action_lines(text))


def test_a_train_bought_before_running_says_the_run_was_skipped(
    no_train_turn: Game[GameState], tmp_path: Path
) -> None:
    """§7/§7.4: a company without trains runs nothing and withholds (price left) once its
    turn moves on to buying trains; the train bought runs from its next turn."""
    path = tmp_path / "g.json"
    save_game(no_train_turn, path)
    sym = _operating(no_train_turn.state)
    listing = _listing(no_train_turn.title, no_train_turn.state, no_train_turn.current_players()[0])
    train = next(line.split(": ", 1)[1].split("  #")[0] for line in listing if ": train " in line)
    result = run("act", path, train)
    assert result.exit_code == 0
    assert f"{sym} has no train to run: its run and dividend are skipped" in result.stdout
    assert f"{sym} withholds 0" in result.stdout
    again = run("act", path, "run 0")
    assert again.exit_code == 2
    assert "1870 §7.3 run" in again.stderr and f"{sym}'s run is over this turn" in again.stderr
    assert "runs from its next turn" in again.stderr


def test_framework_errors_name_the_1870_section(no_train_turn: Game[GameState]) -> None:
    game = no_train_turn.clone()
    with pytest.raises(IllegalAction, match=r"1870 §7\.3 run\): .* has no train to run"):
        game.act("run 0")
    with pytest.raises(IllegalAction, match=r"1870 §7\.5 buying trains\): .*must buy a train"):
        game.act("done")


# -- the map ---------------------------------------------------------------------------------


def _hex_texts(svg: str, hex_label: str, css: str) -> list[str]:
    root = ET.fromstring(svg)
    return [
        "".join(element.itertext())
        for group in root.iter("{http://www.w3.org/2000/svg}g")
        if group.get("data-hex") == hex_label
        for element in group.iter()
        if element.get("class") == css and element.tag.endswith("text")
    ]


def test_the_map_shows_terrain_costs_on_printed_cities_and_whose_turn(tmp_path: Path) -> None:
    """§2.6: Springfield (E12) costs $60 for its first tile; the caption names who acts."""
    path = _new(tmp_path)
    out = tmp_path / "map.svg"
    assert run("status", path, "--png", out).exit_code == 0
    svg = out.read_text()
    assert _hex_texts(svg, "E12", "cost") == ["$60"]
    assert _hex_texts(svg, "H17", "cost") == ["$60"]  # Memphis
    assert "auction: Ann to act" in svg


def test_the_map_caption_names_the_operating_company(train_turn: Game[GameState]) -> None:
    from transcon.titles.t1870.game.render import overlay_1870

    game = train_turn
    caption = overlay_1870(game.title, game.state).caption  # type: ignore[arg-type]
    sym = _operating(game.state)
    assert f"{sym} operating, {game.current_players()[0]} to act" in caption


# -- rules and options -----------------------------------------------------------------------


def test_rules_and_the_rules_document_describe_each_option_alike() -> None:
    """One description per option: `rules 1870` prints it, docs/rules/1870.md quotes it."""
    printed = run("rules", "1870").stdout
    rows = {
        line.split("|")[1].strip().strip("`"): [c.strip() for c in line.split("|")[1:-1]]
        for line in (REPO / "docs/rules/1870.md").read_text().splitlines()
        if line.startswith("| `")
    }
    for spec in OPTIONS:
        assert spec.doc in printed
        _name, rule, default, _mayfair, doc, _notes = rows[spec.name]
        assert doc == spec.doc, spec.name
        assert f"1870 rules {rule}" == spec.rule
        assert default == str(spec.default).lower()
    assert "a run naming no routes is taken on trust" in rows["check_routes"][4]


# -- routes show -----------------------------------------------------------------------------


@needs_fixtures
def test_routes_show_a_finished_game_draws_the_map_and_lists_every_optimum(
    finished: Path, tmp_path: Path
) -> None:
    out = tmp_path / "end.svg"
    result = run("routes", "show", "--game", finished, "-o", out)
    assert result.exit_code == 0, result.output
    assert "the game is over: no company is operating" in result.stdout
    assert re.search(r"optimal runs now: .*GMO \d+", result.stdout)
    assert out.read_text().startswith("<svg")


def test_routes_show_a_company_without_trains_draws_the_map(
    no_train_turn: Game[GameState], tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    save_game(no_train_turn, path)
    sym = _operating(no_train_turn.state)
    out = tmp_path / "map.svg"
    result = run("routes", "show", "--game", path, "-o", out)
    assert result.exit_code == 0, result.output
    assert f"{sym} has no trains: no routes to draw" in result.stdout
    assert out.exists()


@needs_fixtures
def test_legal_names_the_rule_of_whatever_waits(finished: Path) -> None:
    """A protection offer (§6.4), a discard (§7.5) or a destination choice (§8.4) is listed
    under its rule, each line pasting back."""
    game = load_game(finished)
    waits = {"protect": "1870 §6.4 price protection", "discard": "1870 §7.5 buying trains"}
    waits["connect"] = "1870 §8 destinations"
    for verb, rule in waits.items():
        index = next(i for i, a in enumerate(game.log) if a.type == verb)
        before = game.replay()
        before.undo(len(game.log) - index)
        player = game.log[index].player
        lines = _listing(before.title, before.state, player)
        assert lines[0] == f"# {rule}", (verb, lines[:3])
        assert f"{player}: {game.format(game.log[index])}" in lines
        _pastes_back(before, _action_lines("\n".join(lines)))


def test_every_line_legal_prints_in_a_bot_game_pastes_back() -> None:
    """Over a whole 4-player builder-bot game (every third position), each action line the
    1870 listing prints is accepted by `act` as printed."""
    title = Title1870()
    names = ["Ann", "Bob", "Cy", "Dee"]
    game: Game[GameState] = Game.new(title, names, {}, 2)
    bots = {n: make_bot(title, "builder", bot_seed(2, "paste", n)) for n in names}
    kinds: set[str] = set()
    for index in range(3000):
        if game.is_over():
            break
        if index % 3 == 0:
            for player in game.current_players():
                lines = _action_lines("\n".join(_listing(title, game.state, player)))
                _pastes_back(game, lines)
                kinds.update(line.split()[1] for line in lines)
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
    assert game.is_over()
    every = {"buy", "bid", "par", "sell", "pass", "lay", "token", "run", "dividend", "train"}
    assert every | {"done"} <= kinds
