"""Replay a game recorded by 18xx.games with our 1870 engine.

The recorded log is first filtered for undo/redo (the route engine's reader,
:func:`transcon.titles.t1870.fixture.effective_actions`); each surviving action and its
``auto_actions`` (programmed passes and purchases) is translated into our actions and applied.
18xx.games ends turns implicitly where our engine wants an explicit ``pass`` (stock round) or
``done`` (company turn); the importer inserts those when the recorded log moves on to another
entity. A recorded company ``pass`` in an operating round only closes a step, which our steps
close by themselves, so it needs no action of ours.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from transcon.core.errors import IllegalAction, InputError, TransconError
from transcon.core.game import Game
from transcon.core.title import Action
from transcon.eighteen.framework import actions as A
from transcon.eighteen.framework.state import GameState
from transcon.titles.t1870.fixture import effective_actions, load_fixture
from transcon.titles.t1870.game import Title1870
from transcon.titles.t1870.game import actions as A1870
from transcon.titles.t1870.game.state import state_1870
from transcon.titles.t1870.importer.options import options_1870
from transcon.titles.t1870.importer.shares import CERTS, ShareLedger

Raw = dict[str, Any]
RunObserver = Callable[[Raw, GameState], None]
TURN_END = "turn_end"
"""Mark of a recorded action after which 18xx.games checked destinations (a turn ended)."""
SKIPPED = frozenset(
    {
        "program_share_pass",
        "program_buy_shares",
        "program_disable",
        "message",
        "destination_connection",
        "end_game",
        "undo",
        "redo",
    }
)


@dataclass(slots=True)
class ImportReport:
    """Outcome of an import (``as_dict`` is the ``--json`` output)."""

    actions: int = 0
    accepted: int = 0
    applied: int = 0
    inserted: int = 0
    ours: dict[str, int] = field(default_factory=dict)
    recorded: dict[str, int] = field(default_factory=dict)
    finished: bool = False
    end_reason: str = ""
    recorded_end_reason: str = ""
    divergence: dict[str, Any] | None = None

    @property
    def result_matches(self) -> bool:
        return self.finished and self.ours == self.recorded

    def as_dict(self) -> dict[str, Any]:
        return {
            "actions": self.actions,
            "accepted": self.accepted,
            "our_actions": self.applied,
            "inserted_turn_ends": self.inserted,
            "finished": self.finished,
            "end_reason": self.end_reason,
            "recorded_end_reason": self.recorded_end_reason,
            "result_matches": self.result_matches,
            "ours": self.ours,
            "recorded": self.recorded,
            "divergence": self.divergence,
        }


class Importer:
    """Translate and apply one recorded game (see the module docstring)."""

    def __init__(
        self, raw: Raw, *, check_routes: bool = False, on_run: RunObserver | None = None
    ) -> None:
        self.raw = raw
        self.on_run = on_run
        """Called with each recorded ``run_routes`` and our state just before it is applied
        (the route oracle). With an observer, a run whose recorded routes our engine refuses
        is applied as its recorded revenue without routes: the observer reports the refusal
        and the replay goes on."""
        self.names = {int(p["id"]): str(p["name"]) for p in raw["players"]}
        settings = raw.get("settings") or {}
        self.options = options_1870(settings.get("optional_rules") or [], check_routes=check_routes)
        exported = settings.get("transcon_options")  # written by our export-18xx
        if isinstance(exported, dict):
            self.options = dict(exported)
        self.title = Title1870()
        self.game: Game[GameState] = Game.new(
            self.title, list(self.names.values()), self.options, int(settings.get("seed") or 0)
        )
        self.tile_hex: dict[str, str] = {}
        self.trains: dict[str, str] = {}
        self.shares = ShareLedger()
        self.shares.start(list(self.state.corps))
        """Who holds each recorded certificate (as the exporter follows them)."""
        self.closed_after: dict[int, list[str]] = {}
        """Recorded action id -> companies our engine closed while applying it."""
        self.report = ImportReport(recorded_end_reason=str(raw.get("game_end_reason", "")))
        result = raw.get("result") or {}
        unknown = [k for k in result if not k.isdigit() or int(k) not in self.names]
        if unknown:
            raise InputError(f"result names unknown player {unknown[0]!r}")
        self.report.recorded = {self.names[int(k)]: int(v) for k, v in result.items()}

    @property
    def state(self) -> GameState:
        return self.game.state

    # -- driving -----------------------------------------------------------------------------

    def stream(self) -> list[Raw]:
        """Effective recorded actions with their auto-actions expanded, in order."""
        out: list[Raw] = []
        for raw in effective_actions(self.raw["actions"]):
            autos = raw.get("auto_actions") or []
            if any(a.get("type") == "destination_connection" for a in autos):
                raw = {**raw, TURN_END: True}  # 18xx.games checks destinations at turn ends
            out.append(raw)
            for auto in raw.get("auto_actions") or []:
                out.append({**auto, "id": raw.get("id"), "auto": True})
        return [a for a in out if a.get("type") not in SKIPPED]

    def run(self) -> ImportReport:
        stream = self.stream()
        self.report.actions = len(stream)
        closed = self._closed()
        for index, raw in enumerate(stream):
            following = stream[index + 1] if index + 1 < len(stream) else None
            if self.game.is_over():
                if raw.get("type") == "pass":
                    self.report.accepted += 1  # a step closed by 18xx.games after our end
                    continue
                self._diverge(raw, "our game is already over")
                break
            try:
                self.feed(raw, following)
            except TransconError as err:
                self._diverge(raw, str(err))
                break
            self.report.accepted += 1
            now = self._closed()
            if now - closed:
                self.closed_after.setdefault(int(raw.get("id") or -1), []).extend(
                    sorted(now - closed)
                )
            closed = now
        else:
            self.finish()
        self.report.ours = {k: int(v) for k, v in self.game.result().items()}
        self.report.finished = self.game.is_over()
        self.report.end_reason = self.state.end_reason
        return self.report

    def _closed(self) -> set[str]:
        return {sym for sym, corp in self.state.corps.items() if corp.closed}

    def finish(self) -> None:
        """Close the last company turn if the recorded game stopped inside it."""
        for _ in range(len(self.state.corps) * 4):  # the remaining turns of the round
            if self.state.round != "operating" or self.game.is_over():
                return
            sym = self.title.current_corp(self.state)
            filler = self._skipped_run(sym) or A.Done(player=self.state.corps[sym].president)
            if not self.game.is_legal(filler):
                return
            self._apply(filler, inserted=True)

    def _diverge(self, raw: Raw, why: str) -> None:
        self.report.divergence = {
            "id": raw.get("id"),
            "recorded": {k: v for k, v in raw.items() if k not in ("created_at", "auto_actions")},
            "reason": why,
            "our_state": self.title.describe_status(self.state).splitlines()[:1],
            "to_act": self.game.current_players(),
        }

    def _apply(self, action: Action, *, inserted: bool = False) -> None:
        self.game.apply(action)
        self.report.applied += 1
        if inserted:
            self.report.inserted += 1
            self.shares.reconcile(self.state)

    def feed(self, raw: Raw, following: Raw | None = None) -> None:
        """Translate one recorded action and apply it (inserting turn ends as needed).
        ``following`` is the next recorded action: a company's ``pass`` followed by another
        entity's action ends the company's turn."""
        action = self.prepare(raw)
        if self.on_run is not None and raw.get("type") == "run_routes":
            self.on_run(raw, self.state)
        if action is not None:
            before = self._snapshot_trains(raw)
            presidents = {sym: corp.president for sym, corp in self.state.corps.items()}
            self._apply(action)
            self._after(raw, action, before, presidents)
        if following is not None and (raw.get(TURN_END) or action is None):
            self._end_passed_turn(raw, following)

    def prepare(self, raw: Raw) -> Action | None:
        """Apply the turn ends our engine needs before ``raw`` and return its translation
        (None when it needs no action of ours); raises with our engine's reason when it is
        refused. Preparing twice is harmless (the second finds nothing to insert)."""
        action = self.translate(raw)
        if action is None:
            return None
        if isinstance(action, A.Pass) and self.state.round == "operating" and not self._sales():
            op = self.state.operating
            later = [s for s in op.order[op.index + 1 :] if not self.state.corps[s].closed]
            if not (op.number == op.of and not later):
                return None  # a programmed stock-round pass that our engine no longer needs
        if (
            isinstance(action, A.Pass)
            and action.player not in self.game.current_players()
            and not self._ends_pending_turn(action.player)
        ):
            return None  # our engine already ended this player's turn (no action needed)
        for _ in range(12):  # turn ends and skipped runs of several companies
            if self._wrong_corp(raw, action):
                filler = self.turn_end_for(action, raw)
                if filler is None:
                    break
                self._apply(filler, inserted=True)
                action = self.translate(raw) or action
                continue
            if self.game.is_legal(action):
                return action
            unnamed = self._unnamed_run(action)
            if unnamed is not None and self.game.is_legal(unnamed):
                return unnamed
            filler = self.turn_end_for(action, raw)
            if filler is None:
                break
            self._apply(filler, inserted=True)
            action = self.translate(raw) or action
        if self._wrong_corp(raw, action):
            sym = self.title.current_corp(self.state)
            raise IllegalAction("operating order", f"our engine has {sym} operating now")
        self.game.apply(action)  # raises with our engine's reason
        return None

    def _unnamed_run(self, action: Action) -> Action | None:
        """With a run observer, a named run our engine refuses as its revenue alone."""
        if self.on_run is None or not isinstance(action, A.RunRoutes) or not action.routes:
            return None
        return A.RunRoutes(player=action.player, revenue=action.revenue)

    def _wrong_corp(self, raw: Raw, action: Action) -> bool:
        """True when a company action of the record belongs to another company than the
        one operating in our game (so the current turn must end first)."""
        state = self.state
        if state.round != "operating" or state_1870(state).connection:
            return False
        if isinstance(action, A1870.Connect | A.DiscardTrain | A.Pass):
            return False
        sym = self.title.current_corp(state)
        if raw.get("entity_type") == "corporation":
            return raw.get("entity") != sym
        if raw.get("entity_type") == "company":
            return state.privates[str(raw["entity"])].owner != "@" + sym
        return False

    def _ends_pending_turn(self, player: str) -> bool:
        """True when ``player`` may pass once the current turn is closed."""
        state = self.state
        if state.round == "stock" and state.stock.acted:
            nxt = state.players[(state.stock.turn + 1) % len(state.players)].name
            return nxt == player
        return state.round == "operating"

    def turn_end_for(self, action: Action, raw: Raw) -> Action | None:
        """The pass/done that ends the current turn so ``action`` can follow, if any."""
        state = self.state
        if state.round == "stock":
            st = state.stock
            protection = state_1870(state).protection
            if protection:
                sym = protection[0][0]
                return A.Pass(player=state.corps[sym].president)
            current = state.players[st.turn].name
            if st.acted and (current != action.player or isinstance(action, A.Pass | A.Par)):
                return A.Pass(player=current)
            return None
        if state.round == "operating" and not state_1870(state).connection:
            sym = self.title.current_corp(state)
            if not isinstance(action, A1870.Connect) and (
                raw.get("entity") == sym
                or (
                    raw.get("entity_type") == "company"
                    and state.privates[str(raw["entity"])].owner == "@" + sym
                )
            ):
                return self._skipped_run(sym)
            done = A.Done(player=state.corps[sym].president)
            if self.game.is_legal(done):
                return done
            return self._skipped_run(sym)
        return None

    def _end_passed_turn(self, raw: Raw, following: Raw) -> None:
        """A company passed and the record moves on to another entity, or 18xx.games checked
        destinations after its action (its turn ended): close its turn now (a run of nothing
        if it had no route, then ``done``) when our engine allows it."""
        state = self.state
        if raw.get("entity_type") != "corporation" or state.round != "operating":
            return
        if raw.get("type") != "pass" and not (raw.get(TURN_END) and state.operating.acted):
            return  # (a check after a connection run starts a turn; it ends none)
        if state_1870(state).connection or self.title.current_corp(state) != raw.get("entity"):
            return
        same = (following.get("entity"), following.get("entity_type")) == (
            raw.get("entity"),
            "corporation",
        )
        if same and not raw.get(TURN_END):
            return
        sym = str(raw["entity"])
        for _ in range(3):
            filler = self._skipped_run(sym)
            if filler is None:
                break
            self._apply(filler, inserted=True)
        done = A.Done(player=state.corps[sym].president)
        if self.game.is_legal(done):
            self._apply(done, inserted=True)

    def _skipped_run(self, sym: str) -> Action | None:
        """18xx.games skips the run of a company whose trains have no route, and then its
        dividend: ours records a run of nothing and the withholding."""
        op = self.state.operating
        president = self.state.corps[sym].president
        if op.revenue is None and self.state.corps[sym].trains:
            run = A.RunRoutes(player=president, revenue=0)
            return run if self.game.is_legal(run) else None
        if op.revenue == 0:
            withhold = A.Dividend(player=president, kind="withhold")
            return withhold if self.game.is_legal(withhold) else None
        return None

    # -- translation -------------------------------------------------------------------------

    def player_of(self, raw: Raw) -> str:
        entity = raw.get("entity")
        kind = raw.get("entity_type")
        try:
            if kind == "player" or isinstance(entity, int):
                return self.names[int(entity)]  # type: ignore[arg-type]
            if kind == "corporation":
                return self.state.corps[str(entity)].president
            owner = self.state.privates[str(entity)].owner
        except (KeyError, TypeError, ValueError):
            raise InputError(
                f"recorded action {raw.get('id')}: unknown {kind or 'entity'} {entity!r}"
            ) from None
        return self.title.owner_player(self.state, owner)

    def translate(self, raw: Raw) -> Action | None:
        kind = raw["type"]
        p = self.player_of(raw)
        entity = str(raw.get("entity"))
        if kind == "bid":
            return A.Bid(player=p, private=raw["company"], price=int(raw["price"]))
        if kind == "pass":
            if raw.get("entity_type") != "player":
                return None
            return A.Pass(player=p)
        if kind == "par":
            price = int(str(raw["share_price"]).split(",")[0])
            return A.Par(player=p, corp=raw["corporation"], price=price)
        if kind == "buy_shares":
            return self._buy_shares(raw, p)
        if kind == "sell_shares":
            if raw.get("entity_type") == "corporation":
                return A1870.Reissue(player=p, corp=entity)
            corp = str(raw["shares"][0]).rsplit("_", 1)[0]
            return A.SellShares(player=p, corp=corp, count=int(raw["percent"]) // 10)
        if kind == "lay_tile":
            tile_id = str(raw["tile"])
            name = tile_id.rsplit("-", 1)[0]
            private = entity if raw.get("entity_type") == "company" else ""
            return A.LayTile(
                player=p, hex=raw["hex"], tile=name, rotation=int(raw["rotation"]), private=private
            )
        if kind == "place_token":
            city = str(raw["city"])
            tile_id, _, index = city.rpartition("-")
            hex_ = self.tile_hex.get(tile_id) or tile_id.split("-")[0]
            return A.PlaceToken(player=p, hex=hex_, city=int(index or 0))
        if kind == "run_routes":
            return self._run(raw, p)
        if kind == "dividend":
            return A.Dividend(player=p, kind=raw["kind"])
        if kind == "buy_train":
            return self._buy_train(raw, p, entity)
        if kind == "discard_train":
            return A.DiscardTrain(
                player=p, corp=entity, train=self.trains.get(raw["train"], raw["train"])
            )
        if kind == "buy_company":
            return A.BuyPrivate(player=p, private=raw["company"], price=int(raw["price"]))
        if kind == "assign":
            return A.Assign(player=p, private=entity, hex=raw["target"])
        if kind == "choose":
            choice = str(raw["choice"]).lower()
            return A1870.Connect(player=p, corp=entity, choice=choice)
        if kind == "bankrupt":
            return A.Bankrupt(player=p)
        raise InputError(f"cannot translate action type {kind!r}")

    def _run(self, raw: Raw, p: str) -> Action:
        """A recorded run as our named run: each route's connections and nodes rebuilt in
        our track graph (:func:`~transcon.titles.t1870.fixture._route_from_record`),
        named by its stops in route order and by our id of its train."""
        from transcon.eighteen.bridge import train_of
        from transcon.eighteen.routes import RouteError
        from transcon.titles.t1870.fixture import _route_from_record
        from transcon.titles.t1870.game.runs import graph_of

        records = raw["routes"]
        trains = tuple(self.trains.get(str(r["train"]), str(r["train"])) for r in records)
        position, graph = graph_of(self.state, self.title.phase(self.state).name)
        revenue = sum(int(r["revenue"]) for r in records)
        try:
            routes = tuple(
                tuple(
                    graph.stops[s].sig
                    for s in _route_from_record(graph, record, train_of(train), position).stops
                )
                for record, train in zip(records, trains, strict=True)
            )
        except RouteError:
            if self.on_run is None:
                raise
            return A.RunRoutes(player=p, revenue=revenue)  # the observer reports the route
        return A.RunRoutes(player=p, revenue=revenue, routes=routes, trains=trains)

    def _buy_shares(self, raw: Raw, p: str) -> Action:
        share = str(raw["shares"][0])
        corp_sym = share.rsplit("_", 1)[0]
        state = self.state
        corp = state.corps[corp_sym]
        if raw.get("entity_type") == "corporation":
            source = "pool"
            if not corp.pool:
                holder = self._share_holder(raw)
                source = holder or corp.president
            return A1870.Redeem(player=p, corp=corp_sym, source=source)
        if any(sale[0] == corp_sym and sale[4] == p for sale in self._sales()):
            return A1870.Protect(player=p, corp=corp_sym)
        holder = self._holder_of(share)
        if holder in ("pool", "treasury") and (corp.pool if holder == "pool" else corp.treasury):
            return A.BuyShare(player=p, corp=corp_sym, source=holder)
        if self.title.hook_treasury_for_sale(self.state, corp_sym) and not corp.ipo:
            return A.BuyShare(player=p, corp=corp_sym, source="treasury")
        if corp.pool and (not corp.ipo or self._share_in_pool(raw)):
            return A.BuyShare(player=p, corp=corp_sym, source="pool")
        return A.BuyShare(player=p, corp=corp_sym, source="ipo")

    def _sales(self) -> list[tuple[str, str, int, int, str]]:
        """Sales waiting for price protection (offered, or to be offered when the turn
        ends): a recorded player's buy of such a share protects it, a pass declines."""
        data = state_1870(self.state)
        return data.protection + data.pending_sales

    def _share_holder(self, raw: Raw) -> str:
        """Who held a share the company redeems (from the recorded ownership, if known)."""
        holder = self._holder_of(str(raw["shares"][0]))
        return "" if holder in ("ipo", "pool", "treasury") else holder

    def _share_in_pool(self, raw: Raw) -> bool:
        return self._holder_of(str(raw["shares"][0])) == "pool"

    def _holder_of(self, share: str) -> str:
        sym, _, number = share.rpartition("_")
        owners = self.shares.owner.get(sym)
        if owners is None or not number.isdigit() or int(number) >= len(owners):
            return ""
        return owners[int(number)]

    def _buy_train(self, raw: Raw, p: str, sym: str) -> Action:
        train_id = str(raw["train"])
        price = int(raw["price"]) if raw.get("price") is not None else None
        exchange = self.trains.get(str(raw.get("exchange") or ""), str(raw.get("exchange") or ""))
        ours = self.trains.get(train_id)
        state = self.state
        if ours is not None:
            owner = state.train_owner.get(ours, "")
            if owner == "pool":
                return A.BuyTrain(player=p, train=ours, seller="pool", price=price)
            if owner.startswith("@"):
                return A.BuyTrain(player=p, train=ours, seller=owner[1:], price=price)
        name = str(raw.get("variant") or train_id.rsplit("-", 1)[0])
        return A.BuyTrain(player=p, train=name, price=price, exchange=exchange)

    # -- bookkeeping -------------------------------------------------------------------------

    def _snapshot_trains(self, raw: Raw) -> set[str]:
        return set(self.state.train_owner)

    def _after(
        self, raw: Raw, action: Action, before: set[str], presidents: dict[str, str]
    ) -> None:
        kind = raw["type"]
        if kind == "lay_tile":
            self.tile_hex[str(raw["tile"])] = str(raw["hex"])
        elif kind == "buy_train" and isinstance(action, A.BuyTrain):
            if action.seller == "bank":
                new = [t for t in self.state.train_owner if t not in before]
                if new:
                    self.trains[str(raw["train"])] = new[0]
        elif kind in ("buy_shares", "sell_shares") and raw.get("entity_type") == "player":
            to = self.player_of(raw) if kind == "buy_shares" else "pool"
            self._move_shares(raw, to)
        elif kind == "buy_shares":
            self._move_shares(raw, "treasury")  # a redemption
        sale = None
        if isinstance(action, A.SellShares):
            names = [str(share).rpartition("_")[2] for share in raw["shares"]]
            numbers = [int(n) for n in names if n.isdigit() and int(n) < CERTS]
            sale = (action.corp, action.player, numbers, action.count)
        self.shares.follow_presidency(self.state, presidents, sale)
        self.shares.reconcile(self.state)

    def _move_shares(self, raw: Raw, to: str) -> None:
        for share in raw["shares"]:
            sym, _, number = str(share).rpartition("_")
            if sym in self.shares.owner and number.isdigit() and int(number) < CERTS:
                self.shares.move(sym, [int(number)], to)


def import_fixture(
    path: Path, *, check_routes: bool = False
) -> tuple[ImportReport, Game[GameState]]:
    """Import a recorded game file; returns the report and our game. Every recorded run is
    imported with its routes named, so it is validated and revalued; ``check_routes`` sets
    the game option (a paying run must name its routes)."""
    importer = Importer(load_fixture(path), check_routes=check_routes)
    report = importer.run()
    return report, importer.game


__all__ = ["IllegalAction", "ImportReport", "Importer", "import_fixture"]
