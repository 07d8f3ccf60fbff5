"""Text notation of the framework's 18xx actions (documented in docs/rules/1870.md); a title
parses its own verbs first and falls back to :func:`parse_action`.

``parse_action`` returns None for text it does not recognise, so the caller can fall back
to the generic ``TYPE field=value`` notation; ``format_action`` always produces text that
``parse_action`` reads back.
"""

from __future__ import annotations

from transcon.core.errors import InputError
from transcon.core.inputs import brief
from transcon.core.title import Action
from transcon.eighteen.framework.actions import (
    Assign,
    Bankrupt,
    Bid,
    BuyPrivate,
    BuyShare,
    BuyTrain,
    DiscardTrain,
    Dividend,
    Done,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    RunRoutes,
    SellShares,
)


def number(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise InputError(f"{what} must be a number, got {word!r}") from None


#: Verbs written alone: extra words are refused rather than silently ignored.
_NO_ARGUMENTS = ("pass", "done", "bankrupt", "payout", "half", "withhold")


def need(words: list[str], n: int, usage: str) -> None:
    if len(words) < n:
        raise InputError(f"usage: {usage}")


def parse_action(text: str, player: str) -> Action | None:
    """Parse one action for ``player``; None when the first word is not ours."""
    words = text.split()
    if not words or "=" in text or text.lstrip().startswith("{"):
        return None
    verb, args = words[0].lower(), words[1:]
    p = player
    if verb in _NO_ARGUMENTS and args:
        raise InputError(f"{verb}: cannot read {brief(args[0])}; usage: {verb}")
    if verb == "pass":
        return Pass(player=p)
    if verb == "done":
        return Done(player=p)
    if verb == "bankrupt":
        return Bankrupt(player=p)
    if verb == "bid":
        need(args, 2, "bid PRIVATE PRICE")
        return Bid(player=p, private=args[0].upper(), price=number(args[1], "price"))
    if verb == "par":
        need(args, 2, "par CORP PRICE")
        return Par(player=p, corp=args[0].upper(), price=number(args[1], "price"))
    if verb == "buy":
        need(args, 1, "buy CORP [ipo|pool|treasury]")
        source = args[1].lower() if len(args) > 1 else "ipo"
        if source not in ("ipo", "pool", "treasury"):
            raise InputError("buy from ipo, pool or treasury")
        return BuyShare(player=p, corp=args[0].upper(), source=source)
    if verb == "sell":
        need(args, 1, "sell CORP [COUNT]")
        count = number(args[1], "count") if len(args) > 1 else 1
        return SellShares(player=p, corp=args[0].upper(), count=count)
    if verb == "lay":
        return _parse_lay(p, args)
    if verb == "token":
        need(args, 1, "token HEX [CITY]")
        city = number(args[1], "city") if len(args) > 1 else 0
        return PlaceToken(player=p, hex=args[0].upper(), city=city)
    if verb == "run":
        need(args, 1, "run REVENUE [[TRAIN:]STOP,STOP,... ...]")
        named = [r.split(":", 1) if ":" in r else ["", r] for r in args[1:]]
        routes = tuple(tuple(s for s in r.split(",") if s) for _, r in named)
        trains = tuple(t for t, _ in named)
        if any(trains) and not all(trains):
            raise InputError("name the train of every route or of none")
        return RunRoutes(
            player=p,
            revenue=number(args[0], "revenue"),
            routes=routes,
            trains=trains if any(trains) else (),
        )
    if verb in ("payout", "half", "withhold"):
        return Dividend(player=p, kind=verb)
    if verb == "dividend":
        need(args, 1, "dividend payout|half|withhold")
        if args[0] not in ("payout", "half", "withhold"):
            raise InputError("dividend payout, half or withhold")
        return Dividend(player=p, kind=args[0])
    if verb == "train":
        return _parse_train(p, args)
    if verb == "discard":
        need(args, 2, "discard CORP TRAIN")
        return DiscardTrain(player=p, corp=args[0].upper(), train=args[1])
    if verb == "private":
        need(args, 2, "private PRIVATE PRICE")
        return BuyPrivate(player=p, private=args[0].upper(), price=number(args[1], "price"))
    if verb == "assign":
        need(args, 2, "assign PRIVATE HEX")
        return Assign(player=p, private=args[0].upper(), hex=args[1].upper())
    return None


def _parse_lay(player: str, args: list[str]) -> LayTile:
    need(args, 2, "lay HEX TILE [rot R] [with PRIVATE]")
    hex_, tile = args[0].upper(), args[1]
    rotation = 0
    private = ""
    rest = args[2:]
    while rest:
        word = rest.pop(0).lower()
        if word in ("rot", "rotation") and rest:
            rotation = number(rest.pop(0), "rotation")
        elif word == "with" and rest:
            private = rest.pop(0).upper()
        elif word.isdigit():
            rotation = int(word)
        else:
            raise InputError(f"lay: unexpected {word!r}")
    if not 0 <= rotation <= 5:
        raise InputError("rotation must be 0..5")
    return LayTile(player=player, hex=hex_, tile=tile, rotation=rotation, private=private)


def _parse_train(player: str, args: list[str]) -> BuyTrain:
    need(args, 1, "train TYPE|ID [from SELLER] [price N] [exchange ID]")
    train = args[0]
    seller = "bank"
    price: int | None = None
    exchange = ""
    rest = args[1:]
    while rest:
        word = rest.pop(0).lower()
        if not rest:
            raise InputError(f"train: {word} needs a value")
        value = rest.pop(0)
        if word == "from":
            seller = value if value.lower() in ("bank", "pool") else value.upper()
            seller = seller.lower() if seller.lower() in ("bank", "pool") else seller
        elif word == "price":
            price = number(value, "price")
        elif word == "exchange":
            exchange = value
        else:
            raise InputError(f"train: unexpected {word!r}")
    return BuyTrain(player=player, train=train, seller=seller, price=price, exchange=exchange)


def format_action(action: Action) -> str:
    """The action in the notation above."""
    if isinstance(action, Bid):
        return f"bid {action.private} {action.price}"
    if isinstance(action, Par):
        return f"par {action.corp} {action.price}"
    if isinstance(action, BuyShare):
        return f"buy {action.corp}" + ("" if action.source == "ipo" else f" {action.source}")
    if isinstance(action, SellShares):
        return f"sell {action.corp} {action.count}"
    if isinstance(action, LayTile):
        text = f"lay {action.hex} {action.tile} rot {action.rotation}"
        return text + (f" with {action.private}" if action.private else "")
    if isinstance(action, PlaceToken):
        return f"token {action.hex}" + (f" {action.city}" if action.city else "")
    if isinstance(action, RunRoutes):
        trains = action.trains or ("",) * len(action.routes)
        pairs = zip(trains, action.routes, strict=False)
        named = (f"{t}:" * bool(t) + ",".join(r) for t, r in pairs)
        return " ".join([f"run {action.revenue}", *named])
    if isinstance(action, Dividend):
        return f"dividend {action.kind}"
    if isinstance(action, BuyTrain):
        text = f"train {action.train}"
        if action.seller != "bank":
            text += f" from {action.seller}"
        if action.price is not None:
            text += f" price {action.price}"
        if action.exchange:
            text += f" exchange {action.exchange}"
        return text
    if isinstance(action, DiscardTrain):
        return f"discard {action.corp} {action.train}"
    if isinstance(action, BuyPrivate):
        return f"private {action.private} {action.price}"
    if isinstance(action, Assign):
        return f"assign {action.private} {action.hex}"
    return action.type
