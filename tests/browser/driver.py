"""A person at a browser: signs up, creates or joins a game, and plays by clicking what the
page offers (ringed hexes on the board, choice buttons, Confirm) — never by typing notation."""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

PASSWORD = "correct horse battery"
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
_numbers = itertools.count(1)


class Seat:
    def __init__(self, browser: Browser, base_url: str, name: str) -> None:
        self.name = f"{name}{next(_numbers)}"
        self.context = browser.new_context(base_url=base_url, viewport=DESKTOP)
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))

    def close(self) -> None:
        self.context.close()

    # -- accounts and lobby ------------------------------------------------------------------

    def sign_up(self) -> Seat:
        page = self.page
        page.goto("/#signup")
        page.fill("#auth-name", self.name)
        page.fill("#auth-password", PASSWORD)
        page.click("#auth-submit")
        expect(page.locator("#me")).to_have_text(self.name)
        return self

    def create_game(
        self,
        title: str,
        players: int = 2,
        options: dict[str, Any] | None = None,
        invite_only: bool = False,
    ) -> int:
        """Create a game from the lobby form (the other seats open for people)."""
        page = self.page
        page.goto("/#lobby")
        page.select_option("#new-title", title)
        page.fill("#new-players", str(players))
        page.dispatch_event("#new-players", "change")
        for seat in page.locator(".seat-kind").all():
            seat.select_option("")
        if options or invite_only:
            page.click("details.more > summary")
        for name, value in (options or {}).items():
            field = page.locator(f"#opt-{name}")
            if isinstance(value, bool):
                field.set_checked(value)
            elif field.evaluate("el => el.tagName") == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))
        if invite_only:
            page.check("#new-invite")
        page.click("#create")
        page.wait_for_url("**/#game/*")
        return int(page.url.rsplit("/", 1)[1])

    def invite_link(self) -> str:
        return str(self.page.locator("#invite-link").input_value())

    # -- the game page -----------------------------------------------------------------------

    def settled(self, seq: int = 0, timeout: float = 20) -> int:
        """Wait (never reloading) until the page shows action ``seq`` or a later one in full;
        returns the sequence number shown."""
        self.page.wait_for_function(
            """(n) => { const v = document.querySelector("#view > .page");
                return !!v && v.dataset.seq !== undefined && !v.dataset.refreshing
                    && Number(v.dataset.seq) >= n; }""",
            arg=seq,
            timeout=timeout * 1000,
        )
        return int(self.page.locator("#view > .page").get_attribute("data-seq") or 0)

    def showing(self, at: int) -> None:
        """Wait until the page shows the position after ``at`` actions (replay or now)."""
        self.page.wait_for_function(
            "(n) => document.querySelector('#view > .page')?.dataset.at === String(n)", arg=at
        )

    def my_turn(self) -> bool:
        return self.page.locator("#turn.hot").count() > 0

    def play_one(self, rng: random.Random, prefer: list[str] | None = None) -> int:
        """Make one action by clicking; returns its sequence number.

        ``prefer``: label texts to pick when offered (e.g. a title's cheap standard moves).
        """
        page = self.page
        before = self.settled()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            page.locator("#act:not(.busy)").wait_for()
            confirm = page.locator("#act button.confirm:not([disabled])")
            if confirm.count():
                confirm.first.click()
                break
            if not self._pick(rng, prefer or []):
                time.sleep(0.05)
        else:
            raise AssertionError(f"{self.name}: no action could be made by clicking")
        return self.accepted(before + 1)

    def accepted(self, seq: int) -> int:
        """Wait until the page shows action ``seq``; a refusal fails with the page's line."""
        self.page.wait_for_function(
            """(n) => { const v = document.querySelector("#view > .page");
                const refused = document.querySelector("#notice.error:not([hidden])");
                const shown = !!v && !v.dataset.refreshing && Number(v.dataset.seq) >= n;
                return refused || shown; }""",
            arg=seq,
            timeout=30_000,
        )
        refused = self.page.locator("#notice.error:not([hidden])")
        assert not refused.count(), f"{self.name}: refused: {refused.inner_text()}"
        return self.settled(seq)

    def build_by_path(self, game_id: int) -> tuple[int, int]:
        """Build track with the path tool: click its button, then hex after hex on the board,
        the cost quoted live, then Confirm. The hexes are those of a one-link build the
        server offers. Returns the quoted cost and the action's sequence number."""
        page = self.page
        offer = page.request.get(f"/api/games/{game_id}/choices").json()
        track = [c for c in offer["choices"] if c["group"] == "Track" and c["cost"] is not None]
        hexes = [pick["hex"] for pick in track[0]["picks"]]
        before = self.settled()
        page.click("#act button.tool")
        for count, hex_id in enumerate(hexes, start=1):
            page.locator(f'#board polygon.hex[data-hex="{hex_id}"]').click(force=True)
            expect(page.locator("#act .path-hexes")).to_have_text(" → ".join(hexes[:count]))
        expect(page.locator("#act .summary .cost")).to_have_text(f" cost {track[0]['cost']}")
        page.click("#act button.confirm")
        return int(track[0]["cost"]), self.accepted(before + 1)

    def _pick(self, rng: random.Random, prefer: list[str]) -> bool:
        page = self.page
        buttons = page.locator("#act button.pick").all()
        for wanted in prefer:
            for button in buttons:
                if button.get_attribute("data-label") == wanted:
                    button.click()
                    return True
        rings = page.locator("#board .pick-ring").all()
        selects = page.locator("#act select.compact").all()
        options: list[Any] = [*buttons, *rings, *selects]
        if not options:
            return False
        choice = rng.choice(options)
        if choice in selects:
            values = choice.locator("option").all()
            choice.select_option(values[rng.randrange(len(values))].get_attribute("value"))
            choice.locator("xpath=following-sibling::button").click()
        else:
            choice.click()
        return True


def start_game(seats: list[Seat], title: str, options: dict[str, Any] | None = None) -> int:
    """Ann creates the game in the lobby; Bob finds it under "Open" and joins."""
    ann, bob = (seat.sign_up() for seat in seats)
    game_id = ann.create_game(title, options=options)
    bob.page.goto("/#lobby")
    bob.page.click('[data-filter="open"]')
    bob.page.click(f'[data-game="{game_id}"] button.primary')
    bob.page.wait_for_url(f"**/#game/{game_id}")
    for seat in seats:
        seat.settled()
    return game_id


def play(
    seats: list[Seat], moves: int, seed: int, path_game: int | None = None
) -> tuple[int, list[int]]:
    """``moves`` actions made by clicking, by whoever is to move; after each, both pages show
    it without reloading (the live stream). With ``path_game`` (the game's id), the first time
    a path tool is offered the mover builds with it. Returns the last sequence number and the
    path builds' costs."""
    rng = random.Random(seed)
    seq = min(seat.settled() for seat in seats)
    paths: list[int] = []
    for _ in range(moves):
        mover = next((seat for seat in seats if seat.my_turn()), None)
        assert mover is not None, "nobody may move"
        if path_game and not paths and mover.page.locator("#act button.tool").count():
            cost, seq = mover.build_by_path(path_game)
            paths.append(cost)
        else:
            seq = mover.play_one(rng)
        for seat in seats:
            seat.settled(seq)
            expect(seat.page.locator(f'#log li[data-seq="{seq}"]')).to_have_count(1)
    return seq, paths
