"""Draws a module's map with a QPainter, in map pixel coordinates.

One :class:`MapPainter` serves the headless PNG render, the editor and the play window.
It paints only the hexes that meet the exposed rectangle, so repainting after a brush
stroke touches a few dozen hexes however big the map is. Hex data is read live from the
map on every paint; only grid geometry and per-terrain styles are cached, and those
caches notice by themselves when the grid or a terrain type changes.

Layers are painted bottom to top: underlay image, terrain, level shading, grid, hexside
features, roads and railroads, hex features, names and labels, areas.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPen, QTransform

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import MapData, TerrainType

from .colors import qcolor
from .feature_glyphs import SLOTS, draw_feature, feature_color
from .hex_cache import HexCache, grid_key
from .hexside_index import HexsideIndex
from .layers import Layers
from .line_layers import AreaOutlines, paint_areas, paint_connections, paint_hexside_features
from .terrain_style import TerrainStyle, style_key

GRID_COLOR = QColor("#262626")
CONTOUR_COLOR = QColor("#8a5a2b")
LABEL_COLOR = QColor("#1a1a1a")
UNKNOWN_TERRAIN = TerrainType(name="unknown terrain", color="#ff00ff", pattern="hatch")
GLYPH_MIN_PX = 14.0
"""Below this many screen pixels of hex size, terrain glyphs are left out."""
TEXT_MIN_PX = 22.0
"""Below this many screen pixels of hex size, labels, names and level numbers are left out."""


def device_scale(painter: QPainter) -> float:
    """Screen pixels per map pixel under the painter's current transform."""
    return math.sqrt(abs(painter.worldTransform().determinant())) or 1.0


class MapPainter:
    """Paints ``map_data`` with the given ``layers``.

    ``side_colors`` (side id -> ``#rrggbb``) colours supply sources and control marks;
    ``assets`` (``images/…`` -> bytes, as loaded with the module) supplies the underlay.
    """

    def __init__(self, map_data: MapData, layers: Layers | None = None, *,
                 side_colors: dict[str, str] | None = None, assets: dict[str, bytes] | None = None):
        self.map_data = map_data
        self.layers = layers if layers is not None else Layers()
        self.side_colors = dict(side_colors or {})
        self.assets = dict(assets or {})
        self._cache: HexCache | None = None
        self._styles: dict[tuple, TerrainStyle] = {}
        self._sides = HexsideIndex()
        self._areas = AreaOutlines()
        self._underlay: tuple[str, QImage | None] | None = None
        self._text_width: dict[tuple[str, str], float] = {}
        self.last_visible: list[int] = []
        """Dense indices of the hexes the last :meth:`paint` visited (for tests and tools)."""

    # -- geometry -----------------------------------------------------------------------

    @property
    def cache(self) -> HexCache:
        """Geometry of the current grid (rebuilt when the grid changes)."""
        grid = self.map_data.grid
        if self._cache is None or self._cache.key != grid_key(grid):
            self._cache = HexCache(grid)
            self._styles.clear()
            self._text_width.clear()
        return self._cache

    def set_map(self, map_data: MapData) -> None:
        """Paint another map (or a changed copy of this one)."""
        self.map_data = map_data

    def set_assets(self, assets: dict[str, bytes]) -> None:
        """Replace the module's images (e.g. after the designer loads a new underlay scan)."""
        self.assets = dict(assets)
        self._underlay = None

    def margin(self) -> float:
        """Room around the hexes for roads leaving the map and thick edge lines."""
        return 0.25 * self.map_data.grid.hex_size

    def map_rect(self) -> QRectF:
        """The whole map plus :meth:`margin`, in map pixels."""
        grid = self.map_data.grid
        w, h = self.cache.layout.bounds()
        m = self.margin()
        return QRectF(grid.origin_x - m, grid.origin_y - m, w + 2 * m, h + 2 * m)

    def hex_index(self, label: str) -> int | None:
        """Dense index of the hex labelled ``label``, ``None`` if there is none."""
        c = self.cache
        try:
            return c.index(c.scheme.parse(label, c.hex_grid))
        except ValueError:
            return None

    def hexes_rect(self, labels: Iterable[str]) -> QRectF:
        """Bounding rectangle of the given hexes plus the margin (empty if none exist)."""
        c, m = self.cache, self.margin()
        rect = QRectF()
        for label in labels:
            i = self.hex_index(label)
            if i is not None:
                rect = rect.united(c.bounding_rect(i))
        return rect.adjusted(-m, -m, m, m) if not rect.isNull() else rect

    def visible_indices(self, exposed: QRectF | None) -> list[int]:
        """Hexes to paint for ``exposed`` (``None``: the whole map), with a margin for strokes."""
        c = self.cache
        if exposed is None:
            return list(range(c.cols * c.rows))
        m = self.margin()
        return c.indices_in_rect(exposed.left() - m, exposed.top() - m, exposed.right() + m, exposed.bottom() + m)

    def visible_hexes(self, exposed: QRectF | None) -> list[Hex]:
        c = self.cache
        return [c.hex_of(i) for i in self.visible_indices(exposed)]

    # -- painting -----------------------------------------------------------------------

    def paint(self, painter: QPainter, exposed: QRectF | None = None) -> None:
        """Paint the hexes meeting ``exposed`` (map pixels; ``None``: the whole map)."""
        c, layers, md = self.cache, self.layers, self.map_data
        visible = self.visible_indices(exposed)
        self.last_visible = visible
        px = c.size * device_scale(painter)
        labels = [c.label(i) for i in visible]
        hexes = md.hexes
        data = [hexes.get(label) for label in labels]
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setRenderHint(QPainter.TextAntialiasing, True)
        if layers.underlay:
            self._paint_underlay(painter)
        if layers.terrain:
            self._paint_terrain(painter, visible, data, glyphs=px >= GLYPH_MIN_PX)
        if layers.levels:
            self._paint_levels(painter, visible, data, text=px >= TEXT_MIN_PX)
        if layers.grid:
            self._paint_grid(painter, visible)
        if layers.hexsides or layers.connections:
            self._sides.update(c, md.hexsides)
            sides = self._sides.near(visible)
            if layers.hexsides:
                paint_hexside_features(painter, md, sides, c.size)
            if layers.connections:
                paint_connections(painter, md, c, sides)
        if layers.features:
            self._paint_features(painter, visible, data)
        if layers.labels and px >= TEXT_MIN_PX:
            self._paint_text(painter, visible, labels, data)
        if layers.areas and md.areas:
            paint_areas(painter, md, c, self._areas, visible)
        painter.restore()

    def paint_overlay_hexes(self, painter: QPainter, labels: Iterable[str], brush: QBrush | QColor,
                            pen: QPen | None = None) -> None:
        """Fill the given hexes with ``brush`` (e.g. a translucent highlight); unknown labels are skipped."""
        c = self.cache
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setBrush(brush if isinstance(brush, QBrush) else QBrush(brush))
        painter.setPen(pen if pen is not None else Qt.NoPen)
        for label in labels:
            i = self.hex_index(label)
            if i is not None:
                painter.drawPolygon(c.polygon(i))
        painter.restore()

    # -- layers -------------------------------------------------------------------------

    def _paint_underlay(self, painter: QPainter) -> None:
        underlay = self.map_data.grid.underlay
        if underlay is None or not underlay.visible:
            return
        if self._underlay is None or self._underlay[0] != underlay.image:
            raw = self.assets.get(underlay.image)
            image = QImage.fromData(raw) if raw else None
            self._underlay = (underlay.image, image if image is not None and not image.isNull() else None)
        image = self._underlay[1]
        if image is None:
            return
        a, b, c, d, e, f = underlay.transform
        painter.save()
        painter.setTransform(QTransform(a, d, b, e, c, f), True)
        painter.setOpacity(underlay.opacity)
        painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
        painter.drawImage(QPointF(0, 0), image)
        painter.restore()

    def _style(self, terrain_id: str) -> TerrainStyle:
        terrain = self.map_data.terrain_types.get(terrain_id, UNKNOWN_TERRAIN)
        key = style_key(terrain)
        style = self._styles.get(key)
        if style is None:
            c = self.cache
            cx, cy = c.center(0)
            corners = [(p.x() - cx, p.y() - cy) for p in c.polygon(0)]
            style = self._styles[key] = TerrainStyle(terrain, c.size, corners)
        return style

    def _paint_terrain(self, painter: QPainter, visible: list[int], data: list, glyphs: bool) -> None:
        c, default = self.cache, self.map_data.default_terrain
        groups: dict[str, list[int]] = {}
        for i, hd in zip(visible, data):
            tid = hd.terrain if hd is not None and hd.terrain is not None else default
            groups.setdefault(tid, []).append(i)
        # Fills without antialiasing: neighbouring hexes share edges exactly, leaving no seams.
        painter.setRenderHint(QPainter.Antialiasing, False)
        painter.setPen(Qt.NoPen)
        for tid, members in groups.items():
            style = self._style(tid)
            painter.setBrush(style.fill)
            for i in members:
                painter.drawPolygon(c.polygon(i))
        painter.setRenderHint(QPainter.Antialiasing, True)
        if not glyphs:
            return
        for tid, members in groups.items():
            style = self._style(tid)
            if not style.glyphs:
                continue
            if style.stroked:
                painter.setPen(style.glyph_pen)
                painter.setBrush(Qt.NoBrush)
            else:
                painter.setPen(Qt.NoPen)
                painter.setBrush(style.glyph_brush)
            for i in members:
                cx, cy = c.center(i)
                col, row = divmod(i, c.rows)
                painter.translate(cx, cy)
                painter.drawPath(style.glyph_for(col, row))
                painter.translate(-cx, -cy)

    def _level_range(self) -> tuple[int, int]:
        values = [lv.value for lv in self.map_data.levels]
        if not values:
            values = [hd.level for hd in self.map_data.hexes.values()]
        values.append(0)
        return min(values), max(values)

    def _paint_levels(self, painter: QPainter, visible: list[int], data: list, text: bool) -> None:
        style = self.layers.level_style
        if style == "ramp":
            self._paint_level_ramp(painter, visible, data)
        elif style == "contours":
            self._paint_contours(painter, visible, data)
        elif text:
            self._paint_level_numbers(painter, visible, data)

    def _paint_level_ramp(self, painter: QPainter, visible: list[int], data: list) -> None:
        low, high = self._level_range()
        own = {lv.value: qcolor(lv.color) for lv in self.map_data.levels if qcolor(lv.color).alpha() > 0}
        if high == low and not own:
            return
        brushes: dict[int, QBrush | None] = {}
        missing = object()
        c = self.cache
        painter.setPen(Qt.NoPen)
        painter.setRenderHint(QPainter.Antialiasing, False)
        for i, hd in zip(visible, data):
            level = hd.level if hd is not None else 0
            brush = brushes.get(level, missing)
            if brush is missing:
                brush = brushes[level] = _ramp_brush(level, low, high, own.get(level))
            if brush is not None:
                painter.setBrush(brush)
                painter.drawPolygon(c.polygon(i))
        painter.setRenderHint(QPainter.Antialiasing, True)

    def _paint_contours(self, painter: QPainter, visible: list[int], data: list) -> None:
        c, hexes = self.cache, self.map_data.hexes
        level_of = {i: (hd.level if hd is not None else 0) for i, hd in zip(visible, data)}
        done: set[tuple[int, int]] = set()
        lines = []
        for i in visible:
            li = level_of[i]
            for d, j in enumerate(c.neighbors(i)):
                if j < 0 or (min(i, j), max(i, j)) in done:
                    continue
                lj = level_of.get(j)
                if lj is None:
                    hd = hexes.get(c.label(j))
                    lj = hd.level if hd is not None else 0
                if lj != li:
                    done.add((min(i, j), max(i, j)))
                    lines.append(c.outline(i)[d])
        if lines:
            painter.setPen(QPen(CONTOUR_COLOR, 0.09 * c.size, Qt.SolidLine, Qt.RoundCap))
            painter.drawLines(lines)

    def _paint_level_numbers(self, painter: QPainter, visible: list[int], data: list) -> None:
        c = self.cache
        font = self._font(0.22, bold=True)
        painter.setFont(font)
        painter.setPen(CONTOUR_COLOR)
        for i, hd in zip(visible, data):
            text = str(hd.level if hd is not None else 0)
            cx, cy = c.center(i)
            self._draw_centered(painter, font, "lvl", text, cx + 0.55 * c.size, cy + 0.08 * c.size)

    def _paint_grid(self, painter: QPainter, visible: list[int]) -> None:
        c = self.cache
        width = max(c.size / 40.0, 0.8 / device_scale(painter))
        painter.setPen(QPen(GRID_COLOR, width, Qt.SolidLine, Qt.FlatCap, Qt.MiterJoin))
        painter.setBrush(Qt.NoBrush)
        lines = []
        for i in visible:
            lines.extend(c.outline(i))
        painter.drawLines(lines)

    def _paint_features(self, painter: QPainter, visible: list[int], data: list) -> None:
        c, md, s = self.cache, self.map_data, self.cache.size
        types = md.hex_feature_types
        font = self._font(0.3, bold=True)
        for i, hd in zip(visible, data):
            if hd is None or not hd.features:
                continue
            cx, cy = c.center(i)
            for k, feature in enumerate(hd.features):
                ftype = types.get(feature.type)
                if ftype is None:
                    continue
                dx, dy = SLOTS[k % len(SLOTS)]
                color = feature_color(ftype.kind, ftype.color, self.side_colors.get(feature.side or ""))
                draw_feature(painter, ftype.kind, ftype.symbol, cx + dx * s, cy + dy * s, s, color, font)

    def _paint_text(self, painter: QPainter, visible: list[int], labels: list[str], data: list) -> None:
        c, s = self.cache, self.cache.size
        flat = c.flat
        name_font = self._font(0.24, italic=True)
        painter.setPen(LABEL_COLOR)
        painter.setFont(name_font)
        name_y = (0.72 if flat else 0.66) * s
        for i, hd in zip(visible, data):
            if hd is not None and hd.name:
                cx, cy = c.center(i)
                self._draw_centered(painter, name_font, "name", hd.name, cx, cy + name_y)
        label_font = self._font(0.25)
        painter.setFont(label_font)
        label_y = (-0.58 if flat else -0.5) * s
        for i, label in zip(visible, labels):
            cx, cy = c.center(i)
            self._draw_centered(painter, label_font, "label", label, cx, cy + label_y)

    # -- text helpers -------------------------------------------------------------------

    def _font(self, fraction: float, *, bold: bool = False, italic: bool = False) -> QFont:
        font = QFont("Sans Serif")
        font.setPixelSize(max(1, round(fraction * self.cache.size)))
        font.setBold(bold)
        font.setItalic(italic)
        return font

    def _draw_centered(self, painter: QPainter, font: QFont, kind: str, text: str, x: float, baseline: float) -> None:
        """Draw ``text`` horizontally centred on ``x`` with its baseline at ``baseline``."""
        key = (kind, text)
        width = self._text_width.get(key)
        if width is None:
            width = self._text_width[key] = QFontMetricsF(font).horizontalAdvance(text)
        painter.drawText(QPointF(x - width / 2, baseline), text)


def _ramp_brush(level: int, low: int, high: int, own: QColor | None) -> QBrush | None:
    """Tint for ``level``: its own colour if it has one, else lighter below and darker above the middle."""
    if own is not None:
        return QBrush(own)
    if high == low:
        return None
    t = (level - low) / (high - low)
    if abs(t - 0.5) < 1e-9:
        return None
    if t < 0.5:
        return QBrush(QColor(255, 255, 255, round((0.5 - t) * 2 * 110)))
    return QBrush(QColor(70, 45, 20, round((t - 0.5) * 2 * 120)))
