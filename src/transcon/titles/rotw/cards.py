"""Operations cards and events (seed 7, 17 and the addendum's card list)."""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.core.rng import GameRandom
from transcon.core.title import ActionContext
from transcon.titles.rotw.actions import Buyback, Grow, TakeCard
from transcon.titles.rotw.build import check_tile, place_tile
from transcon.titles.rotw.data import BUYBACK_COST, BUYBACK_LIMIT, CARDS, EAST_DECK, KEPT, WEST_DECK
from transcon.titles.rotw.economy import add_cubes, side_bag_is_west
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.state import RotwState

RULE_TAKE = "variant rule 7: take a card from the operations display"
RULE_TARGET = "ops cards: the card's target must be valid"
RULE_BUYBACK = "event Bond Buyback: repay up to 3 bonds for $7k/$15k/$24k this round"
RULE_GROW = "event Increase Production: add a cube to a city of your choice"
SACRAMENTO = "Sacramento"


def new_deck(side: str, rng: GameRandom) -> list[str]:
    deck = [card.id for card in (EAST_DECK if side == "E" else WEST_DECK)]
    rng.shuffle(deck)
    return deck


def opening_display(s: RotwState, n: int) -> None:
    """Deal ``n`` face-up cards; events met while dealing go to the bottom of the deck
    (an event only works when revealed at the start of a game turn)."""
    dealt = 0
    moved = 0
    while dealt < n and s.deck and moved <= len(s.deck):
        card = s.deck.pop(0)
        if CARDS[card].is_event:
            s.deck.append(card)
            moved += 1
            continue
        s.display.append(card)
        dealt += 1


def reveal_cards(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    """Seed 7: two new cards each game turn; an event affects everyone for this game turn."""
    for _ in range(2):
        if not s.deck:
            return
        card = CARDS[s.deck.pop(0)]
        if not card.is_event:
            s.display.append(card.id)
            ctx.emit(f"New operations card: {card.title}")
            continue
        s.events.append(card.kind)
        ctx.emit(f"Event for this round: {card.title}")
        if card.kind == "convention_season":
            for name in s.players:
                p = s.pl[name]
                if p.hotels:
                    p.cash += len(p.hotels)
                    ctx.emit(f"{name} earns ${len(p.hotels)}k Convention Season")
        elif card.kind == "increase_production":
            s.pending = s.order()


def card_usable(g: BoardGraph, s: RotwState, card_id: str) -> bool:
    card = CARDS[card_id]
    if card.kind == "bounty":
        return False  # claimed by the first delivery to its city
    if card.kind == "hotel":
        return card.city in g.by_name
    if card.kind == "sutters_mill":
        return SACRAMENTO in g.by_name
    return True


def check_take(g: BoardGraph, s: RotwState, a: TakeCard) -> None:
    if a.card not in s.display:
        raise IllegalAction(RULE_TAKE, f"card {a.card} is not on display")
    if not card_usable(g, s, a.card):
        raise IllegalAction(RULE_TAKE, f"{CARDS[a.card].title} cannot be taken")
    kind = CARDS[a.card].kind
    if kind in ("new_industry", "boomtown"):
        check_tile(g, s, a.city, a.colour)
    elif kind == "city_growth":
        if a.city not in g.cities:
            raise IllegalAction(RULE_TARGET, f"{a.city!r} is not a city")
    elif a.city or a.colour:
        raise IllegalAction(RULE_TARGET, f"{CARDS[a.card].title} takes no target")


def apply_take(g: BoardGraph, s: RotwState, a: TakeCard, ctx: ActionContext) -> None:
    card = CARDS[a.card]
    p = s.pl[a.player]
    s.display.remove(a.card)
    ctx.emit(f"{a.player} takes {card.title}")
    if card.kind in KEPT:
        p.kept_cards.append(card.kind)
    elif card.kind == "perfect_engineering":
        p.perfect_engineering = True
    elif card.kind == "executive":
        p.extra_actions = s.opt.executive_actions
    elif card.kind == "new_industry":
        place_tile(g, s, a.city, a.colour, 2, ctx)
    elif card.kind == "boomtown":
        place_tile(g, s, a.city, a.colour, 0, ctx)
    elif card.kind == "city_growth":
        _grow(g, s, a.city, 2, ctx)
    elif card.kind == "sutters_mill":
        _grow(g, s, g.by_name[SACRAMENTO], 3, ctx)
    elif card.kind == "hotel":
        p.hotels.append(card.city)


def _grow(g: BoardGraph, s: RotwState, city: str, n: int, ctx: ActionContext) -> None:
    placed = add_cubes(g, s, ctx.rng, city, n, west_bag=side_bag_is_west(g, s, city))
    ctx.emit(f"{g.cities[city].name} grows: {', '.join(placed) or 'no cubes left'}")


def buyback_cost(s: RotwState, player: str, count: int) -> int:
    """Event Bond Buyback: the table prices the bonds repaid over the event (per_event:
    $7k/$15k/$24k for the 1st/2nd/3rd in total, so 1 + 1 + 1 costs $24k like 3 at once)."""
    done = s.pl[player].bought_back
    return BUYBACK_COST[done + count] - BUYBACK_COST.get(done, 0)


def check_buyback(s: RotwState, a: Buyback) -> None:
    if "bond_buyback" not in s.events:
        raise IllegalAction(RULE_BUYBACK, "no Bond Buyback this round")
    p = s.pl[a.player]
    done = p.bought_back
    if s.opt.bond_buyback_limit == "per_action" and done:
        raise IllegalAction(RULE_BUYBACK, "you have used this Bond Buyback already")
    if done + a.count > BUYBACK_LIMIT:
        left = BUYBACK_LIMIT - done
        raise IllegalAction(
            RULE_BUYBACK, f"up to {BUYBACK_LIMIT} bonds per Bond Buyback; {left} left for you"
        )
    if a.count > p.bonds:
        raise IllegalAction(RULE_BUYBACK, f"you hold only {p.bonds} bond(s)")
    cost = buyback_cost(s, a.player, a.count)
    if cost > p.cash:
        raise IllegalAction(RULE_BUYBACK, f"repaying {a.count} bond(s) needs ${cost}k")


def apply_buyback(s: RotwState, a: Buyback, ctx: ActionContext) -> None:
    p = s.pl[a.player]
    cost = buyback_cost(s, a.player, a.count)
    p.bonds -= a.count
    p.cash -= cost
    p.bought_back += a.count
    ctx.emit(f"{a.player} buys back {a.count} bond(s) for ${cost}k")


def check_grow(g: BoardGraph, s: RotwState, a: Grow) -> None:
    if a.city and a.city not in g.cities:
        raise IllegalAction(RULE_GROW, f"{a.city!r} is not a city")


def apply_grow(g: BoardGraph, s: RotwState, a: Grow, ctx: ActionContext) -> None:
    s.pending.remove(a.player)
    if a.city:
        _grow(g, s, a.city, 1, ctx)
    else:
        ctx.emit(f"{a.player} adds no cube")
