"""Races: offering them, checking entries (exact routes, the better-route rule), running them.

Seed "Races" and "Special Transcontinental Race", base 3.1-3.6. Each racing round offers N
new races between random cities (drawn by key), plus races re-offered once, plus the
Transcontinental race once any track joins an East Coast city to a West Coast city. A rival
enters with an exact route; it must be on the Pareto front of the route finder (no route is
better). Races are run with one die per train per throw round.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from transcon.core.errors import IllegalAction
from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals.cities import race_city
from transcon.titles.railway_rivals.fees import Train, pay_fees, split, void_over_cap
from transcon.titles.railway_rivals.mapmodel import hex_distance
from transcon.titles.railway_rivals.routes import RouteOption, find_routes
from transcon.titles.railway_rivals.state import BANK, Entry, Race, RRState, edge
from transcon.titles.railway_rivals.tracks import any_track_path, better, route_length, step_points

Emit = Callable[[str], None]

RULE_RACE = "variant Races: enter a race on offer this round, once"
RULE_ROUTE = "variant Races: the exact route must follow track"
RULE_BETTER = "variant Races: no better route may be available"
RULE_CAP = "base 3.3: at most 10 hexes of one rival's track per race"
RULE_OWN = "base 3.2: part of the route must be on your own track"
RULE_JOINT = "base 3.6: joint runs are two rivals"
RULE_LIMIT = "base 3.2: entries per round (max_entries_per_round)"
RULE_ERP = "variant Races: exchanges of running powers are not permitted"


def fresh(state: RRState, h: int) -> bool:
    """True for a city created at the end of the previous round (not used in races)."""
    city = state.cities[h]
    return city.end_of_round and city.round == state.round - 1


def coast_cities(state: RRState, coast: frozenset[int]) -> list[int]:
    return sorted(h for h in state.cities if h in coast and not fresh(state, h))


def race_ends(state: RRState, race: Race) -> tuple[list[int], list[int]]:
    """Allowed start and finish hexes of a race."""
    if race.tc:
        east = coast_cities(state, state.model.east_coast)
        west = coast_cities(state, state.model.west_coast)
        if state.cfg.tc_race_uses_keys:
            free = set(race.ends)
            east, west = [h for h in east if h in free], [h for h in west if h in free]
        return east, west
    return [race.a], [race.b]


def race_name(state: RRState, race: Race) -> str:
    if race.tc:
        return f"#{race.id} Transcontinental (East Coast city -- West Coast city)"
    a, b = state.cities.get(race.a), state.cities.get(race.b)
    an = a.name if a else state.model.labels[race.a]
    bn = b.name if b else state.model.labels[race.b]
    again = " (re-offered)" if race.offers > 1 else ""
    return f"#{race.id} {an} -- {bn}{again}"


def offer_races(state: RRState, rng: GameRandom, emit: Emit) -> None:
    """Build this round's race list (carried races first, then N new, then the TC race)."""
    cfg = state.cfg
    offered: list[Race] = []
    for race in state.races:
        if race.tc:
            continue
        if race.offers <= cfg.reoffer_unentered:
            race.offers += 1
            offered.append(race)
        else:
            line = f"Race {race_name(state, race)} dropped (not entered)"
            state.report.append(line)
            emit(line)
    avail = {h: c.keys for h, c in state.cities.items() if not fresh(state, h)}
    for race in offered:
        for h in (race.a, race.b):
            if h in avail:
                avail[h] = max(avail[h] - 1, 0)
    count = len(state.players)
    if not cfg.reoffers_extra:
        count = max(count - len(offered), 0)
    if (
        state.tc_run_round is None
        and not state.tc_offered
        and any_track_path(
            state,
            coast_cities(state, state.model.east_coast),
            coast_cities(state, state.model.west_coast),
        )
    ):
        state.tc_offered = True
        state.tc_first_offered_round = state.round
    tc_now = state.tc_run_round is None and state.tc_offered
    if tc_now and cfg.tc_race_uses_keys:
        count = max(count - 1, 0)  # the Transcontinental race is one of the N races
    for _ in range(count):
        a = _draw(avail, rng, cfg.race_draw_weight, None)
        if a is None:
            break
        b = _draw(avail, rng, cfg.race_draw_weight, a, _far_enough(state, a))
        if b is None:
            break
        avail[a] -= 1
        avail[b] -= 1
        offered.append(Race(id=state.next_race_id, a=a, b=b))
        state.next_race_id += 1
    if tc_now:
        tc = Race(id=state.next_race_id, a=-1, b=-1, tc=True)
        if cfg.tc_race_uses_keys:  # its cities must have a key the drawn races left free
            tc.ends = tuple(sorted(h for h, k in avail.items() if k > 0))
        offered.append(tc)
        state.next_race_id += 1
    state.races = offered
    state.entries = []
    for race in offered:
        line = f"Race {race_name(state, race)}"
        state.report.append(line)
        emit(line)


def _far_enough(state: RRState, a: int) -> frozenset[int] | None:
    """Cities too close to ``a`` for ``min_race_length`` (None when there is no minimum)."""
    if not state.cfg.min_race_length:
        return None
    return frozenset(
        h for h in state.cities if hex_distance(state.model, a, h) < state.cfg.min_race_length
    )


def _draw(
    avail: dict[int, int],
    rng: GameRandom,
    weight: str,
    other: int | None,
    too_close: frozenset[int] | None = None,
) -> int | None:
    cands = sorted(
        h for h, k in avail.items() if k > 0 and h != other and not (too_close and h in too_close)
    )
    if not cands:
        return None
    if weight == "uniform_city":
        return cands[rng.randint(0, len(cands) - 1)]
    total = sum(avail[h] for h in cands)
    pick = rng.randint(1, total)
    for h in cands:
        pick -= avail[h]
        if pick <= 0:
            return h
    return cands[-1]


def race_by_id(state: RRState, race_id: int) -> Race:
    for race in state.races:
        if race.id == race_id:
            return race
    raise IllegalAction(RULE_RACE, f"race #{race_id} is not on offer")


def team_of(player: str, partner: str | None) -> tuple[str, ...]:
    return (player,) if partner is None else (player, partner)


def route_options(
    state: RRState,
    race: Race,
    team: Sequence[str],
    capped: bool = True,
    max_total: int | None = None,
) -> list[RouteOption]:
    """The Pareto front of the team's legal routes for a race (one route per front point:
    checking an entry needs only the points); ``capped`` false: without the per-rival cap
    (routes that ``fee_netting`` may allow); ``max_total``: only the front routes paying at
    most that (all that can be better than a route paying that). A joint team's front is
    the same whichever member enters, so the team is searched (and cached) as a set."""
    starts, ends = race_ends(state, race)
    team = sorted(team)
    return find_routes(state, team, starts, ends, splits=False, capped=capped, max_total=max_total)


def entry_team(player: str, partner: str | None, exchange: str | None) -> tuple[str, ...]:
    """Whose track an entry uses free: the rival, a joint partner or an exchange partner."""
    other = partner if partner is not None else exchange
    return (player,) if other is None else (player, other)


def resolve_owners(
    state: RRState, team: Sequence[str], route: Sequence[int], named: Sequence[str]
) -> list[str]:
    """Whose track each link uses; a blank name means own/partner track or the only owner."""
    lab = state.model.labels
    out = []
    for i, (a, b) in enumerate(itertools.pairwise(route)):
        owners = state.edge_owners.get(edge(a, b))
        if not owners:
            raise IllegalAction(RULE_ROUTE, f"no track on {lab[a]}-{lab[b]}")
        name = named[i] if i < len(named) else ""
        if name:
            if name not in owners:
                raise IllegalAction(RULE_ROUTE, f"{name} has no track on {lab[a]}-{lab[b]}")
            out.append(name)
            continue
        mine = [p for p in team if p in owners]
        if mine:
            out.append(mine[0])
        elif len(owners) == 1:
            out.append(owners[0])
        else:
            raise IllegalAction(
                RULE_ROUTE, f"{lab[a]}-{lab[b]} has several lines: name one (HEX:OWNER)"
            )
    return out


def check_entry(
    state: RRState,
    player: str,
    race_id: int,
    route: Sequence[int],
    named: Sequence[str],
    partner: str | None,
    exchange: str | None = None,
) -> tuple[list[int], list[str]] | None:
    """Check an entry. Returns (route, owners), or None for "let the GM pick" (empty route).

    With ``fee_netting`` a route may use more of one rival's track than the cap (the net
    is checked when the race is run); such a route must not be beaten by any route found
    without the cap either."""
    race = race_by_id(state, race_id)
    if any(e.race == race_id and e.player == player for e in state.entries):
        raise IllegalAction(RULE_RACE, f"you have already entered race #{race_id}")
    limit = state.cfg.max_entries_per_round
    if limit and sum(1 for e in state.entries if e.player == player) >= limit:
        raise IllegalAction(RULE_LIMIT, f"at most {limit} entries per round")
    if partner is not None:
        if not state.cfg.joint_runs:
            raise IllegalAction(RULE_JOINT, "joint runs are switched off")
        if partner == player or partner not in state.players:
            raise IllegalAction(RULE_JOINT, f"bad partner {partner!r}")
    if exchange is not None:
        if not state.cfg.allow_running_power_exchange:
            raise IllegalAction(RULE_ERP, "option allow_running_power_exchange is off")
        if partner is not None:
            raise IllegalAction(RULE_ERP, "a joint run cannot also exchange running powers")
        if exchange == player or exchange not in state.players:
            raise IllegalAction(RULE_ERP, f"bad exchange partner {exchange!r}")
    team = entry_team(player, partner, exchange)
    if not route:
        if not route_options(state, race, team):
            raise IllegalAction(RULE_ROUTE, "no legal route for this race")
        return None
    lab = state.model.labels
    starts, ends = race_ends(state, race)
    if route[0] not in starts or route[-1] not in ends:
        raise IllegalAction(RULE_ROUTE, f"a route for race #{race_id} must join its cities")
    if len(set(route)) != len(route):
        raise IllegalAction(RULE_ROUTE, "a route may not visit a hex twice")
    owners = resolve_owners(state, team, route, named)
    counts: dict[str, int] = {}
    for o in owners:
        if o not in team:
            counts[o] = counts.get(o, 0) + 1
    over = any(c > state.cfg.max_foreign_hexes_per_owner for c in counts.values())
    for o, c in counts.items():
        if c > state.cfg.max_foreign_hexes_per_owner and not state.cfg.fee_netting:
            raise IllegalAction(RULE_CAP, f"{c} hexes of {o}'s track")
    if state.cfg.min_own_track == "any" and all(o not in team for o in owners):
        raise IllegalAction(RULE_OWN, "the route uses no track of yours")
    length = route_length(state, route)
    total = sum(counts.values()) * state.cfg.track_use_fee_per_hex
    # a better route pays no more: only those front routes are needed
    options = route_options(state, race, team, max_total=total)
    if over and state.cfg.fee_netting:
        options = options + route_options(state, race, team, capped=False, max_total=total)
    for opt in options:
        if better(opt.length, opt.total, length, total):
            shown = " ".join(lab[h] for h in opt.route)
            raise IllegalAction(
                RULE_BETTER,
                f"route {shown} (length {opt.length}, pays {opt.total}) is better than "
                f"yours (length {length}, pays {total})",
            )
    return list(route), owners


def pick_route(state: RRState, race: Race, team: Sequence[str], rng: GameRandom) -> RouteOption:
    """The GM's pick for an entry without a route: shortest, then cheapest, ties at random
    (option ``gm_pick_ties``)."""
    starts, ends = race_ends(state, race)
    if state.cfg.gm_pick_ties == "one_split":
        # only the shortest routes are wanted; the front (without splits, as the entry's
        # check found it) bounds the search from the start
        front = route_options(state, race, team)
        shortest = min(o.length for o in front)
        known = [(o.length, o.total) for o in front]
        found = find_routes(
            state, team, starts, ends, rng, splits=False, max_length=shortest, known=known
        )
        options = found or find_routes(state, team, starts, ends, splits=False, max_length=shortest)
    else:
        options = find_routes(state, team, starts, ends, rng) or find_routes(
            state, team, starts, ends
        )
    best = min((o.length, o.total) for o in options)
    tied = [o for o in options if (o.length, o.total) == best]
    return tied[rng.randint(0, len(tied) - 1)] if len(tied) > 1 else tied[0]


def resolve_races(state: RRState, rng: GameRandom, emit: Emit) -> None:
    """Run every entered race of the round; unentered races stay for the re-offer rule."""
    cfg = state.cfg
    remaining: list[Race] = []
    for race in state.races:
        entries = [e for e in state.entries if e.race == race.id]
        trains = void_over_cap(state, race.id, _trains(state, race, entries, emit), emit)
        if not trains:
            if not race.tc:
                remaining.append(race)
            continue
        _run(state, race, trains, rng, emit)
        if race.tc:
            state.tc_run_round = state.round
            state.tc_offered = False
            if cfg.cash_build_starts == "same_round":
                state.cash_mode = True
    state.races = remaining
    state.entries = []


def _trains(state: RRState, race: Race, entries: list[Entry], emit: Emit) -> list[Train]:
    by_player = {e.player: e for e in entries}
    trains: list[Train] = []
    used: set[str] = set()
    for e in entries:
        if e.player in used:
            continue
        if e.exchange is not None:
            used.add(e.player)
            other = by_player.get(e.exchange)
            if other is not None and other.exchange == e.player:
                trains.append(Train((e.player,), e.route, e.owners, (e.player, e.exchange)))
            else:
                line = (
                    f"{e.player}'s entry in race #{race.id} is void ({e.exchange} did not "
                    "exchange running powers)"
                )
                state.report.append(line)
                emit(line)
            continue
        if e.partner is None:
            trains.append(Train((e.player,), e.route, e.owners))
            used.add(e.player)
            continue
        other = by_player.get(e.partner)
        if other is not None and other.partner == e.player and other.route == e.route:
            trains.append(Train((e.player, e.partner), e.route, e.owners))
            used.update((e.player, e.partner))
        else:
            used.add(e.player)
            line = (
                f"{e.player}'s joint entry in race #{race.id} is void ({e.partner} did not match)"
            )
            state.report.append(line)
            emit(line)
    return trains


def _run(state: RRState, race: Race, trains: list[Train], rng: GameRandom, emit: Emit) -> None:
    cfg = state.cfg
    lab = state.model.labels
    title = race_name(state, race)
    state.report.append(f"Race {title}:")
    emit(f"Race {title}")
    pay_fees(state, race.id, trains, emit)  # before the race, whatever the result
    for t in trains:
        t.steps = [step_points(state, a, b) for a, b in zip(t.route, t.route[1:], strict=False)]
        pays = ", ".join(f"{o} {n}" for o, n in sorted(t.fees.items())) or "nothing"
        line = (
            f"  {'/'.join(t.team)}: {' '.join(lab[h] for h in t.route)} "
            f"({sum(t.steps)} points; pays {pays})"
        )
        state.report.append(line)
        emit(line)
    new_cities: list[int] = []
    if len(trains) == 1:
        trains[0].finished = 0
    else:
        pending: dict[int, int | None] = {i: None for i in range(len(trains))}
        throw_round = 0
        while throw_round < 10_000:
            throw_round += 1
            for i, t in enumerate(trains):
                if t.finished is not None:
                    continue
                die = rng.die()
                t.throws.append(die)
                if pending[i] is not None and die == 1 and cfg.double_one_cities:
                    new_cities.append(pending[i])  # type: ignore[arg-type]
                    carried = cfg.double_one_overlapping
                else:
                    carried = True
                pending[i] = None
                points, entered = die + t.carry, None
                while t.pos < len(t.steps) and t.steps[t.pos] <= points:
                    points -= t.steps[t.pos]
                    t.pos += 1
                    entered = t.route[t.pos]
                if cfg.carry_race_points:  # base 3.4 option: leftover points carry over
                    t.carry = points
                if t.pos == len(t.steps):
                    t.finished = throw_round
                    t.leftover = points
                elif die == 1 and entered is not None and carried:
                    pending[i] = entered
            done = sum(t.finished is not None for t in trains)
            if done >= 2 or done == len(trains):
                break
    for t in trains:
        if t.throws:
            line = f"  {'/'.join(t.team)} throws {' '.join(map(str, t.throws))}" + (
                f", arrives in throw round {t.finished}" if t.finished else ", does not place"
            )
            state.report.append(line)
            emit(line)
    _payout(state, race, trains, emit)
    for h in new_cities:
        race_city(state, h, emit)


def _payout(state: RRState, race: Race, trains: list[Train], emit: Emit) -> None:
    cfg = state.cfg
    prizes = (
        [cfg.tc_prize_first, cfg.tc_prize_second]
        if race.tc
        else [cfg.race_prize_first, cfg.race_prize_second]
    )
    finished = [t for t in trains if t.finished is not None]
    if cfg.tie_rule == "most_points_left":
        finished.sort(key=lambda t: (t.finished, -t.leftover))
        groups: list[list[Train]] = []
        for t in finished:
            if groups and (groups[-1][0].finished, groups[-1][0].leftover) == (
                t.finished,
                t.leftover,
            ):
                groups[-1].append(t)
            else:
                groups.append([t])
    else:
        finished.sort(key=lambda t: t.finished or 0)
        groups = []
        for t in finished:
            if groups and groups[-1][0].finished == t.finished:
                groups[-1].append(t)
            else:
                groups.append([t])
    place = 0
    record: dict[str, Any] = {
        "race": race.id,
        "round": state.round,
        "tc": race.tc,
        "trains": [
            {
                "team": list(t.team),
                "route": [state.model.labels[h] for h in t.route],
                "throws": list(t.throws),
                "finished": t.finished,
                "fees": dict(t.fees),
            }
            for t in trains
        ],
        "prizes": {},
    }
    for group in groups:
        if place >= len(prizes):
            break
        pool = sum(prizes[place : place + len(group)])
        each = pool // len(group)
        for t in group:
            shares = split(each, t.team, state, richer_first=False)
            for p, share in zip(t.team, shares, strict=True):
                state.pay(BANK, p, share, f"prize race #{race.id}")
                record["prizes"][p] = record["prizes"].get(p, 0) + share
            line = f"  {'/'.join(t.team)} finishes {_ordinal(place + 1)}: wins {each}"
            state.report.append(line)
            emit(line)
        place += len(group)
    state.results.append(record)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
