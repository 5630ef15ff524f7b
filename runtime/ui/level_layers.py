"""Elevation drawn per hex (the classic looks): a tint ramp, brown hexside contours, numbers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from hexwright.runtime.model import HexData, Level, MapData

from .colors import qcolor
from .hex_cache import GridLines, HexCache


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


STRIPE_TILE = 16
"""Pixels of the stripe texture's tile (a stripe of each colour per tile, at 45°)."""
STRIPE_PERIOD = 0.32
"""Width of a pair of stripes, in hex sizes."""


def stripe_image(a: QColor, b: QColor) -> QImage:
    """A tile of diagonal stripes, half ``a`` and half ``b``, that repeats without seams."""
    image = QImage(STRIPE_TILE, STRIPE_TILE, QImage.Format.Format_ARGB32)
    for y in range(STRIPE_TILE):
        for x in range(STRIPE_TILE):
            image.setPixelColor(x, y, a if (x + y) % STRIPE_TILE < STRIPE_TILE // 2 else b)
    return image


def level_brush(level: Level, size: float) -> QBrush | None:
    """The level's own brush: its colour, or stripes of its two colours scaled to the hex
    ``size`` (so they keep their width on the map at any zoom); None without a colour."""
    color = qcolor(level.color)
    if color.alpha() == 0:
        return None
    if level.stripe_color is None:
        return QBrush(color)
    brush = QBrush(stripe_image(color, qcolor(level.stripe_color)))
    scale = STRIPE_PERIOD * size / (STRIPE_TILE / 2 ** 0.5)
    brush.setTransform(QTransform.fromScale(scale, scale))
    return brush


def own_level_brushes(md: MapData, size: float) -> dict[int, QBrush]:
    """The brushes of the levels that have their own colour, by value."""
    out = {}
    for lv in md.levels:
        brush = level_brush(lv, size)
        if brush is not None:
            out[lv.value] = brush
    return out


def paint_level_ramp(painter: QPainter, md: MapData, c: HexCache, visible: list[int], data: list) -> None:
    low, high = level_range(md)
    own = own_level_brushes(md, c.size)
    if high == low and not own:
        return
    by_level: dict[int, list[tuple[int, HexData | None]]] = {}
    for i, hd in zip(visible, data):
        by_level.setdefault(hd.level if hd is not None else 0, []).append((i, hd))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    polygon, draw = c.polygon, painter.drawPolygon
    for level, members in by_level.items():  # one brush for all the hexes of a level
        brush = ramp_brush(level, low, high, own.get(level))
        if brush is None:
            continue
        painter.setBrush(brush)
        if level not in own:
            for i, _hd in members:
                draw(polygon(i))
            continue
        for i, hd in members:
            if hd is not None and hd.terrain not in (None, md.default_terrain):
                painter.drawPath(_rim(c, i))  # a level's own colour rings woods or a town, not hides it
            else:
                draw(polygon(i))
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)


RIM = 0.78
"""A hex of other terrain shows its level's own colour in the rim outside this fraction of it."""


def _rim(c: HexCache, i: int) -> QPainterPath:
    cx, cy = c.center(i)
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    path.addPolygon(c.polygon(i))
    path.addPolygon(QPolygonF([QPointF(cx + (x - cx) * RIM, cy + (y - cy) * RIM) for x, y in c.corners(i)]))
    return path


def paint_hexside_contours(painter: QPainter, c: HexCache, visible: list[int], levels: Sequence[int],
                           color: QColor, width: float = 0.09, sides: GridLines | None = None) -> None:
    """A brown line (``width`` in hex sizes) on every hexside between two different levels
    (``levels[i]``: the level of hex ``i``), each drawn once; ``sides``: the lines of these hexes'
    sides, made already for the grid (the others are made here)."""
    table, side_line = c.neighbor_table(), c.side_line
    made = sides.side if sides is not None else None
    shown = set(visible)
    lines = []
    for i in visible:
        li = levels[i]
        for d, j in enumerate(table[i]):
            # a side between two shown hexes from the lower index's side; else from the shown one's
            if j >= 0 and levels[j] != li and (j > i or j not in shown):
                line = made(i, d, j) if made is not None else None
                lines.append(line if line is not None else side_line(i, d))
    if lines:
        # Square ends close the corners where two or three sides meet as round ones do, but Qt
        # draws a line with square ends as one quadrilateral, and round ends as a path (a third slower).
        painter.setPen(QPen(color, width * c.size, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap))
        painter.drawLines(lines)


LIGHTEST = 0.3
"""Opacity of the white wash on the lowest level."""
DARKEST = 0.13
"""Opacity of the neutral shade on the highest level: light enough that a hex keeps its
terrain's colour (a clear hex on a hill must not read as rough); the contour lines on
the hexsides between levels say where the ground rises."""
SHADE = (40, 40, 56)


def ramp_brush(level: int, low: int, high: int, own: QBrush | None) -> QBrush | None:
    """Tint for ``level``: its own brush if it has one, else lighter below and a little
    darker (neutral, never brown) above the middle."""
    if own is not None:
        return own
    color = ramp_color(level, low, high)
    return None if color is None else QBrush(color)


def ramp_color(level: int, low: int, high: int) -> QColor | None:
    """The ramp's translucent tint for ``level`` (``None`` in the middle, or when the map has one level)."""
    if high == low:
        return None
    t = (level - low) / (high - low)
    if abs(t - 0.5) < 1e-9:
        return None
    if t < 0.5:
        return QColor(255, 255, 255, round((0.5 - t) * 2 * 255 * LIGHTEST))
    return QColor(*SHADE, round((t - 0.5) * 2 * 255 * DARKEST))


def ramp_tints(md: MapData) -> Callable[[int], QColor | None] | None:
    """The ramp's tint of a level, for a painter that lays it into the terrain's own colours
    (one fill per hex instead of two: :meth:`TerrainStyle.tinted`); ``None`` when a level has a
    colour of its own (then :func:`paint_level_ramp` draws it, ringing other terrain)."""
    if any(qcolor(lv.color).alpha() for lv in md.levels):
        return None
    low, high = level_range(md)
    return lambda level: ramp_color(level, low, high)
