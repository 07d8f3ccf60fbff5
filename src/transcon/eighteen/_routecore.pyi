"""Type stub of the compiled core (``csrc/*.c``, built by setup.py); see optimize_core.py."""

from collections.abc import Callable, Sequence

MAX_STOPS: int
STOP_WORDS: int
MAX_TRACK_WORDS: int
MAX_TRAINS: int

class RouteList:
    """Routes of one train, best first, unique by track mask."""

    def __len__(self) -> int: ...
    def route(self, i: int, /) -> tuple[int, bytes, tuple[int, ...], tuple[int, ...], bool]: ...
    def count_at_least(self, threshold: int, /) -> int: ...

class Walker:
    """The per-train walk of one (position, company, train type)."""

    def __init__(
        self,
        nw: int,
        depth: int,
        caps: tuple[int, ...],
        train: tuple[int, int, bool],
        token: bytes,
        no_pass: bytes,
        kind: Sequence[int],
        tok_dist: Sequence[int],
        order: Sequence[int],
        group_next: Sequence[int],
        mid: Sequence[int],
        endv: Sequence[int],
        xmid: Sequence[int],
        xend: Sequence[int],
        adj_start: Sequence[int],
        adj_to: Sequence[int],
        adj_hid: Sequence[int],
        hop_track: bytes,
        /,
    ) -> None: ...
    def enumerate(
        self, threshold: int, base: bytes, lo: int, hi: int, best_only: bool, /
    ) -> tuple[RouteList, int, int]: ...

def search(
    lists: Sequence[RouteList],
    lengths: Sequence[int],
    same: Sequence[bool],
    need_tag: bool,
    caps: Sequence[int],
    incumbent: int,
    /,
) -> tuple[int, int, tuple[int, ...] | None]: ...
def route_list(
    values: Sequence[int], hops: Sequence[Sequence[int]], hop_track: bytes, nw: int, /
) -> RouteList: ...
def network_walk(
    ends_of: list[dict[int, tuple[tuple[int, int], ...]]],
    across: list[int],
    across_fn: Callable[[int, int], int],
    first_stop: list[int],
    nstops: int,
    no_pass: bytes,
    starts: list[int],
    walks: int = -1,
    budget: int = -1,
    /,
) -> tuple[bytes, list[int], list[int], int]: ...
