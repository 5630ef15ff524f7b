"""A small cache keyed on the identity of module parts (the map, the tables…).

Rules data derived from a module (hex arrays, movement graphs) is built once and reused
while the same objects are in use. The key is the objects' identity, checked through
weak references so that a new object at a recycled address never hits a stale entry.
Code that edits a module in place calls :func:`invalidate` afterwards.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

_MAX_ENTRIES = 64
_entries: OrderedDict[tuple[Hashable, ...], tuple[tuple[weakref.ref, ...], Any]] = OrderedDict()


def cached(kind: str, owners: tuple[object, ...], extra: tuple[Hashable, ...], build: Callable[[], T]) -> T:
    """The value built by ``build`` for ``owners`` (by identity) and ``extra`` (by value)."""
    key = (kind, tuple(id(o) for o in owners), extra)
    hit = _entries.get(key)
    if hit is not None:
        refs, value = hit
        if all(ref() is owner for ref, owner in zip(refs, owners)):
            _entries.move_to_end(key)
            return value
    value = build()
    _entries[key] = (tuple(weakref.ref(o) for o in owners), value)
    while len(_entries) > _MAX_ENTRIES:
        _entries.popitem(last=False)
    return value


def invalidate(*owners: object) -> None:
    """Forget everything built from any of ``owners`` (call after editing them in place)."""
    ids = {id(o) for o in owners}
    for key in [k for k in _entries if ids.intersection(k[1])]:
        del _entries[key]


def clear() -> None:
    _entries.clear()
