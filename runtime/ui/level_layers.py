"""Elevation drawn per hex (the classic looks): a tint ramp, brown hexside contours, numbers."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen

from hexwright.runtime.model import MapData

from .colors import qcolor
from .hex_cache import HexCache


def level_range(md: MapData) -> tuple[int, int]:
    values = [lv.value for lv in md.levels]
    if not values:
        values = [hd.level for hd in md.hexes.values()]
    values.append(0)
    return min(values), max(values)


def level_thresholds(md: MapData, low: int) -> list[int]:
    """Every level above the lowest that the map declares or uses: one contour each."""
    values = {lv.value for lv in md.levels} | {hd.level for hd in md.hexes.values()}
    return sorted(v for v in values if v > low)


def paint_level_ramp(painter: QPainter, md: MapData, c: HexCache, visible: list[int], data: list) -> None:
    low, high = level_range(md)
    own = {lv.value: qcolor(lv.color) for lv in md.levels if qcolor(lv.color).alpha() > 0}
    if high == low and not own:
        return
    brushes: dict[int, QBrush | None] = {}
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    for i, hd in zip(visible, data):
        level = hd.level if hd is not None else 0
        if level not in brushes:
            brushes[level] = ramp_brush(level, low, high, own.get(level))
        brush = brushes[level]
        if brush is not None:
            painter.setBrush(brush)
            painter.drawPolygon(c.polygon(i))
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)


def paint_hexside_contours(painter: QPainter, c: HexCache, visible: list[int], level_of: Callable[[int], int],
                           color: QColor, width: float = 0.09) -> None:
    """A brown line (``width`` in hex sizes) on every hexside between two different levels."""
    done: set[tuple[int, int]] = set()
    lines = []
    for i in visible:
        li = level_of(i)
        for d, j in enumerate(c.neighbors(i)):
            if j < 0 or (min(i, j), max(i, j)) in done:
                continue
            if level_of(j) != li:
                done.add((min(i, j), max(i, j)))
                lines.append(c.outline(i)[d])
    if lines:
        painter.setPen(QPen(color, width * c.size, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLines(lines)


LIGHTEST = 0.3
"""Opacity of the white wash on the lowest level."""
DARKEST = 0.13
"""Opacity of the neutral shade on the highest level: light enough that a hex keeps its
terrain's colour (a clear hex on a hill must not read as rough); the contour lines on
the hexsides between levels say where the ground rises."""
SHADE = (40, 40, 56)


def ramp_brush(level: int, low: int, high: int, own: QColor | None) -> QBrush | None:
    """Tint for ``level``: its own colour if it has one, else lighter below and a little
    darker (neutral, never brown) above the middle."""
    if own is not None:
        return QBrush(own)
    if high == low:
        return None
    t = (level - low) / (high - low)
    if abs(t - 0.5) < 1e-9:
        return None
    if t < 0.5:
        return QBrush(QColor(255, 255, 255, round((0.5 - t) * 2 * 255 * LIGHTEST)))
    return QBrush(QColor(*SHADE, round((t - 0.5) * 2 * 255 * DARKEST)))
