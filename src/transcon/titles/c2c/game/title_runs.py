"""18C2C's runs on the 18xx framework (a mixin of
:class:`~transcon.titles.c2c.game.title.TitleC2C`): named routes checked and valued by the
route engine with D trains (seed 001 3i), the optimiser's best run, transcontinental proofs
(3k) and the price moves of D variant 3m."""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.core.title import ActionContext
from transcon.eighteen.framework.actions import RunRoutes
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.routes import RouteError
from transcon.titles.c2c.game import track
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.game.title_base import C2CBase
from transcon.titles.c2c.market import columns_right, move_right

RULE_RUN = "18C2C rules 4.7.3 runs"


class RunsC2C(C2CBase):
    """Runs, dividends and price moves of 18C2C (see the module docstring)."""

    def hook_check_run(self, state: GameState, sym: str, action: RunRoutes) -> None:
        """Each route named is checked and valued by the route engine (D trains double the
        corporation's own stations, seed 001 3i); the revenue must be their sum."""
        from transcon.eighteen.named_runs import check_named_run
        from transcon.titles.c2c.game.routing import context_of

        if not action.routes:
            if action.revenue:
                raise IllegalAction(RULE_RUN, "a run names its routes (run REVENUE STOPS ...)")
            return
        ctx = context_of(state, self.setup, self.phase(state).name)
        owned = state.corps[sym].trains
        try:
            value = check_named_run(ctx, sym, owned, action.routes, action.trains, RULE_RUN)
        except RouteError as err:
            raise IllegalAction(f"18C2C rules 4.7.3 {err.rule}", err.message) from None
        if value != action.revenue:
            raise IllegalAction(
                RULE_RUN, f"the routes named are worth {value}, not {action.revenue}"
            )

    def best_run(
        self, state: GameState, sym: str
    ) -> tuple[int, tuple[tuple[str, ...], ...], tuple[str, ...]]:
        """The optimiser's best run of ``sym``'s trains now: revenue, routes, trains
        (memoised per position)."""
        from transcon.eighteen.named_runs import best_named_run
        from transcon.titles.c2c.game.routing import context_of

        ctx = context_of(state, self.setup, self.phase(state).name)
        key = ("best run", sym, tuple(state.corps[sym].trains))
        got = ctx.memo.get(key)
        if got is None:
            got = ctx.memo[key] = best_named_run(ctx, sym, state.corps[sym].trains)
        return got  # type: ignore[return-value]

    def transcontinental_proof(self, state: GameState, sym: str) -> str:
        """A route proving ``sym`` could run coast to coast with one of its trains (D trains
        unfolded, D variant 3k) as its stops, or "" when there is none (memoised per
        position)."""
        from transcon.eighteen.bridge import train_of
        from transcon.titles.c2c.game.routing import coasts_within_reach, context_of
        from transcon.titles.c2c.routes import transcontinental

        ctx = context_of(state, self.setup, self.phase(state).name)
        owned = tuple(state.corps[sym].trains)
        key = ("transcontinental", sym, tuple(t.rsplit("-", 1)[0] for t in owned))
        got = ctx.memo.get(key)
        if got is None:
            board = track.map_of(self.setup)[0].board
            got = ""
            if coasts_within_reach(ctx, board, sym):
                graph = ctx.graph()
                proof = transcontinental(board, graph, sym, [train_of(t) for t in owned])
                if proof is not None:
                    got = ",".join(graph.stops[s].sig for s in proof.route.stops)
            ctx.memo[key] = got
        assert isinstance(got, str)
        return got

    def price_moves(self, state: GameState, sym: str, ctx: ActionContext, **seen: int) -> None:
        """D variant 3m: note what moves ``sym``'s price right this operating round
        (``dividend``: a full dividend paid, ``transcontinental``: runs, ``destination``: the
        dividend is a destination run's) and move it to the columns ``columns_right`` gives
        for all of it (a public corporation: one for a dividend and/or transcontinental run)."""
        corp = state.corps[sym]
        if corp.cell is None:
            return
        moves = c2c_data(state).or_moves.setdefault(sym, {})
        for what, count in seen.items():
            moves[what] = moves.get(what, 0) + count
        columns = columns_right(
            c2c_data(state).charter(sym).kind,
            full_dividend=moves.get("dividend", 0),
            transcontinental_runs=moves.get("transcontinental", 0),
            shells_with_trains=self.shells_with_trains(state, sym),
            destination_run=bool(moves.get("destination")),
            opts=self.options_of(state),
        )
        extra = columns - moves.get("moved", 0)
        if extra > 0:
            moves["moved"] = columns
            self.move_to(state, sym, move_right(self.market(state), corp.cell, extra), ctx)

    def shells_with_trains(self, state: GameState, sym: str) -> int:
        """Train shells holding a train: a public corporation has one, a merger corporation
        two, among which its trains move freely (base rules 4.8.3 "train shuffling", assumed),
        so two trains fill both."""
        return min(2 if self.is_merger(state, sym) else 1, len(state.corps[sym].trains))

    def pay_dividend(
        self, state: GameState, sym: str, revenue: int, kind: str, ctx: ActionContext
    ) -> None:
        """The framework's dividends; a full payout moves the price right as D variant 3m
        says (with a transcontinental run this OR: see :meth:`price_moves`)."""
        if kind != "payout":
            super().pay_dividend(state, sym, revenue, kind, ctx)
            return
        self.distribute(state, sym, revenue, ctx)
        if revenue:
            self.price_moves(state, sym, ctx, dividend=revenue)

    def hook_bot_run(self, state: GameState, sym: str, player: str) -> RunRoutes:
        revenue, routes, trains = self.best_run(state, sym)
        return RunRoutes(player=player, revenue=revenue, routes=routes, trains=trains)
