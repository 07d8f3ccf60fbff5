"""Write a 1870 game of ours as an 18xx.games game file (``transcon export-18xx``).

The file has the shape 18xx.games records (``players``, ``settings`` with ``seed`` and
``optional_rules``, ``actions`` with ids, entities and types named as 18xx.games names them),
so :mod:`~transcon.titles.t1870.importer.replay` imports it back to the same game and the
18xx.games engine can replay it (``tools/oracle-18xx``).

Our log is replayed action by action. Most actions translate one to one; the differences:

* 18xx.games names concrete certificates (``MP_0`` is the president's, ``MP_1``..``MP_8``) and
  tile copies (``57-3``); :class:`ShareLedger` and :class:`TileCopies` keep track of them.
* 18xx.games closes each step of a company turn by a ``pass`` where the company could still
  act (lay a second tile, place a token, buy another train, buy a private); ours closes the
  steps by going on (or ``done``). :class:`TurnSteps` emits those passes.
* 18xx.games records its destination checks (at the start of each operating round, at
  the end of every company turn, and an empty one at the start of the other turns) as
  automatic ``destination_connection`` actions listing the companies that connect.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from transcon.core.errors import TransconError
from transcon.core.game import Game
from transcon.core.options import OptionValue
from transcon.core.title import Action
from transcon.eighteen.framework import actions as A
from transcon.eighteen.framework.depot import train_type
from transcon.eighteen.framework.state import GameState
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.game import actions as A1870
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.importer.options import MAYFAIR_1870, optional_rules, options_1870
from transcon.titles.t1870.importer.shares import Sale, ShareLedger

Raw = dict[str, Any]
TRANSCON_OPTIONS = "transcon_options"
"""Our option values, kept in ``settings`` so an import gives back the same game (options
such as Dixon's ledge have no 18xx.games optional rule; 18xx.games ignores the field)."""


def unsupported_options(options: Mapping[str, OptionValue]) -> list[str]:
    """Our options whose value no set of 18xx.games optional rules gives."""
    expected = options_1870(optional_rules(options))
    unused = {"check_routes", "best_run_on_demand"}
    if not options.get("finish_on_400"):
        unused.add("finish_turn_on_400")  # (only read with the $400 finish)
    return [
        key
        for key in MAYFAIR_1870
        if key not in unused and options.get(key, expected[key]) != expected[key]
    ] + (["best_run_on_demand"] if options.get("best_run_on_demand") else [])


@dataclass(slots=True)
class TileCopies:
    """18xx.games tile ids (``NAME-k``): which copy lies on which hex."""

    on_hex: dict[str, str] = field(default_factory=dict)
    missing: frozenset[str] = frozenset()
    """Copies the game does not have (18xx.games removes some for Dixon's tile counts)."""

    def lay(self, hex_: str, name: str) -> str:
        used = {tid for h, tid in self.on_hex.items() if h != hex_} | self.missing
        k = 0
        while f"{name}-{k}" in used:
            k += 1
        self.on_hex[hex_] = f"{name}-{k}"
        return self.on_hex[hex_]

    def city(self, hex_: str, index: int) -> str:
        """The 18xx.games city id (``TILE-k-CITY``; a preprinted hex's tile is ``HEX-0``)."""
        return f"{self.on_hex.get(hex_, hex_ + '-0')}-{index}"


MRBC = "MRBC"
DIXON_MISSING_COPIES = frozenset(
    [
        "4-0",
        "4-1",
        "7-0",
        "7-1",
        "8-0",
        "8-1",
        "9-0",
        "9-1",
        "9-2",
        "16-0",
        "17-0",
        "18-0",
        "19-0",
        "20-0",
        "25-0",
        "25-1",
        "26-0",
        "27-0",
        "28-0",
        "29-0",
        "141-0",
        "142-0",
        "40-0",
        "70-0",
        "145-0",
        "146-0",
        "147-0",
    ]
)
"""The tile copies 18xx.games removes for the original (Dixon) tile manifest: the others
keep their numbers."""
STEPS = ("track", "token", "route", "dividend", "train", "company")


class Exporter:
    """Translate one game of ours (see the module docstring)."""

    def __init__(self, game: Game[GameState], *, game_id: int | str | None = None) -> None:
        self.source = game
        title = game.title
        assert isinstance(title, Title1870)
        self.title: Title1870 = title
        self.game: Game[GameState] = Game.new(title, list(game.players), game.options, game.seed)
        self.ids = {name: i + 1 for i, name in enumerate(game.players)}
        self.shares = ShareLedger()
        self.shares.start(list(self.state.corps))
        dixon_tiles = game.options.get("tiles") == "dixon"
        self.tiles = TileCopies(missing=DIXON_MISSING_COPIES if dixon_tiles else frozenset())
        self.out: list[Raw] = []
        self.game_id = game_id if game_id is not None else game.seed
        self.step = 0
        """18xx.games' step of the current company turn (index in :data:`STEPS`)."""
        self.turn_corp = ""
        self.end_checked = False
        """This turn's end check is written (it found connection runs)."""
        self.turn_track: tuple[int, bool, bool] = (0, False, False)
        """This turn's (tile lays, upgraded, token placed), as 18xx.games counts them (our
        state may already show the next turn when the exporter closes this one)."""
        self.turn_key: tuple[int, int, int] = (0, 0, 0)
        """(stock rounds, operating round, index) of the company turn ``step`` belongs to."""
        self.sold: dict[str, list[int]] = {}
        """Company -> certificates sold this turn and waiting for price protection."""
        self.moves: list[tuple[str, list[int], str]] = []
        """Certificates the action being translated names: (company, numbers, new holder)."""
        self.presidents: dict[str, str] = {}
        """Each company's president before the action being translated."""
        self.sale: Sale | None = None
        """The sale the action being translated makes, if any."""
        self.reissued: dict[str, set[int]] = {}
        """Company -> the certificates of its last reissue (18xx.games ``buyable``)."""

    @property
    def state(self) -> GameState:
        return self.game.state

    # -- output ------------------------------------------------------------------------------

    def emit(self, type_: str, entity: str, entity_type: str, **fields: Any) -> Raw:
        raw: Raw = {"type": type_, "entity": entity, "entity_type": entity_type}
        if entity_type == "player":
            raw["entity"] = self.ids[entity]
        raw.update(fields)
        raw["id"] = len(self.out) + 1
        self.out.append(raw)
        return raw

    def document(self) -> Raw:
        players = [{"id": i, "name": name} for name, i in self.ids.items()]
        result = {}
        if self.source.is_over():
            result = {str(self.ids[p]): int(v) for p, v in self.source.result().items()}
        return {
            "id": self.game_id,
            "description": "exported by transcon",
            "title": "1870",
            "players": players,
            "min_players": len(players),
            "max_players": len(players),
            "settings": {
                "seed": self.source.seed,
                "optional_rules": optional_rules(self.source.options),
                TRANSCON_OPTIONS: dict(self.source.options),
            },
            "status": "finished" if self.source.is_over() else "active",
            "result": result,
            "game_end_reason": self.source.state.end_reason,
            "actions": self.out,
        }

    # -- driving -----------------------------------------------------------------------------

    def run(self) -> Raw:
        for action in self.source.log:
            self.translate(action)
            before_round = self.state.round
            self.game.apply(action)
            self.after(action, before_round)
        return self.document()

    def translate(self, action: Action) -> None:
        state = self.state
        p = action.player
        self.presidents = {sym: corp.president for sym, corp in state.corps.items()}
        self.sale = None
        if isinstance(action, A.Bid):
            self.emit("bid", p, "player", company=action.private, price=action.price)
        elif isinstance(action, A.Pass):
            self.emit("pass", p, "player")
        elif isinstance(action, A.Par):
            cell = self.title.market(state).par_cell(action.price)
            self.emit(
                "par",
                p,
                "player",
                corporation=action.corp,
                share_price=f"{action.price},{cell[0]},{cell[1]}",
            )
        elif isinstance(action, A.BuyShare):
            source = "ipo" if action.source == "ipo" else action.source
            numbers = self.shares.held(action.corp, source)
            if source == "treasury":  # a reissued one (later redemptions are not for sale)
                numbers = [i for i in numbers if i in self.reissued.get(action.corp, ())]
            number = numbers[0]
            # once sold, a reissued certificate redeemed back is not for sale (seed 1870012)
            self.reissued.get(action.corp, set()).discard(number)
            self.moves.append((action.corp, [number], p))
            self.emit("buy_shares", p, "player", **self.bundle(action.corp, [number]))
        elif isinstance(action, A1870.Protect):
            numbers = self.sold.pop(action.corp, [])
            self.moves.append((action.corp, numbers, p))
            self.emit("buy_shares", p, "player", **self.bundle(action.corp, numbers))
        elif isinstance(action, A.SellShares):
            self.sell(action)
        elif isinstance(action, A1870.Redeem):
            holder = "pool" if action.source == "pool" else action.source
            # 18xx.games offers the holder's first share (g_1870 ``redeemable_shares``)
            mine = self.shares.in_arrival_order(action.corp, holder)
            redeemed = [i for i in mine if i != 0][:1]
            self.moves.append((action.corp, redeemed, "treasury"))
            fields = self.bundle(action.corp, redeemed)
            self.emit("buy_shares", action.corp, "corporation", **fields)
        elif isinstance(action, A.BuyPrivate) and state.round == "stock":
            fields = {"company": action.private, "price": action.price}
            self.emit("buy_company", p, "player", **fields)
        elif isinstance(action, A1870.Reissue):
            numbers = self.shares.held(action.corp, "treasury")
            self.reissued[action.corp] = set(numbers)
            fields = self.bundle(action.corp, numbers)
            self.emit("sell_shares", action.corp, "corporation", **fields)
        else:
            self.translate_operating(action)

    def bundle(self, sym: str, numbers: list[int]) -> Raw:
        percent = sum(20 if i == 0 else 10 for i in numbers)
        return {"shares": self.shares.names(sym, numbers), "percent": percent}

    def sell(self, action: A.SellShares) -> None:
        numbers = self.shares.take(action.corp, action.player, action.count)
        if self.state.round == "operating":
            self.close_steps_before("train")
        self.sold.setdefault(action.corp, []).extend(numbers)
        self.moves.append((action.corp, numbers, "pool"))
        self.sale = (action.corp, action.player, numbers, action.count)
        fields = self.bundle(action.corp, numbers)
        fields["percent"] = 10 * action.count  # a president's certificate may be sold in half
        self.emit("sell_shares", action.player, "player", **fields)

    def translate_operating(self, action: Action) -> None:
        state = self.state
        op = state.operating
        data = state_1870(state)
        corp = data.connection or (self.title.current_corp(state) if op.order else "")
        if isinstance(action, A1870.Connect):
            self.emit("choose", action.corp, "corporation", choice=action.choice.capitalize())
        elif isinstance(action, A.LayTile):
            entity, kind = (action.private, "company") if action.private else (corp, "corporation")
            if not action.private:
                self.close_steps_before("track")
            counted = self.title.counts_as_a_lay(state, corp, action)
            if counted:
                lays, upgraded, tokened = self.turn_track
                upgraded = upgraded or action.hex in state.tiles
                self.turn_track = (lays + 1, upgraded, tokened)
            tile = self.tiles.lay(action.hex, action.tile)
            self.emit("lay_tile", entity, kind, hex=action.hex, tile=tile, rotation=action.rotation)
            if counted and not self.step_open(corp, "track"):
                # 18xx.games passes the track step at once when no lay is left: buying the
                # MRBC later does not open it again
                self.step = max(self.step, STEPS.index("track") + 1)
        elif isinstance(action, A.PlaceToken):
            self.close_steps_before("token")
            self.turn_track = (*self.turn_track[:2], True)
            self.emit(
                "place_token",
                corp,
                "corporation",
                city=self.tiles.city(action.hex, action.city),
                slot=0,
                tokener=corp,
            )
        elif isinstance(action, A.RunRoutes):
            self.run_routes(corp, action)
        elif isinstance(action, A.Dividend):
            revenue = data.connection_revenue if data.connection else op.revenue
            if revenue:  # a run of nothing: 18xx.games withholds by itself
                self.emit("dividend", corp, "corporation", kind=action.kind)
        elif isinstance(action, A.BuyTrain):
            self.close_steps_before("train")
            self.buy_train(corp, action)
        elif isinstance(action, A.DiscardTrain):
            self.emit("discard_train", action.corp, "corporation", train=action.train)
        elif isinstance(action, A.BuyPrivate):
            price = action.price
            self.emit("buy_company", corp, "corporation", company=action.private, price=price)
        elif isinstance(action, A.Assign):
            self.emit("assign", action.private, "company", target=action.hex, target_type="hex")
        elif isinstance(action, A.Done):
            # (a company that closes as it withholds has no train or company step)
            self.close_steps_before("route" if self.closes_on_withhold(corp) else None)
        elif isinstance(action, A.Bankrupt):
            # ours goes bankrupt at the train step, after the withhold of a company without
            # trains; 18xx.games takes it at any step, so its earlier steps are passed first
            self.close_steps_before("train")
            self.emit("bankrupt", corp, "corporation")
        else:
            raise ValueError(f"18xx.games has no equivalent of {action.type!r}")

    def run_routes(self, corp: str, action: A.RunRoutes) -> None:
        from transcon.titles.t1870.game.runs import realised_run

        self.close_steps_before("route")  # (a company closing as it withholds waits no more)
        if not action.routes:
            # no route: 18xx.games skips its run step when the company has no route to run
            # (``can_run_route?``), else (a connection run finding no route joining home and
            # destination, a run of 0 by choice) it waits for a run, which may be empty
            if self.title.hook_can_run(self.state, corp):
                self.emit("run_routes", corp, "corporation", routes=[], extra_revenue=0, subsidy=0)
            return
        phase = self.title.phase(self.state).name
        routes = realised_run(self.state, corp, phase, action.routes, action.trains)
        for route in routes:
            route["revenue_str"] = "-".join(route["hexes"])
        self.emit("run_routes", corp, "corporation", routes=routes, extra_revenue=0, subsidy=0)

    def buy_train(self, corp: str, action: A.BuyTrain) -> None:
        train, price = self.title.train_price(self.state, action, corp)
        fields: Raw = {"train": train, "price": price}
        if action.seller == "bank":
            name = train.rsplit("-", 1)[0] if "-" in train else train
            fields = {"train": f"{name}-{self.state.depot.get(name, 0)}", "price": price}
            fields["variant"] = name
        if action.exchange:
            fields["exchange"] = action.exchange
        self.emit("buy_train", corp, "corporation", **fields)

    def closes_on_withhold(self, corp: str) -> bool:
        from transcon.eighteen.framework.rounds import RoundKind
        from transcon.eighteen.framework.steps.purchases import EndTurn

        step = self.title.rounds[RoundKind.OPERATING].step_of(EndTurn)
        assert isinstance(step, EndTurn)
        return step.closes_on_withhold(self.state, corp)

    # -- company turn steps ------------------------------------------------------------------

    def close_steps_before(self, step: str | None, corp: str = "") -> None:
        """Pass every step before ``step`` (None: every step) where 18xx.games would wait."""
        target = STEPS.index(step) if step else len(STEPS)
        corp = corp or self.title.current_corp(self.state)
        while self.step < target:
            if self.step_open(corp, STEPS[self.step]):
                self.emit("pass", corp, "corporation")
            self.step += 1

    def step_open(self, corp: str, step: str) -> bool:
        """Whether 18xx.games would wait for the company in ``step`` (an action or a pass)."""
        state = self.state
        company = state.corps[corp]
        if step == "track":
            lays, upgraded, _ = self.turn_track
            return (
                not upgraded and lays < len(self.title.TILE_LAYS)
            ) or self.title.bridge_lay_waits(self.state, corp)
        if step == "token":
            cost = self.title.token_cost(state, corp)
            return (
                not self.turn_track[2]
                and cost is not None
                and cost <= company.cash
                and self.can_token(corp)
            )
        if step == "train":
            return self.can_buy_train(corp)
        if step == "company":
            return self.can_buy_private(corp) or self.token_private_unused(corp)
        return False  # route and dividend: the company acts or 18xx.games skips the step

    def can_token(self, corp: str) -> bool:
        for hex_ in self.title_token_hexes():
            try:
                self.title.check(self.state, A.PlaceToken(player=self.president(corp), hex=hex_))
            except TransconError:  # any refusal means "not here"
                continue
            return True
        return False

    def title_token_hexes(self) -> list[str]:
        from transcon.titles.t1870.game.routing import context_of

        state = self.state
        ctx = context_of(state, self.title.phase(state).name)
        graph = ctx.graph()
        label = ctx.position.data.board.label
        return sorted({label(s.hex) for s in graph.stops if s.slots})

    def president(self, corp: str) -> str:
        return self.state.corps[corp].president

    def can_buy_train(self, corp: str) -> bool:
        state = self.state
        company = state.corps[corp]
        if self.can_trade_in(corp):
            return True
        if len(company.trains) >= self.title.phase(state).train_limit:
            return False
        cheapest = self.title.cheapest_train(state)
        others = any(c.trains for s, c in state.corps.items() if s != corp and not c.closed)
        low = 1 if others else cheapest
        return low is not None and company.cash >= low

    def can_trade_in(self, corp: str) -> bool:
        """18xx.games' train step also waits for a company at its train limit that could pay
        for a bank train by trading one of its trains in (``can_buy_train?``:
        ``discountable_trains_for``, a D for a 4, 5 or 6 with diesels)."""
        company = self.state.corps[corp]
        kinds = {train_type(t) for t in company.trains}
        return any(
            kinds & set(offer.trade_in) and company.cash >= offer.price - offer.trade_in_discount
            for offer in self.title.depot_types(self.state)
        )

    def token_private_unused(self, corp: str) -> bool:
        """18xx.games' company step also waits for a pass while the company owns a private
        whose token it may still place (``BuyCompany#actions``: an active ability; the
        cattle token once, the port token twice: open, then closed)."""
        for sym in ("SCC", "GSC"):
            private = self.state.privates.get(sym)
            if private is None or private.closed or private.owner != "@" + corp:
                continue
            if sym == "GSC" or "token" not in private.used:
                return True
        return False

    def can_buy_private(self, corp: str) -> bool:
        state = self.state
        if self.title.phase(state).name == "1":
            # 18xx.games (g_1870 ``purchasable_companies``) offers MP and SSW the MRBC in
            # phase 1 whoever owns it, so the step waits while they could pay its minimum
            low, high = self.title.hook_private_price(state, corp, MRBC)
            return high >= low and state.corps[corp].cash >= low
        for sym, private in state.privates.items():
            if private.closed or not private.owner or private.owner.startswith("@"):
                continue
            low, high = self.title.hook_private_price(state, corp, sym)
            if high >= low and state.corps[corp].cash >= low:
                return True
        return False

    # -- after each action -------------------------------------------------------------------

    def after(self, action: Action, before_round: str) -> None:
        state = self.state
        for sym, numbers, holder in self.moves:
            self.shares.move(sym, numbers, holder)
        self.shares.follow_presidency(state, self.presidents, self.sale)
        self.moves.clear()
        self.shares.reconcile(state)
        data = state_1870(state)
        if not (data.protection or data.pending_sales):
            self.sold.clear()
        op = state.operating
        key = (state.stock_rounds, op.number, op.index)
        queue = state_1870(state).connection_queue
        if self.turn_corp and (state.round != "operating" or key != self.turn_key):
            self.close_turn(action)
            if not self.end_checked and not state.corps[self.turn_corp].closed:
                # (18xx.games makes no check at the end of a turn whose company closed)
                self.connection_check(self.turn_corp, [])
            self.turn_corp = ""
        elif self.turn_corp and state_1870(state).turn_ended and not self.end_checked:
            self.close_turn(action)  # the turn ended and its destination check found some
            self.connection_check(self.turn_corp, list(queue))
            self.end_checked = True
        if state.round != "operating" or key == self.turn_key:
            return
        self.turn_key = key
        self.turn_corp = self.title.current_corp(state)
        self.step = 0
        self.turn_track = (0, False, False)
        self.end_checked = False
        # the check at the start of each round's first turn (18xx.games checks all then)
        self.connection_check(self.turn_corp, list(queue) if op.index == 0 else [])

    def close_turn(self, action: Action) -> None:
        """Our engine ended the turn by itself (nothing left to do): 18xx.games may still
        wait for a pass in a step ours considers closed (not when the company closed)."""
        closed = self.state.corps[self.turn_corp].closed
        if not isinstance(action, A.Done | A.Bankrupt) and not closed and not self.ended_at_once():
            self.close_steps_before(None, self.turn_corp)

    def ended_at_once(self) -> bool:
        """The game ended in the middle of a turn (18xx.games' ``:immediate`` ends: $400,
        bankruptcy); only the bank's end waits for the last turn to end."""
        return self.state.round == "over" and self.state.end_reason != "bank"

    def connection_check(self, entity: str, corporations: list[str]) -> None:
        """18xx.games' destination check (at the start of each operating round and at the
        end of every company turn; an empty one at the start of the other turns), recorded
        as an automatic action of the last action: the companies that make their
        connection run now, in order."""
        if not self.out or self.ended_at_once():
            return
        check = {
            "type": "destination_connection",
            "entity": entity,
            "entity_type": "corporation",
            "corporations": corporations,
        }
        self.out[-1].setdefault("auto_actions", []).append(check)


def export_game(game: Game[GameState]) -> Raw:
    """Our 1870 game as an 18xx.games game file (a JSON-able dict)."""
    return Exporter(game).run()
