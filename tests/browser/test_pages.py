"""The pages: sign up, lobby, create with an invite link, join by it, profile settings."""

from __future__ import annotations

from playwright.sync_api import expect

from .driver import Seat


def test_sign_up_create_and_join_by_invite_link(seats: list[Seat]) -> None:
    ann, bob = (seat.sign_up() for seat in seats)
    game_id = ann.create_game("demo", options={"rounds": 2}, invite_only=True)
    link = ann.invite_link()
    assert link.endswith(f"/#join/{game_id}/" + link.rsplit("/", 1)[1])
    bob.page.goto(link)
    bob.page.wait_for_url(f"**/#game/{game_id}")
    expect(bob.page.locator("#turn")).to_be_visible()
    expect(ann.page.locator("#turn")).to_have_text("Your turn", timeout=10_000)
    assert not ann.errors and not bob.errors, ann.errors + bob.errors
