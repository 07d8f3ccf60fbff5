"""Cities: starting cities, the GM's random cities, West Coast and race cities, bonuses.

Seed "Appearance of Cities" names four ways; each has a function here. Every city gets the
nearest unused real place name (``places.nearest_name``) and is announced in the round report.
"""

from __future__ import annotations

from collections.abc import Callable

from transcon.core.rng import GameRandom
from transcon.titles.railway_rivals.mapmodel import distances_from
from transcon.titles.railway_rivals.places import nearest_name
from transcon.titles.railway_rivals.state import BANK, City, RRState

Emit = Callable[[str], None]


def new_city(
    state: RRState, h: int, cause: str, *, keys: int = 1, end_of_round: bool = False
) -> City:
    """Create a city on hex ``h`` (not yet a city) and name it."""
    model = state.model
    used = state.used_names
    places = model.places  # in name order
    distances = distances_from(model, h, [at for _, at in places])
    # the nearest unused name, of equally near ones the first by name
    unused = [(d, i) for i, d in enumerate(distances) if places[i][0] not in used]
    name = places[min(unused)[1]][0] if unused else None
    if name is None:
        lon, lat = model.lonlat[h]
        name = nearest_name(lon, lat, state.used_names)
    state.used_names.add(name)
    city = City(
        hex=h,
        name=name,
        keys=keys,
        round=state.round,
        cause=cause,
        bonus=cause == "gm"
        or (cause == "wco" and state.cfg.bonus_for_wco_city)
        or (cause == "race" and state.cfg.bonus_for_race_city),
        end_of_round=end_of_round,
    )
    state.cities[h] = city
    return city


def create_start_cities(state: RRState, emit: Emit) -> None:
    """Seed "Game Start": one city per picked hex; a hex picked by k rivals gets k keys."""
    by_hex: dict[int, list[str]] = {}
    for p in state.players:
        by_hex.setdefault(state.picks[p], []).append(p)
    for h, who in sorted(by_hex.items()):
        city = new_city(state, h, "start", keys=len(who))
        for p in who:
            state.starts[p] = h
            state.network[p].add(h)
        keys = f", {city.keys} keys" if city.keys > 1 else ""
        line = f"Starting city {city.name} ({state.model.labels[h]}) for {', '.join(who)}{keys}"
        state.report.append(line)
        emit(line)
    state.picks.clear()


def create_gm_cities(
    state: RRState, count: int, region_round: int, rng: GameRandom, emit: Emit, *, end: bool
) -> list[City]:
    """Seed "GM Created Cities": ``count`` cities on random free hexes of the eligible region.

    A city landing on track pays the first bonus to each rival whose track is there
    (``bonus_city_on_track``)."""
    created: list[City] = []
    pool = [h for h in state.model.eligible(region_round, state.cfg) if h not in state.cities]
    for _ in range(count):
        if not pool:
            line = "No eligible hex is left for a new city"
            state.report.append(line)
            emit(line)
            break
        pos = rng.randint(0, len(pool) - 1)
        h = pool[pos]
        pool[pos] = pool[-1]
        pool.pop()
        created.append(place_gm_city(state, h, emit, end=end))
    return created


#: The seed of the one fixed draw of the printed towns (option ``gm_cities=printed``): the
#: layout belongs to the map, the same in every game, never to the game's dice.
PRINTED_CITIES_SEED = 0


def printed_city_count(state: RRState) -> int:
    """How many cities the variant's GM creates in a whole game: N before round 1 and
    ``gm_cities_per_round`` at the end of each round up to ``city_creation_last_round``."""
    cfg = state.cfg
    rounds = min(cfg.city_creation_last_round, cfg.rounds)
    return len(state.players) + cfg.gm_cities_per_round * rounds


def create_printed_cities(state: RRState, emit: Emit) -> list[City]:
    """Option ``gm_cities=printed`` (an ordinary game's towns are printed on the map): all the
    GM's cities of a game (``printed_city_count``) before round 1, on US land hexes in one
    fixed order (a shuffle seeded with ``PRINTED_CITIES_SEED``, not the game's generator),
    skipping hexes that are cities already (starting cities)."""
    order = list(state.model.us_land)
    GameRandom(PRINTED_CITIES_SEED).shuffle(order)
    wanted = printed_city_count(state)
    created: list[City] = []
    for h in order:
        if len(created) == wanted:
            break
        if h not in state.cities:
            created.append(place_gm_city(state, h, emit, end=False))
    return created


def place_gm_city(state: RRState, h: int, emit: Emit, *, end: bool) -> City:
    """A GM city on hex ``h``; rivals whose track is already there get the first bonus each
    (``bonus_city_on_track``) and count as arrivals."""
    city = new_city(state, h, "gm", end_of_round=end)
    line = f"New city {city.name} at {state.model.labels[h]}"
    state.report.append(line)
    emit(line)
    owners = sorted(
        (p for p, n in state.hex_owners.get(h, {}).items() if n), key=state.players.index
    )
    if owners:
        if state.cfg.bonus_city_on_track == "each_first":
            for p in owners:
                state.pay(BANK, p, state.cfg.town_bonus_first, f"bonus {city.name}")
                msg = f"{p} already has track there: bonus {state.cfg.town_bonus_first}"
                state.report.append(msg)
                emit(msg)
        city.arrivals.extend(owners)
    return city


def award_arrivals(state: RRState, arrivals: dict[int, list[str]], emit: Emit) -> None:
    """Connection bonuses for rivals whose track reached city hexes in the same build step.

    Rivals arriving in the same step all get the bonus of the first free place."""
    cfg = state.cfg
    bonuses = (cfg.town_bonus_first, cfg.town_bonus_second)
    for h, who in arrivals.items():
        city = state.cities.get(h)
        if city is None:
            continue
        new = [p for p in who if p not in city.arrivals]
        if not new:
            continue
        place = len(city.arrivals)
        city.arrivals.extend(new)
        if not city.bonus or place >= len(bonuses):
            continue
        for p in new:
            state.pay(BANK, p, bonuses[place], f"bonus {city.name}")
            line = f"{p} reaches {city.name}: bonus {bonuses[place]}"
            state.report.append(line)
            emit(line)


def race_city(state: RRState, h: int, emit: Emit) -> None:
    """Seed "Cities Created During the Races": a new city (no bonus) or one more key."""
    city = state.cities.get(h)
    if city is not None:
        city.keys += 1
        line = f"{city.name} ({state.model.labels[h]}) gains a key (now {city.keys})"
    else:
        city = new_city(state, h, "race")
        city.arrivals.extend(p for p in state.players if state.has_track_in(p, h))
        line = f"New city {city.name} at {state.model.labels[h]} (double 1 in a race)"
    state.report.append(line)
    emit(line)
