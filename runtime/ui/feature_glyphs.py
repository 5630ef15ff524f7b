"""Map symbols for hex features (towns, forts, steeples, supply sources…), drawn as vectors.

Every glyph is drawn around a point ``(x, y)`` at hex size ``s``. Colours come from the
feature type; a type left at the model's default black gets the usual printed colour of
its kind (red towns, gold objectives), and supply sources, depots and control marks use
the colour of the feature's side when it has one.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF

from .colors import qcolor

INK = QColor("#1a1a1a")
MODEL_DEFAULT_COLOR = "#000000"
KIND_COLORS = {
    "village": "#1a1a1a", "town": "#b3261e", "city": "#b3261e", "major_city": "#8e1b14",
    "objective": "#e2b100", "supply_source": "#ffffff", "depot": "#ffffff", "control": "#ffffff",
    "steeple": "#1a1a1a", "cathedral": "#1a1a1a", "fortification": "#1a1a1a", "fort_line": "#1a1a1a",
}

# Where the n-th feature of a hex goes, in units of the hex size (first one central).
SLOTS = ((0.0, 0.0), (-0.42, 0.08), (0.42, 0.08), (-0.26, -0.34), (0.26, -0.34), (0.0, 0.34))

Glyph = Callable[[QPainter, float, float, float, QColor], None]


def star_points(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> QPolygonF:
    """Vertices of a star with ``points`` tips, the first pointing up."""
    out = []
    for k in range(points * 2):
        r = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / points
        out.append(QPointF(cx + r * math.cos(a), cy + r * math.sin(a)))
    return QPolygonF(out)


def _ink(s: float, factor: float = 0.035) -> QPen:
    return QPen(INK, max(factor * s, 0.4), Qt.SolidLine, Qt.SquareCap, Qt.MiterJoin)


def _squares(p: QPainter, x: float, y: float, s: float, color: QColor, cells: tuple, a: float) -> None:
    p.setPen(_ink(s, 0.02))
    p.setBrush(QBrush(color))
    for dx, dy in cells:
        p.drawRect(QRectF(x + dx * s - a * s / 2, y + dy * s - a * s / 2, a * s, a * s))


def _village(p, x, y, s, color):
    p.setPen(Qt.NoPen)
    p.setBrush(QBrush(color))
    p.drawEllipse(QPointF(x, y), 0.075 * s, 0.075 * s)


def _town(p, x, y, s, color):
    _squares(p, x, y, s, color, ((-0.08, 0.05), (0.07, -0.06), (0.09, 0.1)), 0.13)


def _city(p, x, y, s, color):
    cells = ((-0.16, -0.12), (0.0, -0.16), (0.16, -0.1), (-0.18, 0.04), (-0.02, 0.0), (0.15, 0.06),
             (-0.08, 0.16), (0.08, 0.2))
    _squares(p, x, y, s, color, cells, 0.14)


def _major_city(p, x, y, s, color):
    p.setPen(_ink(s, 0.025))
    p.setBrush(QBrush(color))
    r = 0.26 * s
    p.drawPolygon(QPolygonF([QPointF(x + r * math.cos(a), y + r * math.sin(a))
                             for a in (k * math.pi / 4 + math.pi / 8 for k in range(8))]))
    p.setPen(QPen(QColor("#f2e6d0"), max(0.02 * s, 0.4)))
    p.drawLine(QPointF(x - r, y), QPointF(x + r, y))
    p.drawLine(QPointF(x, y - r), QPointF(x, y + r))


def _fortification(p, x, y, s, color):
    p.setPen(QPen(color, max(0.045 * s, 0.5), Qt.SolidLine, Qt.SquareCap, Qt.MiterJoin))
    p.setBrush(Qt.NoBrush)
    p.drawPolygon(star_points(x, y, 0.24 * s, 0.13 * s, 5))


def _fort_line(p, x, y, s, color):
    p.setPen(QPen(color, max(0.04 * s, 0.5), Qt.SolidLine, Qt.FlatCap, Qt.MiterJoin))
    p.setBrush(Qt.NoBrush)
    w, h, n = 0.6 * s, 0.1 * s, 4
    step = w / (2 * n + 1)
    px, base, top = x - w / 2, y + h / 2, y - h / 2
    pts = [QPointF(px, base)]
    for _ in range(n):
        px += step
        pts += [QPointF(px, base), QPointF(px, top), QPointF(px + step, top), QPointF(px + step, base)]
        px += step
    pts.append(QPointF(x + w / 2, base))
    p.drawPolyline(QPolygonF(pts))


def _cross(p, x, y, s, color, big: bool):
    k = 1.4 if big else 1.0
    p.setPen(QPen(color, max(0.055 * s * k, 0.5), Qt.SolidLine, Qt.FlatCap))
    p.drawLine(QPointF(x, y - 0.2 * s * k), QPointF(x, y + 0.16 * s * k))
    p.drawLine(QPointF(x - 0.1 * s * k, y - 0.08 * s * k), QPointF(x + 0.1 * s * k, y - 0.08 * s * k))
    if big:
        p.setPen(_ink(s, 0.025))
        p.setBrush(Qt.NoBrush)
        p.drawRect(QRectF(x - 0.16 * s, y + 0.12 * s, 0.32 * s, 0.12 * s))


def _steeple(p, x, y, s, color):
    _cross(p, x, y, s, color, big=False)


def _cathedral(p, x, y, s, color):
    _cross(p, x, y, s, color, big=True)


def _supply(p, x, y, s, color):
    p.setPen(_ink(s, 0.03))
    p.setBrush(QBrush(color))
    p.drawEllipse(QPointF(x, y), 0.15 * s, 0.15 * s)
    p.setBrush(QBrush(INK))
    p.setPen(Qt.NoPen)
    p.drawEllipse(QPointF(x, y), 0.04 * s, 0.04 * s)


def _depot(p, x, y, s, color):
    p.setPen(_ink(s, 0.03))
    p.setBrush(QBrush(color))
    p.drawRect(QRectF(x - 0.14 * s, y - 0.14 * s, 0.28 * s, 0.28 * s))
    p.drawLine(QPointF(x - 0.14 * s, y - 0.14 * s), QPointF(x + 0.14 * s, y + 0.14 * s))


def _objective(p, x, y, s, color):
    p.setPen(_ink(s, 0.025))
    p.setBrush(QBrush(color))
    p.drawPolygon(star_points(x, y, 0.22 * s, 0.09 * s, 5))


def _entrenchment(p, x, y, s, color):
    p.setPen(QPen(color, max(0.035 * s, 0.5), Qt.SolidLine, Qt.FlatCap))
    w = 0.44 * s
    p.drawLine(QPointF(x - w / 2, y), QPointF(x + w / 2, y))
    for k in range(5):
        px = x - w / 2 + (k + 0.5) * w / 5
        p.drawLine(QPointF(px, y), QPointF(px - 0.05 * s, y + 0.08 * s))


def _control(p, x, y, s, color):
    p.setPen(_ink(s, 0.03))
    p.drawLine(QPointF(x - 0.1 * s, y + 0.18 * s), QPointF(x - 0.1 * s, y - 0.18 * s))
    p.setBrush(QBrush(color))
    p.drawPolygon(QPolygonF([QPointF(x - 0.1 * s, y - 0.18 * s), QPointF(x + 0.16 * s, y - 0.1 * s),
                             QPointF(x - 0.1 * s, y - 0.02 * s)]))


def _bridge(p, x, y, s, color):
    p.setPen(QPen(color, max(0.04 * s, 0.5), Qt.SolidLine, Qt.FlatCap))
    p.setBrush(Qt.NoBrush)
    for sign in (-1, 1):
        p.drawArc(QRectF(x + sign * 0.08 * s - 0.12 * s, y - 0.16 * s, 0.24 * s, 0.32 * s),
                  (90 + sign * 90 - 40) * 16, 80 * 16)


def _airfield(p, x, y, s, color):
    p.setPen(QPen(color, max(0.06 * s, 0.5), Qt.SolidLine, Qt.FlatCap))
    p.drawLine(QPointF(x - 0.22 * s, y + 0.12 * s), QPointF(x + 0.22 * s, y - 0.12 * s))
    p.drawLine(QPointF(x - 0.22 * s, y - 0.12 * s), QPointF(x + 0.22 * s, y + 0.12 * s))


def _other(p, x, y, s, color):
    p.setPen(_ink(s, 0.025))
    p.setBrush(QBrush(color))
    r = 0.1 * s
    p.drawPolygon(QPolygonF([QPointF(x, y - r), QPointF(x + r, y), QPointF(x, y + r), QPointF(x - r, y)]))


GLYPHS: dict[str, Glyph] = {
    "village": _village, "reference": _village, "town": _town, "city": _city, "major_city": _major_city,
    "fortification": _fortification, "fort_line": _fort_line, "steeple": _steeple, "cathedral": _cathedral,
    "supply_source": _supply, "depot": _depot, "objective": _objective, "entrenchment": _entrenchment,
    "control": _control, "bridge": _bridge, "airfield": _airfield, "other": _other,
}


def feature_color(kind: str, type_color: str, side_color: str | None) -> QColor:
    """The fill colour of a feature glyph (see module docs)."""
    if side_color is not None and kind in ("supply_source", "depot", "control"):
        return qcolor(side_color)
    if type_color.lower() == MODEL_DEFAULT_COLOR:
        return qcolor(KIND_COLORS.get(kind, MODEL_DEFAULT_COLOR))
    return qcolor(type_color)


def draw_feature(painter: QPainter, kind: str, symbol: str, x: float, y: float, s: float,
                 color: QColor, font: QFont) -> None:
    """Draw one feature's glyph centred on ``(x, y)``; kind ``other`` with a symbol writes it."""
    if kind == "other" and symbol:
        painter.setFont(font)
        painter.setPen(QPen(color))
        r = 0.3 * s
        painter.drawText(QRectF(x - r, y - r, 2 * r, 2 * r), Qt.AlignCenter, symbol)
        return
    GLYPHS.get(kind, _other)(painter, x, y, s, color)
