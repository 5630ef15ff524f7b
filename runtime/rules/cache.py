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
from hexwright.runtime.model.module import MapEdit

T = TypeVar("T")

_MAX_ENTRIES = 64
_Key = tuple[str, int, int, tuple[int, ...], tuple[Hashable, ...]]
_entries: OrderedDict[_Key, tuple[tuple[weakref.ref[object], ...], Any]] = OrderedDict()


_MAX_RESULTS = 512
_results: OrderedDict[_Key, tuple[tuple[weakref.ref[object], ...], Any]] = OrderedDict()

_latest: dict[tuple[str, int, tuple[int, ...], tuple[Hashable, ...]], int] = {}
"""Key of an entry without its revision → the revision of the newest entry stored under it."""

Update = Callable[[T, MapEdit], T | None]
"""Brings a value built at an older revision up to date with a map edit (in place or as a new
value), or says it cannot (None): then the value is built afresh."""


def _lookup(store: OrderedDict[_Key, tuple[tuple[weakref.ref[object], ...], Any]], limit: int, kind: str,
            module: Module, parts: tuple[object, ...], extra: tuple[Hashable, ...], build: Callable[[], T],
            update: Update[T] | None = None) -> T:
    owners = (module, *parts)
    ids = tuple(id(p) for p in parts)
    key: _Key = (kind, id(module), module.revision, ids, extra)
    hit = store.get(key)
    if hit is not None:
        refs, value = hit
        if all(ref() is owner for ref, owner in zip(refs, owners)):
            store.move_to_end(key)
            result: T = value
            return result
    made: T | None = None
    if update is not None:
        made = _updated(store, (kind, id(module), ids, extra), owners, module, update)
    if made is None:
        made = build()
    store[key] = (tuple(weakref.ref(o) for o in owners), made)
    _latest[(kind, id(module), ids, extra)] = module.revision
    while len(store) > limit:
        old = store.popitem(last=False)[0]
        if _latest.get((old[0], old[1], old[3], old[4])) == old[2]:
            del _latest[(old[0], old[1], old[3], old[4])]
    return made


def _updated(store: OrderedDict[_Key, tuple[tuple[weakref.ref[object], ...], Any]],
             stem: tuple[str, int, tuple[int, ...], tuple[Hashable, ...]], owners: tuple[object, ...],
             module: Module, update: Update[T]) -> T | None:
    """The newest older entry under ``stem``, brought up to date by ``update`` when every edit
    since it named the hexes and hexsides it changed; it leaves the store either way."""
    revision = _latest.get(stem)
    if revision is None or revision >= module.revision:
        return None
    old_key: _Key = (stem[0], stem[1], revision, stem[2], stem[3])
    hit = store.pop(old_key, None)
    if hit is None or not all(ref() is owner for ref, owner in zip(hit[0], owners)):
        return None
    edit = module.map_edits_since(revision)
    return None if edit is None else update(hit[1], edit)


def cached(kind: str, module: Module, parts: tuple[object, ...], extra: tuple[Hashable, ...],
           build: Callable[[], T], update: Update[T] | None = None) -> T:
    """The value ``build`` makes from ``parts`` of ``module`` (and ``extra``, by value), built once
    per revision of the module; with ``update``, a value built before edits of map hexes and
    hexsides only (:meth:`~runtime.model.Module.mark_edited` names them) is updated instead."""
    return _lookup(_entries, _MAX_ENTRIES, kind, module, parts, extra, build, update)


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
    _latest.clear()
