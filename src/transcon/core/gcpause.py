"""Fewer cyclic garbage collections while a computation allocates a great deal.

CPython's cyclic collector runs a young collection every ``threshold[0]`` (700) net container
allocations and, as objects survive them, full collections that walk every container alive.
A computation that builds hundreds of thousands of tuples and lists and keeps them until it
returns (Railway Rivals' route searches and race-entry listings: a label per walk, an action
per listed entry; replaying a long log) sets off many of them, the full ones walking the
whole heap (the loaded map, the game, and in a long-lived process everything else it holds):
at a crowded 6-rival position they took a sixth of ``legal --all``. Almost none of those
objects is in a reference cycle, so reference counting frees them all the same.

:func:`fewer_collections` raises the young threshold while the computation runs and puts it
back after; a use inside another keeps the outer one's. The threshold is the process's: in a
server that runs games in several threads at once, one computation ending puts it back for
the others too (they then run as fast as without it, and everything is still collected).

What the computation keeps (its answer, the caches it filled: a crowded 6-rival listing
keeps some 8,000 actions and their routes) would otherwise be walked by a young collection
the moment the threshold is back, and by every older one it survives on its way up: at such
a listing the collections at the end took 0.03-0.15 s. So at the end those objects join the
oldest generation unwalked (``gc.freeze`` then ``gc.unfreeze``: two list splices); they are
walked at the next full collection like the rest of the old heap. Not done when the program
froze objects itself (``gc.get_freeze_count()``), which ``gc.unfreeze`` would thaw.

>>> import gc
>>> before = gc.get_threshold()
>>> with fewer_collections():
...     gc.get_threshold()[0] == YOUNG_THRESHOLD
True
>>> gc.get_threshold() == before
True
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: Net container allocations between young collections inside :func:`fewer_collections`.
YOUNG_THRESHOLD = 100_000


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the body with the collector's young threshold at :data:`YOUNG_THRESHOLD` (also
    usable as a decorator: ``@fewer_collections()``)."""
    young, *older = gc.get_threshold()
    if young >= YOUNG_THRESHOLD:  # an outer use (or the program) set it already
        yield
        return
    gc.set_threshold(YOUNG_THRESHOLD, *older)
    try:
        yield
    finally:
        if not gc.get_freeze_count():
            gc.freeze()  # every tracked object to the permanent generation (young ones too)
            gc.unfreeze()  # and back, all of it into the oldest
        gc.set_threshold(young, *older)
