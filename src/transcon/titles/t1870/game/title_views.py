"""What a player sees of 1870 and how its bots choose (a base of
:class:`~transcon.titles.t1870.game.title.Title1870`): status notes, the PNG, the browser
client's views (:mod:`~transcon.titles.t1870.interaction`), and the bots' candidate lays,
tokens and runs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from transcon.core.interaction import Interaction, Panel, Played
from transcon.eighteen.framework.actions import LayTile, PlaceToken, RunRoutes
from transcon.eighteen.framework.rounds import RoundKind, TurnStage
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.operating import Track
from transcon.eighteen.framework.title import EighteenTitle
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.options import Options1870

if TYPE_CHECKING:
    from transcon.core.bots import BotFactory


class Views1870(EighteenTitle):
    """1870's presentation and bot hooks (see the module docstring)."""

    # -- presentation ----------------------------------------------------------------------

    def status_company_notes(self, state: GameState, sym: str) -> list[str]:
        """§8.4: the company's destination, and where its destination token went."""
        destination = self.spec(state).corp(sym).destination
        if not destination:
            return []
        reached = {
            "map": f"+ destination token on {destination}",
            "charter": f"(destination {destination} reached, its token kept on the charter)",
        }
        where = state_1870(state).connected.get(sym, "")
        return [reached.get(where, f"(destination {destination})")]

    def status_private_notes(self, state: GameState, private: str) -> list[str]:
        """§9.3/§9.4: where the cattle and port tokens are."""
        tokens = state_1870(state)
        if private == "SCC" and tokens.cattle:
            return [f"cattle token on {tokens.cattle}"]
        if private == "GSC" and tokens.port:
            return [f"{'closed' if tokens.port_closed else 'open'} port on {tokens.port}"]
        return []

    def render_png(self, state: GameState, path: Path) -> None:
        from transcon.titles.t1870.game.render import render_1870

        render_1870(self, state, path)

    # -- the browser client (interaction.py) ------------------------------------------------

    def board_svg(
        self,
        state: GameState,
        viewer: str | None,
        colour_blind: bool,
        labels: bool,
        played: Played | None = None,
    ) -> str:
        from transcon.titles.t1870.interaction import board_svg

        return board_svg(self, state, labels, played or Played())

    def choices(self, state: GameState, player: str) -> Interaction:
        from transcon.titles.t1870.interaction import choices

        return choices(self, state, player)

    def panels(self, state: GameState, viewer: str | None) -> list[Panel]:
        from transcon.titles.t1870.interaction import panels

        return panels(self, state)

    def hex_info(self, state: GameState, viewer: str | None, hex_id: str) -> list[str]:
        from transcon.titles.t1870.interaction import hex_info

        return hex_info(self, state, hex_id)

    def timeline_values(self, state: GameState, viewer: str | None) -> dict[str, float]:
        """Each player's value: cash plus shares at market price (plus privates)."""
        return {p.name: float(self.player_value(state, p.name)) for p in state.players}

    def round_label(self, state: GameState) -> str:
        from transcon.titles.t1870.interaction import round_label

        return round_label(state)

    # -- bots ----------------------------------------------------------------------------

    def bots(self) -> dict[str, BotFactory]:
        from transcon.titles.t1870.game.bots import BuilderBot, SeekerBot

        return {"builder": BuilderBot, "seeker": SeekerBot}

    def hook_bot_lays(self, state: GameState, sym: str, player: str) -> list[LayTile]:
        """Tile lays for bots: every fitting tile and rotation on the company's token hexes
        and their neighbours (new track need not join the network, see docs)."""
        from transcon.titles.t1870.game.reach import fitting_lays, lay_colour, nearby

        op = state.operating
        track = self.rounds[RoundKind.OPERATING].step_of(Track)
        assert isinstance(track, Track)
        if op.step > TurnStage.TRACK or track.next_slot(state, sym) is None:
            return []
        colors = self.phase(state).tiles
        out: list[LayTile] = []
        for hex_ in nearby(state.corps[sym].tokens):
            if hex_ in op.laid_hexes:
                continue
            if op.lays and hex_ in state.tiles:
                continue  # an upgrade is the first and only lay
            want = lay_colour(state, hex_, colors)
            if want is None:
                continue
            out.extend(
                LayTile(player=player, hex=hex_, tile=tile, rotation=rotation)
                for tile, rotation in fitting_lays(state, hex_, want)
            )
        return out

    def hook_bot_tokens(self, state: GameState, sym: str, player: str) -> list[PlaceToken]:
        """Tokens for bots: any city next to the company's tokens."""
        from transcon.titles.t1870.game.reach import city_hexes, nearby

        cities = set(city_hexes())
        return [
            PlaceToken(player=player, hex=h)
            for h in nearby(state.corps[sym].tokens)
            if h in cities or h in state.tiles
        ]

    def hook_bot_run(
        self, state: GameState, sym: str, player: str, *, connection: bool = False
    ) -> RunRoutes:
        """With ``check_routes``: the best run (route engine's optimiser; for a
        ``connection`` run one route joins home and destination), naming its routes.
        Otherwise a rough unnamed estimate: each train counts $20 for up to (1 + station
        tokens) stops."""
        from transcon.titles.t1870.game.runs import best_run

        if Options1870.view(state.options).check_routes:
            phase = self.phase(state).name
            revenue, routes, trains = best_run(state, sym, phase, connection=connection)
            return RunRoutes(player=player, revenue=revenue, routes=routes, trains=trains)
        corp = state.corps[sym]
        spec = self.spec(state)
        total = 0
        for train in corp.trains:
            distance = spec.train(train.rsplit("-", 1)[0]).distance or 99
            total += 20 * min(distance, 1 + len(corp.tokens))
        return RunRoutes(player=player, revenue=total)
