"""Pausing Python's cyclic garbage collector while many objects that all stay alive are made in a row.

Why: the collector runs after every few hundred new objects and, every so often,
scans every object still alive. Reading a case pack, a folder of cases or a
pickled copy of them makes hundreds of thousands of objects, none of them
garbage, so each scan finds nothing and each one takes longer than the last
(reading 5000 cases spent about a sixth of its time in them; unpickling 3000
user cases 3.7 s instead of 1.0 s). Reading a case leaves no cycles behind worth
collecting early, and whatever there is is collected once the pause ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused(for_good: bool = False) -> Iterator[None]:
    """No cyclic garbage collection inside the block; the collector is turned back on after it only if
    it was on before (so a pause inside another pause, or in a program that turned it off, changes nothing).

    ``for_good``: what the block made lives as long as the program (the start-up's library, window and
    store), so it is set aside for good (``gc.freeze``) with every object the collector tracks then.
    Without it the first collection after the pause scans it all (7 ms for the library's cases) and every
    full one after that again. The price: a cycle among those objects that becomes garbage is never freed,
    nor one already garbage when the block ends (collecting first would cost the scan saved). Counted at
    a start from the cached library: 378 such objects of 147,499 set aside (7,112 of 198,599 when the
    library is read afresh)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if for_good:
            gc.freeze()
        if collecting:
            gc.enable()
