"""1870's listing of a player's legal actions (``Title.legal_groups``, read by ``transcon
legal``, ``?`` in ``play`` and the browser): every kind of action legal now, with prices and
the rule section, as detailed :class:`~transcon.core.legal.LegalGroup` s whose label is the
rule and whose entries paste back into ``transcon act`` (the notation ignores a `` # note``).

* initial auction (§3): ``buy`` the cheapest private at its price, the minimum bid on each
  later one (face value and the standing bids in the note), ``pass``;
* the operating company's turn (§7): every legal tile lay on the company's network, one line
  per hex with the other tiles and rotations there in the note; every legal token; the run
  (the best run, its routes named); dividends; trains from the bank, the pool and other
  companies; private purchases with their price range; private powers; emergency sales;
  ``done``, or why the turn cannot end yet;
* a stock turn (§6): one ``par`` line per company (its other par prices in the note), each
  buy with its price, one ``sell`` line per company, redemption, reissue, ``pass``;
* anything else waiting (a destination choice, price protection, a discard, a demand for
  the best run): each legal action, under the rule that asks for it.

``legal --all`` and ``legal --json`` list ``Title.legal_actions`` (the bots' candidates: lays
and tokens only near the company's tokens).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from transcon.core.errors import IllegalAction, InputError
from transcon.core.legal import LegalGroup
from transcon.core.title import Action
from transcon.eighteen.framework.actions import (
    Bid,
    BuyPrivate,
    BuyShare,
    BuyTrain,
    Done,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    SellShares,
)
from transcon.eighteen.framework.rounds import RoundKind, TurnStage
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.auction import WaterfallAuction
from transcon.eighteen.framework.steps.operating import CompanyStep, Track
from transcon.eighteen.framework.steps.stock import BuySellParShares
from transcon.titles.t1870.interaction import (
    check_problem,
    lay_choices,
    operating_company,
    passes,
    token_choices,
)

if TYPE_CHECKING:
    from transcon.titles.t1870.game.title import Title1870

RULE_AUCTION = "1870 §3 initial auction"


Entry = tuple[str, str]
"""An action's text and its note (``""``: none)."""


def legal_groups(title: Title1870, state: GameState, player: str) -> list[LegalGroup]:
    """The groups for ``player`` (see the module docstring)."""
    if player not in title.current_players(state):
        return []
    if state.round == RoundKind.AUCTION and not state.auction.par_pending:
        return [auction_group(title, state, player)]
    if state.round == RoundKind.STOCK and not _blocked(title, state):
        return stock_groups(title, state, player)
    if state.round == RoundKind.OPERATING:
        sym = _company_turn(title, state, player)
        if sym is not None:
            return operating_groups(title, state, player, sym)
    return [_waiting_group(title, state, player)]


def _group(label: str, entries: Iterable[Entry] = (), *comments: str) -> LegalGroup:
    """A group listed entry by entry under its rule."""
    return LegalGroup(label, tuple(entries), comments, detailed=True)


# -- the initial auction ------------------------------------------------------------------


def auction_step(title: Title1870) -> WaterfallAuction:
    step = title.rounds[RoundKind.AUCTION].step_of(WaterfallAuction)
    assert isinstance(step, WaterfallAuction)
    return step


def auction_group(title: Title1870, state: GameState, player: str) -> LegalGroup:
    step = auction_step(title)
    spec = title.spec(state)
    a = state.auction
    free = state.player(player).cash - step.committed(state, player)
    if a.auctioning:
        sym = a.auctioning
        top = max(price for _, price in state.privates[sym].bids)
        label = (
            f"{RULE_AUCTION}: {sym} is auctioned among its bidders; raise by $5 or more "
            f"over the top bid (${top}), or pass (your bid on it is withdrawn)"
        )
        low = step.min_bid(state, sym)
        raise_ = [(f"bid {sym} {low}", f"at least ${low}")]
        if not passes(title, state, Bid(player=player, private=sym, price=low)):
            raise_ = []
        return _group(label, [*raise_, ("pass", "")])
    label = (
        f"{RULE_AUCTION}: buy the cheapest private at its price, bid at least $5 over the "
        f"face value or top bid on a later one (the money stays committed until it is "
        f"decided), or pass; {player}'s cash not committed to bids: ${free}"
    )
    out: list[Entry] = []
    at_price = step.at_price(state)
    for sym in step.unsold_privates(state):
        private = state.privates[sym]
        info = spec.private(sym)
        price = step.min_bid(state, sym)
        note = f"{info.name}, face ${info.value}, revenue ${info.revenue}"
        if private.bids:
            note += "; bids " + ", ".join(f"{who} {bid}" for who, bid in private.bids)
        bid = Bid(player=player, private=sym, price=price)
        if not passes(title, state, bid):
            continue
        if sym in at_price:
            out.append((f"buy {sym}", f"${price}: {note}"))
        else:
            out.append((f"bid {sym} {price}", f"at least ${price}: {note}"))
    return _group(label, [*out, ("pass", "")])


def auction_buy(title: Title1870, state: GameState, player: str, sym: str) -> Bid:
    """§3 ``buy PRIVATE`` in the initial auction: the cheapest private bought at its price
    (the same action as ``bid PRIVATE PRICE`` at that price); anything else is refused with
    the form that works."""
    step = auction_step(title)
    a = state.auction
    cheapest = step.at_price(state)
    if a.auctioning:
        low = step.min_bid(state, a.auctioning)
        raise IllegalAction(
            RULE_AUCTION,
            f"{a.auctioning} is being auctioned: raise with `bid {a.auctioning} {low}` "
            f"(or more) or `pass`",
        )
    if sym in cheapest:
        return Bid(player=player, private=sym, price=step.min_bid(state, sym))
    how = " or ".join(f"`buy {c}` (${step.min_bid(state, c)})" for c in cheapest)
    if sym in step.unsold_privates(state):
        raise IllegalAction(
            RULE_AUCTION,
            f"only the cheapest private is bought at its price: {how}; bid on {sym} with "
            f"`bid {sym} {step.min_bid(state, sym)}` (or more)",
        )
    raise IllegalAction(
        RULE_AUCTION,
        f"nothing but privates is sold in the initial auction: {how}, "
        f"`bid PRIVATE PRICE` on a later one, or `pass`",
    )


# -- the stock round -------------------------------------------------------------------------

#: The header above each of a stock turn's kinds of action.
STOCK_HEADERS = {
    "par": "1870 §6.3 par: start a company, buying its president's 20% at twice the par price",
    "buy": "1870 §6.1 buy: one share (one purchase a turn; several from the market in brown)",
    "sell": "1870 §6.1 sell: each company's shares sold together; the price drops a row a "
    "share unless its president protects it (§6.4)",
    "redeem": "1870 §6.5 redemption: the company buys back one share (its president's turn)",
    "reissue": "1870 §6.6 reissue: the company puts its treasury shares on sale",
}


def stock_groups(title: Title1870, state: GameState, player: str) -> list[LegalGroup]:
    """A stock turn: par prices by company, share buys with their price, the most shares
    of each company that may be sold, the company actions, ``pass``."""
    out = [
        _group(
            f"1870 §6.1 stock round {state.stock.number}: {player} has "
            f"${state.player(player).cash}, {title.certs(state, player)}/"
            f"{title.cert_limit(state)} certificates; `pass` ends the turn"
        )
    ]
    legal = title.legal_actions(state, player)
    for kind in dict.fromkeys(a.type for a in legal if a.type != "pass"):
        of_kind = [a for a in legal if a.type == kind]
        entries = _stock_entries(title, state, player, kind, of_kind)
        out.append(_group(STOCK_HEADERS.get(kind, kind), entries))
    if any(isinstance(a, Pass) for a in legal):
        out.append(_group("", [("pass", "")]))
    return out


def _stock_entries(
    title: Title1870, state: GameState, player: str, kind: str, of_kind: list[Action]
) -> list[Entry]:
    """One kind of stock action: a ``par`` entry per company (its other par prices in the
    note), each buy with its price, a ``sell`` entry per company, else each action."""
    if kind == "par":
        prices: dict[str, list[int]] = {}
        for action in of_kind:
            assert isinstance(action, Par)
            prices.setdefault(action.corp, []).append(action.price)
        out: list[Entry] = []
        for sym, found in prices.items():
            corp = title.spec(state).corp(sym)
            others = ", ".join(str(p) for p in found[1:])
            note = f"{corp.name}, home {corp.home}, destination {corp.destination}"
            out.append((f"par {sym} {found[0]}", f"also {others}; {note}" if others else note))
        return out
    if kind == "buy":
        step = title.rounds[RoundKind.STOCK].step_of(BuySellParShares)
        assert isinstance(step, BuySellParShares)
        out = []
        for action in of_kind:
            assert isinstance(action, BuyShare)
            price = step.share_price_for(state, action.corp, action.source)
            where = SOURCES.get(action.source, action.source)
            out.append((title.format_action(action), f"${price} {where}"))
        return out
    if kind == "sell":
        return [
            (
                f"sell {sym} 1",
                f"${title.price(state, sym)} a share"
                + (f"; up to {count}: `sell {sym} {count}`" if count > 1 else ""),
            )
            for sym, count in _most_shares(of_kind).items()
        ]
    return _plain(title, player, of_kind)


def _most_shares(actions: Iterable[Action]) -> dict[str, int]:
    """Each company with share sales among ``actions``: the most shares that may be sold."""
    most: dict[str, int] = {}
    for action in actions:
        if isinstance(action, SellShares):
            most[action.corp] = max(most.get(action.corp, 0), action.count)
    return most


#: Where a share bought comes from.
SOURCES = {
    "ipo": "from the initial offering",
    "pool": "from the market",
    "treasury": "from the company's treasury",
}


# -- the operating company's turn ----------------------------------------------------------


def _company_turn(title: Title1870, state: GameState, player: str) -> str | None:
    """The company ``player`` operates now, when only its turn's steps are waiting (no
    discard, protection offer or destination choice first)."""
    sym = operating_company(title, state, player)
    if sym is None:
        return None
    steps = title.rounds[RoundKind.OPERATING].active_steps(state)
    if any(step.blocking(state) and not isinstance(step, CompanyStep) for step in steps):
        return None
    return sym


#: The header above each other kind of action of a company's turn.
HEADERS = {
    "run": "1870 §7.3 runs: `run REVENUE [TRAIN:]STOP,STOP,...` names each train's stops; "
    "below, the best run",
    "dividend": "1870 §7.4 dividends: payout moves the price right, half does not move it, "
    "withhold moves it left",
    "assign": "1870 §9.3/§9.4 private tokens",
    "discard": "1870 §7.5 train limit: discard down to it",
    "bankrupt": "1870 §11 bankruptcy: the forced train purchase cannot be paid",
}


def operating_groups(title: Title1870, state: GameState, player: str, sym: str) -> list[LegalGroup]:
    """The operating company's turn: its lays, tokens, run, dividend, trains, private
    purchases and sales, and ``done`` (or why not yet)."""
    corp = state.corps[sym]
    op = state.operating
    trains = " ".join(corp.trains) or "no trains"
    no_run = (
        [
            f"{sym} has no train, so no run this turn: buying a train (or `done`) closes "
            f"its run and dividend, it withholds $0 and its price moves left (1870 §7.4); a "
            f"train bought now runs from its next turn"
        ]
        if not corp.trains and op.step <= TurnStage.RUN
        else []
    )
    out = [
        _group(
            f"{sym} operates (operating round {op.number} of {op.of}): cash ${corp.cash}, "
            f"{trains}; a turn goes track, token, run, dividend, trains (1870 §7), now "
            f"{TurnStage(op.step).name.lower()}; a later action closes the earlier steps",
            (),
            *no_run,
        )
    ]
    legal = title.legal_actions(state, player)
    lays = lay_choices(title, state, player, sym)
    out += _lay_groups(title, state, sym, [(c.text, c.cost) for c in lays])
    tokens = token_choices(title, state, player, sym)
    if tokens:
        label = f"1870 §7.2 tokens: one per turn, before the run, ${tokens[0].cost}"
        out.append(_group(label, [(c.text, "") for c in tokens]))
    skip = (LayTile, PlaceToken, BuyTrain, BuyPrivate, SellShares, Done)
    rest = [a for a in legal if not isinstance(a, skip)]
    for kind in dict.fromkeys(a.type for a in rest):
        entries = _plain(title, player, (a for a in rest if a.type == kind))
        out.append(_group(HEADERS.get(kind, ""), entries))
    out += _train_groups(title, state, player, sym, legal)
    out += _private_groups(state, legal)
    most = _most_shares(legal)
    if most:
        label = "1870 §7.5 forced train purchase: the president may sell shares to pay for it"
        out.append(_group(label, [(f"sell {c} 1", f"up to {n} shares") for c, n in most.items()]))
    problem = check_problem(title, state, Done(player=player))
    if problem is None:
        out.append(_group("", [("done", f"ends {sym}'s turn")]))
    else:
        out.append(_group(f"done: not yet: {problem}"))
    return out


def _lay_groups(
    title: Title1870, state: GameState, sym: str, lays: list[tuple[str, int | None]]
) -> list[LegalGroup]:
    """One entry per hex (the other tiles and rotations there in its note), and MRBC's
    extra lay when it is open to the company."""
    track = title.rounds[RoundKind.OPERATING].step_of(Track)
    assert isinstance(track, Track)
    out: list[LegalGroup] = []
    if lays and track.next_slot(state, sym) is not None:
        left = "one more yellow tile" if state.operating.lays else "two yellow tiles or one upgrade"
        by_hex: dict[str, list[tuple[str, int | None]]] = {}
        for text, cost in lays:
            by_hex.setdefault(text.split()[1], []).append((text, cost))
        hexes = len(by_hex)
        entries: list[Entry] = []
        for hex_, found in by_hex.items():
            first, cost = found[0]
            note = [f"${cost}" if cost else "$0"]
            if len(found) > 1:
                others = ", ".join(" ".join(t.split()[2:]) for t, _ in found[1:])
                note.append(f"also on {hex_}: {others}")
            entries.append((first, "; ".join(note)))
        label = (
            f"1870 §7.1 track: {left}; {len(lays)} legal lays in {hexes} "
            f"hex{'es' * (hexes != 1)}, a line for each (its note lists the other tiles and "
            f"rotations there); the first tile in a hex pays its terrain"
        )
        out.append(_group(label, entries))
    private = state.privates.get("MRBC")
    if (
        private is not None
        and private.owner == "@" + sym
        and not private.closed
        and "lay" not in private.used
        and state.operating.step == 0
    ):
        out.append(
            _group(
                "1870 §9.2 MRBC: one more lay in a Mississippi hex, $40 off: "
                "`lay HEX TILE rot R with MRBC`"
            )
        )
    return out


def _plain(title: Title1870, player: str, actions: Iterable[Action]) -> list[Entry]:
    texts = dict.fromkeys(title.format_action(a) for a in actions if a.player == player)
    return [(text, "") for text in texts]


def _train_groups(
    title: Title1870, state: GameState, player: str, sym: str, legal: list[Action]
) -> list[LegalGroup]:
    bought = [a for a in legal if isinstance(a, BuyTrain)]
    others = _company_trains(title, state, player, sym)
    if not bought and not others:
        return []
    entries: list[Entry] = []
    for action in bought:
        try:
            _, price = title.train_price(state, action, sym)
        except (IllegalAction, InputError, KeyError):
            price = None
        where = "the pool" if action.seller == "pool" else "the bank"
        note = f"${price} from {where}" if price is not None else ""
        if action.exchange:
            note += f", trading in {action.exchange}"
        entries.append((title.format_action(action), note))
    for seller, trains in others.items():
        first, *more = trains
        note = "any price from $1 agreed with its president"
        if more:
            note += f"; also {', '.join(more)}"
        entries.append((f"train {first} from {seller} price 1", note))
    return [_group(f"1870 §7.5 trains: limit {title.train_limit(state)}", entries)]


def _company_trains(
    title: Title1870, state: GameState, player: str, sym: str
) -> dict[str, list[str]]:
    """Other companies' trains ``sym`` may buy now (at any price from $1), by seller."""
    found: dict[str, list[str]] = {}
    for other, corp in state.corps.items():
        if other == sym or corp.closed:
            continue
        for train in corp.trains:
            action = BuyTrain(player=player, train=train, seller=other, price=1)
            if passes(title, state, action):
                found.setdefault(other, []).append(train)
    return found


def _private_groups(state: GameState, legal: list[Action]) -> list[LegalGroup]:
    ranges: dict[str, list[int]] = {}
    for action in legal:
        if isinstance(action, BuyPrivate):
            ranges.setdefault(action.private, []).append(action.price)
    if not ranges:
        return []
    entries: list[Entry] = []
    for private, prices in ranges.items():
        low, high = min(prices), max(prices)
        owner = state.privates[private].owner
        entries.append((f"private {private} {low}", f"${low}-${high}, from {owner}"))
    label = "1870 §9.7 private sales: the company buys a player's private (price agreed)"
    return [_group(label, entries)]


# -- anything else waiting -------------------------------------------------------------------


def _blocked(title: Title1870, state: GameState) -> str | None:
    """The rule of the step everything waits for now (a protection offer, a destination
    choice, a discard, a par price), or None."""
    round_ = title.current_round(state)
    if round_ is None:
        return None
    steps = round_.active_steps(state)
    if not steps or not steps[-1].blocking(state) or isinstance(steps[-1], BuySellParShares):
        return None
    return steps[-1].rule or None


def _waiting_group(title: Title1870, state: GameState, player: str) -> LegalGroup:
    """Each legal action of ``player`` under the rule of the step that waits for it."""
    from transcon.titles.t1870.game.title import rule_name

    rule = _blocked(title, state)
    label = rule_name(rule) if rule else ""
    return _group(label, _plain(title, player, title.legal_actions(state, player)))
