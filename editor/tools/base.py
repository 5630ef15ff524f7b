"""The interface every tool shares, and a base that works in whole hexes.

The canvas turns each mouse event into a :class:`MapPoint` (map pixels and the hex there)
once and hands it to the active tool. :class:`HexTool` calls its subclass only when the
pointer enters a different hex, so a brush does its work once per hex, not per pixel.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex, Hexside

from ..document import MapDocument
from .settings import ToolSettings


@dataclass(frozen=True)
class MapPoint:
    x: float
    y: float
    hex: Hex
    on_map: bool
    shift: bool = False
    """Shift was held when the button went down (a tool's second way of acting: a level
    brush fills a whole region, the hexside painter continues its line)."""


class Tool:
    """A tool: activate/deactivate, mouse press/move/release on the map, status, cursor."""

    name = "Tool"
    shortcut = ""
    cursor = Qt.ArrowCursor
    hint = ""

    def __init__(self, doc: MapDocument, settings: ToolSettings):
        self.doc = doc
        self.settings = settings
        self.active = False

    def activate(self) -> None:
        self.active = True

    def deactivate(self) -> None:
        self.active = False

    def press(self, point: MapPoint) -> None: ...

    def move(self, point: MapPoint, dragging: bool) -> None: ...

    def release(self, point: MapPoint) -> None: ...

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        """Hexes to outline under the pointer (the brush footprint)."""
        return [point.hex] if point is not None and point.on_map else []

    def preview_side(self, point: MapPoint | None) -> Hexside | None:
        """A hexside to highlight under the pointer (the hexside painter's target)."""
        return None

    def status_text(self) -> str:
        return f"{self.name}: {self.hint}" if self.hint else self.name

    def labels(self, hexes: list[Hex]) -> list[str]:
        return [self.doc.names.label(h) for h in hexes]


class HexTool(Tool):
    """A tool that acts per hex: :meth:`begin`, :meth:`enter` on each new hex, :meth:`end`."""

    def __init__(self, doc: MapDocument, settings: ToolSettings):
        super().__init__(doc, settings)
        self.stroke: int | None = None
        self.last_hex: Hex | None = None

    def press(self, point: MapPoint) -> None:
        self.stroke = self.doc.next_stroke()
        self.last_hex = point.hex
        self.begin(point)

    def move(self, point: MapPoint, dragging: bool) -> None:
        if not dragging or self.stroke is None or point.hex == self.last_hex:
            return
        previous, self.last_hex = self.last_hex, point.hex
        self.enter(point, previous)

    def release(self, point: MapPoint) -> None:
        if self.stroke is None:
            return
        self.move(point, True)
        self.end(point)
        self.stroke = None
        self.last_hex = None

    def deactivate(self) -> None:
        self.stroke = None
        self.last_hex = None
        super().deactivate()

    def begin(self, point: MapPoint) -> None:
        self.enter(point, None)

    def enter(self, point: MapPoint, previous: Hex | None) -> None: ...

    def end(self, point: MapPoint) -> None: ...

    def push(self, command) -> None:
        """Push ``command`` unless it changes nothing."""
        if not command.is_noop():
            self.doc.push(command)
