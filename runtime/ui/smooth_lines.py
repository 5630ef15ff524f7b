"""Roads and rivers of the modern style: curves through hexes, meanders along hexsides.

Roads run hex by hex as Bézier curves between the hexside midpoints they cross (see
:mod:`runtime.geometry.curves`), with a hierarchy by kind: a road is cased and wide, a
secondary road narrower, a trail dashed, a railroad a black line with ties. Rivers and
streams meander gently along their hexsides, their width by kind; canals stay straight.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from hexwright.runtime.geometry.curves import crossing_direction, river_on_side, road_in_hex, road_off_map
from hexwright.runtime.geometry.organic import hash_ints
from hexwright.runtime.model import MapData, MapStyle

from .colors import qcolor
from .hex_cache import HexCache
from .hexside_index import HexsideIndex, SideGeom
from .line_layers import (
    CONNECTION_ORDER,
    EDGE_OVERHANG,
    HEXSIDE_ORDER,
    KNOCKOUT,
    WATER_KINDS,
    paint_bridge,
    water_width,
)
from .path_ops import add_ops

MEANDER = 0.06
"""Largest sideways wander of a river off its hexside, in hex sizes."""
KIND_WIDTH = {"road": 1.0, "secondary_road": 0.75, "trail": 0.6, "railroad": 1.0, "other": 0.8}


def _scaled(width: float, size: float) -> float:
    return width * size / 40.0


def paint_smooth_hexsides(painter: QPainter, md: MapData, index: HexsideIndex, sides: list[SideGeom],
                          size: float, seed: int, style: MapStyle) -> None:
    types = md.hexside_feature_types
    paths: dict[str, QPainterPath] = {}
    straight: dict[str, QPainterPath] = {}
    for geom in sides:
        data = md.hexsides.get(geom.key)
        if data is None:
            continue
        for fid in data.features:
            ftype = types.get(fid)
            if ftype is None:
                continue
            if ftype.kind in WATER_KINDS and ftype.kind != "canal":
                bends = [_continuation(md, index, geom, p, fid) for p in (geom.p0, geom.p1)]
                ops = river_on_side(geom.p0, geom.p1, hash_ints(seed, geom.a, geom.b, 7), MEANDER * size,
                                    bends[0], bends[1])
                add_ops(paths.setdefault(fid, QPainterPath()), ops)
            else:
                path = straight.setdefault(fid, QPainterPath())
                path.moveTo(*geom.p0)
                path.lineTo(*geom.p1)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    order = sorted(set(paths) | set(straight), key=lambda f: (HEXSIDE_ORDER.get(types[f].kind, 2), f))
    for fid in order:
        ftype = types[fid]
        water = ftype.kind in WATER_KINDS
        color = qcolor(style.palette.water) if water and style.palette.water else qcolor(ftype.color)
        width = _scaled(ftype.width, size) * (style.lines.water if water else 1.0)
        for path in (p for p in (paths.get(fid), straight.get(fid)) if p is not None):
            if water and style.lines.casing:
                painter.setPen(QPen(color.darker(150), width + _scaled(1.0, size), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                    Qt.PenJoinStyle.RoundJoin))
                painter.drawPath(path)
            pen = QPen(color, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            if ftype.kind == "boundary":
                pen.setStyle(Qt.PenStyle.DashDotLine)
                pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            painter.drawPath(path)


def _continuation(md: MapData, index: HexsideIndex, geom: SideGeom, vertex: tuple[float, float],
                  fid: str) -> tuple[float, float] | None:
    """The far end of the one other hexside carrying ``fid`` at ``vertex`` (None: it ends or forks)."""
    found = []
    for other in index.at_vertex(vertex):
        if other.key == geom.key:
            continue
        data = md.hexsides.get(other.key)
        if data is not None and fid in data.features:
            found.append(other)
    if len(found) != 1:
        return None
    o = found[0]
    close = abs(o.p0[0] - vertex[0]) + abs(o.p0[1] - vertex[1]) < 1e-3
    return o.p1 if close else o.p0


def paint_smooth_connections(painter: QPainter, md: MapData, c: HexCache, index: HexsideIndex,
                             visible: list[int], style: MapStyle) -> None:
    types = md.connection_types
    size = c.size
    paths: dict[str, QPainterPath] = {}
    bridges: dict[tuple[str, str], tuple[SideGeom, float]] = {}
    memo: dict[tuple[int, str], list[SideGeom]] = {}

    def crossings(i: int, cid: str) -> list[SideGeom]:
        key = (i, cid)
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = [g for g in index.of_hex(i)
                               if (d := md.hexsides.get(g.key)) is not None and cid in d.connections]
        return hit

    for i in visible:
        kinds = sorted({cid for g in index.of_hex(i) if (d := md.hexsides.get(g.key)) is not None
                        for cid in d.connections if cid in types})
        center = c.center(i)
        for cid in kinds:
            geoms = crossings(i, cid)
            path = paths.setdefault(cid, QPainterPath())
            dirs = [_direction(c, crossings, cid, i, g) for g in geoms] if len(geoms) == 2 else None
            add_ops(path, road_in_hex(center, [g.mid for g in geoms], dirs))
            for g in geoms:
                if g.b < 0:
                    add_ops(path, road_off_map(center, g.mid, EDGE_OVERHANG))
                water = water_width(md, md.hexsides[g.key].features, size) * style.lines.water
                if water > 0:
                    bridges[g.key, cid] = (g, water)
    if not paths:
        return
    order = sorted(paths, key=lambda k: (CONNECTION_ORDER.get(types[k].kind, 1), k))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    widths = {k: _scaled(types[k].width, size) * style.lines.roads * KIND_WIDTH.get(types[k].kind, 1.0)
              for k in order}
    # Railroads and tracks clear a band of terrain symbols under them (no tree on a track).
    knockout = qcolor(style.palette.paper)
    knockout.setAlphaF(0.75)
    for cid in order:
        ctype = types[cid]
        if ctype.kind in ("railroad", "trail") or ctype.dashed:
            painter.setPen(QPen(knockout, widths[cid] * (KNOCKOUT if ctype.kind == "railroad" else 2.2), Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            painter.drawPath(paths[cid])
    if style.lines.casing:
        for cid in order:
            ctype = types[cid]
            if ctype.kind in ("road", "secondary_road", "other") and not ctype.dashed:
                painter.setPen(QPen(QColor("#2a1a10"), widths[cid] + _scaled(1.6, size), Qt.PenStyle.SolidLine,
                                    Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
                painter.drawPath(paths[cid])
    for cid in order:
        ctype = types[cid]
        w = widths[cid]
        color = qcolor(ctype.color)
        if ctype.kind == "railroad":
            ties = QPen(QColor("#1a1a1a"), w * 2.4, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
            ties.setDashPattern([0.18, 1.6])
            painter.setPen(ties)
            painter.drawPath(paths[cid])
            painter.setPen(QPen(QColor("#1a1a1a"), max(w * 0.5, 0.6), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        elif ctype.kind == "trail" or ctype.dashed:
            pen = QPen(color.darker(130), max(w * 0.7, 0.6), Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin)
            pen.setDashPattern([3.0, 2.0])
            painter.setPen(pen)
        else:
            painter.setPen(QPen(color, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        painter.drawPath(paths[cid])
    for (_key, cid), (geom, water) in sorted(bridges.items()):
        paint_bridge(painter, geom, widths[cid], water, size)


def _direction(c: HexCache, crossings, cid: str, i: int, g: SideGeom) -> tuple[float, float]:
    """The road's direction into hex ``i`` where it crosses ``g`` (see ``crossing_direction``)."""
    here = crossings(i, cid)
    other_here = next((h.mid for h in here if h.key != g.key), None) if len(here) == 2 else None
    j = g.b if g.a == i else g.a
    other_there = None
    if j >= 0:
        there = crossings(j, cid)
        if len(there) == 2:
            other_there = next((h.mid for h in there if h.key != g.key), None)
    return crossing_direction(g.mid, c.center(i), other_here, other_there)
