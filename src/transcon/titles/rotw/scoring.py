"""Major lines, the coast-to-coast ladder, Rail Barons and final scoring."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from transcon.core.paths import front_of, pareto_fronts
from transcon.core.title import ActionContext
from transcon.titles.rotw.data import (
    BARONS,
    CASH_PER_POINT,
    EAST_COAST_REGION,
    MAJOR_LINES,
    MOST_RAW_POINTS,
    SUPER_CHIEF,
    TRANSCON_ID,
    TRANSCON_LADDER,
    WEST_COAST_REGION,
    MajorLine,
)
from transcon.titles.rotw.economy import add_points
from transcon.titles.rotw.graph import BoardGraph
from transcon.titles.rotw.state import LineRecord, Link, RotwState

RUN_BUDGET = 20_000

Adjacency = dict[str, list[tuple[str, int]]]
Route = tuple[int, int]  # (links, pieces)


def own_adjacency(s: RotwState, player: str | None) -> Adjacency:
    """City -> (neighbour, pieces) over the completed links of ``player`` (None: everyone's)."""
    adj: Adjacency = {}
    for link in s.links:
        if link.b and (player is None or link.owner == player):
            adj.setdefault(link.a, []).append((link.b, link.pieces))
            adj.setdefault(link.b, []).append((link.a, link.pieces))
    return adj


def pareto_routes(adj: Adjacency, sources: Iterable[str], targets: set[str]) -> list[Route]:
    """Every non-dominated (links, pieces) of the routes between the sets, fewest links
    first: no other route has at most as many links and at most as many pieces (going on
    through a target only makes a dominated route)."""
    starts = [(src, (0, 0)) for src in sources if src in adj]

    def steps(here: str) -> Iterator[tuple[str, tuple[int, int]]]:
        return ((nb, (1, n)) for nb, n in adj.get(here, ()))

    fronts = pareto_fronts(starts, steps, goals=targets)
    found = front_of(v for t in targets for v in fronts.get(t, ()))
    return [(links, pieces) for links, pieces in found]


def components(adj: Adjacency) -> dict[str, int]:
    """City -> a number shared by exactly the cities joined to it through ``adj``."""
    part: dict[str, int] = {}
    for start in adj:
        if start in part:
            continue
        number = len(part)
        part[start] = number
        todo = [start]
        while todo:
            for nb, _ in adj[todo.pop()]:
                if nb not in part:
                    part[nb] = number
                    todo.append(nb)
    return part


def joined(part: dict[str, int], a: Iterable[str], b: Iterable[str]) -> bool:
    """Whether some city of ``a`` and some of ``b`` share a part of :func:`components`."""
    parts = {part[c] for c in a if c in part}
    return any(part.get(c, -1) in parts for c in b)


def _labels(g: BoardGraph, names: tuple[str, ...]) -> list[str]:
    """City labels of a line end: named cities on the map, or a region's cities."""
    out: list[str] = []
    for n in names:
        if n == EAST_COAST_REGION:
            out.extend(sorted(c.label for c in g.cities.values() if c.east_coast))
        elif n == WEST_COAST_REGION:
            out.extend(sorted(c.label for c in g.cities.values() if c.west_coast))
        elif n in g.by_name:
            out.append(g.by_name[n])
    return out


def line_ends(g: BoardGraph, line: MajorLine) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The city labels at either end of a major line (cached per board)."""
    key = (g, line.id)
    found = _LINE_ENDS.get(key)
    if found is None:
        found = _LINE_ENDS[key] = (tuple(_labels(g, line.ends_a)), tuple(_labels(g, line.ends_b)))
    return found


_LINE_ENDS: dict[tuple[BoardGraph, str], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def coasts(g: BoardGraph) -> tuple[tuple[str, ...], frozenset[str]]:
    """The East Coast cities (in map order) and the West Coast cities."""
    return g.east_coast, g.west_coast


def network_of(adj: Adjacency, city: str) -> set[str]:
    """The cities joined to ``city`` through ``adj`` (``city`` included)."""
    found = {city}
    todo = [city]
    while todo:
        for nb, _ in adj.get(todo.pop(), ()):
            if nb not in found:
                found.add(nb)
                todo.append(nb)
    return found


def after_link(g: BoardGraph, s: RotwState, link: Link, ctx: ActionContext) -> None:
    """Score major lines (with the half-value rule) and the coast-to-coast ladder after the
    player completed ``link``.

    Only the network the new link is part of can newly join a line's ends or make a route
    shorter than the line's record: any other network of the player was scored when its
    last link came (records only ever get shorter), so lines are looked at only where the
    new link's network reaches both ends (every route of the player is then compared)."""
    player = link.owner
    adj = own_adjacency(s, player)
    network = network_of(adj, link.a)
    for line in MAJOR_LINES:
        record = s.lines.get(line.id)
        if record is not None and player in record.claimants:
            continue
        a, b = line_ends(g, line)
        if network.isdisjoint(a) or network.isdisjoint(b):
            continue  # the new link's network does not join the line's ends
        routes = pareto_routes(adj, a, set(b))
        if not routes:
            continue
        if record is None:
            links, pieces = routes[0]
            s.lines[line.id] = LineRecord([player], links, pieces)
            add_points(s, player, line.points)
            ctx.emit(f"{player} completes major line {line.title}: +{line.points}")
            continue
        best = (record.best_links, record.best_pieces)
        shorter = [r for r in routes if r[0] <= best[0] and r[1] <= best[1] and r != best]
        if shorter:
            links, pieces = shorter[0]
            half = -(-line.points // 2)
            record.claimants.append(player)
            record.best_links, record.best_pieces = links, pieces
            add_points(s, player, half)
            ctx.emit(f"{player} completes a shorter {line.title}: +{half}")
    p = s.pl[player]
    if p.transcon:
        return
    east, west = coasts(g)
    if s.opt.transcon_links == "own":  # (as with the lines: only the new link's network)
        if network.isdisjoint(east) or network.isdisjoint(west):
            return
    elif not joined(components(own_adjacency(s, None)), east, west):
        return
    p.transcon = True
    rank = len(s.transcon_done)
    s.transcon_done.append(player)
    points = TRANSCON_LADDER[rank] if rank < len(TRANSCON_LADDER) else 0
    add_points(s, player, points)
    record = s.lines.setdefault(TRANSCON_ID, LineRecord())
    record.claimants.append(player)
    ctx.emit(f"{player} completes a coast-to-coast railroad ({rank + 1}): +{points}")
    if len(s.transcon_done) == 2 and not s.end_triggered:
        s.end_triggered = True
        s.end_reason = "second transcontinental"
        s.rounds_this_turn = 4
        ctx.emit("Second coast-to-coast railroad: the game ends after a 4th round")
    if s.opt.end_on_leader_transcon and s.pl[player].score >= max(s.pl[q].score for q in s.players):
        s.end_triggered = True
        s.end_reason = "leader's transcontinental"
        s.rounds_this_turn = 0  # ends at once (the flow module finishes the game)


def longest_run(adj: Adjacency) -> int:
    """Most links in a trail (no link twice) of the network; a bounded search."""
    best = 0
    budget = [RUN_BUDGET]

    def walk(here: str, used: set[tuple[str, str]], length: int) -> None:
        nonlocal best
        best = max(best, length)
        if budget[0] <= 0:
            return
        budget[0] -= 1
        for nb, _ in adj.get(here, ()):
            edge = (here, nb) if here < nb else (nb, here)
            if edge in used:
                continue
            used.add(edge)
            walk(nb, used, length + 1)
            used.discard(edge)

    for start in sorted(adj):
        walk(start, set(), 0)
    return best


def own_run(s: RotwState, player: str) -> int:
    """:func:`longest_run` of the player's completed links (kept with the state while
    they stand: several barons and every player's comparison read it)."""
    found = s._runs.get(player)
    if found is None:
        found = s._runs[player] = longest_run(own_adjacency(s, player))
    return found


def measures(g: BoardGraph, s: RotwState, player: str, with_run: bool = True) -> dict[str, int]:
    """The quantities Rail Barons are measured on (also shown by describe_status);
    ``with_run`` False leaves out the longest run (0), the one costly measure."""
    p = s.pl[player]
    own = [lk for lk in s.links if lk.owner == player and lk.b]
    cities = {c for lk in own for c in (lk.a, lk.b)}
    return {
        "links": len(own),
        "run": own_run(s, player) if own and with_run else 0,
        "cities": len(cities),
        "engine": (p.engine if p.engine != SUPER_CHIEF else 14) - 1,
        "goods": p.goods_delivered,
        "settlers": p.settlers_delivered,
        "raw": p.raw_delivered,
        "red": p.red_delivered,
        "east_coast": sum(1 for c in cities if g.cities[c].east_coast),
        "west_links": sum(1 for lk in own if g.cities[lk.a].west or g.cities[lk.b].west),
        "west_cities": sum(1 for c in cities if g.cities[c].west),
        "cash": p.cash,
    }


def baron_met(g: BoardGraph, s: RotwState, player: str, baron_id: str) -> bool:
    """A baron goal is met by leading its measure (ties count) with a value above 0."""
    measure = BARONS[baron_id].measure
    run = measure == "run"
    mine = measures(g, s, player, run)[measure]
    return mine > 0 and all(mine >= measures(g, s, q, run)[measure] for q in s.players)


def final_scoring(g: BoardGraph, s: RotwState, ctx: ActionContext) -> None:
    """Final scores: barons, most raw materials, cash at $10k a point, minus bonds."""
    most_raw = max(s.pl[q].raw_delivered for q in s.players)
    for name in s.players:
        p = s.pl[name]
        bonus: dict[str, int] = {}
        barons = 0
        if p.west_baron and baron_met(g, s, name, p.west_baron):
            barons += BARONS[p.west_baron].points
        if p.east_baron and not p.east_baron_claimed and baron_met(g, s, name, p.east_baron):
            barons += BARONS[p.east_baron].points
        bonus["barons"] = barons
        kept = [b for b in (p.east_baron, p.west_baron) if b]
        if kept:
            shown = ", ".join(_baron_result(g, s, name, b) for b in kept)
            ctx.emit(f"{name} reveals baron(s) {shown}")
        bonus["most_raw"] = MOST_RAW_POINTS if most_raw > 0 and p.raw_delivered == most_raw else 0
        bonus["cash"] = p.cash // CASH_PER_POINT
        bonus["bonds"] = -p.bonds
        p.final_bonus = bonus
        ctx.emit(
            f"{name}: track {p.score}, barons {barons}, raw {bonus['most_raw']}, "
            f"cash {bonus['cash']}, bonds {-p.bonds}: {final_points(s, name)}"
        )


def _baron_result(g: BoardGraph, s: RotwState, player: str, card: str) -> str:
    p = s.pl[player]
    if card == p.east_baron and p.east_baron_claimed:
        how = "claimed"
    else:
        how = "met" if baron_met(g, s, player, card) else "not met"
    return f"{card} {BARONS[card].name} ({how})"


def final_points(s: RotwState, player: str) -> int:
    p = s.pl[player]
    return p.score + sum(p.final_bonus.values())
