"""Change how the map is printed: its style, its furniture or its place names (one undo step).

A run of changes to one setting (a spin box stepped with the arrow keys) merges into one
step, keyed by the setting's name.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from hexwright.runtime.model import Furniture, PlaceName, StyleChoice

from ..changes import Changes, Kind
from ..document import MapDocument
from .edit_command import EditCommand
from .merge_ids import MergeId


class SetMapStyle(EditCommand):
    """Set ``map.style``, ``map.furniture`` and/or ``map.place_names`` (``None``: unchanged)."""

    def __init__(self, doc: MapDocument, style: StyleChoice | None = None, furniture: Furniture | None = None,
                 place_names: list[PlaceName] | None = None, merge_key: str | None = None,
                 text: str = "Change Map Style"):
        super().__init__(doc, text)
        m = doc.map
        self.before = (m.style, m.furniture, list(m.place_names))
        self.after = (style or m.style, furniture or m.furniture,
                      list(place_names) if place_names is not None else list(m.place_names))
        self.merge_key = merge_key

    def apply(self, forward: bool) -> Changes:
        style, furniture, names = self.after if forward else self.before
        m = self.doc.map
        m.style, m.furniture, m.place_names = style, furniture, list(names)
        return Changes.of(Kind.MAP_STYLE)

    def id(self) -> int:
        return MergeId.SET_MAP_STYLE if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetMapStyle) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True
