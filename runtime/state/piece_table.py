"""A state's pieces table as ``apply`` makes it, with a record of which pieces it replaced.

``apply`` never changes a table: it copies the one before and replaces the few pieces an
action moves, flips or eliminates (:func:`edited`). The copy is a :class:`PieceTable`: it
remembers the table it was made from — by weak reference, so a record keeps no old state
alive — and the ids it replaced, and likewise for the tables that one was made from, up to
:data:`DEPTH` edits back (the ids of several edits together, so an engine action of several
moves whose tables in between are gone is still one step of the record).

:func:`differences` reads two tables' records to name the pieces that differ between them
without comparing every entry: the later of the two made from the earlier (a move), the
earlier asked for again (undo, a replay), or two tables made from one (a bot trying moves
from one state). The engine's position of a state (:mod:`runtime.engine.state_position`)
follows a game this way in time that grows with the pieces an action changed, not with the
pieces in the game. Where the records do not join the two, it answers None and the caller
compares the tables.

A table refuses changes in place, so its record stays true. A copy (``dict(table)``,
``copy.deepcopy``, pickling, a state read back from its JSON) is a plain dict, with no record.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any, NoReturn

from .game_state import PieceState

DEPTH = 32
"""How many edits back a table's record reaches."""

_Record = tuple[tuple["weakref.ref[PieceTable]", frozenset[str]], ...]


def _frozen() -> TypeError:
    return TypeError("a state's pieces table is never changed in place: apply makes a new one")


class PieceTable(dict[str, PieceState]):
    """A pieces table made by :func:`edited`: a read-only dict with the record of its making."""

    __slots__ = ("__weakref__", "_since")
    _since: _Record

    def __setitem__(self, key: str, value: PieceState) -> NoReturn:
        raise _frozen()

    def __delitem__(self, key: str) -> NoReturn:
        raise _frozen()

    def __ior__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        raise _frozen()

    def update(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise _frozen()

    def pop(self, *args: Any) -> NoReturn:
        raise _frozen()

    def popitem(self) -> NoReturn:
        raise _frozen()

    def clear(self) -> NoReturn:
        raise _frozen()

    def setdefault(self, *args: Any) -> NoReturn:
        raise _frozen()

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, (dict(self),)  # a copy is a plain table: its record would name tables it was not made from


def edited(base: Mapping[str, PieceState], changes: Mapping[str, PieceState]) -> PieceTable:
    """``base`` with the entries of ``changes`` put in, recording which (``base`` is left as it was)."""
    table = PieceTable(base)
    dict.update(table, changes)
    ids = frozenset(changes)
    record: list[tuple[weakref.ref[PieceTable], frozenset[str]]] = []
    if isinstance(base, PieceTable):  # a plain table cannot be named by a weak reference: no record
        record.append((weakref.ref(base), ids))
        for ref, since in base._since[:DEPTH - 1]:
            if ref() is not None:
                record.append((ref, since | ids))
    table._since = tuple(record)
    return table


def _lineage(table: Mapping[str, PieceState]) -> list[tuple[Mapping[str, PieceState], frozenset[str]]]:
    """``table`` with nothing changed since, then each table of its record still alive with the
    ids changed since it."""
    out: list[tuple[Mapping[str, PieceState], frozenset[str]]] = [(table, frozenset())]
    if isinstance(table, PieceTable):
        for ref, since in table._since:
            older = ref()
            if older is not None:
                out.append((older, since))
    return out


def differences(a: Mapping[str, PieceState], b: Mapping[str, PieceState]) -> frozenset[str] | None:
    """The ids whose entries may differ between tables ``a`` and ``b`` (an id in one table only
    included), read from their records: the ids replaced since the nearest table both were
    made from — exactly those that differ for tables made by ``apply``, which replaces a piece
    with a new object. None when no table is in both records; then compare the tables."""
    theirs = {id(t): (t, since) for t, since in _lineage(b)}
    for t, since in _lineage(a):
        hit = theirs.get(id(t))
        if hit is not None and hit[0] is t:
            return since | hit[1]
    return None
