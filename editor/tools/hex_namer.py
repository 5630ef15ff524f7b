from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from ..commands.set_hex_name import SetHexName
from .base import MapPoint, Tool

AskName = Callable[[str, str], "str | None"]
"""``ask(label, current_name)`` -> the new name, or None when cancelled."""


class HexNamer(Tool):
    """Click a hex to give it a name (printed on the map); an empty name removes it."""

    name = "Hex names"
    shortcut = "N"
    cursor = Qt.IBeamCursor
    hint = "click a hex to name it"

    def __init__(self, doc, settings, ask: AskName | None = None):
        super().__init__(doc, settings)
        self.ask = ask

    def press(self, point: MapPoint) -> None:
        if not point.on_map or self.ask is None:
            return
        label = self.doc.names.label(point.hex)
        current = self.doc.map.hex_data(label).name
        name = self.ask(label, current)
        if name is not None and name.strip() != current:
            self.doc.push(SetHexName(self.doc, label, name))
