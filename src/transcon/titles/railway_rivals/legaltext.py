"""What ``transcon legal`` prints for a rival (``Title.legal_groups``): the legal actions with
what each costs, as ``Ann: ACTION  # note`` lines that paste back into ``transcon act`` (the
notation ignores a `` # note``), under ``#`` headers.

* build phase: the die (or cash-building limit) and the points (links, cash) left; each
  single-link build with its construction cost and the fees due now (base 2.3);
  ``westcoast`` with its price.
* races: per race its cities with labels; ``enter N`` with the GM route's length and fees;
  every legal route for the rival alone with its length (the better-route metric), hexes and
  fees per rival, once per hex path and fees: routes that differ only in which rivals'
  parallel lines they use, paying every rival the same, are one line with their count
  (``legal.grouped_routes``). Joint runs and exchanges of running powers are not listed per
  partner (the partner must enter the same route): one line says how to write them and with
  whom.
  ``legal --all`` and ``legal --json`` still list every legal action (``Title.legal_actions``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from transcon.core.legal import LegalGroup
from transcon.core.names import name_word
from transcon.titles.railway_rivals.building import link_fees, path_costs
from transcon.titles.railway_rivals.legal import (
    affordable_links,
    grouped_routes,
    wco_hexes,
    wco_open,
)
from transcon.titles.railway_rivals.presentation import build_allowance, race_line
from transcon.titles.railway_rivals.races import route_options
from transcon.titles.railway_rivals.state import Race, RRState

if TYPE_CHECKING:
    from transcon.titles.railway_rivals.rules import RailwayRivalsUSA


def legal_groups(title: RailwayRivalsUSA, state: RRState, player: str) -> list[LegalGroup]:
    if player not in title.current_players(state):
        return []
    lab = state.model.labels
    if state.phase == "start":
        east = [h for h in sorted(state.model.east_coast) if state.model.buildable[h]]
        entries = tuple((f"start {lab[h]}", "") for h in east)
        return [LegalGroup("East Coast hexes (variant Game Start)", entries, detailed=True)]
    if state.phase == "races":
        return _race_groups(state, player)
    return [_build_group(title, state, player)]


def _fees_text(fees: list[tuple[str, int]] | dict[str, int]) -> str:
    items = sorted(fees.items()) if isinstance(fees, dict) else fees
    total = sum(n for _, n in items)
    if not total:
        return "no fees"
    return f"fees {total} (" + ", ".join(f"{n} to {r}" for r, n in items) + ")"


def _build_group(title: RailwayRivalsUSA, state: RRState, player: str) -> LegalGroup:
    lab = state.model.labels
    comments = tuple(line.strip() for line in build_allowance(state, player))
    entries = [("done", "")]
    if wco_open(state, player):
        price = state.cfg.wco_cost
        entries += [
            (f"westcoast {h}", f"West Coast operations, pay {price}")
            for h in wco_hexes(title, state, player)
        ]
    for a, b in affordable_links(state, player):
        cost, west = path_costs(state, player, [a, b])
        mult = state.cfg.wco_build_multiplier if west[0] and state.cfg.wc_double_fees else 1
        unit = "cash" if state.cash_mode else "point" if cost == 1 else "points"
        note = f"cost {cost} {unit}, {_fees_text(link_fees(state, player, a, b, mult))}"
        entries.append((f"build {lab[a]} {lab[b]}", note))
    return LegalGroup("", tuple(entries), comments, detailed=True)


def _race_groups(state: RRState, player: str) -> list[LegalGroup]:
    out = [LegalGroup("", (("done", ""),), detailed=True)]
    entered = {e.race for e in state.entries if e.player == player}
    limit = state.cfg.max_entries_per_round
    if limit and len(entered) >= limit:
        return [*out, _comment(f"at most {limit} entries a round (base 3.2): none left")]
    for race in state.races:
        if race.id in entered:
            continue
        out.append(_entry_group(state, player, race))
    others = ", ".join(p for p in state.players if p != player)
    if state.cfg.joint_runs and state.races:
        out.append(
            _comment(
                f"joint run: enter N with RIVAL ROUTE (base 3.6; RIVAL one of {others}, who "
                "must enter the same route with you)"
            )
        )
    if state.cfg.allow_running_power_exchange and state.races:
        out.append(
            _comment(
                f"exchange of running powers: enter N erp RIVAL [ROUTE] (base 3.7; RIVAL one "
                f"of {others}, who must enter erp you)"
            )
        )
    return out


def _comment(text: str) -> LegalGroup:
    return LegalGroup(text, detailed=True)


def _entry_group(state: RRState, player: str, race: Race) -> LegalGroup:
    label = f"race {race_line(state, race)}"
    team = (player,)
    front = route_options(state, race, team)
    if not front:
        return LegalGroup(label, (), ("  no legal route for you",), detailed=True)
    gm = min(front, key=lambda o: (o.length, o.total))
    entries = [
        (
            f"enter {race.id}",
            f"the GM's route: length {gm.length}, {len(gm.route)} hexes, "
            f"{_fees_text(dict(gm.payments))}",
        )
    ]
    lab = state.model.labels
    fee = state.cfg.track_use_fee_per_hex
    groups = grouped_routes(state, race, team)
    if groups is None:
        comment = "  too many routes to list: enter with the GM's route or write one"
        return LegalGroup(label, tuple(entries), (comment,), detailed=True)
    for route, owners, spellings, length in groups:
        words = [lab[route[0]]]
        fees: dict[str, int] = {}
        for h, owner in zip(route[1:], owners, strict=True):
            if owner == player:
                words.append(lab[h])
            else:
                words.append(f"{lab[h]}:{name_word(owner)}")
                fees[owner] = fees.get(owner, 0) + fee
        note = f"length {length}, {len(route)} hexes, {_fees_text(fees)}"
        if spellings > 1:
            others = spellings - 1
            note += (
                f"; or {others} other choice{'s' if others > 1 else ''} of rivals' parallel "
                "lines paying the same"
            )
        entries.append((f"enter {race.id} {' '.join(words)}", note))
    return LegalGroup(label, tuple(entries), detailed=True)
