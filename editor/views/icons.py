"""The tool icons, drawn with QPainter (no image files): one small picture per tool.

:func:`tool_icon` takes a tool's class name (``TerrainBrush``…) or ``play``; an unknown
name gets a plain hex, so a new tool always has an icon.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

SIZE = 64
INK = QColor("#303030")


def _hex(cx: float, cy: float, r: float) -> QPolygonF:
    return QPolygonF([QPointF(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i)))
                      for i in range(6)])


def _pen(color: str | QColor = INK, width: float = 4.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(QColor(color), width, style)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _brush(p: QPainter) -> None:
    p.setPen(_pen("#7a4a1c", 7))
    p.drawLine(QPointF(50, 8), QPointF(30, 32))
    p.setPen(_pen(INK, 2))
    p.setBrush(QColor("#6aa84f"))
    path = QPainterPath(QPointF(30, 30))
    path.cubicTo(QPointF(18, 34), QPointF(20, 48), QPointF(8, 56))
    path.cubicTo(QPointF(26, 56), QPointF(38, 48), QPointF(36, 36))
    path.closeSubpath()
    p.drawPath(path)


def _bucket(p: QPainter) -> None:
    p.setPen(_pen(INK, 3))
    p.setBrush(QColor("#d0d0d0"))
    p.drawPolygon(QPolygonF([QPointF(14, 22), QPointF(40, 10), QPointF(52, 36), QPointF(26, 48)]))
    p.setBrush(QColor("#6aa84f"))
    p.drawEllipse(QPointF(50, 50), 6, 8)
    p.setPen(_pen(INK, 3))
    p.drawArc(QRectF(18, 4, 26, 26), 0, 180 * 16)


def _eraser(p: QPainter) -> None:
    p.translate(32, 32)
    p.rotate(-40)
    p.setPen(_pen(INK, 3))
    p.setBrush(QColor("#f2a0b0"))
    p.drawRoundedRect(QRectF(-22, -12, 26, 24), 4, 4)
    p.setBrush(QColor("#ffffff"))
    p.drawRoundedRect(QRectF(4, -12, 18, 24), 4, 4)
    p.resetTransform()
    p.setPen(_pen("#909090", 3))
    p.drawLine(QPointF(8, 58), QPointF(56, 58))


def _dropper(p: QPainter) -> None:
    p.setPen(_pen(INK, 4))
    p.drawLine(QPointF(14, 50), QPointF(40, 24))
    p.setBrush(QColor(INK))
    p.drawEllipse(QPointF(46, 18), 9, 9)
    p.setPen(_pen("#6aa84f", 6))
    p.drawPoint(QPointF(10, 55))


def _levels(p: QPainter) -> None:
    colours = ("#e8e0b8", "#d2b98c", "#a98a5a")
    for i, c in enumerate(colours):
        p.setPen(_pen("#6b4f2a", 2.5))
        p.setBrush(QColor(c))
        h = 46 - i * 14
        p.drawEllipse(QRectF(32 - h / 2 - 6, 36 - h / 2 + i * 5, h + 12, h * 0.8))


def _hexside(p: QPainter) -> None:
    poly = _hex(32, 32, 24)
    p.setPen(_pen("#808080", 2.5))
    p.setBrush(QColor("#f3eed8"))
    p.drawPolygon(poly)
    p.setPen(_pen("#2a6fd6", 7))
    p.drawLine(poly.at(0), poly.at(1))
    p.drawLine(poly.at(1), poly.at(2))


def _road(p: QPainter) -> None:
    path = QPainterPath(QPointF(6, 56))
    path.cubicTo(QPointF(24, 40), QPointF(36, 50), QPointF(58, 8))
    p.setPen(_pen("#8a3a1a", 9))
    p.drawPath(path)
    p.setPen(_pen("#f3eed8", 2, Qt.PenStyle.DashLine))
    p.drawPath(path)


def _stamp(p: QPainter) -> None:
    p.setPen(_pen(INK, 2.5))
    p.setBrush(QColor("#b03020"))
    p.drawRect(QRectF(16, 28, 14, 14))
    p.drawRect(QRectF(32, 22, 16, 20))
    p.setBrush(QColor("#c08000"))
    star = QPolygonF([QPointF(32 + 10 * math.cos(math.radians(-90 + 36 * i)) * (1 if i % 2 == 0 else 0.45),
                              14 + 10 * math.sin(math.radians(-90 + 36 * i)) * (1 if i % 2 == 0 else 0.45))
                      for i in range(10)])
    p.drawPolygon(star)
    p.setPen(_pen(INK, 3))
    p.drawLine(QPointF(10, 52), QPointF(54, 52))


def _namer(p: QPainter) -> None:
    p.setPen(_pen("#808080", 2.5))
    p.setBrush(QColor("#f3eed8"))
    p.drawPolygon(_hex(32, 32, 26))
    font = p.font()
    font.setPixelSize(30)
    font.setBold(True)
    p.setFont(font)
    p.setPen(INK)
    p.drawText(QRectF(0, 0, 64, 64), Qt.AlignmentFlag.AlignCenter, "Aa")


def _area(p: QPainter) -> None:
    for cx, cy in ((22, 22), (42, 22), (32, 40)):
        p.setPen(_pen("#c04080", 2.5))
        p.setBrush(QColor(200, 64, 128, 90))
        p.drawPolygon(_hex(cx, cy, 12))


def _region(p: QPainter) -> None:
    p.setPen(_pen(INK, 3, Qt.PenStyle.DashLine))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(10, 14, 44, 36))
    p.setPen(_pen(INK, 2))
    p.setBrush(QColor("#ffffff"))
    for x, y in ((10, 14), (54, 14), (10, 50), (54, 50)):
        p.drawRect(QRectF(x - 4, y - 4, 8, 8))


def _pick(p: QPainter) -> None:
    p.setPen(_pen(INK, 2.5))
    p.setBrush(QColor("#ffffff"))
    p.drawPolygon(QPolygonF([QPointF(16, 8), QPointF(16, 52), QPointF(27, 41), QPointF(35, 58), QPointF(42, 55),
                             QPointF(34, 38), QPointF(49, 38)]))


def _box(p: QPainter) -> None:
    p.setPen(_pen(INK, 3))
    p.setBrush(QColor("#f3eed8"))
    p.drawRect(QRectF(8, 14, 48, 38))
    p.setPen(_pen(INK, 2))
    p.drawLine(QPointF(8, 24), QPointF(56, 24))
    p.setBrush(QColor("#4a6fb5"))
    p.drawRect(QRectF(14, 30, 14, 14))
    p.drawRect(QRectF(34, 30, 14, 14))


def _counter(p: QPainter) -> None:
    p.setPen(_pen(INK, 2.5))
    p.setBrush(QColor("#c0483c"))
    p.drawRoundedRect(QRectF(20, 6, 36, 36), 3, 3)
    p.setBrush(QColor("#4a6fb5"))
    p.drawRoundedRect(QRectF(8, 20, 36, 36), 3, 3)
    p.setPen(_pen("#ffffff", 2.5))
    p.setBrush(Qt.BrushStyle.NoBrush)
    r = QRectF(15, 29, 22, 14)
    p.drawRect(r)
    p.drawLine(r.topLeft(), r.bottomRight())
    p.drawLine(r.bottomLeft(), r.topRight())


def _play(p: QPainter) -> None:
    p.setPen(_pen("#2e7d32", 3))
    p.setBrush(QColor("#43a047"))
    p.drawPolygon(QPolygonF([QPointF(18, 10), QPointF(54, 32), QPointF(18, 54)]))


def _plain(p: QPainter) -> None:
    p.setPen(_pen("#808080", 3))
    p.setBrush(QBrush(QColor("#f3eed8")))
    p.drawPolygon(_hex(32, 32, 24))


DRAWINGS: dict[str, Callable[[QPainter], None]] = {
    "TerrainBrush": _brush, "FloodFill": _bucket, "Eraser": _eraser, "Eyedropper": _dropper,
    "LevelBrush": _levels, "HexsidePainter": _hexside, "RoadTool": _road, "FeatureStamp": _stamp,
    "HexNamer": _namer, "AreaSelect": _area, "RegionSelect": _region, "PickTool": _pick, "BoxTool": _box,
    "SetupTool": _counter, "play": _play,
}


def tool_pixmap(name: str, size: int = SIZE) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / SIZE, size / SIZE)
    DRAWINGS.get(name, _plain)(painter)
    painter.end()
    return pixmap


def tool_icon(name: str) -> QIcon:
    icon = QIcon()
    for size in (16, 24, 32, 48, 64):
        icon.addPixmap(tool_pixmap(name, size))
    return icon
