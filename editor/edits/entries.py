"""Where each kind of module entry lives, and putting one back (Qt-free).

Keyed kinds (pieces, sides, CRTs, scenarios, areas…) are dictionaries of the module;
the single tables (terrain effects, turn track, victory) are one value each. Putting a
value returns the :class:`~editor.changes.Changes` record naming what it touched. Values
are stored as fresh deep copies, so nothing an undo stack holds is shared with the module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

from hexwright.runtime.model import Module

from ..changes import ALL, Changes, Kind

KEYED: dict[Kind, tuple[str, ...]] = {
    Kind.PIECES: ("pieces", "pieces"),
    Kind.SIDES: ("pieces", "sides"),
    Kind.FORMATIONS: ("pieces", "formations"),
    Kind.UNIT_TYPES: ("pieces", "unit_types"),
    Kind.MARKERS: ("pieces", "markers"),
    Kind.CHITS: ("pieces", "chits"),
    Kind.MOVEMENT_CLASSES: ("pieces", "movement_classes"),
    Kind.CRTS: ("tables", "crts"),
    Kind.LOOKUPS: ("tables", "lookups"),
    Kind.SCENARIOS: ("scenarios",),
    Kind.AREAS: ("map", "areas"),
    Kind.BOXES: ("map", "boxes"),
    Kind.TRACKS: ("map", "tracks"),
}
"""The path from the module to each keyed collection."""

TABLES: dict[Kind, str] = {
    Kind.TERRAIN_EFFECTS: "terrain_effects",
    Kind.TURN_TRACK: "turn_track",
    Kind.VICTORY: "victory",
}
"""The single tables, attributes of ``module.tables``."""


M = TypeVar("M", bound=BaseModel)


def fresh(value: M | None) -> M | None:
    """A deep copy (``None`` stays ``None``)."""
    return None if value is None else value.model_copy(deep=True)


def entries_of(module: Module, kind: Kind) -> dict[str, Any]:
    """The keyed collection of ``kind`` (the module's own dictionary)."""
    holder: Any = module
    for name in KEYED[kind]:
        holder = getattr(holder, name)
    return holder


def noun(kind: Kind) -> str:
    """``unit_types`` → ``unit type`` (for undo texts)."""
    return kind.value.removesuffix("s").replace("_", " ")


def put_entry(module: Module, kind: Kind, key: str, value: BaseModel | None, index: int | None = None) -> Changes:
    """Set entry ``key`` of ``kind`` to a copy of ``value``, or delete it (``None``).

    An entry that is not there yet goes to position ``index`` (a deleted one coming back
    to its old place), or to the end."""
    container = entries_of(module, kind)
    if value is None:
        container.pop(key, None)
    elif key in container or index is None:
        container[key] = fresh(value)
    else:
        items = list(container.items())
        items.insert(min(index, len(items)), (key, fresh(value)))
        container.clear()
        container.update(items)
    return Changes.of(kind, key)


def replace_entries(module: Module, kind: Kind, entries: Mapping[str, BaseModel]) -> Changes:
    """Replace the whole collection of ``kind`` with copies of ``entries`` (in their order)."""
    container = entries_of(module, kind)
    container.clear()
    container.update({k: fresh(v) for k, v in entries.items()})
    return Changes.of(kind, ALL)


def table_of(module: Module, kind: Kind) -> BaseModel:
    return getattr(module.tables, TABLES[kind])


def put_table(module: Module, kind: Kind, value: BaseModel) -> Changes:
    setattr(module.tables, TABLES[kind], fresh(value))
    return Changes.of(kind)
