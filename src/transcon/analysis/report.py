"""The Markdown report of an analysis (with its PNG plots beside it)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from transcon.analysis import plots
from transcon.analysis.design import Profile, Sizes
from transcon.analysis.questions import Answers
from transcon.analysis.stats import Estimate, rate_difference, share_difference
from transcon.core.atomic import write_text_atomic


@dataclass(frozen=True)
class ReportContext:
    """What the report says about how it was made."""

    title: str
    display_name: str
    command: str
    sizes: Sizes
    profile: Profile
    settings: Mapping[str, Mapping[str, object]]
    results_file: str


def write_report(context: ReportContext, answers: Sequence[Answers], folder: Path) -> Path:
    """Write ``<title>.md`` and its plots into ``folder``; returns the Markdown path."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = context.title
    plots.seat_plot(answers, folder / f"{stem}-seats.png")
    plots.skill_plot(answers, folder / f"{stem}-skill.png")
    plots.luck_plot(answers, folder / f"{stem}-luck.png")
    parts = [
        _header(context, answers),
        _headlines(answers),
        _seat_section(answers, stem),
        _skill_section(answers, stem, context.profile.main_bot),
        _luck_section(answers, stem),
        _comparisons(context, answers),
        _games_section(answers),
    ]
    path = folder / f"{stem}.md"
    write_text_atomic(path, "\n".join(p for p in parts if p))
    return path


def _header(context: ReportContext, answers: Sequence[Answers]) -> str:
    sizes, prof = context.sizes, context.profile
    lines = [
        f"# How much is luck? {context.display_name}",
        "",
        f"Made by `{context.command}`; every game is a row of `{context.results_file}` "
        "(reproduce one with its title, options, seed, bots and bot seeds; see "
        "[the method](../analysis.md)).",
        "",
        f"- Players: {answers[0].players if answers else prof.players}; main bot "
        f"`{prof.main_bot}`, weak bot `{prof.weak_bot}`.",
        f"- Per setting: {sizes.seat_games} seat games, {sizes.skill_games} skill games per "
        f"opponent kind, a luck grid of {sizes.dice_seeds} dice seeds x "
        f"{sizes.decision_seeds} decision seeds (bots `{prof.main_bot}~{sizes.luck_noise:g}`).",
        "",
        "| setting | options |",
        "|---|---|",
    ]
    for name, options in context.settings.items():
        text = ", ".join(f"`{k}={v}`" for k, v in options.items()) or "defaults"
        lines.append(f"| {name} | {text} |")
    for name, (_, meaning) in prof.settings.items():
        if name in context.settings:
            lines += ["", f"**{name}** means {meaning}."]
    return "\n".join(lines) + "\n"


def _headlines(answers: Sequence[Answers]) -> str:
    lines = ["## Headlines", ""]
    for a in answers:
        if not a.seats:
            continue
        fair = 1 / a.players
        rates = ", ".join(f"{100 * s.wins.value:.0f}%" for s in a.seats)
        biased = [str(seat) for seat, s in enumerate(a.seats, start=1) if not s.wins.contains(fair)]
        seat_text = (
            f"seat(s) {', '.join(biased)} outside the fair share's interval"
            if biased
            else "every seat's interval holds the fair share"
        )
        shown = [o for o, est in a.skill.items() if est.low > fair]
        skill_text = f"skill shows against {', '.join(shown) or 'no opponent kind'}"
        luck_text = f"luck share {a.luck.luck.text(percent=True)}" if a.luck else "luck share n/a"
        lines.append(
            f"- **{a.setting}**: win rates by seat {rates} (fair {100 * fair:.0f}%; "
            f"{seat_text}); {skill_text}; {luck_text}."
        )
    return "\n".join(lines) + "\n"


def _seat_section(answers: Sequence[Answers], stem: str) -> str:
    lines = [
        "## Seat advantage",
        "",
        "Identical bots in every seat; win rate (shared wins split) and mean score by seat, "
        "95% intervals (Wilson for rates, normal for means).",
        "",
    ]
    for a in answers:
        if not a.seats:
            continue
        lines += [f"**{a.setting}**", "", "| seat | win rate | mean score |", "|---|---|---|"]
        for seat, s in enumerate(a.seats, start=1):
            lines.append(f"| {seat} | {s.wins.text(percent=True)} | {s.score.text(1)} |")
        lines.append("")
    lines.append(f"![seat advantage]({stem}-seats.png)\n")
    return "\n".join(lines)


def _skill_section(answers: Sequence[Answers], stem: str, main_bot: str) -> str:
    lines = [
        "## Skill signal",
        "",
        f"One `{main_bot}` bot against the others all playing the opponent kind (its seat "
        "rotates); its win rate against the fair share 1/players. `~p` is the main bot "
        "playing a uniformly random legal move with probability p. A gap 'shows' when the "
        "interval lies above the fair share.",
        "",
    ]
    for a in answers:
        if not a.skill:
            continue
        fair = 1 / a.players
        lines += [
            f"**{a.setting}**",
            "",
            "| opponents | strong bot wins | shows |",
            "|---|---|---|",
        ]
        for opponent, est in a.skill.items():
            shows = "yes" if est.low > fair else "no"
            lines.append(f"| {opponent} | {est.text(percent=True)} (n={est.n}) | {shows} |")
        lines.append("")
    lines.append(f"![skill signal]({stem}-skill.png)\n")
    return "\n".join(lines)


def _luck_section(answers: Sequence[Answers], stem: str) -> str:
    lines = [
        "## Luck share",
        "",
        "Share of the variance of a seat's relative score (score minus the table's mean) that "
        "the dice explain alone, Var(E[Y | dice]) / Var(Y), from the crossed grid; the rest "
        "is decisions alone and their interaction (the same decision good with some dice and "
        "bad with others). 'Dice with interaction' (1 minus the decisions' share) is the upper "
        "bound of luck, 'dice alone' the lower. 95% two-way bootstrap intervals.",
        "",
        "| setting | grid | luck share (dice alone) | decisions alone | interaction "
        "| dice with interaction | luck share of wins |",
        "|---|---|---|---|---|---|---|",
    ]
    for a in answers:
        if a.luck is None:
            lines.append(f"| {a.setting} | too few complete games | | | | | |")
            continue
        wins = a.luck_wins.luck.text(percent=True) if a.luck_wins else ""
        lines.append(
            f"| {a.setting} | {a.luck.dice_seeds}x{a.luck.decision_seeds} | "
            f"{a.luck.luck.text(percent=True)} | {a.luck.decisions.text(percent=True)} | "
            f"{a.luck.interaction.text(percent=True)} | "
            f"{a.luck.luck_total.text(percent=True)} | {wins} |"
        )
    for a in answers:
        if a.luck is not None and max(a.luck.luck.high, a.luck.interaction.high) < 1e-9:
            lines.append(
                f"\n**{a.setting}**: every dice seed gave the same game for the same decisions: "
                "the outcome does not depend on the game's random generator at all (these games "
                "draw nothing from it), so the luck share is 0 by construction."
            )
    lines.append(f"\n![luck share]({stem}-luck.png)\n")
    return "\n".join(lines)


def _comparisons(context: ReportContext, answers: Sequence[Answers]) -> str:
    base = answers[0] if answers else None
    if base is None or len(answers) < 2:
        return ""
    lines = [
        "## Option effects",
        "",
        f"Each setting against **{base.setting}** (difference, 95% interval).",
        "",
        "| setting | luck share | skill: vs each opponent kind (win-rate difference) |",
        "|---|---|---|",
    ]
    verdicts = []
    for other in answers[1:]:
        luck = (
            share_difference(other.luck, base.luck)
            if other.luck is not None and base.luck is not None
            else None
        )
        skills = [
            f"{o}: {_points(rate_difference(other.skill[o], base.skill[o]))}"
            for o in base.skill
            if o in other.skill
        ]
        lines.append(f"| {other.setting} | {_points(luck)} | {'; '.join(skills)} |")
        if other.setting in context.profile.settings and luck is not None:
            claim = context.profile.luck_claims.get(other.setting)
            verdicts.append(_verdict(base, other, luck, claim))
    return "\n".join([*lines, "", *verdicts]) + "\n"


def _points(est: Estimate | None) -> str:
    if est is None or math.isnan(est.value):
        return "n/a"
    return f"{100 * est.value:+.1f} [{100 * est.low:+.1f}, {100 * est.high:+.1f}] points"


def _verdict(base: Answers, other: Answers, luck: Estimate, claim: str | None) -> str:
    if luck.low > 0:
        finding = f"more luck in **{other.setting}** than in **{base.setting}**"
    elif luck.high < 0:
        finding = f"more luck in **{base.setting}** than in **{other.setting}**"
    else:
        finding = "no difference in luck share that these games can resolve"
    upper = ""
    if base.luck is not None and other.luck is not None:
        upper = (
            f" The upper bound (dice with interaction) is "
            f"{base.luck.luck_total.text(percent=True)} for {base.setting} and "
            f"{other.luck.luck_total.text(percent=True)} for {other.setting}."
        )
    conclusion = f"\n\n{_claim_conclusion(base, other, luck, claim)}" if claim else ""
    return (
        f"**Verdict ({base.setting} vs {other.setting}):** the luck share (dice alone) differs "
        f"by {_points(luck)} ({other.setting} minus {base.setting}): {finding}.{upper}"
        f"{conclusion}\n"
    )


def _claim_conclusion(base: Answers, other: Answers, luck: Estimate, claim: str) -> str:
    """The conclusion on the title's claim that ``base`` has more luck than ``other``, from
    the numbers: decided by the luck share (dice alone) when its difference is resolved,
    else said to be consistent or not with the upper bounds of luck, and never established."""
    games = base.games + other.games
    said = f'**Conclusion:** the claim "{claim}" is'
    difference = f"{other.setting} minus {base.setting} {_points(luck)}"
    if luck.high < 0:
        return (
            f"{said} borne out by these {games} games: the dice alone explain more of the "
            f"score spread in {base.setting} ({difference})."
        )
    if luck.low > 0:
        return (
            f"{said} contradicted by these {games} games: the dice alone explain more of the "
            f"score spread in {other.setting} ({difference})."
        )
    alone = f"the dice alone make no difference that they resolve ({difference})"
    if base.luck is None or other.luck is None:
        return f"{said} not established by these {games} games: {alone}."
    upper_base, upper_other = base.luck.luck_total, other.luck.luck_total
    apart = upper_base.low > upper_other.high or upper_other.low > upper_base.high
    bounds = (
        f"the upper bound of luck (dice with interaction) is {upper_base.text(percent=True)} "
        f"for {base.setting} against {upper_other.text(percent=True)} for {other.setting}, "
        f"and the decisions alone explain {base.luck.decisions.text(percent=True)} against "
        f"{other.luck.decisions.text(percent=True)}, "
        + ("the intervals apart" if apart else "with overlapping intervals")
    )
    if upper_base.value > upper_other.value:
        stance = "consistent with these" if not apart else "supported only by its upper bound in"
        return f"{said} {stance} {games} games but not established by them: {alone}; {bounds}."
    return f"{said} not borne out by these {games} games (nor contradicted): {alone}; {bounds}."


def _games_section(answers: Sequence[Answers]) -> str:
    lines = [
        "## Games",
        "",
        "| setting | games | incomplete (action cap) | errors | mean actions per game |",
        "|---|---|---|---|---|",
    ]
    for a in answers:
        lines.append(
            f"| {a.setting} | {a.games} | {a.incomplete} | {a.errors} | {a.mean_length:.0f} |"
        )
    names = sorted({name for a in answers for name in a.figures})
    if names:
        lines += [
            "",
            "Title figures (means over the seat games; see the results file's `figures`):",
            "",
            "| setting | " + " | ".join(names) + " |",
            "|---|" + "---|" * len(names),
        ]
        for a in answers:
            cells = [f"{a.figures[n]:.1f}" if n in a.figures else "" for n in names]
            lines.append(f"| {a.setting} | " + " | ".join(cells) + " |")
    errors = [a.first_error for a in answers if a.first_error]
    if errors:
        lines += ["", "First errors: " + "; ".join(f"`{e}`" for e in errors)]
    return "\n".join(lines) + "\n"
