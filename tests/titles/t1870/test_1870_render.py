"""Drawing 1870 as an 18xx map (issues 6 item 8, 7 item 4): ``transcon status --png`` and
``transcon routes show`` (FIXTURE --action and --game)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from transcon.cli.main import app
from transcon.core.bots import bot_seed, make_bot
from transcon.core.game import Game
from transcon.core.savefile import save_game
from transcon.eighteen.framework.state import GameState
from transcon.titles.t1870.data import load_1870
from transcon.titles.t1870.fixture import load_fixture, recorded_runs
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.game.render import position_svg
from transcon.titles.t1870.oracle import game_run

SVG = "{http://www.w3.org/2000/svg}"
FIXTURES = Path(__file__).resolve().parents[3].parent / "shared/reference/18xx-games/fixtures/1870"
BANK = FIXTURES / "1870_game_end_bank.json"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _fixture(path: Path) -> Path:
    if not path.is_file():
        pytest.skip(f"fixture {path} is absent (shared/reference/18xx-games not checked out)")
    return path


def _classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == name]


@pytest.fixture(scope="module")
def bot_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _bot_game(tmp_path_factory.mktemp("bot"))


def _bot_game(tmp_path: Path) -> Path:
    """A builder-bot game stopped when the operating company can run for money."""
    title = Title1870()
    names = ["Ann", "Bob", "Cy"]
    game: Game[GameState] = Game.new(title, names, {}, 3)
    bots = {n: make_bot(title, "builder", bot_seed(3, "render", n)) for n in names}
    path = tmp_path / "game.json"
    for _ in range(2000):
        state = game.state
        op = state.operating
        if (
            state.round == "operating"
            and op.index < len(op.order)
            and state.corps[op.order[op.index]].trains
            and len(state.tiles) >= 6
        ):
            save_game(game, path)
            solution = game_run(path).solution
            if solution is not None and solution.revenue > 0:
                return path
        player = game.current_players()[0]
        game.apply(bots[player].choose(game, player))
    pytest.fail("the bots never ran a company for money")


def test_final_position_of_a_recorded_game_is_an_18xx_map(tmp_path: Path) -> None:
    position = recorded_runs(load_fixture(_fixture(BANK))).final.position
    svg = position_svg(position)
    root = ET.fromstring(svg)
    tiles = _classes(root, "tile")
    assert len(tiles) == len(position.tiles)  # laid and preprinted tiles
    laid = {t.get("data-tile") for t in tiles}
    assert {"63", "170", "171K", "172L"} <= laid  # brown and gray city tiles
    tokens = [t.get("data-company") for t in _classes(root, "token")]
    placed = [c for slots in position.tokens.values() for c in slots if c]
    placed += [c for extra in position.extra_tokens.values() for c in extra]
    assert sorted(tokens) == sorted(placed)
    assert len(_classes(root, "river")) == len(position.data.layer.river_partitions)
    assert len(_classes(root, "offboard-values")) == 4
    out = tmp_path / "final.png"
    from transcon.render import write_image

    write_image(svg, out)
    assert out.read_bytes().startswith(PNG_MAGIC) and out.stat().st_size > 50_000


def test_routes_show_fixture_writes_a_png_with_the_routes(tmp_path: Path) -> None:
    out = tmp_path / "tp.png"
    result = CliRunner().invoke(
        app, ["routes", "show", str(_fixture(BANK)), "--action", "1293", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "TP optimal 440" in result.output
    assert out.read_bytes().startswith(PNG_MAGIC) and out.stat().st_size > 50_000
    svg_out = tmp_path / "tp.svg"
    result = CliRunner().invoke(
        app, ["routes", "show", str(BANK), "--action", "1293", "-o", str(svg_out)]
    )
    root = ET.fromstring(svg_out.read_text(encoding="utf-8"))
    routes = _classes(root, "route")
    assert len(routes) > 10 and {r.get("stroke") for r in routes} == {"#e6194b"}
    legend = root.find(f"{SVG}g[@id='legend']")
    assert legend is not None
    assert [t.text for t in legend.iter(f"{SVG}text")] == ["8: N1-M6-J5-J3-B11-C18-M20-N17 = 440"]


def test_routes_show_game_draws_the_operating_company(tmp_path: Path, bot_save: Path) -> None:
    save = bot_save
    out = tmp_path / "run.png"
    result = CliRunner().invoke(app, ["routes", "show", "--game", str(save), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert " optimal " in result.output
    assert out.read_bytes().startswith(PNG_MAGIC) and out.stat().st_size > 20_000
    svg_out = tmp_path / "run.svg"
    result = CliRunner().invoke(app, ["routes", "show", "--game", str(save), "-o", str(svg_out)])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(svg_out.read_text(encoding="utf-8"))
    assert _classes(root, "route") and root.find(f"{SVG}g[@id='legend']") is not None
    png = tmp_path / "status.png"
    result = CliRunner().invoke(app, ["status", str(save), "--png", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes().startswith(PNG_MAGIC)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "the initial auction: no company is operating; name one with --company"),
        (["--company", "ATSF"], "ATSF has no station on the map: no routes to draw"),
    ],
)
def test_routes_show_game_without_a_run_draws_the_map(
    tmp_path: Path, args: list[str], message: str
) -> None:
    """Issue 12 item 7: no company operating (or one that cannot run) is no error."""
    fresh = tmp_path / "fresh.json"
    save_game(Game.new(Title1870(), ["Ann", "Bob"], {}, 1), fresh)
    out = tmp_path / "x.png"
    result = CliRunner().invoke(
        app, ["routes", "show", "--game", str(fresh), *args, "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert message in result.output
    assert out.read_bytes().startswith(PNG_MAGIC)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "{missing}"], "no such save file"),
        (["--game", "{save}", "--company", "XYZ"], "unknown company 'XYZ'"),
        ([], "give either FIXTURE --action ID or --game"),
    ],
)
def test_routes_show_game_bad_input(
    tmp_path: Path, args: list[str], message: str, request: pytest.FixtureRequest
) -> None:
    fresh = tmp_path / "fresh.json"
    save_game(Game.new(Title1870(), ["Ann", "Bob"], {}, 1), fresh)
    names = {"missing": str(tmp_path / "nope.json"), "fresh": str(fresh)}
    if "{save}" in args:
        names["save"] = str(request.getfixturevalue("bot_save"))
    argv = ["routes", "show", *(a.format(**names) for a in args), "-o", str(tmp_path / "x.png")]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "x.png").exists()


def test_status_png_of_a_new_game_shows_the_preprinted_board(tmp_path: Path) -> None:
    title = Title1870()
    game: Game[GameState] = Game.new(title, ["Ann", "Bob"], {}, 1)
    out = tmp_path / "new.svg"
    title.render_png(game.state, out)
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    tiles = _classes(root, "tile")
    labels = {info.label for info in load_1870().board}
    assert tiles and {t.get("data-tile") for t in tiles} <= labels  # preprinted only
    assert not _classes(root, "token") and not _classes(root, "route")
    assert len(_classes(root, "cost")) > 20  # terrain costs of the empty hexes
