"""The editing canvas: runtime.ui's MapView, with the active tool getting left-button events.

Panning (middle button, space + drag), zoom and scroll bars stay MapView's. Each mouse
event becomes one :class:`MapPoint` (map pixels plus the hex there) for the tool.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtWidgets import QWidget

from hexwright.runtime.geometry import Hex
from hexwright.runtime.ui.map_view import MapScene, MapView

from ..document import MapDocument
from ..edits.stamp_preview import stamp_preview
from ..tools.base import MapPoint, Tool
from .boxes_item import BoxesItem
from .overlay_item import OverlayItem


class EditorCanvas(MapView):
    pointChanged = Signal(object)  # MapPoint | None under the cursor
    toolKeyPressed = Signal()      # the tool took a key of its own (the paste stamp turned)

    def __init__(self, doc: MapDocument, scene: MapScene, parent: QWidget | None = None):
        super().__init__(scene, parent)
        self.doc = doc
        self.tool: Tool | None = None
        self.overlay = OverlayItem(self.map_painter)
        scene.addItem(self.overlay)
        self.boxes_item = BoxesItem(self.map_painter)
        scene.addItem(self.boxes_item)
        self.last_point: MapPoint | None = None
        self._tool_down = False
        self._space = False

    # -- tools ----------------------------------------------------------------------------

    def set_tool(self, tool: Tool | None) -> None:
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        self._tool_down = False
        if tool is not None:
            tool.activate()
            self.viewport().setCursor(tool.cursor)
        self.update_preview()

    def map_point(self, scene_pos: QPointF, modifiers=None) -> MapPoint:
        names = self.doc.names
        h = names.layout.hex_at(scene_pos.x(), scene_pos.y())
        shift = modifiers is not None and bool(modifiers & Qt.ShiftModifier)
        return MapPoint(scene_pos.x(), scene_pos.y(), Hex(*h), names.contains(h), shift)

    def update_preview(self) -> None:
        point = self.last_point
        self._update_stamp(point)
        hexes = self.tool.preview_hexes(point) if self.tool is not None and point is not None else []
        self.overlay.set_preview([self.doc.names.label(h) for h in hexes])
        side = self.tool.preview_side(point) if self.tool is not None and point is not None else None
        self.overlay.set_side(self.doc.names.layout.hexside_segment(side) if side is not None else None)
        rubber = getattr(self.tool, "rubber", None)  # the box tool's rectangle being dragged
        self.overlay.set_rubber(QRectF(QPointF(rubber[0], rubber[1]), QPointF(rubber[2], rubber[3]))
                                if rubber is not None else None)

    def _update_stamp(self, point: MapPoint | None) -> None:
        """Draw the paste tool's stamp, turned as it would land, under the pointer."""
        stamp = getattr(self.tool, "stamp", None)
        if stamp is None or point is None or not self.tool.clip:
            self.overlay.set_stamp([], [])
            return
        self.overlay.set_stamp(*stamp_preview(self.doc.map, self.doc.names, stamp(), point.hex))

    # -- events ---------------------------------------------------------------------------

    def event(self, event) -> bool:
        # A tool that takes keys of its own (the paste stamp's [ ] R M Esc) gets them before
        # the window's shortcuts do.
        if event.type() == QEvent.ShortcutOverride and self._tool_takes(event):
            event.accept()
            return True
        return super().event(event)

    def _tool_takes(self, event) -> bool:
        handles = getattr(self.tool, "handles_key", None)
        return handles is not None and handles(event.key(), event.modifiers())

    def keyPressEvent(self, event) -> None:
        if self._tool_takes(event) and self.tool.key(event.key(), event.modifiers()):
            event.accept()
            self.update_preview()
            self.toolKeyPressed.emit()
            return
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self._space = True
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self._space = False
            if self.tool is not None:
                self.viewport().setCursor(self.tool.cursor)
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton and not self._space and self.tool is not None:
            self._tool_down = True
            point = self.map_point(self.mapToScene(event.position().toPoint()), event.modifiers())
            self.last_point = point
            self.tool.press(point)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        super().mouseMoveEvent(event)
        point = self.map_point(self.mapToScene(event.position().toPoint()))
        self.last_point = point
        if self.tool is not None:
            self.tool.move(point, self._tool_down)
        self.update_preview()
        self.pointChanged.emit(point)

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.LeftButton and self._tool_down and self.tool is not None:
            self._tool_down = False
            point = self.map_point(self.mapToScene(event.position().toPoint()))
            self.tool.release(point)
            if getattr(self.tool, "rubber", None) is None:
                self.overlay.set_rubber(None)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def leaveEvent(self, event) -> None:
        self.last_point = None
        self.update_preview()
        self.pointChanged.emit(None)
        super().leaveEvent(event)
