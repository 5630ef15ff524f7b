"""Python's cyclic garbage collector held off while a module is read or written.

Reading a 400×400 map makes a few hundred thousand dicts and models, and each batch of
new objects sets off a collection that walks every object still alive, the module being
built included: three quarters of the load's time at that size went into collections that
found nothing (plain data holds no reference cycles). Held off for the read, the objects
are looked at once, at the next collection after it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic collection inside the ``with`` block (nested blocks are fine)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


class CollectorHold:
    """The collector held off across work that outlives one call: an editor window's open and
    its first paint, which makes the caches of every hex. Made, it stops collection;
    :meth:`set_aside` leaves every object alive then (the module read, the window built) out of
    the collector's walks; :meth:`release` hands them back and restarts collection (once)."""

    def __init__(self) -> None:
        self._was_on = gc.isenabled()
        self._held = True
        gc.disable()

    def set_aside(self) -> None:
        gc.freeze()

    def release(self) -> None:
        if self._held:
            self._held = False
            gc.unfreeze()
            if self._was_on:
                gc.enable()
