"""Places the map furniture of a module (``map.furniture``, ``map.place_names``) for a MapPainter."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPainterPath, QPen, QPolygonF

from hexwright.runtime.model import MapData, MapStyle, PlaceName, TerrainType
from hexwright.runtime.model.legend import LegendEntry

from .colors import qcolor
from .feature_glyphs import draw_feature, feature_color
from .furniture import (
    cartouche_size,
    legend_size,
    paint_cartouche,
    paint_compass,
    paint_legend,
    paint_place_names,
    paint_scale_bar,
)
from .hex_cache import HexCache
from .level_layers import own_level_brushes
from .terrain_style import TerrainStyle
from .textures import TOWN_SIZE, Texture, paint_star_fort, paint_town


class MapOwner(Protocol):
    """What furniture needs of the map painter that owns it (a protocol, so no import cycle)."""

    map_data: MapData
    style: MapStyle
    seed: int

    @property
    def cache(self) -> HexCache: ...

    def terrain_color(self, terrain: TerrainType, terrain_id: str) -> str: ...

    def _texture(self, terrain_id: str) -> Texture | None: ...

    def _style(self, terrain_id: str) -> TerrainStyle: ...

    def _font(self, fraction: float, *, bold: bool = False, italic: bool = False, serif: bool = False) -> QFont: ...


class FurniturePainter:
    def __init__(self, owner: MapOwner, legend: list[LegendEntry]):
        self.owner = owner
        self.legend = legend
        self.reserved_right: float | None = None
        """Right edge of what else is drawn beside the map (the play window's piles, the
        print kit's boxes): furniture placed automatically goes right of it."""

    def _rects(self) -> list[tuple[str, QRectF]]:
        """Each piece of furniture and where it goes (its own position, or the next free
        place in a column right of the map, its boxes and tracks)."""
        mp = self.owner
        md, style, s = mp.map_data, mp.style, mp.cache.size
        f = md.furniture
        step = 1.5 * s if mp.cache.flat else 1.732 * s
        wanted: list[tuple[str, float, float, tuple[float, float] | None]] = []
        if f.title:
            w, h = cartouche_size(f.title, f.subtitle, style, s)
            wanted.append(("title", w, h, f.title_at))
        if f.compass:
            wanted.append(("compass", 1.8 * s, 2.4 * s, f.compass_at))
        if f.hex_scale:
            wanted.append(("scale", 4 * step + 0.6 * s, 1.0 * s, f.scale_at))
        if f.legend and self.legend:
            w, h = legend_size(self.legend, s, style)
            wanted.append(("legend", w, h, f.legend_at))
        if not wanted:
            return []
        right = md.grid.origin_x + mp.cache.layout.bounds()[0]
        for rect in [b.rect for b in md.boxes.values()] + [t.rect for t in md.tracks.values()]:
            if rect is not None:
                right = max(right, rect.x + rect.width)
        if self.reserved_right is not None:
            right = max(right, self.reserved_right)
        x, y = right + 0.8 * s, md.grid.origin_y
        out = []
        for name, w, h, at in wanted:
            if at is None:
                out.append((name, QRectF(x, y, w, h)))
                y += h + 0.5 * s
            else:
                out.append((name, QRectF(at[0], at[1], w, h)))
        return out

    def bounds(self) -> QRectF:
        rect = QRectF()
        for _name, r in self._rects():
            rect = r if rect.isNull() else rect.united(r)
        return rect

    def paint(self, painter: QPainter, exposed: QRectF | None) -> None:
        mp = self.owner
        f, style, s = mp.map_data.furniture, mp.style, mp.cache.size
        for name, r in self._rects():
            if exposed is not None and not exposed.intersects(r):
                continue
            if name == "title":
                paint_cartouche(painter, f.title, f.subtitle, r.x(), r.y(), style, s)
            elif name == "legend":
                paint_legend(painter, self.legend, r.x(), r.y(), s, style, self._swatch)
            elif name == "scale":
                step = 1.5 * s if mp.cache.flat else 1.732 * s
                paint_scale_bar(painter, r.x() + 0.2 * s, r.y() + 0.4 * s, step, f.hex_scale, style, s)
            else:
                paint_compass(painter, r.center().x(), r.y() + 1.45 * s, s, style)

    def paint_place_names(self, painter: QPainter, exposed: QRectF | None) -> None:
        mp = self.owner
        c, s = mp.cache, mp.cache.size
        placed: list[tuple[PlaceName, float, float]] = []
        for place in mp.map_data.place_names:
            i = c.index_of_label(place.hex)
            if i is None:
                continue  # the validator reports names on hexes that do not exist
            cx, cy = c.center(i)
            x, y = cx + place.dx * s, cy + place.dy * s
            if exposed is not None and not exposed.adjusted(-4 * s, -s, 4 * s, s).contains(QPointF(x, y)):
                continue
            placed.append((place, x, y))
        paint_place_names(painter, placed, mp.style, s)

    def _swatch(self, painter: QPainter, entry: LegendEntry, rect: QRectF) -> None:
        """The symbol of one legend row, drawn the way the map draws it."""
        mp = self.owner
        md, style = mp.map_data, mp.style
        s = rect.height() * 0.9
        painter.save()
        if entry.kind == "terrain":
            terrain = md.terrain_types[entry.type_id]
            hexagon = QPainterPath()
            cx, cy, r = rect.center().x(), rect.center().y(), rect.height() / 2
            hexagon.addPolygon(_hexagon(cx, cy, r))
            hexagon.closeSubpath()
            painter.setPen(QPen(qcolor(style.palette.grid), max(0.02 * mp.cache.size, 0.4)))
            painter.setBrush(qcolor(mp.terrain_color(terrain, entry.type_id)))
            painter.drawPath(hexagon)
            painter.setClipPath(hexagon, Qt.ClipOperation.IntersectClip)
            tex = mp._texture(entry.type_id) if style.symbols == "modern" else None
            if tex is not None:
                painter.translate(cx, cy)
                painter.scale(r / mp.cache.size, r / mp.cache.size)
                c0 = mp.cache.center(0)
                local = [(x - c0[0], y - c0[1]) for x, y in mp.cache.corners(0)]
                painter.setPen(tex.pen)
                painter.setBrush(tex.brush)
                painter.drawPath(tex.local_path(0, local))
            else:
                glyph_style = mp._style(entry.type_id)
                path = glyph_style.glyph_for(0, 0)
                if path is not None:
                    painter.translate(cx, cy)
                    painter.scale(r / mp.cache.size, r / mp.cache.size)
                    glyph_style.set_glyph_ink(painter)
                    painter.drawPath(path)
        elif entry.kind == "feature":
            ftype = md.hex_feature_types[entry.type_id]
            x, y = rect.center().x(), rect.center().y()
            if style.symbols == "modern" and ftype.kind in TOWN_SIZE:
                paint_town(painter, ftype.kind, x, y, s * 1.1, mp.seed, 0)
            elif style.symbols == "modern" and ftype.kind == "fortification":
                paint_star_fort(painter, x, y, s * 1.3)
            else:
                draw_feature(painter, ftype.kind, ftype.symbol, x, y, s * 1.3,
                             feature_color(ftype.kind, ftype.color, None), mp._font(0.3, bold=True))
        elif entry.kind == "level":
            brushes = own_level_brushes(md, mp.cache.size)
            cx, cy, r = rect.center().x(), rect.center().y(), rect.height() / 2
            painter.setPen(QPen(qcolor(style.palette.contour), max(0.02 * mp.cache.size, 0.4)))
            painter.setBrush(brushes.get(int(entry.type_id), Qt.BrushStyle.NoBrush))
            painter.drawPolygon(_hexagon(cx, cy, r))
        elif entry.kind == "hexside":
            htype = md.hexside_feature_types[entry.type_id]
            color = qcolor(style.palette.water) if style.palette.water and htype.kind in ("river", "stream") \
                else qcolor(htype.color)
            painter.setPen(QPen(color, htype.width * mp.cache.size / 40 * style.lines.water, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap))
            painter.drawLine(QLineF(rect.left() + 2, rect.bottom() - 3, rect.right() - 2, rect.top() + 3))
        else:
            ctype = md.connection_types[entry.type_id]
            w = ctype.width * mp.cache.size / 40 * style.lines.roads
            if style.lines.casing and ctype.kind != "railroad":
                painter.setPen(QPen(qcolor("#2a1a10"), w + 1.6 * mp.cache.size / 40, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                painter.drawLine(QLineF(rect.left() + 3, rect.center().y(), rect.right() - 3, rect.center().y()))
            painter.setPen(QPen(qcolor(ctype.color), w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(QLineF(rect.left() + 3, rect.center().y(), rect.right() - 3, rect.center().y()))
        painter.restore()


def _hexagon(cx: float, cy: float, r: float) -> QPolygonF:
    return QPolygonF([QPointF(cx + r * dx, cy + r * dy) for dx, dy in
                      ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866))])
