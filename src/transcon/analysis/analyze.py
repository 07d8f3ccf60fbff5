"""``transcon analyze``: design the experiment, play what is missing, answer, write the report."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from transcon.analysis.design import Sizes, design, profile, settings_from
from transcon.analysis.questions import Answers, answer
from transcon.analysis.report import ReportContext, write_report
from transcon.analysis.runner import run_design
from transcon.core.registry import get_title


@dataclass(frozen=True)
class AnalysisRun:
    """Where the run writes and how it plays its games."""

    results: Path
    report_folder: Path | None
    command: str
    workers: int = 1
    use_ray: bool = False
    ray_address: str | None = None
    progress: bool = False
    play: bool = True  # False: report on the games already in the results file


def analyze(
    title_name: str,
    sizes: Sizes,
    run: AnalysisRun,
    *,
    options: Mapping[str, object] | None = None,
    vary: Sequence[tuple[str, Sequence[object]]] = (),
    presets: bool = True,
    seed: int = 0,
    players: int | None = None,
) -> list[Answers]:
    """Run (or resume) the experiment; write the report if a folder is given."""
    title = get_title(title_name)
    prof = profile(title.name)
    settings = settings_from(title.name, options or {}, vary, presets)
    specs = design(title.name, settings, sizes, seed, players)
    rows = run_design(
        specs,
        run.results,
        workers=run.workers,
        use_ray=run.use_ray,
        ray_address=run.ray_address,
        progress=run.progress,
        play=run.play,
    )
    answers = [
        answer(name, [r for r in rows if r["setting"] == name], prof.main_bot) for name in settings
    ]
    if run.report_folder is not None:
        context = ReportContext(
            title=title.name,
            display_name=title.display_name,
            command=run.command,
            sizes=sizes,
            profile=prof,
            settings=settings,
            results_file=run.results.name,
        )
        write_report(context, answers, run.report_folder)
    return answers
