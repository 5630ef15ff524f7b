"""How a terrain type looks: a flat fill plus, for patterned terrain, small printed glyphs.

Glyphs are vector paths in hex-local coordinates (origin at the hex centre), built once
per hex size, so they stay crisp at any zoom. Each pattern has two variants (the second
mirrored) that alternate over the map, so woods do not look like wallpaper.
"""

from __future__ import annotations

import copy

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QTransform

from hexwright.runtime.model import TerrainType

from .colors import over, qcolor

# Glyphs stay inside this fraction of the hex size, clear of the label (top) and name (bottom).
_TREES = ((-0.36, -0.22), (0.02, -0.34), (0.38, -0.16), (-0.14, 0.06), (0.22, 0.14), (-0.44, 0.26), (0.0, 0.4))
_HILLS = ((-0.3, -0.2), (0.25, -0.05), (-0.1, 0.3))
_MARSH = ((-0.34, -0.24), (0.2, -0.3), (0.36, 0.12), (-0.2, 0.18), (0.08, 0.42))
_DOTS = ((-0.4, -0.3), (-0.05, -0.4), (0.35, -0.28), (-0.22, -0.02), (0.16, 0.0), (0.5, 0.1),
         (-0.5, 0.22), (-0.08, 0.3), (0.28, 0.36))
_BLOCKS = ((-0.32, -0.3), (0.0, -0.34), (0.3, -0.26), (-0.4, 0.0), (-0.08, -0.04), (0.24, 0.02),
           (-0.22, 0.28), (0.1, 0.3))

STROKED_PATTERNS = frozenset({"hills", "marsh", "hatch"})


def _trees(s: float) -> QPainterPath:
    path = QPainterPath()
    r = 0.1 * s
    for x, y in _TREES:
        path.addEllipse(QPointF(x * s, y * s), r, r)
        path.addRect(QRectF(x * s - 0.015 * s, y * s + 0.6 * r, 0.03 * s, 0.9 * r))
    return path


def _hills(s: float) -> QPainterPath:
    path = QPainterPath()
    w, h = 0.34 * s, 0.2 * s
    for x, y in _HILLS:
        cx, cy = x * s, y * s
        path.moveTo(cx - w / 2, cy + h / 2)
        path.cubicTo(cx - w / 4, cy - h, cx + w / 4, cy - h, cx + w / 2, cy + h / 2)
    return path


def _marsh(s: float) -> QPainterPath:
    path = QPainterPath()
    w, h = 0.22 * s, 0.12 * s
    for x, y in _MARSH:
        cx, cy = x * s, y * s
        path.moveTo(cx - w / 2, cy)
        path.lineTo(cx + w / 2, cy)
        for dx, tall in ((-0.25, 0.7), (0.0, 1.0), (0.25, 0.7)):
            path.moveTo(cx + dx * w, cy)
            path.lineTo(cx + dx * w * 1.6, cy - h * tall)
    return path


def _dots(s: float) -> QPainterPath:
    path = QPainterPath()
    r = 0.035 * s
    for x, y in _DOTS:
        path.addEllipse(QPointF(x * s, y * s), r, r)
    return path


def _urban(s: float) -> QPainterPath:
    path = QPainterPath()
    a = 0.16 * s
    for x, y in _BLOCKS:
        path.addRect(QRectF(x * s - a / 2, y * s - a / 2, a, a * 0.8))
    return path


def _clip(p0: tuple[float, float], p1: tuple[float, float], poly: list[tuple[float, float]]):
    """The part of segment p0-p1 inside the convex, clockwise (on screen) polygon ``poly``."""
    t0, t1 = 0.0, 1.0
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    for k, (ax, ay) in enumerate(poly):
        bx, by = poly[(k + 1) % len(poly)]
        # Inside is to the right of a→b on screen (y down): cross(b - a, p - a) >= 0.
        ex, ey = bx - ax, by - ay
        num = ex * (p0[1] - ay) - ey * (p0[0] - ax)
        den = ex * dy - ey * dx
        if den == 0:
            if num < 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (p0[0] + t0 * dx, p0[1] + t0 * dy), (p0[0] + t1 * dx, p0[1] + t1 * dy)


def _hatch(s: float, corners: list[tuple[float, float]]) -> QPainterPath:
    """Diagonal hatching clipped to the hex, slightly inset from its sides."""
    path = QPainterPath()
    inner = [(x * 0.9, y * 0.9) for x, y in corners]
    step = 0.17 * s
    k = -2 * s
    while k <= 2 * s:
        seg = _clip((k - 2 * s, 2 * s), (k + 2 * s, -2 * s), inner)
        if seg is not None:
            path.moveTo(*seg[0])
            path.lineTo(*seg[1])
        k += step
    return path


_BUILDERS = {"trees": _trees, "hills": _hills, "marsh": _marsh, "dots": _dots, "urban": _urban}


class TerrainStyle:
    """Fill brush, glyph paths and glyph brush/pen of one terrain type at one hex size."""

    def __init__(self, terrain: TerrainType, size: float, corners: list[tuple[float, float]]):
        """``corners`` are the hex's corners relative to its centre (for clipped patterns)."""
        self.color = qcolor(terrain.color)
        self.pattern = terrain.pattern
        self.fill = QBrush(self.color)
        ink = self.color.darker(175 if self.pattern != "hills" else 200)
        if self.pattern == "marsh":
            ink = QColor("#2f6f8f")
        self.glyph_brush = QBrush(ink)
        pen_width = 0.035 if self.pattern == "hatch" else 0.06
        self.glyph_pen = QPen(ink, max(pen_width * size, 0.5), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        self.stroked = self.pattern in STROKED_PATTERNS
        if self.pattern == "hatch":
            path = _hatch(size, corners)
            self.glyphs: tuple[QPainterPath, ...] = (path, path)
        elif self.pattern in _BUILDERS:
            path = _BUILDERS[self.pattern](size)
            self.glyphs = (path, QTransform.fromScale(-1.0, 1.0).map(path))
        else:
            self.glyphs = ()
        self._tinted: dict[int, TerrainStyle] = {}

    def tinted(self, tint: QColor | None) -> TerrainStyle:
        """This look under a translucent ``tint`` (a level's shade), as one fill and one ink: the
        pixels of filling and inking a hex and then washing it with the tint, in one pass less."""
        if tint is None or tint.alpha() == 0:
            return self
        key = tint.rgba()
        done = self._tinted.get(key)
        if done is None:
            done = self._tinted[key] = copy.copy(self)
            done._tinted = {}
            done.color = over(tint, self.color)
            done.fill = QBrush(done.color)
            ink = over(tint, self.glyph_brush.color())
            done.glyph_brush = QBrush(ink)
            done.glyph_pen = QPen(self.glyph_pen)
            done.glyph_pen.setColor(ink)
        return done

    def variant(self, col: int, row: int) -> int:
        """Which of :attr:`glyphs` hex ``(col, row)`` shows (neighbours vary, not in stripes)."""
        return (col * 7 + row * 3 + (col * row) % 5) % 2

    def set_glyph_ink(self, painter: QPainter) -> None:
        """The pen and brush a glyph of this look is drawn with: stroked, or filled."""
        if self.stroked:
            painter.setPen(self.glyph_pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.glyph_brush)

    def glyph_for(self, col: int, row: int) -> QPainterPath | None:
        """The glyph variant for hex ``(col, row)``; ``None`` for unpatterned terrain."""
        if not self.glyphs:
            return None
        return self.glyphs[self.variant(col, row)]


def style_key(terrain: TerrainType) -> tuple:
    return (terrain.color, terrain.pattern)

