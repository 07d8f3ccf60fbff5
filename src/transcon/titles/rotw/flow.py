"""Game flow: setup, game turns of three action rounds with rotating first player, income,
the switch to the Western phase and the game end (seeds 1-3, 6, 7, 14-19 and Game End)."""

from __future__ import annotations

from transcon.core.errors import IllegalAction
from transcon.core.rng import GameRandom
from transcon.core.title import ActionContext, Setup
from transcon.titles.rotw.actions import Settle
from transcon.titles.rotw.cards import new_deck, opening_display, reveal_cards
from transcon.titles.rotw.data import (
    BARONS,
    BOND_INTEREST,
    BOND_REPAY,
    CUBES_PER_COLOUR,
    EAST_BARONS,
    GOODS,
    NEW_CITY_TILES,
    RAW,
    SETTLERS_TOTAL,
    WEST_BARONS,
)
from transcon.titles.rotw.economy import add_cubes, bond_value, draw_cube, printed_goods
from transcon.titles.rotw.economy import income as player_income
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.scoring import baron_met, final_scoring
from transcon.titles.rotw.state import PlayerState, RotwState

RULE_SETTLE = "variant rules 2, 15, 16: keep a dealt Western baron; repay or discard bonds you hold"
RULE_FINAL_SETTLE = "Game End (option east_game_end=barons_only): a Western baron only"
LEADER_END = "leader's transcontinental"


def setup_state(g: BoardGraph, setup: Setup, rng: GameRandom) -> RotwState:
    """Seeds 1-3: Eastern goods (house rule on colours), barons dealt, Western cities empty."""
    players = list(setup.players)
    n = len(players)
    east = [b.id for b in EAST_BARONS]
    west = [b.id for b in WEST_BARONS]
    rng.shuffle(east)
    rng.shuffle(west)
    pl = {
        name: PlayerState(
            name, east_dealt=east[2 * i : 2 * i + 2], west_dealt=west[2 * i : 2 * i + 2]
        )
        for i, name in enumerate(players)
    }
    s = RotwState(players=players, options=dict(setup.options), pl=pl)
    s.east_per_colour = east_bag_per_colour(g, s.opt.east_goods_per_colour)
    s.east_bag = {c: s.east_per_colour for c in GOODS}
    s.settler_pool = SETTLERS_TOTAL
    s.tiles = dict(NEW_CITY_TILES)
    limits = s.opt.setup_color_limits
    wanted: dict[str, int] = {}
    for label in sorted(g.cities):
        city = g.cities[label]
        s.cubes[label] = []
        if city.west or city.cubes <= 0:
            continue
        wanted[label] = printed_goods(g, s, label)
    # base 1: each city its printed number; drawn in passes (every city its first cube, then
    # every city its second, ...) so that a bag smaller than the map runs short evenly
    for round_no in range(max(wanted.values(), default=0)):
        for label in sorted(wanted):
            if wanted[label] > round_no:
                cube = _setup_draw(s, rng, g.cities[label].colour, s.cubes[label], limits)
                if cube is not None:
                    s.cubes[label].append(cube)
    s.deck = new_deck("E", rng)
    opening_display(s, 2 * n)
    s.first = rng.randint(0, n - 1)
    return s


def east_bag_per_colour(g: BoardGraph, option: int) -> int:
    """Goods of each colour in the Eastern bag: the option, or with 0 (the default) sized
    from the map: enough for every printed Eastern and Western number (the Eastern bag fills
    the Eastern cities at setup and each Western city at its first settler, seed 12), and
    never fewer than the box's 25."""
    if option > 0:
        return option
    printed = sum(max(c.cubes, 0) for c in g.cities.values())
    return max(CUBES_PER_COLOUR, -(-printed // len(GOODS)))


def _setup_draw(
    s: RotwState, rng: GameRandom, colour: str, have: list[str], limits: bool
) -> str | None:
    """Seed 1 house rule: at most one cube of the city's colour, at most two of any colour;
    an offending cube goes back to the bag (the limit is relaxed if nothing else is left)."""
    for _ in range(12):
        cube = draw_cube(s, rng, False)
        if cube is None or not limits:
            return cube
        same = have.count(cube)
        if (cube == colour and same >= 1) or same >= 2:
            s.east_bag[cube] += 1
            continue
        return cube
    return draw_cube(s, rng, False)


# -- turn structure ------------------------------------------------------------------------------


def current(s: RotwState) -> list[str]:
    if s.step == "over":
        return []
    if s.step == "barons":
        return [p for p in s.players if not s.pl[p].east_baron]
    if s.step in ("production", "settle"):
        return s.pending[:1] if s.step == "production" else list(s.pending)
    return [s.order()[s.pos]]


def start_game_turn(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    """Seed 6: no bidding, first player rotates; seed 7: two new operations cards."""
    s.round = 1
    s.pos = 0
    if not s.end_triggered:
        s.rounds_this_turn = 3
    s.events = []
    s.small_market_paid = []
    for name in s.players:
        s.pl[name].bought_back = 0
    ctx.emit(
        f"Game turn {s.game_turn} ({s.phase}ern phase): {s.order()[0]} is first",
        game_turn=s.game_turn,
    )
    reveal_cards(g, s, ctx)
    s.step = "production" if s.pending else "actions"
    if s.step == "actions":
        _skip_if_needed(g, s, ctx)


def end_action(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    """After an action that used the player's turn: extra actions, then the next turn."""
    if s.end_triggered and s.rounds_this_turn == 0:
        end_game_turn(g, s, ctx)
        return
    p = s.pl[s.order()[s.pos]]
    if p.extra_actions > 0:
        p.extra_actions -= 1
        return
    _next_slot(g, s, ctx)


def _next_slot(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    s.pos += 1
    if s.pos >= len(s.players):
        s.pos = 0
        s.round += 1
    if s.round > s.rounds_this_turn:
        end_game_turn(g, s, ctx)
        return
    _skip_if_needed(g, s, ctx)


def _skip_if_needed(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    p = s.pl[s.order()[s.pos]]
    if p.skip_next:
        p.skip_next = False
        ctx.emit(f"{p.name} skips this turn (long build)")
        _next_slot(g, s, ctx)


def production_done(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    if not s.pending:
        s.step = "actions"
        _skip_if_needed(g, s, ctx)


def end_game_turn(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    """Unfinished track is removed, Income & Dividends, then the next game turn or the end."""
    unfinished = [lk for lk in s.links if not lk.b]
    if unfinished:
        s.links = [lk for lk in s.links if lk.b]
        s.invalidate()
        ctx.emit(f"Unfinished track removed: {', '.join(lk.owner for lk in unfinished)}")
    for name in s.players:
        s.pl[name].skip_next = False
        s.pl[name].extra_actions = 0
    final = s.end_triggered or s.game_turn >= s.opt.max_game_turns
    if s.end_reason != LEADER_END and (not final or s.opt.final_income):
        income_phase(s, ctx)
    s.events = []
    if s.end_triggered:
        game_end(g, s, ctx)
    elif s.game_turn >= s.opt.max_game_turns:
        s.end_reason = "turn limit"
        game_end(g, s, ctx)
    elif s.west_pending and s.phase == "east":
        begin_transition(g, s, ctx)
    else:
        next_game_turn(g, s, ctx)


def income_phase(s: RotwState, ctx: ActionContext) -> None:
    """Base 3.3: income by score, then $1k interest per bond (new bonds if cash is short)."""
    for name in s.players:
        p = s.pl[name]
        income = player_income(s, name)
        p.cash += income
        interest = p.bonds * BOND_INTEREST
        issued = ""
        if interest > p.cash:
            value = bond_value(s)
            need = -(-(interest - p.cash) // value)
            p.bonds += need
            p.cash += need * value
            issued = f"; issues {need} bond(s) for ${need * value}k to pay it (base 3.3)"
        p.cash -= interest
        ctx.emit(f"{name}: income ${income}k, interest ${interest}k{issued}")


def next_game_turn(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    s.game_turn += 1
    s.first = (s.first + 1) % len(s.players)
    start_game_turn(g, s, ctx)


# -- the Western phase ---------------------------------------------------------------------------


def begin_transition(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    """Seeds 14-19: bond penalty, Western deck, raw materials and the Western fill; then each
    player settles (barons, bonds) with a ``settle`` action."""
    s.phase = "west"
    s.west_began = s.game_turn + 1
    ctx.emit("The Western phase begins")
    _bond_penalty(s, ctx)
    s.deck = new_deck("W", ctx.rng)
    s.display = []
    opening_display(s, 2 * len(s.players))
    s.west_bag = {c: s.opt.west_goods_per_colour for c in GOODS}
    s.west_bag[RAW] = s.opt.raw_cubes
    for label in sorted(g.cities):
        city = g.cities[label]
        if not city.west:
            continue
        settlers = s.settlers_at.get(label, 0)
        n = settlers if settlers else printed_goods(g, s, label)
        add_cubes(g, s, ctx.rng, label, n, west_bag=True)
    s.pending = list(s.players)
    s.step = "settle"


def _bond_penalty(s: RotwState, ctx: ActionContext) -> None:
    """Seed 16: 1 point per bond held at the end of the Eastern phase."""
    for name in s.players:
        p = s.pl[name]
        if p.bonds:
            p.score -= p.bonds
            ctx.emit(f"{name} loses {p.bonds} point(s) for bonds held (variant rule 16)")


def game_end(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    """The end of the last game turn. A game ending in the Eastern phase (the second
    coast-to-coast railroad can come before the 10th settler) still ends the Eastern phase
    first: "Final game scores will include Western Barons" (Game End) and barons are chosen
    "at the start of the Western phase" (seed 2), so each player keeps a Western baron with
    a ``settle`` before the final scoring; with ``east_game_end=switch_steps`` (default) the
    whole switch's scoring happens: seed 16's bond penalty, repay or discard, and seed 15's
    Eastern baron claim; ``barons_only``: just the Western baron."""
    if s.phase != "east":
        finish(g, s, ctx)
        return
    s.final_settle = True
    steps = s.opt.east_game_end == "switch_steps"
    ctx.emit(
        "The game ends in the Eastern phase: "
        + ("the Eastern phase's end is scored first; " if steps else "")
        + "each player keeps a Western baron (settle WB..)"
    )
    if steps:
        _bond_penalty(s, ctx)
    s.pending = list(s.players)
    s.step = "settle"


def final_barons_only(s: RotwState) -> bool:
    """The end-of-game settle under ``east_game_end=barons_only``: a Western baron only."""
    return s.final_settle and s.opt.east_game_end == "barons_only"


def check_settle(g: BoardGraph, s: RotwState, a: Settle) -> None:
    p = s.pl[a.player]
    if final_barons_only(s) and (a.repay or a.discard or a.hold):
        raise IllegalAction(RULE_FINAL_SETTLE, "only keep a Western baron: settle WB..")
    if a.west_baron not in p.west_dealt:
        raise IllegalAction(RULE_SETTLE, f"{a.west_baron} is not one of your Western barons")
    if a.repay + a.discard > p.bonds:
        raise IllegalAction(RULE_SETTLE, f"you hold only {p.bonds} bond(s)")
    if a.repay * BOND_REPAY > p.cash:
        raise IllegalAction(RULE_SETTLE, f"repaying {a.repay} bond(s) needs ${a.repay * 5}k")


def discard_penalty(n: int) -> int:
    """Seed 16: up to 2 bonds discarded for 1 point each, any more for 2 points each."""
    return min(n, 2) + 2 * max(0, n - 2)


def apply_settle(g: BoardGraph, s: RotwState, a: Settle, ctx: ActionContext) -> None:
    p = s.pl[a.player]
    if p.east_baron and not a.hold and baron_met(g, s, a.player, p.east_baron):
        p.east_baron_claimed = True
        points = BARONS[p.east_baron].points
        p.score += points
        p.baron_points += points
        ctx.emit(f"{a.player} claims Eastern baron {BARONS[p.east_baron].name}: +{points}")
    p.west_baron = a.west_baron
    ctx.emit_private(
        [a.player],
        f"{a.player} keeps Western baron {BARONS[a.west_baron].id} {BARONS[a.west_baron].name}",
        f"{a.player} keeps a Western baron",
    )
    if a.repay:
        p.bonds -= a.repay
        p.cash -= a.repay * BOND_REPAY
        ctx.emit(f"{a.player} repays {a.repay} bond(s)")
    if a.discard:
        penalty = discard_penalty(a.discard)
        p.bonds -= a.discard
        p.score -= penalty
        ctx.emit(f"{a.player} discards {a.discard} bond(s) for {penalty} point(s)")
    s.pending.remove(a.player)
    if not s.pending:
        if s.final_settle:
            finish(g, s, ctx)
        else:
            next_game_turn(g, s, ctx)


def finish(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    if not s.end_reason:
        s.end_reason = "second transcontinental"
    s.ended_turn = s.game_turn
    final_scoring(g, s, ctx)
    s.step = "over"
    ctx.emit(f"Game over ({s.end_reason})")
