"""Two people play each title in two browsers by clicking, and see each other's moves live.

Each test also writes screenshots of the game page at desktop and phone sizes to
build/screenshots/ (see conftest.py).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Error, Response, expect

from .driver import DESKTOP, PHONE, Seat, play, start_game

MOVES = 10


def screenshots(seat: Seat, folder: Path, title: str) -> None:
    page = seat.page
    page.screenshot(path=str(folder / f"{title}-desktop.png"))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    page.screenshot(path=str(folder / f"{title}-phone.png"))
    page.screenshot(path=str(folder / f"{title}-phone-full.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def no_page_errors(seats: list[Seat]) -> None:
    for seat in seats:
        assert not seat.errors, f"{seat.name}: {seat.errors}"


def test_demo_played_by_clicking_with_replay_and_colour_blind_letters(
    seats: list[Seat], screenshots_dir: Path
) -> None:
    start_game(seats, "demo", {"rounds": 3})
    ann = seats[0]
    last, _ = play(seats, MOVES, seed=1)
    assert last >= MOVES
    # The one to move sees the mark in the tab's title; a turn coming to you rang the bell.
    mover, waiter = (ann, seats[1]) if ann.my_turn() else (seats[1], ann)
    assert mover.page.title().startswith("● Your turn")
    assert not waiter.page.title().startswith("●")
    assert int(mover.page.evaluate("document.body.dataset.turnAlerts || 0")) >= 1
    # Hovering a hex shows what is there (from the server's hex endpoint).
    page = ann.page
    box = page.locator("#board svg").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] * 0.35, box["y"] + box["height"] * 0.35)
    page.mouse.move(box["x"] + box["width"] * 0.36, box["y"] + box["height"] * 0.36)
    expect(page.locator(".hex-tip")).to_be_visible()
    expect(page.locator(".hex-tip")).not_to_be_empty()
    # Hex labels on demand.
    page.check("#toggle-labels")
    ann.settled()
    # The replay scrubber shows an earlier position, read only.
    page.locator("#scrub").fill("2")
    expect(page.locator("#replay-banner")).to_contain_text("after action 2 of")
    ann.showing(at=2)
    expect(page.locator("#log li.later")).to_have_count(last - 2)
    page.click("#replay-now")
    ann.showing(at=last)
    # Colour-blind mode writes owners' letters on the track.
    page.check("#toggle-cb")
    page.wait_for_function("() => document.querySelector('#track-letters text') !== null")
    screenshots(ann, screenshots_dir, "demo")
    no_page_errors(seats)


@pytest.mark.parametrize("title", ["railway-rivals-usa", "1870"], ids=["rr", "1870"])
def test_title_played_by_clicking(seats: list[Seat], screenshots_dir: Path, title: str) -> None:
    game_id = start_game(seats, title)
    _, paths = play(seats, MOVES, seed=2, path_game=game_id)
    if title == "railway-rivals-usa":
        assert paths, "no track was built with the path tool"
    screenshots(seats[0], screenshots_dir, title)
    no_page_errors(seats)


def _secrets_of(seat: Seat, game_id: int) -> set[str]:
    """The barons dealt to ``seat`` (ids and names), read from their own view and panel."""
    view = seat.page.request.get(f"/api/games/{game_id}").json()["view"]
    mine = view["pl"][seat.name]
    ids = {card for card in mine["east_dealt"] + mine["west_dealt"] if card != "?"}
    panel = seat.page.locator("#panels").inner_text()
    names = set(re.findall(r"\b[EW]B\d+ ([A-Z][a-z]+(?: [A-Z][a-z]+)+)", panel))
    assert ids and names, (ids, panel)
    return ids | names


def test_rotw_played_by_clicking_and_barons_stay_secret(
    seats: list[Seat], screenshots_dir: Path
) -> None:
    ann, bob = seats
    bodies: list[str] = []
    bob.context.on("response", lambda reply: _keep_body(reply, bodies))
    # The small built-in map: the barons are the point here (and the test stays quick).
    game_id = start_game(seats, "rotw-east-west", {"map": "rotw-mini"})
    _, paths = play(seats, MOVES, seed=3, path_game=game_id)
    assert paths, "no track was built with the path tool"
    secrets = _secrets_of(ann, game_id)
    bob.settled()
    seen_by_bob = [bob.page.content(), *bodies]
    for secret in secrets:
        pattern = re.compile(rf"\b{re.escape(secret)}\b")
        for text in seen_by_bob:
            found = pattern.search(text)
            assert found is None, f"{secret}: …{text[found.start() - 200 : found.end() + 80]}…"
    screenshots(ann, screenshots_dir, "rotw-east-west")
    no_page_errors(seats)


def _keep_body(reply: Response, bodies: list[str]) -> None:
    """Every body of this game the page received (the live stream is checked through the
    page's log; the title list's rule texts name barons as examples)."""
    if "/api/games/" not in reply.url or "/stream" in reply.url:
        return
    try:
        bodies.append(reply.text())
    except Error:  # a body already gone (redirect, aborted)
        return


@pytest.mark.slow
def test_1870_played_into_an_operating_round_lays_a_tile_by_clicking(seats: list[Seat]) -> None:
    """Long (about 50 actions): through the auction and a stock round until a company lays a
    tile, which is a hex clicked on the board, then the tile and its rotation."""
    start_game(seats, "1870")
    rng = random.Random(7)
    for _ in range(120):
        mover = next(seat for seat in seats if seat.my_turn())
        seq = mover.play_one(rng, prefer=["pass"] if rng.random() < 0.3 else None)
        for seat in seats:
            seat.settled(seq)
        entry = mover.page.locator(f'#log li[data-seq="{seq}"]').inner_text()
        if "(lay " in entry:
            break
    else:
        raise AssertionError("no tile was laid in 120 actions")
    no_page_errors(seats)
