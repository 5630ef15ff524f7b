"""The line layers of the map: hexside features, roads and railroads with bridges, areas.

Widths in the module are given for hex size 40 and scale with the hex size, so a map
drawn with bigger hexes keeps its proportions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from hexwright.runtime.model import MapData

from .colors import qcolor
from .feature_glyphs import INK
from .hex_cache import SQRT3, HexCache
from .hexside_index import Point, SideGeom

WATER_KINDS = frozenset({"river", "stream", "canal", "blocked_river"})
HEXSIDE_ORDER = {"boundary": 0, "ridge": 1, "other": 2, "stream": 3, "river": 4, "canal": 5, "blocked_river": 6}
CONNECTION_ORDER = {"trail": 0, "other": 1, "secondary_road": 2, "road": 3, "railroad": 4}
EDGE_OVERHANG = 0.3
"""How far past an edge hexside a road leaving the map runs, as a fraction of centre-to-edge."""

KNOCKOUT = 3.6
"""Width of the band cleared under a railroad or dashed line, in line widths."""

def _scaled(width: float, size: float) -> float:
    return width * size / 40.0


def draw_lines(painter: QPainter, pen: QPen, lines: list[QLineF], ends: Iterable[Point]) -> None:
    """``lines`` in ``pen``; a solid pen's round caps drawn as flat-capped lines and a disc on each
    of ``ends`` (the lines' ends, each given once): the same shape in a quarter of the time, as Qt
    strokes a line with round caps as a path of its own. Other pens draw as they are."""
    if pen.capStyle() != Qt.PenCapStyle.RoundCap or pen.style() != Qt.PenStyle.SolidLine:
        painter.setPen(pen)
        painter.drawLines(lines)
        return
    flat = QPen(pen)
    flat.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(flat)
    painter.drawLines(lines)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(pen.brush())
    r, ellipse = pen.widthF() / 2, painter.drawEllipse
    for x, y in ends:
        ellipse(QPointF(x, y), r, r)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def paint_hexside_features(painter: QPainter, map_data: MapData, sides: list[SideGeom], size: float) -> None:
    """Rivers, streams, canals, boundaries… as lines along their hexsides."""
    types = map_data.hexside_feature_types
    lines: dict[str, list[QLineF]] = {}
    ends: dict[str, dict[Point, None]] = {}
    for geom in sides:
        data = map_data.hexsides.get(geom.key)
        if data is None:
            continue
        for fid in data.features:
            if fid in types:
                (x0, y0), (x1, y1) = geom.p0, geom.p1
                lines.setdefault(fid, []).append(QLineF(x0, y0, x1, y1))
                points = ends.setdefault(fid, {})
                points[geom.p0] = points[geom.p1] = None
    painter.setBrush(Qt.NoBrush)
    for fid in sorted(lines, key=lambda f: (HEXSIDE_ORDER.get(types[f].kind, 2), f)):
        ftype = types[fid]
        pen = QPen(qcolor(ftype.color), _scaled(ftype.width, size), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        if ftype.kind == "boundary":
            pen.setStyle(Qt.DashDotLine)
            pen.setCapStyle(Qt.FlatCap)
        draw_lines(painter, pen, lines[fid], ends[fid])


def water_width(map_data: MapData, features: list[str], size: float) -> float:
    widths = [
        _scaled(t.width, size)
        for t in (map_data.hexside_feature_types.get(f) for f in features)
        if t is not None and t.kind in WATER_KINDS
    ]
    return max(widths, default=0.0)


def paint_connections(painter: QPainter, map_data: MapData, cache: HexCache, sides: list[SideGeom],
                      knockout: QColor | None = None) -> None:
    """Roads and railroads: from each on-map hex centre to the midpoint of each hexside they cross.

    With ``knockout`` (the paper colour), railroads and dashed lines first clear a band of
    terrain symbols under them, as printed maps do, so no tree or rock sits on a track.

    A road through a hex crosses two of its sides, so its two half-segments meet at the
    centre; a crossing on an edge hexside runs on past the map edge. Where a crossing
    shares its hexside with water, a bridge is drawn over it.
    """
    types = map_data.connection_types
    size = cache.size
    segs: dict[str, list[QLineF]] = {}
    ends: dict[str, dict[Point, None]] = {}
    """Where each connection's half-segments end away from a hexside: hex centres, and past the
    map's edge (at the hexside two halves meet in a straight line)."""
    bridges: list[tuple[SideGeom, str, float]] = []
    for geom in sides:
        data = map_data.hexsides.get(geom.key)
        if data is None or not data.connections:
            continue
        mx, my = geom.mid
        a = cache.center(geom.a)
        if geom.b >= 0:
            b = cache.center(geom.b)
        else:
            ax, ay = a
            b = (mx + (mx - ax) * EDGE_OVERHANG, my + (my - ay) * EDGE_OVERHANG)
        water = water_width(map_data, data.features, size)
        for cid in data.connections:
            if cid not in types:
                continue
            segs.setdefault(cid, []).extend((QLineF(a[0], a[1], mx, my), QLineF(b[0], b[1], mx, my)))
            points = ends.setdefault(cid, {})
            points[a] = points[b] = None
            if water > 0:
                bridges.append((geom, cid, water))
    if not segs:
        return
    order = sorted(segs, key=lambda c: (CONNECTION_ORDER.get(types[c].kind, 1), c))
    painter.setBrush(Qt.NoBrush)
    if knockout is not None:
        for cid in order:
            ctype = types[cid]
            if ctype.kind == "railroad" or ctype.dashed:
                draw_lines(painter, QPen(knockout, _scaled(ctype.width, size) * KNOCKOUT, Qt.SolidLine, Qt.RoundCap,
                                         Qt.RoundJoin), segs[cid], ends[cid])
    # Casings first, fills second: where half-segments meet at a centre the join stays clean.
    for cid in order:
        ctype = types[cid]
        if ctype.kind != "railroad" and not ctype.dashed:
            w = _scaled(ctype.width, size)
            draw_lines(painter, QPen(qcolor(ctype.color).darker(190), w + _scaled(1.4, size), Qt.SolidLine,
                                     Qt.RoundCap, Qt.RoundJoin), segs[cid], ends[cid])
    for cid in order:
        ctype = types[cid]
        w = _scaled(ctype.width, size)
        color = qcolor(ctype.color)
        if ctype.kind == "railroad":
            ties = QPen(color, w * 2.2, Qt.CustomDashLine, Qt.FlatCap)
            ties.setDashPattern([0.22, 1.1])
            painter.setPen(ties)
            painter.drawLines(segs[cid])
            pen = QPen(color, max(w * 0.45, 0.5), Qt.SolidLine, Qt.RoundCap)
        else:
            pen = QPen(color, w, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
            if ctype.dashed:
                pen.setStyle(Qt.DashLine)
                pen.setCapStyle(Qt.FlatCap)
        draw_lines(painter, pen, segs[cid], ends[cid])
    for geom, cid, water in bridges:
        paint_bridge(painter, geom, _scaled(types[cid].width, size), water, size)


def paint_bridge(painter: QPainter, geom: SideGeom, road_w: float, water_w: float, size: float) -> None:
    """Two parapets either side of the road where it crosses water, with flared ends."""
    (x0, y0), (x1, y1) = geom.p0, geom.p1
    mx, my = geom.mid
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    tx, ty = (x1 - x0) / length, (y1 - y0) / length  # along the hexside
    ux, uy = -ty, tx  # across the hexside: the road's direction
    half = max(water_w * 0.9, 0.12 * size)
    off = road_w / 2 + 0.05 * size
    flare = 0.06 * size
    painter.setPen(QPen(INK, max(0.03 * size, 0.5), Qt.SolidLine, Qt.FlatCap, Qt.MiterJoin))
    for sign in (-1.0, 1.0):
        ox, oy = mx + sign * off * tx, my + sign * off * ty
        a = QPointF(ox - half * ux, oy - half * uy)
        b = QPointF(ox + half * ux, oy + half * uy)
        painter.drawPolyline([
            QPointF(a.x() - flare * ux + sign * flare * tx, a.y() - flare * uy + sign * flare * ty), a, b,
            QPointF(b.x() + flare * ux + sign * flare * tx, b.y() + flare * uy + sign * flare * ty),
        ])


class AreaOutlines:
    """Boundary sides of each area (sides whose neighbour is outside it), rebuilt when it changes."""

    def __init__(self) -> None:
        self._cache: HexCache | None = None
        self._areas: dict[str, tuple[tuple[str, ...], dict[int, list[int]]]] = {}

    def boundary(self, cache: HexCache, area_id: str, hexes: list[str]) -> dict[int, list[int]]:
        """Dense hex index -> directions of its sides on the boundary of the area."""
        if self._cache is not cache:
            self._cache, self._areas = cache, {}
        key = tuple(hexes)
        hit = self._areas.get(area_id)
        if hit is not None and hit[0] == key:
            return hit[1]
        inside: set[int] = set()
        for label in hexes:
            try:
                inside.add(cache.index(cache.scheme.parse(label, cache.hex_grid)))
            except ValueError:
                continue  # the validator reports labels that name no hex
        sides = {i: [d for d, j in enumerate(cache.neighbors(i)) if j not in inside] for i in inside}
        sides = {i: ds for i, ds in sides.items() if ds}
        self._areas[area_id] = (key, sides)
        return sides


def paint_areas(painter: QPainter, map_data: MapData, cache: HexCache, outlines: AreaOutlines,
                visible: list[int], kinds: frozenset[str] | None = None, band: float = 0.14) -> None:
    """A tinted band along the inside of each area's boundary (only areas of ``kinds``, if given)."""
    size = cache.size
    band = band * size
    inset = 1.0 - (band / 2) / (SQRT3 * size / 2)
    painter.setBrush(Qt.NoBrush)
    for area_id in sorted(map_data.areas):
        area = map_data.areas[area_id]
        if kinds is not None and area.kind not in kinds:
            continue
        boundary = outlines.boundary(cache, area_id, area.hexes)
        if not boundary:
            continue
        path = QPainterPath()  # one path, so overlapping ends of translucent segments blend once
        for i in visible:
            dirs = boundary.get(i)
            if not dirs:
                continue
            cx, cy = cache.center(i)
            poly = cache.polygon(i)
            pts = [QPointF(cx + (p.x() - cx) * inset, cy + (p.y() - cy) * inset) for p in poly]
            for d in dirs:
                path.moveTo(pts[d])
                path.lineTo(pts[(d + 1) % 6])
        if not path.isEmpty():
            painter.setPen(QPen(qcolor(area.color), band, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            painter.drawPath(path)
