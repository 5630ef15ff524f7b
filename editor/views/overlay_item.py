"""What the editor draws over the map: selection, brush preview, paste stamp, reconstructed tint,
picked hexsides, boxes and tracks; repainting only the hexes that change where it can."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsItem

from hexwright.runtime.ui.map_painter import MapPainter

SELECTION_FILL = QColor(40, 110, 230, 70)
SELECTION_EDGE = QColor(20, 70, 200, 200)
PREVIEW_EDGE = QColor(230, 60, 20, 220)
RECONSTRUCTED_FILL = QColor(235, 150, 0, 90)
RECONSTRUCTED_EDGE = QColor(215, 110, 0, 230)
PICKED_SIDE = QColor(20, 70, 200, 230)
BOX_PICKED = QColor(20, 70, 200, 255)
OVERRIDDEN_FILL = QColor(200, 0, 140, 70)
OVERRIDDEN_EDGE = QColor(170, 0, 120, 210)


class OverlayItem(QGraphicsItem):
    """Draws the selected hexes (tinted) and the tool's footprint under the pointer (outlined)."""

    def __init__(self, map_painter: MapPainter, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self.map_painter = map_painter
        self.selection: list[str] = []
        self.preview: list[str] = []
        self.side: tuple[tuple[float, float], tuple[float, float]] | None = None
        self.stamp_fills: list[tuple[list[str], str]] = []
        """A floating paste: hexes filled with their terrain's colour, ``(labels, colour)``."""
        self.stamp_lines: list[tuple[tuple[tuple[float, float], tuple[float, float]], str, float]] = []
        """…and its hexsides: ``(segment, colour, width in hex sizes)`` for rivers and roads."""
        self.reconstructed: list[str] = []
        """Hexes marked reconstructed, tinted while View ▸ Show Reconstructed is on."""
        self.reconstructed_sides: list[tuple[tuple[float, float], tuple[float, float]]] = []
        self.overridden: list[str] = []
        """In a variant: the hexes it changes from its base (View ▸ Show Variant Changes)."""
        self.picked_sides: list[tuple[tuple[float, float], tuple[float, float]]] = []
        self.boxes: list[tuple[QRectF, str, bool]] = []
        """Off-map boxes and tracks: ``(rect, caption, picked)``; the picked one is outlined."""
        self.rubber: QRectF | None = None
        """A rectangle being dragged out (the box tool)."""
        self.setZValue(1000)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        rect = self.map_painter.map_rect()
        for box, _name, _picked in self.boxes:
            rect = rect.united(box.adjusted(-4, -4, 4, 4))
        if self.rubber is not None:
            rect = rect.united(self.rubber.normalized().adjusted(-4, -4, 4, 4))
        return rect

    def paint(self, painter, option, widget=None) -> None:
        size = self.map_painter.cache.size
        if self.overridden:
            self.map_painter.paint_overlay_hexes(painter, self.overridden, OVERRIDDEN_FILL,
                                                 QPen(OVERRIDDEN_EDGE, 0.06 * size, Qt.DashLine))
        if self.reconstructed:
            self.map_painter.paint_overlay_hexes(painter, self.reconstructed, RECONSTRUCTED_FILL)
        for (x0, y0), (x1, y1) in self.reconstructed_sides:
            painter.setPen(QPen(RECONSTRUCTED_EDGE, 0.09 * size, Qt.DashLine, Qt.RoundCap))
            painter.drawLine(QPointF(x0, y0), QPointF(x1, y1))
        for (x0, y0), (x1, y1) in self.picked_sides:
            painter.setPen(QPen(PICKED_SIDE, 0.14 * size, Qt.SolidLine, Qt.RoundCap))
            painter.drawLine(QPointF(x0, y0), QPointF(x1, y1))
        self._paint_boxes(painter, size)
        if self.selection:
            self.map_painter.paint_overlay_hexes(painter, self.selection, SELECTION_FILL,
                                                 QPen(SELECTION_EDGE, 0.05 * self.map_painter.cache.size))
        for labels, colour in self.stamp_fills:
            fill = QColor(colour)
            fill.setAlpha(215)  # opaque enough to read as the stamp, not the map under it
            self.map_painter.paint_overlay_hexes(painter, labels, fill)
        for ((x0, y0), (x1, y1)), colour, width in self.stamp_lines:
            painter.setPen(QPen(QColor(colour), width * size, Qt.SolidLine, Qt.RoundCap))
            painter.drawLine(QPointF(x0, y0), QPointF(x1, y1))
        if self.preview:
            pen = QPen(PREVIEW_EDGE, 0.07 * self.map_painter.cache.size)
            self.map_painter.paint_overlay_hexes(painter, self.preview, QBrush(Qt.NoBrush), pen)
        if self.side is not None:
            painter.setPen(QPen(PREVIEW_EDGE, 0.16 * self.map_painter.cache.size, Qt.SolidLine, Qt.RoundCap))
            (x0, y0), (x1, y1) = self.side
            painter.drawLine(QPointF(x0, y0), QPointF(x1, y1))

    def _paint_boxes(self, painter, size: float) -> None:
        """The chosen box's rectangle outlined (the boxes themselves are drawn in the map's style
        under the counters, :class:`~.boxes_item.BoxesItem`)."""
        for rect, _name, picked in self.boxes:
            if picked:
                painter.setBrush(Qt.NoBrush)
                painter.setPen(QPen(BOX_PICKED, 0.08 * size))
                painter.drawRect(rect)
        if self.rubber is not None:
            painter.setBrush(Qt.NoBrush)
            painter.setPen(QPen(PREVIEW_EDGE, 0.05 * size, Qt.DashLine))
            painter.drawRect(self.rubber.normalized())

    def set_reconstructed(self, labels: list[str], side_segments: list) -> None:
        """Tint these hexes and dash these hexside segments (empty lists: overlay off)."""
        if (labels, side_segments) != (self.reconstructed, self.reconstructed_sides):
            self.reconstructed, self.reconstructed_sides = labels, side_segments
            self.update()

    def set_overridden(self, labels: list[str]) -> None:
        """Tint the hexes a variant overrides (empty: none, or the marks are off)."""
        if labels != self.overridden:
            self.overridden = labels
            self.update()

    def set_picked_sides(self, segments: list) -> None:
        if segments != self.picked_sides:
            self.picked_sides = segments
            self.update()

    def set_boxes(self, boxes: list[tuple[QRectF, str, bool]]) -> None:
        if boxes != self.boxes:
            self.prepareGeometryChange()
            self.boxes = boxes
            self.update()

    def set_rubber(self, rect: QRectF | None) -> None:
        if rect != self.rubber:
            self.prepareGeometryChange()
            self.rubber = rect
            self.update()

    def _set(self, attr: str, labels: list[str]) -> None:
        old = getattr(self, attr)
        if old == labels:
            return
        rect = self.map_painter.hexes_rect(old).united(self.map_painter.hexes_rect(labels))
        setattr(self, attr, labels)
        if not rect.isNull():
            self.update(rect)

    def set_selection(self, labels: list[str]) -> None:
        self._set("selection", sorted(labels))

    def set_preview(self, labels: list[str]) -> None:
        self._set("preview", labels)

    def set_side(self, segment) -> None:
        """Highlight one hexside segment ``((x0, y0), (x1, y1))``, or none."""
        if segment == self.side:
            return
        for seg in (self.side, segment):
            if seg is not None:
                (x0, y0), (x1, y1) = seg
                pad = 0.2 * self.map_painter.cache.size
                self.update(QRectF(QPointF(min(x0, x1) - pad, min(y0, y1) - pad),
                                   QPointF(max(x0, x1) + pad, max(y0, y1) + pad)))
        self.side = segment

    def set_stamp(self, fills, lines) -> None:
        """Show a floating paste (see :attr:`stamp_fills`, :attr:`stamp_lines`); empty lists hide it."""
        if (fills, lines) == (self.stamp_fills, self.stamp_lines):
            return
        old = [label for labels, _ in self.stamp_fills for label in labels]
        new = [label for labels, _ in fills for label in labels]
        rect = self.map_painter.hexes_rect(old).united(self.map_painter.hexes_rect(new))
        self.stamp_fills, self.stamp_lines = fills, lines
        if not rect.isNull():
            self.update(rect)

    def refresh(self) -> None:
        self.prepareGeometryChange()
        self.update()
