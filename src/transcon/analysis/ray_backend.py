"""Run designed games as Ray tasks (``pip install -e .[scale]``): on a local Ray instance, or
on an existing cluster given its address (``ray://head:10001`` or ``auto``).

Each task calls :func:`transcon.analysis.play.play_spec`, the function a single process
runs, so the rows are the same; every worker needs Transcon installed at the same version.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from transcon.analysis.design import GameSpec
from transcon.analysis.play import play_spec
from transcon.core.errors import InputError

IN_FLIGHT_PER_CPU = 4  # tasks queued per cluster CPU: keeps workers busy, memory bounded


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run_on_ray(todo: Sequence[GameSpec], address: str | None) -> Iterator[dict[str, Any]]:
    """Yield each game's row as its task finishes."""
    try:
        import ray
    except ImportError:
        raise InputError("--ray needs Ray: pip install -e '.[scale]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        remote_play = ray.remote(play_spec)
        resources: Any = ray.cluster_resources  # untyped in Ray; Any with Ray not installed
        cpus = resources().get("CPU", 1)
        limit = max(1, int(cpus) * IN_FLIGHT_PER_CPU)
        pending = iter(todo)
        running = [remote_play.remote(spec) for _, spec in zip(range(limit), pending, strict=False)]
        while running:
            finished, running = ray.wait(running, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
                spec = next(pending, None)
                if spec is not None:
                    running.append(remote_play.remote(spec))
    finally:
        if started_here:
            ray.shutdown()
