"""The modern symbol set: symbol fields that texture natural terrain, and towns and forts.

A field (tree crowns, rocks, marsh tufts, hedgerows, buildings, stipple) is laid over the
whole map from the module's seed and cut hex by hex (each hex keeps the symbols whose
anchor is inside it), so fields continue across hexes without repeats and renders are
stable; the painter clips a field to its terrain's natural shape, so symbols never stray
into other terrain. A hex's field is built the first time it is drawn and kept.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from hexwright.runtime.geometry.organic import hash_ints, unit_random

Point = tuple[float, float]


def _inside(p: Point, corners: Sequence[Point]) -> bool:
    """Inside the convex polygon ``corners`` (clockwise on screen)."""
    x, y = p
    for k in range(len(corners)):
        ax, ay = corners[k]
        bx, by = corners[(k + 1) % len(corners)]
        if (bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0:
            return False
    return True


def lattice(seed: int, salt: int, spacing: float, jitter: float, corners: Sequence[Point]) -> list[tuple[Point, float]]:
    """Points of a jittered triangular lattice laid over the whole map that fall in the hex.

    The lattice is global (in map pixels), so the fields of neighbouring hexes continue
    into each other without seams or repeats; each point carries a random number in [0, 1).
    """
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    dy = spacing * math.sqrt(3) / 2
    out = []
    for j in range(math.floor(min(ys) / dy) - 1, math.ceil(max(ys) / dy) + 2):
        shift = 0.5 * spacing if j % 2 else 0.0
        for i in range(math.floor((min(xs) - shift) / spacing) - 1, math.ceil((max(xs) - shift) / spacing) + 2):
            x = i * spacing + shift + (unit_random(seed, salt, i, j, 1) - 0.5) * 2 * jitter * spacing
            y = j * dy + (unit_random(seed, salt, i, j, 2) - 0.5) * 2 * jitter * spacing
            if _inside((x, y), corners):
                out.append(((x, y), unit_random(seed, salt, i, j, 3)))
    return out


def _trees(s: float, seed: int, corners: Sequence[Point]) -> QPainterPath:
    path = QPainterPath()
    for (x, y), r in lattice(seed, 11, 0.25 * s, 0.3, corners):
        rad = (0.1 + 0.04 * r) * s
        path.addEllipse(QPointF(x, y), rad, rad * 0.92)
    return path.simplified()  # one canopy: overlapping crowns merge, only its scalloped edge is inked


def _rocks(s: float, seed: int, corners: Sequence[Point]) -> QPainterPath:
    path = QPainterPath()
    for (x, y), r in lattice(seed, 12, 0.36 * s, 0.35, corners):
        w = (0.14 + 0.06 * r) * s
        if r < 0.5:
            path.moveTo(x - w / 2, y + w / 4)
            path.quadTo(x, y - w / 2, x + w / 2, y + w / 4)
        else:
            path.moveTo(x - w / 2, y + w / 5)
            path.lineTo(x - w / 8, y - w / 3)
            path.lineTo(x + w / 4, y + w / 8)
            path.lineTo(x + w / 2, y - w / 6)
    return path


def _marsh(s: float, seed: int, corners: Sequence[Point]) -> QPainterPath:
    path = QPainterPath()
    for (x, y), r in lattice(seed, 13, 0.28 * s, 0.25, corners):
        w, h = (0.14 + 0.06 * r) * s, 0.08 * s
        path.moveTo(x - w / 2, y)
        path.lineTo(x + w / 2, y)
        for dx, tall in ((-0.22, 0.6), (0.0, 1.0), (0.22, 0.6)):
            path.moveTo(x + dx * w, y)
            path.lineTo(x + dx * w * 1.5, y - h * tall)
    return path


def _hedges(s: float, seed: int, corners: Sequence[Point]) -> QPainterPath:
    """Bocage: small irregular fields bounded by hedges, one network over the whole map.

    Each hedge belongs to the hex holding its midpoint, so neighbouring hexes share one
    continuous network; a few hedges are left out so fields differ in size.
    """
    path = QPainterPath()
    step = 0.5 * s
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]

    def node(i: int, j: int) -> Point:
        return (i * step + (unit_random(seed, 14, i, j, 1) - 0.5) * 0.6 * step,
                j * step + (unit_random(seed, 14, i, j, 2) - 0.5) * 0.6 * step)

    for j in range(math.floor(min(ys) / step) - 1, math.ceil(max(ys) / step) + 2):
        for i in range(math.floor(min(xs) / step) - 1, math.ceil(max(xs) / step) + 2):
            p = node(i, j)
            for k, (di, dj) in enumerate(((1, 0), (0, 1))):
                if unit_random(seed, 14, i, j, 5 + k) < 0.25:
                    continue
                q = node(i + di, j + dj)
                if _inside(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), corners):
                    path.moveTo(*p)
                    path.lineTo(*q)
    return path


def _buildings(s: float, seed: int, corners: Sequence[Point]) -> QPainterPath:
    path = QPainterPath()
    for (x, y), r in lattice(seed, 15, 0.2 * s, 0.2, corners):
        if r < 0.3:
            continue
        w, h = (0.07 + 0.05 * r) * s, (0.05 + 0.03 * r) * s
        path.addRect(QRectF(x - w / 2, y - h / 2, w, h))
    return path


def _stipple(s: float, seed: int, corners: Sequence[Point]) -> QPainterPath:
    path = QPainterPath()
    for (x, y), r in lattice(seed, 16, 0.13 * s, 0.45, corners):
        rad = (0.012 + 0.01 * r) * s
        path.addEllipse(QPointF(x, y), rad, rad)
    return path


BUILDERS = {"trees": _trees, "hills": _rocks, "marsh": _marsh, "hatch": _hedges, "urban": _buildings,
            "dots": _stipple}
NETWORKS = frozenset({"hatch"})
"""Fields drawn as one network over the map (hedges must join across hexes); the others are
scattered symbols, stamped hex by hex from a few pre-drawn variants."""
VARIANTS = 6
STAMP_REACH = 1.25
"""Half the side of a stamp, in hex sizes: the hex and the symbols that overhang it."""
MAX_CACHED = 50_000


class Texture:
    """One pattern's symbol field for one terrain colour at one hex size.

    Scattered symbols (tree crowns, rocks, reeds, buildings, stipple) are drawn once per
    variant into an image at the painter's resolution and stamped on each hex (a hex picks
    its variant from the seed), which is what keeps a repaint within the frame budget;
    hedges are one vector network over the whole map, built hex by hex and cached.
    """

    def __init__(self, pattern: str, color: QColor, s: float, seed: int):
        self.pattern = pattern
        self.size = s
        self.seed = seed
        self.builder = BUILDERS.get(pattern)
        self._paths: dict[int, QPainterPath] = {}
        self._stamps: dict[tuple[int, float], QImage] = {}
        thin = max(0.018 * s, 0.4)
        round_pen = (Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        self.brush: QBrush | Qt.BrushStyle = Qt.BrushStyle.NoBrush
        if pattern == "trees":
            self.brush = QBrush(color.darker(112))
            self.pen = QPen(color.darker(150), thin)
        elif pattern == "hills":
            self.pen = QPen(color.darker(190), max(0.028 * s, 0.4), *round_pen)
        elif pattern == "marsh":
            self.pen = QPen(QColor("#3f7f9a"), max(0.024 * s, 0.4), *round_pen)
        elif pattern == "hatch":
            self.pen = QPen(QColor("#8aa862"), max(0.025 * s, 0.5), *round_pen)
        elif pattern == "urban":
            self.brush = QBrush(QColor("#5a4a42"))
            self.pen = QPen(Qt.PenStyle.NoPen)
        else:
            self.brush = QBrush(color.darker(150))
            self.pen = QPen(Qt.PenStyle.NoPen)

    def path(self, index: int, corners: Sequence[Point]) -> QPainterPath:
        """The network of hex ``index`` with ``corners`` (map pixels), cached."""
        hit = self._paths.get(index)
        if hit is None:
            if len(self._paths) > MAX_CACHED:
                self._paths.clear()
            hit = self._paths[index] = self.builder(self.size, self.seed, corners) if self.builder else QPainterPath()
        return hit

    def local_path(self, variant: int, corners: Sequence[Point]) -> QPainterPath:
        """Variant ``variant`` of the field around the origin (``corners`` relative to the centre)."""
        if self.builder is None:
            return QPainterPath()
        return self.builder(self.size, hash_ints(self.seed, variant) & 0xFFFFFFFF, corners)

    def stamp(self, variant: int, scale: float, corners: Sequence[Point]) -> QImage:
        key = (variant, round(scale, 3))
        hit = self._stamps.get(key)
        if hit is None:
            if len(self._stamps) > 8 * VARIANTS:
                self._stamps.clear()
            reach = STAMP_REACH * self.size
            side = max(1, math.ceil(2 * reach * scale))
            hit = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
            hit.fill(Qt.GlobalColor.transparent)
            p = QPainter(hit)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            p.scale(side / (2 * reach), side / (2 * reach))
            p.translate(reach, reach)
            p.setPen(self.pen)
            p.setBrush(self.brush)
            p.drawPath(self.local_path(variant, corners))
            p.end()
            self._stamps[key] = hit
        return hit

    def paint(self, painter: QPainter, index: int, corners: Sequence[Point], center: Point, scale: float) -> None:
        """The field of hex ``index`` (``corners`` in map pixels, ``scale`` screen pixels per map pixel)."""
        if self.builder is None:
            return
        if self.pattern in NETWORKS:
            painter.setPen(self.pen)
            painter.setBrush(self.brush)
            painter.drawPath(self.path(index, corners))
            return
        cx, cy = center
        local = [(x - cx, y - cy) for x, y in corners]
        variant = int(unit_random(self.seed, index, 77) * VARIANTS)
        reach = STAMP_REACH * self.size
        painter.drawImage(QRectF(cx - reach, cy - reach, 2 * reach, 2 * reach), self.stamp(variant, scale, local))


# -- towns and forts --------------------------------------------------------------------

TOWN_SIZE = {"village": (4, 0.2), "town": (9, 0.3), "city": (16, 0.42), "major_city": (26, 0.55)}
BUILT_UP = QColor("#e2cfc0")
BUILDING = QColor("#6b3428")


def paint_town(painter: QPainter, kind: str, x: float, y: float, s: float, seed: int, index: int) -> None:
    """A cluster of buildings on a built-up area, along a street grid turned by the seed."""
    count, radius = TOWN_SIZE[kind]
    radius *= s
    angle = unit_random(seed, index, 91) * 40 - 20
    painter.save()
    painter.translate(x, y)
    painter.rotate(angle)
    area = QPainterPath()
    area.addRoundedRect(QRectF(-radius, -radius * 0.8, 2 * radius, 1.6 * radius), radius * 0.5, radius * 0.5)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(BUILT_UP)
    painter.drawPath(area)
    painter.setPen(QPen(BUILDING.darker(150), max(0.01 * s, 0.3)))
    painter.setBrush(BUILDING)
    placed = 0
    k = 0
    while placed < count and k < count * 6:
        k += 1
        px = (unit_random(seed, index, k, 1) * 2 - 1) * radius * 0.85
        py = (unit_random(seed, index, k, 2) * 2 - 1) * radius * 0.65
        if (px / radius) ** 2 + (py / (0.8 * radius)) ** 2 > 0.8:
            continue
        w = (0.06 + 0.05 * unit_random(seed, index, k, 3)) * s
        h = (0.045 + 0.03 * unit_random(seed, index, k, 4)) * s
        painter.drawRect(QRectF(px - w / 2, py - h / 2, w, h))
        placed += 1
    painter.restore()


def paint_star_fort(painter: QPainter, x: float, y: float, s: float) -> None:
    """A bastioned trace (the printed symbol of a fortress)."""
    pts = []
    r_out, r_in = 0.26 * s, 0.16 * s
    for k in range(10):
        r = r_out if k % 2 == 0 else r_in
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(QPointF(x + r * math.cos(a), y + r * math.sin(a)))
    painter.setPen(QPen(QColor("#2b2b2b"), max(0.035 * s, 0.5), Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap, Qt.PenJoinStyle.MiterJoin))
    painter.setBrush(QColor(235, 228, 210, 200))
    painter.drawPolygon(QPolygonF(pts))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor("#2b2b2b"), max(0.015 * s, 0.3)))
    painter.drawPolygon(QTransform().translate(x, y).scale(0.6, 0.6).translate(-x, -y).map(QPolygonF(pts)))
