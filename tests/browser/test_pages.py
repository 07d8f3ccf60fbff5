"""The pages around play: sign up, invite links, the profile, undo, shortcuts, zoom, live
updates after a network loss."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from .driver import Seat, start_game


def test_sign_up_create_and_join_by_invite_link(seats: list[Seat]) -> None:
    ann, bob = (seat.sign_up() for seat in seats)
    game_id = ann.create_game("demo", options={"rounds": 2}, invite_only=True)
    link = ann.invite_link()
    assert f"/#join/{game_id}/" in link
    bob.page.goto("/#lobby")
    bob.page.click('[data-filter="open"]')
    expect(bob.page.locator(f'[data-game="{game_id}"]')).to_have_count(0)  # invite only
    bob.page.goto(link)
    bob.page.wait_for_url(f"**/#game/{game_id}")
    expect(ann.page.locator("#turn")).to_have_text("Your turn", timeout=10_000)
    expect(bob.page.locator("#turn")).to_contain_text("to move")
    ann.page.goto("/#lobby")
    ann.page.click('[data-filter="my-turn"]')
    expect(ann.page.locator(f'[data-game="{game_id}"] .badge')).to_have_text("your turn")
    assert not ann.errors and not bob.errors, ann.errors + bob.errors


def test_a_game_with_a_bot_starts_at_once_and_the_bot_moves(seats: list[Seat]) -> None:
    ann = seats[0].sign_up()
    page = ann.page
    page.goto("/#lobby")
    page.select_option("#new-title", "demo")
    page.select_option('.seat-kind[data-seat="2"]', "random")
    page.click("#create")
    page.wait_for_url("**/#game/*")
    ann.settled()
    ann.play_one(random.Random(1), prefer=["roll"])
    ann.play_one(random.Random(1), prefer=["pass"])
    # The bot (seat 2) moves by itself; the page shows its actions live.
    expect(page.locator("#log")).to_contain_text("Bot 1", timeout=15_000)


def test_pinch_zooms_the_board(seats: list[Seat]) -> None:
    start_game(seats, "demo")
    stage = seats[0].page.locator("#board .board-stage")
    before = seats[0].page.locator("#board svg").get_attribute("viewBox")
    touch = {"pointerType": "touch", "isPrimary": True, "bubbles": True}
    stage.dispatch_event("pointerdown", {**touch, "pointerId": 1, "clientX": 300, "clientY": 300})
    stage.dispatch_event("pointerdown", {**touch, "pointerId": 2, "clientX": 400, "clientY": 300})
    stage.dispatch_event("pointermove", {**touch, "pointerId": 2, "clientX": 500, "clientY": 300})
    stage.dispatch_event("pointerup", {**touch, "pointerId": 1})
    stage.dispatch_event("pointerup", {**touch, "pointerId": 2})
    after = seats[0].page.locator("#board svg").get_attribute("viewBox")
    width = lambda box: float(str(box).split()[2])  # noqa: E731
    assert width(after) == pytest.approx(width(before) / 2, rel=0.01)


def test_profile_keeps_notice_settings_and_display_preferences(seats: list[Seat]) -> None:
    ann = seats[0].sign_up()
    page = ann.page
    page.click('[data-nav="profile"]')
    page.fill("#profile-webhook", "http://127.0.0.1:9/hook")
    page.fill("#profile-email", "ann@example.org")
    page.click("#profile-save")
    expect(page.locator("#notice")).to_have_text("Settings saved.")
    page.check("#pref-colourBlind")
    page.reload()
    expect(page.locator("#profile-webhook")).to_have_value("http://127.0.0.1:9/hook")
    expect(page.locator("#profile-email")).to_have_value("ann@example.org")
    expect(page.locator("#pref-colourBlind")).to_be_checked()
    assert page.evaluate("document.body.classList.contains('cb')")
    page.fill("#profile-webhook", "ftp://nowhere")
    page.click("#profile-save")
    expect(page.locator("#notice")).to_contain_text("webhook")  # the server's one line


def test_undo_shortcuts_zoom_and_live_after_network_loss(seats: list[Seat]) -> None:
    start_game(seats, "demo", {"rounds": 2})
    ann, bob = seats
    page = ann.page
    rng = random.Random(5)
    # Ann rolls, then builds; her build (no dice, nothing hidden) can be taken back.
    ann.play_one(rng, prefer=["roll"])
    while ann.my_turn() and "pass" not in page.locator("#act").inner_text():
        ann.play_one(rng)
    seq = ann.play_one(rng, prefer=[label for label in _labels(ann) if label != "pass"])
    bob.settled(seq)
    page.click("#undo")
    expect(page.locator("#log")).to_contain_text("takes back 1 action")
    bob.settled(seq + 1)  # Bob sees the undo live
    # "?" shows the shortcuts; zoom by keys and wheel changes what the board shows.
    page.keyboard.press("?")
    expect(page.locator("#help")).to_be_visible()
    expect(page.locator("#help-keys")).to_contain_text("zoom in")
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()
    before = page.locator("#board svg").get_attribute("viewBox")
    page.keyboard.press("+")
    zoomed = page.locator("#board svg").get_attribute("viewBox")
    assert zoomed != before
    page.locator("#board .board-stage").hover()
    page.mouse.wheel(0, 300)  # drawn when the wheel pauses
    expect(page.locator("#board svg")).not_to_have_attribute("viewBox", str(zoomed))
    page.keyboard.press("0")
    assert page.locator("#board svg").get_attribute("viewBox") == before
    # Bob's network goes away while Ann moves; when it is back his page catches up from the
    # last action it showed, without a reload.
    bob.context.set_offline(True)
    expect(bob.page.locator("#live-state")).to_contain_text("offline")
    moved = ann.play_one(rng)
    bob.page.wait_for_timeout(500)
    expect(bob.page.locator(f'#log li[data-seq="{moved}"]')).to_have_count(0)
    bob.context.set_offline(False)
    bob.settled(moved)
    expect(bob.page.locator(f'#log li[data-seq="{moved}"]')).to_have_count(1)
    expect(bob.page.locator("#live-state")).to_contain_text("live")
    assert not ann.errors and not bob.errors, ann.errors + bob.errors


def _labels(seat: Seat) -> list[str]:
    return [
        str(button.get_attribute("data-label"))
        for button in seat.page.locator("#act button.pick").all()
    ]


def test_a_refused_action_says_why_in_one_line_and_the_page_catches_up(
    seats: list[Seat],
) -> None:
    game_id = start_game(seats, "demo")
    ann = seats[0]
    page = ann.page
    # Ann's page stops hearing the live stream; meanwhile she acts from another device.
    ann.context.route("**/stream*", lambda route: route.abort())
    page.reload()
    ann.settled()
    status = page.evaluate(
        """async (id) => {
            const me = await (await fetch("/api/accounts/me")).json();
            const reply = await fetch(`/api/games/${id}/actions`, {
                method: "POST",
                headers: {"Content-Type": "application/json", "X-CSRF-Token": me.csrf},
                body: JSON.stringify({after: 0, action: "roll"}),
            });
            return reply.status;
        }""",
        game_id,
    )
    assert status == 200
    # The stale page still offers the roll; confirming it is refused: one line, then the
    # page shows the new position.
    page.click('#act button.pick[data-label="roll"]')
    page.click("#act button.confirm")
    expect(page.locator("#notice")).to_contain_text("moved on")
    assert "\n" not in page.locator("#notice").inner_text()
    ann.settled(1)
    expect(page.locator('#log li[data-seq="1"]')).to_have_count(1)
