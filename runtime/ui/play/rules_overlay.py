"""What the rules engine shows on the board, drawn over the map and under the counters:
reachable hexes shaded, the path and cost under the cursor, hexes to click for a retreat
or an advance, supplied hexes, a line of sight."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from hexwright.runtime.model import Module

REACH = QColor(255, 245, 120, 150)
STOP = QColor(255, 140, 30, 150)
CHOICE = QColor(40, 110, 230, 110)
OFFERED = QColor(40, 110, 230, 45)
DEFENDER = QColor(220, 40, 40, 110)
SUPPLY = QColor(60, 120, 220, 55)
PATH = QColor(25, 60, 170)
LOS_OK = QColor(20, 120, 40)
LOS_BLOCKED = QColor(190, 30, 30)


class RulesOverlay(QGraphicsItem):
    def __init__(self, module: Module):
        super().__init__()
        grid = module.map.grid
        self._grid, self._layout, self._scheme = grid.hex_grid(), grid.layout(), grid.labels.scheme()
        self.shaded: dict[str, QColor] = {}
        self.path: list[str] = []
        self.path_text = ""
        self.path_ok = True
        self.line: tuple[str, str, bool] | None = None
        self.line_text = ""
        self.setZValue(500)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self._rect = QRectF()
        self.above = AboveCounters(self.paint_lines, 150_000)
        """The path, the line of sight and their labels, drawn over the counters (add it to the scene too)."""

    # -- geometry -------------------------------------------------------------------------------

    def center(self, label: str) -> QPointF:
        x, y = self._layout.center(self._scheme.parse(label, self._grid))
        return QPointF(x, y)

    def polygon(self, label: str) -> QPolygonF:
        return QPolygonF([QPointF(x, y) for x, y in self._layout.corners(self._scheme.parse(label, self._grid))])

    def boundingRect(self) -> QRectF:
        return self._rect

    def _changed(self) -> None:
        self.prepareGeometryChange()
        labels = list(self.shaded) + self.path + (list(self.line[:2]) if self.line else [])
        rect = QRectF()
        for label in labels:
            rect = rect.united(self.polygon(label).boundingRect())
        self._rect = rect.adjusted(-80, -40, 80, 40)
        self.update()
        self.above.changed(self._rect)

    # -- what to show ----------------------------------------------------------------------------

    def show_hexes(self, shaded: dict[str, QColor]) -> None:
        self.shaded = dict(shaded)
        self._changed()

    def show_path(self, path: list[str], text: str, ok: bool = True) -> None:
        self.path, self.path_text, self.path_ok = list(path), text, ok
        self._changed()

    def show_line(self, a: str, b: str, visible: bool, text: str) -> None:
        self.line, self.line_text = (a, b, visible), text
        self._changed()

    def clear(self) -> None:
        self.shaded, self.path, self.path_text, self.line, self.line_text = {}, [], "", None, ""
        self._changed()

    # -- painting ---------------------------------------------------------------------------------

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        for label, color in self.shaded.items():
            painter.setPen(QPen(color.darker(160), 1.5))
            painter.setBrush(QBrush(color))
            painter.drawPolygon(self.polygon(label))

    def paint_lines(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        if len(self.path) >= 1:
            color = PATH if self.path_ok else LOS_BLOCKED
            points = [self.center(h) for h in self.path]
            pen = QPen(color, 5, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
            painter.setPen(pen)
            route = QPainterPath(points[0])
            for p in points[1:]:
                route.lineTo(p)
            painter.setBrush(Qt.NoBrush)
            painter.drawPath(route)
            painter.setBrush(QBrush(color))
            for p in points:
                painter.drawEllipse(p, 4, 4)
            self._label(painter, points[-1], self.path_text, color)
        if self.line is not None:
            a, b, visible = self.line
            color = LOS_OK if visible else LOS_BLOCKED
            painter.setPen(QPen(color, 4, Qt.DashLine, Qt.RoundCap))
            painter.drawLine(self.center(a), self.center(b))
            self._label(painter, self.center(b), self.line_text, color)

    def _label(self, painter: QPainter, at: QPointF, text: str, color: QColor) -> None:
        if not text:
            return
        font = QFont()
        font.setPointSizeF(11)
        font.setBold(True)
        painter.setFont(font)
        box = painter.fontMetrics().boundingRect(text).adjusted(-6, -3, 6, 3)
        box.moveCenter(at.toPoint() + QPointF(0, -28).toPoint())
        painter.setPen(QPen(color, 1.5))
        painter.setBrush(QBrush(QColor(255, 255, 255, 230)))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(color)
        painter.drawText(box, Qt.AlignCenter, text)


class AboveCounters(QGraphicsItem):
    """The part of an overlay drawn above the counters (but under a carried one): its owner's
    ``paint`` over the rectangle the owner last gave (the rules overlay's lines, the OP view's
    numbers)."""

    def __init__(self, paint: Callable[[QPainter], None], z: float):
        super().__init__()
        self._paint = paint
        self._rect = QRectF()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def changed(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        self._paint(painter)
