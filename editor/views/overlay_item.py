"""Selection and brush preview drawn over the map, repainting only the hexes that change."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsItem

from runtime.ui.map_painter import MapPainter

SELECTION_FILL = QColor(40, 110, 230, 70)
SELECTION_EDGE = QColor(20, 70, 200, 200)
PREVIEW_EDGE = QColor(230, 60, 20, 220)


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
        self.setZValue(1000)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self.map_painter.map_rect()

    def paint(self, painter, option, widget=None) -> None:
        if self.selection:
            self.map_painter.paint_overlay_hexes(painter, self.selection, SELECTION_FILL,
                                                 QPen(SELECTION_EDGE, 0.05 * self.map_painter.cache.size))
        size = self.map_painter.cache.size
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
