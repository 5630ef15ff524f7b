"""A small cache of data derived from a module (hex arrays, movement graphs, LOS data).

An entry is keyed on the module's explicit :attr:`~runtime.model.Module.revision` and the
module parts it was built from, so an edit made in place — which goes through
:meth:`~runtime.model.Module.mark_edited` (the editor's document calls it on every change,
undo and redo) — is never answered from a stale entry. The parts are held by weak
references, so a new object at a recycled address never hits an old entry either; a part
replaced by another object is a new key.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from hexwright.runtime.model import Module

T = TypeVar("T")

_MAX_ENTRIES = 64
_Key = tuple[str, int, int, tuple[int, ...], tuple[Hashable, ...]]
_entries: OrderedDict[_Key, tuple[tuple[weakref.ref[object], ...], Any]] = OrderedDict()


_MAX_RESULTS = 512
_results: OrderedDict[_Key, tuple[tuple[weakref.ref[object], ...], Any]] = OrderedDict()


def _lookup(store: OrderedDict[_Key, tuple[tuple[weakref.ref[object], ...], Any]], limit: int, kind: str,
            module: Module, parts: tuple[object, ...], extra: tuple[Hashable, ...], build: Callable[[], T]) -> T:
    owners = (module, *parts)
    key: _Key = (kind, id(module), module.revision, tuple(id(p) for p in parts), extra)
    hit = store.get(key)
    if hit is not None:
        refs, value = hit
        if all(ref() is owner for ref, owner in zip(refs, owners)):
            store.move_to_end(key)
            result: T = value
            return result
    made = build()
    store[key] = (tuple(weakref.ref(o) for o in owners), made)
    while len(store) > limit:
        store.popitem(last=False)
    return made


def cached(kind: str, module: Module, parts: tuple[object, ...], extra: tuple[Hashable, ...],
           build: Callable[[], T]) -> T:
    """The value ``build`` makes from ``parts`` of ``module`` (and ``extra``, by value), built once
    per revision of the module."""
    return _lookup(_entries, _MAX_ENTRIES, kind, module, parts, extra, build)


def memo(kind: str, module: Module, parts: tuple[object, ...], extra: tuple[Hashable, ...],
         compute: Callable[[], T]) -> T:
    """Like :func:`cached`, for answers to queries (a unit's reach in a position) rather than
    derived structures: a store of its own, larger, so many answers never evict a graph.
    ``extra`` must hold every other input of ``compute`` by value; the answer is shared, so
    callers treat it as read-only."""
    return _lookup(_results, _MAX_RESULTS, kind, module, parts, extra, compute)


def clear() -> None:
    _entries.clear()
    _results.clear()
