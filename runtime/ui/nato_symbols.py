"""NATO unit-type symbols (APP-6 style) drawn inside a counter's unit box."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF


def draw_nato_symbol(painter: QPainter, box: QRectF, symbol: str, ink: QColor, line: float) -> None:
    """The NATO unit-type symbol inside ``box`` (the frame itself is drawn by the caller)."""
    pen = QPen(ink, line, Qt.SolidLine, Qt.FlatCap, Qt.MiterJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.NoBrush)
    x0, y0, x1, y1 = box.left(), box.top(), box.right(), box.bottom()
    w, h = box.width(), box.height()
    cx, cy = box.center().x(), box.center().y()

    def cross() -> None:
        painter.drawLine(QPointF(x0, y0), QPointF(x1, y1))
        painter.drawLine(QPointF(x0, y1), QPointF(x1, y0))

    def slash() -> None:
        painter.drawLine(QPointF(x0, y1), QPointF(x1, y0))

    def oval() -> None:
        painter.drawRoundedRect(QRectF(x0 + w * 0.2, y0 + h * 0.25, w * 0.6, h * 0.5), h * 0.25, h * 0.25)

    def dot(radius: float = 0.14) -> None:
        painter.setBrush(QBrush(ink))
        painter.drawEllipse(QPointF(cx, cy), h * radius, h * radius)
        painter.setBrush(Qt.NoBrush)

    def inverted_v() -> None:
        painter.drawPolyline(QPolygonF([QPointF(x0, y1), QPointF(cx, y0), QPointF(x1, y1)]))

    if symbol == "infantry":
        cross()
    elif symbol == "armor":
        oval()
    elif symbol == "mechanized_infantry":
        cross()
        oval()
    elif symbol == "armored_cavalry":
        slash()
        oval()
    elif symbol in ("cavalry", "recon"):
        slash()
    elif symbol == "airborne":
        cross()
        canopy = QRectF(cx - w * 0.14, y1 - h * 0.32, w * 0.28, h * 0.44)
        painter.drawArc(canopy, 0, 180 * 16)  # the parachute canopy arc at the foot of the box
    elif symbol == "hq":
        staff_x = x0 + w * 0.22
        painter.drawLine(QPointF(staff_x, y1 - h * 0.12), QPointF(staff_x, y0 + h * 0.12))
        painter.setBrush(QBrush(ink))
        painter.drawRect(QRectF(staff_x, y0 + h * 0.12, w * 0.36, h * 0.34))
        painter.setBrush(Qt.NoBrush)
    elif symbol == "artillery":
        dot()
    elif symbol == "anti_tank":
        inverted_v()
    elif symbol == "tank_destroyer":
        inverted_v()
        painter.drawRoundedRect(QRectF(x0 + w * 0.3, y1 - h * 0.36, w * 0.4, h * 0.26), h * 0.13, h * 0.13)
    elif symbol == "assault_gun":
        oval()
        dot(0.1)
    elif symbol == "flak":
        painter.drawArc(QRectF(x0 + w * 0.12, y1 - h * 0.6, w * 0.76, h * 1.2), 0, 180 * 16)
    elif symbol == "engineer":
        top, foot = y0 + h * 0.35, y0 + h * 0.68
        left, right = x0 + w * 0.25, x1 - w * 0.25
        painter.drawLine(QPointF(left, top), QPointF(right, top))
        for x in (left, cx, right):
            painter.drawLine(QPointF(x, top), QPointF(x, foot))
    elif symbol == "observation_post":
        tri = QPolygonF([QPointF(cx, y0 + h * 0.15), QPointF(cx + h * 0.38, y1 - h * 0.18),
                         QPointF(cx - h * 0.38, y1 - h * 0.18)])
        painter.drawPolygon(tri)
        painter.setBrush(QBrush(ink))
        painter.drawEllipse(QPointF(cx, y1 - h * 0.38), h * 0.07, h * 0.07)
        painter.setBrush(Qt.NoBrush)
