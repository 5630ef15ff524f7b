"""Boxes and tracks beside the map: putting one entry back in its place (Qt-free)."""

from __future__ import annotations

from typing import TypeVar

V = TypeVar("V")


def put_map_entry(entries: dict[str, V], key: str, value: V | None, index: int) -> dict[str, V]:
    """A new dictionary: ``entries`` with ``key`` set to ``value`` at position ``index``
    (where it was, or where it goes back to), or without it (``value`` None)."""
    items = [(k, v) for k, v in entries.items() if k != key]
    if value is not None:
        items.insert(min(index, len(items)), (key, value))
    return dict(items)
