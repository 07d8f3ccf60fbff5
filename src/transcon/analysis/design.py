"""The designed experiment: which bot games ``transcon analyze`` plays, each one a GameSpec.

Three experiments per setting (a setting is a named set of option overrides):

- ``seat``: every seat plays the title's main bot; game seeds differ.
- ``skill``: one main bot against weaker opponents (the weak bot, and the main bot with
  random moves at several noise levels); the strong bot's seat rotates with the game index.
- ``luck``: a crossed grid of D dice seeds x K decision seeds, every seat the main bot with a
  little noise; the game seed is the row's, the bot seeds the column's (common random numbers).

Seeds come from :func:`transcon.core.bots.bot_seed` of the run seed and the game's place in
the design, never from the setting, so every setting sees the same seeds (paired comparisons).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from transcon.core.bots import NOISE_MARK, bot_seed
from transcon.core.errors import InputError

SEED_LIMIT = 2**31  # game seeds stay small enough to type into `transcon new --seed`


@dataclass(frozen=True)
class Profile:
    """How a title is analysed: its bots, player count, action cap and named settings."""

    main_bot: str
    weak_bot: str
    players: int
    max_actions: int
    #: extra settings compared by default, name -> (option overrides, what they mean)
    settings: Mapping[str, tuple[Mapping[str, object], str]] = field(default_factory=dict)
    #: what the setting with the base options is called in reports
    default_setting: str = "default"
    #: claims of the title's own text that the base setting has more luck than an extra
    #: setting, by that setting's name: the report concludes on each from the numbers
    luck_claims: Mapping[str, str] = field(default_factory=dict)


#: "Ordinary" Railway Rivals: the variant with what our options can turn back to the base game.
RR_ORDINARY: dict[str, object] = {
    "build_dice_min_total": 0,
    "reroll_ones": "once",
    "min_race_length": 6,
    "allow_running_power_exchange": True,
    "gm_cities": "printed",
    "double_one_cities": False,
}
RR_ORDINARY_TEXT = (
    "the Transcontinental variant with the options our engine offers set back toward an "
    "ordinary game: the game-master's cities printed on the map instead of drawn during "
    "play (`gm_cities=printed`: as many cities as the variant creates in a whole game, all "
    "there before round 1, on hexes fixed for the map, the same in every game), no cities "
    "from double 1s in races (`double_one_cities=false`), building dice without the "
    "variant's 'reroll all three below 9' (`build_dice_min_total=0`; ones are rerolled "
    "once, `reroll_ones=once`, the nearest our options come to plain dice), races no "
    "shorter than 6 hexes as in the base game's face-to-face rule (`min_race_length=6`), "
    "and exchanges of running powers allowed as in base rules 3.7 "
    "(`allow_running_power_exchange=true`). Races are still run with a die (as in every "
    "Railway Rivals game), between cities drawn at random, and the Transcontinental race "
    "and West Coast operations stay"
)

#: the variant's own words (Railway Rivals: Transcontinental USA, the seed's preamble)
RR_LUCK_CLAIM = "This variant involves considerably more luck than an ordinary Railway Rivals game"

PROFILES: dict[str, Profile] = {
    "railway-rivals-usa": Profile(
        "greedy",
        "random-legal",
        4,
        20_000,
        {"ordinary": (RR_ORDINARY, RR_ORDINARY_TEXT)},
        default_setting="variant",
        luck_claims={"ordinary": RR_LUCK_CLAIM},
    ),
    "rotw-east-west": Profile("greedy", "random", 4, 20_000),
    "1870": Profile("builder", "random", 4, 20_000),
}


def profile(title: str) -> Profile:
    found = PROFILES.get(title)
    if found is None:
        known = ", ".join(sorted(PROFILES))
        raise InputError(f"no analysis for {title!r} (titles: {known})")
    return found


@dataclass(frozen=True)
class Sizes:
    """Games per experiment and setting."""

    seat_games: int = 40
    skill_games: int = 20  # per opponent kind
    dice_seeds: int = 6
    decision_seeds: int = 4
    noise_levels: tuple[float, ...] = (0.05, 0.2, 0.5)
    luck_noise: float = 0.1


@dataclass(frozen=True)
class GameSpec:
    """One game of the design; everything needed to play (and replay) it."""

    setting: str
    experiment: str
    label: str  # the game's place in its experiment, e.g. "7", "random/3", "dice 2/bots 1"
    title: str
    options: Mapping[str, object]
    seed: int
    bots: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    max_actions: int
    dice: int = -1
    decisions: int = -1

    @property
    def key(self) -> str:
        return f"{self.setting}/{self.experiment}/{self.label}"

    def options_json(self) -> str:
        return json.dumps(dict(self.options), sort_keys=True)


def noisy(bot: str, level: float) -> str:
    return f"{bot}{NOISE_MARK}{level:g}"


def _seed(*parts: object) -> int:
    return bot_seed(*parts) % SEED_LIMIT


def design(
    title: str,
    settings: Mapping[str, Mapping[str, object]],
    sizes: Sizes,
    run_seed: int = 0,
    players: int | None = None,
) -> list[GameSpec]:
    """Every game of the experiment, in a fixed order."""
    prof = profile(title)
    seats = players or prof.players
    games: list[tuple[str, str, list[str], int, int]] = []  # experiment, label, bots, d, k
    games += [("seat", str(i), [prof.main_bot] * seats, -1, -1) for i in range(sizes.seat_games)]
    opponents = [prof.weak_bot] + [noisy(prof.main_bot, p) for p in sizes.noise_levels]
    for opponent in opponents:
        for game in range(sizes.skill_games):
            bots = [opponent] * seats
            bots[game % seats] = prof.main_bot
            games.append(("skill", f"{opponent}/{game}", bots, -1, -1))
    luck_bots = [noisy(prof.main_bot, sizes.luck_noise)] * seats
    for dice in range(sizes.dice_seeds):
        for decisions in range(sizes.decision_seeds):
            games.append(("luck", f"dice {dice}/bots {decisions}", luck_bots, dice, decisions))
    return [
        GameSpec(
            setting=name,
            experiment=experiment,
            label=label,
            title=title,
            options=dict(options),
            seed=_game_seed(run_seed, experiment, label, dice),
            bots=tuple(bots),
            bot_seeds=_bot_seeds(run_seed, experiment, label, decisions, seats),
            max_actions=prof.max_actions,
            dice=dice,
            decisions=decisions,
        )
        for name, options in settings.items()
        for experiment, label, bots, dice, decisions in games
    ]


def _game_seed(run_seed: int, experiment: str, label: str, dice: int) -> int:
    """The luck grid's row shares its seed (the dice); other games have their own."""
    if experiment == "luck":
        return _seed(run_seed, "luck-dice", dice)
    return _seed(run_seed, experiment, label)


def _bot_seeds(
    run_seed: int, experiment: str, label: str, decisions: int, seats: int
) -> tuple[int, ...]:
    """The luck grid's column shares its bot seeds (the decisions); other games their own."""
    if experiment == "luck":
        return tuple(_seed(run_seed, "luck-bots", decisions, seat) for seat in range(seats))
    return tuple(_seed(run_seed, experiment, label, "bot", seat) for seat in range(seats))


def settings_from(
    title: str,
    base: Mapping[str, object],
    vary: Sequence[tuple[str, Sequence[object]]],
    presets: bool = True,
) -> dict[str, dict[str, object]]:
    """The settings to compare: ``default`` (the base options), every combination of the
    ``--vary`` values (named ``opt=a,opt2=x``), and with ``presets`` the title's own."""
    settings: dict[str, dict[str, object]] = {profile(title).default_setting: dict(base)}
    if vary:
        settings = {}
        combos: list[tuple[str, dict[str, object]]] = [("", dict(base))]
        for name, values in vary:
            combos = [
                (f"{label},{name}={v}".lstrip(","), {**opts, name: v})
                for label, opts in combos
                for v in values
            ]
        settings.update(combos)
    if presets:
        for name, (overrides, _) in profile(title).settings.items():
            settings[name] = {**base, **overrides}
    return settings
